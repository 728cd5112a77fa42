#include "app_test_support.hpp"

#include "app/export_controller.hpp"
#include "app/report_writer.hpp"
#include "support/test_paths.hpp"
#include "views/chart/block_chart_widget.hpp"
#include "views/plan_session.hpp"
#include "views/style.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_model.hpp"
#include "views/table/block_table_panel.hpp"

#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>

using namespace memlens;
using memlens::test::layerNormDump;
using memlens::test::WindowFixture;

namespace {

// A small RFC 4180 reader of our own: quoted fields may hold commas and doubled quotes.
QList<QStringList> readCsv(const QString& path)
{
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row << field;
            field.clear();
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            row << field;
            rows << row;
            row.clear();
            field.clear();
            ++i;
        } else {
            field += c;
        }
    }
    return rows;
}
} // namespace

TEST_CASE(
    "the window exports the whole plan as a PNG of the chosen size: the report's header over the chart", "[export]")
{
    WindowFixture f;
    REQUIRE(f.open(layerNormDump()));
    const QString path = f.dir.filePath("chart.png");
    QString error;
    REQUIRE(f.window->exporter()->exportChartPng(path, QSize(1000, 600), false, &error));
    const QImage image(path);
    REQUIRE(image.size() == QSize(1000, 600));
    // Kernel, scope and verdict, needs against has, the error: the report's chart.png, drawn once.
    const PlanDocument& document = *f.window->session()->document();
    const QStringList caption = chartCaption(document, 0);
    CHECK(caption.join('\n').contains("needs 321 KB, has 192 KB"));
    const QImage report = captionedChartImage(document, 0, QSize(1000, 600), {}, caption);
    CHECK(image.convertToFormat(QImage::Format_RGB32) == report.convertToFormat(QImage::Format_RGB32));
    // The capacity line is drawn below the header: rows of its colour across the middle.
    int capacityRows = 0;
    for (int y = 60; y < image.height(); ++y) {
        int dashes = 0;
        for (int x = 400; x < 600; ++x)
            dashes += image.pixelColor(x, y) == style::capacityLine() ? 1 : 0;
        capacityRows += dashes > 100 ? 1 : 0;
    }
    CHECK(capacityRows == 2);
}

TEST_CASE("the window exports the chart as shown: zoomed in, fewer blocks in the SVG", "[export]")
{
    WindowFixture f;
    REQUIRE(f.open(layerNormDump()));
    const QString whole = f.dir.filePath("whole.svg");
    const QString shown = f.dir.filePath("shown.svg");
    QString error;
    REQUIRE(f.window->exporter()->exportChartSvg(whole, QSize(900, 500), false, &error));
    f.window->chart()->setOpRange(3, 6); // only the first loads are on show
    REQUIRE(f.window->exporter()->exportChartSvg(shown, QSize(900, 500), true, &error));
    QFile wholeFile(whole), shownFile(shown);
    REQUIRE(wholeFile.open(QIODevice::ReadOnly));
    REQUIRE(shownFile.open(QIODevice::ReadOnly));
    const int wholeRects = QString::fromUtf8(wholeFile.readAll()).count("<rect");
    const int shownRects = QString::fromUtf8(shownFile.readAll()).count("<rect");
    CHECK(wholeRects == 15); // 17 blocks; the three allocs sharing diff's storage are one rectangle
    CHECK(shownRects > 0);
    CHECK(shownRects < wholeRects);
}

TEST_CASE("the table exports as filtered and sorted, or whole", "[export]")
{
    WindowFixture f;
    REQUIRE(f.open(layerNormDump()));
    BlockTablePanel* table = f.window->table();
    table->overCapacityOnlyBox()->setChecked(true);
    table->tableView()->sortByColumn(BlockTableModel::SizeColumn, Qt::DescendingOrder);
    const QString shownPath = f.dir.filePath("shown.csv");
    const QString allPath = f.dir.filePath("all.csv");
    QString error;
    REQUIRE(f.window->exporter()->exportTableCsv(shownPath, true, &error));
    REQUIRE(f.window->exporter()->exportTableCsv(allPath, false, &error));
    const QList<QStringList> shown = readCsv(shownPath);
    const QList<QStringList> all = readCsv(allPath);
    REQUIRE(all.size() == 1 + 17);
    REQUIRE(shown.size() == 1 + table->proxy()->rowCount());
    REQUIRE(shown.size() > 2);
    CHECK(shown.size() < all.size());
    const int size = shown[0].indexOf("size");
    const int over = shown[0].indexOf("over_capacity");
    CHECK(shown[0].size() == 17);
    CHECK(shown[0].back() == "storage");
    for (int i = 1; i < shown.size(); ++i) {
        REQUIRE(shown[i].size() == shown[0].size()); // every row has every column of the header
        CHECK(shown[i][over].toULongLong() > 0);     // bytes above the capacity, as the table's column says
        if (i > 1)
            CHECK(shown[i][size].toULongLong() <= shown[i - 1][size].toULongLong()); // as sorted: largest first
    }
    CHECK(shown[1][size] == "65536");
    CHECK(shown.back()[size] != "65536");
}

TEST_CASE("the window exports the report folder", "[export]")
{
    WindowFixture f;
    REQUIRE(f.open(layerNormDump()));
    const QString dir = f.dir.filePath("report");
    QString error;
    REQUIRE(f.window->exporter()->exportReport(dir, &error));
    for (const char* name : {"summary.md", "chart.png", "chart.svg", "blocks.csv", "live_at_peak.csv"})
        CHECK(QFileInfo(QDir(dir).filePath(name)).size() > 0);
    CHECK(f.window->exporter()->defaultFileName("chart", "png") == "_layer_norm_fwd_fused_ub_chart.png");
}

namespace {

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

// Waits for the export on the worker to be handed back.
void waitForExport(QSignalSpy& ended)
{
    for (int i = 0; i < 100 && ended.isEmpty(); ++i)
        ended.wait(100);
    REQUIRE(ended.size() == 1);
    ended.clear();
}

} // namespace

TEST_CASE("the menu's exports are written on a worker thread, of the view as it was when asked", "[export][report]")
{
    WindowFixture f;
    REQUIRE(f.open(layerNormDump()));
    QList<QAction*> actions;
    for (QAction* candidate : f.window->findChildren<QAction*>())
        if (candidate->text().startsWith(QStringLiteral("Export ")))
            actions << candidate;
    REQUIRE(actions.size() == 4); // chart PNG and SVG, table CSV, report
    for (QAction* action : actions)
        CHECK(action->isEnabled());
    ExportController* exporter = f.window->exporter();
    BlockTablePanel* table = f.window->table();
    table->overCapacityOnlyBox()->setChecked(true);
    table->tableView()->sortByColumn(BlockTableModel::SizeColumn, Qt::DescendingOrder);
    f.window->chart()->setOpRange(3, 6);
    QString error;
    const QDir there(f.dir.filePath("there"));
    REQUIRE(QDir().mkpath(there.path()));
    REQUIRE(exporter->exportReport(there.filePath("report"), &error));
    REQUIRE(exporter->exportTableCsv(there.filePath("shown.csv"), true, &error));
    REQUIRE(exporter->exportChartPng(there.filePath("shown.png"), QSize(900, 500), true, &error));
    REQUIRE(exporter->exportChartSvg(there.filePath("shown.svg"), QSize(900, 500), true, &error));

    QSignalSpy exported(exporter, &ExportController::exported);
    QSignalSpy ended(exporter, &ExportController::exportEnded);
    const QDir here(f.dir.filePath("here"));
    REQUIRE(QDir().mkpath(here.path()));
    REQUIRE(exporter->startReportExport(here.filePath("report")));
    // Handed back through the event loop, never within the call: the menu returned at once.
    CHECK(exported.isEmpty());
    CHECK(exporter->exporting());
    for (QAction* action : actions)
        CHECK_FALSE(action->isEnabled());
    CHECK(f.window->statusBar()->currentMessage().startsWith(QStringLiteral("Writing ")));
    // One at a time.
    CHECK_FALSE(exporter->startReportExport(here.filePath("second")));
    CHECK_FALSE(exporter->startTableCsvExport(here.filePath("second.csv"), true));
    CHECK_FALSE(exporter->startChartExport(ExportController::ChartFormat::Png, here.filePath("second.png"), {}, true));
    waitForExport(ended);
    REQUIRE(exported.size() == 1);
    CHECK(exported.takeFirst().front().toString() == here.filePath("report"));
    CHECK_FALSE(exporter->exporting());
    for (QAction* action : actions)
        CHECK(action->isEnabled());
    CHECK(f.window->statusBar()->currentMessage().startsWith(QStringLiteral("Exported")));
    CHECK_FALSE(QFileInfo::exists(here.filePath("second")));

    // The table's rows and the chart's window are taken when asked: changed right after, the
    // files still show them as they were.
    REQUIRE(exporter->startTableCsvExport(here.filePath("shown.csv"), true));
    table->overCapacityOnlyBox()->setChecked(false);
    waitForExport(ended);
    REQUIRE(
        exporter->startChartExport(ExportController::ChartFormat::Png, here.filePath("shown.png"), {900, 500}, true));
    f.window->chart()->setOpRange(0, 20);
    waitForExport(ended);
    f.window->chart()->setOpRange(3, 6);
    // And another dump opened meanwhile: the SVG is still the first one's.
    REQUIRE(
        exporter->startChartExport(ExportController::ChartFormat::Svg, here.filePath("shown.svg"), {900, 500}, true));
    REQUIRE(f.open(QString::fromStdString(memlens::test::data("dumps/in_place_multibuffer.json").string())));
    waitForExport(ended);
    CHECK(exported.size() == 3);

    for (const char* name : {"report/summary.md", "report/blocks.csv", "report/live_at_peak.csv", "report/plan.html",
             "report/chart.svg", "shown.csv", "shown.svg"}) {
        INFO(name);
        CHECK(fileBytes(here.filePath(name)) == fileBytes(there.filePath(name)));
    }
    for (const char* name : {"report/chart.png", "shown.png"}) {
        INFO(name);
        CHECK(QImage(here.filePath(name)) == QImage(there.filePath(name)));
    }
    CHECK(
        fileBytes(here.filePath("shown.csv")).count('\n') < fileBytes(here.filePath("report/blocks.csv")).count('\n'));
}

TEST_CASE("grouped rows export as one CSV line per block they stand for", "[export][group]")
{
    // %a and %b: two copies each, merged in place (two storages of two buffers); %c: one block.
    WindowFixture f;
    REQUIRE(f.open(QString::fromStdString(memlens::test::data("dumps/in_place_multibuffer.json").string())));
    BlockTablePanel* table = f.window->table();
    QString error;
    for (QCheckBox* box : {table->groupCopiesBox(), table->findChild<QCheckBox*>(QStringLiteral("groupStoragesBox"))}) {
        REQUIRE(box);
        box->setChecked(true);
        REQUIRE(table->proxy()->rowCount() < 5); // grouped
        const QString path = f.dir.filePath("grouped.csv");
        REQUIRE(f.window->exporter()->exportTableCsv(path, true, &error));
        const QList<QStringList> shown = readCsv(path);
        CHECK(shown.size() == 1 + 5); // every block, once
        const int copy = shown[0].indexOf("copy");
        const int buffer = shown[0].indexOf("buffer");
        QStringList lines;
        for (int i = 1; i < shown.size(); ++i)
            lines << shown[i][buffer].section(' ', 0, 0) + "#" + shown[i][copy];
        lines.sort();
        CHECK(lines == QStringList{"%a#0", "%a#1", "%b#0", "%b#1", "%c#0"});
        box->setChecked(false);
    }
}

TEST_CASE("save dialogs start in the open dump's folder", "[window][export][folder]")
{
    QTemporaryDir dumps;
    QTemporaryDir elsewhere;
    const QString dump = dumps.filePath("memory_info_aiv.json");
    REQUIRE(QFile::copy(QString::fromStdString(test::data("dumps/two_scopes_multibuffer.json").string()), dump));
    WindowFixture f;
    f.settings->setValue(SettingId::LastExportDir, elsewhere.path());
    CHECK(f.window->exporter()->exportDir() == elsewhere.path()); // nothing open: the last export's folder
    REQUIRE(f.open(dump));
    CHECK(f.window->exporter()->exportDir() == QFileInfo(dumps.path()).absoluteFilePath());

    // Saved elsewhere once: the next dialog for this dump starts there, not back in its folder.
    QTemporaryDir chosen;
    f.window->exporter()->remember(chosen.filePath("chart.png"), false);
    CHECK(f.window->exporter()->exportDir() == QFileInfo(chosen.path()).absoluteFilePath());
    f.window->exporter()->remember(chosen.path(), true); // a report's folder
    CHECK(f.window->exporter()->exportDir() == QFileInfo(chosen.path()).absoluteFilePath());
    // Another dump starts in its own folder again.
    QTemporaryDir others;
    const QString other = others.filePath("memory_info_aiv.json");
    REQUIRE(QFile::copy(dump, other));
    REQUIRE(f.open(other));
    CHECK(f.window->exporter()->exportDir() == QFileInfo(others.path()).absoluteFilePath());
}
