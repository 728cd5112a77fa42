// A kernel name of any length: the window stays within the screen, and remembers no
// geometry wider than it; long values wrap in the docks and are copied whole.
#include "app_test_support.hpp"
#include "support/shown_text.hpp"

#include "app/diagnosis_dock.hpp"
#include "app/dump_history.hpp"
#include "app/history_menu.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"
#include "views/source/source_panes.hpp"
#include "views/table/block_details_panel.hpp"
#include "views/table/block_table_panel.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>

using namespace memlens;
using namespace memlens::test::shown;
using memlens::test::WindowFixture;

namespace {

QString writeDumpOfKernel(const QTemporaryDir& dir, const QString& kernel)
{
    const QString path = dir.filePath("memory_info_aiv.json");
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(QStringLiteral(R"({"Header": {"KernelName": "%1"}, "Record": [{"scope": "ub", "memory_info_array": [)"
                              R"({"buffer": "%a = memref.alloc() : memref<16xf16>", "offset": [0], "extent": 256, )"
                              R"("life_time_in_ir": [1, 3]}]}]})")
                   .arg(kernel)
                   .toUtf8());
    return path;
}

} // namespace

TEST_CASE("a 60,000-character kernel name is elided in the title bar and never widens the window", "[window][hostile]")
{
    WindowFixture f;
    QTemporaryDir dumps;
    const QString kernel = QStringLiteral("_k") + QString(60000, QLatin1Char('n'));
    REQUIRE(f.open(writeDumpOfKernel(dumps, kernel)));
    TitleBar* title = f.window->titleBar();
    CHECK(kernelShown(*title) == kernel);
    const auto* label = title->findChild<QLabel*>(QStringLiteral("titleKernel"));
    REQUIRE(label);
    CHECK(label->toolTip() == kernel);
    CHECK(label->text().size() < 1000);
    // About 12 px a character: the whole name would ask for 700,000 px.
    CHECK(title->minimumSizeHint().width() < 1200);
    CHECK(f.window->minimumSizeHint().width() < 1600);
    CHECK(f.window->windowTitle().size() < 300);
    CHECK(f.window->windowTitle().contains(QStringLiteral("(60002 bytes)")));
}

TEST_CASE("the History menu shows a long kernel name shortened", "[window][history]")
{
    DumpVersion version;
    version.kernel = QString(60000, QLatin1Char('k'));
    version.written = QDateTime::currentDateTime();
    const QString label = HistoryMenu::label(version);
    CHECK(label.size() < 200);
    CHECK(label.contains(QStringLiteral("(60000 bytes)")));
}

TEST_CASE("a window wider than its screen is remembered at most as wide as the screen", "[window][layout]")
{
    WindowFixture f;
    const QScreen* screen = f.window->screen();
    REQUIRE(screen);
    const QSize available = screen->availableGeometry().size();
    f.window->resize(available.width() * 3, available.height() / 2);
    REQUIRE(f.window->width() > available.width() * 2);
    f.window->close();
    MainWindow next(f.settings.get());
    REQUIRE(next.restoreGeometry(f.settings->value(SettingId::WindowGeometry).toByteArray()));
    // The screen's width, or the window's own minimum where the screen is narrower than that.
    CHECK(next.width() <= std::max(available.width(), next.minimumSizeHint().width()));
}

TEST_CASE(
    "the docks wrap long values instead of widening, and Copy details copies them whole", "[window][hostile][details]")
{
    WindowFixture f;
    QTemporaryDir dumps;
    // A 200-character kernel name, a type and a path with no space to break at.
    const QString kernel = QStringLiteral("_k") + QString(198, QLatin1Char('n'));
    QString shape;
    for (int i = 0; i < 40; ++i)
        shape += QStringLiteral("1x");
    const QString type = QStringLiteral("memref<%1%2xf16,#hivm.address_space<ub>>").arg(shape).arg(16);
    const QString path = QStringLiteral("/build") + QStringLiteral("/very_long_folder_name_without_spaces").repeated(8)
        + QStringLiteral("/kernel.py");
    const QString file = dumps.filePath("memory_info_aiv.json");
    QFile out(file);
    REQUIRE(out.open(QIODevice::WriteOnly));
    out.write(QStringLiteral(R"({"Header": {"KernelName": "%1"}, "Record": [{"scope": "ub", "memory_info_array": [)"
                             R"({"buffer": "%alloc_0 = memref.alloc() : %2", "offset": [0], "extent": 256, )"
                             R"x("life_time_in_ir": [1, 3], "source_location": "loc(\"%3\":21:12)"}]}]})x")
                  .arg(kernel, type, path)
                  .toUtf8());
    out.close();
    REQUIRE(f.open(file));
    f.window->session()->selectBlock(0);
    QApplication::processEvents();

    BlockDetailsPanel* details = f.window->details();
    REQUIRE(details->hasBlock());
    auto* scroll = details->findChild<QScrollArea*>();
    REQUIRE(scroll);
    // The page asks for a dock's width, not the width of its longest value.
    CHECK(scroll->widget()->minimumSizeHint().width() < 360);
    CHECK(detailsShown(*f.window->session()).type.startsWith(shape + "16xf16"));
    const QString summary = details->summaryText();
    for (const QString& whole : {kernel, type, path}) {
        INFO(whole.toStdString());
        CHECK(summary.contains(whole));
    }
    CHECK_FALSE(summary.contains(QChar(0x200B)));
    auto* copy = details->findChild<QPushButton*>(QStringLiteral("detailsCopy"));
    REQUIRE(copy);
    copy->click();
    CHECK(QApplication::clipboard()->text() == summary);
    // Neither do the other docks widen.
    auto* diagnosis = f.window->diagnosisDock()->panel()->findChild<QScrollArea*>();
    REQUIRE(diagnosis);
    CHECK(diagnosis->widget()->minimumSizeHint().width() < 360);
    CHECK(f.window->sourcePanes()->minimumSizeHint().width() < 600);
    CHECK(f.window->table()->minimumSizeHint().width() < 600);
}
