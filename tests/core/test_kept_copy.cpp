// A kept copy of a dump (a History version, in a temporary folder) is read with the
// context of the file it came from: the IR, the compile log and the Python files beside
// the original, and so the same capacity and verdict.
#include "core/document/plan_document.hpp"
#include "core/dump/dump_keeper.hpp"
#include "support/temp_dir.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace memlens;

namespace {

} // namespace

TEST_CASE("a kept copy finds the IR beside the dump it came from, with the capacity of that IR", "[copy]")
{
    const std::filesystem::path original = test::exampleDump("block8192");
    memlens::test::TempDir kept;
    const std::filesystem::path copy = kept.path / "memory_info_aiv-000001.json";
    std::filesystem::copy_file(original, copy);

    const PlanDocument alone = loadPlanDocument(copy.string(), LoadOptions{});
    LoadOptions options;
    options.copyOf = original.string();
    const PlanDocument withContext = loadPlanDocument(copy.string(), options);
    const PlanDocument fresh = loadPlanDocument(original.string(), LoadOptions{});

    // Read from the copy alone, nothing is beside it.
    CHECK(alone.irFile.empty());
    REQUIRE_FALSE(fresh.irFile.empty());
    CHECK(withContext.irFile == fresh.irFile);
    CHECK(withContext.copyOf == original.string());
    CHECK(withContext.dump.file == copy.string());
    REQUIRE(withContext.analyses.size() == fresh.analyses.size());
    CHECK(withContext.analyses[0].capacity.bytes == fresh.analyses[0].capacity.bytes);
    CHECK(withContext.analyses[0].capacity.source == fresh.analyses[0].capacity.source);
    CHECK(withContext.target == fresh.target);
    // The Python lines resolve as they do for the original.
    REQUIRE(withContext.sources.size() == fresh.sources.size());
    const Block& block = withContext.dump.scopes[0].blocks[0];
    const BlockSource* source = withContext.sourceOf(0, block);
    const BlockSource* freshSource = fresh.sourceOf(0, fresh.dump.scopes[0].blocks[0]);
    REQUIRE(source);
    REQUIRE(freshSource);
    CHECK_FALSE(freshSource->pythonLocalPath.empty());
    CHECK(source->pythonLocalPath == freshSource->pythonLocalPath);
    CHECK(alone.sourceOf(0, alone.dump.scopes[0].blocks[0])->pythonLocalPath.empty());
}

TEST_CASE("the IR and the log a version was read with are kept once per content", "[copy][companion]")
{
    memlens::test::TempDir run;
    memlens::test::TempDir store;
    const std::filesystem::path ir = run.path / "_layer_norm_fwd_fused.ttadapter";
    std::filesystem::copy_file(test::exampleDump("block16384").parent_path() / "_layer_norm_fwd_fused.ttadapter", ir);
    const std::filesystem::path first = keepCompanionFile(ir, store.path);
    CHECK(first.parent_path() == store.path);
    CHECK(first.extension() == ".ttadapter");
    CHECK(first.filename().string().starts_with("_layer_norm_fwd_fused-"));
    // The same bytes again (the next version of one compile): the same copy, none added.
    CHECK(keepCompanionFile(ir, store.path) == first);
    // The compiler writes the next kernel's IR over it: a second copy, and the first keeps its bytes.
    std::filesystem::copy_file(test::exampleDump("block8192").parent_path() / "_layer_norm_fwd_fused.ttadapter", ir,
        std::filesystem::copy_options::overwrite_existing);
    const std::filesystem::path second = keepCompanionFile(ir, store.path);
    CHECK(second != first);
    CHECK(std::filesystem::file_size(first)
        == std::filesystem::file_size(
            test::exampleDump("block16384").parent_path() / "_layer_norm_fwd_fused.ttadapter"));
    CHECK(std::distance(std::filesystem::directory_iterator(store.path), std::filesystem::directory_iterator()) == 2);
    CHECK_THROWS_AS(keepCompanionFile(run.path / "gone.log", store.path), std::filesystem::filesystem_error);
}
