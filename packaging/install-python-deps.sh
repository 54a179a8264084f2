#!/usr/bin/env bash
# Creates the Python environment that runs python implementations (the "runner python") and installs what
# the tests need into it: jax[cpu] (Pallas kernels in interpret mode). Debian's python3 is externally
# managed (PEP 668), so this is a virtual environment on top of it, with --system-site-packages so that
# Debian's python3-numpy stays visible. Idempotent. torch and triton are optional (gigabytes): install them
# into the same environment by hand if wanted:  "$KWB_VENV/bin/pip" install torch triton
set -euo pipefail

venv="${KWB_VENV:-${XDG_DATA_HOME:-$HOME/.local/share}/kernel-workbench/venv}"
if [ ! -x "$venv/bin/python" ]; then
    echo "install-python-deps: creating $venv (from /usr/bin/python3)"
    /usr/bin/python3 -m venv --system-site-packages "$venv"
fi
if "$venv/bin/python" -s -c "import jax, jax.experimental.pallas" 2>/dev/null; then
    echo "install-python-deps: jax present in $venv"
    exit 0
fi
echo "install-python-deps: installing jax[cpu] into $venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check "jax[cpu]"
"$venv/bin/python" -s -c "import jax; print('install-python-deps: jax', jax.__version__, 'on', jax.default_backend())"
