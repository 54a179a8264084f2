// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Tests that need a python framework in the runner python (torch, triton, jax): skipped with a message where it
// is missing — except when KWB_REQUIRE_FRAMEWORKS is set (tests/run-all.sh sets it unless KWB_LEAN=1), where a
// missing framework is an install step that failed, and the test fails.
#include "core/env/toolprobe.h"

#include <QTest>

#define KWB_NEED_PYTHON_MODULE(module)                                                                                 \
    do {                                                                                                               \
        if (!kwb::runnerPythonHas(QStringLiteral(module))) {                                                           \
            if (qEnvironmentVariableIsSet("KWB_REQUIRE_FRAMEWORKS"))                                                   \
                QFAIL(module " is not installed in the runner python, and this run requires it "                       \
                             "(KWB_REQUIRE_FRAMEWORKS; packaging/install-python-deps.sh installs it)");                \
            QSKIP(module " is not installed in the runner python (a lean install, KWB_LEAN=1): skipped");              \
        }                                                                                                              \
    } while (false)
