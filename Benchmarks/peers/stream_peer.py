#!/usr/bin/env python3
"""Peer for `squarestock-bench stream`: each frame through `json.loads` and merged into a dict of
the latest message per symbol (Coinbase: by product_id; Yahoo: the envelope only, its protobuf is
not decoded), best of RUNS; prints `rows=N seconds=S msgs_per_s=M`."""
import json
import sys
import time


def main():
    kind, path = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    frames = open(path, "rb").read().split(b"\n")
    frames = [f for f in frames if f]
    best = float("inf")
    for _ in range(runs):
        latest = {}
        start = time.perf_counter()
        for f in frames:
            m = json.loads(f)
            key = m.get("product_id") if kind == "coinbase" else m.get("type")
            latest.setdefault(key, {}).update(m)
        best = min(best, time.perf_counter() - start)
    print(f"rows={len(frames)} seconds={best:.6f} msgs_per_s={len(frames) / best:.0f} what=python-{kind}")


main()
