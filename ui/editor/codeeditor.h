// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/diagnostic.h"
#include "core/finding.h"
#include "ui/editor/lexers.h"

#include "ui/editor/qsci.h"

#include <QList>
#include <QMap>

namespace kwb::ui {

/// One display line of an aligned (diff) view.
struct AlignedLine {
    enum Mark { None, Changed, Removed, Added, Filler };
    QString text;
    int sourceLine = 0; ///< 1-based line of the file; 0 for a filler line
    Mark mark = None;
    int changeStart = 0; ///< Changed lines: the edited characters, [changeStart, changeEnd)
    int changeEnd = 0;
};

/// The one code view of the workbench: every QScintilla setting lives here (lexers, margins,
/// folding, current line, find, finding markers and annotations, diff marks), so all panes look and
/// behave alike. Read-only by default. It shows a file either as is, or aligned against another file
/// (diff mode), with filler lines and the file's own line numbers in the margin.
class CodeEditor : public QsciScintilla {
    Q_OBJECT
public:
    enum class Side { Left, Right };

    explicit CodeEditor(QWidget* parent = nullptr);

    /// Shows `text` as the file `fileName` (bundle-relative; picks the lexer).
    void setSource(const QString& fileName, const QString& text);
    /// Shows `lines` as the aligned view of `fileName`; `side` picks the removed/added colours.
    void setAligned(const QString& fileName, const QList<AlignedLine>& lines, Side side);
    /// Empties the view.
    void clearSource();

    QString fileName() const { return m_fileName; }
    Language language() const { return m_language; }
    bool isAligned() const { return m_aligned; }

    /// 0-based display line of a 1-based file line (they differ in diff mode), -1 when out of range.
    int displayLine(int sourceLine) const;
    /// 1-based file line shown on a 0-based display line, 0 on a filler line.
    int sourceLine(int displayLine) const;
    /// The file line of the cursor (1-based).
    int currentSourceLine() const;
    /// Puts the cursor on a file line and scrolls it to the upper third of the view.
    void goToSourceLine(int sourceLine);

    /// Shows the findings about this file: a margin symbol per line, and (outside diff mode, where
    /// extra lines would break the alignment) the messages as annotations under their lines.
    void setFindings(const Findings& findings);
    const Findings& findings() const { return m_findings; }

    /// Compiler diagnostics: those about this file get an error/warning/note symbol in the margin, a squiggle
    /// from their column to the end of the word there, and (outside diff mode) their message as an annotation
    /// under the line. Kept across file changes: each file shows its own.
    void setDiagnostics(const QList<Diagnostic>& diagnostics);
    const QList<Diagnostic>& diagnostics() const { return m_diagnostics; }
    /// Paints these 0-based display lines with the highlight background (and scrolls to the first).
    void setHighlightedLines(const QList<int>& displayLines);
    /// True when the squiggle of an error (or, with `error` false, a warning) covers this character.
    bool hasSquiggle(int displayLine, int index, bool error = true) const;

    /// Review inline comments: a bar in the symbol margin and a tint over every line of each 1-based, inclusive
    /// range of this file (kept until the next call or a new text).
    void setCommentRanges(const QList<std::pair<int, int>>& ranges);
    /// The 1-based file lines the selection spans (the cursor's line without one); {0, 0} on filler lines only.
    std::pair<int, int> selectedSourceLines() const;
    static constexpr int kCommentMarker = 12; ///< review comments (markers 12+ belong to the review)

    /// Selects the next (or previous) match, wrapping; false when there is none.
    bool findText(const QString& text, bool forward, bool caseSensitive);

    int firstVisibleLine() const;
    void setFirstVisibleLine(int line);

    /// Word wrap (wrapped lines marked at their end, continuation indented); suspended while the view is aligned
    /// (diff mode), where display lines must match the other editor's one to one.
    void setWordWrap(bool on);
    bool wordWrap() const { return m_wordWrap; }
    /// Zoom in points added to every style, clamped to [kMinZoom, kMaxZoom]; 0 is the actual size.
    void zoomBy(int steps);
    int zoomLevel() const;
    static constexpr int kMinZoom = -8;
    static constexpr int kMaxZoom = 20;

    /// Unbinds editor commands that would swallow these window shortcuts (QScintilla binds Ctrl+D, …).
    void releaseKeys(const QList<QKeySequence>& keys);

    /// Marker numbers (public for tests): severities in the symbol margin, diff backgrounds.
    enum Marker {
        ErrorMarker = 0,
        WarningMarker,
        InfoMarker,
        ChangedMarker,
        RemovedMarker,
        AddedMarker,
        FillerMarker,
        DiagnosticErrorMarker = 8,
        DiagnosticWarningMarker,
        DiagnosticNoteMarker,
        HighlightMarker
    };
    /// True when display line `line` carries `marker`.
    bool hasMarker(int line, Marker marker) const;

private:
    void applyWrap();
    void applyLanguage(Language language);
    void applyChrome();
    void setTextReadOnly(const QString& text);
    void refreshFindingMarks();
    void refreshDiagnosticMarks(QMap<int, QStringList>& notes, QMap<int, int>& worst);

    QString m_fileName;
    Language m_language = Language::Plain;
    bool m_aligned = false;
    bool m_wordWrap = false;
    QList<int> m_sourceLineOf; // display line → 1-based file line (aligned mode only)
    QList<int> m_displayLineOf; // 1-based file line - 1 → display line (aligned mode only)
    Findings m_findings;
    QList<Diagnostic> m_diagnostics;
    QsciStyle m_annotationStyles[3];
};

} // namespace kwb::ui
