// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/findinglocation.h"

#include "core/task/task.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace kwb::ui {
namespace {
void collectText(const QJsonValue& v, QStringList& out)
{
    if (v.isString())
        out << v.toString();
    else if (v.isArray())
        for (const QJsonValue& x : v.toArray())
            collectText(x, out);
    else if (v.isObject())
        for (const QJsonValue& x : v.toObject())
            collectText(x, out);
}
} // namespace

std::pair<QString, int> locationIn(const QString& text, const QStringList& sources)
{
    // `File "/work/x/candidate.py", line 23`, `candidate.cu:41:7`, `candidate.cu:41`, `candidate.cu(41)`.
    static const QRegularExpression python(QStringLiteral("File \"([^\"]+)\", line (\\d+)"));
    static const QRegularExpression compiler(QStringLiteral("([\\w./+-]+\\.[A-Za-z]+)(?::(\\d+)|\\((\\d+)\\))"));
    std::pair<QString, int> found;
    const auto match = [&](const QString& path, int line) {
        if (line <= 0)
            return false;
        const QString base = QFileInfo(path).fileName();
        for (const QString& s : sources) {
            if (QFileInfo(s).fileName() == base && (path.endsWith(s) || s.endsWith(base))) {
                found = { s, line };
                return true;
            }
        }
        return false;
    };
    // The innermost frame of a traceback is the last one: the line that raised.
    for (auto it = python.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        match(m.captured(1), m.captured(2).toInt());
    }
    if (!found.first.isEmpty())
        return found;
    for (auto it = compiler.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        if (match(m.captured(1), (m.captured(2).isEmpty() ? m.captured(3) : m.captured(2)).toInt()))
            return found;
    }
    return {};
}

void locateFindings(Findings& findings, const Task& task)
{
    QStringList sources;
    const auto add = [&](const Implementation& impl) {
        if (!impl.source.isEmpty())
            sources << impl.source;
        sources << impl.files;
    };
    add(task.reference);
    if (task.oracle)
        add(*task.oracle);
    for (const Implementation& c : task.candidates)
        add(c);
    for (Finding& f : findings) {
        if (!f.file.isEmpty())
            continue;
        QStringList texts { f.message };
        collectText(f.evidence, texts);
        for (const QString& t : texts) {
            const auto [file, line] = locationIn(t, sources);
            if (!file.isEmpty()) {
                f.file = file;
                f.line = line;
                break;
            }
        }
    }
}

} // namespace kwb::ui
