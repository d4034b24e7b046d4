#!/usr/bin/env bash
# Prints the last campaign line of every target in Fuzz/logs/summary.tsv as a Markdown table
# (for RELIABILITY.md), with the totals. A target skipped at a deadline keeps its earlier line.
#
#   Fuzz/table.sh [SUMMARY_TSV]
set -euo pipefail
cd "$(dirname "$0")/.."
summary="${1:-Fuzz/logs/summary.tsv}"
awk -F '\t' '
    NF >= 5 && $5 ~ /^not run/ && ($1 in runs) { next }  # a skipped run does not hide an earlier one
    NF >= 5 { if (!($1 in runs)) order[n++] = $1; runs[$1] = $2; secs[$1] = $3; len[$1] = $4; res[$1] = $5; build[$1] = (NF >= 7 ? $7 : "") }
    function group(x,   s) { s = ""; while (length(x) > 3) { s = "," substr(x, length(x) - 2) s; x = substr(x, 1, length(x) - 3) } return x s }
    END {
        print "| target | executions | seconds | largest input (bytes) | result | build |"
        print "|---|---:|---:|---:|---|---|"
        below = 0
        for (i = 0; i < n; i++) {
            t = order[i]; total += runs[t]; time += secs[t]
            if (runs[t] < 10000000) below++
            printf "| `%s` | %s | %s | %s | %s | %s |\n", t, group(runs[t]), secs[t], len[t], res[t], build[t]
        }
        printf "| all %d targets | %s | %s | | %d below 10 million | |\n", n, group(total), time, below
    }' "$summary"
