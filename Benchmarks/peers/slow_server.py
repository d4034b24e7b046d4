#!/usr/bin/env python3
"""Loopback HTTP/1.1 server for the fan-out benchmark: every GET waits --delay seconds, then
answers a small Stooq-style CSV quote. asyncio, so 50 simultaneous connections cost no threads
(a thread-per-connection server on 2 busy cores adds its own queueing to every batch).
Binds 127.0.0.1 only; exits by itself after --lifetime seconds or --max-requests requests.
Prints the port it listens on as its first line."""
import argparse
import asyncio

BODY = b"Symbol,Date,Time,Open,High,Low,Close,Volume\nAAPL.US,2026-01-02,22:00:00,1,2,0.5,1.5,100\n"
RESPONSE = (b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Length: " + str(len(BODY)).encode()
            + b"\r\n\r\n" + BODY)


async def main():
    p = argparse.ArgumentParser()
    p.add_argument("--delay", type=float, default=0.05)
    p.add_argument("--max-requests", type=int, default=50000)
    p.add_argument("--lifetime", type=float, default=900)
    a = p.parse_args()
    done = asyncio.Event()
    served = 0

    async def handle(reader, writer):
        nonlocal served
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                if not head.startswith(b"GET "):
                    writer.write(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    break
                await asyncio.sleep(a.delay)
                writer.write(RESPONSE)
                await writer.drain()
                served += 1
                if served >= a.max_requests:
                    done.set()
                if b"\r\nconnection: close" in head.lower():
                    break
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=512)
    print(server.sockets[0].getsockname()[1], flush=True)
    try:
        await asyncio.wait_for(done.wait(), timeout=a.lifetime)
    except asyncio.TimeoutError:
        pass
    server.close()


if __name__ == "__main__":
    asyncio.run(main())
