#pragma once

#include "run/runengine.h"

#include <QWidget>

#include <memory>

class QLabel;
class QVBoxLayout;

namespace kwb::ui {

class CorrectnessPane;

/// What a run produced, in the Correctness tab: one status line per implementation, a diagnosis card
/// for each that failed (its class, the explanation with the usual fix, and the log lines that decided
/// it), and the comparisons of every candidate, case and trial in the correctness pane.
class RunResultsPane : public QWidget {
    Q_OBJECT
public:
    explicit RunResultsPane(QWidget* parent = nullptr);

    void showResult(const RunResult& result);
    void showMessage(const QString& message);
    CorrectnessPane* correctness() const { return m_correctness; }

private:
    QLabel* m_summary;
    QWidget* m_cards;
    QVBoxLayout* m_cardsLayout;
    CorrectnessPane* m_correctness;
};

} // namespace kwb::ui
