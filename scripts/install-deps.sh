#!/usr/bin/env bash
# Installs the Debian 12 packages memlens builds, tests and runs with.
# Idempotent: when everything is present it only asks dpkg (about a second).
set -euo pipefail

packages=(
    g++ clang libclang-rt-14-dev cmake ninja-build ccache pkg-config
    qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev
    nlohmann-json3-dev libspdlog-dev catch2 libbenchmark-dev libsimdjson-dev
    python3 fonts-dejavu-core
    clang-format-14 help2man dpkg-dev file desktop-file-utils
    xvfb xauth
    chromium
)

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "memlens: installing ${missing[*]}" >&2
if [ "$(id -u)" -ne 0 ]; then
    sudo=sudo
else
    sudo=
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
