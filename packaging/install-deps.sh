#!/usr/bin/env bash
# Installs every Debian 12 package that building, running and testing the workbench needs.
# Idempotent: packages already present are skipped by apt; safe to run on every CI start.
set -euo pipefail

packages=(
    # build
    build-essential cmake ninja-build pkg-config git clang-format
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev libqt6sql6-sqlite
    libqt6opengl6-dev libxkbcommon-dev libvulkan-dev
    libqscintilla2-qt6-dev nlohmann-json3-dev libgl-dev
    # GUI tests and screenshots
    xvfb xauth fonts-dejavu-core
    # runtime tools used by the engine and its tests
    python3 python3-numpy python3-venv bubblewrap rsync openssh-client
    # tests/bench/timer_vs_gbench (optional: built only when found)
    libbenchmark-dev
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all ${#packages[@]} packages present"
else
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "install-deps: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    echo "install-deps: done"
fi

# The runner python and its pip packages (jax[cpu] for Pallas in interpret mode).
bash "$(dirname "$0")/install-python-deps.sh"
