#!/usr/bin/env bash
# memlens record around a stand-in of a Triton-Ascend run (tests/record: a compiler, a backend
# and a driver that call each other as the real ones do; no real compiler is at hand here).
# Usage: run_record_tests.sh MEMLENS SOURCE_DIR
set -u
memlens=$1 source=$2
record_dir="$source/tests/record"
driver="$record_dir/driver.py"
fake_bin="$record_dir/bin"
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
passed=0 failed=0
base_path=$PATH
export TRITON_CACHE_DIR="$work/no-cache"
export PYTHONDONTWRITEBYTECODE=1 # the stand-in backend is imported from the source tree

check() { # check NAME CONDITION...
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name" >&2; fi
}
# run DIR ARGS... : in DIR, -> $status, $work/out, $work/err
run() {
    local dir=$1; shift
    (cd "$dir" && "$@" >"$work/out" 2>"$work/err"); status=$?
}
# The switches record sets, set by hand: the run without memlens sees what the run with it sees.
switches=(TRITON_MEMORY_DISPLAY=1 TRITON_DISABLE_LINE_INFO=0 TRITON_ALWAYS_COMPILE=1 ENABLE_PRINT_UB_BITS=1)
compile_folders() { find "$1" -mindepth 2 -maxdepth 2 -type d | wc -l; }
without_memlens_lines() { grep -v '^memlens record: ' "$1"; }

# 1. What the driver sees is the same with and without record: exit status, stdout, each call's bytes.
mkdir -p "$work/plain" "$work/rec"
run "$work/plain" env PATH="$fake_bin:$base_path" "${switches[@]}" python3 "$driver" --view "$work/plain/view.json"
plain_status=$status; cp "$work/out" "$work/plain.out"; cp "$work/err" "$work/plain.err"
run "$work/rec" env PATH="$fake_bin:$base_path" "$memlens" record -- python3 "$driver" --view "$work/rec/view.json"
check "record exits as the command did" test "$status" -eq "$plain_status"
check "the command's stdout is byte-identical" cmp -s "$work/plain.out" "$work/out"
check "every compiler call's exit status, stdout and stderr are as without record" \
    cmp -s "$work/plain/view.json" "$work/rec/view.json"
check "the driver's stderr is as without record (memlens's own lines and summary after it)" \
    test "$(without_memlens_lines "$work/err" | head -c "$(wc -c <"$work/plain.err")")" = "$(cat "$work/plain.err")"
check "the overflow error still reaches the user" grep -q "ub overflow, requires 2629888 bits" "$work/err"
check "no planner section reaches the user" test "$(grep -c "IR Dump" "$work/err")" = 0
check "record says which switches it set" grep -q "memlens record: set TRITON_MEMORY_DISPLAY=1 TRITON_DISABLE_LINE_INFO=0 TRITON_ALWAYS_COMPILE=1 ENABLE_PRINT_UB_BITS=1" "$work/err"
check "the compiler's --help passed through (the driver read its generation)" grep -q "compiler generation: new" "$work/out"
run_dir="$work/rec/memlens-record"
check "the run folder is memlens-record" test -d "$run_dir"
check "each compile has its folder: the kernel's 1 and 2" test "$(compile_folders "$run_dir")" = 2
check "a compile keeps its dump, log, IR, command and config" \
    test -s "$run_dir/_layer_norm_fwd_fused/1/memory_info_aiv.json" -a -s "$run_dir/_layer_norm_fwd_fused/1/compile.log" \
    -a -s "$run_dir/_layer_norm_fwd_fused/1/_layer_norm_fwd_fused.ttadapter" -a -s "$run_dir/_layer_norm_fwd_fused/1/command.txt" \
    -a -s "$run_dir/_layer_norm_fwd_fused/1/config.json"
check "its compile log holds the planner's section" grep -q "IR Dump Before PlanMemory (hivm-plan-memory)" "$run_dir/_layer_norm_fwd_fused/1/compile.log"
check "command.txt repeats the compile with the print options" grep -q -- "--mlir-print-ir-before=hivm-plan-memory" "$run_dir/_layer_norm_fwd_fused/1/command.txt"
check "config.json names the kernel and the verdict" python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (d['kernel'] == '_layer_norm_fwd_fused' and d['overflow'] and d['exit_status'] == 1))" "$run_dir/_layer_norm_fwd_fused/1/config.json"
check "the hooks are gone when the run ends" test ! -e "$run_dir/.memlens"
check "the summary follows on stderr" grep -q "memlens summary of $run_dir" "$work/err"
check "the 16384 row is re-planned: BLOCK_SIZE 16384 -> 8192 needs 192 KB" \
    grep -q "BLOCK_SIZE 16384 -> 8192: 192 KB (196608 B), re-planned" "$work/err"
run "$work/rec" "$memlens" summary "$run_dir"
check "summary DIR reads the recorded run (exit 3: a kernel overflows)" test "$status" -eq 3
check "and its lever is re-planned" grep -q "BLOCK_SIZE 16384 -> 8192: 192 KB (196608 B), re-planned" "$work/out"
run "$work/rec" "$memlens" explain "$run_dir/_layer_norm_fwd_fused/1"
check "explain of a recorded compile: the planner check ran" grep -q "Planner check: memlens plans this dump identically" "$work/out"

# 2. Three kernels and an autotuned one: a folder each, every row re-planned.
mkdir -p "$work/many"
run "$work/many" env PATH="$fake_bin:$base_path" "$memlens" record --out runs -- python3 "$driver" \
    --kernels ln_a@8192,ln_b@8192,ln_c@8192,_layer_norm_fwd_fused@16384+8192
check "a run of four kernels exits 0" test "$status" -eq 0
check "five compiles, five folders" test "$(compile_folders "$work/many/runs")" = 5
check "one folder per kernel" test "$(find "$work/many/runs" -mindepth 1 -maxdepth 1 -type d | wc -l)" = 4
run "$work/many" "$memlens" summary runs --format json
check "the summary has a row per compile" test "$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['rows']))" "$work/out")" = 5
reproduced=0
for folder in "$work"/many/runs/*/*/; do
    "$memlens" inspect "$folder" >"$work/inspect.json" 2>/dev/null
    python3 -c "import json,sys; d=json.load(open(sys.argv[1])); s=d['dumps'][0]['scopes'][0]; sys.exit(not (s['planner_check']['reproduces'] and not s['diagnosis']['predicted_because']))" "$work/inspect.json" \
        && reproduced=$((reproduced + 1))
done
check "every recorded compile is re-planned (its planner check reproduces the dump)" test "$reproduced" = 5
# The autotuned kernel's envelope: one table, its constexpr as a column, the largest that fits.
run "$work/many" "$memlens" summary runs
check "the autotuned kernel is one table of its configs" grep -q "^Configs of _layer_norm_fwd_fused aiv on Ascend910B3:" "$work/out"
check "a row per config, BLOCK_SIZE as a column" grep -qE "^  16384 +overflows +321 KB" "$work/out"
check "the largest that fits" grep -q "largest that fits: BLOCK_SIZE 8192" "$work/out"
check "a kernel of one config has no envelope" test "$(grep -c "^Configs of" "$work/out")" = 1
run "$work/many" "$memlens" summary runs --format json
check "JSON rows hold their config values" test "$(python3 -c "import json,sys; print(sorted(r['config_values']['BLOCK_SIZE'] for r in json.load(open(sys.argv[1]))['rows']))" "$work/out")" = "[8192, 8192, 8192, 8192, 16384]"
check "JSON: the envelope marks the configs memlens re-planned and the run did not compile" python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
configs = [c for e in d['envelopes'] for c in e['configs']]
replanned = [c for c in configs if not c['compiled']]
sys.exit(not (replanned and all(c['how'] == 're-planned' and c['row'] is None for c in replanned)
              and any(c['config_values'] == {'BLOCK_SIZE': 4096} and c['status'] == 'fits' for c in replanned)))" "$work/out"
run "$work/many" "$memlens" summary runs --format py
check "--format py: the configs that fit as triton.Config" grep -q '    triton.Config({"BLOCK_SIZE": 8192}),' "$work/out"
check "--format py leaves the overflowing config out" test "$(grep -c 16384 "$work/out")" = 0
check "--format py is Python" python3 -c "import ast,sys; ast.parse(open(sys.argv[1]).read())" "$work/out"
if command -v script >/dev/null; then
    (cd "$work/many" && PATH="$fake_bin:$base_path" script -qec "'$memlens' record --out tty --fail-above 95 -- python3 '$driver'" /dev/null >"$work/tty" 2>&1)
    status=$?
    check "a progress line on a terminal" grep -q "memlens record: 2 kernels compiled, 1 overflowing" "$work/tty"
else
    run "$work/many" env PATH="$fake_bin:$base_path" "$memlens" record --out gate --fail-above 95 -- python3 "$driver"
fi
check "--fail-above: the command succeeded but a kernel overflows (exit 3)" test "$status" -eq 3

# 3. The compiler bundled beside the backend, none on PATH: the Python hook records it.
cp -r "$record_dir/fake_triton" "$work/bundled"
mkdir -p "$work/bundled/triton/backends/ascend/bishengir/bin"
ln -s "$record_dir/fake_bishengir_compile.py" "$work/bundled/triton/backends/ascend/bishengir/bin/bishengir-compile"
run "$work/plain" env "${switches[@]}" python3 "$driver" --triton "$work/bundled" --view "$work/plain/bundled.json"
plain_status=$status
run "$work/rec" "$memlens" record --out bundled -- python3 "$driver" --triton "$work/bundled" --view "$work/rec/bundled.json"
check "a bundled compiler: record exits as the command did" test "$status" -eq "$plain_status"
check "a bundled compiler: every call's bytes as without record" cmp -s "$work/plain/bundled.json" "$work/rec/bundled.json"
check "a bundled compiler is recorded through the Python hook" test "$(compile_folders "$work/rec/bundled")" = 2

# 4. No Python: record one compile of bishengir-compile itself, paths relative to the caller.
mkdir -p "$work/direct/out"
sed "s|/home/dev/kernels/layer_norm.py|$source/resources/examples/layer_norm/layer_norm.py|" \
    "$source/resources/examples/layer_norm/block8192/_layer_norm_fwd_fused.ttadapter" >"$work/direct/k.ttadapter"
run "$work/direct" env PATH="$fake_bin:$base_path" "$memlens" record --out r -- bishengir-compile k.ttadapter \
    --enable-memory-display=true -o out/kernel
check "bishengir-compile recorded directly exits 0" test "$status" -eq 0
check "one compile kept" test -s "$work/direct/r/_layer_norm_fwd_fused/1/memory_info_aiv.json"
check "its output went where the caller said (relative to the caller)" test -s "$work/direct/out/kernel.o"
run "$work/direct" env PATH="$fake_bin:$base_path" "$memlens" record --out r -- bishengir-compile --help
check "--help passes through (the compiler's help, exit 0)" test "$status" -eq 0
check "the help text is the compiler's" grep -q "limit-auto-multi-buffer-buffer" "$work/out"
check "--help is no compile (no kernel folder)" test "$(compile_folders "$work/direct/r-2")" = 0
check "an existing run folder is never written into: r-2" test -d "$work/direct/r-2"
check "r keeps its one compile" test "$(compile_folders "$work/direct/r")" = 1

# 5. Failures pass through as they are.
run "$work/plain" env PATH="$fake_bin:$base_path" "${switches[@]}" FAKE_COMPILER_CRASH=1 python3 "$driver" --kernels k@8192 --view "$work/plain/crash.json"
plain_status=$status
run "$work/rec" env PATH="$fake_bin:$base_path" FAKE_COMPILER_CRASH=1 "$memlens" record --out crash -- python3 "$driver" --kernels k@8192 --view "$work/rec/crash.json"
check "a compiler that crashes: the same exit status" test "$status" -eq "$plain_status"
check "a compiler that crashes: the driver sees the same signal and bytes" cmp -s "$work/plain/crash.json" "$work/rec/crash.json"
check "the driver saw a signal (-6)" grep -q '"returncode": -6' "$work/rec/crash.json"
run "$work/plain" env PATH="$base_path" "${switches[@]}" python3 "$driver"
plain_status=$status; without_memlens_lines "$work/err" >"$work/plain.err"
run "$work/rec" env PATH="$base_path" "$memlens" record --out missing -- python3 "$driver"
check "a missing compiler: the same exit status" test "$status" -eq "$plain_status"
# (The traceback holds one frame more, memlens's Python hook around the backend's lookup.)
check "a missing compiler: the same error" test "$(without_memlens_lines "$work/err" | tail -1)" = "$(tail -1 "$work/plain.err")"
check "a missing compiler: record says nothing was compiled" grep -q "no kernel was compiled" "$work/err"
run "$work/direct" env PATH="$base_path" "$memlens" record --out none -- bishengir-compile k.ttadapter
check "bishengir-compile missing: exit 127 as a shell's" test "$status" -eq 127
run "$work/rec" env PATH="$fake_bin:$base_path" "$memlens" record --out failing -- python3 "$driver" --kernels k@8192 --fail
check "a failing command: its exit status (1)" test "$status" -eq 1
check "a failing command: its compile is still kept" test "$(compile_folders "$work/rec/failing")" = 1

# 6. Ctrl+C during a compile: the command ends by SIGINT, nothing half-written is left as a dump.
rm -f "$work/hang"
(cd "$work/rec" && PATH="$fake_bin:$base_path" FAKE_COMPILER_HANG="$work/hang" \
    setsid "$memlens" record --out interrupted -- python3 "$driver" >"$work/int.out" 2>"$work/int.err") &
waiter=$!
for _ in $(seq 100); do [ -e "$work/hang" ] && break; sleep 0.1; done
group=$(ps -o pgid= -p "$(pgrep -n -f "record --out interrupted")" | tr -d ' ')
kill -INT -- "-$group"
wait "$waiter"; status=$?
check "Ctrl+C: the compile was under way" test -e "$work/hang"
check "Ctrl+C: record ends by SIGINT as the command did (130)" test "$status" -eq 130
check "Ctrl+C: no dump is left in the run" test -z "$(find "$work/rec/interrupted" -name 'memory_info*')"
check "Ctrl+C: no staging folder is left" test ! -e "$work/rec/interrupted/.memlens"

# 7. An output folder that cannot be written: said before the command starts (exit 2).
if [ "$(id -u)" = 0 ]; then
    unwritable=/sys/kernel/memlens-record-test # root writes everywhere but in sysfs
else
    mkdir -p "$work/ro"; chmod 555 "$work/ro"; unwritable="$work/ro/run"
fi
run "$work/rec" "$memlens" record --out "$unwritable" -- touch "$work/ran"
check "an unwritable output folder: exit 2" test "$status" -eq 2
check "the command was not run" test ! -e "$work/ran"
check "and memlens says why" grep -q "cannot make the run folder.*nothing was run" "$work/err"
run "$work/rec" "$memlens" record --help
check "record --help names --fail-above" grep -q -- "--fail-above PERCENT" "$work/out"
run "$work/rec" "$memlens" record
check "record without a command is a usage error" test "$status" -eq 2

# 8. An Ascend950 (A5) compile: the regbase planner's print options, no dump, the UB size on
# stdout; the recorded run is planned from each compile log (the after-section of a compile that fits).
run "$work/plain" env PATH="$fake_bin:$base_path" "${switches[@]}" python3 "$driver" --arch Ascend950PR_950z --view "$work/plain/a5.json"
plain_status=$status; cp "$work/out" "$work/plain-a5.out"
run "$work/rec" env PATH="$fake_bin:$base_path" "$memlens" record --out a5 -- python3 "$driver" --arch Ascend950PR_950z --view "$work/rec/a5.json"
a5="$work/rec/a5/_layer_norm_fwd_fused"
check "A5: record exits as the command did" test "$status" -eq "$plain_status"
check "A5: every call's bytes as without record" cmp -s "$work/plain/a5.json" "$work/rec/a5.json"
check "A5: the driver read the UB size from stdout" grep -q "BLOCK_SIZE=8192: required_ub_bits=1577216" "$work/out"
check "A5: the command's stdout is byte-identical" cmp -s "$work/plain-a5.out" "$work/out"
check "A5: two compiles kept" test "$(compile_folders "$work/rec/a5")" = 2
check "A5: the regbase planner's print options" grep -q -- "--mlir-print-ir-after=hivm-plan-memory-regbase" "$a5/2/command.txt"
check "A5: config.json names the regbase pass and the chip" python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (d['planner_pass'] == 'hivm-plan-memory-regbase' and d['target'] == 'Ascend950PR_950z' and d['required_ub_bits'] == 1577216))" "$a5/2/config.json"
check "A5: no dump is written" test -z "$(find "$work/rec/a5" -name 'memory_info*')"
check "A5: the fitting compile's log holds the planner's after-section" grep -q "IR Dump After PlanMemoryRegBase (hivm-plan-memory-regbase)" "$a5/2/compile.log"
run "$work/rec" "$memlens" summary "$work/rec/a5" --format json
check "A5: the summary plans both from their logs, on the A5 chip" python3 -c "
import json, sys
rows = json.load(open(sys.argv[1]))['rows']
ok = len(rows) == 2 and all(r['source'] == 'compile_log' and r['target'] == 'Ascend950PR_950z' for r in rows)
fits = [r for r in rows if r['status'] == 'fits']
over = [r for r in rows if r['status'] == 'overflows']
# The after-section's plan is what the compiler reported: 1577216 bits = 197152 B.
ok = ok and len(fits) == 1 and fits[0]['peak_bytes'] == 197152 and fits[0]['capacity_bytes'] == 253952 and len(over) == 1
sys.exit(not ok)" "$work/out"

# 9. The compiler found through TRITON_NPU_COMPILER_PATH (its npuc), none on PATH or bundled.
mkdir -p "$work/npuroot"
ln -s "$record_dir/fake_bishengir_compile.py" "$work/npuroot/npuc"
run "$work/plain" env PATH="$base_path" TRITON_NPU_COMPILER_PATH="$work/npuroot" "${switches[@]}" python3 "$driver" --view "$work/plain/npuc.json"
plain_status=$status
run "$work/rec" env PATH="$base_path" TRITON_NPU_COMPILER_PATH="$work/npuroot" "$memlens" record --out npuc -- python3 "$driver" --view "$work/rec/npuc.json"
check "TRITON_NPU_COMPILER_PATH: record exits as the command did" test "$status" -eq "$plain_status"
check "TRITON_NPU_COMPILER_PATH: every call's bytes as without record" cmp -s "$work/plain/npuc.json" "$work/rec/npuc.json"
check "TRITON_NPU_COMPILER_PATH: both compiles recorded" test "$(compile_folders "$work/rec/npuc")" = 2
check "TRITON_NPU_COMPILER_PATH: the compile ran the real npuc" grep -q "^# npuc as called" "$work/rec/npuc/_layer_norm_fwd_fused/1/command.txt"
check "TRITON_NPU_COMPILER_PATH: its planner section was kept" grep -q "IR Dump Before PlanMemory (hivm-plan-memory)" "$work/rec/npuc/_layer_norm_fwd_fused/1/compile.log"

echo "record tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
