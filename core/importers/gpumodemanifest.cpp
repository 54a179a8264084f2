// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/importers/gpumodemanifest.h"

#include <QRegularExpression>

namespace kwb {

// The output dtype the description states ("Output: … (float16)"), else empty.
QString describedOutputDtype(const QString& description)
{
    static const QRegularExpression re(
        QStringLiteral(
            "output[^\\n]*?\\b(float16|bfloat16|float32|float64|float8_e4m3fn|float8_e5m2|int8|int32|int64|uint8)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(description);
    return m.hasMatch() ? m.captured(1).toLower() : QString();
}

// The manifest's outputs: as many as ref_kernel returns (a tuple literal counts its items), each with the dtype
// its return expression casts to, else the one the description states, else float32 with a note (the reference's
// first run checks it). An output count the scanner cannot read is a note too, never a silent guess.
QJsonArray gpuModeOutputs(const QJsonObject& returns, const QString& described, int descriptionLine, QJsonArray& notes)
{
    const auto note = [&](const QString& file, int line, const QString& message) {
        notes.append(QJsonObject { { QStringLiteral("file"), file }, { QStringLiteral("line"), line },
            { QStringLiteral("message"), message } });
    };
    int count = returns.value(QStringLiteral("count")).toInt(0);
    if (count < 1) {
        count = 1;
        note(QStringLiteral("reference.py"), returns.value(QStringLiteral("line")).toInt(),
            QStringLiteral("ref_kernel returns different numbers of values on different paths: the manifest says one "
                           "output, and the reference's first run checks it"));
    }
    const QJsonArray casts = returns.value(QStringLiteral("dtypes")).toArray();
    const QJsonArray buffers = returns.value(QStringLiteral("buffer_dtypes")).toArray();
    QJsonArray out;
    bool guessed = false;
    for (int i = 0; i < count; ++i) {
        QString dtype = casts.at(i).toString();
        // The buffer generate_input hands the submission fixes the answer's dtype; the reference may compute
        // wider (a float64 prefix sum into a float32 buffer), and its result is rounded to the buffer's dtype.
        if (const QString buffer = buffers.at(i).toString(); !buffer.isEmpty()) {
            if (!dtype.isEmpty() && dtype != buffer)
                note(QStringLiteral("reference.py"), returns.value(QStringLiteral("line")).toInt(),
                    QStringLiteral("ref_kernel returns %1 where generate_input hands a %2 buffer for out%3: the "
                                   "manifest says %2 (the task's dtype), and the reference's result is rounded to it")
                        .arg(dtype, buffer)
                        .arg(i));
            dtype = buffer;
        }
        if (dtype.isEmpty())
            dtype = described;
        if (dtype.isEmpty()) {
            dtype = QStringLiteral("float32");
            guessed = true;
        }
        out.append(QJsonObject {
            { QStringLiteral("name"), QStringLiteral("out%1").arg(i) }, { QStringLiteral("dtype"), dtype } });
    }
    if (guessed)
        note(QStringLiteral("task.yml"), descriptionLine,
            QStringLiteral("output dtype not stated in the description nor cast in ref_kernel's return: the manifest "
                           "says float32, and the reference's first run checks it"));
    return out;
}

std::optional<QJsonObject> toleranceFrom(const QJsonObject& refNames)
{
    const QString assigned = refNames.value(QStringLiteral("check_implementation"))
                                 .toObject()
                                 .value(QStringLiteral("assigned"))
                                 .toString();
    static const QRegularExpression rtol(QStringLiteral("rtol\\s*=\\s*([0-9.eE+-]+)"));
    static const QRegularExpression atol(QStringLiteral("atol\\s*=\\s*([0-9.eE+-]+)"));
    const auto r = rtol.match(assigned), a = atol.match(assigned);
    if (!r.hasMatch() || !a.hasMatch())
        return std::nullopt;
    return QJsonObject { { QStringLiteral("rtol"), r.captured(1).toDouble() },
        { QStringLiteral("atol"), a.captured(1).toDouble() } };
}

} // namespace kwb
