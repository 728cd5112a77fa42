#!/usr/bin/env bash
# Builds memlens and opens the bundled example: the layer-norm kernel whose
# BLOCK_SIZE 16384 overflows the Unified Buffer. With no display it writes the
# headless report instead and says where.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build=${MEMLENS_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --target memlens
example=resources/examples/layer_norm/block16384
dump=$example/memory_info_aiv.json
ir=$example/_layer_norm_fwd_fused.ttadapter
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    exec "$build/app/memlens" "$dump" --ir "$ir" "$@"
fi
out=${MEMLENS_REPORT_DIR:-$build/example-report}
status=0
"$build/app/memlens" report "$dump" --ir "$ir" --out "$out" "$@" || status=$?
echo "memlens: no display, so the report was written instead: $out/summary.md (exit status $status: 3 means the plan overflows)"
[ "$status" -eq 0 ] || [ "$status" -eq 3 ]
