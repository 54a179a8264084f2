// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "samplebundle.h"

#include <QDir>
#include <QFile>

namespace kwb::test {

namespace {
bool writeFile(const QString& path, const QString& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.toUtf8()) == text.toUtf8().size();
}
} // namespace

QStringList referenceLines()
{
    return {
        QStringLiteral("// Reference: y = 2 x, on the host"),
        QStringLiteral("#include <cstdint>"),
        QStringLiteral("extern \"C\" void scale(const float* x, float* y, int64_t N)"),
        QStringLiteral("{"),
        QStringLiteral("    for (int64_t i = 0; i < N; ++i)"),
        QStringLiteral("        y[i] = 2.0f * x[i];"),
        QStringLiteral("}"),
    };
}

QStringList candidateLines()
{
    QStringList l = referenceLines();
    l[0] = QStringLiteral("// Candidate: y = 2 x, unrolled");
    l.insert(4, QStringLiteral("    #pragma unroll 4"));
    return l;
}

QStringList altLines()
{
    QStringList l = referenceLines();
    l[5] = QStringLiteral("        y[i] = x[i] + x[i];");
    return l;
}

bool writeBundle(const QString& dir, const QString& id)
{
    if (!QDir().mkpath(dir))
        return false;
    const QString manifest = QStringLiteral(R"({
  "format": "kwb.task/1",
  "id": "%1",
  "title": "Scale a vector, float32",
  "kind": "generation",
  "spec": "spec.md",
  "target": {"framework": "cuda", "hardware": "H100", "arch": "sm_90"},
  "dims": {"N": "number of elements"},
  "inputs": [{"name": "x", "dtype": "float32", "shape": ["N"], "init": {"dist": "normal", "mean": 0, "std": 1}}],
  "outputs": [{"name": "y", "dtype": "float32", "shape": ["N"]}],
  "cases": [{"name": "tail", "dims": {"N": 1000}}, {"name": "large", "dims": {"N": 4194304}}],
  "tolerance": {"rtol": 1e-5, "atol": 1e-6},
  "reference": {"backend": "cpp", "source": "reference.cpp", "entry": "scale", "args": ["x", "y", "N"]},
  "candidates": [
    {"id": "cand", "backend": "cpp", "source": "candidate.cu", "entry": "scale", "args": ["x", "y", "N"]},
    {"id": "alt", "backend": "cpp", "source": "alt.cu", "entry": "scale", "args": ["x", "y", "N"]}
  ]
}
)")
                                 .arg(id);
    const QString spec = QStringLiteral("# Scale\n\nCompute `y = 2 x` for a float32 vector `x` of N elements "
                                        "(N from 1 to 2^22).\n");
    const QDir d(dir);
    return writeFile(d.filePath(QStringLiteral("task.json")), manifest)
        && writeFile(d.filePath(QStringLiteral("spec.md")), spec)
        && writeFile(d.filePath(QStringLiteral("reference.cpp")), referenceLines().join(u'\n') + u'\n')
        && writeFile(d.filePath(QStringLiteral("candidate.cu")), candidateLines().join(u'\n') + u'\n')
        && writeFile(d.filePath(QStringLiteral("alt.cu")), altLines().join(u'\n') + u'\n');
}

bool writeBrokenBundle(const QString& dir)
{
    return QDir().mkpath(dir)
        && writeFile(QDir(dir).filePath(QStringLiteral("task.json")), QStringLiteral("{ \"format\": \"kwb.task/1\", "));
}

} // namespace kwb::test
