// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/optionvalues.h"

namespace kwb::cli {

OptionValues::OptionValues(const QCommandLineParser& parser, Io& io, QString command)
    : m_parser(parser)
    , m_io(io)
    , m_command(std::move(command))
{
}

double OptionValues::number(const QCommandLineOption& option, double low, double high, double fallback)
{
    if (!m_parser.isSet(option))
        return fallback;
    bool good = false;
    const double v = m_parser.value(option).toDouble(&good);
    if (!good || v < low || v > high) {
        m_io.err << "kwb " << m_command << ": --" << option.names().first() << ": expected a number in [" << low << ", "
                 << high << "], got '" << m_parser.value(option) << "'\n";
        m_ok = false;
    }
    return v;
}

int OptionValues::integer(const QCommandLineOption& option, int low, int high, int fallback)
{
    if (!m_parser.isSet(option))
        return fallback;
    bool good = false;
    const int v = m_parser.value(option).toInt(&good);
    if (!good || v < low || v > high) {
        m_io.err << "kwb " << m_command << ": --" << option.names().first() << ": expected an integer in [" << low
                 << ", " << high << "], got '" << m_parser.value(option) << "'\n";
        m_ok = false;
    }
    return v;
}

quint64 OptionValues::unsignedInteger(const QCommandLineOption& option)
{
    bool good = false;
    const quint64 v = m_parser.value(option).toULongLong(&good);
    if (!good) {
        m_io.err << "kwb " << m_command << ": --" << option.names().first() << ": expected an unsigned integer, got '"
                 << m_parser.value(option) << "'\n";
        m_ok = false;
    }
    return v;
}

} // namespace kwb::cli
