// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "testmanifest.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace kwb::test {

nlohmann::json baseManifest()
{
    return nlohmann::json::parse(R"({
  "format": "kwb.task/1",
  "id": "vector-add-f32",
  "title": "Vector add, float32",
  "kind": "generation",
  "spec": "spec.md",
  "target": {"framework": "cuda", "hardware": "H100", "arch": "sm_90"},
  "dims": {"N": "number of elements"},
  "inputs": [{"name": "a", "dtype": "float32", "shape": ["N"], "init": {"dist": "normal", "mean": 0, "std": 1}},
             {"name": "b", "dtype": "float32", "shape": ["N"], "init": {"dist": "uniform", "low": -1, "high": 1}}],
  "outputs": [{"name": "c", "dtype": "float32", "shape": ["N"]}],
  "cases": [{"name": "tail", "dims": {"N": 1025}}, {"name": "large", "dims": {"N": 16777216}}],
  "tolerance": {"rtol": 1e-5, "atol": 1e-6},
  "reference": {"backend": "cpp", "source": "reference.cpp", "entry": "vector_add", "args": ["a", "b", "c", "N"]},
  "candidates": [{"id": "cand", "backend": "cuda", "source": "candidate.cu", "entry": "vector_add",
                  "args": ["a", "b", "c", "N"]}],
  "benchmark": {"flops": "N", "bytes": "12*N"}
})");
}

void edit(nlohmann::json& manifest, const QString& pointer, const QString& valueJson, bool remove)
{
    const nlohmann::json::json_pointer p(pointer.toStdString());
    if (remove)
        manifest.at(p.parent_pointer()).erase(p.back());
    else
        manifest[p] = nlohmann::json::parse(valueJson.toStdString());
}

QString defaultSpec()
{
    return QStringLiteral("# Vector add\n\nGiven float32 vectors `a` and `b` of N elements, compute c = a + b.\n");
}

bool writeFile(const QString& dir, const QString& name, const QByteArray& text)
{
    const QString path = QDir(dir).filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

bool writeBundle(const QString& dir, const nlohmann::json& manifest, const QString& spec)
{
    return writeFile(dir, QStringLiteral("task.json"), QByteArray::fromStdString(manifest.dump(2)))
        && writeFile(dir, QStringLiteral("spec.md"), (spec.isNull() ? defaultSpec() : spec).toUtf8())
        && writeFile(dir, QStringLiteral("reference.cpp"),
            "#include <cstdint>\nextern \"C\" void vector_add(const float* a, const float* b, float* c, int64_t n)\n"
            "{\n    for (int64_t i = 0; i < n; ++i)\n        c[i] = a[i] + b[i];\n}\n")
        && writeFile(dir, QStringLiteral("candidate.cu"),
            "#include <cstdint>\n__global__ void add(const float* a, const float* b, float* c, int64_t n)\n{\n"
            "    int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;\n    if (i < n)\n        c[i] = a[i] + "
            "b[i];\n}\n");
}

} // namespace kwb::test
