// The Run view: its model (QAbstractItemModelTester, raw-value sorting), the filter, the
// headroom bar, a click and Enter opening a row, and the run read off the GUI thread.
// Fixtures: tests/data/runs/ (our own run folders).
#include "core/run/config_envelope.hpp"
#include "core/run/run_summary.hpp"
#include "support/model_tester_log.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "views/run/envelope_table_model.hpp"
#include "views/run/headroom_bar_delegate.hpp"
#include "views/run/run_table_model.hpp"
#include "views/run/run_view.hpp"

#include <catch2/catch.hpp>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

using namespace memlens;
using memlens::test::ModelTesterLog;

namespace {

QStringList column(const QAbstractItemModel& model, int column)
{
    QStringList texts;
    for (int row = 0; row < model.rowCount(); ++row)
        texts << model.index(row, column).data().toString();
    return texts;
}

} // namespace

TEST_CASE("the run model and its proxy pass QAbstractItemModelTester", "[run_view]")
{
    ModelTesterLog log;
    RunTableModel model;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RunTableModel::SortRole);
    proxy.setFilterKeyColumn(-1);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Warning);
    model.setSummary(test::runFixtureSummary("mixed"));
    CHECK(model.rowCount() == 7);
    CHECK(model.columnCount() == RunTableModel::ColumnCount);
    proxy.sort(RunTableModel::HeadroomColumn, Qt::DescendingOrder);
    proxy.setFilterFixedString(QStringLiteral("norm"));
    CHECK(proxy.rowCount() == 2);
    model.setSummary(test::runFixtureSummary("cache_metadata"));
    CHECK(model.rowCount() == 3);
    model.setSummary(RunSummary{});
    CHECK(model.rowCount() == 0);
    CHECK(log.messages().isEmpty());
}

TEST_CASE("the run table sorts by raw values, not by their text", "[run_view]")
{
    RunTableModel model;
    model.setSummary(test::runFixtureSummary("mixed"));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RunTableModel::SortRole);
    // Peaks 96 KB, 128 KB, 160 KB, 224 KB, 256 KB: as text "96 KB" would sort after "256 KB".
    proxy.sort(RunTableModel::PeakColumn, Qt::AscendingOrder);
    QStringList peaks = column(proxy, RunTableModel::PeakColumn);
    peaks.removeAll(QStringLiteral("-"));
    REQUIRE(peaks.size() == 6);
    CHECK(peaks.first() == QStringLiteral("64 KB")); // attn's cc
    CHECK(peaks.last() == QStringLiteral("256 KB"));
    // Headroom: the most short first, negative numbers below zero.
    proxy.sort(RunTableModel::HeadroomColumn, Qt::AscendingOrder);
    CHECK(proxy.index(0, RunTableModel::HeadroomColumn).data().toString() == QStringLiteral("-64 KB"));
    CHECK(proxy.index(1, RunTableModel::HeadroomColumn).data().toString() == QStringLiteral("-32 KB"));
    // The status column keeps the summary's order: overflowing first, versions of one kernel together
    // where the newest stands.
    proxy.sort(RunTableModel::StatusColumn, Qt::AscendingOrder);
    CHECK(proxy.index(0, RunTableModel::KernelColumn).data().toString() == QStringLiteral("softmax_kernel"));
    CHECK(
        proxy.index(0, RunTableModel::UsedColumn).data(RunTableModel::UsedShareRole).toDouble() == Approx(224.0 / 192));
    const int norm = static_cast<int>(column(proxy, RunTableModel::KernelColumn).indexOf("norm_kernel"));
    REQUIRE(norm > 0);
    CHECK(proxy.index(norm, RunTableModel::VersionColumn).data().toString() == QStringLiteral("1 of 2"));
    CHECK(proxy.index(norm + 1, RunTableModel::VersionColumn).data().toString() == QStringLiteral("2 of 2"));
    CHECK(proxy.index(6, RunTableModel::StatusColumn).data().toString() == QStringLiteral("error"));
    CHECK_THAT(proxy.index(6, 0).data(Qt::ToolTipRole).toString().toStdString(), Catch::Contains("broken_kernel"));
}

TEST_CASE("the headroom bar fills to the share used, red past the capacity line", "[run_view]")
{
    RunTableModel model;
    model.setSummary(test::runFixtureSummary("mixed"));
    QTableView view;
    view.setModel(&model);
    HeadroomBarDelegate delegate;
    const auto paintRow = [&](int row) {
        QImage image(200, 24, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        QStyleOptionViewItem option;
        option.rect = image.rect();
        option.palette = view.palette();
        option.font = view.font();
        delegate.paint(&painter, option, model.index(row, RunTableModel::UsedColumn));
        return image;
    };
    // The older norm version (256 KB of 192 KB) and the newer (128 KB of 192 KB).
    int over = -1, fits = -1;
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.rowAt(row)->kernel == "norm_kernel")
            (model.rowAt(row)->status == RowStatus::Overflows ? over : fits) = row;
    }
    REQUIRE(over >= 0);
    REQUIRE(fits >= 0);
    const QImage overImage = paintRow(over);
    const QImage fitsImage = paintRow(fits);
    // The track is 192 px wide at 125 %: 100 % at 4 + 153 px. Past the capacity line the overflowing bar is filled.
    const QColor pastLine = overImage.pixelColor(180, 5);
    CHECK(pastLine.red() > 150);
    CHECK(pastLine.green() < 120);
    // The fitting bar (67 %) ends before 60 % of the track's width... and is filled at its start.
    const QColor fitsEnd = fitsImage.pixelColor(150, 5);
    CHECK(fitsEnd.green() >= fitsEnd.red());
    const QColor fitsStart = fitsImage.pixelColor(8, 5);
    CHECK(fitsStart.green() > fitsStart.red());
    CHECK(fitsImage.pixelColor(180, 5) != pastLine);
}

TEST_CASE("the run view filters, and a click or Enter opens a row", "[run_view]")
{
    RunView view;
    view.resize(1200, 500);
    view.setSummary(test::runFixtureSummary("mixed"));
    view.show();
    CHECK_THAT(view.headerLabel()->text().toStdString(),
        Catch::Contains("7 kernels and cores") && Catch::Contains("2 overflow"));
    QSignalSpy opened(&view, &RunView::rowOpened);
    const QModelIndex first = view.proxy()->index(0, RunTableModel::KernelColumn);
    QTest::mouseClick(view.table()->viewport(), Qt::LeftButton, {}, view.table()->visualRect(first).center());
    REQUIRE(opened.size() == 1);
    view.filterEdit()->setText(QStringLiteral("softmax"));
    CHECK(view.proxy()->rowCount() == 1);
    view.table()->setCurrentIndex(view.proxy()->index(0, 0));
    QTest::keyClick(view.table(), Qt::Key_Return);
    CHECK(opened.size() == 2);
    view.filterEdit()->clear();
    CHECK(view.proxy()->rowCount() == 7);
    // The details pane holds what the table cannot: the error of the bad file, whole.
    view.table()->setCurrentIndex(view.proxy()->index(6, 0));
    CHECK_THAT(view.detailsPane()->toPlainText().toStdString(),
        Catch::Contains("Error: ") && Catch::Contains("broken_kernel-20261205-101700.000-aiv.json"));
    view.table()->setCurrentIndex(view.proxy()->index(
        static_cast<int>(column(*view.proxy(), RunTableModel::KernelColumn).indexOf("norm_kernel")), 0));
    CHECK_THAT(view.detailsPane()->toPlainText().toStdString(),
        Catch::Contains("Version 1 of 2: peak 256 KB -> 128 KB (-50%)"));
}

TEST_CASE("the run table fits its columns to a narrow view", "[run_view]")
{
    RunView view;
    view.resize(1000, 500);
    view.show();
    view.setSummary(test::runFixtureSummary("mixed"));
    QHeaderView* header = view.table()->horizontalHeader();
    int total = 0;
    for (int column = 0; column < RunTableModel::ColumnCount; ++column)
        total += header->sectionSize(column);
    CHECK(total <= view.table()->viewport()->width());
    CHECK(header->sectionSize(RunTableModel::FileColumn) >= 80);
    CHECK(header->sectionSize(RunTableModel::KernelColumn) >= header->sectionSizeHint(RunTableModel::KernelColumn));
}

TEST_CASE("the run view reads a run off the GUI thread", "[run_view]")
{
    RunView view;
    QSignalSpy shown(&view, &RunView::runShown);
    view.openRun(QString::fromStdString(test::data("runs/cache_metadata").string()), {});
    CHECK(view.isLoading());
    REQUIRE(shown.wait(10000));
    CHECK(view.model()->rowCount() == 3);
    CHECK(view.runPath().endsWith(QStringLiteral("cache_metadata")));
    QSignalSpy failed(&view, &RunView::runFailed);
    view.openRun(QStringLiteral("/nonexistent/run"), {});
    REQUIRE(failed.wait(10000));
    CHECK_THAT(failed.front().at(1).toString().toStdString(), Catch::Contains("No such file"));
    CHECK(view.model()->rowCount() == 3); // the run on show stays
}

namespace {

RunSummary exampleSummary()
{
    RunSummaryOptions options;
    options.load = summaryLoadOptions({});
    return summarizeRun((test::sourceDir() / "resources/examples/layer_norm").string(), options);
}

int envelopeRowOf(const QAbstractItemModel& model, qint64 block)
{
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.index(row, 0).data(EnvelopeTableModel::SortRole).toLongLong() == block)
            return row;
    return -1;
}

} // namespace

TEST_CASE("the envelope model and its proxy pass QAbstractItemModelTester and sort by raw values", "[run_view]")
{
    ModelTesterLog log;
    EnvelopeTableModel model;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(EnvelopeTableModel::SortRole);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Warning);
    const RunSummary summary = exampleSummary();
    REQUIRE_FALSE(summary.envelopes.empty());
    const ConfigEnvelope& envelope = summary.envelopes.front();
    model.setEnvelope(envelope);
    CHECK(model.columnCount() == 1 + EnvelopeTableModel::TailCount);
    CHECK(model.headerData(0, Qt::Horizontal).toString() == QStringLiteral("BLOCK_SIZE"));
    CHECK(model.rowCount() == static_cast<int>(envelope.rows.size()));
    // BLOCK_SIZE as numbers: 4096 before 16384 ascending (as text "16384" < "4096").
    proxy.sort(0, Qt::AscendingOrder);
    CHECK(proxy.index(0, 0).data().toString() == QStringLiteral("4096"));
    CHECK(proxy.index(proxy.rowCount() - 1, 0).data().toString() == QStringLiteral("32768"));
    const int peak = model.constexprCount() + EnvelopeTableModel::PeakTail;
    proxy.sort(peak, Qt::DescendingOrder);
    CHECK(proxy.index(0, 0).data().toString() == QStringLiteral("32768"));
    // Compiled and re-planned configs say which they are.
    const int how = model.constexprCount() + EnvelopeTableModel::HowTail;
    const int replanned = envelopeRowOf(model, 4096);
    const int compiled = envelopeRowOf(model, 8192);
    REQUIRE(replanned >= 0);
    REQUIRE(compiled >= 0);
    CHECK(model.index(replanned, how).data().toString() == QStringLiteral("re-planned, not compiled"));
    CHECK_FALSE(model.index(replanned, 0).data(EnvelopeTableModel::CompiledRole).toBool());
    CHECK(model.index(compiled, how).data().toString() == QStringLiteral("compiled"));
    CHECK(model.index(compiled, model.constexprCount() + EnvelopeTableModel::PeakTail).data().toString()
        == QStringLiteral("192 KB"));
    model.setEnvelope(std::nullopt);
    CHECK(model.rowCount() == 0);
    CHECK(model.columnCount() == 0);
    CHECK(log.messages().isEmpty());
}

TEST_CASE("the run view shows a kernel's envelope, a chip column, what tells files apart, N of M shown", "[run_view]")
{
    RunView view;
    view.resize(1024, 700);
    view.show();
    CHECK_FALSE(view.envelopePane()->isVisibleTo(&view));
    view.setSummary(exampleSummary());
    REQUIRE(view.envelopePane()->isVisibleTo(&view));
    // Two envelopes: the kernel on the Ascend910B3 and on the Ascend950.
    CHECK(view.envelopeBox()->count() == 2);
    CHECK_THAT(view.envelopeLabel()->text().toStdString(),
        Catch::Contains("Largest that fits: BLOCK_SIZE 8192") && Catch::Contains("re-planned by memlens"));
    CHECK(envelopeRowOf(*view.envelopeProxy(), 4096) >= 0);
    // The first row is the most short (the 16384 compile overflows), not a version's newest that fits.
    CHECK(view.proxy()->index(0, RunTableModel::StatusColumn).data().toString() == QStringLiteral("overflows"));
    // A chip column; the file column keeps what tells the rows apart.
    const QStringList chips = column(*view.proxy(), RunTableModel::TargetColumn);
    CHECK(chips.contains(QStringLiteral("Ascend910B3")));
    CHECK(chips.contains(QStringLiteral("Ascend950PR_950z")));
    const QStringList files = column(*view.proxy(), RunTableModel::FileColumn);
    CHECK(files.contains(QStringLiteral("block16384")));
    CHECK(files.contains(QStringLiteral("block8192")));
    CHECK(files.contains(QStringLiteral("a5/block16384")));
    CHECK(files.contains(QStringLiteral("a5/block8192")));
    // At 1024 every column is in view: no kernel has versions, so no Version column takes room.
    QHeaderView* header = view.table()->horizontalHeader();
    CHECK(header->isSectionHidden(RunTableModel::VersionColumn));
    int total = 0;
    for (int column = 0; column < RunTableModel::ColumnCount; ++column)
        total += header->isSectionHidden(column) ? 0 : header->sectionSize(column);
    CHECK(total <= view.table()->viewport()->width());
    CHECK(header->sectionSize(RunTableModel::FileColumn) >= header->sectionSizeHint(RunTableModel::FileColumn));
    // The current row's kernel chooses its envelope: an A5 row shows the A5 table.
    for (int row = 0; row < view.proxy()->rowCount(); ++row)
        if (view.proxy()->index(row, RunTableModel::TargetColumn).data().toString() == "Ascend950PR_950z") {
            view.table()->setCurrentIndex(view.proxy()->index(row, 0));
            break;
        }
    CHECK(view.envelopeModel()->envelope()->target == "Ascend950PR_950z");
    CHECK(view.shownLabel()->text() == QStringLiteral("4 of 4 shown"));
    view.filterEdit()->setText(QStringLiteral("a5/"));
    CHECK(view.shownLabel()->text() == QStringLiteral("2 of 4 shown"));
}

TEST_CASE("the run view copies and saves the configs that fit as triton.Config", "[run_view]")
{
    RunView view;
    CHECK_FALSE(view.copyConfigsAction()->isEnabled()); // no run: nothing to copy
    view.setSummary(exampleSummary());
    REQUIRE(view.copyConfigsAction()->isEnabled());
    CHECK(view.saveConfigsAction()->isEnabled());
    QSignalSpy written(&view, &RunView::configsWritten);
    view.copyConfigsAction()->trigger();
    const std::string copied = QApplication::clipboard()->text().toStdString();
    CHECK(copied == summaryPython(view.model()->summary(), std::nullopt));
    CHECK_THAT(copied, Catch::Contains("triton.Config({\"BLOCK_SIZE\": 8192})"));
    REQUIRE(written.size() == 1);
    test::TempDir temp;
    const QString file = QString::fromStdString((temp.path / "configs.py").string());
    CHECK(view.saveConfigsTo(file).isEmpty());
    QFile saved(file);
    REQUIRE(saved.open(QIODevice::ReadOnly));
    CHECK(saved.readAll().toStdString() == copied);
    // A folder that is not there: the error names the file, nothing is written.
    const QString bad = QString::fromStdString((temp.path / "missing" / "configs.py").string());
    CHECK_THAT(view.saveConfigsTo(bad).toStdString(), Catch::Contains("Cannot write") && Catch::Contains("configs.py"));
    // A run whose configs name no constexprs offers nothing to copy.
    view.setSummary(test::runFixtureSummary("mixed"));
    CHECK_FALSE(view.copyConfigsAction()->isEnabled());
}
