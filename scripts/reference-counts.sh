#!/usr/bin/env bash
# Runs every task's reference solutions (`passk run --model reference`) and prints one TSV line
# per task: name, problems, passed, and the verdict counts. Run it before and after a change to
# the execution or task layers: the two outputs must be identical (issue 26's "verdicts unchanged").
#   bash scripts/reference-counts.sh OUT.tsv [DATA_DIR] [TASK_FILTER_REGEX] [LIMIT]
# LIMIT: only each task's first LIMIT problems (a quicker check; empty: all).
# The verdict cache is on (PASSK_CACHE_DIR: use a fresh one per side, so identical programs of
# overlapping tasks are judged once and nothing is carried from the other side).
# Prompt-format variants (`name:codellama`) run the same programs as `name` and are skipped.
set -uo pipefail
out=${1:?usage: reference-counts.sh OUT.tsv [DATA_DIR] [FILTER]}
data=${2:-../shared/data}
filter=${3:-.}
limit=${4:-}
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
: >"$out"
node bin/passk.js tasks --data-dir "$data" | awk 'NR>1 {print $1}' | grep -v ':' | grep -E "$filter" |
  while read -r task; do
    dir="$scratch/$task"
    if node bin/passk.js run --task "$task" --model reference --allow-code-execution --no-db ${limit:+--limit "$limit"} \
      --data-dir "$data" --output-dir "$dir" >"$scratch/log" 2>&1 && [ -f "$dir/metrics.json" ]; then
      node -e '
        const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        const passed = (m.per_problem ?? []).filter((p) => p.c > 0).map((p) => p.task_id);
        const digest = require("crypto").createHash("sha256").update(passed.join("\n")).digest("hex");
        console.log([process.argv[2], m.problems, passed.length, JSON.stringify(m.statuses), digest.slice(0, 12)].join("\t"));
      ' "$dir/metrics.json" "$task" >>"$out"
    else
      printf '%s\terror\t%s\n' "$task" "$(grep -m1 -i 'error' "$scratch/log" | cut -c1-160)" >>"$out"
    fi
    tail -1 "$out"
  done
