#!/usr/bin/env python3
"""The product's fan-out through the real binary: `squarestock QUOTE...` against
Benchmarks/peers/service_server.py (which adds --delay to every request and counts them), one
known symbol against 50 symbols (1 known and 49 unknown; all 50 known), per source, alternated
--runs times. Yahoo's session is made once beforehand (a cached session is the usual case).
Prints one line per case: KEY<TAB>ms=MEDIAN requests=N, KEY = fanout.product.SOURCE.CASE, and
the one-shot quote's request counts for 10, 100 and 500 symbols (1 in 5 unknown)."""
import argparse
import os
import statistics
import subprocess
import tempfile
import time
import urllib.request


def served(url):
    with urllib.request.urlopen(url + "/__count") as r:
        return int(r.read())


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--url", required=True)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--sources", default="yahoo,stooq")
    a = p.parse_args()
    home = tempfile.mkdtemp(prefix="squarestock-fanout-")
    os.chmod(home, 0o700)
    env = dict(os.environ)
    env.update({
        "HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_STATE_HOME": home + "/state",
        "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config",
        "SQUARESTOCK_ENDPOINT": a.url, "ALPHAVANTAGE_API_KEY": "bench", "NO_COLOR": "1",
    })
    env.pop("STOOQ_API_KEY", None)

    def run(source, symbols):
        before = served(a.url)
        t0 = time.perf_counter()
        r = subprocess.run([a.bin, *symbols, "--source", source, "--format", "json"], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        ms = (time.perf_counter() - t0) * 1000
        if r.returncode not in (0, 1):
            raise SystemExit(f"squarestock {source} failed ({r.returncode}): {r.stderr.decode()[-400:]}")
        return ms, served(a.url) - before

    cases = {
        "one": ["K1"],
        "fifty_mixed": ["K1"] + [f"U{i}" for i in range(2, 51)],
        "fifty_known": [f"K{i}" for i in range(1, 51)],
    }
    for source in a.sources.split(","):
        run(source, ["K1"])  # makes Yahoo's session (and warms the page cache)
        times = {c: [] for c in cases}
        counts = {}
        for _ in range(a.runs):
            for c, symbols in cases.items():
                ms, n = run(source, symbols)
                times[c].append(ms)
                counts[c] = n
        for c in cases:
            print(f"fanout.product.{source}.{c}\tms={statistics.median(times[c]):.1f} requests={counts[c]}")
        for n in (10, 100, 500):
            symbols = [f"U{i}" if i % 5 == 0 else f"K{i}" for i in range(1, n + 1)]
            _, count = run(source, symbols)
            print(f"fanout.quote.{source}.{n}\trequests={count}")


if __name__ == "__main__":
    main()
