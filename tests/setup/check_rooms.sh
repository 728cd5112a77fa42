#!/usr/bin/env bash
# core/ is built in rooms, each allowed to include only the rooms below it
# (docs/design.md, Layers). Fails on a file outside the rooms, on a room this
# script does not know, and on an include that reaches up.
# usage: check_rooms.sh SOURCE_DIR
set -uo pipefail
source_dir=${1:?usage: check_rooms.sh SOURCE_DIR}
cd "$source_dir/core" || exit 2

# room: the rooms it may include besides itself, lowest first.
declare -A may=(
    [base]=""
    [text]="base"
    [dump]="base text"
    [planner]="base"
    [source]="base text dump"
    [compile_log]="base text dump source planner"
    [analysis]="base text dump"
    [document]="base text dump source compile_log analysis planner"
    [kernel_source]="base text dump source compile_log analysis planner document"
    [diagnosis]="base text dump source compile_log analysis planner document kernel_source"
    [diff]="base text dump source compile_log analysis planner document kernel_source diagnosis"
    [run]="base text dump source compile_log analysis planner document kernel_source diagnosis diff"
    [cli]="base text dump source compile_log analysis planner document kernel_source diagnosis diff run"
    [record]="base text dump source compile_log analysis planner document kernel_source diagnosis diff run cli"
)

failures=0
for file in *; do
    if [ -f "$file" ] && [ "$file" != CMakeLists.txt ]; then
        echo "outside every room: core/$file"
        failures=$((failures + 1))
    fi
done
for dir in */; do
    room=${dir%/}
    if [ -z "${may[$room]+set}" ]; then
        echo "a room the rules do not know: core/$room (add it to tests/setup/check_rooms.sh and docs/design.md)"
        failures=$((failures + 1))
        continue
    fi
    allowed=" $room ${may[$room]} "
    while IFS=: read -r file line include; do
        target=$(sed -E 's|.*#include "core/([a-z_]+)/.*|\1|' <<<"$include")
        if [[ "$allowed" != *" $target "* ]]; then
            echo "core/$file:$line: room $room includes room $target: $include"
            failures=$((failures + 1))
        fi
    done < <(grep -rnE '^#include "core/[a-z_]+/' "$room" --include='*.cpp' --include='*.hpp')
done
# The views show documents: they never reach the command line's layer.
while IFS=: read -r file line include; do
    echo "views/$file:$line: a view includes the command line: $include"
    failures=$((failures + 1))
done < <(cd ../views && grep -rnE '^#include "core/(cli|record)/' . --include='*.cpp' --include='*.hpp' | sed 's|^\./||')
if [ "$failures" -gt 0 ]; then
    echo "FAILED: $failures include(s) or file(s) break the rooms of core/"
    exit 1
fi
echo "rooms: every include in core/ stays in its room or goes down"
