// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Precompiled for kwb_ui and the widget tests (target_precompile_headers): kwb_core's list plus the widget
// headers most panes include. Only build speed depends on it; files still include what they use.
#pragma once

#include "core/precompiled_core.h"

#include <QAbstractTableModel>
#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWidget>
