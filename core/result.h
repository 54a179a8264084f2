// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <utility>
#include <variant>

namespace kwb {

/// What kind of failure an Error is — what a caller does about it (the CLI's exit code, the GUI's message).
enum class ErrorKind {
    Input, ///< the request or a file it names is wrong (exit 2): the user can fix it
    Environment, ///< this machine cannot do it (no sandbox, no tool, unwritable folder; exit 3): not the task's fault
    Stopped, ///< the user stopped it
    Internal, ///< a bug of the workbench
};

/// What went wrong, and where: enough to print one line such as
/// `task.json: /inputs/1/dtype: expected one of float32, …` or `out.npy: byte 128: truncated data`.
struct Error {
    QString file; ///< file the error is about (as the user named it), may be empty
    QString where; ///< position inside the file: a JSON path (`/inputs/1`), `byte 128`, `line 3`; may be empty
    QString what; ///< what was expected or what is wrong
    QString findingId; ///< the finding id this error maps to (e.g. `scope.missing-file`), may be empty
    int line = 0; ///< 1-based line in `file` where known, else 0
    ErrorKind kind = ErrorKind::Input;

    /// An environment problem (ErrorKind::Environment) about `file`.
    static Error environment(QString file, QString where, QString what)
    {
        return Error { std::move(file), std::move(where), std::move(what), {}, 0, ErrorKind::Environment };
    }
    /// The user stopped the work.
    static Error stopped()
    {
        return Error { {}, {}, QStringLiteral("stopped by the user"), {}, 0, ErrorKind::Stopped };
    }
    bool isEnvironment() const { return kind == ErrorKind::Environment; }
    bool isStopped() const { return kind == ErrorKind::Stopped; }

    /// `file: where: what`, leaving out the empty parts.
    QString oneLine() const
    {
        QString s;
        if (!file.isEmpty())
            s += file + QStringLiteral(": ");
        if (!where.isEmpty())
            s += where + QStringLiteral(": ");
        return s + what;
    }
};

/// A value or an Error — the return type of every synchronous core API that can fail.
/// (std::expected is C++23; this is the small part of it the project needs.)
template <typename T> class Result {
public:
    Result(T value)
        : m_v(std::move(value))
    {
    }
    Result(Error error)
        : m_v(std::move(error))
    {
    }

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(m_v); }
    const T& value() const& { return std::get<0>(m_v); }
    T&& value() && { return std::get<0>(std::move(m_v)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const { return std::get<1>(m_v); }

private:
    std::variant<T, Error> m_v;
};

/// Result for operations that return nothing on success.
struct Ok { };
using Status = Result<Ok>;

} // namespace kwb
