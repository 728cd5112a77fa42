#include "app/report_folder_dialog.hpp"

#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QMessageBox>

namespace memlens {

ReportFolderDialog::ReportFolderDialog(QWidget* parent, const QString& startDir)
    : QFileDialog(parent, tr("Export Report into Folder"), startDir)
{
    setObjectName(QStringLiteral("reportFolderDialog"));
    // The platform dialog refuses a folder that is not there: use Qt's own, which asks this class.
    setOption(QFileDialog::DontUseNativeDialog);
    setOption(QFileDialog::ShowDirsOnly);
    setFileMode(QFileDialog::Directory);
    setLabelText(QFileDialog::FileName, tr("Folder:"));
    setLabelText(QFileDialog::Accept, tr("Export Here"));
}

void ReportFolderDialog::accept()
{
    // What was typed in the name field, relative to the folder on show.
    QString typed;
    if (auto* edit = findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
        typed = edit->text().trimmed();
    const QString path = typed.isEmpty() ? directory().absolutePath() : directory().absoluteFilePath(typed);
    const QFileInfo info(path);
    error_.clear();
    if (info.exists() && !info.isDir()) {
        error_ = tr("%1 is a file, not a folder.").arg(QDir::toNativeSeparators(path));
    } else if (!info.exists() && !QDir().mkpath(path)) {
        error_ = tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(path));
    }
    if (!error_.isEmpty()) {
        QMessageBox::warning(this, windowTitle(), error_);
        return;
    }
    folder_ = QFileInfo(path).absoluteFilePath();
    QDialog::accept(); // the folder exists now: done, whatever QFileDialog would say about the name field
}

} // namespace memlens
