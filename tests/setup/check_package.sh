#!/usr/bin/env bash
# Packs memlens as a .deb and checks what a user's `apt install ./memlens_*.deb`
# would get: the runtime libraries named in Depends (found by dpkg-shlibdeps),
# the program, a valid menu entry whose command the package installs, the MIME
# type of the dumps, the icon and a man page that carries the --help text.
# usage: check_package.sh BUILD_DIR
set -uo pipefail
build_dir=${1:?usage: check_package.sh BUILD_DIR}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1"; }
finish() { echo "package: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

if ! (cd "$work" && cpack -G DEB --config "$build_dir/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1); then
    fail "cpack -G DEB: $(tail -20 "$work/cpack.log")"
    finish
fi
deb=$(ls "$work"/out/memlens_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { fail "cpack wrote no memlens_*.deb"; finish; }
pass "cpack wrote $(basename "$deb")"

depends=$(dpkg-deb -f "$deb" Depends)
for library in libqt6charts6 libqt6svg6 libqt6widgets6 libqt6gui6 libqt6core6 libspdlog libfmt9 libc6 libstdc++6; do
    # Each entry is "name (>= version)"; compare names as text (libstdc++6 is no regex).
    if sed 's/, /\n/g' <<<"$depends" | cut -d' ' -f1 | grep -q -F -e "$library"; then
        pass "Depends names $library"
    else
        fail "Depends does not name $library: $depends"
    fi
done

contents=$(dpkg-deb -c "$deb")
for file in ./usr/bin/memlens ./usr/share/applications/memlens.desktop ./usr/share/mime/packages/memlens.xml \
            ./usr/share/icons/hicolor/scalable/apps/memlens.svg ./usr/share/man/man1/memlens.1 \
            ./usr/share/memlens/guide/user-guide.md ./usr/share/memlens/guide/images/window-overview.png; do
    if grep -q " $file\$" <<<"$contents"; then pass "installs $file"; else fail "does not install $file"; fi
done

root="$work/root"
dpkg-deb -x "$deb" "$root"
desktop="$root/usr/share/applications/memlens.desktop"
if out=$(desktop-file-validate "$desktop" 2>&1) && [ -z "$out" ]; then
    pass "the menu entry is valid"
else
    fail "desktop-file-validate: $out"
fi
exec_command=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop")
if [ -x "$root/usr/bin/$exec_command" ]; then
    pass "the menu entry starts /usr/bin/$exec_command, which the package installs"
else
    fail "the menu entry's Exec=$exec_command is not a program of the package"
fi
if grep -q "MimeType=application/x-memlens-memory-plan;" "$desktop" \
    && grep -q 'type="application/x-memlens-memory-plan"' "$root/usr/share/mime/packages/memlens.xml" \
    && grep -q 'glob pattern="memory_info_\*.json"' "$root/usr/share/mime/packages/memlens.xml"; then
    pass "memory_info_*.json is a MIME type the menu entry opens"
else
    fail "the MIME type and the menu entry do not agree"
fi
if version=$("$root/usr/bin/memlens" --version 2>&1) && grep -q '^memlens [0-9]' <<<"$version"; then
    pass "the packaged program runs: $version"
else
    fail "the packaged program does not run: $version"
fi
man_page="$root/usr/share/man/man1/memlens.1"
help_text=$("$root/usr/bin/memlens" --help)
for option in $(grep -oE -- '--[a-z][a-z-]+' <<<"$help_text" | sort -u); do
    # roff writes a dash as \- ; the page must carry every option --help names.
    if ! grep -qF -- "${option//-/\\-}" "$man_page"; then
        fail "the man page lacks $option"
        finish
    fi
done
pass "the man page carries every option of --help"
finish
