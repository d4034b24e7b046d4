#!/usr/bin/env python3
"""Runs one command on a pseudo-terminal of ROWSxCOLUMNS for SECONDS, reading everything it
draws (a terminal that stops reading would block it), and samples it every --every seconds
from /proc: CPU time (user + system), RSS and open descriptors, plus the bytes it drew. At the
end it types `q` (then SIGTERM) and prints one JSON summary:

- cpu_pct: CPU time over wall time, the whole run after --settle seconds;
- idle_cpu_pct: the same over the sample intervals with no HTTP request in them or in the
  interval before (requests from --requests, the loopback server's log of monotonic times):
  the cost between refreshes. With no log every interval counts;
- rss_kib start (the first sample after --settle), max and end; fds start and end;
- idle_bytes_per_s: bytes drawn per second over those idle intervals.

CPU % of a process is its own CPU time over wall time, so runs in parallel do not skew each
other much (they share the cores, not the clock)."""
import argparse
import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def fd_count(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=600)
    p.add_argument("--every", type=float, default=2)
    p.add_argument("--settle", type=float, default=20)
    p.add_argument("--rows", type=int, default=50)
    p.add_argument("--columns", type=int, default=200)
    p.add_argument("--requests", help="the loopback server's log of request times (monotonic)")
    p.add_argument("--label", default="")
    p.add_argument("--samples", help="also write every sample here, one JSON object a line")
    p.add_argument("--screen", help="also write the last 64 KiB drawn here")
    p.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args()
    command = a.command[1:] if a.command[:1] == ["--"] else a.command

    pid, master = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", a.rows, a.columns, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    start = time.monotonic()
    drawn = 0
    tail = b""
    samples = []
    next_sample = start
    alive = True
    while alive and time.monotonic() - start < a.seconds:
        now = time.monotonic()
        if now >= next_sample:
            try:
                samples.append({"t": now, "cpu": cpu_seconds(pid), "rss": rss_kib(pid), "fds": fd_count(pid),
                                "drawn": drawn})
            except (FileNotFoundError, ProcessLookupError):
                alive = False
                break
            next_sample += a.every
        ready, _, _ = select.select([master], [], [], max(0, next_sample - time.monotonic()))
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                alive = False
                break
            if not chunk:
                alive = False
            drawn += len(chunk)
            tail = (tail + chunk)[-65536:]
    exited_early = not alive
    try:
        os.write(master, b"q")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if os.waitpid(pid, os.WNOHANG)[0]:
                break
            if select.select([master], [], [], 0.1)[0]:
                try:
                    os.read(master, 65536)
                except OSError:
                    pass
        else:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
    except (OSError, ChildProcessError):
        pass

    requests = []
    if a.requests and os.path.exists(a.requests):
        with open(a.requests) as f:
            requests = sorted(float(line) for line in f if line.strip())
    kept = [s for s in samples if s["t"] - start >= a.settle]
    if a.samples:
        with open(a.samples, "w") as f:
            for s in samples:
                f.write(json.dumps(dict(s, t=round(s["t"] - start, 3))) + "\n")
    if a.screen:
        with open(a.screen, "wb") as f:
            f.write(tail)
    if len(kept) < 3:
        print(json.dumps({"label": a.label, "error": "too few samples", "exited_early": exited_early}))
        return 1

    def busy(t0, t1):
        """A request in this interval or the one before it (the answer is decoded and drawn after)."""
        lo = t0 - a.every
        return any(lo <= r <= t1 for r in requests)

    idle_cpu = idle_wall = idle_drawn = 0.0
    idle_intervals = []
    for s0, s1 in zip(kept, kept[1:]):
        if busy(s0["t"], s1["t"]):
            continue
        wall = s1["t"] - s0["t"]
        idle_wall += wall
        idle_cpu += s1["cpu"] - s0["cpu"]
        idle_drawn += s1["drawn"] - s0["drawn"]
        idle_intervals.append((s1["cpu"] - s0["cpu"]) / wall * 100)
    idle_intervals.sort()
    first, last = kept[0], kept[-1]
    wall = last["t"] - first["t"]
    summary = {
        "label": a.label,
        "seconds": round(wall, 1),
        "cpu_pct": round((last["cpu"] - first["cpu"]) / wall * 100, 2),
        "idle_cpu_pct": round(idle_cpu / idle_wall * 100, 2) if idle_wall else None,
        "idle_share": round(idle_wall / wall, 2),
        "idle_p90_pct": round(idle_intervals[int(len(idle_intervals) * 0.9)], 2) if idle_intervals else None,
        "rss_kib": {"start": first["rss"], "max": max(s["rss"] for s in kept), "end": last["rss"]},
        "fds": {"start": first["fds"], "end": last["fds"], "max": max(s["fds"] for s in kept)},
        "bytes_per_s": round((last["drawn"] - first["drawn"]) / wall, 1),
        "idle_bytes_per_s": round(idle_drawn / idle_wall, 1) if idle_wall else None,
        "requests": len(requests),
        "exited_early": exited_early,
    }
    print(json.dumps(summary), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
