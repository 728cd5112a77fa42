#!/usr/bin/env bash
# Builds memlens and runs every test (core, widgets offscreen, the command line).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build=${MEMLENS_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build"
if [ ! -d ../shared/samples ]; then
    echo "memlens: ../shared/samples not found: the tests on real compiler output will be SKIPPED" >&2
fi
cd "$build"
QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} ctest --output-on-failure -j "$(nproc)"
