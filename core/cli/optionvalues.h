// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
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
    /// `fallback` when the option is absent; else its value, which must be an integer in [low, high].
    int integer(const QCommandLineOption& option, int low, int high, int fallback);
    /// The option's value as an unsigned 64-bit integer (the option must be set).
    quint64 unsignedInteger(const QCommandLineOption& option);
    /// What the request of every command that starts runners shares: --timeout (seconds, when the command has
    /// it) into its limits, --seed, --no-sandbox and --keep.
    template <typename Request>
    void runnerOptions(Request& request, const QCommandLineOption* timeout, const QCommandLineOption& seed,
        const QCommandLineOption& noSandbox, const QCommandLineOption& keep)
    {
        if (timeout)
            request.limits.timeoutMs = integer(*timeout, 1, 86400, request.limits.timeoutMs / 1000) * 1000;
        if (m_parser.isSet(seed))
            request.seed = unsignedInteger(seed);
        request.sandbox = !m_parser.isSet(noSandbox);
        request.keepDir = m_parser.value(keep);
    }

    bool ok() const { return m_ok; }

private:
    const QCommandLineParser& m_parser;
    Io& m_io;
    QString m_command;
    bool m_ok = true;
};

} // namespace kwb::cli
