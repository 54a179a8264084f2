#pragma once

#include "core/run/runengine.h"

#include <QWidget>

#include <memory>

class QLabel;
class QVBoxLayout;

namespace kwb::ui {

class CorrectnessPane;

/// One implementation's outcome at a glance: `passed`, `failed 6 of 9 trials` (or `failed: <finding>`), `build
/// failed`, `failed: <why>`, or `not run (<why>)` when the environment kept it from running (no GPU, no framework):
/// an implementation whose error findings are all the environment's (findingOrigin) is not run, not failed.
struct ImplStatus {
    enum class State { Passed, Failed, NotRun };
    State state = State::NotRun;
    QString text;
};
ImplStatus implStatus(const RunResult& result, const ImplRun& run);

/// The candidates a run found incorrect (failed, not passed and not "not run"), with their status text: the
/// Performance pane gives them INVALID instead of FAST/SLOW.
QMap<QString, QString> incorrectCandidates(const RunResult& result);

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
