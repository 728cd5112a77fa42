#!/usr/bin/env bash
# Runs the real memlens binary as scripts and CI do: exit codes, stdout, stderr.
# Usage: run_cli_tests.sh MEMLENS SAMPLES_DIR DATA_DIR
set -u
memlens=$1 samples=$2 data=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

check() { # check NAME CONDITION...
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name" >&2; fi
}
run() { # run ARGS... -> $status, $work/out, $work/err
    "$memlens" "$@" >"$work/out" 2>"$work/err"; status=$?
}
json_value() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$work/out" "$1"; }

run --help
check "help exits 0" test "$status" -eq 0
check "help names the commands" grep -q "memlens report DUMP --out DIR" "$work/out"
run report --help
check "report help explains exit codes" grep -q "3 some scope overflows" "$work/out"

run inspect "$data/dumps/two_scopes_multibuffer.json"
check "inspect of a fitting fixture exits 0" test "$status" -eq 0
check "inspect prints JSON only on stdout" python3 -c "import json,sys; json.load(open('$work/out'))"
check "inspect lists both scopes" test "$(json_value 'len(d["scopes"])')" = 2

run inspect "$data/dumps/bad/inverted_life.json" --verbose
check "bad input exits 2" test "$status" -eq 2
check "bad input names file, path and problem" grep -q "^memlens: $data/dumps/bad/inverted_life.json: Record\[0\].memory_info_array\[1\].life_time_in_ir: inverted Life" "$work/err"
check "bad input prints nothing on stdout" test ! -s "$work/out"

run inspect
check "usage error exits 2" test "$status" -eq 2
check "usage error explains" grep -q "missing DUMP" "$work/err"

MEMLENS_VERBOSE=1 run inspect "$data/dumps/reordered_extra_keys.json"
check "verbose logs go to stderr" grep -q "ignoring unknown key" "$work/err"
check "verbose logs stay out of the JSON" python3 -c "import json; json.load(open('$work/out'))"

if [ -d "$samples" ]; then
    run inspect "$samples/fake_attn_fwd_overflow/memory_info_aiv.json"
    check "the real overflow sample exits 3" test "$status" -eq 3
    check "its peak address is 262144" test "$(json_value 'd["scopes"][0]["peak_address_bytes"]')" = 262144
    run inspect "$samples/fake_attn_fwd/memory_info_aiv.json"
    check "the real success sample exits 0" test "$status" -eq 0
    check "its capacity comes from the IR target beside it" test "$(json_value 'd["scopes"][0]["capacity_source"]')" = target
else
    echo "SKIPPED: real samples not found at $samples" >&2
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
