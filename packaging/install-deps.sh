#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs every Debian 12 package that building, running and testing the workbench needs.
# Idempotent: packages already present are skipped by apt; safe to run on every CI start.
set -euo pipefail

packages=(
    # build
    build-essential cmake ninja-build pkg-config git clang-format
    # compiler cache: a fresh clone reuses objects from earlier builds (CMakeLists.txt uses it when found)
    ccache
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev libqt6sql6-sqlite
    libqt6opengl6-dev libxkbcommon-dev libvulkan-dev
    libqscintilla2-qt6-dev nlohmann-json3-dev libgl-dev
    # GUI tests and screenshots
    xvfb xauth fonts-dejavu-core
    # sanitizer and fuzz builds (the asan, tsan and fuzz presets), packaging and its checks
    clang libclang-rt-14-dev dpkg-dev file desktop-file-utils appstream
    # runtime tools used by the engine and its tests
    python3 python3-numpy python3-venv bubblewrap rsync openssh-client
    # remote executors and their tests (tests/remote: a throw-away sshd, a one-node Slurm with munge)
    openssh-server slurm-wlm slurmctld slurmd slurm-client munge
    # task.yml of imported GPU MODE tasks (resources/importers/kwb_scan.py)
    python3-yaml
    # reference agreement statistics for the audit tests (tests/audit/fixtures/agreement_reference.py)
    python3-sklearn python3-statsmodels python3-nltk
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

# The runner python and its pip packages: torch and triton (KWB_LEAN=1 skips them), jax[cpu] for Pallas.
bash "$(dirname "$0")/install-python-deps.sh"
# Label Studio in its own venv, for the interop test (tests/interop: the Label Studio round trip).
bash "$(dirname "$0")/install-labelstudio.sh"
