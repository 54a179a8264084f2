// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/review/reviewchecks.h"

#include <QRegularExpression>

namespace kwb {

const QList<ContradictionRule>& contradictionRules()
{
    // A score this high claims the absence of exactly what these findings show.
    static const QList<ContradictionRule> rules {
        { QStringLiteral("NC4"), 4, QStringLiteral("correct.mismatch"),
            QStringLiteral("elements are outside tolerance") },
        { QStringLiteral("NC4"), 4, QStringLiteral("correct.nan-mismatch"),
            QStringLiteral("NaN/Inf differ from the reference") },
        { QStringLiteral("NC4"), 4, QStringLiteral("correct.shape-mismatch"),
            QStringLiteral("an output has the wrong shape") },
        { QStringLiteral("NC4"), 4, QStringLiteral("correct.dtype-mismatch"),
            QStringLiteral("an output has the wrong dtype") },
        { QStringLiteral("NC4"), 4, QStringLiteral("correct.unwritten-output"),
            QStringLiteral("outputs are left unwritten") },
        { QStringLiteral("NC4"), 4, QStringLiteral("correct.stale-output"),
            QStringLiteral("outputs replay an earlier answer") },
        { QStringLiteral("NC4"), 4, QStringLiteral("correct.input-independent"),
            QStringLiteral("outputs ignore the inputs") },
        { QStringLiteral("NC4"), 4, QStringLiteral("correct.inputs-modified"),
            QStringLiteral("the candidate writes its inputs") },
        { QStringLiteral("NC4"), 4, QStringLiteral("runtime.numerical_mismatch"),
            QStringLiteral("the run reports wrong numbers") },
        { QStringLiteral("NC4"), 5, QStringLiteral("correct.nondeterministic"),
            QStringLiteral("two calls differ bitwise") },
        { QStringLiteral("NC2"), 4, QStringLiteral("scope.weak-checker"),
            QStringLiteral("a non-solution passes the check") },
        { QStringLiteral("NC2"), 5, QStringLiteral("scope.tolerance-too-loose"),
            QStringLiteral("the tolerance is too loose") },
        { QStringLiteral("NC3"), 5, QStringLiteral("scope.no-edge-cases"), QStringLiteral("no case has a tail") },
        { QStringLiteral("NC3"), 4, QStringLiteral("scope.degenerate-output"),
            QStringLiteral("outputs are degenerate") },
        { QStringLiteral("BF1"), 5, QStringLiteral("bench.noisy"), QStringLiteral("the timing is noisy") },
        { QStringLiteral("BF1"), 5, QStringLiteral("bench.throttled"), QStringLiteral("clocks were throttled") },
        { QStringLiteral("BF2"), 4, QStringLiteral("bench.precision-mismatch"),
            QStringLiteral("the sides differ in precision") },
        { QStringLiteral("BF3"), 4, QStringLiteral("bench.weak-baseline"), QStringLiteral("the baseline is weak") },
        { QStringLiteral("BF4"), 3, QStringLiteral("bench.below-floor"),
            QStringLiteral("the time is below the roofline floor") },
        { QStringLiteral("BF4"), 4, QStringLiteral("bench.not-significant"),
            QStringLiteral("the speedup is not significant") },
        { QStringLiteral("TS1"), 5, QStringLiteral("scope.missing-field"),
            QStringLiteral("the manifest misses fields") },
        { QStringLiteral("TS1"), 5, QStringLiteral("scope.spec-gap"), QStringLiteral("the spec has gaps") },
        { QStringLiteral("TS3"), 4, QStringLiteral("scope.oversized-case"),
            QStringLiteral("a case does not fit the target") },
        { QStringLiteral("CR1"), 3, QStringLiteral("compile.error"), QStringLiteral("it does not compile") },
        { QStringLiteral("CR1"), 3, QStringLiteral("compile.arch-mismatch"),
            QStringLiteral("no code for the target arch") },
        { QStringLiteral("CR1"), 3, QStringLiteral("runtime.compile_error"), QStringLiteral("it does not compile") },
        { QStringLiteral("CR1"), 5, QStringLiteral("compile.spills"), QStringLiteral("registers spill") },
        { QStringLiteral("CR2"), 3, QStringLiteral("launch.invalid-config"), QStringLiteral("the launch is illegal") },
        { QStringLiteral("CR2"), 3, QStringLiteral("runtime.launch_config"), QStringLiteral("the launch failed") },
        { QStringLiteral("CR3"), 4, QStringLiteral("runtime.illegal_memory_access"), QStringLiteral("it faults") },
        { QStringLiteral("CR3"), 4, QStringLiteral("runtime.crash"), QStringLiteral("it crashes") },
        { QStringLiteral("CR3"), 4, QStringLiteral("runtime.timeout_hang"), QStringLiteral("it hangs") },
        { QStringLiteral("CR3"), 4, QStringLiteral("runtime.device_oom"), QStringLiteral("it runs out of memory") },
        { QStringLiteral("CR3"), 4, QStringLiteral("sandbox.timeout"), QStringLiteral("it hit the time limit") },
        { QStringLiteral("CR3"), 4, QStringLiteral("sandbox.memory-limit"), QStringLiteral("it hit the memory limit") },
        { QStringLiteral("CR3"), 4, QStringLiteral("sandbox.process-limit"),
            QStringLiteral("it hit the process limit") },
        { QStringLiteral("verdict"), 0, QStringLiteral("correct.mismatch"),
            QStringLiteral("accepting a candidate with wrong results") },
        { QStringLiteral("verdict"), 0, QStringLiteral("bench.below-floor"),
            QStringLiteral("accepting an impossible speedup") },
    };
    return rules;
}

QString defectWord(const QString& comment)
{
    static const QRegularExpression defect(
        QStringLiteral("\\b(races?|racy|wrong|fails?|failed|failing|failure|incorrect|crash(?:es|ed)?|"
                       "broken|buggy|bugs?|deadlocks?|hangs?|out[- ]of[- ]bounds|overflows?|mismatch(?:es)?|"
                       "segfaults?|undefined behaviou?r|not correct)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    // "no race", "could not find a bug", "never fails", "without a crash" describe the absence of a defect: a
    // negation up to three words before the word.
    static const QRegularExpression negation(
        QStringLiteral("(\\b(no|not|never|without|nor|zero|0|none)|n't)\\s+(\\w+\\s+){0,3}$"),
        QRegularExpression::CaseInsensitiveOption);
    // A defect named as something the code deals with is praise: "fixes the tail bug", "the race is avoided", "free
    // of overflows", "catches the crash the old version had". Only for defects named as things (a bug, a race), not
    // for verdicts on the code itself (wrong, fails, broken).
    static const QRegularExpression dealtWith(
        QStringLiteral("\\b(fix(?:es|ed)|avoid(?:s|ed)?|prevent(?:s|ed)?|eliminat(?:es|ed)|resolv(?:es|ed)|"
                       "guards? against|guarded against|free of|no longer|catch(?:es)?|caught|handl(?:es|ed)|"
                       "removes|removed|rules? out|ruled out|protects? against|closes|closed)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression thing(
        QStringLiteral("^(races?|bugs?|crash(?:es)?|deadlocks?|hangs?|out[- ]of[- ]bounds|overflows?|"
                       "mismatch(?:es)?|segfaults?|undefined behaviou?r|failures?)$"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression clauseEnd(QStringLiteral("[.;!?\\n]"));
    auto it = defect.globalMatch(comment);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QString before = comment.left(m.capturedStart());
        const QString after = comment.mid(m.capturedEnd());
        if (negation.match(before).hasMatch() || after.startsWith(QLatin1StringView("-free"), Qt::CaseInsensitive)
            || after.startsWith(QLatin1StringView(" free"), Qt::CaseInsensitive))
            continue;
        if (thing.match(m.captured(0)).hasMatch()) {
            const qsizetype from = before.lastIndexOf(clauseEnd) + 1;
            const qsizetype to = after.indexOf(clauseEnd);
            const QString clause = before.mid(from) + m.captured(0) + (to < 0 ? after : after.left(to));
            if (dealtWith.match(clause).hasMatch())
                continue;
        }
        return m.captured(0);
    }
    return {};
}

} // namespace kwb
