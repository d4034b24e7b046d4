#!/usr/bin/env python3
"""Loopback Yahoo for `watch-idle.sh`: the session (cookie, crumb), /v7/finance/quote and
/v8/finance/chart over HTTP/1.1, and the streamer's WebSocket on the same port, all from the
recordings in Tests/Fixtures (nothing leaves 127.0.0.1).

- A quote batch answers each asked symbol with the recorded AAPL row (2025-10-28, REGULAR),
  its symbol replaced, its price moved a little and its time set to the pinned clock's now
  (--now, advancing in real time), so each poll changes some cells as a live market does.
- A chart answers the recorded 5-minute spark of 2025-10-29 with the symbol replaced.
- The stream replays the recorded PricingData protobuf (yfinance's BTC-USD test message) with
  id, price and time replaced and its change and change % left out: each subscribed symbol ticks at exponential gaps of mean
  --tick-seconds (0: the stream goes quiet, answering pings only; Yahoo sends no heartbeats).

Prints the port as its first line; logs each HTTP request's monotonic time to --log, so the
sampler can tell refreshes from the idle time between them. asyncio: no thread per client."""
import argparse
import asyncio
import base64
import hashlib
import json
import os
import random
import struct
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Tests", "Fixtures")


def fixture(path):
    with open(os.path.join(FIXTURES, path), "rb") as f:
        return f.read()


QUOTE = json.loads(fixture("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_REGULAR_2025-10-28.json"))
ROW = QUOTE["quoteResponse"]["result"][0]
SPARK = fixture("yahoo-json/spark_AAPL_mid-session.json").decode()
COOKIE = fixture("yahoo-json/session/issue-quoted__fc.yahoo.com_Set-Cookie-A3_2025-06-09.txt").decode().strip()
PRICING = base64.b64decode(fixture("yahoo-stream/inline__yfinance-test_PricingData_BTC-USD_2025-01-10.b64").strip())
WS_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def read_varint(b, i):
    n = shift = 0
    while True:
        c = b[i]
        i += 1
        n |= (c & 0x7F) << shift
        shift += 7
        if c < 0x80:
            return n, i


def protobuf_fields(b):
    """The recorded message as (field, wire, raw bytes of key and value), in order."""
    fields, i = [], 0
    while i < len(b):
        start = i
        key, i = read_varint(b, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            _, i = read_varint(b, i)
        elif wire == 1:
            i += 8
        elif wire == 2:
            n, i = read_varint(b, i)
            i += n
        elif wire == 5:
            i += 4
        fields.append((field, wire, b[start:i]))
    return fields


RECORDED_FIELDS = protobuf_fields(PRICING)


def pricing_frame(symbol, price, millis):
    """The recorded message with id (1), price (2) and time (3, sint64) replaced."""
    out = bytearray()
    for field, _, raw in RECORDED_FIELDS:
        if field == 1:
            s = symbol.encode()
            out += b"\x0a" + varint(len(s)) + s
        elif field == 2:
            out += b"\x15" + struct.pack("<f", price)
        elif field == 3:
            out += b"\x18" + varint(millis << 1)
        elif field in (8, 12):
            continue  # the recording's change and change %: BTC's, left out (proto3: absent)
        else:
            out += raw
    message = base64.b64encode(bytes(out)).decode()
    return json.dumps({"type": "pricing", "message": message}).encode()


def ws_frame(opcode, payload):
    n = len(payload)
    if n < 126:
        head = bytes([0x80 | opcode, n])
    elif n < 65536:
        head = bytes([0x80 | opcode, 126]) + struct.pack(">H", n)
    else:
        head = bytes([0x80 | opcode, 127]) + struct.pack(">Q", n)
    return head + payload


async def ws_read(reader):
    """One client frame (masked): (opcode, payload)."""
    b0, b1 = await reader.readexactly(2)
    n = b1 & 0x7F
    if n == 126:
        (n,) = struct.unpack(">H", await reader.readexactly(2))
    elif n == 127:
        (n,) = struct.unpack(">Q", await reader.readexactly(8))
    mask = await reader.readexactly(4) if b1 & 0x80 else b"\0\0\0\0"
    data = bytearray(await reader.readexactly(n))
    for i in range(n):
        data[i] ^= mask[i & 3]
    return b0 & 0x0F, bytes(data)


def response(status, body, content_type="application/json", extra=b""):
    reason = {200: b"OK", 404: b"Not Found"}.get(status, b"Error")
    return (b"HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n" % (status, reason, content_type.encode(), len(body))
            + extra + b"\r\n" + body)


async def main():
    p = argparse.ArgumentParser()
    p.add_argument("--now", required=True, help="the pinned clock at start, epoch seconds (as SQUARESTOCK_NOW)")
    p.add_argument("--tick-seconds", type=float, default=5.0)
    p.add_argument("--log", required=True)
    p.add_argument("--lifetime", type=float, default=1200)
    a = p.parse_args()
    started = time.time()
    log = open(a.log, "a", buffering=1)
    rng = random.Random(7)

    def pinned_now():
        return float(a.now) + (time.time() - started)

    def quote_body(symbols):
        rows = []
        for s in symbols:
            row = dict(ROW)
            row["symbol"] = s
            price = ROW["regularMarketPrice"] * (1 + rng.uniform(-0.002, 0.002))
            row["regularMarketPrice"] = round(price, 2)
            row["regularMarketChange"] = round(price - ROW["regularMarketPreviousClose"], 4)
            row["regularMarketChangePercent"] = (price / ROW["regularMarketPreviousClose"] - 1) * 100
            row["regularMarketTime"] = int(pinned_now())
            rows.append(row)
        return json.dumps({"quoteResponse": {"result": rows, "error": None}}).encode()

    async def stream(reader, writer, head):
        key = next(l.split(b":", 1)[1].strip() for l in head.split(b"\r\n") if l.lower().startswith(b"sec-websocket-key:"))
        accept = base64.b64encode(hashlib.sha1(key + WS_GUID).digest())
        writer.write(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
        await writer.drain()
        symbols = []

        async def ticks():
            if a.tick_seconds <= 0:
                return
            while True:
                if not symbols:
                    await asyncio.sleep(0.1)
                    continue
                # Every symbol at mean gap tick_seconds: the whole stream at len/tick per second.
                await asyncio.sleep(rng.expovariate(len(symbols) / a.tick_seconds))
                s = rng.choice(symbols)
                price = ROW["regularMarketPrice"] * (1 + rng.uniform(-0.002, 0.002))
                writer.write(ws_frame(1, pricing_frame(s, price, int(pinned_now() * 1000))))
                await writer.drain()

        sender = asyncio.ensure_future(ticks())
        try:
            while True:
                opcode, data = await ws_read(reader)
                if opcode == 1:
                    message = json.loads(data)
                    for s in message.get("subscribe", []):
                        if s not in symbols:
                            symbols.append(s)
                elif opcode == 9:
                    writer.write(ws_frame(10, data))
                    await writer.drain()
                elif opcode == 8:
                    writer.write(ws_frame(8, data[:2]))
                    await writer.drain()
                    break
        finally:
            sender.cancel()

    async def handle(reader, writer):
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                log.write("%.3f\n" % time.monotonic())
                target = head.split(b" ", 2)[1].decode()
                url = urllib.parse.urlsplit(target)
                if b"\r\nupgrade: websocket" in head.lower():
                    await stream(reader, writer, head)
                    break
                if url.path == "/":
                    writer.write(response(404, b"Not Found", "text/plain", b"Set-Cookie: " + COOKIE.encode() + b"\r\n"))
                elif url.path == "/v1/test/getcrumb":
                    writer.write(response(200, b"haT3oykhHqZ", "text/plain"))
                elif url.path == "/v7/finance/quote":
                    symbols = urllib.parse.parse_qs(url.query)["symbols"][0].split(",")
                    writer.write(response(200, quote_body(symbols)))
                elif url.path.startswith("/v8/finance/chart/"):
                    symbol = urllib.parse.unquote(url.path.rsplit("/", 1)[1])
                    writer.write(response(200, SPARK.replace('"AAPL"', json.dumps(symbol)).encode()))
                else:
                    writer.write(response(404, b"{}"))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=512)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.sleep(a.lifetime)
    server.close()


if __name__ == "__main__":
    asyncio.run(main())
