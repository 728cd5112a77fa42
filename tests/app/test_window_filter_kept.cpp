// The Blocks table's filter belongs to the dump it was typed for: another dump clears it, a
// reload of the same file keeps it (issue 65).
#include "app_test_support.hpp"

#include "views/table/block_table_panel.hpp"

#include <catch2/catch.hpp>

#include <QLineEdit>

using namespace memlens;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

TEST_CASE(
    "a filter typed in the Blocks table clears when another dump opens, and stays on a reload", "[window][filter]")
{
    WindowFixture f;
    REQUIRE(f.open(layerNormDump("block16384")));
    QLineEdit* filter = f.window->table()->filterEdit();
    filter->setText(QStringLiteral("alloc_3"));
    REQUIRE_FALSE(f.window->table()->countText().startsWith("0 of"));

    QSignalSpy shown(f.window.get(), &MainWindow::documentShown);
    f.window->reload();
    REQUIRE(test::seen(shown));
    CHECK(filter->text() == QStringLiteral("alloc_3"));

    REQUIRE(f.open(layerNormDump("block8192")));
    CHECK(filter->text().isEmpty());
    const QStringList count = f.window->table()->countText().split(' ');
    REQUIRE(count.size() >= 3);
    CHECK(count[0] == count[2]); // "17 of 17 blocks": none hidden
}
