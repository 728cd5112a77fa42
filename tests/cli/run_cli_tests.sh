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

# Today's compiler writes "success" for failed plans and leaves later scopes unplanned.
run inspect "$data/dumps/compiler_today/fail_written_as_success.json"
check "a failed plan written as success exits 3" test "$status" -eq 3
check "its capacity is the dump-writing targets' default" test "$(json_value 'd["scopes"][0]["capacity_bytes"]')" = 196608
run inspect "$data/dumps/compiler_today/cube_stopped_at_cbuf.json"
check "a scope never planned has no verdict" test "$(json_value 'd["scopes"][1]["overflow"]')" = None
check "it says it was not planned" test "$(json_value 'd["scopes"][1]["planned"]')" = False
check "the planned scope says so too" test "$(json_value 'd["scopes"][0]["planned"]')" = True
run explain "$data/dumps/compiler_today/cube_stopped_at_cbuf.json"
check "explain exits 3 for the overflowing cbuf" test "$status" -eq 3
check "explain names where the compile stopped" grep -q "Scope cc: not planned: the compile stopped at scope cbuf" "$work/out"
run inspect "$data/dumps/compiler_today/copies_listed_twice.json"
check "a double buffer listed twice is one buffer of two blocks" test "$(json_value 'len(d["scopes"][0]["blocks"])')" = 4

# memlens summary: a run's kernels as one table, and its CI gate (issue 53).
run summary --help
check "summary help names the gate" grep -q -- "--fail-above PERCENT" "$work/out"
run summary "$data/runs/mixed" --format json
check "summary of a run with an overflow exits 3" test "$status" -eq 3
check "summary JSON has a row per kernel and core" test "$(json_value 'len(d["rows"])')" = 7
check "summary rows keep the contract's keys" test "$(json_value 'sorted(set(["kernel","core","status","peak_bytes","capacity_bytes","headroom_bytes","python","lever","source","file","error"]) - set(d["rows"][0]))')" = "[]"
check "the bad file is a row with its error" test "$(json_value '[r["status"] for r in d["rows"]][-1]')" = error
check "overflowing rows come before fitting ones (a kernel's versions where its newest stands)" test "$(json_value '[r["status"] for r in d["rows"] if r["version"] == 1][:2]')" = "['overflows', 'fits']"
check "a kernel's versions stay together, the newest first" test "$(json_value '[r["version"] for r in d["rows"] if r["kernel"] == "norm_kernel"]')" = "[1, 2]"
run summary "$data/runs/all_fit"
check "summary of a run that fits exits 0" test "$status" -eq 0
check "summary text names every kernel" grep -q "tight_kernel" "$work/out"
check "no progress line when stderr is no terminal" test ! -s "$work/err"
if command -v script >/dev/null; then
    script -qc "'$memlens' summary '$data/runs/all_fit' --out '$work/tty-summary.txt'" /dev/null >"$work/tty" 2>&1
    check "a progress line on a terminal's stderr" grep -q "memlens summary: 2 of 2 read" "$work/tty"
fi
run summary "$data/runs/all_fit" --fail-above 95
check "--fail-above 95 fails a kernel at 96% (exit 3)" test "$status" -eq 3
check "and says which" grep -q "above 95%.*tight_kernel" "$work/out"
run summary "$data/runs/all_fit" --fail-above 96
check "--fail-above 96 lets it pass (exit 0)" test "$status" -eq 0
run summary "$data/runs/only_bad"
check "summary where nothing can be read exits 2" test "$status" -eq 2
check "and says so on stderr" grep -q "no file could be read" "$work/err"
run summary "$work/no-such-run"
check "summary of a missing folder exits 2" test "$status" -eq 2
run summary "$data/runs/all_fit" --fail-above many
check "a bad --fail-above is a usage error (exit 2)" test "$status" -eq 2
run summary "$data/runs/cache_metadata" --format junit --out "$work/junit.xml"
check "summary --format junit --out writes the file (exit 3: matmul_kernel overflows)" test "$status" -eq 3
check "the JUnit file is well-formed XML with a failure" python3 -c "import xml.etree.ElementTree as t,sys; r=t.parse('$work/junit.xml').getroot(); s=r.find('testsuite'); sys.exit(not (r.tag=='testsuites' and s.get('failures')=='1' and s.get('skipped')=='1' and len(s.findall('testcase'))==3))"
check "summary --out prints nothing on stdout" test ! -s "$work/out"
run summary "$data/runs/cache_logs" --format csv
check "a cache with a compile log is planned from the log" grep -q "_scale_kernel.*compile_log" "$work/out"

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
assert int(rows[1]["over_capacity"]) > 0 and rows[1]["size"] == "131072" and rows[1]["ir_line"] == "18"
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

# ub overflows (192 KiB available, a 256 KiB block), cbuf fits: the exit status follows --scope.
cat >"$work/ub_over_cbuf_fits.json" <<'JSON'
{"Header": {"KernelName": "k"}, "Record": [
 {"scope": "ub", "status": "fail", "error_info": "ub overflow, requires 2097152 bits while 1572864 bits available!",
  "memory_info_array": [{"buffer": "%a = memref.alloc() : memref<131072xf16>", "offset": [0], "extent": 2097152,
                         "alloc_time_in_ir": 0, "life_time_in_ir": [0, 1], "source_location": "", "is_tmpbuf": false}]},
 {"scope": "cbuf", "status": "success", "error_info": "",
  "memory_info_array": [{"buffer": "%b = memref.alloc() : memref<512xf16>", "offset": [0], "extent": 8192,
                         "alloc_time_in_ir": 0, "life_time_in_ir": [0, 1], "source_location": "", "is_tmpbuf": false}]}]}
JSON
run inspect "$work/ub_over_cbuf_fits.json" --scope cbuf
check "inspect --scope of the fitting scope exits 0" test "$status" -eq 0
check "inspect --scope prints only that scope" test "$(json_value '[s["scope"] for s in d["scopes"]]')" = "['cbuf']"
run inspect "$work/ub_over_cbuf_fits.json" --scope ub
check "inspect --scope of the overflowing scope exits 3" test "$status" -eq 3
run inspect "$work/ub_over_cbuf_fits.json"
check "inspect without --scope exits 3 when any scope overflows" test "$status" -eq 3

# diff: the bundled pair one way and the other; exit 3 when B overflows.
example=$(cd "$(dirname "$0")/../../resources/examples/layer_norm" && pwd)
run diff "$example/block8192/memory_info_aiv.json" "$example/block16384/memory_info_aiv.json"
check "diff toward the overflowing 16384 exits 3" test "$status" -eq 3
check "diff says the peak grew" grep -q "peak address  192 KB → 321 KB (×1.67)" "$work/out"
# Twelve buffers double; the two scratch buffers lose x's second slot, so they are "moved".
check "diff lists the ten doubled buffers that grew" test "$(grep -c ' ×2 .* grown' "$work/out")" -eq 10
check "diff names both folders" grep -q "^B: block16384/memory_info_aiv.json" "$work/out"
run diff "$example/block16384/memory_info_aiv.json" "$example/block8192/memory_info_aiv.json" --format json
check "diff toward the fitting 8192 exits 0" test "$status" -eq 0
check "diff JSON: 14 buffers, 12 halved" test "$(json_value 'sum(1 for b in d["scopes"][0]["buffers"] if b["size_ratio"] == 0.5)')" = 12
check "diff JSON: every buffer matched by its Python place" test "$(json_value 'set(b["matched_by"] for b in d["scopes"][0]["buffers"])')" = "{'python'}"
run diff "$example/block8192/memory_info_aiv.json" "$example/block16384/memory_info_aiv.json" --format md
check "diff Markdown has the buffer table" grep -q "^| buffer | python | size A | size B | ratio |" "$work/out"
run diff "$example/block8192/memory_info_aiv.json" "$data/dumps/bad/truncated.json"
check "diff with a bad second file exits 2" test "$status" -eq 2
check "diff with a bad second file names it" grep -q "^memlens: $data/dumps/bad/truncated.json" "$work/err"
run diff "$example/block8192/memory_info_aiv.json"
check "diff with one dump is a usage error" test "$status" -eq 2
run diff --help
check "diff help explains exit codes" grep -q "Exit status: 0 B fits, 3 B overflows" "$work/out"
if [ -d "$samples" ]; then
    run diff "$samples/fake_attn_fwd/memory_info_aiv.json" "$samples/fake_attn_fwd_overflow/memory_info_aiv.json" --format json
    check "diff of the real samples exits 3" test "$status" -eq 3
    check "diff of the real samples: both buffers 4096 times larger" test "$(json_value '[b["size_ratio"] for b in d["scopes"][0]["buffers"]]')" = "[4096.0, 4096.0]"
fi

run report "$data/dumps/bad/garbage.bin" --out "$work/bad"
check "report of garbage exits 2" test "$status" -eq 2
check "report of garbage writes nothing" test ! -e "$work/bad"

# memlens explain: the diagnosis as text, exit status like inspect (issue 11).
example="$(cd "$(dirname "$0")/../../resources/examples/layer_norm" && pwd)"
run explain "$example/block16384/memory_info_aiv.json"
check "explain of the failing example exits 3" test "$status" -eq 3
check "explain names the critical op" grep -q "^Critical op 41 (hivm.hir.vreduce <sum>, layer_norm.py:60):" "$work/out"
check "explain gives the shortfall" grep -q "short by 129 KB (132128 B)" "$work/out"
check "explain puts layer_norm.py:58 first" test "$(sed -n '/^Live at op/,$p' "$work/out" | grep -m1 -o 'layer_norm.py:[0-9]*')" = layer_norm.py:58
check "explain: single buffering alone does not fit" grep -q "single buffer (multibuffer=False).*does not fit" "$work/out"
check "explain: halving BLOCK_SIZE fits, named by its line" grep -q "BLOCK_SIZE 16384 -> 8192 (layer_norm.py:45 \`cols = tl.arange(0, BLOCK_SIZE)\`) .*fits" "$work/out"
check "explain: 8192 is the largest BLOCK_SIZE that fits" grep -q "Largest BLOCK_SIZE (today 16384) that fits: 8192" "$work/out"
check "explain prints the fit map, re-planned (the compile log's section is the planner's IR)" grep -q "^Fit map, re-planned" "$work/out"
check "explain: the fit map's today cell" grep -Eq "^ +16384 +\[321 KB\] !$" "$work/out"
check "explain writes nothing on stderr" test ! -s "$work/err"
run explain "$example/block8192/memory_info_aiv.json"
check "explain of the fitting example exits 0" test "$status" -eq 0
check "explain of the fitting example: 8192 still fits" grep -q "Largest BLOCK_SIZE (today 8192) that fits: 8192" "$work/out"
run explain "$example/block16384/memory_info_aiv.json" --configs
check "explain --configs exits like explain" test "$status" -eq 3
check "explain --configs: the frontier as triton.Config" grep -q "triton.Config({'BLOCK_SIZE': 8192, 'multibuffer': True})," "$work/out"
check "explain --configs: says the compiler decides" grep -q "the compiler" "$work/out"
run explain "$example/block16384/memory_info_aiv.json" --others "$example"
check "explain --others: the 8192 dump's cell is re-planned exactly as compiled" grep -q "BLOCK_SIZE=8192, multibuffer=True: compiled 192 KB (196608 B, fits), re-planned 192 KB (196608 B): exact" "$work/out"
run explain "$example/block16384/memory_info_aiv.json" --others "$work/nowhere.json"
check "explain --others of a missing file names it" grep -q "nowhere.json" "$work/err"
run explain "$data/dumps/bad/inverted_life.json"
check "explain of bad input exits 2" test "$status" -eq 2
check "explain of bad input names the problem" grep -q "inverted Life" "$work/err"
run explain --help
check "explain help" grep -q "Usage: memlens explain DUMP" "$work/out"
run inspect "$example/block16384/memory_info_aiv.json"
check "inspect has the diagnosis" test "$(json_value 'd["scopes"][0]["diagnosis"]["largest_fitting"]["value"]')" = 8192
check "inspect diagnosis: top source line" test "$(json_value 'd["scopes"][0]["diagnosis"]["by_source"][0]["python"]')" = layer_norm.py:58
check "inspect lever: its constexpr" test "$(json_value 'd["scopes"][0]["diagnosis"]["levers"][1]["constexpr"]')" = BLOCK_SIZE
check "inspect lever: the line that sets it" test "$(json_value 'd["scopes"][0]["diagnosis"]["levers"][1]["python"]["line"]')" = 45
check "inspect fit map: its dimension" test "$(json_value 'd["scopes"][0]["diagnosis"]["fit_map"]["dims"][0]["constexpr"]')" = BLOCK_SIZE
check "inspect fit map: 12 cells" test "$(json_value 'len(d["scopes"][0]["diagnosis"]["fit_map"]["cells"])')" = 12
run report "$example/block16384/memory_info_aiv.json" --out "$work/ln"
check "summary.md says why it overflows" grep -q "^### Why it overflows" "$work/ln/summary.md"

# A report under `ulimit -f` fails with the reason (no SIGXFSZ death, status 153), and a
# staging folder a killed run left inside --out is cleaned by the next run.
(ulimit -f 16; "$memlens" report "$example/block16384/memory_info_aiv.json" --out "$work/limited" >"$work/out" 2>"$work/err"); status=$?
check "report past ulimit -f exits 2" test "$status" -eq 2
check "report past ulimit -f says File too large" grep -q "cannot write: File too large" "$work/err"
check "report past ulimit -f leaves no staging folder" test -z "$(ls -A "$work/limited" 2>/dev/null)"
mkdir -p "$work/ln/.memlens-staging-2147483646-dead00/new"
run report "$example/block16384/memory_info_aiv.json" --out "$work/ln"
check "report removes a killed run's staging folder" test ! -e "$work/ln/.memlens-staging-2147483646-dead00"
check "report leaves no staging folder of its own" test -z "$(ls -A "$work/ln" | grep staging)"

# memlens watch: every dump written into the folder is kept, until interrupted.
run watch
check "watch without DIR exits 2" test "$status" -eq 2
check "watch without DIR says so" grep -q "missing DIR" "$work/err"
run watch "$work/no-such-run" --keep "$work/kept"
check "watch of a missing folder exits 2" test "$status" -eq 2
mkdir -p "$work/run"
"$memlens" watch "$work/run" --keep "$work/kept" --interval 50 >"$work/watch.out" 2>"$work/watch.err" &
watcher=$!
wait_for_kept() { # wait_for_kept N: until the history folder holds N dumps (5 s at most)
    for _ in $(seq 100); do [ "$(ls "$work/kept" 2>/dev/null | wc -l)" -ge "$1" ] && return 0; sleep 0.05; done; return 1
}
cp "$data/dumps/flat_layout.json" "$work/run/memory_info_aiv.json"
check "watch keeps the first dump" wait_for_kept 1
cp "$data/dumps/two_scopes_multibuffer.json" "$work/run/memory_info_aiv.json"
check "watch keeps the dump that overwrote it" wait_for_kept 2
kill -INT "$watcher"; wait "$watcher"; watch_status=$?
check "watch exits 0 when interrupted" test "$watch_status" -eq 0
check "watch says what it kept" grep -q "kept 2 dumps in $work/kept" "$work/watch.out"
check "the kept dumps are named <kernel>-<time>-<core>.json" test "$(ls "$work/kept" | grep -c -- '-aiv\.json$')" -eq 2

if [ -d "$samples" ]; then
    # Triton-Ascend's run: the IR's folder is gone, its copy sits in the Triton cache.
    mkdir -p "$work/cache/5e1f0a" "$work/cwd"
    cp "$samples/fake_attn_fwd/fake_attn_fwd.ttadapter" "$work/cache/5e1f0a/_attn_fwd.ttadapter"
    cp "$samples/fake_attn_fwd/memory_info_aiv.json" "$work/cwd/"
    TRITON_CACHE_DIR="$work/cache" run inspect "$work/cwd/memory_info_aiv.json"
    check "inspect takes the IR from TRITON_CACHE_DIR" test "$(json_value 'd["ir_file"]')" = "$work/cache/5e1f0a/_attn_fwd.ttadapter"
    check "inspect says why it took it" grep -q "IR from the Triton cache" "$work/out"
    check "inspect links the blocks to the cached IR" test "$(json_value 'd["scopes"][0]["blocks"][1]["ir"]["line"]')" = 18
    check "inspect says line info is off" test "$(json_value 'd["line_info"]')" = False
    check "inspect's scope note names TRITON_DISABLE_LINE_INFO=0" grep -q "TRITON_DISABLE_LINE_INFO=0" "$work/out"
    TRITON_CACHE_DIR="$work/nowhere" run inspect "$work/cwd/memory_info_aiv.json" --triton-cache "$work/cache"
    check "--triton-cache wins over TRITON_CACHE_DIR" test "$(json_value 'd["ir_file"]')" = "$work/cache/5e1f0a/_attn_fwd.ttadapter"
fi

# plan: the compiler's planner re-run on the real samples' IR.
if [ -d "$samples/fake_attn_fwd_overflow" ]; then
    run plan "$samples/fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter"
    check "plan of the overflowing IR exits 3" test "$status" -eq 3
    check "plan prints the compiler's error text" grep -q "ub overflow, requires 2097152 bits while 1572864 bits available!" "$work/out"
    run plan "$samples/fake_attn_fwd/fake_attn_fwd.ttadapter" --format json --out "$work/planned"
    check "plan of the fitting IR exits 0" test "$status" -eq 0
    check "plan's JSON gives the second alloc 32 bytes" test "$(json_value 'd["functions"][0]["scopes"][0]["allocs"][1]["offsets"][0]')" = 32
    run inspect "$work/planned/memory_info_aiv.json"
    check "plan --out writes a dump inspect opens" test "$status" -eq 0
    # The compiler that wrote the real samples planned one unshuffled attempt: --seed-shuffle off
    # gives both dumps exactly, offsets and Lives.
    for sample in fake_attn_fwd fake_attn_fwd_overflow; do
        run plan "$samples/$sample/$sample.ttadapter" --seed-shuffle off --out "$work/unshuffled_$sample"
        check "plan --seed-shuffle off reproduces $sample's dump" python3 - "$samples/$sample/memory_info_aiv.json" "$work/unshuffled_$sample/memory_info_aiv.json" <<'PY'
import json, sys
dump, planned = (json.load(open(p)) for p in sys.argv[1:3])
def plan(d):
    return [(r["scope"], [(b["offset"], b["life_time_in_ir"], b["extent"]) for b in r["memory_info_array"]]) for r in d["Record"]]
assert plan(dump) == plan(planned), (plan(dump), plan(planned))
PY
    done
    run plan "$samples/fake_attn_fwd/fake_attn_fwd.ttadapter" --seed-shuffle sometimes
    check "--seed-shuffle takes on or off" grep -q -- "--seed-shuffle must be on or off" "$work/err"
    run plan "$work/nowhere.mlir"
    check "plan of a missing file exits 2" test "$status" -eq 2
    run plan --help
    check "plan --help names --strategy" grep -q -- "--strategy" "$work/out"
fi

# A5: the target chooses the compiler's pass (hivm-plan-memory-regbase), a MIX function has 216 KB
# of UB, and --pass names the pass with its own options.
run plan "$data/mlir/a5_mix_kernel.mlir" --format json
check "plan of an A5 MIX kernel with no shared-mem-dynamic-size is the newer compiler's error" grep -q "SharedMemDynamicSize have to in range \[122880, 221184\], but got -1!" "$work/out"
check "plan names the newest compiler generation by default" test "$(json_value 'd["compiler_generation"]')" = newer
run plan "$data/mlir/a5_mix_kernel.mlir" --pass "hivm-plan-memory-regbase=shared-mem-dynamic-size=221184"
check "shared-mem-dynamic-size gives a MIX function that many bytes of UB" grep -q "while 1769472 bits available!" "$work/out"
run plan "$data/mlir/a5_mix_kernel.mlir" --format json --compiler-generation 52f96a1
check "plan of an A5 MIX kernel exits 3" test "$status" -eq 3
check "plan of an A5 kernel runs the regbase pass" test "$(json_value 'd["pass"]')" = "hivm-plan-memory-regbase"
check "an A5 overflow has no (possible reason) suffix" grep -q '"error_info": "ub overflow, requires 1966080 bits while 1769472 bits available!"' "$work/out"
run plan "$data/mlir/a5_mix_kernel.mlir" --pass "hivm-plan-memory-regbase=simt-vf-dynamic-size=128"
check "a smaller simt-vf-dynamic-size says its capacity" grep -q "while 1048576 bits available!" "$work/out"
run plan "$data/mlir/a5_mix_kernel.mlir" --target Ascend910B1 --format json
check "--target Ascend910B1 runs the A2/A3 pass" test "$(json_value 'd["pass"]')" = "hivm-plan-memory"
run plan "$data/mlir/a5_mix_kernel.mlir" --pass "hivm-plan-memory-regbase=simt-vf-dynamic-size=240"
check "simt-vf-dynamic-size out of range is the compiler's error" grep -q "SimtVFDynamicSize have to in range \[128, 216\], but got 240!" "$work/out"
run plan "$data/mlir/double_buffered_loop.mlir" --format json --pass "hivm-plan-memory=plan-memory-strategy=largest-first"
check "--pass's plan-memory-strategy plans largest-first" test "$(json_value 'd["strategy"]')" = largest-first
run plan "$data/mlir/double_buffered_loop.mlir" --format json --strategy largest-first
check "--strategy largest-first still plans largest-first" test "$(json_value 'd["strategy"]')" = largest-first
run plan "$data/logs/a5_pair/compile.log"
check "an A5 plan that fits says its Allocated UB size as the compiler prints it" grep -q "Allocated UB size = 1966080 bits" "$work/out"
run plan "$data/logs/a5_pair/compile.log" --format json
check "plan --format json has allocated_ub_bits on A5" test "$(json_value 'd["functions"][0]["allocated_ub_bits"]')" = 1966080
run plan "$data/mlir/double_buffered_loop.mlir" --format json
check "an A2/A3 plan has no allocated_ub_bits" test "$(json_value '"allocated_ub_bits" in d["functions"][0]')" = False
run plan "$data/mlir/a5_vf_mix.mlir" --format json
check "plan of an A5 VF call puts its output over its dying input" test "$(json_value '[a["offsets"] for a in d["functions"][1]["scopes"][0]["allocs"] if a["name"] in ("%x", "%y")]')" = "[[0], [0]]"
check "the other core's side of a coupled buffer is cast at the owner's offsets" test "$(json_value '[(c["name"], c["owned"], c["cast_offsets"]) for c in d["functions"][0]["coupled"]]')" = "[('%u', False, [16384])]"
run plan "$data/mlir/a5_vf_mix.mlir" --pass "hivm-plan-memory-regbase"
check "plan's table says where the other core's side is cast" grep -q "%u (line .*): the other core's side of tightly coupled buffer 3, not planned here; cast at 16384 B" "$work/out"
run plan "$data/mlir/a5_mix_kernel.mlir" --pass "hivm-plan-memory=no-such-option=1"
check "an unknown pass option exits 2" test "$status" -eq 2
check "an unknown pass option is named" grep -q "unknown option no-such-option" "$work/err"

# Every command opens an IR or a compile log by itself: the plan memlens computes.
run inspect "$data/mlir/double_buffered_loop.mlir"
check "inspect of an IR that overflows exits 3" test "$status" -eq 3
check "inspect names the IR it computed the plan from" test "$(json_value 'd["computed_from"]')" = "$data/mlir/double_buffered_loop.mlir"
check "inspect attaches the IR itself" test "$(json_value 'd["ir_file"]')" = "$data/mlir/double_buffered_loop.mlir"
run explain "$data/mlir/double_buffered_loop.mlir"
check "explain of an IR exits 3" test "$status" -eq 3
check "explain of an IR names its overflow" grep -q "Overflow: the plan needs" "$work/out"
{ echo "[INFO] compiling"; echo "// -----// IR Dump Before PlanMemory (hivm-plan-memory) //----- //"; cat "$data/mlir/double_buffered_loop.mlir"; } > "$work/compile.log"
run report "$work/compile.log" --out "$work/log_report"
check "report of a compile log exits 3" test "$status" -eq 3
check "report of a compile log writes summary.md" test -s "$work/log_report/summary.md"
if [ -d "$samples/fake_attn_fwd" ]; then
    run inspect "$samples/fake_attn_fwd/fake_attn_fwd.ttadapter"
    check "inspect of a fitting IR exits 0" test "$status" -eq 0
    run inspect "$samples/fake_attn_fwd/memory_info_aiv.json"
    check "a dump the compiler wrote is not computed" test "$(json_value 'd["computed_from"]')" = None
fi

# Hostile input to plan and --log: asked what the path is before it is opened, never a hang.
mkfifo "$work/fifo"
run_limited() { # run_limited SECONDS ARGS...: as run, killed after SECONDS (status 124)
    local limit=$1; shift
    timeout "$limit" "$memlens" "$@" >"$work/out" 2>"$work/err"; status=$?
}
run_limited 20 plan "$work/fifo"
check "plan of a FIFO exits 2 at once" test "$status" -eq 2
check "it says it is a FIFO" grep -q "is a FIFO, not a regular file" "$work/err"
for command in inspect explain; do
    run_limited 20 "$command" "$work/fifo"
    check "$command of a FIFO as the dump exits 2 at once" test "$status" -eq 2
    check "$command says it is a FIFO" grep -q "FIFO" "$work/err"
done
run_limited 20 report "$work/fifo" --out "$work/fifo-report"
check "report of a FIFO as the dump exits 2 at once" test "$status" -eq 2
run_limited 20 diff "$work/fifo" "$data/dumps/two_scopes_multibuffer.json"
check "diff with a FIFO as a dump exits 2 at once" test "$status" -eq 2
run_limited 20 explain "$data/dumps/two_scopes_multibuffer.json" --others "$work/fifo"
check "explain --others of a FIFO does not hang" test "$status" -ne 124
# A UTF-8 byte order mark before the JSON (as some editors save it) is read; binary bytes are not "UTF-16".
printf '\xEF\xBB\xBF' | cat - "$data/dumps/two_scopes_multibuffer.json" > "$work/bom.json"
run inspect "$work/bom.json"
check "a dump with a UTF-8 byte order mark is read" test "$status" -eq 0
printf '\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00' > "$work/binary.json"
run inspect "$work/binary.json"
check "binary bytes exit 2" test "$status" -eq 2
check "binary bytes are not called UTF-16" bash -c '! grep -q "UTF-16" "$1"' _ "$work/err"
run_limited 20 plan "$work"
check "plan of a folder says so" grep -q "is a directory, not a file" "$work/err"
: > "$work/empty.mlir"
run plan "$work/empty.mlir"
check "plan of an empty file exits 2 saying it is empty" grep -q "the file is empty" "$work/err"
run plan "$data/dumps/two_scopes_multibuffer.json"
check "plan of a dump says it is JSON, not IR" grep -q "is JSON (a memory dump?), not IR" "$work/err"
run_limited 20 inspect "$data/dumps/two_scopes_multibuffer.json" --log "$work/fifo"
check "--log of a FIFO exits 2 at once" test "$status" -eq 2
run_limited 20 inspect "$data/dumps/two_scopes_multibuffer.json" --log /dev/zero
check "--log /dev/zero exits 2 at once, naming a device" grep -q "/dev/zero: cannot read the compile log: the path is a device" "$work/err"
run_limited 20 inspect "$data/dumps/two_scopes_multibuffer.json" --log "$work"
check "--log of a folder says it is a folder" grep -q "the path is a directory" "$work/err"
# Nothing planned is no pass: the example's tensor-level IR has no on-chip alloc.
run plan "$data/../../resources/examples/layer_norm/block8192/_layer_norm_fwd_fused.ttadapter"
check "plan of a tensor-level IR exits 2" test "$status" -eq 2
check "it says there is nothing to plan" grep -q "nothing to plan" "$work/err"
check "and the planner's notes say why" grep -q "not in a local address space" "$work/out"
# A write that fails is exit 2, never a cut-off answer that passes.
"$memlens" plan "$data/mlir/double_buffered_loop.mlir" --format json >/dev/full 2>"$work/err"; status=$?
check "plan into a full disk exits 2" test "$status" -eq 2
check "it names the reason" grep -q "No space left on device" "$work/err"
"$memlens" inspect "$data/dumps/two_scopes_multibuffer.json" >/dev/full 2>"$work/err"; status=$?
check "inspect into a full disk exits 2" test "$status" -eq 2
check "and names the reason" grep -q "No space left on device" "$work/err"
# An answer far larger than any buffer fails long before the last flush: the reason still shows.
python3 -c "
import sys
ty = 'memref<16xf16, #hivm.address_space<ub>>'
print('module attributes {hacc.target = #hacc.target<\"Ascend910B1\">} {')
print('  func.func @wide() attributes {hacc.entry, hivm.func_core_type = #hivm.func_core_type<AIV>} {')
print('    %cst = arith.constant 1.000000e+00 : f16')
for i in range(1500): print(f'    %t{i} = memref.alloc() : {ty}')
for i in range(1500): print(f'    hivm.hir.vbrc ins(%cst : f16) outs(%t{i} : {ty})')
for i in range(1500): print(f'    hivm.hir.vabs ins(%t{i} : {ty}) outs(%t{(i + 1) % 1500} : {ty})')
print('    return\n  }\n}')
" > "$work/wide.mlir"
"$memlens" plan "$work/wide.mlir" --format json > "$work/wide.json" 2>/dev/null
check "the wide plan's answer is over 64 KB" test "$(stat -c %s "$work/wide.json")" -gt 65536
"$memlens" plan "$work/wide.mlir" --format json >/dev/full 2>"$work/err"; status=$?
check "a large answer into a full disk exits 2" test "$status" -eq 2
check "and names the reason, not a bare write error" grep -q "No space left on device" "$work/err"
# A Latin-1 path in a loc: replaced in JSON, never an abort; --out never leaves a cut file.
printf 'module {\n  func.func @k() attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {\n    %%a = memref.alloc() : memref<64xf32, #hivm.address_space<ub>> loc("/tmp/caf\xe9.py":3:1)\n    hivm.hir.vadd ins(%%a, %%a : memref<64xf32, #hivm.address_space<ub>>, memref<64xf32, #hivm.address_space<ub>>) outs(%%a : memref<64xf32, #hivm.address_space<ub>>)\n    return\n  }\n}\n' > "$work/latin1.mlir"
mkdir -p "$work/latin_out"; echo '{"previous": true}' > "$work/latin_out/memory_info_aiv.json"
run plan "$work/latin1.mlir" --format json --out "$work/latin_out"
check "plan of an IR with Latin-1 text exits 0" test "$status" -eq 0
check "its JSON parses" python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$work/out"
check "its --out dump parses" python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert 'Record' in d" "$work/latin_out/memory_info_aiv.json"
run inspect "$work/latin1.mlir"
check "inspect of it exits 0" test "$status" -eq 0
run plan "$work/latin1.mlir" --out "$work/latin1.mlir"
check "plan --out FILE says it is not a folder" grep -q -- "--out names a file, not a folder" "$work/err"
# Names from the file are escaped: an escape sequence in a function name is shown, not obeyed.
printf 'module {\n  func.func @"k\x1b]0;owned\x07"() attributes {hivm.func_core_type = #hivm.func_core_type<AIV>} {\n    %%a = memref.alloc() : memref<64xf32, #hivm.address_space<ub>>\n    hivm.hir.vadd ins(%%a, %%a : memref<64xf32, #hivm.address_space<ub>>, memref<64xf32, #hivm.address_space<ub>>) outs(%%a : memref<64xf32, #hivm.address_space<ub>>)\n    return\n  }\n}\n' > "$work/escape.mlir"
run plan "$work/escape.mlir"
check "plan prints no raw escape byte" sh -c '! grep -q "$(printf "\033")" "$1"' _ "$work/out"
# --budget: the search within capacity stops and says so.
run plan "$data/mlir/double_buffered_loop.mlir" --budget -1
check "--budget takes a count" grep -q -- "--budget takes a number of placements" "$work/err"

# A kernel's folder: a mix kernel's two dumps (memory_info_aic.json, memory_info_aiv.json) as one kernel.
mix="$data/dumps/mix"
run inspect "$mix/fits_aic_overflows_aiv/memory_info_aic.json"
cp "$work/out" "$work/aic_alone.json"
check "one file of a pair alone still fits (exit 0)" test "$status" -eq 0
run inspect "$mix/fits_aic_overflows_aiv/memory_info_aiv.json"
cp "$work/out" "$work/aiv_alone.json"
run inspect "$mix/fits_aic_overflows_aiv"
check "inspect DIR exits 3 when one core's scope overflows" test "$status" -eq 3
check "inspect DIR prints folder, kernel, dumps, notes" test "$(json_value 'list(d.keys())')" = "['folder', 'kernel', 'dumps', 'notes']"
check "inspect DIR names the mix kernel" test "$(json_value 'd["kernel"]')" = attn
check "inspect DIR lists the cube core first" test "$(json_value '[x["core"] for x in d["dumps"]]')" = "['aic', 'aiv']"
check "a pair of one compile has no notes" test "$(json_value 'd["notes"]')" = "[]"
check "each dump is today's inspect object, unchanged" python3 - "$work/out" "$work/aic_alone.json" "$work/aiv_alone.json" <<'PY'
import json, sys
folder = json.load(open(sys.argv[1]))
assert folder["dumps"] == [json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))]
PY
check "a single file's output is today's object (no folder keys)" python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert list(d)[0] == 'file' and 'folder' not in d and 'dumps' not in d" "$work/aic_alone.json"
run inspect "$mix/fits_aic_overflows_aiv" --scope cbuf
check "inspect DIR --scope cbuf exits 0 (only the cube core's cbuf)" test "$status" -eq 0
run inspect "$mix/fits_aic_overflows_aiv" --scope l0a
check "inspect DIR --scope of no core exits 2" test "$status" -eq 2
check "it names the scopes there are" grep -q "aic cbuf, aic cc, aiv ub" "$work/err"
mkdir -p "$work/no_dumps"
run inspect "$work/no_dumps"
check "a folder without dumps exits 2" test "$status" -eq 2
check "it says so, naming the folder" grep -q "$work/no_dumps: no memory_info\*.json in the folder" "$work/err"

cp -r "$mix/stale" "$work/stale"
touch -d "10 minutes ago" "$work/stale/memory_info_aiv.json"
run inspect "$work/stale"
check "a stale pair fits (exit 0)" test "$status" -eq 0
check "a stale pair names the older file and why" test "$(json_value 'd["notes"][0].split(":")[0]')" = "memory_info_aiv.json is 10 minutes older than memory_info_aic.json of the same mix kernel attn"
run inspect "$mix/unpaired"
check "names that do not pair are a note" grep -q "memory_info_aic.json (kernel a_mix_aic) and memory_info_aiv.json (kernel b_mix_aiv) do not pair" "$work/out"
run explain "$work/stale"
check "explain DIR warns of the stale file" grep -q "^Warning: memory_info_aiv.json is 10 minutes older" "$work/out"
run explain "$mix/fits_aic_overflows_aiv"
check "explain DIR exits 3" test "$status" -eq 3
check "explain DIR explains each core" test "$(grep -c '^== Core ' "$work/out")" = 2
check "explain DIR explains the vector core's ub" grep -q "Scope ub" "$work/out"

run report "$mix/fits_aic_overflows_aiv" --out "$work/mix_report"
check "report DIR exits 3" test "$status" -eq 3
for name in summary.md chart.png chart-aiv-ub.png chart.svg blocks.csv live_at_peak.csv; do
    check "report DIR writes $name" test -s "$work/mix_report/$name"
done
check "report DIR draws no chart of a scope that fits" test ! -e "$work/mix_report/chart-aic-cbuf.png"
check "chart.png is the first overflowing scope's chart" cmp -s "$work/mix_report/chart.png" "$work/mix_report/chart-aiv-ub.png"
check "summary.md has a section per core" test "$(grep -c '^## Core ' "$work/mix_report/summary.md")" = 2
check "summary.md links the overflowing scope's chart" grep -q "](chart-aiv-ub.png)" "$work/mix_report/summary.md"
run report "$mix/unpaired" --out "$work/mix_report"
check "report DIR of a pair that fits exits 0" test "$status" -eq 0
check "a later report removes the charts it no longer draws" test ! -e "$work/mix_report/chart-aiv-ub.png"

run diff "$mix/stale" "$mix/fits_aic_overflows_aiv"
check "diff DIR_A DIR_B exits 3 when a core of B overflows" test "$status" -eq 3
check "diff DIR_A DIR_B pairs the cores" test "$(grep -c '^== Core ' "$work/out")" = 2
run diff "$mix/stale" "$mix/fits_aic_overflows_aiv" --format json
check "diff DIR_A DIR_B in JSON pairs aic with aic and aiv with aiv" test "$(json_value '[c["core"] for c in d["cores"]]')" = "['aic', 'aiv']"
run diff "$mix/fits_aic_overflows_aiv" "$mix/stale/memory_info_aiv.json"
check "diff DIR FILE compares the file's core" test "$(grep -c '^== Core aiv' "$work/out")" = 1
check "and says the other core is only in A" grep -q "core aic is only in A" "$work/out"
check "diff DIR FILE exits 0 when B fits" test "$status" -eq 0

# A dump cut inside an object before its first key: the path names the object, with no dangling dot.
printf '{"Record": [{"scope": "ub", "memory_info_array": [{' >"$work/cut_in_object.json"
run inspect "$work/cut_in_object.json"
check "a dump cut before an object's first key exits 2" test "$status" -eq 2
check "its path names the object" grep -q "Record\[0\]\.memory_info_array\[0\]: invalid JSON" "$work/err"

# History's copies of a window: removed when the window is stopped, a killed run's by the next run.
history_tmp="$work/history-tmp"
mkdir -p "$history_tmp"
start_window() { # -> $window_pid; waits until the window kept its copy of the dump
    TMPDIR="$history_tmp" QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/share" \
        "$memlens" "$data/dumps/two_scopes_multibuffer.json" >/dev/null 2>&1 &
    window_pid=$!
    for _ in $(seq 200); do
        compgen -G "$history_tmp/memlens-history-$window_pid-*/*.json" >/dev/null && return 0
        sleep 0.1
    done
    return 1
}
check "the window keeps a copy of the dump in a folder of its run" start_window
killed_pid=$window_pid
kill -KILL "$killed_pid"; wait "$killed_pid" 2>/dev/null
folders_of() { compgen -G "$history_tmp/memlens-history-$1-*" >/dev/null; }
no_folders_of() { ! folders_of "$1"; }
check "a killed window leaves its folder behind" folders_of "$killed_pid"
check "the next window starts" start_window
check "and removes the killed run's folder" no_folders_of "$killed_pid"
kill -TERM "$window_pid"; wait "$window_pid"; status=$?
check "SIGTERM ends the window as Quit does (exit 0)" test "$status" -eq 0
check "and its copies are removed" no_folders_of "*"

# A5 example (resources/examples/layer_norm/a5): the layer norm as an Ascend 950 compile log with
# both sections; at 8192 the offsets are the after-section's, 16384 has none and overflows 248 KB.
a5="$(cd "$(dirname "$0")/../../resources/examples/layer_norm/a5" && pwd)"
run inspect "$a5/block8192/compile.log"
check "A5 example 8192: inspect exits 0" test "$status" -eq 0
check "A5 example 8192: the plan is read from the log's after-section" test "$(json_value 'd["plan_source"]')" = compiler_log
check "A5 example 8192: planned as the A5 pass" test "$(json_value 'd["planned_as"]')" = hivm-plan-memory-regbase
run inspect "$a5/block16384/compile.log"
check "A5 example 16384: inspect exits 3" test "$status" -eq 3
check "A5 example 16384: no after-section with offsets, memlens plans it" test "$(json_value 'd["plan_source"]')" = memlens
check "A5 example 16384: memlens's A5 error, 248 KB and no suffix" test "$(json_value 'd["scopes"][0]["error"]')" = "ub overflow, requires 2629888 bits while 2031616 bits available!"
run report "$a5/block16384/compile.log" --out "$work/a5_16384"
check "A5 example 16384: report exits 3" test "$status" -eq 3
run report "$a5/block8192/compile.log" --out "$work/a5_8192"
check "A5 example 8192: report exits 0" test "$status" -eq 0
check "A5 example 8192: the log states its Allocated UB size" grep -q '^\[AscendNPU IR\] Allocated UB size = 1577216 bits $' "$a5/block8192/compile.log"
run plan "$a5/block8192/compile.log" --format json
check "A5 example 8192: plan gives the log's allocated_ub_bits" test "$(json_value 'd["functions"][0]["allocated_ub_bits"]')" = 1577216

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
