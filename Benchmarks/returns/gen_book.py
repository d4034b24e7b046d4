#!/usr/bin/env python3
"""Seeded data for Benchmarks/returns.sh: a book of HOLDINGS symbols over YEARS years of weekday
closes (a random walk in cents), one deposit, a purchase of each symbol in the first year, a
sale of a tenth of the holdings and a dividend of every twentieth symbol each quarter, and a
withdrawal each year. Writes trades.csv (squarestock's import layout) and closes.csv
(symbol,date,close) into OUT."""
import datetime
import os
import random
import sys

out, holdings, years = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(30)
start = datetime.date(2016, 1, 4)
days = [start + datetime.timedelta(d) for d in range(years * 365 + years // 4)]
days = [d for d in days if d.weekday() < 5]
symbols = [f"S{i:03d}" for i in range(holdings)]
os.makedirs(out, exist_ok=True)
price = {}
with open(os.path.join(out, "closes.csv"), "w") as f:
    f.write("symbol,date,close\n")
    for s in symbols:
        cents = rng.randint(1000, 50000)
        for d in days:
            cents = max(100, cents + rng.randint(-cents // 50, cents // 48))
            price[(s, d)] = cents
            f.write(f"{s},{d},{cents // 100}.{cents % 100:02d}\n")
with open(os.path.join(out, "trades.csv"), "w") as f:
    f.write("date,kind,symbol,quantity,price,fee,currency,amount,withheld\n")
    f.write(f"{days[0]},deposit,,,,,USD,{holdings * 20000}.00,\n")
    held = {}
    for i, s in enumerate(symbols):
        d = days[(i * 250) // holdings]
        q = rng.randint(10, 100)
        held[s] = q
        c = price[(s, d)]
        f.write(f"{d},buy,{s},{q},{c // 100}.{c % 100:02d},1.00,USD,,\n")
    for k, d in enumerate(days[260::63]):
        for s in symbols[k % 10 :: 10]:
            q = held[s] // 10
            if q > 0:
                held[s] -= q
                c = price[(s, d)]
                f.write(f"{d},sell,{s},{q},{c // 100}.{c % 100:02d},1.00,USD,,\n")
        for s in symbols[k % 20 :: 20]:
            f.write(f"{d},dividend,{s},,,,USD,{held[s]}.50,0.15\n")
    for d in days[250::252]:
        f.write(f"{d},withdraw,,,,,USD,1000.00,\n")
