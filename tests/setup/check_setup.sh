#!/usr/bin/env bash
# The setup check itself is checked: it passes on this build, and it catches the
# mistake that once kept a fresh machine from configuring (libqt6opengl6-dev,
# whose CMake config Qt6Charts needs, missing from the package list).
# usage: check_setup.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
source_dir=${1:?usage: check_setup.sh SOURCE_DIR BUILD_DIR}
build_dir=${2:?usage: check_setup.sh SOURCE_DIR BUILD_DIR}
check="$source_dir/scripts/check-build-deps.sh"
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1"; }

if out=$("$check" "$build_dir" "$source_dir/scripts/install-deps.sh" 2>&1); then
    pass "every package config the build reads comes from a package the setup installs"
else
    fail "the setup misses packages the build reads: $out"
fi

if grep -q 'Qt6OpenGL_DIR:PATH=/usr/' "$build_dir/CMakeCache.txt"; then
    trimmed=$(mktemp)
    trap 'rm -f "$trimmed"' EXIT
    sed 's/\blibqt6opengl6-dev\b//' "$source_dir/scripts/install-deps.sh" > "$trimmed"
    if grep -q libqt6opengl6-dev "$trimmed"; then
        fail "could not remove libqt6opengl6-dev from a copy of the package list"
    elif out=$("$check" "$build_dir" "$trimmed" 2>&1); then
        fail "a package list without libqt6opengl6-dev passed the check"
    elif grep -q "libqt6opengl6-dev" <<<"$out"; then
        pass "a package list without libqt6opengl6-dev fails, naming it"
    else
        fail "the check failed without naming libqt6opengl6-dev: $out"
    fi
else
    fail "this build did not read Qt6OpenGL's config (built without the window?); the check cannot be checked"
fi

echo "setup: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
