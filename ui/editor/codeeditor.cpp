// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/editor/codeeditor.h"

#include "ui/editor/theme.h"

#include "ui/editor/qsci.h"

#include <QColor>
#include <QFontMetrics>
#include <QMap>

#include <algorithm>

namespace kwb::ui {

namespace {
constexpr int kNumberMargin = 0;
constexpr int kSymbolMargin = 1;
constexpr int kFoldMargin = 2;
constexpr int kLeftChangeIndicator = 9;
constexpr int kRightChangeIndicator = 10;
constexpr int kErrorSquiggle = 20;
constexpr int kWarningSquiggle = 21;
constexpr int kSeverityMask = (1 << CodeEditor::ErrorMarker) | (1 << CodeEditor::WarningMarker)
    | (1 << CodeEditor::InfoMarker) | (1 << CodeEditor::DiagnosticErrorMarker)
    | (1 << CodeEditor::DiagnosticWarningMarker) | (1 << CodeEditor::DiagnosticNoteMarker);

int severityIndex(Severity s)
{
    return s == Severity::Error ? 0 : s == Severity::Warning ? 1 : 2;
}
} // namespace

CodeEditor::CodeEditor(QWidget* parent)
    : QsciScintilla(parent)
{
    setUtf8(true);
    setReadOnly(true);
    setFont(codeFont());
    setTabWidth(4);
    setIndentationsUseTabs(false);
    setBraceMatching(SloppyBraceMatch);
    setWrapMode(WrapNone);
    setEolMode(EolUnix);
    setCaretLineVisible(true);
    setCaretWidth(2);
    setFrameShape(QFrame::NoFrame);
    setIndentationGuides(true);
    SendScintilla(SCI_SETSCROLLWIDTHTRACKING, 1);
    SendScintilla(SCI_SETSCROLLWIDTH, 1);
    setAnnotationDisplay(AnnotationIndented);

    markerDefine(severityImage(Severity::Error, 14), ErrorMarker);
    markerDefine(severityImage(Severity::Warning, 14), WarningMarker);
    markerDefine(severityImage(Severity::Info, 14), InfoMarker);
    markerDefine(severityImage(Severity::Error, 14), DiagnosticErrorMarker);
    markerDefine(severityImage(Severity::Warning, 14), DiagnosticWarningMarker);
    markerDefine(severityImage(Severity::Info, 14), DiagnosticNoteMarker);
    markerDefine(Background, HighlightMarker);
    setMarkerBackgroundColor(QColor(0xff, 0xf1, 0xa8), HighlightMarker);
    indicatorDefine(SquiggleIndicator, kErrorSquiggle);
    indicatorDefine(SquiggleIndicator, kWarningSquiggle);
    setIndicatorForegroundColor(severityColor(Severity::Error), kErrorSquiggle);
    setIndicatorForegroundColor(severityColor(Severity::Warning), kWarningSquiggle);
    const std::pair<Marker, QColor> backgrounds[] = { { ChangedMarker, theme::changedLine },
        { RemovedMarker, theme::removedLine }, { AddedMarker, theme::addedLine }, { FillerMarker, theme::fillerLine } };
    for (const auto& [marker, colour] : backgrounds) {
        markerDefine(Background, marker);
        setMarkerBackgroundColor(colour, marker);
    }
    indicatorDefine(StraightBoxIndicator, kLeftChangeIndicator);
    indicatorDefine(StraightBoxIndicator, kRightChangeIndicator);
    setIndicatorForegroundColor(theme::removedText, kLeftChangeIndicator);
    setIndicatorForegroundColor(theme::addedText, kRightChangeIndicator);
    for (int ind : { kLeftChangeIndicator, kRightChangeIndicator }) {
        setIndicatorDrawUnder(true, ind);
        SendScintilla(SCI_INDICSETALPHA, static_cast<unsigned long>(ind), static_cast<long>(200));
        SendScintilla(SCI_INDICSETOUTLINEALPHA, static_cast<unsigned long>(ind), static_cast<long>(0));
    }

    QFont noteFont = font();
    noteFont.setFamily(QFont().family());
    noteFont.setPointSize(std::max(8, codeFont().pointSize() - 1));
    const QColor papers[3] = { QColor(0xfc, 0xe8, 0xe8), QColor(0xfd, 0xf3, 0xdc), QColor(0xe7, 0xf0, 0xfc) };
    const Severity sevs[3] = { Severity::Error, Severity::Warning, Severity::Info };
    for (int i = 0; i < 3; ++i) {
        m_annotationStyles[i].setColor(severityColor(sevs[i]).darker(140));
        m_annotationStyles[i].setPaper(papers[i]);
        m_annotationStyles[i].setFont(noteFont);
    }
    applyLanguage(Language::Plain);
}

void CodeEditor::applyLanguage(Language language)
{
    m_language = language;
    QsciLexer* old = lexer();
    setLexer(createLexer(language, this));
    delete old;
    if (!lexer()) {
        // Plain text still uses the code font and palette.
        SendScintilla(SCI_STYLESETFONT, STYLE_DEFAULT, codeFont().family().toUtf8().constData());
        SendScintilla(SCI_STYLESETSIZE, STYLE_DEFAULT, codeFont().pointSize());
        SendScintilla(SCI_STYLECLEARALL);
    }
    applyChrome();
}

// Setting a lexer resets margin and caret colours, so they are (re)applied after every change.
void CodeEditor::applyChrome()
{
    setCaretLineBackgroundColor(theme::currentLine);
    setSelectionBackgroundColor(theme::selection);
    setSelectionForegroundColor(theme::text);
    setMarginsBackgroundColor(theme::marginPaper);
    setMarginsForegroundColor(theme::mutedText);
    setMarginsFont(codeFont());
    setIndentationGuidesForegroundColor(QColor(0xe4, 0xe6, 0xea));
    setMatchedBraceBackgroundColor(QColor(0xdd, 0xe7, 0xf7));
    setMatchedBraceForegroundColor(theme::text);

    setMarginType(kNumberMargin, m_aligned ? TextMarginRightJustified : NumberMargin);
    setMarginMarkerMask(kNumberMargin, 0);
    setMarginWidth(kNumberMargin, QStringLiteral("0000 "));
    setMarginType(kSymbolMargin, SymbolMargin);
    setMarginMarkerMask(kSymbolMargin, kSeverityMask);
    setMarginWidth(kSymbolMargin, 16);
    setMarginSensitivity(kSymbolMargin, false);
    // Folding would hide lines on one side only, breaking a diff's alignment.
    if (m_aligned || m_language == Language::Plain) {
        setFolding(NoFoldStyle, kFoldMargin);
    } else {
        setFolding(BoxedTreeFoldStyle, kFoldMargin);
        setFoldMarginColors(theme::marginPaper, theme::marginPaper);
        for (int m = int(SC_MARKNUM_FOLDEREND); m <= int(SC_MARKNUM_FOLDEROPEN); ++m) {
            setMarkerForegroundColor(theme::paper, m);
            setMarkerBackgroundColor(QColor(0xa0, 0xa7, 0xb0), m);
        }
    }
}

void CodeEditor::setTextReadOnly(const QString& text)
{
    const bool ro = isReadOnly();
    setReadOnly(false);
    setText(text);
    setReadOnly(ro);
    SendScintilla(SCI_EMPTYUNDOBUFFER);
}

void CodeEditor::setSource(const QString& fileName, const QString& text)
{
    m_fileName = fileName;
    m_aligned = false;
    applyWrap();
    m_sourceLineOf.clear();
    m_displayLineOf.clear();
    clearAnnotations();
    markerDeleteAll();
    applyLanguage(languageForFile(fileName));
    setTextReadOnly(text);
    refreshFindingMarks();
}

void CodeEditor::setAligned(const QString& fileName, const QList<AlignedLine>& lines, Side side)
{
    m_fileName = fileName;
    m_aligned = true;
    applyWrap();
    clearAnnotations();
    markerDeleteAll();
    applyLanguage(languageForFile(fileName));

    QStringList text;
    m_sourceLineOf.clear();
    m_displayLineOf.clear();
    for (const AlignedLine& l : lines) {
        text << l.text;
        m_sourceLineOf << l.sourceLine;
        if (l.sourceLine > 0) {
            while (m_displayLineOf.size() < l.sourceLine)
                m_displayLineOf << static_cast<int>(m_sourceLineOf.size()) - 1;
        }
    }
    setTextReadOnly(text.join(u'\n'));

    const int changeIndicator = side == Side::Left ? kLeftChangeIndicator : kRightChangeIndicator;
    for (int i = 0; i < lines.size(); ++i) {
        const AlignedLine& l = lines[i];
        if (l.sourceLine > 0)
            setMarginText(i, QString::number(l.sourceLine) + u' ', STYLE_LINENUMBER);
        switch (l.mark) {
        case AlignedLine::None:
            break;
        case AlignedLine::Changed:
            markerAdd(i, ChangedMarker);
            if (l.changeEnd > l.changeStart)
                fillIndicatorRange(i, l.changeStart, i, l.changeEnd, changeIndicator);
            break;
        case AlignedLine::Removed:
            markerAdd(i, RemovedMarker);
            break;
        case AlignedLine::Added:
            markerAdd(i, AddedMarker);
            break;
        case AlignedLine::Filler:
            markerAdd(i, FillerMarker);
            break;
        }
    }
    refreshFindingMarks();
}

void CodeEditor::clearSource()
{
    m_fileName.clear();
    m_aligned = false;
    applyWrap();
    m_sourceLineOf.clear();
    m_displayLineOf.clear();
    m_findings.clear();
    clearAnnotations();
    markerDeleteAll();
    applyLanguage(Language::Plain);
    setTextReadOnly({});
}

int CodeEditor::displayLine(int line) const
{
    if (line < 1)
        return -1;
    if (!m_aligned)
        return line <= lines() ? line - 1 : -1;
    return line <= m_displayLineOf.size() ? m_displayLineOf[line - 1] : -1;
}

int CodeEditor::sourceLine(int display) const
{
    if (!m_aligned)
        return display >= 0 && display < lines() ? display + 1 : 0;
    return display >= 0 && display < m_sourceLineOf.size() ? m_sourceLineOf[display] : 0;
}

int CodeEditor::currentSourceLine() const
{
    int line = 0;
    int index = 0;
    getCursorPosition(&line, &index);
    // A cursor on a filler line belongs to the nearest real line above it.
    for (int l = line; l >= 0; --l) {
        if (const int s = sourceLine(l); s > 0)
            return s;
    }
    return sourceLine(line);
}

void CodeEditor::goToSourceLine(int line)
{
    const int display = displayLine(line);
    if (display < 0)
        return;
    setCursorPosition(display, 0);
    const int visible = static_cast<int>(SendScintilla(SCI_LINESONSCREEN));
    setFirstVisibleLine(std::max(0, display - visible / 3));
}

void CodeEditor::setFindings(const Findings& findings)
{
    m_findings.clear();
    for (const Finding& f : findings) {
        if (!m_fileName.isEmpty() && f.file == m_fileName)
            m_findings << f;
    }
    refreshFindingMarks();
}

void CodeEditor::refreshFindingMarks()
{
    for (Marker m : { ErrorMarker, WarningMarker, InfoMarker })
        markerDeleteAll(m);
    clearAnnotations();
    // Findings and diagnostics share the annotation under a line; a compile finding repeats its diagnostic, so
    // only the diagnostic (which has the column) is written out.
    QMap<int, QStringList> notes;
    QMap<int, int> worst;
    refreshDiagnosticMarks(notes, worst);
    QMap<int, QList<const Finding*>> byLine;
    for (const Finding& f : m_findings) {
        const int display = displayLine(f.line);
        if (display >= 0)
            byLine[display] << &f;
    }
    for (auto it = byLine.cbegin(); it != byLine.cend(); ++it) {
        int w = 2;
        for (const Finding* f : it.value()) {
            w = std::min(w, severityIndex(f->severity));
            const bool repeated = f->id.startsWith(u"compile.")
                && std::any_of(m_diagnostics.cbegin(), m_diagnostics.cend(), [f](const Diagnostic& d) {
                       return d.file == f->file && d.line == f->line && f->message.endsWith(d.message);
                   });
            if (!repeated)
                notes[it.key()] << QStringLiteral("%1  %2").arg(f->id, f->message);
        }
        markerAdd(it.key(), static_cast<Marker>(ErrorMarker + w));
        worst[it.key()] = std::min(worst.value(it.key(), 2), w);
    }
    if (m_aligned)
        return; // extra lines would break a diff's alignment
    for (auto it = notes.cbegin(); it != notes.cend(); ++it)
        annotate(it.key(), it.value().join(u'\n'), m_annotationStyles[worst.value(it.key(), 2)]);
}

void CodeEditor::setDiagnostics(const QList<Diagnostic>& diagnostics)
{
    m_diagnostics = diagnostics;
    refreshFindingMarks();
}

void CodeEditor::refreshDiagnosticMarks(QMap<int, QStringList>& notes, QMap<int, int>& worst)
{
    for (Marker m : { DiagnosticErrorMarker, DiagnosticWarningMarker, DiagnosticNoteMarker })
        markerDeleteAll(m);
    const int last = std::max(0, lines() - 1);
    for (int ind : { kErrorSquiggle, kWarningSquiggle })
        clearIndicatorRange(0, 0, last, lineLength(last), ind);
    for (const Diagnostic& d : m_diagnostics) {
        const int display = m_fileName.isEmpty() || d.file != m_fileName ? -1 : displayLine(d.line);
        if (display < 0)
            continue;
        const int sev = static_cast<int>(d.severity); // error 0, warning 1, note 2
        markerAdd(display, static_cast<Marker>(DiagnosticErrorMarker + sev));
        worst[display] = std::min(worst.value(display, 2), sev);
        notes[display] << QStringLiteral("%1: %2").arg(diagnosticSeverityName(d.severity), d.message);
        if (sev == 2)
            continue;
        // The squiggle runs from the column to the end of the word there; without a column, under the code.
        const long lineStart = SendScintilla(SCI_POSITIONFROMLINE, static_cast<unsigned long>(display));
        const long lineEnd = SendScintilla(SCI_GETLINEENDPOSITION, static_cast<unsigned long>(display));
        long from = lineStart;
        if (d.column > 0)
            from = std::min(lineEnd, lineStart + d.column - 1);
        else
            from = SendScintilla(SCI_GETLINEINDENTPOSITION, static_cast<unsigned long>(display));
        long to = d.column > 0 ? SendScintilla(SCI_WORDENDPOSITION, static_cast<unsigned long>(from), 1L) : lineEnd;
        if (to <= from)
            to = std::min(lineEnd, from + 1);
        if (to <= from) // an empty line: nothing to underline
            continue;
        SendScintilla(
            SCI_SETINDICATORCURRENT, static_cast<unsigned long>(sev == 0 ? kErrorSquiggle : kWarningSquiggle));
        SendScintilla(SCI_INDICATORFILLRANGE, static_cast<unsigned long>(from), to - from);
    }
}

bool CodeEditor::hasSquiggle(int display, int index, bool error) const
{
    const long pos = SendScintilla(SCI_POSITIONFROMLINE, static_cast<unsigned long>(display)) + index;
    return SendScintilla(
               SCI_INDICATORVALUEAT, static_cast<unsigned long>(error ? kErrorSquiggle : kWarningSquiggle), pos)
        != 0;
}

void CodeEditor::setHighlightedLines(const QList<int>& displayLines)
{
    markerDeleteAll(HighlightMarker);
    for (int l : displayLines)
        markerAdd(l, HighlightMarker);
    if (!displayLines.isEmpty()) {
        const int visible = static_cast<int>(SendScintilla(SCI_LINESONSCREEN));
        setFirstVisibleLine(std::max(0, displayLines.first() - visible / 3));
    }
}

bool CodeEditor::findText(const QString& text, bool forward, bool caseSensitive)
{
    if (text.isEmpty())
        return false;
    int line = 0;
    int index = 0;
    getCursorPosition(&line, &index);
    if (!forward && hasSelectedText()) {
        // Searching backwards starts before the current match, not inside it.
        int l1, i1, l2, i2;
        getSelection(&l1, &i1, &l2, &i2);
        line = l1;
        index = i1;
    }
    return findFirst(text, false, caseSensitive, false, true, forward, line, index, true);
}

int CodeEditor::firstVisibleLine() const
{
    return static_cast<int>(SendScintilla(SCI_GETFIRSTVISIBLELINE));
}

void CodeEditor::setFirstVisibleLine(int line)
{
    SendScintilla(SCI_SETFIRSTVISIBLELINE, std::max(0, line));
}

void CodeEditor::releaseKeys(const QList<QKeySequence>& keys)
{
    for (const QKeySequence& seq : keys) {
        if (seq.count() != 1)
            continue;
        const int key = seq[0].toCombined();
        if (QsciCommand* cmd = standardCommands()->boundTo(key)) {
            if (cmd->key() == key)
                cmd->setKey(0);
            if (cmd->alternateKey() == key)
                cmd->setAlternateKey(0);
        }
    }
}

bool CodeEditor::hasMarker(int line, Marker marker) const
{
    return (markersAtLine(line) & (1u << marker)) != 0;
}

void CodeEditor::setCommentRanges(const QList<std::pair<int, int>>& ranges)
{
    constexpr int kCommentIndicator = 14;
    markerDefine(LeftRectangle, kCommentMarker);
    setMarkerBackgroundColor(QColor(0xe0, 0x9f, 0x1f), kCommentMarker);
    setMarkerForegroundColor(QColor(0xe0, 0x9f, 0x1f), kCommentMarker);
    // Added to whatever the symbol margin shows (applyChrome resets the mask on every new text).
    setMarginMarkerMask(kSymbolMargin, marginMarkerMask(kSymbolMargin) | (1 << kCommentMarker));
    indicatorDefine(FullBoxIndicator, kCommentIndicator);
    setIndicatorForegroundColor(QColor(0xf5, 0xc5, 0x42), kCommentIndicator);
    setIndicatorDrawUnder(true, kCommentIndicator);
    SendScintilla(SCI_INDICSETALPHA, static_cast<unsigned long>(kCommentIndicator), static_cast<long>(50));
    markerDeleteAll(kCommentMarker);
    clearIndicatorRange(0, 0, std::max(0, lines() - 1), lineLength(std::max(0, lines() - 1)), kCommentIndicator);
    for (const auto& [first, last] : ranges) {
        for (int l = first; l <= last; ++l) {
            const int d = displayLine(l);
            if (d < 0)
                continue;
            markerAdd(d, kCommentMarker);
            fillIndicatorRange(d, 0, d, std::max(0, lineLength(d) - 1), kCommentIndicator);
        }
    }
}

std::pair<int, int> CodeEditor::selectedSourceLines() const
{
    int fromLine = -1, fromIndex = -1, toLine = -1, toIndex = -1;
    getSelection(&fromLine, &fromIndex, &toLine, &toIndex);
    if (fromLine < 0) {
        getCursorPosition(&fromLine, &fromIndex);
        toLine = fromLine;
    } else if (toLine > fromLine && toIndex == 0) {
        --toLine; // a selection ending at the start of a line does not include it
    }
    int first = 0, last = 0;
    for (int d = fromLine; d <= toLine; ++d) {
        const int l = sourceLine(d);
        if (l <= 0)
            continue;
        first = first == 0 ? l : std::min(first, l);
        last = std::max(last, l);
    }
    return { first, last };
}

void CodeEditor::setWordWrap(bool on)
{
    m_wordWrap = on;
    applyWrap();
}

void CodeEditor::applyWrap()
{
    // Diff mode aligns display lines one to one between the two editors: wrapping would break that.
    const bool wrap = m_wordWrap && !m_aligned;
    setWrapMode(wrap ? WrapWord : WrapNone);
    setWrapVisualFlags(wrap ? WrapFlagByText : WrapFlagNone, WrapFlagNone);
    setWrapIndentMode(WrapIndentIndented);
}

void CodeEditor::zoomBy(int steps)
{
    zoomTo(std::clamp(zoomLevel() + steps, kMinZoom, kMaxZoom));
}

int CodeEditor::zoomLevel() const
{
    return static_cast<int>(SendScintilla(SCI_GETZOOM));
}

} // namespace kwb::ui
