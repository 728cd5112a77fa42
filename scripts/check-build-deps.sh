#!/usr/bin/env bash
# Checks that every Debian package the configured build reads is installed by
# scripts/install-deps.sh: listed there, or pulled in through Depends (never
# Recommends, which the setup skips) by a listed package. A machine with extra
# packages installed passes; a fresh one would fail the same way this check does.
#
# usage: check-build-deps.sh BUILD_DIR [INSTALL_DEPS_SCRIPT]
# What is read: each package config CMake found (the *_DIR cache entries under
# /usr): the owner of <dir>/<Name>Config.cmake, not of the folder, which several
# packages share. Libraries that Find modules look up optionally (libGLU, libEGL)
# are not checked: a fresh machine without them configures all the same.
set -euo pipefail

build=${1:?usage: check-build-deps.sh BUILD_DIR [INSTALL_DEPS_SCRIPT]}
deps_script=${2:-"$(dirname "$0")/install-deps.sh"}
cache="$build/CMakeCache.txt"
[ -f "$cache" ] || { echo "check-build-deps: $cache not found: configure first" >&2; exit 2; }
[ -f "$deps_script" ] || { echo "check-build-deps: $deps_script not found" >&2; exit 2; }

# The packages the setup installs: the words of the packages=( ... ) array.
mapfile -t listed < <(sed -n '/^packages=(/,/^)/p' "$deps_script" | sed '1d;$d' | tr -s ' \t' '\n' | sed '/^$/d;/^#/d')
[ ${#listed[@]} -gt 0 ] || { echo "check-build-deps: no packages=( ... ) list in $deps_script" >&2; exit 2; }

# Everything those bring through Depends/Pre-Depends, as installed here.
declare -A provided=()
while read -r name; do
    provided[$name]=1
done < <(apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts \
             --no-breaks --no-replaces --no-enhances "${listed[@]}" 2>/dev/null \
         | sed -E 's/^ +\|?(Pre)?Depends: //; s/^ +//; s/[<>]//g; s/:[a-z0-9]+$//' | sort -u)
for name in "${listed[@]}"; do provided[$name]=1; done

# The package configs the build read.
declare -A reason=()
while IFS= read -r line; do
    entry=${line%%:*}
    dir=${line#*=}
    [ -d "$dir" ] || continue
    name=${entry%_DIR}
    lower=$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')
    for candidate in "$dir/${name}Config.cmake" "$dir/${lower}-config.cmake" "$dir/${name}-config.cmake"; do
        if [ -f "$candidate" ]; then
            reason[$candidate]="package config of $name"
            break
        fi
    done
done < <(grep -E '^[A-Za-z0-9_]+_DIR:PATH=/usr/' "$cache")

owner_of() {
    # dpkg -S prints "pkg:arch: /path" (or "pkg1, pkg2: /path"); alternatives
    # symlinks (/usr/bin/c++) belong to nobody, so fall back to their target.
    local file=$1 out
    out=$(dpkg -S "$file" 2>/dev/null | head -1) || out=
    if [ -z "$out" ]; then
        out=$(dpkg -S "$(readlink -f "$file")" 2>/dev/null | head -1) || out=
    fi
    [ -n "$out" ] || return 1
    printf '%s\n' "${out%%: *}" | tr ',' '\n' | sed -E 's/^ +//; s/:[a-z0-9]+$//'
}

missing=0
checked=0
for file in "${!reason[@]}"; do
    if ! owners=$(owner_of "$file"); then
        echo "check-build-deps: note: no Debian package owns $file (${reason[$file]}); not checked" >&2
        continue
    fi
    checked=$((checked + 1))
    ok=0
    for owner in $owners; do
        [ -n "${provided[$owner]:-}" ] && ok=1
    done
    if [ $ok -eq 0 ]; then
        echo "check-build-deps: the build reads $file (${reason[$file]}) from package '$(echo $owners)'," \
             "which $deps_script neither lists nor pulls in through Depends" >&2
        missing=1
    fi
done
[ $checked -gt 0 ] || { echo "check-build-deps: no file of $cache could be checked" >&2; exit 2; }
if [ $missing -ne 0 ]; then
    echo "check-build-deps: FAILED: add the packages above to $deps_script" >&2
    exit 1
fi
echo "check-build-deps: all $checked files the build reads come from packages the setup installs"
