#include "app/preferences_dialog.hpp"

#include "app/app_settings.hpp"
#include "views/style.hpp"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace memlens {

namespace {
// A list with Add and Remove buttons beside it.
QGroupBox* listGroup(const QString& title, const QString& hint, QListWidget* list, QPushButton** add, QWidget* parent)
{
    auto* group = new QGroupBox(title, parent);
    auto* layout = new QVBoxLayout(group);
    auto* label = new QLabel(hint, group);
    label->setWordWrap(true);
    layout->addWidget(label);
    auto* row = new QHBoxLayout;
    row->addWidget(list, 1);
    auto* buttons = new QVBoxLayout;
    *add = new QPushButton(QObject::tr("Add…"), group);
    auto* remove = new QPushButton(QObject::tr("Remove"), group);
    QObject::connect(remove, &QPushButton::clicked, list, [list] { qDeleteAll(list->selectedItems()); });
    buttons->addWidget(*add);
    buttons->addWidget(remove);
    buttons->addStretch();
    row->addLayout(buttons);
    layout->addLayout(row);
    return group;
}
} // namespace

PreferencesDialog::PreferencesDialog(AppSettings* settings, QWidget* parent)
    : QDialog(parent)
    , settings_(settings)
    , sourceDirs_(new QListWidget(this))
    , substitutions_(new QListWidget(this))
{
    setWindowTitle(tr("Source Folders and Path Substitutions"));
    resize(640, 540);
    sourceDirs_->addItems(settings_->value(SettingId::SourceDirs).toStringList());
    substitutions_->addItems(settings_->value(SettingId::Substitutions).toStringList());
    for (QListWidget* list : {sourceDirs_, substitutions_})
        list->setSelectionMode(QAbstractItemView::ExtendedSelection);

    QPushButton* addDir = nullptr;
    QPushButton* addSubstitution = nullptr;
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(listGroup(tr("Source folders"),
        tr("Searched by file name (and their subfolders) for IR and Python files the dump names."), sourceDirs_,
        &addDir, this));
    QGroupBox* substitutionGroup = listGroup(tr("Path substitutions"),
        tr("FROM=TO: a path starting with FROM (the machine where the compiler ran) is looked for under TO here."),
        substitutions_, &addSubstitution, this);
    substitutionError_ = new QLabel(substitutionGroup);
    substitutionError_->setObjectName(QStringLiteral("substitutionError"));
    substitutionError_->setStyleSheet(QStringLiteral("color: %1;").arg(style::css(style::fieldError())));
    substitutionError_->setWordWrap(true);
    substitutionError_->hide();
    substitutionGroup->layout()->addWidget(substitutionError_);
    layout->addWidget(substitutionGroup);
    layout->addWidget(tritonCacheGroup());
    connect(addDir, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Add Source Folder"));
        if (!dir.isEmpty())
            sourceDirs_->addItem(dir);
    });
    connect(addSubstitution, &QPushButton::clicked, this, [this] {
        bool ok = false;
        const QString entry = QInputDialog::getText(this, tr("Add Path Substitution"),
            tr("FROM=TO, e.g. /home/build/kernels=/Users/me/kernels:"), QLineEdit::Normal, QString(), &ok);
        if (ok)
            this->addSubstitution(entry);
    });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &PreferencesDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

QString PreferencesDialog::substitutionError(const QString& entry)
{
    const QString trimmed = entry.trimmed();
    const qsizetype equals = trimmed.indexOf(QLatin1Char('='));
    if (trimmed.isEmpty())
        return tr("The entry is empty: write FROM=TO.");
    if (equals < 0)
        return tr("\"%1\" has no '=': write FROM=TO, e.g. /home/build/kernels=/Users/me/kernels.").arg(trimmed);
    if (trimmed.left(equals).trimmed().isEmpty())
        return tr("\"%1\" has nothing before '=': FROM is the path on the machine where the compiler ran.")
            .arg(trimmed);
    if (trimmed.mid(equals + 1).trimmed().isEmpty())
        return tr("\"%1\" has nothing after '=': TO is where those files are on this machine.").arg(trimmed);
    return {};
}

bool PreferencesDialog::addSubstitution(const QString& entry)
{
    const QString error = substitutionError(entry);
    substitutionError_->setText(error);
    substitutionError_->setVisible(!error.isEmpty());
    if (!error.isEmpty())
        return false;
    substitutions_->addItem(entry.trimmed());
    return true;
}

void PreferencesDialog::accept()
{
    QStringList dirs;
    QStringList substitutions;
    for (int i = 0; i < sourceDirs_->count(); ++i)
        dirs << sourceDirs_->item(i)->text();
    for (int i = 0; i < substitutions_->count(); ++i)
        substitutions << substitutions_->item(i)->text();
    settings_->setValue(SettingId::SourceDirs, dirs);
    settings_->setValue(SettingId::Substitutions, substitutions);
    settings_->setValue(SettingId::TritonCacheDir, tritonCache_->text().trimmed());
    QDialog::accept();
}

QGroupBox* PreferencesDialog::tritonCacheGroup()
{
    auto* group = new QGroupBox(tr("Triton cache"), this);
    auto* layout = new QVBoxLayout(group);
    auto* label
        = new QLabel(tr("Searched for the dump's adapter IR when none is beside it (Triton-Ascend compiles it in a "
                        "temporary folder it deletes). Empty: $TRITON_CACHE_DIR, else ~/.triton/cache."),
            group);
    label->setWordWrap(true);
    layout->addWidget(label);
    auto* row = new QHBoxLayout;
    tritonCache_ = new QLineEdit(settings_->value(SettingId::TritonCacheDir).toString(), group);
    tritonCache_->setPlaceholderText(tr("$TRITON_CACHE_DIR or ~/.triton/cache"));
    tritonCache_->setClearButtonEnabled(true);
    auto* browse = new QPushButton(tr("Choose…"), group);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Triton Cache Folder"), tritonCache_->text());
        if (!dir.isEmpty())
            tritonCache_->setText(dir);
    });
    row->addWidget(tritonCache_, 1);
    row->addWidget(browse);
    layout->addLayout(row);
    return group;
}

} // namespace memlens
