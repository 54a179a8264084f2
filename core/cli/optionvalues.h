#pragma once

// Checked values of a parsed `kwb` command line, shared by the commands that take numeric options.

#include "core/cli/cli.h"

#include <QCommandLineParser>

namespace kwb::cli {

/// Every bad value writes one line to `io.err` ("kwb COMMAND: --option: expected …, got '…'") and clears ok(), so a
/// command reports all of them before it exits with ExitBadInput.
class OptionValues {
public:
    OptionValues(const QCommandLineParser& parser, Io& io, QString command);

    /// `fallback` when the option is absent; else its value, which must be a number in [low, high].
    double number(const QCommandLineOption& option, double low, double high, double fallback);
    /// The option's value as an unsigned 64-bit integer (the option must be set).
    quint64 unsignedInteger(const QCommandLineOption& option);

    bool ok() const { return m_ok; }

private:
    const QCommandLineParser& m_parser;
    Io& m_io;
    QString m_command;
    bool m_ok = true;
};

} // namespace kwb::cli
