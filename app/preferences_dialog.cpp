#include "app/preferences_dialog.hpp"

#include "app/app_settings.hpp"

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
    layout->addWidget(listGroup(tr("Path substitutions"),
        tr("FROM=TO: a path starting with FROM (the machine where the compiler ran) is looked for under TO here."),
        substitutions_, &addSubstitution, this));
    layout->addWidget(tritonCacheGroup());
    connect(addDir, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Add Source Folder"));
        if (!dir.isEmpty())
            sourceDirs_->addItem(dir);
    });
    connect(addSubstitution, &QPushButton::clicked, this, [this] {
        const QString entry = QInputDialog::getText(
            this, tr("Add Path Substitution"), tr("FROM=TO, e.g. /home/build/kernels=/Users/me/kernels:"));
        if (entry.indexOf(QLatin1Char('=')) > 0)
            substitutions_->addItem(entry.trimmed());
    });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &PreferencesDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
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
