#include "core/source/file_finder.hpp"

#include "support/temp_dir.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>

using namespace memlens;
namespace fs = std::filesystem;

namespace {

fs::path project() { return test::data("finder/project"); }

bool contains(const std::vector<fs::path>& v, const fs::path& p) { return std::find(v.begin(), v.end(), p) != v.end(); }

} // namespace

TEST_CASE("readTextFile reads a regular text file", "[finder]")
{
    ReadResult r = readTextFile(project() / "helpers.py");
    REQUIRE(r.ok());
    CHECK(r.text.find("def helper") != std::string::npos);
}

TEST_CASE("readTextFile refuses /dev/zero at once", "[finder]")
{
    auto t0 = std::chrono::steady_clock::now();
    ReadResult r = readTextFile("/dev/zero");
    CHECK_FALSE(r.ok());
    CHECK_THAT(r.error, Catch::Contains("not a regular file"));
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(1));
}

TEST_CASE("readTextFile refuses a FIFO without opening it (which would block)", "[finder]")
{
    test::TempDir tmp("memlens_finder_");
    fs::path fifo = tmp.path / "pipe.py";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    auto t0 = std::chrono::steady_clock::now();
    ReadResult r = readTextFile(fifo);
    CHECK_FALSE(r.ok());
    CHECK_THAT(r.error, Catch::Contains("FIFO"));
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(1));
    // A symlink to the FIFO is refused too, and the finder does not take it.
    fs::create_symlink(fifo, tmp.path / "link.py");
    CHECK_FALSE(readTextFile(tmp.path / "link.py").ok());
    FileFinder finder;
    CHECK_FALSE(finder.find((tmp.path / "link.py").string()).found);
}

TEST_CASE("readTextFile refuses directories, missing, oversized and binary files", "[finder]")
{
    test::TempDir tmp("memlens_finder_");
    CHECK_THAT(readTextFile(tmp.path).error, Catch::Contains("directory"));
    CHECK_THAT(readTextFile(tmp.path / "nope.py").error, Catch::Contains("no such file"));
    fs::path big = tmp.write("big.py", std::string(2000, 'x'));
    CHECK_THAT(readTextFile(big, 1000).error, Catch::Contains("too large"));
    CHECK(readTextFile(big, 2000).ok());
    fs::path bin = tmp.write("bin.py", std::string("abc\0def", 7));
    CHECK_THAT(readTextFile(bin).error, Catch::Contains("NUL"));
    // A symlink to a regular file is fine.
    fs::create_symlink(big, tmp.path / "link.py");
    CHECK(readTextFile(tmp.path / "link.py").ok());
}

TEST_CASE("find takes the path itself when it exists", "[finder]")
{
    FileFinder finder;
    fs::path p = project() / "helpers.py";
    FindResult r = finder.find(p.string());
    REQUIRE(r.found);
    CHECK(*r.found == p);
    CHECK(r.tried.size() == 1);
    CHECK_THAT(r.message(), Catch::StartsWith("found at"));
}

TEST_CASE("find applies prefix substitutions at path-component boundaries", "[finder]")
{
    FileFinder finder;
    finder.addSubstitution("/home/dev/pro", "/nowhere"); // not a component boundary
    finder.addSubstitution("/home/dev/proj", project().string());
    FindResult r = finder.find("/home/dev/proj/src/kernels/softmax_kernel.py");
    REQUIRE(r.found);
    CHECK(*r.found == project() / "src/kernels/softmax_kernel.py");
    CHECK_FALSE(contains(r.tried, "/nowhere/j/src/kernels/softmax_kernel.py"));
    CHECK(r.tried.front() == "/home/dev/proj/src/kernels/softmax_kernel.py");
}

TEST_CASE("find looks in the dump's folder and its parents by file name", "[finder]")
{
    FileFinder finder;
    finder.setDumpDir(project() / "out_dir/dumps");
    FindResult r = finder.find("/compile/machine/helpers.py");
    REQUIRE(r.found);
    CHECK(*r.found == project() / "helpers.py");
    CHECK(contains(r.tried, project() / "out_dir/dumps/helpers.py"));
    CHECK(contains(r.tried, project() / "out_dir/helpers.py"));

    finder.setParentLevels(1);
    CHECK_FALSE(finder.find("/compile/machine/helpers.py").found);
}

TEST_CASE("find searches source folders, preferring the match with the longest shared path tail", "[finder]")
{
    FileFinder finder;
    finder.addSourceDir(project(), /*recursive=*/true, 4);
    FindResult r = finder.find("/Users/x/src/kernels/softmax_kernel.py");
    REQUIRE(r.found);
    CHECK(r.found->lexically_normal() == (project() / "src/kernels/softmax_kernel.py").lexically_normal());

    FindResult vendor = finder.find("/elsewhere/vendor/kernels/softmax_kernel.py");
    REQUIRE(vendor.found);
    CHECK(vendor.found->lexically_normal() == (project() / "vendor/kernels/softmax_kernel.py").lexically_normal());

    FileFinder flat;
    flat.addSourceDir(project(), /*recursive=*/false);
    CHECK_FALSE(flat.find("/Users/x/src/kernels/softmax_kernel.py").found);
    CHECK(flat.find("/Users/x/helpers.py").found);

    FileFinder shallow;
    shallow.addSourceDir(project(), /*recursive=*/true, 1);
    CHECK_FALSE(shallow.find("/Users/x/src/kernels/softmax_kernel.py").found);
}

TEST_CASE("the first-defined substitution that matches wins, as gdb's substitute-path", "[finder]")
{
    test::TempDir tmp("memlens_finder_");
    const fs::path first = tmp.write("first/proj/k.py", "a");
    const fs::path second = tmp.write("second/k.py", "b");
    // Both rules match /remote/proj/k.py and both rewrite it to an existing file.
    const std::string broad = "/remote";
    const std::string narrow = "/remote/proj";

    FileFinder broadFirst;
    broadFirst.addSubstitution(broad, (tmp.path / "first").string());
    broadFirst.addSubstitution(narrow, (tmp.path / "second").string());
    FindResult a = broadFirst.find("/remote/proj/k.py");
    REQUIRE(a.found);
    CHECK(*a.found == first);

    FileFinder narrowFirst;
    narrowFirst.addSubstitution(narrow, (tmp.path / "second").string());
    narrowFirst.addSubstitution(broad, (tmp.path / "first").string());
    FindResult b = narrowFirst.find("/remote/proj/k.py");
    REQUIRE(b.found);
    CHECK(*b.found == second);
}

TEST_CASE(
    "equally good matches under a source folder: the first in path order wins, whatever the creation order", "[finder]")
{
    // Eight folders each hold x/k.py: every match shares the same tail ("x/k.py") with the path asked for.
    const std::vector<std::string> names = {"d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7"};
    for (bool ascending : {true, false}) {
        INFO("created in " << (ascending ? "ascending" : "descending") << " order");
        test::TempDir tmp("memlens_finder_");
        std::vector<std::string> order = names;
        if (!ascending)
            std::reverse(order.begin(), order.end());
        for (const std::string& n : order)
            tmp.write(n + "/x/k.py", n);
        FileFinder finder;
        finder.addSourceDir(tmp.path);
        FindResult r = finder.find("/remote/x/k.py");
        REQUIRE(r.found);
        CHECK(r.found->lexically_normal() == (tmp.path / "d0/x/k.py").lexically_normal());
    }
}

TEST_CASE("find reports every place it tried when nothing is found", "[finder]")
{
    FileFinder finder;
    finder.addSubstitution("/Users/YokeLove", "/home/me");
    finder.setDumpDir(project() / "out_dir/dumps");
    finder.addSourceDir(project() / "src");
    FindResult r = finder.find("/Users/YokeLove/data/missing_kernel.py");
    CHECK_FALSE(r.found);
    CHECK(r.tried.front() == "/Users/YokeLove/data/missing_kernel.py");
    CHECK(contains(r.tried, "/home/me/data/missing_kernel.py"));
    CHECK(contains(r.tried, project() / "out_dir/dumps/missing_kernel.py"));
    CHECK(contains(r.tried, project() / "src/missing_kernel.py"));
    CHECK_THAT(r.message(), Catch::StartsWith("not found; tried: /Users/YokeLove/data/missing_kernel.py"));
}

TEST_CASE("a remembered answer to Locate... is used first", "[finder]")
{
    FileFinder finder;
    finder.remember("/far/away/kernel.py", project() / "helpers.py");
    FindResult r = finder.find("/far/away/kernel.py");
    REQUIRE(r.found);
    CHECK(*r.found == project() / "helpers.py");
}

TEST_CASE("find relative paths beside the dump", "[finder]")
{
    FileFinder finder;
    finder.setDumpDir(project());
    FindResult r = finder.find("src/kernels/softmax_kernel.py");
    REQUIRE(r.found);
    CHECK(*r.found == project() / "src/kernels/softmax_kernel.py");
    CHECK_FALSE(FileFinder().find("").found);
}

TEST_CASE("IR discovery prefers the file named in the location, then *.ttadapter beside the dump", "[finder]")
{
    test::TempDir tmp("memlens_finder_");
    fs::path dump = tmp.write("run/memory_info_aiv.json", "{}");
    tmp.write("run/after_plan.mlir", "module {}\n");
    FileFinder finder;

    FindResult none = discoverIrFile(dump, "", "_attn_fwd", finder);
    CHECK_FALSE(none.found);
    CHECK(contains(none.tried, tmp.path / "run" / "*.ttadapter"));
    CHECK(contains(none.tried, tmp.path / "run" / "_attn_fwd.ttadapter"));

    tmp.write("run/z.bcmlir", "module {}\n");
    CHECK(discoverIrFile(dump, "", "k", finder).found == tmp.path / "run" / "z.bcmlir");
    tmp.write("run/y.ttadapter.mlir", "module {}\n");
    CHECK(discoverIrFile(dump, "", "k", finder).found == tmp.path / "run" / "y.ttadapter.mlir");
    tmp.write("run/other.ttadapter", "module {}\n");
    CHECK(discoverIrFile(dump, "", "k", finder).found == tmp.path / "run" / "other.ttadapter");

    // Several candidates: the kernel's name decides.
    tmp.write("run/_attn_fwd.ttadapter", "module {}\n");
    FindResult byKernel = discoverIrFile(dump, "", "_attn_fwd", finder);
    CHECK(byKernel.found == tmp.path / "run" / "_attn_fwd.ttadapter");
    CHECK_THAT(byKernel.note, Catch::Contains("chose _attn_fwd.ttadapter"));

    // The name in the dump's location wins over everything.
    tmp.write("run/named.ttadapter", "module {}\n");
    FindResult named = discoverIrFile(dump, "/Users/x/data/named.ttadapter", "_attn_fwd", finder);
    CHECK(named.found == tmp.path / "run" / "named.ttadapter");
    // A Python location does not name the IR.
    CHECK(discoverIrFile(dump, "/tmp/named.py", "_attn_fwd", finder).found == tmp.path / "run" / "_attn_fwd.ttadapter");
}

TEST_CASE("IR discovery finds the real samples' IR although the dump names another machine", "[finder]")
{
    MEMLENS_REQUIRE_SAMPLES();
    FileFinder finder;
    for (const char* kernel : {"fake_attn_fwd", "fake_attn_fwd_overflow"}) {
        fs::path dump = test::sample(std::string(kernel) + "/memory_info_aiv.json");
        std::string locFile = "/Users/YokeLove/huawei/AscendNPU-IR/data/" + std::string(kernel) + ".ttadapter";
        FindResult r = discoverIrFile(dump, locFile, "_attn_fwd", finder);
        INFO(r.message());
        REQUIRE(r.found);
        CHECK(r.found->filename() == std::string(kernel) + ".ttadapter");
        CHECK(r.tried.front() == locFile);
        // Without the location, *.ttadapter finds it too (after_plan.mlir is not taken).
        FindResult byGlob = discoverIrFile(dump, "", "_attn_fwd", finder);
        REQUIRE(byGlob.found);
        CHECK(byGlob.found->filename() == std::string(kernel) + ".ttadapter");
    }
}

TEST_CASE("looksLikeIrFile knows the IR extensions", "[finder]")
{
    CHECK(looksLikeIrFile("/a/k.ttadapter"));
    CHECK(looksLikeIrFile("k.ttadapter.mlir"));
    CHECK(looksLikeIrFile("k.bcmlir"));
    CHECK_FALSE(looksLikeIrFile("/a/k.py"));
}

TEST_CASE("source folders are indexed once, with one entry budget for all of them", "[finder][hostile]")
{
    test::TempDir tmp("memlens_finder_");
    for (int i = 0; i < 30; ++i)
        tmp.write("one/f" + std::to_string(i) + ".py", "x");
    for (int i = 0; i < 30; ++i)
        tmp.write("two/g" + std::to_string(i) + ".py", "x");
    tmp.write("two/deep/target.py", "x");

    FileFinder finder;
    finder.addSourceDir(tmp.path / "one");
    finder.addSourceDir(tmp.path / "two");
    CHECK(finder.find("/remote/deep/target.py").found);
    // The walk happened once: a file added afterwards is not in the index, so the
    // folders are not walked again for every file that is missing.
    tmp.write("two/deep/later.py", "x");
    const FindResult later = finder.find("/remote/deep/later.py");
    CHECK_FALSE(later.found);
    // A copy shares the index; adding a folder starts a new one.
    FileFinder copy = finder;
    CHECK_FALSE(copy.find("/remote/deep/later.py").found);
    copy.addSourceDir(tmp.path / "elsewhere");
    CHECK(copy.find("/remote/deep/later.py").found);

    // One budget for every folder: 30 entries cover "one" (30 files) and nothing of "two".
    FileFinder tight;
    tight.addSourceDir(tmp.path / "one");
    tight.addSourceDir(tmp.path / "two");
    tight.setSourceIndexBudget(30);
    const FindResult cut = tight.find("/remote/deep/target.py");
    CHECK_FALSE(cut.found);
    CHECK_THAT(cut.note, Catch::Contains("stopped searching the source folders after 30 entries"));
}
