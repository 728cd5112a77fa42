// Settings > Source Folders and Path Substitutions: a bad substitution is refused with a reason.
#include "app/app_settings.hpp"
#include "app/preferences_dialog.hpp"

#include <catch2/catch.hpp>

#include <QLabel>
#include <QListWidget>
#include <QTemporaryDir>

using namespace memlens;

TEST_CASE("Add Path Substitution says why it refuses an entry", "[preferences]")
{
    QTemporaryDir dir;
    AppSettings settings(dir.filePath("memlens.ini"));
    PreferencesDialog dialog(&settings);
    dialog.show();
    QLabel* error = dialog.substitutionErrorLabel();
    CHECK(error->isHidden());

    CHECK_FALSE(dialog.addSubstitution("/home/build/kernels"));
    CHECK(error->isVisible());
    CHECK(error->text().contains("no '='"));
    CHECK_FALSE(dialog.addSubstitution("=/Users/me/kernels"));
    CHECK(error->text().contains("nothing before '='"));
    CHECK_FALSE(dialog.addSubstitution("/home/build/kernels=  "));
    CHECK(error->text().contains("nothing after '='"));
    CHECK_FALSE(dialog.addSubstitution("   "));
    CHECK(error->text().contains("empty"));
    CHECK(dialog.substitutionList()->count() == 0);

    CHECK(dialog.addSubstitution("  /home/build/kernels=/Users/me/kernels "));
    CHECK(error->isHidden());
    REQUIRE(dialog.substitutionList()->count() == 1);
    CHECK(dialog.substitutionList()->item(0)->text() == "/home/build/kernels=/Users/me/kernels");
    dialog.accept();
    CHECK(settings.value(SettingId::Substitutions).toStringList()
        == QStringList{"/home/build/kernels=/Users/me/kernels"});
}
