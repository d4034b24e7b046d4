#!/usr/bin/env python3
"""The same-run peer of Benchmarks/returns.sh: the portfolio's daily value and time-weighted
return computed with pandas from the same trades and closes (positions by day from the trades,
closes carried forward, cash from the trades, flows = deposits - withdrawals, growth =
(V_d - F_d) / V_(d-1), chained), binary floats as pandas does. Prints the seconds of the compute
(reading both CSVs included, imports excluded) and the return, so it can be compared with ours."""
import sys
import time

import numpy as np
import pandas as pd

folder = sys.argv[1]
t0 = time.perf_counter()
closes = pd.read_csv(folder + "/closes.csv", parse_dates=["date"])
trades = pd.read_csv(folder + "/trades.csv", parse_dates=["date"])
px = closes.pivot(index="date", columns="symbol", values="close").sort_index().ffill()
qty_change = trades[trades.kind.isin(["buy", "sell"])].copy()
qty_change["q"] = np.where(qty_change.kind == "buy", qty_change.quantity, -qty_change.quantity)
pos = qty_change.pivot_table(index="date", columns="symbol", values="q", aggfunc="sum")
pos = pos.reindex(px.index).fillna(0).cumsum().reindex(columns=px.columns).fillna(0)
gross = trades.quantity.fillna(0) * trades.price.fillna(0)
cash_move = np.select(
    [trades.kind == "deposit", trades.kind == "withdraw", trades.kind == "buy", trades.kind == "sell",
     trades.kind == "dividend"],
    [trades.amount, -trades.amount, -(gross + trades.fee), gross - trades.fee, trades.amount - trades.withheld],
    0.0,
)
cash = pd.Series(cash_move, index=trades.date).groupby(level=0).sum().reindex(px.index).fillna(0).cumsum()
flows = pd.Series(
    np.select([trades.kind == "deposit", trades.kind == "withdraw"], [trades.amount, -trades.amount], 0.0),
    index=trades.date,
).groupby(level=0).sum().reindex(px.index).fillna(0)
value = (pos * px.fillna(0)).sum(axis=1) + cash
prev = value.shift(1).fillna(0)
growth = np.where(prev > 0, (value - flows) / prev.where(prev > 0, 1), np.where(flows > 0, value / flows.where(flows > 0, 1), 1.0))
twr = float(np.prod(growth) - 1)
t1 = time.perf_counter()
print(f"seconds={t1 - t0:.3f} twr={twr:.10f} days={len(value)} end={value.iloc[-1]:.2f}")
