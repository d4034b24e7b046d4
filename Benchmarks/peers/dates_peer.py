#!/usr/bin/env python3
"""Dates peers: `yyyy-MM-dd HH:mm:ss` wall clocks (one a minute from 2000-01-01) to UTC in a
named zone. polars: vectorised str.to_datetime + replace_time_zone; strptime: datetime.strptime +
zoneinfo per value (fold=0: the earlier instant). Prints values=N seconds=S per_second=X."""
import argparse
import datetime
import statistics
import time
import zoneinfo


def strings(n):
    start = datetime.datetime(2000, 1, 1)
    step = datetime.timedelta(minutes=1)
    return [(start + i * step).strftime("%Y-%m-%d %H:%M:%S") for i in range(n)]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("lib", choices=["polars", "strptime"])
    p.add_argument("--count", type=int, default=None)
    p.add_argument("--zone", default="Europe/Warsaw")
    p.add_argument("--reps", type=int, default=3)
    a = p.parse_args()
    n = a.count or (5_000_000 if a.lib == "polars" else 200_000)
    data = strings(n)
    times = []
    if a.lib == "polars":
        import polars as pl
        s = pl.Series("t", data)
        for _ in range(a.reps):
            t0 = time.perf_counter()
            out = (s.str.to_datetime("%Y-%m-%d %H:%M:%S")
                   .dt.replace_time_zone(a.zone, ambiguous="earliest", non_existent="null")
                   .dt.convert_time_zone("UTC"))
            times.append(time.perf_counter() - t0)
        check = out[0]
    else:
        tz = zoneinfo.ZoneInfo(a.zone)
        utc = datetime.timezone.utc
        for _ in range(a.reps):
            t0 = time.perf_counter()
            out = [datetime.datetime.strptime(x, "%Y-%m-%d %H:%M:%S").replace(tzinfo=tz).astimezone(utc) for x in data]
            times.append(time.perf_counter() - t0)
        check = out[0]
    m = statistics.median(times)
    print(f"values={n} seconds={m:.6f} per_second={n / m:.0f} first={str(check).replace(' ', 'T')}")


if __name__ == "__main__":
    main()
