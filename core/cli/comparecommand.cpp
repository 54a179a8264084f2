// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// kwb compare ACTUAL EXPECTED [--rtol R] [--atol A] [--max-ulp U] [--nan match|forbid] [--mismatch-fraction F]
//             [--worst K] [--dtype D] [--json]
#include "core/cli/cli.h"

#include "core/compare/comparison.h"
#include "core/tensor/tensor.h"

namespace kwb::cli {
namespace {
void usage(QTextStream& s)
{
    s << "Usage: kwb compare ACTUAL EXPECTED [options]\n\n"
         "Compares two tensors (.npy, .safetensors, or FILE.safetensors:NAME) under the torch rule\n"
         "|actual - expected| <= atol + rtol*|expected|. Defaults: torch.testing.assert_close's for the\n"
         "actual's dtype; integer and bool tensors compare exactly.\n\n"
         "Options:\n"
         "  --rtol R                relative tolerance\n"
         "  --atol A                absolute tolerance\n"
         "  --max-ulp U             also require at most U ULPs (on the actual's grid)\n"
         "  --nan match|forbid      NaN/Inf must sit at the same places (match, default) or not occur (forbid)\n"
         "  --mismatch-fraction F   pass when at most this fraction of elements mismatch\n"
         "  --worst K               list the K worst elements (default 10)\n"
         "  --dtype D               dtype of .npy files stored as raw bytes (<V2: bfloat16, |V1: float8_*)\n"
         "  --json                  print the kwb.compare/1 document\n\n"
         "Exit: 0 pass, 1 fail, 2 bad input.\n";
}

bool parseDouble(const QString& text, double& out)
{
    bool ok = false;
    out = text.toDouble(&ok);
    return ok && out >= 0;
}
} // namespace

int compareCommand(const QStringList& args, Io& io)
{
    QStringList positional;
    std::optional<double> rtol, atol;
    Tolerance overrides;
    std::optional<DType> voidDType;
    int worst = 10;
    bool json = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        auto value = [&](QString& out) {
            if (i + 1 >= args.size())
                return false;
            out = args[++i];
            return true;
        };
        QString v;
        double d = 0;
        if (a == u"--help" || a == u"-h") {
            usage(io.out);
            return ExitOk;
        } else if (a == u"--json") {
            json = true;
        } else if (a == u"--rtol" || a == u"--atol" || a == u"--max-ulp" || a == u"--mismatch-fraction") {
            if (!value(v) || !parseDouble(v, d)) {
                io.err << "kwb compare: " << a << " needs a non-negative number\n";
                return ExitBadInput;
            }
            if (a == u"--rtol")
                rtol = d;
            else if (a == u"--atol")
                atol = d;
            else if (a == u"--max-ulp")
                overrides.maxUlp = d;
            else
                overrides.mismatchFraction = d;
        } else if (a == u"--nan") {
            const auto p = value(v) ? nanPolicyFromName(v) : std::nullopt;
            if (!p) {
                io.err << "kwb compare: --nan needs match or forbid\n";
                return ExitBadInput;
            }
            overrides.nan = *p;
        } else if (a == u"--worst") {
            bool ok = false;
            worst = value(v) ? v.toInt(&ok) : -1;
            if (!ok || worst < 0 || worst > 100000) {
                io.err << "kwb compare: --worst needs a count between 0 and 100000\n";
                return ExitBadInput;
            }
        } else if (a == u"--dtype") {
            voidDType = value(v) ? dtypeFromName(v) : std::nullopt;
            if (!voidDType) {
                io.err << "kwb compare: --dtype needs one of " << dtypeNames().join(QStringLiteral(", ")) << '\n';
                return ExitBadInput;
            }
        } else if (a.startsWith(u"--")) {
            io.err << "kwb compare: unknown option " << a << " (see 'kwb compare --help')\n";
            return ExitBadInput;
        } else {
            positional << a;
        }
    }
    if (positional.size() != 2) {
        usage(io.err);
        return ExitBadInput;
    }
    const auto actual = loadTensor(positional[0], voidDType);
    if (!actual) {
        io.err << "kwb compare: " << actual.error().oneLine() << '\n';
        return ExitBadInput;
    }
    const auto expected = loadTensor(positional[1], voidDType);
    if (!expected) {
        io.err << "kwb compare: " << expected.error().oneLine() << '\n';
        return ExitBadInput;
    }
    Tolerance tol = defaultTolerance(actual->dtype);
    if (rtol)
        tol.rtol = *rtol;
    if (atol)
        tol.atol = *atol;
    tol.maxUlp = overrides.maxUlp;
    tol.mismatchFraction = overrides.mismatchFraction;
    tol.nan = overrides.nan;
    CompareOptions options;
    options.worstK = worst;
    const auto result = compareTensors(*actual, *expected, tol, options);
    if (!result) {
        io.err << "kwb compare: " << result.error().oneLine() << '\n';
        return ExitBadInput;
    }
    if (json)
        io.out << result->toJson() << '\n';
    else
        io.out << result->toText();
    return result->pass ? ExitOk : ExitFindings;
}

} // namespace kwb::cli
