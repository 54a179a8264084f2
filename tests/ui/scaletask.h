// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The small cpp task the window tests open: y = 2·x over N float32 elements, one case, the candidate's source given.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QTest>

inline void writeTestFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    f.write(bytes);
}

inline void writeScaleTask(const QString& dir, const QByteArray& candidate,
    const QString& taskId = QStringLiteral("scale"), const QString& candidateId = QStringLiteral("cand"))
{
    QDir().mkpath(dir);
    writeTestFile(dir + QStringLiteral("/spec.md"), "Scale a float32 vector x of length N by 2 into y.\n");
    writeTestFile(dir + QStringLiteral("/reference.cpp"),
        "#include <cstdint>\nextern \"C\" void scale(const float* x, float* y, int64_t n) { for (int64_t i = 0; i < n; "
        "++i) y[i] = 2 * x[i]; }\n");
    writeTestFile(dir + QStringLiteral("/candidate.cpp"), candidate);
    writeTestFile(dir + QStringLiteral("/task.json"),
        QStringLiteral(R"({
  "format": "kwb.task/1", "id": "%1", "title": "Scale", "kind": "generation", "spec": "spec.md",
  "target": {"framework": "cpp", "hardware": "H100", "arch": "sm_90"},
  "dims": {"N": "elements"},
  "inputs": [{"name": "x", "dtype": "float32", "shape": ["N"], "init": {"dist": "normal", "mean": 0, "std": 1}}],
  "outputs": [{"name": "y", "dtype": "float32", "shape": ["N"]}],
  "cases": [{"name": "tail", "dims": {"N": 1000}}],
  "tolerance": {"rtol": 1e-6, "atol": 1e-6},
  "reference": {"backend": "cpp", "source": "reference.cpp", "entry": "scale", "args": ["x", "y", "N"]},
  "candidates": [{"id": "%2", "backend": "cpp", "source": "candidate.cpp", "entry": "scale", "args": ["x", "y", "N"]}]
})")
            .arg(taskId, candidateId)
            .toUtf8());
}
