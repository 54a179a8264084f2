// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/rubric/exportdialog.h"

#include "core/export/exporter.h"
#include "core/export/labelstudio.h"
#include "core/review/atomicfile.h"
#include "core/review/reviewstore.h"
#include "core/task/taskloader.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QToolButton>

namespace kwb::ui {
namespace {
struct FormatInfo {
    const char* name;
    const char* title;
    const char* suffix;
};
const QString kFolderKey = QStringLiteral("export/folder");
const QString kFormatKey = QStringLiteral("export/format");

// Where exports go: the folder of the last export, else Documents, else home.
QString startFolder()
{
    const QString saved = QSettings().value(kFolderKey).toString();
    if (!saved.isEmpty() && QFileInfo(saved).isDir())
        return saved;
    const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !docs.isEmpty() && QFileInfo(docs).isDir() ? docs : QDir::homePath();
}

QString sizeText(qint64 bytes)
{
    return bytes < 10'000 ? QObject::tr("%1 bytes").arg(bytes)
                          : QObject::tr("%1 kB").arg(double(bytes) / 1000.0, 0, 'f', 1);
}

constexpr FormatInfo kFormats[] = {
    { "json", "JSON (kwb.review/1, lossless)", "json" },
    { "jsonl", "JSON Lines (one review a line)", "jsonl" },
    { "csv", "CSV (one row per review)", "csv" },
    { "labelstudio", "Label Studio task list", "json" },
    { "markdown", "Markdown feedback report", "md" },
};
} // namespace

ExportDialog::ExportDialog(
    ReviewStore* store, const Rubric* rubric, const QString& tasksRoot, const QString& currentTaskId, QWidget* parent)
    : QDialog(parent)
    , m_store(store)
    , m_rubric(rubric)
    , m_tasksRoot(tasksRoot)
    , m_taskId(currentTaskId)
    , m_format(new QComboBox(this))
    , m_thisTask(new QRadioButton(tr("Reviews of this task (%1)").arg(currentTaskId), this))
    , m_all(new QRadioButton(tr("All reviews in the database"), this))
    , m_wide(new QCheckBox(tr("Wide: one row per task, a column per reviewer and criterion"), this))
    , m_config(new QCheckBox(tr("Also write the labeling config (XML)"), this))
    , m_configPath(new QLineEdit(this))
    , m_user(new QSpinBox(this))
    , m_output(new QLineEdit(this))
    , m_message(new QLabel(this))
    , m_formatNote(new QLabel(this))
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export Reviews"));
    auto* form = new QFormLayout(this);
    for (const FormatInfo& f : kFormats)
        m_format->addItem(tr(f.title), QString::fromLatin1(f.name));
    m_format->setObjectName(QStringLiteral("exportFormat"));
    form->addRow(tr("Format"), m_format);
    m_formatNote->setObjectName(QStringLiteral("exportFormatNote"));
    m_formatNote->setWordWrap(true);
    m_formatNote->setStyleSheet(QStringLiteral("color: #6b7280;"));
    form->addRow(QString(), m_formatNote);
    m_thisTask->setEnabled(!currentTaskId.isEmpty());
    if (currentTaskId.isEmpty())
        m_thisTask->setToolTip(tr("Off: no task is open"));
    (currentTaskId.isEmpty() ? m_all : m_thisTask)->setChecked(true);
    form->addRow(tr("Reviews"), m_thisTask);
    form->addRow(QString(), m_all);
    m_wide->setObjectName(QStringLiteral("exportWide"));
    form->addRow(QString(), m_wide);
    m_config->setObjectName(QStringLiteral("exportConfig"));
    form->addRow(QString(), m_config);
    const auto pathRow = [&](QLineEdit* edit, const QString& filter) {
        auto* row = new QHBoxLayout;
        auto* browseButton = new QToolButton(this);
        browseButton->setText(tr("…"));
        connect(browseButton, &QToolButton::clicked, this, [this, edit, filter] { browse(edit, filter); });
        row->addWidget(edit, 1);
        row->addWidget(browseButton);
        return row;
    };
    m_configPath->setObjectName(QStringLiteral("exportConfigPath"));
    form->addRow(tr("Config"), pathRow(m_configPath, tr("XML (*.xml)")));
    m_user->setObjectName(QStringLiteral("exportUser"));
    m_user->setRange(1, 1'000'000);
    m_user->setToolTip(tr("The Label Studio user id the annotations are credited to (completed_by)"));
    form->addRow(tr("Label Studio user id"), m_user);
    m_output->setObjectName(QStringLiteral("exportOutput"));
    form->addRow(tr("Output"), pathRow(m_output, tr("All files (*)")));
    m_message->setObjectName(QStringLiteral("exportMessage"));
    m_message->setWordWrap(true);
    form->addRow(m_message);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* go = buttons->addButton(tr("Export"), QDialogButtonBox::ActionRole);
    go->setObjectName(QStringLiteral("exportButton"));
    go->setDefault(true);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // The dialog stays open after an export, saying what it wrote; Close (Esc) ends it.
    connect(go, &QPushButton::clicked, this, [this] { (void)exportNow(); });
    const int savedFormat = m_format->findData(QSettings().value(kFormatKey).toString());
    if (savedFormat >= 0)
        m_format->setCurrentIndex(savedFormat);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    // Only the config path follows the box (the output's name stays as typed).
    connect(m_config, &QCheckBox::toggled, this,
        [this](bool on) { m_configPath->setEnabled(on && m_config->isEnabled()); });
    formatChanged();
}

void ExportDialog::formatChanged()
{
    const QString f = m_format->currentData().toString();
    const bool ls = f == QLatin1StringView("labelstudio");
    // Fields that do not apply to the format are disabled, their labels too.
    const auto enable = [this](QWidget* field, bool on) {
        field->setEnabled(on);
        auto* form = static_cast<QFormLayout*>(layout());
        if (QWidget* label = form->labelForField(field))
            label->setEnabled(on);
        for (int row = 0; row < form->rowCount(); ++row) { // a path row: the line edit and its browse button
            QLayoutItem* item = form->itemAt(row, QFormLayout::FieldRole);
            if (item && item->layout() && item->layout()->indexOf(field) >= 0) {
                for (int i = 0; i < item->layout()->count(); ++i) {
                    if (QWidget* w = item->layout()->itemAt(i)->widget())
                        w->setEnabled(on);
                }
                if (QWidget* label = form->itemAt(row, QFormLayout::LabelRole)
                        ? form->itemAt(row, QFormLayout::LabelRole)->widget()
                        : nullptr)
                    label->setEnabled(on);
            }
        }
    };
    enable(m_wide, f == QLatin1StringView("csv"));
    // Disabled fields say why, beside them.
    QStringList off;
    if (f != QLatin1StringView("csv"))
        off << tr("Wide applies to CSV only");
    if (!ls)
        off << tr("the config and the user id apply to Label Studio only");
    else if (!m_rubric)
        off << tr("no rubric is loaded, so no Label Studio config can be written");
    m_formatNote->setText(off.isEmpty() ? QString() : tr("Greyed out: %1.").arg(off.join(QStringLiteral("; "))));
    m_formatNote->setVisible(!off.isEmpty());
    enable(m_config, ls && m_rubric);
    enable(m_configPath, ls && m_rubric && m_config->isChecked());
    enable(m_user, ls);
    // Keep the file name, follow the format's suffix.
    const QString suffix = QString::fromLatin1(kFormats[std::max(0, m_format->currentIndex())].suffix);
    QString out = m_output->text();
    if (out.isEmpty())
        out = QDir(startFolder()).filePath(QStringLiteral("reviews.") + suffix);
    else
        out = QFileInfo(out).dir().filePath(QFileInfo(out).completeBaseName() + u'.' + suffix);
    if (out != m_output->text())
        m_output->setText(out);
    if (m_configPath->text().isEmpty())
        m_configPath->setText(QFileInfo(out).dir().filePath(QStringLiteral("labelstudio-config.xml")));
}

void ExportDialog::browse(QLineEdit* edit, const QString& filter)
{
    auto* d = new QFileDialog(this, tr("Export to"), edit->text(), filter);
    d->setAcceptMode(QFileDialog::AcceptSave);
    d->setAttribute(Qt::WA_DeleteOnClose);
    connect(d, &QFileDialog::fileSelected, edit, &QLineEdit::setText);
    d->open();
}

QString ExportDialog::lastMessage() const
{
    return m_message->text();
}

Status ExportDialog::exportNow()
{
    const auto fail = [this](const Error& e) -> Status {
        m_message->setStyleSheet(QStringLiteral("color: #b3261e;"));
        m_message->setText(e.oneLine());
        return e;
    };
    if (!m_store)
        return fail(Error { {}, {}, QStringLiteral("no review database is open") });
    const QString out = m_output->text().trimmed();
    if (out.isEmpty())
        return fail(Error { {}, {}, QStringLiteral("choose an output file") });
    const Result<ExportFormat> format = exportFormatFromName(m_format->currentData().toString());
    if (!format)
        return fail(format.error());
    const auto stored = m_store->reviews();
    if (!stored)
        return fail(stored.error());
    QList<Review> reviews;
    for (const StoredReview& s : *stored) {
        if (m_all->isChecked() || s.review.taskId == m_taskId)
            reviews << s.review;
    }
    if (reviews.isEmpty())
        return fail(Error { m_store->path(), {}, QStringLiteral("no stored reviews to export (submit one first)") });
    ExportOptions options;
    options.format = *format;
    options.wide = m_wide->isChecked();
    options.rubric = m_rubric;
    options.labelStudioUser = m_user->value();
    if (*format == ExportFormat::LabelStudio && !m_tasksRoot.isEmpty()) {
        QSet<QString> wanted;
        for (const Review& r : reviews)
            wanted.insert(r.taskId);
        for (const QString& bundle : findTaskBundles(m_tasksRoot)) {
            QString id;
            const Result<TaskTexts> texts = readTaskTexts(bundle, &id);
            if (texts && wanted.contains(id))
                options.tasks.insert(id, *texts);
        }
    }
    const QByteArray bytes = exportReviews(reviews, options);
    if (const Status s = writeFileAtomically(out, bytes); !s)
        return fail(s.error());
    QString what = tr("Wrote %n review(s) as %1 to %2 (%3)", nullptr, int(reviews.size()))
                       .arg(m_format->currentData().toString(), QDir::toNativeSeparators(out), sizeText(bytes.size()));
    if (*format == ExportFormat::LabelStudio && m_config->isChecked() && m_rubric) {
        const QString xml = m_configPath->text().trimmed();
        const QByteArray config = labelStudioConfig(*m_rubric);
        if (const Status s = writeFileAtomically(xml, config); !s)
            return fail(s.error());
        what += tr(", and the labeling config to %1 (%2)").arg(QDir::toNativeSeparators(xml), sizeText(config.size()));
    }
    QSettings settings;
    settings.setValue(kFolderKey, QFileInfo(out).absolutePath());
    settings.setValue(kFormatKey, m_format->currentData().toString());
    m_message->setStyleSheet(QStringLiteral("color: #1e7a34;"));
    m_message->setText(what);
    Q_EMIT exported(what);
    return Ok {};
}

} // namespace kwb::ui
