#!/bin/sh
# The idle cost of a live table (issue 30): `watch` with 50 and 500 symbols, polling and
# streaming, on a 50x200 pseudo-terminal for SECONDS (default 600), all configurations at once,
# each against its own loopback Yahoo (peers/watch_server.py: the recorded session, quote,
# chart and stream answers; nothing leaves 127.0.0.1), sampled every 2 s by
# peers/watch_sampler.py: CPU % over the run and between refreshes, RSS, descriptors, bytes
# drawn. Beside them the same sampler on two peers: `sleep` (the floor: a process that never
# wakes) and `top -d 1` (a full-screen table redrawn every second).
#
#   Benchmarks/watch-idle.sh [path/to/squarestock]     # default .build/release/squarestock
#   SECONDS_PER_RUN=60 Benchmarks/watch-idle.sh        # a quick look
#
# Configurations: poll-N polls every 60 s; stream-N also streams (each symbol ticks at mean
# gaps of 5 s: 10 trades/s for 50 symbols, 100/s for 500); quiet-N streams a stream that has
# gone quiet (pings answered, no trades). The clock is pinned to a Wednesday mid-session
# (SQUARESTOCK_NOW), so every market is open and polled at the interval.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
binary=$(realpath "${1:-$here/../.build/release/squarestock}")
seconds=${SECONDS_PER_RUN:-600}
out=${WATCH_IDLE_OUT:-$(mktemp -d /tmp/watch-idle.XXXXXX)}
pinned=2025-10-29T16:40:00Z
epoch=$(date -u -d "$pinned" +%s)
mkdir -p "$out"
python3 -c 'for i in range(500): print("S%03d" % i)' >"$out/symbols500.txt"
head -50 "$out/symbols500.txt" >"$out/symbols50.txt"

pids=""
run() { # label tick-seconds symbols-file watch-arguments...
    label=$1 tick=$2 list=$3
    shift 3
    : >"$out/$label.requests"
    python3 "$here/peers/watch_server.py" --now "$epoch" --tick-seconds "$tick" --log "$out/$label.requests" \
        --lifetime $((seconds + 120)) >"$out/$label.port" &
    while [ ! -s "$out/$label.port" ]; do sleep 0.1; done
    port=$(head -1 "$out/$label.port")
    mkdir -p "$out/$label.home"
    python3 "$here/peers/watch_sampler.py" --seconds "$seconds" --label "$label" \
        --requests "$out/$label.requests" --samples "$out/$label.samples" --screen "$out/$label.screen" -- \
        env -i HOME="$out/$label.home" TERM=xterm-256color LANG=C.UTF-8 XDG_CACHE_HOME="$out/$label.home" \
        XDG_STATE_HOME="$out/$label.home" XDG_CONFIG_HOME="$out/$label.home" \
        SQUARESTOCK_ENDPOINT="http://127.0.0.1:$port" SQUARESTOCK_NOW="$pinned" \
        "$binary" watch --list "$list" --source yahoo --interval 60 "$@" >"$out/$label.json" &
    pids="$pids $!"
}
peer() { # label command...
    label=$1
    shift
    python3 "$here/peers/watch_sampler.py" --seconds "$seconds" --label "$label" --samples "$out/$label.samples" -- \
        "$@" >"$out/$label.json" &
    pids="$pids $!"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)   output: $out" >&2
for n in 50 500; do
    run "poll-$n" 0 "$out/symbols$n.txt"
    run "stream-$n" 5 "$out/symbols$n.txt" --stream
    run "quiet-$n" 0 "$out/symbols$n.txt" --stream
done
peer sleep sleep $((seconds + 30))
peer top env TERM=xterm-256color top -d 1
for p in $pids; do wait "$p"; done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
python3 - "$out" <<'EOF'
import json, sys, os
out = sys.argv[1]
labels = ["poll-50", "stream-50", "quiet-50", "poll-500", "stream-500", "quiet-500", "sleep", "top"]
print("| run | CPU % (run) | CPU % between refreshes (p90) | RSS MiB start / max / end | fds start / end | bytes drawn/s idle |")
print("|---|---|---|---|---|---|")
for l in labels:
    try:
        s = json.load(open(os.path.join(out, l + ".json")))
    except Exception as e:
        print(f"| {l} | failed: {e} |")
        continue
    if "error" in s:
        print(f"| {l} | {s['error']} |")
        continue
    r = s["rss_kib"]
    idle = "—" if s["idle_cpu_pct"] is None else f"{s['idle_cpu_pct']:.2f} ({s['idle_p90_pct']:.2f})"
    print(f"| {l} | {s['cpu_pct']:.2f} | {idle} | {r['start']/1024:.1f} / {r['max']/1024:.1f} / {r['end']/1024:.1f} "
          f"| {s['fds']['start']} / {s['fds']['end']} | {s['idle_bytes_per_s']} |")
EOF
