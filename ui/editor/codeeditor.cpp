#include "editor/codeeditor.h"

#include "editor/theme.h"

#include "editor/qsci.h"

#include <QFontMetrics>
#include <QMap>

namespace kwb::ui {

namespace {
constexpr int kNumberMargin = 0;
constexpr int kSymbolMargin = 1;
constexpr int kFoldMargin = 2;
constexpr int kLeftChangeIndicator = 9;
constexpr int kRightChangeIndicator = 10;
constexpr int kSeverityMask
    = (1 << CodeEditor::ErrorMarker) | (1 << CodeEditor::WarningMarker) | (1 << CodeEditor::InfoMarker);

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
    QMap<int, QList<const Finding*>> byLine;
    for (const Finding& f : m_findings) {
        const int display = displayLine(f.line);
        if (display >= 0)
            byLine[display] << &f;
    }
    for (auto it = byLine.cbegin(); it != byLine.cend(); ++it) {
        int worst = 2;
        QStringList notes;
        for (const Finding* f : it.value()) {
            worst = std::min(worst, severityIndex(f->severity));
            notes << QStringLiteral("%1  %2").arg(f->id, f->message);
        }
        markerAdd(it.key(), static_cast<Marker>(ErrorMarker + worst));
        if (!m_aligned)
            annotate(it.key(), notes.join(u'\n'), m_annotationStyles[worst]);
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

} // namespace kwb::ui
