// The Source dock's title says which panes it holds: the compile log's pane is named while
// the document has a log.
#include "app_test_support.hpp"

#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <QDockWidget>

using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

TEST_CASE("the Source dock's title names the log pane while the dump has a compile log", "[window][source][log]")
{
    WindowFixture f;
    auto* dock = f.window->findChild<QDockWidget*>(QStringLiteral("sourceDock"));
    REQUIRE(dock);
    CHECK(dock->windowTitle() == "Source: IR | Python");

    REQUIRE(f.open(layerNormDump("block16384"))); // its folder holds compile.log
    REQUIRE(f.window->session()->document()->log);
    CHECK(dock->windowTitle() == "Source: IR | Python | Log IR");

    REQUIRE(f.open(QString::fromStdString(memlens::test::data("dumps/in_place_triple.json").string())));
    REQUIRE_FALSE(f.window->session()->document()->log);
    CHECK(dock->windowTitle() == "Source: IR | Python");
}
