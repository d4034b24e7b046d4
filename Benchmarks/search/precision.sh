#!/usr/bin/env bash
# Precision of the offline search on the three query sets (queries, queries-varied,
# queries-heldout), same run: this tree's ranking, a previous
# ranking (a searchbench built from an earlier commit), and `fzf --filter` over the same
# "SYMBOL<TAB>NAME" lines. Then the whole-process time of `searchbench search apple` (parse the
# text files; load a snapshot) for this tree and the previous build, alternated by hyperfine.
#
#   Benchmarks/search/precision.sh PREVIOUS_SEARCHBENCH
#
# PREVIOUS_SEARCHBENCH: e.g. `git worktree add /tmp/prev main && (cd /tmp/prev && swift build -c
# release --product searchbench)`, then /tmp/prev/.build/release/searchbench. Needs fzf and
# hyperfine; NO_BUILD=1 uses the release searchbench as built. precision@1: the expected symbol is the first result; precision@5: among the first 5.
set -euo pipefail
cd "$(dirname "$0")/../.."
PREV=${1:?usage: precision.sh PREVIOUS_SEARCHBENCH}
[ "${NO_BUILD:-}" = 1 ] || swift build -c release -j 1 --product searchbench >/dev/null
NEW=.build/release/searchbench
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$NEW" export data/symbols > "$WORK/names.tsv"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for set in queries queries-varied queries-heldout; do
    file=Benchmarks/search/$set.tsv
    "$NEW" rank data/symbols "$file" > "$WORK/$set.new"
    "$NEW" rank data/symbols "$file" --no-large-caps > "$WORK/$set.nolist"
    "$PREV" rank data/symbols "$file" > "$WORK/$set.prev"
    : > "$WORK/$set.fzf"
    grep -v '^#' "$file" | while IFS=$'\t' read -r q want _; do
        [ -n "$q" ] || continue
        rank=$(fzf --filter "$q" < "$WORK/names.tsv" | head -50 | cut -f1 | grep -nxF -- "$want" | head -1 | cut -d: -f1 || true)
        printf '%s\t%s\t%s\n' "$q" "$want" "${rank:--}" >> "$WORK/$set.fzf"
    done
done
python3 - "$WORK" <<'PY'
import sys
work = sys.argv[1]
def ranks(path):
    return [(l.split("\t")[0], l.split("\t")[1], l.split("\t")[2].strip()) for l in open(path) if l.strip()]
tools = [("new", "this tree"), ("nolist", "this tree, --no-large-caps"), ("prev", "previous"), ("fzf", "fzf --filter")]
for s in ["queries", "queries-varied", "queries-heldout"]:
    table = {t: ranks(f"{work}/{s}.{t}") for t, _ in tools}
    n = len(table["new"])
    print(f"\n{s}.tsv ({n} queries)")
    print(f"{'ranking':30} {'precision@1':>14} {'precision@5':>14}")
    for t, label in tools:
        r = [x[2] for x in table[t]]
        p1 = sum(1 for x in r if x == "1")
        p5 = sum(1 for x in r if x != "-" and int(x) <= 5)
        print(f"{label:30} {p1:>5}/{n} {100*p1/n:5.1f}% {p5:>5}/{n} {100*p5/n:5.1f}%")
    print("queries where any ranking misses the top (rank: new, no list, previous, fzf):")
    for i, (q, want, _) in enumerate(table["new"]):
        rs = [table[t][i][2] for t, _ in tools[:3]]
        if any(x != "1" for x in rs):
            print(f"  {q:24} {want:6} " + "  ".join(f"{x:>2}" for x in rs + [table['fzf'][i][2]]))
PY
"$NEW" snapshot "$WORK/new.idx" data/symbols >/dev/null
"$PREV" snapshot "$WORK/prev.idx" data/symbols >/dev/null
hyperfine -N --warmup 5 --runs 40 \
    -n "new, snapshot" "$NEW search apple --snapshot $WORK/new.idx" \
    -n "previous, snapshot" "$PREV search apple --snapshot $WORK/prev.idx" \
    -n "new, text files" "$NEW search apple data/symbols" \
    -n "previous, text files" "$PREV search apple data/symbols"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
