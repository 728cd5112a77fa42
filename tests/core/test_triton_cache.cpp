#include "core/document/plan_document.hpp"
#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/source/file_finder.hpp"
#include "core/source/mlir_bytecode.hpp"
#include "core/source/triton_cache.hpp"

#include "support/test_documents.hpp"
#include "support/test_paths.hpp"
#include "support/triton_fixtures.hpp"

#include <catch2/catch.hpp>

#include <map>

using namespace memlens;
using memlens::test::setAge;
using memlens::test::TempDir;
using memlens::test::TritonCache;
namespace fs = std::filesystem;

namespace {

const std::vector<int> kSizes = {128, 256, 64};
const std::string kKernel = "_attn_fwd";

EnvironmentLookup environmentOf(std::map<std::string, std::string> values)
{
    return [values](const std::string& name) -> std::optional<std::string> {
        const auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
}

// Nothing from the environment: tests never read the real ~/.triton.
TritonCacheSearch searchIn(const fs::path& cacheDir)
{
    TritonCacheSearch search;
    search.cacheDir = cacheDir.string();
    search.environment = environmentOf({});
    return search;
}

Dump dumpOfRun(const std::string& irPath)
{
    return parseDumpText(test::dumpPointingInto(kKernel, irPath, 5, kSizes), "memory_info_aiv.json");
}

} // namespace

TEST_CASE("the Triton cache folder: the setting, else TRITON_CACHE_DIR, else HOME/.triton/cache", "[triton]")
{
    TritonCacheSearch search;
    search.environment = environmentOf({{"HOME", "/home/dev"}});
    CHECK(tritonCacheDir(search) == fs::path("/home/dev/.triton/cache"));
    search.environment = environmentOf({{"HOME", "/home/dev"}, {"TRITON_CACHE_DIR", "/scratch/tc"}});
    CHECK(tritonCacheDir(search) == fs::path("/scratch/tc"));
    search.cacheDir = "/chosen";
    CHECK(tritonCacheDir(search) == fs::path("/chosen"));
    search.cacheDir.clear();
    search.environment = environmentOf({});
    CHECK(tritonCacheDir(search).empty());
}

TEST_CASE(
    "of several cached hashes, the newest IR that matches the dump is taken, a newer one that does not is passed over",
    "[triton]")
{
    TritonCache cache(kKernel, kSizes);
    const Dump dump = dumpOfRun(test::deletedTemporaryIrPath());
    const TritonCacheResult result = findIrInTritonCache(dump, searchIn(cache.root.path));
    REQUIRE(result.taken);
    CHECK(*result.taken == cache.matching);
    REQUIRE(result.index);
    CHECK(result.index->path() == cache.matching.string());
    CHECK(result.candidates == 3); // the other kernel's IR is not a candidate
    CHECK(result.bytecode == cache.bytecode);
    // Newest first: the bytecode (not read), then the newer IR that does not match.
    REQUIRE(result.tried.size() == 2);
    CHECK_THAT(result.tried[0], Catch::Contains("c40e55") && Catch::Contains("MLIR bytecode"));
    CHECK_THAT(result.tried[1], Catch::Contains("8b17d0") && Catch::Contains("no op starts at 5:13"));
    CHECK_THAT(result.message(),
        Catch::Contains("IR from the Triton cache: " + cache.matching.string()) && Catch::Contains("5:13, 6:13, 7:13")
            && Catch::Contains("3 allocating") && Catch::Contains("types agree"));
}

TEST_CASE("a dump whose location names a deleted temporary folder gets its IR and IR lines from the cache", "[triton]")
{
    TritonCache cache(kKernel, kSizes);
    TempDir run("memlens_run_");
    const std::string gone = test::deletedTemporaryIrPath();
    REQUIRE_FALSE(fs::exists(fs::path(gone).parent_path()));
    const fs::path dumpPath = run.write("memory_info_aiv.json", test::dumpPointingInto(kKernel, gone, 5, kSizes));
    LoadOptions options;
    options.tritonCache = searchIn(cache.root.path);
    const PlanDocument document = loadPlanDocument(dumpPath.string(), options);
    CHECK(document.irFile == cache.matching.string());
    CHECK_THAT(document.irNote, Catch::Contains("IR from the Triton cache"));
    CHECK(document.target == "Ascend910B3");
    const ScopePlan& ub = document.dump.scopes.at(0);
    for (std::size_t i = 0; i < ub.blocks.size(); ++i) {
        const BlockSource* source = document.sourceOf(0, ub.blocks[i]);
        REQUIRE(source);
        REQUIRE(source->ir);
        // The location names /tmp/.../kernel.ttadapter.mlir: it is the cached file, line for line.
        CHECK(source->ir->file == cache.matching.string());
        CHECK(source->ir->line == 5 + static_cast<int>(i));
        CHECK(document.ir->isAllocLine(source->ir->line));
    }
    // This IR has no Python locations: compiled without line info.
    CHECK(document.lineInfo == LineInfo::Missing);
}

TEST_CASE("the cache is found through the injected environment, and not searched when switched off", "[triton]")
{
    TritonCache cache(kKernel, kSizes);
    TempDir home("memlens_home_");
    fs::create_directories(home.path / ".triton");
    fs::create_symlink(cache.root.path, home.path / ".triton" / "cache");
    TempDir run("memlens_run_");
    const fs::path dumpPath
        = run.write("memory_info_aiv.json", test::dumpPointingInto(kKernel, test::deletedTemporaryIrPath(), 5, kSizes));
    LoadOptions options;
    options.tritonCache.environment = environmentOf({{"HOME", home.path.string()}});
    CHECK(fs::equivalent(loadPlanDocument(dumpPath.string(), options).irFile, cache.matching));
    options.searchTritonCache = false;
    const PlanDocument without = loadPlanDocument(dumpPath.string(), options);
    CHECK(without.irFile.empty());
    CHECK_THAT(without.irNote, !Catch::Contains("Triton cache"));
}

TEST_CASE("when no cached IR matches, the note says what was tried and how to read the bytecode", "[triton]")
{
    TritonCache cache("_attn_fwd", {32, 32}); // the same kernel, other buffers
    fs::remove(cache.matching);
    TempDir run("memlens_run_");
    const fs::path dumpPath
        = run.write("memory_info_aiv.json", test::dumpPointingInto(kKernel, test::deletedTemporaryIrPath(), 5, kSizes));
    LoadOptions options;
    options.tritonCache = searchIn(cache.root.path);
    const PlanDocument document = loadPlanDocument(dumpPath.string(), options);
    CHECK(document.irFile.empty());
    CHECK_THAT(document.irNote,
        Catch::Contains("no IR file beside the dump") && Catch::Contains(cache.root.path.string())
            && Catch::Contains("2 candidates, none matches the dump") && Catch::Contains("8b17d0")
            && Catch::Contains("bishengir-opt " + cache.bytecode.string() + " -o "));
}

TEST_CASE("a cached IR whose ops sit at the dump's positions but whose types differ is taken only when nothing agrees "
          "in both",
    "[triton]")
{
    TempDir root("memlens_triton_cache_");
    const fs::path otherTypes = root.write("aa/" + kKernel + ".ttadapter", test::adapterIr(kKernel, 2, {16, 16, 16}));
    test::setAge(otherTypes, 10);
    const Dump dump = dumpOfRun("/tmp/gone/kernel.ttadapter.mlir");
    TritonCacheResult result = findIrInTritonCache(dump, searchIn(root.path));
    REQUIRE(result.taken);
    CHECK(*result.taken == otherTypes);
    CHECK_THAT(result.reason,
        Catch::Contains("0 of the dump's 3 buffer types") && Catch::Contains("no candidate agrees in every type"));
    CHECK(result.tried.empty()); // the file taken is not listed as passed over

    const fs::path exact = root.write("bb/" + kKernel + ".ttadapter", test::adapterIr(kKernel, 2, kSizes));
    test::setAge(exact, 100); // older, but agrees in type too
    result = findIrInTritonCache(dump, searchIn(root.path));
    REQUIRE(result.taken);
    CHECK(*result.taken == exact);
}

TEST_CASE("the cache search reads no more files or bytes than its budget", "[triton]")
{
    TritonCache cache(kKernel, kSizes);
    const Dump dump = dumpOfRun("/tmp/gone/kernel.ttadapter.mlir");
    TritonCacheSearch search = searchIn(cache.root.path);
    search.maxFiles = 1; // the newer, non-matching text file uses it up
    TritonCacheResult result = findIrInTritonCache(dump, search);
    CHECK_FALSE(result.taken);
    CHECK_THAT(result.note, Catch::Contains("stopped after reading 1 file"));

    search = searchIn(cache.root.path);
    search.maxBytes = fs::file_size(cache.notMatching) + fs::file_size(cache.matching) - 1;
    result = findIrInTritonCache(dump, search);
    CHECK_FALSE(result.taken);
    CHECK_THAT(result.note, Catch::Contains("limit of the search"));

    search.maxBytes += 1;
    CHECK(findIrInTritonCache(dump, search).taken == cache.matching);

    search = searchIn(cache.root.path);
    search.maxEntries = 0;
    result = findIrInTritonCache(dump, search);
    CHECK(result.candidates == 0);
    CHECK_THAT(result.message(), Catch::Contains("looked into the newest 0 of 4 entries"));
}

TEST_CASE("oversized cache files are passed over and named, and an older small match is still taken", "[triton]")
{
    TempDir root("memlens_triton_cache_");
    const fs::path matching = root.write("aa/" + kKernel + ".ttadapter", test::adapterIr(kKernel, 2, kSizes));
    setAge(matching, 900);
    // Newer and sparse: 200 MB, then 100 MB (each past the IR limit), then one just past it.
    const std::vector<std::pair<std::string, std::uintmax_t>> huge
        = {{"bb", 200ull << 20}, {"cc", 100ull << 20}, {"dd", kMaxIrFileBytes + 1}};
    int age = 10;
    for (const auto& [folder, size] : huge) {
        const fs::path big = root.write(folder + "/" + kKernel + ".ttadapter", "");
        fs::resize_file(big, size);
        setAge(big, age++);
    }
    const Dump dump = dumpOfRun("/tmp/gone/kernel.ttadapter.mlir");
    const TritonCacheResult result = findIrInTritonCache(dump, searchIn(root.path));
    REQUIRE(result.taken);
    CHECK(*result.taken == matching);
    REQUIRE(result.tried.size() == 3);
    CHECK_THAT(result.tried[0], Catch::Contains("bb/" + kKernel) && Catch::Contains("the limit for IR is 67108864"));
    CHECK_THAT(result.tried[2],
        Catch::Contains("dd/" + kKernel) && Catch::Contains("too large (" + std::to_string(kMaxIrFileBytes + 1)));
    CHECK_THAT(result.message(), Catch::Contains("passed over: " + (root.path / "bb").string()));

    // --ir and the cache share the limit.
    CHECK(TritonCacheSearch{}.maxFileBytes == kMaxIrFileBytes);
    const IrLoadResult named = loadIrIndex(root.path / "dd" / (kKernel + ".ttadapter"));
    CHECK_THAT(named.error, Catch::Contains("too large") && Catch::Contains("the limit is 67108864"));
}

TEST_CASE(
    "a file past what is left of the search's bytes is passed over, and a smaller older match is read", "[triton]")
{
    TempDir root("memlens_triton_cache_");
    const fs::path matching = root.write("aa/" + kKernel + ".ttadapter", test::adapterIr(kKernel, 2, kSizes));
    const fs::path padded = root.write("bb/" + kKernel + ".ttadapter", test::adapterIr(kKernel, 400, kSizes));
    setAge(matching, 600);
    setAge(padded, 10);
    TritonCacheSearch search = searchIn(root.path);
    search.maxBytes = fs::file_size(matching) + 10; // the newer, larger file does not fit
    const TritonCacheResult result = findIrInTritonCache(dumpOfRun("/tmp/gone/kernel.ttadapter.mlir"), search);
    CHECK(result.taken == matching);
    REQUIRE_FALSE(result.tried.empty());
    CHECK_THAT(result.tried.front(), Catch::Contains(padded.string()) && Catch::Contains("not read"));
}

TEST_CASE("the newest cache entry by folder time is searched even when listed after the entry limit", "[triton]")
{
    TempDir root("memlens_triton_cache_");
    for (int i = 0; i < 40; ++i)
        fs::create_directories(root.path / ("h" + std::to_string(i)));
    // The entry the listing yields last, so that a listing cut at the limit never sees it.
    fs::path last;
    for (const fs::directory_entry& entry : fs::directory_iterator(root.path))
        last = entry.path();
    const fs::path ir
        = root.write(last.filename().string() + "/" + kKernel + ".ttadapter", test::adapterIr(kKernel, 2, kSizes));
    for (const fs::directory_entry& entry : fs::directory_iterator(root.path))
        setAge(entry.path(), entry.path() == last ? 1 : 1000);
    TritonCacheSearch search = searchIn(root.path);
    search.maxEntries = 5;
    const TritonCacheResult result = findIrInTritonCache(dumpOfRun("/tmp/gone/kernel.ttadapter.mlir"), search);
    CHECK(result.taken == ir);
    CHECK_THAT(result.note, Catch::Contains("looked into the newest 5 of 40 entries (by folder time)"));
}

TEST_CASE("the cache option naming one hash folder searches it, and naming a file says it is not a folder", "[triton]")
{
    TempDir root("memlens_triton_cache_");
    const fs::path ir = root.write("3f2a9c/" + kKernel + ".ttadapter", test::adapterIr(kKernel, 2, kSizes));
    const Dump dump = dumpOfRun("/tmp/gone/kernel.ttadapter.mlir");
    CHECK(findIrInTritonCache(dump, searchIn(root.path / "3f2a9c")).taken == ir);

    const TritonCacheResult file = findIrInTritonCache(dump, searchIn(ir));
    CHECK_FALSE(file.taken);
    CHECK_THAT(file.message(), Catch::Contains("not a folder") && Catch::Contains("pass the cache root"));
    CHECK_THAT(file.message(), !Catch::Contains("no such folder"));
}

TEST_CASE("a mix kernel's dump finds the IR cached under the kernel's own name", "[triton]")
{
    TempDir root("memlens_triton_cache_");
    const fs::path ir = root.write("aa/_matmul.ttadapter", test::adapterIr("_matmul", 2, kSizes));
    const Dump dump
        = parseDumpText(test::dumpPointingInto("_matmul_mix_aiv", "/tmp/gone/kernel.ttadapter.mlir", 5, kSizes),
            "memory_info_aiv.json");
    CHECK(findIrInTritonCache(dump, searchIn(root.path)).taken == ir);
}

TEST_CASE("a missing cache folder is said, not an error", "[triton]")
{
    const Dump dump = dumpOfRun("/tmp/gone/kernel.ttadapter.mlir");
    const TritonCacheResult result = findIrInTritonCache(dump, searchIn("/nonexistent/memlens/cache"));
    CHECK_FALSE(result.taken);
    CHECK_THAT(result.message(), Catch::Contains("/nonexistent/memlens/cache") && Catch::Contains("no such folder"));
}

TEST_CASE("matching by Python lines: an IR with locations matches a dump that points at Python", "[triton]")
{
    const IrIndex ir = test::loadOk(test::data("mlir/small_kernel.ttadapter"));
    auto dumpAt = [](const std::string& location) {
        const std::string json = "{\"Header\": {\"KernelName\": \"softmax_kernel\"}, \"Record\": [{\"scope\": \"ub\", "
                                 "\"memory_info_array\": [{"
                                 "\"buffer\": \"%row = memref.alloc() : memref<256xf16, #hivm.address_space<ub>>\", "
                                 "\"offset\": [0], \"extent\": 4096,"
                                 "\"alloc_time_in_ir\": 1, \"life_time_in_ir\": [1, 2], \"source_location\": \""
            + location + "\", \"is_tmpbuf\": false}]}]}";
        return parseDumpText(json, "memory_info_aiv.json");
    };
    const IrDumpMatch row = matchIrToDump(ir, dumpAt("loc(\\\"/elsewhere/softmax_kernel.py\\\":18:12)"));
    CHECK(row.matches);
    CHECK(row.typesAgree);
    CHECK_THAT(row.reason, Catch::Contains("1 Python line"));
    const IrDumpMatch other = matchIrToDump(ir, dumpAt("loc(\\\"/elsewhere/softmax_kernel.py\\\":99:1)"));
    CHECK_FALSE(other.matches);
    CHECK_THAT(other.reason, Catch::Contains("softmax_kernel.py:99"));
    // No position at all: the buffer types decide.
    CHECK(matchIrToDump(ir, dumpAt("loc(unknown)")).matches);
}

TEST_CASE("MLIR bytecode is recognised by its magic number and never parsed as text", "[triton][bytecode]")
{
    TempDir dir("memlens_bytecode_");
    const fs::path bytecode = dir.write("kernel.bcmlir", test::mlirBytecode());
    const fs::path text = dir.write("kernel.ttadapter", test::adapterIr("k", 0, {16}));
    const fs::path shortFile = dir.write("short.bcmlir", "ML");
    CHECK(isMlirBytecodeFile(bytecode));
    CHECK_FALSE(isMlirBytecodeFile(text));
    CHECK_FALSE(isMlirBytecodeFile(shortFile));
    CHECK_FALSE(isMlirBytecodeFile("/dev/zero"));
    CHECK(startsWithMlirBytecode(std::string("ML\xEFR", 4)));
    CHECK_FALSE(startsWithMlirBytecode("MLIR"));

    const IrLoadResult loaded = loadIrIndex(bytecode);
    REQUIRE_FALSE(loaded.ok());
    CHECK_THAT(loaded.error,
        Catch::Contains("is MLIR bytecode") && Catch::Contains("bishengir-opt or mlir-opt of your toolchain")
            && Catch::Contains(
                "`bishengir-opt " + bytecode.string() + " -o " + (dir.path / "kernel.mlir").string() + "`"));
}

TEST_CASE("bytecode beside the dump or named with --ir gets the bytecode message", "[triton][bytecode]")
{
    TempDir run("memlens_run_");
    const fs::path bytecode = run.write(kKernel + ".bcmlir", test::mlirBytecode());
    const fs::path dumpPath = run.write(
        "memory_info_aiv.json", test::dumpPointingInto(kKernel, "/tmp/gone/kernel.ttadapter.mlir", 5, kSizes));
    LoadOptions options;
    options.searchTritonCache = false;
    const PlanDocument beside = loadPlanDocument(dumpPath.string(), options);
    CHECK(beside.irFile.empty());
    CHECK_THAT(
        beside.irNote, Catch::StartsWith(bytecode.string() + " is MLIR bytecode") && Catch::Contains("bishengir-opt"));

    options.irFile = bytecode.string();
    options.irRequired = true;
    try {
        (void)loadPlanDocument(dumpPath.string(), options);
        FAIL("a bytecode --ir must be an error");
    } catch (const DumpError& error) {
        CHECK_THAT(std::string(error.what()), Catch::Contains("is MLIR bytecode") && Catch::Contains("-o "));
    }
}

TEST_CASE("matching a real dump to its IR ends: a dotted op name at the dump's column", "[triton][samples]")
{
    MEMLENS_REQUIRE_SAMPLES();
    // The dump points at `memref.alloc` (line 17, column 13); reading a dotted op name once looped forever.
    const IrIndex ir = test::loadOk(test::sample("fake_attn_fwd_overflow/fake_attn_fwd_overflow.ttadapter"));
    const Dump dump = loadDumpFile(test::sample("fake_attn_fwd_overflow/memory_info_aiv.json").string());
    const IrDumpMatch match = matchIrToDump(ir, dump);
    CHECK(match.matches);
    CHECK_THAT(match.reason, Catch::Contains("an op starts at each of the dump's 2 locations"));
}
