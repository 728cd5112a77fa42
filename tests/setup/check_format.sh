#!/usr/bin/env bash
# The code keeps the style in .clang-format: every tracked C++ file is already
# formatted as clang-format-14 would format it.
# usage: check_format.sh SOURCE_DIR
set -uo pipefail
source_dir=${1:?usage: check_format.sh SOURCE_DIR}
cd "$source_dir" || exit 2
formatter=$(command -v clang-format-14 || command -v clang-format) || { echo "FAILED: clang-format-14 not installed"; exit 1; }
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' 2>/dev/null || find core views app tests bench fuzz -name '*.[ch]pp')
[ ${#files[@]} -gt 0 ] || { echo "FAILED: no C++ files found under $source_dir"; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if "$formatter" --dry-run --Werror "${files[@]}" 2>"$log"; then
    echo "format: all ${#files[@]} C++ files match .clang-format"
else
    grep -E '^[^ ].*: error' "$log" | cut -d: -f1 | sort -u | sed 's/^/not formatted: /'
    echo "FAILED: run $formatter -i on the files above"
    exit 1
fi
