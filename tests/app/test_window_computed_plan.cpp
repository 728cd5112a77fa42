// File > Open of an IR: the window shows the plan memlens computes and says so.
#include "app_test_support.hpp"

#include "support/test_paths.hpp"
#include "views/plan_session.hpp"
#include "views/source/source_panes.hpp"
#include "views/source/source_text_view.hpp"

#include <catch2/catch.hpp>

#include <QLabel>

using namespace memlens;
using memlens::test::WindowFixture;

TEST_CASE("opening an IR file shows the plan memlens computes from it, with the IR", "[window][computed]")
{
    WindowFixture f;
    const auto ir = memlens::test::data("mlir/double_buffered_loop.mlir");
    REQUIRE(f.open(QString::fromStdString(ir.string())));
    const auto document = f.window->session()->document();
    REQUIRE(document);
    REQUIRE(document->computedFrom);
    const auto* file = f.window->findChild<QLabel*>(QStringLiteral("titleFile"));
    REQUIRE(file);
    CHECK(file->text().startsWith(QStringLiteral("plan computed by memlens from ")));
    CHECK(file->text().contains(QStringLiteral("double_buffered_loop.mlir")));
    // Cut short in a narrow window, the line is whole in the tooltip, with the file's path.
    CHECK(file->toolTip().startsWith(QStringLiteral("plan computed by memlens from ")));
    CHECK(file->toolTip().contains(QString::fromStdString(ir.string())));
    // A block's IR line is its alloc in the file opened.
    const int a = memlens::test::blockNamed(*f.window, "%a");
    REQUIRE(a >= 0);
    f.window->session()->selectBlock(a);
    SourcePanes* panes = f.window->sourcePanes();
    CHECK(panes->irHeaderText().contains(QStringLiteral("double_buffered_loop.mlir")));
    const int line = panes->irHighlightedLine();
    REQUIRE(line > 0);
    CHECK(panes->irView()->lineText(line).contains(QStringLiteral("%a = memref.alloc()")));
}
