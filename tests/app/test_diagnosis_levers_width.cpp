// The Diagnosis's levers are readable without a tooltip at 1024 and 1400: no cell is cut,
// the lever wraps where the dock is narrow (issue 65).
#include "app_test_support.hpp"

#include "app/diagnosis_dock.hpp"
#include "views/diagnosis/diagnosis_panel.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QHeaderView>
#include <QTableWidget>
#include <QTest>

using namespace memlens;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

TEST_CASE("the lever table's cells are whole at 1024 and 1400", "[window][diagnosis][levers]")
{
    for (const QSize size : {QSize(1024, 700), QSize(1400, 900)}) {
        WindowFixture f;
        f.window->resize(size);
        DiagnosisPanel* panel = f.window->diagnosisDock()->panel();
        QSignalSpy diagnosed(panel, &DiagnosisPanel::diagnosed);
        REQUIRE(f.open(layerNormDump("block16384")));
        REQUIRE(test::seen(diagnosed, 20000));
        QTest::qWait(100);
        QTableWidget* levers = panel->leverTable();
        REQUIRE(levers->rowCount() >= 2);
        INFO(size.width() << "x" << size.height() << ", table " << levers->viewport()->width() << " px");
        int total = 0;
        for (int column = 0; column < levers->columnCount(); ++column)
            total += levers->columnWidth(column);
        CHECK(total <= levers->viewport()->width() + 1);
        const QFontMetrics metrics = levers->fontMetrics();
        for (int row = 0; row < levers->rowCount(); ++row)
            for (int column = 0; column < levers->columnCount(); ++column) {
                const QString text = levers->item(row, column)->text();
                INFO(text.toStdString() << " in a column of " << levers->columnWidth(column));
                const QRect needed
                    = metrics.boundingRect(QRect(0, 0, levers->columnWidth(column) - 8, 10000), Qt::TextWordWrap, text);
                CHECK(needed.width() <= levers->columnWidth(column) - 6);
                CHECK(needed.height() <= levers->rowHeight(row));
            }
    }
}
