#!/usr/bin/env python3
"""Peer for `squarestock-bench portfolio`: `hledger -f JOURNAL balance` over the exported journal,
timed (wall clock, one run: the whole report, holdings and gains), then, untimed, the year's
realized gains for the agreement check; prints `seconds=S holdings=N cash_usd=C realized_YEAR=R`."""
import csv
import io
import subprocess
import sys
import time


def main():
    journal, year = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "2025"
    start = time.perf_counter()
    out = subprocess.run(["hledger", "-f", journal, "balance", "-N", "-O", "csv", "--layout=bare"],
                         check=True, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    holdings, cash = 0, "0"
    for row in csv.reader(io.StringIO(out)):
        if row[0].startswith("assets:stocks:") and row[2] not in ("0", ""):
            holdings += 1
        if row[0] == "assets:cash:USD":
            cash = row[2]
    year_out = subprocess.run(["hledger", "-f", journal, "balance", "-b", f"{year}-01-01", "-e", f"{int(year) + 1}-01-01",
                               "^income:realized-gains$", "-N", "-O", "csv", "--layout=bare"],
                              check=True, capture_output=True, text=True).stdout
    realized = "0"
    for row in csv.reader(io.StringIO(year_out)):
        if row[0] == "income:realized-gains":
            realized = row[2].lstrip("-") if row[2].startswith("-") else "-" + row[2]
    print(f"seconds={seconds:.4f} holdings={holdings} cash_usd={cash} realized_{year}={realized} what=hledger-balance")


main()
