// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// kernel-workbench: the desktop face of the workbench. All logic lives in kwb_ui and kwb_core.
#include "ui/workbenchapp.h"

int main(int argc, char* argv[])
{
    return kwb::ui::runWorkbench(argc, argv);
}
