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

# Storage truth: three buffers merged in place count once, so 5120 bytes fit 6 KB.
run inspect "$data/dumps/in_place_triple.json" --capacity 6KB
check "an in-place plan within capacity exits 0" test "$status" -eq 0
check "its peak live is the union, 5120" test "$(json_value 'd["scopes"][0]["peak_live_bytes"]')" = 5120
check "its blocks name their storage" test "$(json_value '[b["storage"] for b in d["scopes"][0]["blocks"]]')" = "[0, 1, 1, 1]"
check "it has no overlaps" test "$(json_value 'd["scopes"][0]["overlaps"]')" = "[]"

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

    overflow="$samples/fake_attn_fwd_overflow/memory_info_aiv.json"
    run report "$overflow" --out "$work/r"
    check "report of the overflow sample exits 3" test "$status" -eq 3
    for name in summary.md chart.png chart.svg blocks.csv live_at_peak.csv; do
        check "report writes $name" test -s "$work/r/$name"
    done
    check "report says where it wrote" grep -q "report written to $work/r" "$work/out"
    # A real RFC 4180 reader gets every buffer string of the dump back, byte for byte.
    check "blocks.csv round-trips every buffer string" python3 - "$work/r/blocks.csv" "$overflow" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
dump = json.load(open(sys.argv[2]))
expected = [(b["buffer"], b["source_location"]) for r in dump["Record"] for b in r["memory_info_array"] for _ in b["offset"]]
assert [(r["buffer"], r["location"]) for r in rows] == expected, rows
assert rows[1]["over_capacity"] == "true" and rows[1]["size"] == "131072" and rows[1]["ir_line"] == "18"
PY
    check "chart.png has the default size" python3 - "$work/r/chart.png" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read(24)
assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (1600, 900)
PY
    check "chart.svg is well-formed XML" python3 -c "import xml.dom.minidom,sys; xml.dom.minidom.parse('$work/r/chart.svg')"

    run report "$samples/fake_attn_fwd/memory_info_aiv.json" --out "$work/fits"
    check "report of the fitting sample exits 0" test "$status" -eq 0

    touch "$work/a-file"
    run report "$overflow" --out "$work/a-file/report"
    check "an unwritable --out exits 2" test "$status" -eq 2
    check "an unwritable --out says why" grep -q "cannot create the folder" "$work/err"
    check "an unwritable --out leaves nothing behind" test ! -e "$work/a-file/report"

    run report "$overflow" --out "$work/r2" --scope cc
    check "report of a missing scope exits 2" test "$status" -eq 2
    check "report of a missing scope writes nothing" test ! -e "$work/r2"
else
    echo "SKIPPED: real samples not found at $samples" >&2
fi

run report "$data/dumps/bad/garbage.bin" --out "$work/bad"
check "report of garbage exits 2" test "$status" -eq 2
check "report of garbage writes nothing" test ! -e "$work/bad"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
