// The window's address snapshot: beside the block chart, following the cursor,
// with the bank count from the settings.
#include "app/preferences_dialog.hpp"
#include "app_test_support.hpp"
#include "support/test_paths.hpp"
#include "views/chart/address_strip_widget.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/plan_session.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QSpinBox>
#include <QTest>
#include <QTimer>

using namespace memlens;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

TEST_CASE("the address snapshot sits right of the block chart and follows the cursor", "[window][storage]")
{
    WindowFixture f;
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    REQUIRE(f.open(layerNormDump()));
    AddressStripWidget* strip = f.window->addressStrip();
    BlockChartWidget* chart = f.window->chart();
    REQUIRE(strip);
    CHECK(strip->isVisible());
    CHECK(strip->bankCount() == AddressStripWidget::kDefaultBankCount);
    const QRect chartRect(chart->mapTo(f.window.get(), QPoint(0, 0)), chart->size());
    const QRect stripRect(strip->mapTo(f.window.get(), QPoint(0, 0)), strip->size());
    CHECK(stripRect.left() >= chartRect.right());
    CHECK(stripRect.top() == chartRect.top());
    REQUIRE(strip->snapshot());
    CHECK(strip->snapshot()->op == 41);

    chart->session()->setCursorOp(30);
    CHECK(strip->snapshot()->op == 30);
    CHECK(strip->showsCursor());
}

TEST_CASE("the bank count is a setting View > Address Snapshot Banks edits and the window applies",
    "[window][storage][settings]")
{
    QTemporaryDir dir;
    AppSettings settings(dir.filePath("memlens.ini"));
    settings.setValue(SettingId::BankCount, 24);
    MainWindow window(&settings);
    CHECK(window.addressStrip()->bankCount() == 24);

    auto* action = window.findChild<QAction*>(QStringLiteral("bankCountAction"));
    REQUIRE(action);
    // The dialog the action opens: answer it with 16.
    bool answered = false;
    QTimer::singleShot(0, &window, [&answered] {
        auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        answered = dialog->intValue() == 24;
        dialog->setIntValue(16);
        dialog->accept();
    });
    action->trigger();
    CHECK(answered);
    CHECK(settings.value(SettingId::BankCount).toInt() == 16);
    CHECK(window.addressStrip()->bankCount() == 16);
    // The source folders dialog no longer holds it.
    PreferencesDialog preferences(&settings);
    CHECK(preferences.findChild<QSpinBox*>() == nullptr);
}
