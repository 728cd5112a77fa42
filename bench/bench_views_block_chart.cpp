// Block chart at scale: a generated plan of 100k blocks (20k ops, addresses
// packed the way a planner does, some above capacity, some multi-buffered,
// some tmp). Measures building the hit index, painting a 1600x900 image fully
// zoomed out and zoomed in to 1% of the ops, and a hit test.
#include "core/analysis/block_neighbours.hpp"
#include "core/analysis/plan_analysis.hpp"
#include "core/dump/dump_model.hpp"
#include "core/dump/memref_type.hpp"
#include "views/chart/block_chart_painter.hpp"
#include "views/chart/chart_mapping.hpp"

#include <benchmark/benchmark.h>

#include <QGuiApplication>
#include <QImage>
#include <QPainter>

#include <cstdlib>
#include <random>

using namespace memlens;

namespace {

constexpr int kBlocks = 100000;
constexpr std::int64_t kOps = 20000;
constexpr std::uint64_t kCapacity = 192 * 1024;

struct Fixture {
    ScopePlan plan;
    PlanAnalysis analysis;
    BlockHitIndex index;

    Fixture()
    {
        // Each op allocates a few short-lived buffers stacked from the bottom of
        // a free lane; lanes rotate so live blocks never overlap, and the top
        // lanes go past capacity. Every 7th buffer has two copies, every 11th is tmp.
        std::mt19937 rng(12345);
        plan.scope = "ub";
        const int lanes = 40;
        const std::uint64_t laneBytes = 5 * 1024; // 40 lanes x 5 KB = 200 KB > 192 KB
        int bufferId = 0;
        const auto type
            = SharedConst<BufferType>::make(describeMemrefType("memref<1024xf16, #hivm.address_space<ub>>"));
        while (static_cast<int>(plan.blocks.size()) < kBlocks) {
            const int i = bufferId++;
            Buffer b;
            b.id = i;
            b.ssaName = "%alloc_" + std::to_string(i);
            b.type = type;
            b.sizeBytes = 32 * (1 + rng() % 64);
            b.lifeStart = static_cast<std::int64_t>((static_cast<std::uint64_t>(i) * kOps) / (kBlocks * 9 / 10));
            b.lifeEnd = b.lifeStart + static_cast<std::int64_t>(rng() % 30);
            b.allocTime = b.lifeStart;
            b.isTmp = i % 11 == 0;
            const int copies = i % 7 == 0 ? 2 : 1;
            for (int c = 0; c < copies; ++c) {
                const auto lane = static_cast<std::uint64_t>((i * 3 + c * 17) % lanes);
                b.offsets.push_back(lane * laneBytes + (rng() % 8) * 32);
            }
            plan.buffers.push_back(b);
            for (int c = 0; c < copies; ++c) {
                Block block;
                block.bufferIndex = static_cast<int>(plan.buffers.size()) - 1;
                block.copy = c;
                block.offset = b.offsets[static_cast<std::size_t>(c)];
                block.size = std::min<std::uint64_t>(b.sizeBytes, laneBytes - (block.offset % laneBytes));
                block.start = b.lifeStart;
                block.end = b.lifeEnd;
                block.tmp = b.isTmp;
                plan.blocks.push_back(block);
            }
        }
        Capacity capacity;
        capacity.bytes = kCapacity;
        analysis = analyzePlan(plan, capacity);
        index.build(plan);
    }
};

Fixture& fixture()
{
    static Fixture f;
    return f;
}

ChartMapping mappingFor(QSize size, const ChartRenderOptions& options)
{
    return blockChartGeometry(fixture().plan, fixture().analysis, size, options).mapping;
}

void BM_BuildHitIndex(benchmark::State& state)
{
    const ScopePlan& plan = fixture().plan;
    for (auto _ : state) {
        BlockHitIndex index(plan);
        benchmark::DoNotOptimize(index.size());
    }
    state.counters["blocks"] = static_cast<double>(plan.blocks.size());
}
BENCHMARK(BM_BuildHitIndex)->Unit(benchmark::kMillisecond);

void paintBench(benchmark::State& state, double opFraction, bool exact)
{
    const QSize size(1600, 900);
    ChartRenderOptions options;
    options.exact = exact;
    ChartMapping mapping = mappingFor(size, options);
    if (opFraction < 1.0) {
        const DataWindow fit = mapping.fitWindow();
        const double mid = (fit.x0 + fit.x1) / 2.0;
        const double half = fit.width() * opFraction / 2.0;
        mapping.setXRange(mid - half, mid + half);
    }
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    BlockChartPainter::Stats stats;
    for (auto _ : state) {
        QPainter painter(&image);
        BlockChartPainter chart(fixture().plan, fixture().analysis, mapping, options, &fixture().index);
        chart.paint(painter, size);
        stats = chart.stats();
        painter.end();
        benchmark::DoNotOptimize(image.constBits());
    }
    state.counters["visible"] = stats.visibleBlocks;
    state.counters["rects"] = stats.drawnRects;
    state.counters["pooled"] = stats.pooledBlocks;
    state.counters["labels"] = stats.labels;
}

void BM_PaintZoomedOut(benchmark::State& state) { paintBench(state, 1.0, false); }
BENCHMARK(BM_PaintZoomedOut)->Unit(benchmark::kMillisecond);

void BM_PaintZoomedIn1Percent(benchmark::State& state) { paintBench(state, 0.01, false); }
BENCHMARK(BM_PaintZoomedIn1Percent)->Unit(benchmark::kMillisecond);

// The SVG exporter's mode, onto an image: every block its own rectangle.
void BM_PaintZoomedOutExact(benchmark::State& state) { paintBench(state, 1.0, true); }
BENCHMARK(BM_PaintZoomedOutExact)->Unit(benchmark::kMillisecond);

void BM_HitTest(benchmark::State& state)
{
    const QSize size(1600, 900);
    const ChartMapping mapping = mappingFor(size, {});
    std::mt19937 rng(7);
    std::vector<QPointF> points;
    for (int i = 0; i < 1024; ++i)
        points.emplace_back(mapping.plotRect().left() + rng() % static_cast<int>(mapping.plotRect().width()),
            mapping.plotRect().top() + rng() % static_cast<int>(mapping.plotRect().height()));
    std::size_t i = 0;
    int hits = 0;
    for (auto _ : state) {
        const int hit = hitTestBlocks(fixture().index, mapping, points[i++ & 1023]);
        hits += hit >= 0;
        benchmark::DoNotOptimize(hit);
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(std::max<std::size_t>(i, 1));
}
BENCHMARK(BM_HitTest)->Unit(benchmark::kMicrosecond);

void BM_NeighbourBlock(benchmark::State& state)
{
    int from = kBlocks / 2;
    for (auto _ : state) {
        const int to = neighbourBlock(fixture().plan, from, NavDirection::Right);
        benchmark::DoNotOptimize(to);
    }
}
BENCHMARK(BM_NeighbourBlock)->Unit(benchmark::kMicrosecond);

} // namespace

int main(int argc, char** argv)
{
    if (!std::getenv("QT_QPA_PLATFORM"))
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QGuiApplication app(argc, argv); // fonts for the axis labels
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
