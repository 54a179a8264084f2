// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/executors/hostcheck.h"

#include "core/executors/sshtransport.h"

namespace kwb {

namespace {
// Each probe prints `name|found|version|path|note`.
const char* const probeScript = R"SH(
probe() { name=$1; pick=$2; shift 2
  p=$(command -v "$1" 2>/dev/null)
  if [ -n "$p" ]; then v=$("$@" 2>&1 | grep -v '^[[:space:]]*$' | $pick -n 1); echo "$name|1|$v|$p|"
  else echo "$name|0|||$1 not found on PATH"; fi; }
echo "connection|1|$(uname -sr)|$(hostname)|"
if mkdir -p "$ROOT" 2>/dev/null && [ -w "$ROOT" ]; then echo "work root|1|writable|$(cd "$ROOT" && pwd)|"
else echo "work root|0|||cannot create or write $ROOT"; fi
probe rsync head rsync --version
probe setsid head setsid --version
probe timeout head timeout --version
probe g++ head "$GXX" --version
probe nvcc tail "$NVCC" --version
probe python head "$PY" --version
v=$("$PY" -c 'import numpy; print(numpy.__version__)' 2>/dev/null)
[ -n "$v" ] && echo "numpy|1|$v||" || echo "numpy|0|||not importable by $PY"
if command -v bwrap >/dev/null 2>&1; then
  if bwrap --unshare-all --die-with-parent --ro-bind / / true >/dev/null 2>&1; then echo "bubblewrap|1|usable|$(command -v bwrap)|"
  else echo "bubblewrap|0|||installed but cannot create namespaces: runs use rlimits + timeout only"; fi
else echo "bubblewrap|0|||not installed: runs use rlimits + timeout only"; fi
g=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1)
[ -n "$g" ] && echo "gpu|1|$g|$(command -v nvidia-smi)|" || echo "gpu|0|||no NVIDIA GPU visible (nvidia-smi)"
)SH";

struct Expect {
    const char* name;
    const char* purpose;
    bool required;
};
const Expect expected[] = {
    { "connection", "ssh in batch mode with the user's configuration", true },
    { "work root", "per-run folders and the runner cache", true },
    { "rsync", "copies work folders both ways", true },
    { "setsid", "runs each runner in a process group that Stop kills", true },
    { "timeout", "the wall-clock limit", true },
    { "g++", "builds cpp runners", false },
    { "nvcc", "builds cuda runners", false },
    { "python", "runs python implementations", false },
    { "numpy", "the python runner's arrays", false },
    { "bubblewrap", "isolates runners (else rlimits + timeout)", false },
    { "gpu", "CUDA runners", false },
};
} // namespace

QList<ToolInfo> probeSshHost(const HostSettings& settings)
{
    SshTransport ssh(settings);
    LiveOptions opt;
    opt.timeoutMs = (settings.connectTimeoutS + 30) * 1000;
    const QString vars = QStringLiteral("ROOT=%1 GXX=%2 NVCC=%3 PY=%4\n")
                             .arg(SshTransport::quote(settings.workRoot), SshTransport::quote(settings.gxx),
                                 SshTransport::quote(settings.nvcc), SshTransport::quote(settings.python));
    opt.input = vars.toUtf8() + probeScript;
    const LiveRun r = ssh.run({ QStringLiteral("sh"), QStringLiteral("-s") }, opt);
    QMap<QString, ToolInfo> seen;
    for (const QByteArray& line : r.out.split('\n')) {
        const QStringList f = QString::fromUtf8(line).split(QLatin1Char('|'));
        if (f.size() < 5)
            continue;
        ToolInfo t;
        t.name = f[0];
        t.found = f[1] == u"1";
        t.version = f[2].trimmed();
        t.path = f[3];
        t.note = f[4];
        seen.insert(t.name, t);
    }
    QList<ToolInfo> tools;
    for (const Expect& e : expected) {
        ToolInfo t = seen.value(QLatin1StringView(e.name));
        t.name = QLatin1StringView(e.name);
        t.purpose = QLatin1StringView(e.purpose);
        t.required = e.required;
        if (!seen.contains(t.name)) {
            if (r.ok())
                t.note = QStringLiteral("not reported");
            else
                t.note = tools.isEmpty() ? ssh.describe(r, QStringLiteral("probe"))
                                         : QStringLiteral("not probed: no connection");
        }
        tools << t;
    }
    return tools;
}

} // namespace kwb
