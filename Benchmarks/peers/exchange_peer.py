#!/usr/bin/env python3
"""Peer for `squarestock-bench exchange`: decodes the same Kraken Trades / Depth bodies into exact
decimals the usual Python way, `json.loads(body, parse_float=Decimal)` plus `Decimal(...)` of every
price and size string, and prints `rows=N bytes=B seconds=S us_per_body=U` (best of RUNS, each
RUNS x REPS decodes; file read excluded)."""
import json
import sys
import time
from decimal import Decimal


def trades(body):
    result = json.loads(body, parse_float=Decimal)["result"]
    rows = next(v for k, v in result.items() if k != "last")
    out = [(Decimal(r[0]), Decimal(r[1]), r[2], r[3]) for r in rows]
    out.reverse()  # newest first, as squarestock returns them
    return len(out)


def depth(body):
    book = next(iter(json.loads(body, parse_float=Decimal)["result"].values()))
    bids = [(Decimal(p), Decimal(v), t) for p, v, t in book["bids"]]
    asks = [(Decimal(p), Decimal(v), t) for p, v, t in book["asks"]]
    return len(bids) + len(asks)


def main():
    kind, path = sys.argv[1], sys.argv[2]
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    body = open(path, "rb").read()
    f = trades if kind == "trades" else depth
    best = float("inf")
    rows = 0
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(reps):
            rows = f(body)
        best = min(best, (time.perf_counter() - start) / reps)
    print(f"rows={rows} bytes={len(body)} seconds={best:.6f} us_per_body={best * 1e6:.1f} what=python-{kind}")


main()
