// At 1024 the title bar's file label keeps the folder that tells two compiles apart (issue 65).
#include "app_test_support.hpp"

#include "views/elided_label.hpp"
#include "views/title_bar.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QTest>

using namespace memlens;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

TEST_CASE("the title bar's file label keeps the dump's folder at 1024", "[window][title][narrow]")
{
    for (const char* folder : {"block16384", "block8192"}) {
        WindowFixture f;
        f.window->resize(1024, 700);
        REQUIRE(f.open(layerNormDump(folder)));
        QApplication::processEvents();
        auto* label = f.window->titleBar()->findChild<ElidedLabel*>(QStringLiteral("titleFile"));
        REQUIRE(label);
        INFO(label->text().toStdString());
        CHECK(label->text().startsWith(QString::fromLatin1(folder) + QLatin1Char('/')));
    }
}
