// `memlens summary`: a run's kernels as rows (core/run), from our own run folders in
// tests/data/runs/: several kernels, two versions of one, a mix kernel's folder, a bad file,
// a Triton cache with metadata only and one with a compile log; the JSON contract and the gate.
#include "core/base/cancellation.hpp"
#include "core/cli/command_line.hpp"
#include "core/cli/summary_command.hpp"
#include "core/run/cache_metadata.hpp"
#include "core/run/run_formats.hpp"
#include "core/run/run_inputs.hpp"
#include "core/run/run_summary.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <sstream>

using namespace memlens;
namespace fs = std::filesystem;

namespace {

std::string runFolder(const std::string& name) { return test::data("runs/" + name).string(); }

RunSummary summaryOf(const std::string& name)
{
    RunSummaryOptions options;
    options.load = summaryLoadOptions({});
    return summarizeRun(runFolder(name), options);
}

const RunRow* rowOf(
    const RunSummary& summary, const std::string& kernel, const std::string& core = "aiv", int version = 1)
{
    for (const RunRow& row : summary.rows)
        if (row.kernel == kernel && row.core == core && row.version == version)
            return &row;
    return nullptr;
}

struct Ran {
    int status;
    std::string out;
    std::string err;
};

Ran runSummaryWith(std::vector<std::string> args)
{
    args.insert(args.begin(), "summary");
    const CommandLine commandLine = parseCommandLine(args);
    REQUIRE(commandLine.command == Command::Summary);
    std::ostringstream out;
    std::ostringstream err;
    const int status = runSummary(commandLine, out, err, false);
    return {status, out.str(), err.str()};
}

} // namespace

TEST_CASE("a run folder lists its dumps, its kernel folders and nothing twice", "[run_summary]")
{
    const RunListing listing = listRunInputs(runFolder("mixed"));
    CHECK(listing.errors.empty());
    std::size_t folders = 0, json = 0;
    for (const RunInput& input : listing.inputs) {
        folders += input.kind == RunInput::Kind::KernelFolder;
        json += input.kind == RunInput::Kind::JsonFile;
        if (input.kind == RunInput::Kind::KernelFolder) {
            REQUIRE(input.files.size() == 2);
            CHECK(fs::path(input.files[0]).filename() == "memory_info_aic.json");
        }
    }
    CHECK(folders == 1);
    CHECK(json == 5);
    CHECK_THROWS_WITH(listRunInputs(runFolder("missing")), Catch::Contains("cannot read it: No such file"));
}

TEST_CASE("a run's rows: every kernel and core, overflowing first, versions grouped newest first", "[run_summary]")
{
    const RunSummary summary = summaryOf("mixed");
    // add, softmax, norm x2, attn aic and aiv, broken.
    REQUIRE(summary.rows.size() == 7);
    CHECK(summary.readCount() == 6);

    const RunRow* softmax = rowOf(summary, "softmax_kernel");
    REQUIRE(softmax);
    CHECK(softmax->status == RowStatus::Overflows);
    CHECK(softmax->scope == "ub");
    CHECK(softmax->peakBytes == 224u * 1024);
    CHECK(softmax->capacityBytes == 192u * 1024);
    CHECK(softmax->headroomBytes() == -32 * 1024);
    CHECK(softmax->python == "softmax.py:24");
    CHECK(softmax->source == RowSource::Dump);
    CHECK_FALSE(softmax->lever.empty());
    // The most short first, a kernel's versions where its newest stands: softmax is 32 KB short;
    // norm's old version (64 KB short) follows its newest, which fits.
    CHECK(summary.rows[0].kernel == "softmax_kernel");
    CHECK(summary.rows.back().status == RowStatus::Error);

    // Two versions of one kernel: the newest first, with what changed since the older one.
    const RunRow* newest = rowOf(summary, "norm_kernel", "aiv", 1);
    const RunRow* older = rowOf(summary, "norm_kernel", "aiv", 2);
    REQUIRE(newest);
    REQUIRE(older);
    CHECK(older == newest + 1); // together, the newest first
    CHECK(newest > &summary.rows[0]);
    CHECK(newest->versions == 2);
    CHECK(newest->versionTime == "20261205-101000.000");
    CHECK(newest->status == RowStatus::Fits);
    CHECK(older->status == RowStatus::Overflows);
    CHECK_THAT(newest->change, Catch::Contains("peak 256 KB -> 128 KB (-50%)") && Catch::Contains("now fits"));
    CHECK(older->change.empty());

    // The mix kernel pairs: one kernel, a row per core; the cube core's row is of its fullest scope.
    const RunRow* aic = rowOf(summary, "attn", "aic");
    const RunRow* aiv = rowOf(summary, "attn", "aiv");
    REQUIRE(aic);
    REQUIRE(aiv);
    CHECK(aic->scope == "cc"); // 64 KB of 128 KB, more than cbuf's 64 KB of 512 KB
    CHECK(aiv->peakBytes == 160u * 1024);
    CHECK(aic->notes.empty());

    // The bad file is a row with its error, naming the file and what was wrong.
    const RunRow& broken = summary.rows.back();
    CHECK_THAT(broken.file, Catch::EndsWith("broken_kernel-20261205-101700.000-aiv.json"));
    CHECK_THAT(broken.error, Catch::Contains("broken_kernel-20261205-101700.000-aiv.json"));
}

TEST_CASE("a Triton cache with metadata only: the UB the compiler reported against the arch", "[run_summary]")
{
    const RunSummary summary = summaryOf("cache_metadata");
    REQUIRE(summary.rows.size() == 3); // the __grp__ file is no kernel
    const RunRow* matmul = rowOf(summary, "matmul_kernel");
    const RunRow* add = rowOf(summary, "add_kernel");
    const RunRow* relu = rowOf(summary, "relu_kernel");
    REQUIRE(matmul);
    REQUIRE(add);
    REQUIRE(relu);
    CHECK(matmul->source == RowSource::CacheMetadata);
    CHECK(matmul->status == RowStatus::Overflows);
    CHECK(matmul->peakBytes == 256u * 1024);     // 2097152 bits
    CHECK(matmul->capacityBytes == 192u * 1024); // Ascend910B3's UB
    CHECK(matmul->config == "multibuffer=False");
    CHECK(add->status == RowStatus::Fits);
    CHECK(add->headroomBytes() == 64 * 1024);
    CHECK(relu->status == RowStatus::NotPlanned); // required_ub_bits 0: the run did not ask for it
    CHECK_THAT(relu->notes.front(), Catch::Contains("ENABLE_PRINT_UB_BITS=1"));
    CHECK(summary.rows.front().kernel == "matmul_kernel");
    CHECK(summary.rows.back().kernel == "relu_kernel");
}

TEST_CASE("a Triton cache with a compile log: the log's plan, the metadata's options", "[run_summary]")
{
    const RunSummary summary = summaryOf("cache_logs");
    REQUIRE(summary.rows.size() == 1);
    const RunRow& row = summary.rows.front();
    CHECK(row.kernel == "_scale_kernel");
    CHECK(row.source == RowSource::CompileLog);
    CHECK(row.status == RowStatus::Fits);
    CHECK(row.peakBytes == 128u * 1024);
    CHECK(row.python == "scale.py:14");
    CHECK_THAT(row.config, Catch::Contains("multibuffer=True"));
    CHECK_THAT(row.file, Catch::EndsWith("compile.log"));
}

TEST_CASE("cache metadata with a wrong type names the file and the key", "[run_summary]")
{
    const auto json = nlohmann::json::parse(R"({"kernel_name": "k", "target": {"arch": "Ascend910B3"},
        "required_ub_bits": "many"})");
    CHECK(isCacheMetadata(json));
    CHECK_FALSE(isCacheMetadata(nlohmann::json::parse(R"({"Header": {}, "Record": []})")));
    CHECK_THROWS_WITH(readCacheMetadata(json, "k.json"),
        Catch::Contains("k.json") && Catch::Contains("required_ub_bits") && Catch::Contains("count of bits"));
}

TEST_CASE("summary JSON keeps the contract's keys", "[run_summary]")
{
    const Ran ran = runSummaryWith({runFolder("mixed"), "--format", "json"});
    CHECK(ran.status == kExitOverflow);
    const auto json = nlohmann::json::parse(ran.out);
    REQUIRE(json["rows"].size() == 7);
    for (const auto& row : json["rows"])
        for (const char* key : {"kernel", "core", "status", "peak_bytes", "capacity_bytes", "headroom_bytes", "python",
                 "lever", "source", "file", "error"})
            CHECK(row.contains(key));
    const auto& first = json["rows"][0];
    CHECK(first["kernel"] == "softmax_kernel");
    CHECK(first["status"] == "overflows");
    CHECK(first["source"] == "dump");
    CHECK(first["headroom_bytes"] == -32 * 1024);
    CHECK(json["rows"][1]["headroom_bytes"] == 32 * 1024);
    CHECK(json["rows"][1]["status"] == "fits");
    CHECK(json["rows"][6]["status"] == "error");
    CHECK(json["rows"][6]["peak_bytes"].is_null());
    CHECK(json["rows"][6]["error"].is_string());
}

TEST_CASE(
    "the summary's gate: 3 on overflow or past --fail-above, 0 otherwise, 2 when nothing is read", "[run_summary]")
{
    CHECK(runSummaryWith({runFolder("mixed")}).status == kExitOverflow);
    CHECK(runSummaryWith({runFolder("all_fit")}).status == kExitFits);
    const Ran above = runSummaryWith({runFolder("all_fit"), "--fail-above", "95"});
    CHECK(above.status == kExitOverflow);
    CHECK_THAT(above.out, Catch::Contains("above 95%") && Catch::Contains("tight_kernel"));
    CHECK(runSummaryWith({runFolder("all_fit"), "--fail-above", "96"}).status == kExitFits);
    const Ran bad = runSummaryWith({runFolder("only_bad")});
    CHECK(bad.status == kExitBadInput);
    CHECK_THAT(bad.out, Catch::Contains("garbage-20261205-090000.000-aiv.json"));
    CHECK_THAT(bad.err, Catch::Contains("no file could be read"));
    test::TempDir empty;
    CHECK(runSummaryWith({empty.path.string()}).status == kExitBadInput);
    // A summary memlens wrote into the run folder is no kernel of it.
    test::TempDir run;
    fs::copy(runFolder("all_fit"), run.path);
    run.write("summary.json", runSummaryWith({runFolder("all_fit"), "--format", "json"}).out);
    const Ran again = runSummaryWith({run.path.string(), "--format", "json"});
    CHECK(again.status == kExitFits);
    CHECK(nlohmann::json::parse(again.out)["rows"].size() == 2);
    CHECK_THROWS_AS(parseCommandLine({"summary", runFolder("mixed"), "--format", "xml"}), CommandLineError);
    CHECK_THROWS_AS(parseCommandLine({"summary", runFolder("mixed"), "--fail-above", "lots"}), CommandLineError);
    CHECK_THROWS_AS(parseCommandLine({"summary"}), CommandLineError);
}

TEST_CASE("summary text, Markdown and CSV, and --out", "[run_summary]")
{
    const Ran text = runSummaryWith({runFolder("mixed")});
    CHECK_THAT(text.out, Catch::Contains("1 fit") || Catch::Contains("fit,"));
    CHECK_THAT(text.out, Catch::Contains("softmax.py:24") && Catch::Contains("2/2"));
    CHECK_THAT(text.out, Catch::Contains("peak 256 KB -> 128 KB"));
    const Ran md = runSummaryWith({runFolder("mixed"), "--format", "md"});
    CHECK_THAT(md.out, Catch::Contains("| status | kernel |"));
    const Ran csv = runSummaryWith({runFolder("mixed"), "--format", "csv"});
    CHECK_THAT(csv.out, Catch::StartsWith("kernel,core,scope,config,status,peak_bytes"));
    CHECK(std::count(csv.out.begin(), csv.out.end(), '\n') == 8);
    test::TempDir temp;
    const std::string file = (temp.path / "summary.json").string();
    const Ran written = runSummaryWith({runFolder("all_fit"), "--format", "json", "--out", file});
    CHECK(written.status == kExitFits);
    CHECK(written.out.empty());
    CHECK(fs::file_size(file) > 100);
}

TEST_CASE("a summary reads in parallel, reports progress and can be cancelled", "[run_summary]")
{
    test::TempDir temp;
    for (int i = 0; i < 12; ++i)
        fs::copy_file(runFolder("mixed") + "/add_kernel-20261205-101500.000-aiv.json",
            temp.path / ("k" + std::to_string(i) + "-20261205-101500.000-aiv.json"));
    RunSummaryOptions options;
    options.workers = 3;
    std::atomic<std::size_t> calls{0};
    std::atomic<std::size_t> lastTotal{0};
    options.progress = [&](std::size_t, std::size_t total) {
        ++calls;
        lastTotal = total;
    };
    const RunSummary summary = summarizeRun(temp.path.string(), options);
    CHECK(summary.rows.size() == 12);
    CHECK(calls == 12);
    CHECK(lastTotal == 12);

    auto cancel = std::make_shared<std::atomic<bool>>(true);
    options.load.cancel = cancel;
    CHECK_THROWS_AS(summarizeRun(temp.path.string(), options), LoadCancelled);
}

TEST_CASE("a run of the bundled example: the IR and log beside each dump name the lever in the kernel's words",
    "[run_summary]")
{
    RunSummaryOptions options;
    options.load = summaryLoadOptions({});
    const RunSummary summary = summarizeRun((test::sourceDir() / "resources/examples/layer_norm").string(), options);
    // block16384/ and block8192/, each a dump, and a5/'s two compile logs: two configs of one
    // kernel on A2/A3 and two of it on A5; configs are not versions of each other.
    REQUIRE(summary.rows.size() == 4);
    CHECK(std::count_if(summary.rows.begin(), summary.rows.end(), [](const RunRow& row) {
        return row.source == RowSource::CompileLog;
    }) == 2);
    const auto overflow = std::find_if(summary.rows.begin(), summary.rows.end(),
        [](const RunRow& row) { return row.status == RowStatus::Overflows && row.source == RowSource::Dump; });
    REQUIRE(overflow != summary.rows.end());
    CHECK(overflow->kernel == "_layer_norm_fwd_fused");
    CHECK(overflow->versions == 1);
    CHECK(overflow->target == "Ascend910B3"); // the IR beside the dump names it
    CHECK(&*overflow == &summary.rows[0]);    // overflowing first: no config's newer compile goes before it
    for (const RunRow& row : summary.rows)
        if (row.source == RowSource::CompileLog) {
            CHECK(row.target == "Ascend950PR_950z");
            CHECK(row.versions == 1);
            CHECK(row.change.empty());
        }
    CHECK(overflow->config == "BLOCK_SIZE=16384");
    CHECK_THAT(overflow->lever, Catch::StartsWith("BLOCK_SIZE 16384 -> 8192"));
    CHECK(overflow->python == "layer_norm.py:58");
    const auto fits = std::find_if(summary.rows.begin(), summary.rows.end(),
        [](const RunRow& row) { return row.status == RowStatus::Fits && row.source == RowSource::Dump; });
    REQUIRE(fits != summary.rows.end());
    CHECK(fits->headroomBytes() == 0); // 192 KB of 192 KB: what --fail-above 95 catches
    CHECK(rowFailsGate(*fits, 95.0));
    CHECK_FALSE(rowFailsGate(*fits, std::nullopt));
}

TEST_CASE("a stale half of a mix kernel's pair is said on both of its rows", "[run_summary]")
{
    test::TempDir temp;
    fs::copy(test::data("dumps/mix/stale"), temp.path / "attn");
    test::setAge(temp.path / "attn" / "memory_info_aic.json", 7200);
    RunSummaryOptions options;
    options.load = summaryLoadOptions({});
    const RunSummary summary = summarizeRun(temp.path.string(), options);
    REQUIRE(summary.rows.size() == 2);
    for (const RunRow& row : summary.rows) {
        CHECK(row.kernel == "attn");
        REQUIRE(row.notes.size() == 1);
        CHECK_THAT(row.notes.front(), Catch::StartsWith("memory_info_aic.json is 2 hours older"));
    }
}

TEST_CASE("a compile log beside JSON that is no dump is still a row", "[run_summary]")
{
    test::TempDir run;
    // An overflowing kernel's log beside a file of notes: the log is the kernel, the notes nothing.
    run.write("k/notes.json", R"({"owner": "ci", "ticket": 42})");
    run.write(
        "k/compile.log", test::readText(MEMLENS_SOURCE_DIR "/resources/examples/layer_norm/block16384/compile.log"));
    RunSummaryOptions options;
    options.load = summaryLoadOptions({});
    const RunSummary summary = summarizeRun(run.path.string(), options);
    REQUIRE(summary.rows.size() == 1);
    CHECK(summary.rows.front().kernel == "_layer_norm_fwd_fused");
    CHECK(summary.rows.front().status == RowStatus::Overflows);
    CHECK(runSummaryWith({run.path.string()}).status == 3);
}

TEST_CASE("cache metadata and a log of another kernel beside it: both are rows", "[run_summary]")
{
    test::TempDir run;
    run.write("c/_scale_kernel.json", test::readText(runFolder("cache_logs") + "/9e8d7c/_scale_kernel.json"));
    run.write(
        "c/compile.log", test::readText(MEMLENS_SOURCE_DIR "/resources/examples/layer_norm/block16384/compile.log"));
    RunSummaryOptions options;
    options.load = summaryLoadOptions({});
    const RunSummary summary = summarizeRun(run.path.string(), options);
    REQUIRE(summary.rows.size() == 2);
    const RunRow* norm = rowOf(summary, "_layer_norm_fwd_fused");
    REQUIRE(norm);
    CHECK(norm->status == RowStatus::Overflows);
    CHECK(norm->source == RowSource::CompileLog);
    const RunRow* scale = rowOf(summary, "_scale_kernel");
    REQUIRE(scale);
    CHECK(scale->source == RowSource::CacheMetadata);
}

TEST_CASE("a compile log of several kernels' compiles: a row per kernel", "[run_summary]")
{
    test::TempDir run;
    // kernel _layer_norm_fwd_fused overflows, then _scale_kernel fits: the last compile is not the only one.
    run.write("both/compile.log",
        test::readText(MEMLENS_SOURCE_DIR "/resources/examples/layer_norm/block16384/compile.log")
            + test::readText(runFolder("cache_logs") + "/9e8d7c/compile.log"));
    RunSummaryOptions options;
    options.load = summaryLoadOptions({});
    const RunSummary summary = summarizeRun(run.path.string(), options);
    REQUIRE(summary.rows.size() == 2);
    const RunRow* norm = rowOf(summary, "_layer_norm_fwd_fused");
    const RunRow* scale = rowOf(summary, "_scale_kernel");
    REQUIRE(norm);
    REQUIRE(scale);
    CHECK(norm->status == RowStatus::Overflows);
    CHECK(norm->peakBytes == std::optional<std::uint64_t>(328736)); // as the log alone gives it
    CHECK(scale->status == RowStatus::Fits);
    CHECK(runSummaryWith({run.path.string()}).status == 3);
}

TEST_CASE("a subfolder summary cannot read is an error row naming it, never skipped", "[run_summary]")
{
    test::TempDir run;
    run.write("ok/small_kernel-20261205-090000.000-aiv.json",
        test::readText(runFolder("all_fit") + "/small_kernel-20261205-090000.000-aiv.json"));
    run.write("locked/k-20261205-090000.000-aiv.json",
        test::readText(runFolder("all_fit") + "/tight_kernel-20261205-090100.000-aiv.json"));
    const fs::path locked = run.path / "locked";
    fs::permissions(locked, fs::perms::none);
    // Root reads any folder: the listing runs in a child that has become an ordinary user.
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
            ::_exit(3);
        RunSummaryOptions options;
        options.load = summaryLoadOptions({});
        const RunSummary summary = summarizeRun(run.path.string(), options);
        bool named = false;
        for (const RunRow& row : summary.rows)
            named = named
                || (row.status == RowStatus::Error && row.file == locked.string()
                    && row.error.find("cannot read the folder") != std::string::npos);
        ::_exit(summary.rows.size() == 2 && named ? 0 : 1);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    fs::permissions(locked, fs::perms::owner_all);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("a cache entry's own overflow figure over a re-plan that fits is the row's status", "[run_summary]")
{
    test::TempDir run;
    nlohmann::json metadata
        = nlohmann::json::parse(test::readText(runFolder("cache_logs") + "/9e8d7c/_scale_kernel.json"));
    metadata["required_ub_bits"] = 4000000; // 500000 B, over the 192 KB of UB
    run.write("9e8d7c/_scale_kernel.json", metadata.dump());
    run.write("9e8d7c/compile.log", test::readText(runFolder("cache_logs") + "/9e8d7c/compile.log"));
    RunSummaryOptions options;
    options.load = summaryLoadOptions({});
    const RunSummary summary = summarizeRun(run.path.string(), options);
    REQUIRE(summary.rows.size() == 1);
    const RunRow& row = summary.rows.front();
    CHECK(row.status == RowStatus::Overflows);
    CHECK(row.peakBytes == std::optional<std::uint64_t>(500000));
    REQUIRE_FALSE(row.notes.empty());
    CHECK_THAT(row.notes.back(), Catch::Contains("the plans disagree") && Catch::Contains("131072 B"));
    CHECK(runSummaryWith({run.path.string()}).status == 3);
}

TEST_CASE("a name with a line break or an escape sequence forges no row and runs nothing", "[run_summary]")
{
    RunSummary summary;
    summary.path = "/runs/x";
    RunRow row;
    row.kernel = "evil\nfits     forged_kernel\x1b[2J";
    row.status = RowStatus::Error;
    row.error = "bad \x1b]0;title\x07 file";
    row.file = "/runs/a\nb.json";
    summary.rows.push_back(row);
    for (const std::string& text : {summaryText(summary, std::nullopt), summaryMarkdown(summary, std::nullopt)}) {
        CHECK(text.find('\x1b') == std::string::npos);
        CHECK(text.find('\x07') == std::string::npos);
        // No line starts with what the name smuggled in.
        CHECK(text.find("\nfits     forged_kernel") == std::string::npos);
    }
}

TEST_CASE("run rows: the gate, the order, the lever and the versions' names, pinned", "[run_summary]")
{
    RunRow full;
    full.kernel = "full";
    full.status = RowStatus::Fits;
    full.peakBytes = 1000;
    full.capacityBytes = 1000;
    // --fail-above is "more than": exactly 100 % passes it, a byte more does not.
    CHECK_FALSE(rowFailsGate(full, 100.0));
    RunRow over = full;
    over.peakBytes = 1001;
    over.capacityBytes = 1000;
    over.status = RowStatus::Fits;
    CHECK(rowFailsGate(over, 100.0));

    // Rows with numbers first, then not planned, then errors.
    RunRow notPlanned;
    notPlanned.kernel = "a_not_planned";
    notPlanned.status = RowStatus::NotPlanned;
    RunRow error;
    error.kernel = "a_error";
    error.status = RowStatus::Error;
    CHECK(rowComesBefore(full, notPlanned));
    CHECK(rowComesBefore(notPlanned, error));
    CHECK_FALSE(rowComesBefore(error, notPlanned));

    // A kernel that fits names no lever (the example's 8192 compile fits its 192 KB exactly).
    const RunSummary example = [] {
        RunSummaryOptions options;
        options.load = summaryLoadOptions({});
        return summarizeRun((test::sourceDir() / "resources/examples/layer_norm/block8192").string(), options);
    }();
    REQUIRE(example.rows.size() == 1);
    CHECK(example.rows.front().status == RowStatus::Fits);
    CHECK(example.rows.front().lever.empty());
}

TEST_CASE(
    "cache metadata: required_ub_bits 0 or absent is not planned, with the reason, never a peak of 0", "[run_summary]")
{
    for (const char* text : {R"({"kernel_name": "k", "target": {"arch": "Ascend910B3"}, "required_ub_bits": 0})",
             R"({"kernel_name": "k", "target": {"arch": "Ascend910B3"}})"}) {
        INFO(text);
        const CacheMetadata metadata = readCacheMetadata(nlohmann::json::parse(text), "k.json");
        CHECK_FALSE(metadata.requiredUbBits);
        const RunRow row = rowOfCacheMetadata(metadata, "k.json");
        CHECK(row.status == RowStatus::NotPlanned);
        CHECK_FALSE(row.peakBytes);
        REQUIRE_FALSE(row.notes.empty());
        CHECK_THAT(row.notes.front(), Catch::Contains("UB size = N bits"));
    }
}

TEST_CASE("a run of one row says one kernel and core, not '1 kernels'", "[run_summary]")
{
    RunSummary summary;
    summary.path = "/runs/one";
    RunRow row;
    row.kernel = "k";
    row.status = RowStatus::Error;
    row.error = "bad";
    summary.rows.push_back(row);
    CHECK_THAT(summaryText(summary, std::nullopt), Catch::Contains(": 1 kernel and core;"));
    CHECK_THAT(summaryMarkdown(summary, std::nullopt), Catch::Contains(": 1 kernel and core;"));
    summary.rows.push_back(row);
    CHECK_THAT(summaryText(summary, std::nullopt), Catch::Contains(": 2 kernels and cores;"));
}
