#!/usr/bin/env python3
"""Turns compare.sh's results.tsv (KEY<TAB>key=value ...) into one markdown table of medians with
our ratio to each peer, then the issue's targets and whether this run met them."""
import argparse
import datetime
import statistics


def parse(path):
    runs = {}
    for line in open(path):
        key, _, rest = line.rstrip("\n").partition("\t")
        fields = dict(kv.split("=", 1) for kv in rest.split() if "=" in kv)
        if rest == "SKIPPED":
            fields = {"skipped": "1"}
        runs.setdefault(key, []).append(fields)
    return runs


def med(runs, key, field):
    vals = [float(r[field]) for r in runs.get(key, []) if field in r]
    return statistics.median(vals) if vals else None


def last(runs, key, field):
    vals = [r[field] for r in runs.get(key, []) if field in r]
    return vals[-1] if vals else None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("results")
    p.add_argument("--machine", default="")
    p.add_argument("--load", default="")
    p.add_argument("--files", default="")
    p.add_argument("--elapsed", default="")
    a = p.parse_args()
    R = parse(a.results)
    rows = []

    def row(group, tool, value, unit, ours=None, higher_is_better=True, note="", n=None):
        if value is None:
            rows.append((group, tool, "n/a", unit, "", note))
            return
        ratio = ""
        if ours is not None and value:
            r = ours / value if higher_is_better else value / ours
            ratio = f"{r:.2f}x"
        shown = f"{value:,.1f}" if value < 1e5 else f"{value:,.0f}"
        rows.append((group, tool, shown, unit, ratio, note))

    # Typed CSV
    g = "typed CSV, intraday 1.5M rows (MB/s)"
    ours = med(R, "csv.ours.lf", "MBps")
    row(g, "**squarestock** `csv --typed` LF (StooqHistoryDecoder)", ours, "MB/s", None, note="the product's bars: exact decimals, UTC via Europe/Warsaw, sessions, 1 thread")
    row(g, "squarestock `csv --typed` CRLF+BOM", med(R, "csv.ours.crlf", "MBps"), "MB/s", ours)
    if "csv.ours.whole" in R:
        row(g, "squarestock `csv --typed --whole` LF (body read before the clock)", med(R, "csv.ours.whole", "MBps"), "MB/s", ours)
    if "csv.before.lf" in R:
        row(g, "squarestock before (BEFORE_BENCH) `csv --typed` LF", med(R, "csv.before.lf", "MBps"), "MB/s", ours, note="body read before the clock")
        row(g, "squarestock before (BEFORE_BENCH) `csv --typed` CRLF+BOM", med(R, "csv.before.crlf", "MBps"), "MB/s", ours)
    row(g, "pandas (to_datetime + tz_localize)", med(R, "csv.pandas", "MBps"), "MB/s", ours, note="float prices")
    row(g, "polars (str.to_datetime + replace_time_zone)", med(R, "csv.polars", "MBps"), "MB/s", ours, note="float prices, multi-threaded")
    row(g, "pyarrow (strptime + assume_timezone)", med(R, "csv.pyarrow", "MBps"), "MB/s", ours, note="float prices, multi-threaded")
    row(g, "duckdb (read_csv + DECIMAL + timezone)", med(R, "csv.duckdb", "MBps"), "MB/s", ours, note="exact decimals, multi-threaded")
    row(g, "SwiftCSV 0.10.0 (fields only)", med(R, "csv.swiftcsv", "MBps"), "MB/s", ours, note="first 150k rows, no conversion")
    row(g, "CSV.swift 2.5.2 (fields only)", med(R, "csv.csvswift", "MBps"), "MB/s", ours, note="first 150k rows, no conversion")
    row(g, "squarestock `csv --parse-only` (TolerantCSVReader)", med(R, "csv.ours.fields", "MBps"), "MB/s", ours, note="fields only")
    row(g, "squarestock `csv --slow` (the same, general row path only)", med(R, "csv.ours.slow", "MBps"), "MB/s", ours, note="what irregular rows take")
    row(g, "read + memchr newline scan (floor)", med(R, "csv.scan", "MBps"), "MB/s", ours)

    g = "legacy Yahoo quote lines, 1M (MB/s)"
    oy = med(R, "yahoo.ours", "MBps")
    row(g, "**squarestock** `yahoo --typed`", oy, "MB/s", None, note="YahooCSVStockReader.readStocks (the product path)")
    if "yahoo.before" in R:
        row(g, "squarestock before (BEFORE_BENCH) `yahoo --typed`", med(R, "yahoo.before", "MBps"), "MB/s", oy)
    row(g, "pandas", med(R, "yahoo.pandas", "MBps"), "MB/s", oy)
    row(g, "polars", med(R, "yahoo.polars", "MBps"), "MB/s", oy)

    g = "dates: wall clock to UTC, Europe/Warsaw (values/s)"
    od = med(R, "dates.ours", "per_second")
    row(g, "**squarestock** WallClockConverter.convert (in cache)", od, "/s", None,
        note=f"20M minutes 2000-2038 in 64Ki slices, mismatches {int(med(R, 'dates.ours', 'mismatches') or 0)}, ICU lookups {int(med(R, 'dates.ours', 'icu_interval_lookups') or 0)}")
    row(g, "squarestock convert, one 160 MB array (streaming)", med(R, "dates.ours.stream", "per_second"), "/s", od)
    row(g, "squarestock from text (isoDateTime + converter)", med(R, "dates.ours.text", "per_second"), "/s", od)
    row(g, "polars vectorised (from text)", med(R, "dates.polars", "per_second"), "/s", od, note="multi-threaded")
    row(g, "Python strptime + zoneinfo", med(R, "dates.strptime", "per_second"), "/s", od)
    row(g, "Foundation DateFormatter", med(R, "dates.foundation", "per_second"), "/s", od)

    g = "one-shot `squarestock AAPL --source samples --format json`"
    oo = med(R, "oneshot.ours", "median_ms")
    row(g, "**squarestock** whole process (hyperfine median)", oo, "ms", None)
    if "oneshot.static" in R:
        row(g, "squarestock built with --static-swift-stdlib", med(R, "oneshot.static", "median_ms"), "ms", oo, higher_is_better=False)
    row(g, "Swift hello world with Foundation", med(R, "oneshot.hello", "median_ms"), "ms", oo, higher_is_better=False)
    row(g, "python3 -c pass", med(R, "oneshot.python", "median_ms"), "ms", oo, higher_is_better=False)
    rss_ours = med(R, "oneshot.rss.ours", "max_rss_kib")
    rss_hello = med(R, "oneshot.rss.hello", "max_rss_kib")
    row(g, "**squarestock** peak RSS", rss_ours and rss_ours / 1024, "MiB", None)
    rss_static = med(R, "oneshot.rss.static", "max_rss_kib")
    if rss_static:
        row(g, "squarestock --static-swift-stdlib peak RSS", rss_static / 1024, "MiB", rss_ours / 1024, higher_is_better=False)
    row(g, "Swift hello world peak RSS", rss_hello and rss_hello / 1024, "MiB", rss_ours and rss_ours / 1024, higher_is_better=False)

    g = "fan-out: 50 requests, loopback +50 ms each (ms)"
    one = med(R, "fanout.ours", "one_ms")
    ob = med(R, "fanout.ours", "batch_ms")
    def fan(tool, key, note=""):
        b = med(R, key, "batch_ms")
        extra = f"{b / one:.2f} x one request" if (b and one) else ""
        row(g, tool, b, "ms", ob, higher_is_better=False, note=(extra + ("; " + note if note else "")))
    fan("**squarestock** CurlTransport (defaults: 16 in flight, 8 per host)", "fanout.ours")
    fan("squarestock CurlTransport, maxConcurrent = maxHostConnections = 50", "fanout.ours.wide")
    fan("curl --parallel --parallel-immediate", "fanout.curlparallel")
    fan("Python ThreadPoolExecutor (default workers)", "fanout.pythonpool")
    fan("sequential curl", "fanout.curlsequential")
    row(g, "one request (CurlTransport, same run)", one, "ms", None)

    g = "fan-out through the product: `squarestock` quote, loopback +50 ms each (ms)"
    for source in ("yahoo", "stooq"):
        first = med(R, f"fanout.product.{source}.one", "ms")
        for case, label in (("one", "1 known symbol"), ("fifty_mixed", "50 symbols, 49 unknown"), ("fifty_known", "50 symbols, all known")):
            v = med(R, f"fanout.product.{source}.{case}", "ms")
            n = last(R, f"fanout.product.{source}.{case}", "requests")
            note = (f"{v / first:.2f} x one symbol; " if (v and first and case != "one") else "") + (f"{n} requests" if n else "")
            row(g, f"**squarestock** --source {source}, {label}", v, "ms", None, note=note)

    g = "rendering the 9 samples (µs per render)"
    row(g, "**squarestock** table with sparklines", med(R, "render.ours", "table_us"), "µs", None)
    row(g, "**squarestock** JSON", med(R, "render.ours", "json_us"), "µs", None)
    g = "search (shipped directory, 11,852 listings)"
    row(g, "**squarestock** load from the text files", med(R, "search.ours", "load_text_ms"), "ms", None)
    row(g, "**squarestock** load from the cached snapshot", med(R, "search.ours", "load_snapshot_ms"), "ms", None, note="target < 5 ms")
    row(g, "**squarestock** query p50", med(R, "search.ours", "query_p50_ms"), "ms", None, note="target < 0.2 ms")
    row(g, "**squarestock** query p99", med(R, "search.ours", "query_p99_ms"), "ms", None, note="target < 1 ms; peers: Benchmarks/search/compare-search.sh")
    g = "market status of every exchange"
    row(g, "**squarestock** MarketBoard.statusOfAll", med(R, "market.ours", "median_us"), "µs", None, note="target < 50 µs")

    g = "exchange bodies into exact decimals (µs per body)"
    et = med(R, "exchange.trades.ours", "us_per_body")
    ed = med(R, "exchange.depth.ours", "us_per_body")
    row(g, "**squarestock** KrakenTradesDecoder, 1,000 trades", et, "µs", None, note="JSONCursor, newest first")
    row(g, "Python json + Decimal, the same trades", med(R, "exchange.trades.python", "us_per_body"), "µs", et, higher_is_better=False)
    row(g, "**squarestock** KrakenDepthDecoder, 500 levels a side", ed, "µs", None)
    row(g, "Python json + Decimal, the same book", med(R, "exchange.depth.python", "us_per_body"), "µs", ed, higher_is_better=False)

    g = "stream frames decoded and merged (messages per second)"
    sc = med(R, "stream.coinbase.ours", "msgs_per_s")
    sy = med(R, "stream.yahoo.ours", "msgs_per_s")
    row(g, "**squarestock** Coinbase ticker (CoinbaseStreamFeed)", sc, "msg/s", None)
    row(g, "Python json + dict merge, the same frames", med(R, "stream.coinbase.python", "msgs_per_s"), "msg/s", sc)
    row(g, "**squarestock** Yahoo pricing (YahooStreamFeed: base64 + protobuf)", sy, "msg/s", None)
    row(g, "Python json + dict merge, the same frames (envelope only)", med(R, "stream.yahoo.python", "msgs_per_s"), "msg/s", sy)

    g = "status line from a warm cache (whole process)"
    lo = med(R, "line.line", "median_ms")
    row(g, "**squarestock** line AAPL BTC-USD 7203.T", lo, "ms", None, note="static build when STATIC_ONESHOT=1")
    row(g, "Swift hello world with Foundation", med(R, "line.hello", "median_ms"), "ms", lo, higher_is_better=False)

    g = "portfolio: holdings + a year's realized gains, 100,000 entries (seconds)"
    po = med(R, "portfolio.ours", "seconds")
    row(g, "**squarestock** PortfolioStore + PortfolioBook (FIFO)", po, "s", None)
    row(g, "hledger balance, the same journal exported", med(R, "portfolio.hledger", "seconds"), "s", po, higher_is_better=False)

    print(f"### Run {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}")
    print()
    print(f"- machine: {a.machine}; load average at the end: {a.load}")
    print(f"- command: `Benchmarks/compare.sh` (wall-clock medians; compare.sh ran {a.elapsed} s)")
    print(f"- files: {a.files}")
    print()
    print("| benchmark | tool | median | unit | squarestock vs this | note |")
    print("|---|---|---:|---|---:|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print()
    print("Ratios: above 1 means squarestock is faster (or smaller).")
    print()

    # Targets
    def verdict(ok):
        return "met" if ok else "**NOT met**"
    crlf = med(R, "csv.ours.crlf", "MBps")
    peak = med(R, "csv.ours.lf", "peak_over_file")
    growth = med(R, "csv.ours.lf", "growth_over_file")
    cpu = med(R, "csv.ours.lf", "cpu_seconds")
    size = None
    for part in a.files.split():
        if part.split("=")[0].endswith("intraday-lf.csv"):
            size = float(part.split("=")[1])
    mism = med(R, "dates.ours", "mismatches")
    wide = med(R, "fanout.ours.wide", "batch_ms")
    print("| target | this run | verdict |")
    print("|---|---|---|")
    if ours:
        cpu_rate = f"; {size / cpu / 1e6:,.0f} MB/s of CPU time" if (size and cpu) else ""
        print(f"| typed CSV >= 1 GB/s, 1 thread | {ours:,.0f} MB/s wall{cpu_rate} | {verdict(ours >= 1000)} |")
    if ours and crlf:
        print(f"| CRLF+BOM within 10% of LF | {crlf / ours * 100:.0f}% of LF | {verdict(crlf >= 0.9 * ours)} |")
    if peak:
        print(f"| peak memory < 1.5 x file (issue 30) | {peak:.2f} x (whole process) | {verdict(peak < 1.5)} |")
    oyp = med(R, "yahoo.polars", "MBps")
    if oy and oyp:
        print(f"| legacy Yahoo lines >= 2 x polars (issue 30) | {oy / oyp:.2f} x | {verdict(oy >= 2 * oyp)} |")
    if peak:
        print(f"| peak memory <= 1.2 x file | {peak:.2f} x (whole process); growth over the process baseline {growth:.2f} x | {verdict(peak <= 1.2)} |")
    if od:
        print(f"| dates >= 100M/s, correct on every DST edge | {od / 1e6:,.0f}M/s, {int(mism or 0)} mismatches | {verdict(od >= 1e8 and not mism)} |")
    if oo and rss_ours:
        print(f"| one-shot < 20 ms and < 30 MiB | {oo:.1f} ms, {rss_ours / 1024:.1f} MiB | {verdict(oo < 20 and rss_ours / 1024 < 30)} |")
        so = med(R, "oneshot.static", "median_ms")
        if so and rss_static:
            print(f"| the same, built with --static-swift-stdlib | {so:.1f} ms, {rss_static / 1024:.1f} MiB | {verdict(so < 20 and rss_static / 1024 < 30)} |")
    pt = med(R, "exchange.trades.python", "us_per_body")
    pd = med(R, "exchange.depth.python", "us_per_body")
    if et and ed and pt and pd:
        print(f"| Kraken trades and book >= 5x Python json + Decimal | trades {pt / et:.1f}x, book {pd / ed:.1f}x | {verdict(pt / et >= 5 and pd / ed >= 5)} |")
    pc = med(R, "stream.coinbase.python", "msgs_per_s")
    py = med(R, "stream.yahoo.python", "msgs_per_s")
    if sc and sy and pc and py:
        print(f"| stream frames >= 1M msg/s and >= 5x Python | Coinbase {sc / 1e6:.2f}M/s {sc / pc:.1f}x, Yahoo {sy / 1e6:.2f}M/s {sy / py:.1f}x | {verdict(min(sc, sy) >= 1e6 and sc / pc >= 5 and sy / py >= 5)} |")
    if lo:
        print(f"| status line < 10 ms whole process, warm cache | {lo:.1f} ms | {verdict(lo < 10)} |")
    ph = med(R, "portfolio.hledger", "seconds")
    if po and ph:
        same = all(last(R, "portfolio.ours", k) == last(R, "portfolio.hledger", k) for k in ("holdings", "cash_usd", "realized_2025"))
        print(f"| portfolio >= 10x hledger balance, same figures | {ph / po:.1f}x, figures {'agree' if same else 'DIFFER'} | {verdict(ph / po >= 10 and same)} |")
    for source in ("yahoo", "stooq"):
        first = med(R, f"fanout.product.{source}.one", "ms")
        worst = max((med(R, f"fanout.product.{source}.{c}", "ms") or 0) for c in ("fifty_mixed", "fifty_known"))
        if first and worst:
            mixed = med(R, f"fanout.product.{source}.fifty_mixed", "ms")
            print(f"| quote of 50 symbols (any mix) within 1.5 x one symbol, --source {source} | {mixed / first:.2f} x (49 unknown), {worst / first:.2f} x (worst mix) | {verdict(worst / first <= 1.5)} |")
    if ob and one:
        print(f"| fan-out 50 < 1.25 x one request | {ob / one:.2f} x (defaults); {wide / one:.2f} x with 50 in flight and per host | {verdict(ob / one < 1.25)} |")

    refresh_table(R)


def refresh_table(R):
    """Requests per refresh (counts, not timings): watch's first and next refresh and a one-shot
    quote, per source and size, 1 in 5 symbols unknown to the service."""
    sources = [k.split(".")[1] for k in R if k.startswith("refresh.") and k.endswith(".10")]
    if not sources:
        return
    print()
    print("Requests per refresh (1 in 5 symbols unknown to the service; counted by the loopback server):")
    print()
    print("| source | symbols | watch: first refresh | watch: each next refresh | one-shot `quote` |")
    print("|---|---:|---:|---:|---:|")
    for source in sources:
        for n in (10, 100, 500):
            first = last(R, f"refresh.{source}.{n}", "first")
            nxt = last(R, f"refresh.{source}.{n}", "next")
            quote = last(R, f"fanout.quote.{source}.{n}", "requests")
            print(f"| {source} | {n} | {first or 'n/a'} | {nxt or 'n/a'} | {quote or 'n/a'} |")


if __name__ == "__main__":
    main()
