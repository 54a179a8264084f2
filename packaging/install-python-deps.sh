#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Creates the Python environment that runs python implementations (the "runner python") and installs into it
# what reviewers' tasks need: PyTorch and Triton (most tasks are torch references with Triton or CUDA candidates;
# without a GPU, Triton runs in its interpreter) and jax[cpu] (Pallas kernels in interpret mode). Debian's python3
# is externally managed (PEP 668), so this is a virtual environment on top of it, with --system-site-packages so
# that Debian's python3-numpy stays visible. Idempotent: what is present at the pinned version is kept.
#
#   KWB_VENV=DIR   where the environment lives (default ~/.local/share/kernel-workbench/venv)
#   KWB_LEAN=1     a lean install: jax only, no torch/triton (about 5 GiB less; torch and triton tasks are then
#                  "not run" with an env.missing-framework finding, and their tests are skipped with a message)
set -euo pipefail

# Pinned to the versions the test suite passes with; torch's wheel brings its CUDA libraries (no GPU needed).
TORCH_VERSION=2.15.0
TRITON_VERSION=3.9.0

venv="${KWB_VENV:-${XDG_DATA_HOME:-$HOME/.local/share}/kernel-workbench/venv}"
if [ ! -x "$venv/bin/python" ]; then
    echo "install-python-deps: creating $venv (from /usr/bin/python3)"
    /usr/bin/python3 -m venv --system-site-packages "$venv"
fi
py="$venv/bin/python"
pip() { "$py" -m pip install -q --disable-pip-version-check "$@"; }

if "$py" -s -c "import jax, jax.experimental.pallas" 2>/dev/null; then
    echo "install-python-deps: jax present in $venv"
else
    echo "install-python-deps: installing jax[cpu] into $venv"
    pip "jax[cpu]"
    "$py" -s -c "import jax; print('install-python-deps: jax', jax.__version__, 'on', jax.default_backend())"
fi

if [ "${KWB_LEAN:-0}" = 1 ]; then
    echo "install-python-deps: KWB_LEAN=1: torch and triton not installed"
    exit 0
fi
have() { "$py" -s -c "import importlib.metadata as m, sys; sys.exit(m.version('$1').split('+')[0] != '$2')" 2>/dev/null; }
if have torch "$TORCH_VERSION" && have triton "$TRITON_VERSION"; then
    echo "install-python-deps: torch $TORCH_VERSION and triton $TRITON_VERSION present in $venv"
else
    echo "install-python-deps: installing torch==$TORCH_VERSION triton==$TRITON_VERSION into $venv (about 0.8 GB to download)"
    pip "torch==$TORCH_VERSION" "triton==$TRITON_VERSION"
fi
"$py" -s -c "import torch, triton; print('install-python-deps: torch', torch.__version__, 'triton', triton.__version__)"
