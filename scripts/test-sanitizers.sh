#!/usr/bin/env bash
# Builds memlens with AddressSanitizer + UndefinedBehaviorSanitizer (Debug, so
# Qt's own asserts are on too) in a build folder of its own and runs the tests
# there. Exits non-zero on a failing test and on any sanitizer report, even one
# in a process whose exit status a test does not check (the CLI script runs
# the real binary): every report is also written to a log that is checked last.
#
#   scripts/test-sanitizers.sh            core, CLI, views and app tests
#   MEMLENS_SANITIZER_SUITES=core scripts/test-sanitizers.sh   the Qt-free core tests only (no GUI build)
#   MEMLENS_SANITIZER_BUILD_DIR=... (default build-asan); CC/CXX pick the compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${MEMLENS_SANITIZER_BUILD_DIR:-build-asan}
suites=${MEMLENS_SANITIZER_SUITES:-all}

sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# -O1 keeps the suite fast enough for CI; Debug keeps asserts and Qt's checks.
gui=ON
[ "$suites" = all ] || gui=OFF # core: the Qt-free library and its tests only, a much shorter build
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DMEMLENS_BUILD_BENCHMARKS=OFF -DMEMLENS_BUILD_FUZZERS=OFF \
    -DMEMLENS_BUILD_GUI=$gui \
    -DCMAKE_CXX_FLAGS="$sanitize -O1" -DCMAKE_EXE_LINKER_FLAGS="$sanitize" -DCMAKE_SHARED_LINKER_FLAGS="$sanitize" >/dev/null

# ctest names: one test per Catch2 case, prefixed by its suite; the CLI script is one test.
targets=(memlens_core_tests)
tests='^core/'
if [ "$suites" = all ]; then
    targets+=(memlens memlens_views_tests memlens_app_tests)
    tests='^(core/|views/|app/|memlens_cli_tests$)'
fi
cmake --build "$build" --target "${targets[@]}"

logs="$PWD/$build/sanitizer-logs"
rm -rf "$logs"
mkdir -p "$logs"
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=0:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:log_path=$logs/asan"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$logs/ubsan"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"

status=0
(cd "$build" && QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} ctest --output-on-failure -j "${MEMLENS_SANITIZER_JOBS:-2}" -R "$tests") || status=$?

reports=$(find "$logs" -type f | sort)
if [ -n "$reports" ]; then
    echo "memlens: sanitizer reports:" >&2
    for report in $reports; do
        echo "==== $report" >&2
        cat "$report" >&2
    done
    [ "$status" -ne 0 ] || status=1
fi
if [ "$status" -eq 0 ]; then
    echo "memlens: sanitizer suite ($suites) passed with no sanitizer report"
fi
exit "$status"
