#!/usr/bin/env bash
# Builds memlens, packs it as a .deb (cpack; dpkg-shlibdeps names the runtime
# libraries) and installs it with apt, so memlens appears in the desktop menu and
# opens memory_info_*.json from a file manager. MEMLENS_NO_INSTALL=1 only packs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build=${MEMLENS_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --target memlens memlens_man_page
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls -t "$build"/memlens_*.deb | head -1)
echo "memlens: packed $deb"
if [ "${MEMLENS_NO_INSTALL:-0}" != 1 ]; then
    [ "$(id -u)" -eq 0 ] && sudo= || sudo=sudo
    $sudo apt-get install -y "$(realpath "$deb")"
fi
