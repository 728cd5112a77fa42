#!/usr/bin/env bash
# One fuzz target's check in the tests' build: a few hundred inputs grown from our own seeds,
# and the edges the target saw must reach MIN_EDGES, so a core built without coverage (a
# fuzzer that sees a few hundred edges and stays flat) fails here, not in silence.
#   smoke_run.sh TARGET MIN_EDGES [SEED_DIR...]
set -uo pipefail
target=$1 min_edges=$2
shift 2
# libFuzzer writes what it finds into its first folder: a new one, never the seeds.
grown=$(mktemp -d)
trap 'rm -rf "$grown"' EXIT
seeds=()
for dir in "$@"; do [ -d "$dir" ] && seeds+=("$dir"); done
output=$("$target" -runs=300 -max_len=4096 -seed=1 -timeout=60 "$grown" "${seeds[@]}" 2>&1)
status=$?
if [ "$status" -ne 0 ]; then
    printf '%s\n' "$output" | tail -40
    echo "smoke_run: $target exited $status" >&2
    exit 1
fi
edges=$(printf '%s\n' "$output" | grep -o 'cov: [0-9]*' | tail -1 | grep -o '[0-9]*')
echo "smoke_run: $(basename "$target"): ${edges:-no} edges covered (at least $min_edges expected)"
if [ -z "$edges" ] || [ "$edges" -lt "$min_edges" ]; then
    echo "smoke_run: $(basename "$target") saw ${edges:-no} edges: is the core built with coverage?" >&2
    exit 1
fi
