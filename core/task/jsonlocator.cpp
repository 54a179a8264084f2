// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/jsonlocator.h"

#include <vector>

namespace kwb {
namespace {
// One open container while scanning: its pointer, whether it is an array, the next index, and
// the key most recently read (objects).
struct Frame {
    QString pointer;
    bool array = false;
    int index = 0;
    QString key;
};

class Scanner {
public:
    Scanner(const QByteArray& text, QHash<QString, int>& lines)
        : m_text(text)
        , m_lines(lines)
    {
    }

    void run()
    {
        m_lines.insert(QString(), 1);
        while (skipSpace()) {
            const char c = m_text.at(m_pos);
            if (c == '{' || c == '[') {
                const QString p = valuePointer();
                m_lines.insert(p, m_line);
                m_stack.push_back(Frame { p, c == '[', 0, {} });
                m_expectKey = c == '{';
                ++m_pos;
            } else if (c == '}' || c == ']') {
                if (m_stack.empty())
                    return;
                m_stack.pop_back();
                m_expectKey = false;
                ++m_pos;
            } else if (c == ',') {
                if (m_stack.empty())
                    return;
                if (m_stack.back().array)
                    ++m_stack.back().index;
                else
                    m_expectKey = true;
                ++m_pos;
            } else if (c == ':') {
                ++m_pos;
            } else if (c == '"') {
                const int startLine = m_line;
                QString s = readString();
                if (m_expectKey && !m_stack.empty() && !m_stack.back().array) {
                    m_stack.back().key = s;
                    m_expectKey = false;
                } else {
                    m_lines.insert(valuePointer(), startLine);
                }
            } else {
                m_lines.insert(valuePointer(), m_line);
                while (m_pos < m_text.size() && !QByteArrayView(",}] \t\r\n").contains(m_text.at(m_pos)))
                    ++m_pos;
            }
        }
    }

private:
    bool skipSpace()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text.at(m_pos);
            if (c == '\n')
                ++m_line;
            else if (c != ' ' && c != '\t' && c != '\r')
                return true;
            ++m_pos;
        }
        return false;
    }

    QString valuePointer() const
    {
        if (m_stack.empty())
            return QString();
        const Frame& f = m_stack.back();
        return f.pointer + u'/' + (f.array ? QString::number(f.index) : JsonLocator::escape(f.key));
    }

    // Reads a string literal (decoding escapes well enough for keys: \" \\ \/ \uXXXX and the rest).
    QString readString()
    {
        QByteArray raw;
        ++m_pos;
        while (m_pos < m_text.size() && m_text.at(m_pos) != '"') {
            if (m_text.at(m_pos) == '\\' && m_pos + 1 < m_text.size()) {
                ++m_pos;
                const char e = m_text.at(m_pos);
                if (e == 'u' && m_pos + 4 < m_text.size()) {
                    raw += QString(QChar(m_text.mid(m_pos + 1, 4).toUShort(nullptr, 16))).toUtf8();
                    m_pos += 4;
                } else {
                    raw += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e;
                }
            } else {
                raw += m_text.at(m_pos);
            }
            ++m_pos;
        }
        ++m_pos;
        return QString::fromUtf8(raw);
    }

    const QByteArray& m_text;
    QHash<QString, int>& m_lines;
    std::vector<Frame> m_stack;
    qsizetype m_pos = 0;
    int m_line = 1;
    bool m_expectKey = false;
};
} // namespace

JsonLocator::JsonLocator(const QByteArray& text)
{
    Scanner(text, m_lines).run();
}

int JsonLocator::line(const QString& pointer) const
{
    QString p = pointer;
    while (true) {
        const auto it = m_lines.constFind(p);
        if (it != m_lines.constEnd())
            return *it;
        if (p.isEmpty())
            return 1;
        p.truncate(p.lastIndexOf(u'/'));
    }
}

std::pair<int, int> JsonLocator::lineColumn(const QByteArray& text, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, text.size());
    const QByteArrayView before(text.constData(), offset);
    const int line = int(before.count('\n')) + 1;
    const qsizetype lineStart = before.lastIndexOf('\n') + 1;
    return { line, int(QString::fromUtf8(before.sliced(lineStart)).size()) + 1 };
}

QString JsonLocator::escape(const QString& key)
{
    QString k = key;
    return k.replace(u'~', QStringLiteral("~0")).replace(u'/', QStringLiteral("~1"));
}

} // namespace kwb
