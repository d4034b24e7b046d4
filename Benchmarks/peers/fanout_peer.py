#!/usr/bin/env python3
"""Fan-out peer: one request, then N requests through a ThreadPoolExecutor (default workers, as
a typical script would), alternated --runs times. Prints one_ms, batch_ms, ratio."""
import argparse
import concurrent.futures
import statistics
import time
import urllib.request


def get(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.read()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--url", required=True)
    p.add_argument("--count", type=int, default=50)
    p.add_argument("--runs", type=int, default=5)
    a = p.parse_args()
    ones, batches = [], []
    for r in range(a.runs):
        t0 = time.perf_counter()
        get(f"{a.url}?s=ONE{r}")
        ones.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor() as pool:
            list(pool.map(get, [f"{a.url}?s=SYM{i}R{r}" for i in range(a.count)]))
        batches.append(time.perf_counter() - t0)
    one, many = statistics.median(ones), statistics.median(batches)
    print(f"one_ms={one*1000:.1f} batch_ms={many*1000:.1f} count={a.count} ratio={many/one:.2f}")


if __name__ == "__main__":
    main()
