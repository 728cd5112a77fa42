// A capacity typed in the title bar while the chart shows the whole plan: the chart fits the
// plan under the new capacity, with a block selected or not.
#include "app_test_support.hpp"

#include "views/chart/block_chart_widget.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QTest>

using namespace memlens;
using memlens::test::WindowFixture;

TEST_CASE("changing the capacity at fit zoom fits the chart again", "[window][chart][refit]")
{
    WindowFixture f;
    REQUIRE(f.open(QString::fromStdString(test::data("dumps/two_scopes_multibuffer.json").string())));
    REQUIRE(f.window->session()->scope()->scope == "ub");
    BlockChartWidget* chart = f.window->chart();
    const bool withSelection = GENERATE(false, true);
    INFO("a block selected: " << withSelection);
    if (withSelection) {
        // The 100-byte %tmp_buf: a sliver, which a pick from the table zooms to.
        const int tiny = test::blockNamed(*f.window, "%tmp_buf");
        REQUIRE(tiny >= 0);
        f.window->session()->selectBlock(tiny);
        chart->fitToPlan(); // Home: the whole plan again, the block still selected
    }
    REQUIRE(chart->mapping().isFit());
    const double before = chart->mapping().fitWindow().y1;

    // Far above the data: the fit takes the capacity in.
    emit f.window->titleBar()->capacityEdited(QStringLiteral("ub"), quint64{48 * 1024});
    CHECK(f.window->session()->analysis()->capacity.bytes == 48 * 1024);
    CHECK(chart->mapping().isFit());
    CHECK(chart->mapping().fitWindow().y1 >= 48.0 * 1024);
    CHECK(chart->mapping().fitWindow().y1 != before);
    CHECK(chart->mapping().window() == chart->mapping().fitWindow());

    // Zoomed in, the view stays where the user put it.
    chart->zoomIn();
    const DataWindow zoomed = chart->mapping().window();
    REQUIRE_FALSE(chart->mapping().isFit());
    emit f.window->titleBar()->capacityEdited(QStringLiteral("ub"), quint64{40 * 1024});
    CHECK(chart->mapping().window() == zoomed);
}
