#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The device check: kwb's GPU paths exercised in one call on a GPU host, every result under $OUT
# (tests/gpu/README.md). Needs python3 (standard library only) and, for kwb, the bundle made by tests/gpu/pack_kwb.sh
# (build/device-check/kwb-carry.tar.gz, or KWB_DEVICE_CHECK_CARRY), KWB_BIN, or a kwb on PATH.
#
#   OUT=/tmp/dc tests/gpu/device-check.sh                         # on a GPU host
#   OUT=/tmp/dc KWB_DEVICE_CHECK_DRY=1 tests/gpu/device-check.sh  # anywhere: the GPU steps are skipped
#
# The other settings (deadline, parallel jobs, a step filter, the runner python) are described in device_check.py.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
py=$(command -v python3 || true)
if [[ -z $py ]]; then
    echo "device-check.sh: python3 not found on PATH" >&2
    exit 2
fi
exec "$py" -s "$here/device_check.py" "$@"
