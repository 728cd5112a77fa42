// The Blocks table's filters on a generated plan of 120,000 blocks (issue 13: the
// table filter answers within 100 ms). The table is the window's: a BlockTablePanel
// on a PlanSession (model, BlockFilterProxy, QTableView, the count label and the
// chart's dimming), sorted by a column. Measures typing a filter, narrowing it by
// one more character, clearing it, and toggling "over capacity only". Run by hand:
//   build/bench/memlens_bench_table_filter
#include "core/document/plan_document.hpp"
#include "views/plan_session.hpp"
#include "views/table/block_filter_proxy.hpp"
#include "views/table/block_table_model.hpp"
#include "views/table/block_table_panel.hpp"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QHeaderView>
#include <QTableView>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>

using namespace memlens;

namespace {

// 96,000 buffers, every 4th double-buffered: 120,000 blocks; 300 source lines;
// offsets up to 256 KB against a 192 KB capacity, so some blocks are over it.
constexpr int kBuffers = 96000;

std::string generatedDump(int buffers)
{
    std::mt19937 random(42);
    std::string out = "{\"Header\": {\"KernelName\": \"_generated\"}, \"Record\": [{\"scope\": \"ub\", \"status\": "
                      "\"fail\", \"error_info\": \"ub overflow, requires 1 bits while 1572864 bits available!\", "
                      "\"memory_info_array\": [\n";
    for (int i = 0; i < buffers; ++i) {
        const int elements = 16 << (random() % 8);
        const int start = static_cast<int>(random() % 200000);
        const int end = start + static_cast<int>(random() % 500);
        const unsigned offset = (random() % 8192) * 32;
        out += (i ? ",\n" : "");
        out += "{\"buffer\": \"%alloc_" + std::to_string(i) + " = memref.alloc() : memref<" + std::to_string(elements)
            + (i % 3 ? "xf16" : "xf32") + ", #hivm.address_space<ub>>\", \"offset\": [" + std::to_string(offset);
        if (i % 4 == 0)
            out += ", " + std::to_string(offset + static_cast<unsigned>(elements) * 2);
        out += "], \"extent\": " + std::to_string(elements * 16) + ", \"alloc_time_in_ir\": " + std::to_string(start)
            + ", \"life_time_in_ir\": [" + std::to_string(start) + ", " + std::to_string(end)
            + "], \"source_location\": \"loc(\\\"/tmp/kernel.py\\\":" + std::to_string(i % 300)
            + ":8)\", \"is_tmpbuf\": " + (i % 17 == 0 ? "true" : "false") + "}";
    }
    out += "]}]}\n";
    return out;
}

struct Table {
    PlanSession session;
    BlockTablePanel view{&session};

    Table()
    {
        const auto file = std::filesystem::temp_directory_path() / "memlens_bench_table_120k.json";
        std::ofstream(file) << generatedDump(kBuffers);
        LoadOptions options;
        options.capacity.all = 192 * 1024;
        session.setDocument(std::make_shared<const PlanDocument>(loadPlanDocument(file.string(), options)));
        std::filesystem::remove(file);
        view.resize(1200, 600);
    }
};

std::unique_ptr<Table> theTable; // made on first use, gone before the application

Table& table()
{
    if (!theTable)
        theTable = std::make_unique<Table>();
    return *theTable;
}

void sortBy(int column)
{
    QTableView* view = table().view.tableView();
    if (view->horizontalHeader()->sortIndicatorSection() != column)
        view->sortByColumn(column, Qt::AscendingOrder);
}

// From `before` to `after`, timed; then back, untimed.
void filterBench(benchmark::State& state, const QString& before, const QString& after)
{
    sortBy(static_cast<int>(state.range(0)));
    BlockFilterProxy* proxy = table().view.proxy();
    proxy->setFilterText(before);
    int shown = 0;
    for (auto _ : state) {
        proxy->setFilterText(after);
        shown = proxy->rowCount();
        state.PauseTiming();
        proxy->setFilterText(before);
        state.ResumeTiming();
    }
    proxy->setFilterText(QString());
    state.counters["blocks"] = static_cast<double>(table().view.model()->rowCount());
    state.counters["rows_shown"] = shown;
}

// Typing "alloc_12" into an empty box at once (a paste, or the last of the keystrokes' refilters).
void BM_TableFilterSet(benchmark::State& state) { filterBench(state, QString(), QStringLiteral("alloc_12")); }
// One more keystroke: "alloc_1" -> "alloc_12".
void BM_TableFilterNarrow(benchmark::State& state)
{
    filterBench(state, QStringLiteral("alloc_1"), QStringLiteral("alloc_12"));
}
// Clearing the box: every row back, in order.
void BM_TableFilterClear(benchmark::State& state) { filterBench(state, QStringLiteral("alloc_12"), QString()); }
// A filter that matches nearly everything: "memref".
void BM_TableFilterBroad(benchmark::State& state) { filterBench(state, QString(), QStringLiteral("memref")); }

void BM_TableOverCapacityToggle(benchmark::State& state)
{
    sortBy(static_cast<int>(state.range(0)));
    BlockFilterProxy* proxy = table().view.proxy();
    const bool on = state.range(1) != 0;
    proxy->setOverCapacityOnly(!on);
    int shown = 0;
    for (auto _ : state) {
        proxy->setOverCapacityOnly(on);
        shown = proxy->rowCount();
        state.PauseTiming();
        proxy->setOverCapacityOnly(!on);
        state.ResumeTiming();
    }
    proxy->setOverCapacityOnly(false);
    state.counters["rows_shown"] = shown;
}

// Sorted by ID (the window's default) and by Size.
void sortColumns(benchmark::internal::Benchmark* b)
{
    b->ArgName("column")->Arg(BlockTableModel::IdColumn)->Arg(BlockTableModel::SizeColumn);
}

BENCHMARK(BM_TableFilterSet)->Apply(sortColumns)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TableFilterNarrow)->Apply(sortColumns)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TableFilterClear)->Apply(sortColumns)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TableFilterBroad)->Apply(sortColumns)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TableOverCapacityToggle)
    ->ArgNames({"column", "on"})
    ->Args({BlockTableModel::IdColumn, 1})
    ->Args({BlockTableModel::IdColumn, 0})
    ->Args({BlockTableModel::SizeColumn, 1})
    ->Args({BlockTableModel::SizeColumn, 0})
    ->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv)
{
    if (!std::getenv("QT_QPA_PLATFORM"))
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QApplication app(argc, argv); // the table is the window's widget
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    theTable.reset();
    benchmark::Shutdown();
    return 0;
}
