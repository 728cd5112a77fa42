// The autotune grid's envelope (core/run/config_envelope): the bundled example's two compiles
// as one table, with the configs memlens re-planned from the 16384 compile's IR beside them
// (marked re-planned, not compiled) in the text, the JSON and the Python; and what tells a
// run's files apart in its table.
#include "core/run/config_envelope.hpp"
#include "core/run/run_formats.hpp"
#include "core/run/run_summary.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>

using namespace memlens;

namespace {

const RunSummary& exampleRun()
{
    static const RunSummary summary = [] {
        RunSummaryOptions options;
        options.load = summaryLoadOptions({});
        return summarizeRun((test::sourceDir() / "resources/examples/layer_norm").string(), options);
    }();
    return summary;
}

const ConfigEnvelope* envelopeOn(const RunSummary& summary, const std::string& target)
{
    for (const ConfigEnvelope& envelope : summary.envelopes)
        if (envelope.target == target)
            return &envelope;
    return nullptr;
}

const EnvelopeRow* rowWith(const ConfigEnvelope& envelope, std::int64_t block)
{
    for (const EnvelopeRow& row : envelope.rows)
        if (row.values.size() == 1 && row.values[0] == block)
            return &row;
    return nullptr;
}

} // namespace

TEST_CASE(
    "the example's configs are one table, with the configs memlens re-planned and did not compile", "[config_envelope]")
{
    const RunSummary& summary = exampleRun();
    const ConfigEnvelope* envelope = envelopeOn(summary, "Ascend910B3");
    REQUIRE(envelope);
    CHECK(envelope->kernel == "_layer_norm_fwd_fused");
    CHECK(envelope->names == std::vector<std::string>{"BLOCK_SIZE"});
    const EnvelopeRow* compiled16384 = rowWith(*envelope, 16384);
    const EnvelopeRow* compiled8192 = rowWith(*envelope, 8192);
    REQUIRE(compiled16384);
    REQUIRE(compiled8192);
    CHECK(compiled16384->compiled());
    CHECK(compiled8192->compiled());
    CHECK(compiled16384->status == RowStatus::Overflows);
    // Re-planned from the 16384 compile's IR: half the smallest and twice the largest compiled.
    const EnvelopeRow* replanned4096 = rowWith(*envelope, 4096);
    const EnvelopeRow* replanned32768 = rowWith(*envelope, 32768);
    REQUIRE(replanned4096);
    REQUIRE(replanned32768);
    CHECK_FALSE(replanned4096->compiled());
    CHECK(replanned4096->status == RowStatus::Fits);
    REQUIRE(replanned4096->peakBytes);
    CHECK(*replanned4096->peakBytes < *compiled8192->peakBytes);
    CHECK(replanned32768->status == RowStatus::Overflows);
    CHECK(*replanned32768->peakBytes > *compiled16384->peakBytes);
    CHECK(replanned4096->file == compiled16384->file);
    CHECK(envelope->replanNote.empty());
    // Largest first; the largest that fits is the compiled 8192.
    CHECK(envelope->rows.front().values[0] == 32768);
    CHECK(envelope->rows.back().values[0] == 4096);
    CHECK(largestFittingText(*envelope, std::nullopt) == "BLOCK_SIZE 8192");
    // The A5 logs are an envelope of their own (another chip), re-planned from the 16384 log.
    const ConfigEnvelope* a5 = envelopeOn(summary, "Ascend950PR_950z");
    REQUIRE(a5);
    CHECK(std::any_of(a5->rows.begin(), a5->rows.end(), [](const EnvelopeRow& row) { return !row.compiled(); }));
}

TEST_CASE("re-planned configs are marked in the summary's text, JSON and Python", "[config_envelope]")
{
    const RunSummary& summary = exampleRun();
    const std::string text = summaryText(summary, std::nullopt);
    CHECK_THAT(text, Catch::Contains("Configs of _layer_norm_fwd_fused aiv on Ascend910B3:"));
    CHECK_THAT(text, Catch::Matches("(.|\n)*\n  4096 +fits +[^\n]*re-planned, not compiled\n(.|\n)*"));
    CHECK_THAT(text, Catch::Matches("(.|\n)*\n  8192 +fits +192 KB +192 KB +100% +0 B\n(.|\n)*"));

    const auto json = nlohmann::json::parse(summaryJson(summary, std::nullopt));
    REQUIRE(json.contains("envelopes"));
    bool replanned = false;
    bool compiled = false;
    for (const auto& envelope : json["envelopes"])
        for (const auto& config : envelope["configs"]) {
            if (config["compiled"].get<bool>()) {
                compiled = true;
                const auto row = config["row"].get<std::size_t>();
                CHECK(json["rows"][row]["config_values"] == config["config_values"]);
            } else if (config["config_values"]["BLOCK_SIZE"] == 4096 && envelope["target"] == "Ascend910B3") {
                replanned = true;
                CHECK(config["how"] == "re-planned");
                CHECK(config["row"].is_null());
                CHECK(config["status"] == "fits");
            }
        }
    CHECK(replanned);
    CHECK(compiled);

    const std::string python = summaryPython(summary, std::nullopt);
    CHECK_THAT(python, Catch::Contains("    triton.Config({\"BLOCK_SIZE\": 8192}),  # aiv ub 192 KB of 192 KB"));
    CHECK_THAT(python, Catch::Contains("    triton.Config({\"BLOCK_SIZE\": 4096}),  # aiv ub "));
    CHECK_THAT(python, Catch::Contains("re-planned, not compiled"));
    CHECK_THAT(python, !Catch::Contains("16384}"));
    CHECK_THAT(python, !Catch::Contains("32768}"));
    // One list per kernel even though two chips' envelopes hold its configs.
    CHECK(std::count(python.begin(), python.end(), '[') == 1);
}

TEST_CASE("with no compile memlens can re-plan, the envelope says why and adds nothing", "[config_envelope]")
{
    RunSummary summary;
    summary.path = "/runs/r";
    for (const std::int64_t block : {1024, 2048}) {
        RunRow row;
        row.kernel = "k";
        row.core = "aiv";
        row.scope = "ub";
        row.status = RowStatus::Fits;
        row.peakBytes = static_cast<std::uint64_t>(block) * 32;
        row.capacityBytes = 192 * 1024;
        row.configValues = {{"BLOCK", block}};
        row.file = "/runs/r/k/" + std::to_string(block) + "/memory_info_aiv.json";
        summary.rows.push_back(row); // no compiler_generation: memlens did not reproduce its plan
    }
    summary.envelopes = configEnvelopes(summary);
    replanEnvelopes(summary, {});
    REQUIRE(summary.envelopes.size() == 1);
    CHECK(summary.envelopes[0].rows.size() == 2);
    CHECK_THAT(summary.envelopes[0].replanNote, Catch::Contains("no config re-planned"));
    CHECK_THAT(envelopesText(summary.envelopes, std::nullopt), Catch::Contains("no config re-planned"));
}

TEST_CASE("a run's files are told apart by what differs, not by their common folders", "[config_envelope]")
{
    const auto names = [](std::vector<std::string> files) { return distinguishingFileNames(files); };
    CHECK(names({"/x/ex/block16384/memory_info_aiv.json", "/x/ex/block8192/memory_info_aiv.json",
              "/x/ex/a5/block16384/compile.log"})
        == std::vector<std::string>{"block16384", "block8192", "a5/block16384"});
    // The same file name everywhere: the folders that differ say it.
    CHECK(names({"/r/k/1/memory_info_aiv.json", "/r/k/2/memory_info_aiv.json"}) == std::vector<std::string>{"1", "2"});
    // Files sharing a folder keep their names (a mix kernel's halves beside a dump of the run's folder).
    CHECK(names({"/r/attn/memory_info_aic.json", "/r/attn/memory_info_aiv.json", "/r/add-1.json"})
        == std::vector<std::string>{"attn/memory_info_aic.json", "attn/memory_info_aiv.json", "add-1.json"});
    // One file keeps its folder and name; files in one folder keep their names.
    CHECK(names({"/a/b/c/memory_info_aiv.json"}) == std::vector<std::string>{"c/memory_info_aiv.json"});
    CHECK(names({"/d/k-1.json", "/d/k-2.json"}) == std::vector<std::string>{"k-1.json", "k-2.json"});
    CHECK(names({}).empty());
}
