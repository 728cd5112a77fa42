// The Settings menu: the default chip (the capacity where nothing else gives one) and the
// chart's font size, each a setting of the settings table that the window applies at once.
#include "app_test_support.hpp"

#include "core/analysis/capacity.hpp"
#include "views/chart/address_strip_widget.hpp"
#include "views/chart/block_chart_widget.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QMenuBar>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

// A dump with no error text and no IR: its capacity is the default.
QString defaultCapacityDump()
{
    return QString::fromStdString(test::data("dumps/two_scopes_multibuffer.json").string());
}

QAction* menuAction(MainWindow& window, const char* name)
{
    return window.menuBar()->findChild<QAction*>(QString::fromLatin1(name));
}

} // namespace

TEST_CASE("Settings > Default Chip gives the capacity where nothing else does, at once and later", "[window][settings]")
{
    WindowFixture f;
    REQUIRE(f.open(defaultCapacityDump()));
    REQUIRE(f.window->session()->analysis()->capacity.source == CapacitySource::Default);
    CHECK(f.window->session()->analysis()->capacity.bytes == 192 * 1024);
    QAction* usual = menuAction(*f.window, "defaultChipAscend910B");
    QAction* chip = menuAction(*f.window, "defaultChipAscend310B");
    REQUIRE(usual);
    REQUIRE(chip);
    CHECK(usual->isChecked());

    chip->trigger();
    CHECK(f.settings->value(SettingId::DefaultChip).toString() == "Ascend310B");
    const Capacity& capacity = f.window->session()->analysis()->capacity;
    CHECK(capacity.bytes == 256 * 1024);
    CHECK(describeCapacitySource(capacity) == "default: Ascend310B, your default chip");
    // The next window reads every dump with it.
    {
        MainWindow next(f.settings.get());
        CHECK(menuAction(next, "defaultChipAscend310B")->isChecked());
    }
    REQUIRE(f.open(defaultCapacityDump()));
    CHECK(f.window->session()->analysis()->capacity.bytes == 256 * 1024);

    usual->trigger();
    CHECK(f.settings->value(SettingId::DefaultChip).toString().isEmpty());
    CHECK(f.window->session()->analysis()->capacity.bytes == 192 * 1024);
    CHECK(describeCapacitySource(f.window->session()->analysis()->capacity) == kDefaultCapacityNote);
}

TEST_CASE(
    "Settings > Chart Font Size sets the chart's and the snapshot's text, and is remembered", "[window][settings]")
{
    WindowFixture f;
    REQUIRE(f.open(defaultCapacityDump()));
    BlockChartWidget* chart = f.window->chart();
    CHECK(chart->fontPixelSize() == 12);
    CHECK(menuAction(*f.window, "chartFontSize12")->isChecked());
    const double plotLeft = chart->mapping().plotRect().left();

    QAction* larger = menuAction(*f.window, "chartFontSize16");
    REQUIRE(larger);
    larger->trigger();
    CHECK(f.settings->value(SettingId::ChartFontSize).toInt() == 16);
    CHECK(chart->fontPixelSize() == 16);
    CHECK(f.window->addressStrip()->fontPixelSize() == 15);
    // Wider address labels: the plot starts further right.
    CHECK(chart->mapping().plotRect().left() > plotLeft);

    MainWindow next(f.settings.get());
    CHECK(next.chart()->fontPixelSize() == 16);
    CHECK(menuAction(next, "chartFontSize16")->isChecked());
}
