#!/usr/bin/env bash
# Prints every target's campaign figures from Fuzz/logs/summary.tsv as a Markdown table (for
# RELIABILITY.md), with the totals. A target's figures are those of the build its latest run used:
# runs of that build add up (each run resumes from the corpus the earlier ones left, so a run cut
# by a time limit is continued, not repeated). A target skipped at a deadline, or a run stopped by
# hand (which logs no execution count), keeps the figures it had.
#
#   Fuzz/table.sh [SUMMARY_TSV]
set -euo pipefail
cd "$(dirname "$0")/.."
summary="${1:-Fuzz/logs/summary.tsv}"
awk -F '\t' '
    NF < 5 || $5 ~ /^(not run|interrupted)/ { next }
    {
        t = $1; b = (NF >= 7 ? $7 : "")
        if (!(t in build)) order[n++] = t
        if (!(t in build) || build[t] != b) { build[t] = b; runs[t] = 0; secs[t] = 0; count[t] = 0; res[t] = "no crash" }
        runs[t] += $2; secs[t] += $3; len[t] = $4; count[t]++
        if ($5 != "no crash") res[t] = $5
    }
    function group(x,   s) { s = ""; while (length(x) > 3) { s = "," substr(x, length(x) - 2) s; x = substr(x, 1, length(x) - 3) } return x s }
    END {
        print "| target | executions | seconds | largest input (bytes) | result | build |"
        print "|---|---:|---:|---:|---|---|"
        below = 0
        for (i = 0; i < n; i++) {
            t = order[i]; total += runs[t]; time += secs[t]
            if (runs[t] < 10000000) below++
            printf "| `%s` | %s%s | %s | %s | %s | %s |\n", t, group(runs[t]), (count[t] > 1 ? " (" count[t] " runs)" : ""), secs[t], len[t], res[t], build[t]
        }
        printf "| all %d targets | %s | %s | | %d below 10 million | |\n", n, group(total), time, below
    }' "$summary"
