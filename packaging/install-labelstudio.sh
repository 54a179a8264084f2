#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs Label Studio (pinned) into its own virtual environment for the interop tests (tests/interop): the
# real server that `kwb export --format labelstudio` files are round-tripped through. Its own venv because
# Label Studio pins Django and many other packages that must not meet the runner python's. Idempotent and
# quiet: a venv that already has the pinned version is left alone. Override the place with KWB_LABELSTUDIO_VENV.
# Also makes `kwb-template/label_studio.sqlite3` in the venv: an empty database with Label Studio's migrations
# applied (minutes on a small machine), which each test run copies into its throw-away data folder instead of
# migrating again.
set -euo pipefail

version="1.23.2"
# Label Studio 1.23.2 asks for sentry-sdk>=2.16 with no upper bound; sentry-sdk 3 dropped options its settings pass
# ("TypeError: Unknown option 'send_default_pii'"), and the server no longer starts. Held below 3.
pins=("sentry-sdk<3")
venv="${KWB_LABELSTUDIO_VENV:-${XDG_DATA_HOME:-$HOME/.local/share}/kernel-workbench/labelstudio-venv}"

installed() {
    [ -x "$venv/bin/python" ] &&
        [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("label-studio"))' 2>/dev/null)" = "$version" ] &&
        "$venv/bin/python" -c 'import importlib.metadata as m, sys; sys.exit(int(m.version("sentry-sdk").split(".")[0]) >= 3)' 2>/dev/null
}

template="$venv/kwb-template"
make_template() {
    [ -s "$template/label_studio.sqlite3" ] && return 0
    echo "install-labelstudio: migrating an empty database into $template"
    rm -rf "$template.tmp"
    # `label-studio version` applies the migrations and exits; no analytics, no version check.
    LABEL_STUDIO_BASE_DATA_DIR="$template.tmp" COLLECT_ANALYTICS=false LATEST_VERSION_CHECK=false \
        "$venv/bin/label-studio" version >"$venv/kwb-template.log" 2>&1 ||
        { echo "install-labelstudio: migrating failed, see $venv/kwb-template.log" >&2; exit 1; }
    rm -f "$template.tmp/.env"
    mv "$template.tmp" "$template"
}

if installed; then
    make_template
    echo "install-labelstudio: label-studio $version present in $venv"
    exit 0
fi
if [ ! -x "$venv/bin/python" ]; then
    echo "install-labelstudio: creating $venv (from /usr/bin/python3)"
    /usr/bin/python3 -m venv "$venv"
fi
echo "install-labelstudio: installing label-studio==$version into $venv (a few minutes)"
"$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null
"$venv/bin/python" -m pip install -q --disable-pip-version-check "label-studio==$version" "${pins[@]}"
installed || { echo "install-labelstudio: label-studio $version did not install into $venv" >&2; exit 1; }
rm -rf "$template"
make_template
echo "install-labelstudio: label-studio $version installed in $venv"
