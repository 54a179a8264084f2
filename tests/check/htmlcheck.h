// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStringList>

// Checks that every element of an HTML page (inline SVG included) is closed in order: returns an empty string,
// or the first problem. Void elements and `/>` self-closing tags need no end tag.
inline QString htmlBalanceProblem(const QString& html)
{
    static const QRegularExpression tag(QStringLiteral("<(/?)([a-zA-Z][a-zA-Z0-9]*)\\b[^>]*?(/?)>"));
    static const QStringList voids { QStringLiteral("meta"), QStringLiteral("br"), QStringLiteral("hr"),
        QStringLiteral("img"), QStringLiteral("input"), QStringLiteral("link") };
    QStringList stack;
    // <style> and <pre> content is escaped or plain CSS; tags inside it would be text, so strip it first.
    QString text = html;
    text.remove(
        QRegularExpression(QStringLiteral("<style>.*?</style>"), QRegularExpression::DotMatchesEverythingOption));
    for (auto it = tag.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const QString name = m.captured(2).toLower();
        if (!m.captured(3).isEmpty() || voids.contains(name))
            continue;
        if (m.captured(1).isEmpty()) {
            stack << name;
        } else if (stack.isEmpty() || stack.last() != name) {
            return QStringLiteral("</%1> at %2 closes <%3>")
                .arg(name)
                .arg(m.capturedStart())
                .arg(stack.value(stack.size() - 1));
        } else {
            stack.removeLast();
        }
    }
    return stack.isEmpty() ? QString() : QStringLiteral("unclosed: ") + stack.join(u' ');
}

// Python's html.parser over the page, checking the same balance; empty string when fine or no python.
inline QString pythonHtmlProblem(const QString& path)
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"), { QStringLiteral("/usr/bin") });
    if (python.isEmpty())
        return {};
    const char* script = R"(import sys
from html.parser import HTMLParser
VOID = {"meta", "br", "hr", "img", "input", "link"}
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.stack = []; self.bad = None
    def handle_starttag(self, tag, attrs):
        if tag not in VOID: self.stack.append(tag)
    def handle_startendtag(self, tag, attrs): pass
    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.bad = self.bad or "end tag %s at %s" % (tag, self.getpos())
        else: self.stack.pop()
p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read()); p.close()
if p.bad or p.stack: print(p.bad or "unclosed %s" % p.stack); sys.exit(1)
)";
    QProcess proc;
    proc.start(python, { QStringLiteral("-s"), QStringLiteral("-c"), QString::fromLatin1(script), path });
    if (!proc.waitForFinished(30000))
        return QStringLiteral("python did not finish");
    return proc.exitCode() == 0 ? QString()
                                : QString::fromUtf8(proc.readAllStandardOutput() + proc.readAllStandardError());
}
