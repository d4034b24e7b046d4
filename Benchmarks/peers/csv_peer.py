#!/usr/bin/env python3
"""CSV peers for the typed-CSV benchmarks. Each run reads FILE with one library, turns the
timestamps into UTC instants through the named zone (DST gaps/overlaps resolved as squarestock
does where the library allows it: overlap -> earlier instant) and prices into numbers, and prints
`rows=N bytes=B seconds=S MBps=X` (time measured in-process, imports excluded).

Prices: pandas/polars/pyarrow read binary floats (their default); duckdb reads DECIMAL(18,6), the
only exact peer. squarestock keeps exact decimals."""
import argparse
import os
import sys
import time


def intraday(lib, path, zone):
    if lib == "pandas":
        import pandas as pd
        df = pd.read_csv(path, dtype={"Date": str, "Time": str})
        ts = pd.to_datetime(df["Date"] + " " + df["Time"], format="%Y-%m-%d %H:%M:%S")
        ts = ts.dt.tz_localize(zone, ambiguous=True, nonexistent="shift_forward").dt.tz_convert("UTC")
        return len(df), ts.iloc[0]
    if lib == "polars":
        import polars as pl
        df = pl.read_csv(path, schema_overrides={"Date": pl.Utf8, "Time": pl.Utf8})
        df = df.with_columns(
            (pl.col("Date") + " " + pl.col("Time")).str.to_datetime("%Y-%m-%d %H:%M:%S")
            .dt.replace_time_zone(zone, ambiguous="earliest", non_existent="null")
            .dt.convert_time_zone("UTC").alias("ts"))
        return df.height, df["ts"][0]
    if lib == "pyarrow":
        import pyarrow.csv as pacsv
        import pyarrow.compute as pc
        import pyarrow as pa
        t = pacsv.read_csv(path, convert_options=pacsv.ConvertOptions(column_types={"Date": pa.string(), "Time": pa.string()}))
        joined = pc.binary_join_element_wise(t["Date"], t["Time"], " ")
        local = pc.strptime(joined, format="%Y-%m-%d %H:%M:%S", unit="s")
        utc = pc.assume_timezone(local, timezone=zone, ambiguous="earliest", nonexistent="latest")
        return t.num_rows, utc[0]
    if lib == "duckdb":
        import duckdb
        con = duckdb.connect()
        con.execute(f"SET TimeZone='UTC'")
        q = f"""
            SELECT count(*), epoch(min(ts))::BIGINT FROM (
              SELECT timezone('{zone}', strptime(Date || ' ' || Time, '%Y-%m-%d %H:%M:%S')) AS ts,
                     Open::DECIMAL(18,6) o, High::DECIMAL(18,6) h, Low::DECIMAL(18,6) l, Close::DECIMAL(18,6) c,
                     Volume::DECIMAL(18,6) v
              FROM read_csv('{path}', header=true, all_varchar=true))"""
        n, first = con.execute(q).fetchone()
        return n, first
    raise SystemExit(f"unknown library {lib}")


def yahoo(lib, path, zone):
    names = ["s", "l1", "d1", "t1", "c1", "o", "h", "g", "v"]
    if lib == "pandas":
        import pandas as pd
        df = pd.read_csv(path, header=None, names=names, na_values=["N/A"], dtype={"s": str, "d1": str, "t1": str})
        ts = pd.to_datetime(df["d1"] + " " + df["t1"], format="%m/%d/%Y %I:%M%p", errors="coerce")
        ts = ts.dt.tz_localize(zone, ambiguous=True, nonexistent="shift_forward").dt.tz_convert("UTC")
        return len(df), ts.iloc[0]
    if lib == "polars":
        import polars as pl
        df = pl.read_csv(path, has_header=False, new_columns=names, null_values=["N/A"],
                         schema_overrides={"d1": pl.Utf8, "t1": pl.Utf8, "c1": pl.Float64})
        df = df.with_columns(
            (pl.col("d1") + " " + pl.col("t1")).str.to_datetime("%m/%d/%Y %I:%M%p", strict=False)
            .dt.replace_time_zone(zone, ambiguous="earliest", non_existent="null")
            .dt.convert_time_zone("UTC").alias("ts"))
        return df.height, df["ts"][0]
    raise SystemExit(f"unknown library {lib}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("kind", choices=["intraday", "yahoo"])
    p.add_argument("lib")
    p.add_argument("file")
    p.add_argument("--zone", default=None)
    a = p.parse_args()
    zone = a.zone or ("Europe/Warsaw" if a.kind == "intraday" else "America/New_York")
    # Import outside the timed part.
    __import__({"pandas": "pandas", "polars": "polars", "pyarrow": "pyarrow.csv", "duckdb": "duckdb"}[a.lib])
    size = os.path.getsize(a.file)
    t0 = time.perf_counter()
    rows, first = (intraday if a.kind == "intraday" else yahoo)(a.lib, a.file, zone)
    s = time.perf_counter() - t0
    print(f"rows={rows} bytes={size} seconds={s:.6f} MBps={size / s / 1e6:.1f} first={str(first).replace(' ', 'T')}")


if __name__ == "__main__":
    main()
