// The block chart and the usage curve in the real window: small plans, zoom kept
// across capacity edits, the address axis toggle.
#include "app_test_support.hpp"

#include "app/message_bar.hpp"

#include "core/analysis/plan_analysis.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/chart/usage_chart_view.hpp"
#include "views/plan_session.hpp"
#include "views/style.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QAction>
#include <QLineEdit>
#include <QTest>
#include <QtCharts/QCategoryAxis>

using namespace memlens;
using memlens::test::WindowFixture;

namespace {

QString sample(const char* relative) { return QString::fromStdString(memlens::test::sample(relative).string()); }

// The colour of a widget pixel in a grab of the whole window.
QColor pixelOf(MainWindow& window, QWidget* widget, QPoint at)
{
    const QImage image = window.grab().toImage();
    const QPoint p = (widget->mapTo(&window, at) * image.devicePixelRatio());
    return image.pixelColor(p);
}

} // namespace

TEST_CASE("the real fake_attn_fwd sample shows its two 32-byte blocks", "[window][samples][small]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(sample("fake_attn_fwd/memory_info_aiv.json")));
    REQUIRE(QTest::qWaitForWindowExposed(f.window.get()));
    BlockChartWidget* chart = f.window->chart();
    const ScopePlan& plan = *f.window->session()->scope();
    const std::uint64_t capacity = f.window->session()->analysis()->capacity.bytes;
    REQUIRE(plan.blocks.size() == 2);
    REQUIRE(capacity >= 64 * 1024);
    // Data far below the capacity: the address axis ends just above the 64 bytes in use.
    const double top = chart->mapping().window().y1;
    CHECK(top >= 64.0);
    CHECK(top < 128.0);
    const double plotHeight = chart->mapping().plotRect().height();
    for (const Block& block : plan.blocks) {
        const QRect r = chart->mapping().blockPixelRect(block);
        // Each is near half the plot tall (32 of ~69 bytes), and painted in its buffer's colour.
        CHECK(r.height() > plotHeight / 3);
        const QColor fill = style::blockFill(plan.bufferOf(block), false);
        const QColor seen = pixelOf(*f.window, chart, r.center() + QPoint(r.width() / 3, 0));
        CHECK(std::abs(seen.red() - fill.red()) + std::abs(seen.green() - fill.green())
                + std::abs(seen.blue() - fill.blue())
            < 40);
    }
    // The usage curve follows: its byte axis ends near the data too.
    CHECK(f.window->usageChart()->bytesAxis()->max() < 128.0);

    // View > Address Axis > Fit Capacity: the axis reaches the capacity, the blocks stay at least 2 px tall.
    auto* fitCapacity = f.window->findChild<QAction*>(QStringLiteral("addressFitCapacity"));
    REQUIRE(fitCapacity);
    fitCapacity->trigger();
    CHECK(chart->mapping().window().y1 >= static_cast<double>(capacity));
    CHECK(f.window->usageChart()->bytesAxis()->max() >= static_cast<double>(capacity));
    for (const Block& block : plan.blocks)
        CHECK(chart->mapping().blockPixelRect(block).height() >= ChartMapping::kMinBlockHeightPx);
    auto* fitData = f.window->findChild<QAction*>(QStringLiteral("addressFitData"));
    REQUIRE(fitData);
    fitData->trigger();
    CHECK(chart->mapping().window().y1 < 128.0);
}

TEST_CASE("a plan that uses its capacity is fitted to the capacity", "[window][samples][small]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(sample("fake_attn_fwd_overflow/memory_info_aiv.json")));
    // 256 KB over 192 KB: the capacity line is on the chart.
    const double capacity = static_cast<double>(f.window->session()->analysis()->capacity.bytes);
    CHECK(f.window->chart()->mapping().window().y1 >= capacity);
    CHECK(f.window->chart()->mapping().capacityPixelY(196608) > f.window->chart()->mapping().plotRect().top());
}

TEST_CASE("changing the capacity keeps a zoomed view", "[window][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    WindowFixture f;
    REQUIRE(f.open(sample("fake_attn_fwd_overflow/memory_info_aiv.json")));
    BlockChartWidget* chart = f.window->chart();
    chart->zoomIn();
    chart->zoomIn();
    const DataWindow zoomed = chart->mapping().window();
    REQUIRE_FALSE(chart->mapping().isFit());
    f.window->titleBar()->capacityEdit()->setText("224K");
    REQUIRE(f.window->titleBar()->applyCapacityEdit());
    REQUIRE(f.window->session()->analysis()->capacity.bytes == 224 * 1024);
    const DataWindow after = chart->mapping().window();
    CHECK(after.x0 == Approx(zoomed.x0));
    CHECK(after.x1 == Approx(zoomed.x1));
    CHECK(after.y0 == Approx(zoomed.y0));
    CHECK(after.y1 == Approx(zoomed.y1));
    CHECK_FALSE(chart->mapping().isFit());
}

TEST_CASE("an IR of another compile opened for a dump is warned about in the window", "[window][ir]")
{
    const auto example = [](const char* relative) {
        return QString::fromStdString(
            (memlens::test::sourceDir() / "resources/examples/layer_norm" / relative).string());
    };
    WindowFixture f;
    LoadOptions options;
    options.irFile = example("block16384/_layer_norm_fwd_fused.ttadapter").toStdString();
    f.window->setCommandLineOptions(options, example("block8192/memory_info_aiv.json"));
    REQUIRE(f.open(example("block8192/memory_info_aiv.json")));
    CHECK(f.window->messageBar()->kind() == MessageBar::Kind::Warning);
    CHECK(f.window->messageBar()->isVisible());
    CHECK(f.window->messageBar()->text().contains("The IR may not belong to this dump"));
    CHECK(f.window->messageBar()->text().contains("8192xf32"));
}
