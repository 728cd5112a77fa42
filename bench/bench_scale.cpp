// A million blocks in bounded memory (issue 13): one generated dump of N buffers,
// and against a bare nlohmann SAX walk of the same file, the wall time and peak
// RSS of loadPlanDocument, `inspect` to /dev/null and `report` to a temp folder.
// Each measured thing runs in a forked child, so each peak RSS is its own.
//
//   build/bench/memlens_bench_scale                       (20,000 buffers: seconds)
//   MEMLENS_BENCH_BUFFERS=1000000 build/bench/memlens_bench_scale
//   build/bench/memlens_bench_scale --buffers=1000000 --iterations=1
//
// After Google Benchmark's own lines it prints the table of issue 13: wall,
// wall / SAX walk, the same ratio paired (each run against a SAX walk run just before
// it, the median of the pairs), peak RSS and peak RSS / file size per row; the window's
// time from File > Open to the drawn chart against loadPlanDocument's (WindowOpen, also
// paired); then how fast a superseded load stops (CancelLoad: told to stop mid-parse and
// mid-analysis).
#include "app/app_settings.hpp"
#include "app/main_window.hpp"
#include "app/report_command.hpp"
#include "bench/generated_dump.hpp"
#include "bench/sax_floor.hpp"
#include "core/base/allocator_settings.hpp"
#include "core/base/cancellation.hpp"
#include "core/cli/command_line.hpp"
#include "core/cli/inspect_command.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/dump_parser.hpp"
#include "views/chart/block_chart_widget.hpp"

#include <QApplication>
#include <QEventLoop>
#include <QPixmap>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;

int saxWalk(const std::string& path)
{
    const std::string text = memlens::readDumpText(path);
    memlens::bench::ExtentSum sum;
    if (!nlohmann::json::sax_parse(text, &sum))
        return 1;
    return sum.total > 0 ? 0 : 1;
}

struct Setup {
    long buffers = 20000;
    memlens::bench::DumpShape shape; // --shape
    int iterations = 3;
    fs::path dir;
    fs::path dump;
    std::uintmax_t fileBytes = 0;
    int argc = 0;
    char** argv = nullptr;
};
Setup setup;

struct Row {
    std::string name;
    double wallSeconds = 0; // the fastest iteration
    double cpuSeconds = 0;  // user + system time of that iteration (steadier than wall on a shared machine)
    long peakRssKiB = 0;    // the largest peak of any iteration
    // The median over iterations of wall / the wall of a SAX walk run just before it: the
    // machine's speed drifts over minutes (the SAX walk alone took 2.5 s to 4.3 s in one
    // afternoon), and a pair run back to back shares its state. 0 for the SAX walk's row.
    double pairedRatio = 0;
};
std::vector<Row> rows;
double saxWalkSeconds = 0; // 0 until the SAX walk ran (a --benchmark_filter can leave it out)
double saxWalkCpuSeconds = 0;

// Runs `work` in a child; returns its wall time and peak RSS. A child that fails aborts the benchmark.
Row runInChild(const std::string& name, const std::function<int()>& work)
{
    std::cout.flush();
    const auto begin = std::chrono::steady_clock::now();
    const pid_t child = fork();
    if (child == 0) {
        int status = 1;
        try {
            status = work();
        } catch (const std::exception& error) {
            std::fprintf(stderr, "%s: %s\n", name.c_str(), error.what());
        }
        std::fflush(nullptr);
        _exit(status);
    }
    int status = 0;
    rusage usage{};
    wait4(child, &status, 0, &usage);
    const auto elapsed = std::chrono::steady_clock::now() - begin;
    if (!WIFEXITED(status) || (WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != memlens::kExitOverflow)) {
        std::fprintf(stderr, "%s failed (status %d)\n", name.c_str(), status);
        std::exit(1);
    }
    const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return {name, std::chrono::duration<double>(elapsed).count(), seconds(usage.ru_utime) + seconds(usage.ru_stime),
        usage.ru_maxrss};
}

const std::string kSaxWalkName = "a bare nlohmann SAX walk (read + SAX, summing extents)";

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

void measure(benchmark::State& state, const std::string& name, const std::function<int()>& work)
{
    Row best{name, 1e300, 0, 0};
    std::vector<double> pairedRatios;
    for (auto _ : state) {
        if (name != kSaxWalkName) {
            state.PauseTiming();
            const Row floor = runInChild(kSaxWalkName, [] { return saxWalk(setup.dump); });
            state.ResumeTiming();
            const Row row = runInChild(name, work);
            pairedRatios.push_back(row.wallSeconds / floor.wallSeconds);
            state.SetIterationTime(row.wallSeconds);
            if (row.wallSeconds < best.wallSeconds) {
                best.wallSeconds = row.wallSeconds;
                best.cpuSeconds = row.cpuSeconds;
            }
            best.peakRssKiB = std::max(best.peakRssKiB, row.peakRssKiB);
            continue;
        }
        const Row row = runInChild(name, work);
        state.SetIterationTime(row.wallSeconds);
        if (row.wallSeconds < best.wallSeconds) {
            best.wallSeconds = row.wallSeconds;
            best.cpuSeconds = row.cpuSeconds;
        }
        best.peakRssKiB = std::max(best.peakRssKiB, row.peakRssKiB);
    }
    const double fileMiB = static_cast<double>(setup.fileBytes) / (1 << 20);
    state.counters["file_MiB"] = fileMiB;
    state.counters["peak_rss_MiB"] = static_cast<double>(best.peakRssKiB) / 1024.0;
    state.counters["rss_x_file"] = static_cast<double>(best.peakRssKiB) * 1024.0 / static_cast<double>(setup.fileBytes);
    if (name == kSaxWalkName) {
        saxWalkSeconds = best.wallSeconds;
        saxWalkCpuSeconds = best.cpuSeconds;
    }
    if (saxWalkSeconds > 0)
        state.counters["x_sax_walk"] = best.wallSeconds / saxWalkSeconds;
    if (saxWalkCpuSeconds > 0)
        state.counters["cpu_x_sax_walk"] = best.cpuSeconds / saxWalkCpuSeconds;
    best.pairedRatio = median(pairedRatios);
    if (best.pairedRatio > 0)
        state.counters["x_sax_walk_paired"] = best.pairedRatio;
    rows.push_back(best);
}

memlens::CommandLine commandLineFor(const std::vector<std::string>& args) { return memlens::parseCommandLine(args); }

void BM_SaxWalk(benchmark::State& state)
{
    measure(state, kSaxWalkName, [] { return saxWalk(setup.dump); });
}

void BM_LoadPlanDocument(benchmark::State& state)
{
    measure(state, "loadPlanDocument", [] {
        const memlens::PlanDocument document = memlens::loadPlanDocument(setup.dump, memlens::LoadOptions());
        return document.dump.blockCount() > 0 ? 0 : 1;
    });
}

void BM_Inspect(benchmark::State& state)
{
    measure(state, "memlens inspect DUMP > /dev/null", [] {
        std::ofstream devNull("/dev/null");
        return memlens::runInspect(commandLineFor({"inspect", setup.dump.string()}), devNull, std::cerr);
    });
}

void BM_Report(benchmark::State& state)
{
    measure(state, "memlens report DUMP --out DIR", [] {
        const fs::path out = setup.dir / "report";
        return memlens::runReportCommand(
            commandLineFor({"report", setup.dump.string(), "--out", out.string()}), setup.argc, setup.argv);
    });
}

// A superseded load: loadPlanDocument on its own thread, told to stop once `ready()`
// holds; prints how long it took to stop (the window's "a newer load started").
struct CancelPoint {
    const char* name;
    std::function<bool(std::uint64_t bytesRead, double secondsSinceAllRead)> ready;
};
// How long a load that is not stopped goes on after its last byte is read (its analyses),
// measured once before the points that fall within it (analysisSeconds()).
double analysisSpan = -1;
double analysisSeconds();
const std::vector<CancelPoint> kCancelPoints{
    {"while parsing (half the bytes read)", [](std::uint64_t read, double) { return read >= setup.fileBytes / 2; }},
    {"as the last byte is read", [](std::uint64_t, double since) { return since >= 0; }},
    // Fixed delays past the last byte went stale as the analyses got faster (a load done
    // before the point measures nothing): the points are fractions of the analyses' own span.
    {"a third into the analyses after the last byte",
        [](std::uint64_t, double since) { return since >= 0 && since >= analysisSeconds() / 3; }},
    {"two thirds into the analyses after the last byte",
        [](std::uint64_t, double since) { return since >= 0 && since >= analysisSeconds() * 2 / 3; }},
};
std::vector<std::pair<std::string, double>> cancelDelays; // filled by BM_CancelLoad

int cancelLoad(const CancelPoint& point)
{
    memlens::LoadOptions options;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto bytesRead = std::make_shared<std::atomic<std::uint64_t>>(0);
    options.cancel = cancel;
    options.bytesRead = bytesRead;
    std::atomic<bool> stopped{false};
    std::atomic<bool> finished{false};
    std::thread load([&] {
        try {
            memlens::loadPlanDocument(setup.dump, options);
            finished = true; // done before the cancel point: nothing measured
        } catch (const memlens::LoadCancelled&) {
            stopped = true;
        }
    });
    using Clock = std::chrono::steady_clock;
    std::optional<Clock::time_point> allRead;
    while (!stopped && !finished) {
        const std::uint64_t read = bytesRead->load();
        if (read >= setup.fileBytes && !allRead)
            allRead = Clock::now();
        const double since = allRead ? std::chrono::duration<double>(Clock::now() - *allRead).count() : -1;
        if (point.ready(read, since))
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    const auto told = Clock::now();
    cancel->store(true);
    load.join();
    const double delay = std::chrono::duration<double>(Clock::now() - told).count();
    if (finished)
        return 2;
    std::printf("SECONDS %.6f\n", delay);
    return 0;
}

// A load run to its end: the seconds from its last byte read to its result.
int timeAnalyses()
{
    memlens::LoadOptions options;
    auto bytesRead = std::make_shared<std::atomic<std::uint64_t>>(0);
    options.bytesRead = bytesRead;
    std::atomic<bool> finished{false};
    using Clock = std::chrono::steady_clock;
    std::optional<Clock::time_point> allRead;
    std::thread load([&] {
        memlens::loadPlanDocument(setup.dump, options);
        finished = true;
    });
    while (!finished) {
        if (!allRead && bytesRead->load() >= setup.fileBytes)
            allRead = Clock::now();
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    const auto done = Clock::now();
    load.join();
    if (!allRead)
        return 1;
    std::printf("SECONDS %.6f\n", std::chrono::duration<double>(done - *allRead).count());
    return 0;
}

std::optional<double> secondsReportedByChild(const std::function<int()>& work);

double analysisSeconds()
{
    if (analysisSpan < 0)
        analysisSpan = secondsReportedByChild(timeAnalyses).value_or(0);
    return analysisSpan;
}

// Runs `work` in a child that reports one time in seconds (printed as "SECONDS <value>");
// returns it, or nullopt when the child failed or reported nothing.
std::optional<double> secondsReportedByChild(const std::function<int()>& work)
{
    int pipeEnds[2];
    if (pipe(pipeEnds) != 0)
        std::exit(1);
    std::cout.flush();
    const pid_t child = fork();
    if (child == 0) {
        dup2(pipeEnds[1], STDOUT_FILENO);
        close(pipeEnds[0]);
        int status = 1;
        try {
            status = work();
        } catch (const std::exception& error) {
            std::fprintf(stderr, "%s\n", error.what());
        }
        std::fflush(nullptr);
        _exit(status);
    }
    close(pipeEnds[1]);
    std::string text;
    char chunk[256];
    for (ssize_t got; (got = read(pipeEnds[0], chunk, sizeof chunk)) > 0;)
        text.append(chunk, static_cast<std::size_t>(got));
    close(pipeEnds[0]);
    int status = 0;
    waitpid(child, &status, 0);
    const std::size_t at = text.find("SECONDS ");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || at == std::string::npos)
        return std::nullopt;
    return std::atof(text.c_str() + at + 8);
}

void BM_CancelLoad(benchmark::State& state)
{
    const CancelPoint& point = kCancelPoints[static_cast<std::size_t>(state.range(0))];
    analysisSeconds(); // here, not in the forked child that loads
    double worst = 0;
    for (auto _ : state) {
        const std::optional<double> delay = secondsReportedByChild([&point] { return cancelLoad(point); });
        if (!delay) {
            state.SkipWithError("the load finished before the cancel point, or failed");
            return;
        }
        state.SetIterationTime(*delay);
        worst = std::max(worst, *delay);
    }
    state.counters["stop_ms"] = worst * 1000;
    cancelDelays.emplace_back(point.name, worst);
}

// The window as a user meets it: File > Open of the dump until the block chart is drawn.
// Only that span is timed (not starting Qt or building the window).
int openAndDraw()
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    int argc = 1;
    char name[] = "memlens_bench_scale";
    char* argv[] = {name, nullptr};
    QApplication app(argc, argv);
    QTemporaryDir settingsDir;
    memlens::AppSettings settings(settingsDir.filePath(QStringLiteral("memlens.ini")));
    memlens::MainWindow window(&settings);
    window.resize(1400, 900);
    window.show();
    QCoreApplication::processEvents();
    bool shown = false;
    QEventLoop loop;
    QObject::connect(&window, &memlens::MainWindow::documentShown, &loop, [&] {
        shown = true;
        loop.quit();
    });
    QObject::connect(&window, &memlens::MainWindow::loadFailed, &loop, &QEventLoop::quit);
    const auto begin = std::chrono::steady_clock::now();
    window.openDump(QString::fromStdString(setup.dump.string()));
    loop.exec();
    if (!shown)
        return 1;
    const QPixmap drawn = window.chart()->grab(); // the chart's first paint, as the screen would get it
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    if (drawn.isNull())
        return 1;
    std::printf("SECONDS %.6f\n", seconds);
    return 0;
}

double windowOpenSeconds = 0; // filled by BM_WindowOpen

double windowOpenPairedRatio = 0; // the median of open / a loadPlanDocument run just before it

void BM_WindowOpen(benchmark::State& state)
{
    double best = 1e300;
    std::vector<double> pairedRatios;
    for (auto _ : state) {
        state.PauseTiming();
        const Row load = runInChild("loadPlanDocument", [] {
            const memlens::PlanDocument document = memlens::loadPlanDocument(setup.dump, memlens::LoadOptions());
            return document.dump.blockCount() > 0 ? 0 : 1;
        });
        state.ResumeTiming();
        const std::optional<double> seconds = secondsReportedByChild(openAndDraw);
        if (!seconds) {
            state.SkipWithError("the window did not show the dump");
            return;
        }
        state.SetIterationTime(*seconds);
        best = std::min(best, *seconds);
        pairedRatios.push_back(*seconds / load.wallSeconds);
    }
    windowOpenSeconds = best;
    windowOpenPairedRatio = median(pairedRatios);
    state.counters["x_load_paired"] = windowOpenPairedRatio;
    for (const Row& row : rows)
        if (row.name == "loadPlanDocument")
            state.counters["x_load"] = best / row.wallSeconds;
}

std::string megabytes(double bytes)
{
    char text[64];
    if (bytes >= 1e9)
        std::snprintf(text, sizeof text, "%.2f GB", bytes / 1e9);
    else
        std::snprintf(text, sizeof text, "%.0f MB", bytes / 1e6);
    return text;
}

void printTable()
{
    if (analysisSpan > 0)
        std::printf("a load goes on for %.0f ms after its last byte is read (its analyses)\n", analysisSpan * 1000);
    for (const auto& [name, delay] : cancelDelays)
        std::printf("a superseded load told to stop %s: stopped in %.0f ms\n", name.c_str(), delay * 1000);
    if (rows.empty())
        return;
    std::printf("\n%ld buffers, file %s (%s)\n\n| | wall | wall / SAX walk | paired: wall / SAX walk just before "
                "(median) | CPU / SAX walk | peak RSS | RSS / file |\n|---|---|---|---|---|---|---|\n",
        setup.buffers, megabytes(static_cast<double>(setup.fileBytes)).c_str(), setup.dump.c_str());
    for (const Row& row : rows) {
        const double rss = static_cast<double>(row.peakRssKiB) * 1024.0;
        char ratio[32] = "-";
        char paired[32] = "-";
        char cpuRatio[32] = "-";
        if (saxWalkSeconds > 0)
            std::snprintf(ratio, sizeof ratio, "%.2fx", row.wallSeconds / saxWalkSeconds);
        if (row.pairedRatio > 0)
            std::snprintf(paired, sizeof paired, "%.2fx", row.pairedRatio);
        if (saxWalkCpuSeconds > 0)
            std::snprintf(cpuRatio, sizeof cpuRatio, "%.2fx", row.cpuSeconds / saxWalkCpuSeconds);
        std::printf("| %s | %.2f s | %s | %s | %s | %s | %.2fx |\n", row.name.c_str(), row.wallSeconds, ratio, paired,
            cpuRatio, megabytes(rss).c_str(), rss / static_cast<double>(setup.fileBytes));
    }
    const fs::path report = setup.dir / "report";
    for (const char* name : {"summary.md", "chart.svg", "blocks.csv"})
        if (fs::exists(report / name))
            std::printf("report %s: %s\n", name, megabytes(static_cast<double>(fs::file_size(report / name))).c_str());
    if (windowOpenSeconds > 0) {
        std::printf("the window, File > Open until the block chart is drawn: %.2f s", windowOpenSeconds);
        for (const Row& row : rows)
            if (row.name == "loadPlanDocument")
                std::printf(" (%.2fx loadPlanDocument)", windowOpenSeconds / row.wallSeconds);
        std::printf("; paired with a load just before, median %.2fx\n", windowOpenPairedRatio);
    }
}

// --buffers=N and --iterations=N (or MEMLENS_BENCH_BUFFERS / MEMLENS_BENCH_ITERATIONS) and
// --shape=packed|spread|spread-300 (generated_dump.hpp's DumpShape); removed
// from argv before Google Benchmark reads its own flags.
void readOwnFlags(int& argc, char** argv)
{
    if (const char* value = std::getenv("MEMLENS_BENCH_BUFFERS"))
        setup.buffers = std::atol(value);
    if (const char* value = std::getenv("MEMLENS_BENCH_ITERATIONS"))
        setup.iterations = std::atoi(value);
    int kept = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg.rfind("--buffers=", 0) == 0)
            setup.buffers = std::atol(arg.c_str() + 10);
        else if (arg.rfind("--iterations=", 0) == 0)
            setup.iterations = std::atoi(arg.c_str() + 13);
        else if (arg == "--shape=packed")
            setup.shape = memlens::bench::DumpShape::packed();
        else if (arg == "--shape=spread")
            setup.shape = memlens::bench::DumpShape::spread();
        else if (arg == "--shape=spread-300")
            setup.shape = memlens::bench::DumpShape::spreadFewLocations();
        else
            argv[kept++] = argv[i];
    }
    argc = kept;
    setup.buffers = std::max(1l, setup.buffers);
    setup.iterations = std::max(1, setup.iterations);
}

} // namespace

int main(int argc, char** argv)
{
    memlens::keepLargeAllocationsMapped(); // as memlens's own main does: the children measured inherit it
    readOwnFlags(argc, argv);
    setup.argc = argc;
    setup.argv = argv;
    // A folder of its own: the load looks beside the dump for its IR.
    setup.dir = fs::temp_directory_path() / ("memlens_bench_scale_" + std::to_string(getpid()));
    fs::create_directories(setup.dir);
    setup.dump = setup.dir / "memory_info_aiv.json";
    memlens::bench::writeGeneratedDump(setup.dump, setup.buffers, setup.shape);
    std::printf("generated: %ld buffers, %ld distinct locations, addresses in %llu bytes, sizes up to %llu bytes, "
                "every %dth buffer double-buffered\n",
        setup.buffers, std::min(setup.buffers, setup.shape.distinctLocations()),
        static_cast<unsigned long long>(setup.shape.addressSpan), 32ull << (setup.shape.sizeSteps - 1),
        setup.shape.doubleBufferEvery);
    setup.fileBytes = fs::file_size(setup.dump);

    benchmark::Initialize(&argc, argv);
    for (const auto& [name, function] :
        std::vector<std::pair<const char*, void (*)(benchmark::State&)>>{{"SaxWalk", BM_SaxWalk},
            {"LoadPlanDocument", BM_LoadPlanDocument}, {"Inspect", BM_Inspect}, {"Report", BM_Report}})
        benchmark::RegisterBenchmark(name, function)
            ->UseManualTime()
            ->Iterations(setup.iterations)
            ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("WindowOpen", BM_WindowOpen)
        ->UseManualTime()
        ->Iterations(setup.iterations)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("CancelLoad", BM_CancelLoad)
        ->DenseRange(0, static_cast<int>(kCancelPoints.size()) - 1)
        ->UseManualTime()
        ->Iterations(setup.iterations)
        ->Unit(benchmark::kMillisecond);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    printTable();
    fs::remove_all(setup.dir);
    return 0;
}
