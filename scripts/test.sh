#!/usr/bin/env bash
# Builds memlens and runs every test: core, widgets offscreen, the command line,
# the setup checks (packages, .deb, format).
#
# By default the build is Debug with AddressSanitizer and UndefinedBehaviorSanitizer
# (folder build-asan): one build serves both the tests and the sanitizers, and the
# run fails on a failing test or on any sanitizer report, even one from a process
# whose exit status no test checks (the CLI script runs the real binary): every
# report goes to a log folder that is checked last.
#
#   scripts/test.sh                      the sanitized build (what CI runs)
#   MEMLENS_SANITIZE=0 scripts/test.sh   a plain RelWithDebInfo build in build/
#   MEMLENS_BUILD_DIR=...                another build folder; CXX picks the compiler
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

if [ "${MEMLENS_SANITIZE:-1}" = 0 ]; then
    build=${MEMLENS_BUILD_DIR:-build}
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
else
    build=${MEMLENS_BUILD_DIR:-build-asan}
    # clang compiles this build about a third faster than g++ (instrumented -O0 code
    # generation is most of a clean build); CC/CXX still pick another compiler.
    export CC=${CC:-clang} CXX=${CXX:-clang++}
    sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
    # Debug keeps asserts and Qt's checks. Without optimisation UBSan costs almost
    # nothing to compile (at -O1 it doubles the time); line tables (-g1) are all a
    # report's stack needs.
    # The benchmarks are left out: they measure Release code, and compiling and
    # linking nine sanitized programs nobody runs was a tenth of a clean build.
    # The plain build (MEMLENS_SANITIZE=0) builds them.
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O0 -g1" \
        -DMEMLENS_BUILD_BENCHMARKS=OFF \
        -DCMAKE_CXX_FLAGS="$sanitize" -DCMAKE_EXE_LINKER_FLAGS="$sanitize" \
        -DCMAKE_SHARED_LINKER_FLAGS="$sanitize" >/dev/null
    # Set before the build too: it runs the program (man page) and the test
    # binaries (to list their cases), and those runs are checked as well.
    logs="$PWD/$build/sanitizer-logs"
    rm -rf "$logs"
    mkdir -p "$logs"
    export ASAN_OPTIONS="halt_on_error=1:abort_on_error=0:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:log_path=$logs/asan"
    export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$logs/ubsan"
    export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
fi

cmake --build "$build"
if [ ! -d ../shared/samples ]; then
    echo "memlens: ../shared/samples not found: the tests on real compiler output will be SKIPPED" >&2
fi

status=0
(cd "$build" && QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} ctest --output-on-failure -j "$(nproc)") || status=$?

if [ -n "${logs:-}" ]; then
    reports=$(find "$logs" -type f | sort)
    if [ -n "$reports" ]; then
        echo "memlens: sanitizer reports:" >&2
        for report in $reports; do
            echo "==== $report" >&2
            cat "$report" >&2
        done
        [ "$status" -ne 0 ] || status=1
    elif [ "$status" -eq 0 ]; then
        echo "memlens: every test passed under AddressSanitizer and UndefinedBehaviorSanitizer, with no report"
    fi
    # Threads sharing a loaded document, under ThreadSanitizer: a build of its own (TSan
    # cannot join ASan), of the one suite that links only the lowest rooms (about 2 minutes).
    tsan_build=${MEMLENS_TSAN_BUILD_DIR:-build-tsan}
    cmake -S . -B "$tsan_build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
        -DMEMLENS_BUILD_GUI=OFF -DMEMLENS_BUILD_BENCHMARKS=OFF \
        -DCMAKE_CXX_FLAGS="-fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" >/dev/null
    cmake --build "$tsan_build" --target memlens_race_tests
    if TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" "$tsan_build/tests/memlens_race_tests" --reporter compact; then
        echo "memlens: the thread tests passed under ThreadSanitizer, with no report"
    else
        echo "memlens: the thread tests failed under ThreadSanitizer" >&2
        status=1
    fi
fi
exit "$status"
