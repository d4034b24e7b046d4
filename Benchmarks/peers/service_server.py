#!/usr/bin/env python3
"""Loopback HTTP/1.1 server for the product fan-out benchmark: answers what squarestock asks of
Yahoo (session, /v7 quote, /v7 spark, /v8 chart), Stooq (/q/l/, /q/d/l/), Yahoo's legacy CSV
(/d/quotes.csv) and Alpha Vantage (/query) in their wire shapes, after --delay seconds each, and
counts the requests it served so a benchmark can say how many a command or a refresh took.

A symbol is known when it starts with K (K1, k1.us); any other is unknown, and each service
answers it as it does: Yahoo leaves it out of quote and spark, Stooq answers N/D, Alpha Vantage
a header without a row. The bodies are built from the repository's recorded fixtures (one AAPL
row or spark entry, the symbol swapped in), so the decoders do their real work.

GET /__count answers the number of requests served so far (without delay, not counted);
GET /__reset sets it to zero. Binds 127.0.0.1 only; exits after --lifetime seconds. Prints the
port it listens on as its first line."""
import argparse
import asyncio
import json
import os
import urllib.parse

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures")


def fixture(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read()


QUOTE_ROW = next(r for r in json.loads(fixture("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_REGULAR_2025-10-28.json"))["quoteResponse"]["result"] if r["symbol"] == "AAPL")
SPARK_ENTRY = json.loads(fixture("yahoo-json/spark_AAPL_mid-session.json"))["spark"]["result"][0]
STOOQ_INTRADAY = fixture("stooq/SYNTHETIC_intraday_aapl.us_5m_2020-05-06.csv")
STOOQ_DAILY = fixture("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv")
AV_QUOTE = fixture("alphavantage/GLOBAL_QUOTE_DJIA.csv")
AV_INTRADAY = fixture("alphavantage/TIME_SERIES_INTRADAY_1min.csv")
COOKIE = fixture("yahoo-json/session/issue-quoted__fc.yahoo.com_Set-Cookie-A3_2025-06-09.txt").strip()


def known(symbol):
    return symbol[:1].upper() == "K"


def yahoo_row(symbol):
    row = dict(QUOTE_ROW)
    row["symbol"] = symbol
    return row


def spark_entry(symbol):
    entry = json.loads(json.dumps(SPARK_ENTRY))
    entry["symbol"] = symbol
    entry["response"][0]["meta"]["symbol"] = symbol
    return entry


def answer(path, query):
    """(status, headers, body) for one request."""
    q = urllib.parse.parse_qs(query, keep_blank_values=True)
    symbols = [s for s in q.get("symbols", [""])[0].split(",") if s]
    if path == "/":
        return 404, [("Set-Cookie", COOKIE.decode())], b"Not Found"
    if path == "/v1/test/getcrumb":
        return 200, [("Content-Type", "text/plain")], b"haT3oykhHqZ"
    if path == "/v7/finance/quote":
        body = {"quoteResponse": {"result": [yahoo_row(s) for s in symbols if known(s)], "error": None}}
        return 200, [("Content-Type", "application/json")], json.dumps(body).encode()
    if path == "/v7/finance/spark":
        body = {"spark": {"result": [spark_entry(s) for s in symbols if known(s)], "error": None}}
        return 200, [("Content-Type", "application/json")], json.dumps(body).encode()
    if path.startswith("/v8/finance/chart/"):
        symbol = urllib.parse.unquote(path.rsplit("/", 1)[1])
        if not known(symbol):
            err = {"chart": {"result": None, "error": {"code": "Not Found", "description": "No data found, symbol may be delisted"}}}
            return 404, [("Content-Type", "application/json")], json.dumps(err).encode()
        body = {"chart": {"result": [spark_entry(symbol)["response"][0]], "error": None}}
        return 200, [("Content-Type", "application/json")], json.dumps(body).encode()
    if path == "/q/l/":
        lines = ["Symbol,Date,Time,Open,High,Low,Close,Volume,Name"]
        for t in q.get("s", [""])[0].replace(" ", "+").split("+"):
            if not t:
                continue
            t = t.upper()
            lines.append(f"{t},2020-05-06,22:00:01,300.46,303.24,298.87,300.63,35583438,{t}" if known(t) else f"{t},N/D,N/D,N/D,N/D,N/D,N/D,N/D,{t}")
        return 200, [("Content-Type", "text/csv")], ("\r\n".join(lines) + "\r\n").encode()
    if path == "/q/d/l/":
        if not known(q.get("s", [""])[0]):
            return 200, [("Content-Type", "text/csv")], b"No data"
        return 200, [("Content-Type", "text/csv")], STOOQ_INTRADAY if q.get("i", [""])[0] == "5" else STOOQ_DAILY
    if path == "/d/quotes.csv":
        out = []
        for s in q.get("s", [""])[0].replace(" ", "+").split("+"):
            if s:
                # The standard f= codes: s n x c4 l1 d1 t1 c1 p2 o p h g v.
                out.append(f'"{s}","Name","NMS","USD",35.44,"9/9/2016","4:00pm",-0.66,"-1.83%",36.10,36.10,36.44,35.44,29457900' if known(s) else f'"{s}","N/A","N/A","N/A",N/A,"N/A","N/A",N/A,"N/A",N/A,N/A,N/A,N/A,N/A')
        return 200, [("Content-Type", "text/csv")], ("\n".join(out) + "\n").encode()
    if path == "/query":
        fn = q.get("function", [""])[0]
        symbol = q.get("symbol", [""])[0]
        if fn == "GLOBAL_QUOTE":
            if known(symbol):
                return 200, [("Content-Type", "text/csv")], AV_QUOTE.replace(b"DJIA", symbol.encode())
            return 200, [("Content-Type", "text/csv")], b"symbol,open,high,low,price,volume,latestDay,previousClose,change,changePercent\r\n"
        return 200, [("Content-Type", "text/csv")], AV_INTRADAY
    return 404, [("Content-Type", "text/plain")], b"no route"


async def main():
    p = argparse.ArgumentParser()
    p.add_argument("--delay", type=float, default=0.05)
    p.add_argument("--lifetime", type=float, default=900)
    a = p.parse_args()
    served = 0

    async def handle(reader, writer):
        nonlocal served
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                line = head.split(b"\r\n", 1)[0].decode("latin-1")
                method, target = line.split(" ")[:2]
                path, _, query = target.partition("?")
                if path in ("/__count", "/__reset"):
                    if path == "/__reset":
                        served = 0
                    status, headers, body = 200, [], str(served).encode()
                else:
                    served += 1
                    await asyncio.sleep(a.delay)
                    status, headers, body = answer(path, query) if method == "GET" else (405, [], b"")
                out = [f"HTTP/1.1 {status} {'OK' if status == 200 else 'Error'}", f"Content-Length: {len(body)}"]
                out += [f"{k}: {v}" for k, v in headers]
                writer.write(("\r\n".join(out) + "\r\n\r\n").encode() + body)
                await writer.drain()
                if b"\r\nconnection: close" in head.lower():
                    break
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError, ValueError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=1024)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.sleep(a.lifetime)
    server.close()


if __name__ == "__main__":
    asyncio.run(main())
