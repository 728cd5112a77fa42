#include "app/report_folder_dialog.hpp"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QTemporaryDir>

using namespace memlens;

namespace {
// Types `name` into the dialog's name field and presses its accept button (what accept() answers).
void typeAndAccept(ReportFolderDialog& dialog, const QString& name)
{
    auto* edit = dialog.findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
    REQUIRE(edit);
    edit->setText(name);
    dialog.accept();
}
} // namespace

TEST_CASE("the report folder dialog creates a folder that does not exist yet", "[report][dialog]")
{
    QTemporaryDir dir;
    ReportFolderDialog dialog(nullptr, dir.path());
    dialog.show();
    typeAndAccept(dialog, QStringLiteral("reports/today"));
    const QString expected = QDir(dir.path()).absoluteFilePath(QStringLiteral("reports/today"));
    CHECK(dialog.result() == QDialog::Accepted);
    CHECK(dialog.folder() == expected);
    CHECK(QFileInfo(expected).isDir());
    CHECK(dialog.errorText().isEmpty());
}

TEST_CASE("the report folder dialog takes an existing folder as it is", "[report][dialog]")
{
    QTemporaryDir dir;
    QDir(dir.path()).mkdir(QStringLiteral("old"));
    ReportFolderDialog dialog(nullptr, dir.path());
    dialog.show();
    typeAndAccept(dialog, QStringLiteral("old"));
    CHECK(dialog.result() == QDialog::Accepted);
    CHECK(dialog.folder() == QDir(dir.path()).absoluteFilePath(QStringLiteral("old")));
    // Nothing typed: the folder on show.
    ReportFolderDialog here(nullptr, dir.path());
    here.show();
    typeAndAccept(here, QString());
    CHECK(here.folder() == QDir(dir.path()).absolutePath());
}
