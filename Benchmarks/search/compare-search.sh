#!/usr/bin/env bash
# Same-run comparison of squarestock's offline search with rapidfuzz (process.extract, WRatio)
# and `fzf --filter`, on the same universe (the real 2025-10-20 directory, 11 852 listings, each
# searched as "SYMBOL<TAB>NAME") and the same queries (Benchmarks/search/queries.tsv, with the listing each
# query means). Reports, per tool, the rank of the intended answer for every query and the
# median time per query.
#
# Needs: swift, python3 with rapidfuzz (pip install rapidfuzz), fzf (apt-get install fzf).
# Times: ours and rapidfuzz in-process per query (ours via searchbench, median of 51 runs;
# rapidfuzz median of 5); fzf is a process per query (`fzf --filter` reads the list each time),
# so its time includes process start and is reported separately. Whole-process timings of
# `searchbench search apple` (text files; snapshot) close the report.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product searchbench >/dev/null
BIN=.build/release/searchbench
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$BIN" export data/symbols > "$WORK/names.tsv"
"$BIN" rank data/symbols Benchmarks/search/queries.tsv > "$WORK/ours.tsv"
"$BIN" snapshot "$WORK/symbols.idx" data/symbols >/dev/null
python3 - "$WORK" "$BIN" <<'PY'
import statistics, subprocess, sys, time
from rapidfuzz import process, fuzz, utils

work, binary = sys.argv[1], sys.argv[2]
rows = [l.rstrip("\n").split("\t") for l in open(f"{work}/names.tsv")]
symbols = [r[0] for r in rows]
choices = [f"{r[0]} {r[1]}" for r in rows]
# rapidfuzz at its best: choices normalised once (lower case, punctuation to spaces), queries the
# same way per call, no per-call processor.
prepared = [utils.default_process(c) for c in choices]
queries = [l.rstrip("\n").split("\t")[:2] for l in open("Benchmarks/search/queries.tsv") if l.strip() and not l.startswith("#")]
ours = {}
for l in open(f"{work}/ours.tsv"):
    q, want, rank, us = l.rstrip("\n").split("\t")
    ours[q] = (rank, float(us))

def rank_of(found, want):
    for i, s in enumerate(found):
        if s == want:
            return str(i + 1)
    return "-"

rf_rank, rf_time, fzf_rank, fzf_time = {}, {}, {}, {}
for q, want in queries:
    pq = utils.default_process(q)
    res = process.extract(pq, prepared, scorer=fuzz.WRatio, processor=None, limit=50)
    rf_rank[q] = rank_of([symbols[i] for _, _, i in res], want)
    ts = []
    for _ in range(5):
        t0 = time.perf_counter()
        process.extract(utils.default_process(q), prepared, scorer=fuzz.WRatio, processor=None, limit=10)
        ts.append(time.perf_counter() - t0)
    rf_time[q] = statistics.median(ts) * 1e6
    ts = []
    out = ""
    for _ in range(3):
        t0 = time.perf_counter()
        out = subprocess.run(["fzf", "--filter", q], stdin=open(f"{work}/names.tsv"), capture_output=True, text=True).stdout
        ts.append(time.perf_counter() - t0)
    fzf_time[q] = statistics.median(ts) * 1e6
    fzf_rank[q] = rank_of([l.split("\t")[0] for l in out.splitlines()[:50]], want)

def summary(ranks):
    r = [int(x) if x != "-" else None for x in ranks]
    top1 = sum(1 for x in r if x == 1)
    top3 = sum(1 for x in r if x is not None and x <= 3)
    mrr = sum(1 / x for x in r if x) / len(r)
    return top1, top3, mrr

print(f"universe: {len(choices)} listings; {len(queries)} queries\n")
print(f"{'query':34} {'intended':8} {'ours':>5} {'rapidfuzz':>9} {'fzf':>5}")
for q, want in queries:
    print(f"{q:34} {want:8} {ours[q][0]:>5} {rf_rank[q]:>9} {fzf_rank[q]:>5}")
print()
print(f"{'tool':28} {'top-1':>6} {'top-3':>6} {'MRR':>6} {'median/query':>14} {'p99/query':>12}")
for name, ranks, times, unit in [
        ("squarestock (in-process)", [ours[q][0] for q, _ in queries], [ours[q][1] for q, _ in queries], "in-process"),
        ("rapidfuzz WRatio (in-proc)", [rf_rank[q] for q, _ in queries], [rf_time[q] for q, _ in queries], "in-process"),
        ("fzf --filter (process)", [fzf_rank[q] for q, _ in queries], [fzf_time[q] for q, _ in queries], "process")]:
    t1, t3, mrr = summary(ranks)
    ts = sorted(times)
    p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))]
    print(f"{name:28} {t1:>3}/{len(queries):<2} {t3:>3}/{len(queries):<2} {mrr:6.3f} {statistics.median(ts)/1000:11.3f} ms {p99/1000:9.3f} ms")

print()
for label, args in [("searchbench search apple (parse text files)", [binary, "search", "apple", "data/symbols"]),
                    ("searchbench search apple --snapshot", [binary, "search", "apple", "--snapshot", f"{work}/symbols.idx"]),
                    ("fzf --filter apple", None)]:
    ts = []
    for _ in range(21):
        t0 = time.perf_counter()
        if args:
            subprocess.run(args, capture_output=True, check=True)
        else:
            subprocess.run(["fzf", "--filter", "apple"], stdin=open(f"{work}/names.tsv"), capture_output=True)
        ts.append(time.perf_counter() - t0)
    print(f"whole process, {label}: median {statistics.median(ts)*1000:.1f} ms (min {min(ts)*1000:.1f} ms)")
PY
