// memlens record's Qt-free parts (core/record): the filter that takes the IR sections memlens
// asked for out of the compiler's stderr, what a compiler call becomes, the kept compile's
// files and names, and a recorded compile folder read as a run.
#include "core/cli/command_line.hpp"
#include "core/record/compile_call.hpp"
#include "core/record/ir_section_filter.hpp"
#include "core/record/record_files.hpp"
#include "core/record/record_setup.hpp"
#include "core/run/config_envelope.hpp"
#include "core/run/run_inputs.hpp"
#include "support/temp_dir.hpp"
#include "support/test_documents.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace memlens;
namespace fs = std::filesystem;

namespace {

const std::string kBefore
    = "// -----// IR Dump Before PlanMemory (hivm-plan-memory) ('func.func' operation: @k) //----- //\n"
      "func.func @k() {\n"
      "  %a = memref.alloc() : memref<16xf32, #hivm.address_space<ub>>\n"
      "  return\n"
      "} loc(#loc)\n"
      "#loc = loc(\"k.py\":1:0)\n"
      "\n";
const std::string kError = "k.py:1:0: error: ub overflow, requires 2629888 bits while 1572864 bits available!\n";

std::string filtered(IrSectionFilter filter, const std::string& text, std::size_t chunk)
{
    std::string out;
    for (std::size_t at = 0; at < text.size(); at += chunk)
        out += filter.feed(std::string_view(text).substr(at, chunk));
    return out + filter.finish();
}

} // namespace

TEST_CASE("the sections memlens added leave stderr, every other line stays, in any chunking", "[record]")
{
    const std::string after
        = "// -----// IR Dump After PlanMemory (hivm-plan-memory) ('func.func' operation: @k) //----- //\n"
          "func.func @k() {\n  return\n}\n";
    const std::string stderrText = "warning: first\n" + kBefore + kError + after + "[NOTE] last line without newline";
    for (const std::size_t chunk : {std::size_t(1), std::size_t(7), std::size_t(4096)}) {
        CHECK(filtered(IrSectionFilter("hivm-plan-memory", true, true), stderrText, chunk)
            == "warning: first\n" + kError + "[NOTE] last line without newline");
        // A section the caller asked for itself stays.
        CHECK(filtered(IrSectionFilter("hivm-plan-memory", true, false), stderrText, chunk)
            == "warning: first\n" + kError + after + "[NOTE] last line without newline");
    }
    // Another pass's section is not memlens's.
    const std::string other = "// -----// IR Dump Before Canonicalizer (canonicalize) //----- //\nmodule {\n}\n";
    CHECK(filtered(IrSectionFilter("hivm-plan-memory", true, true), other, 5) == other);
    CHECK(filtered(IrSectionFilter("hivm-plan-memory-regbase", true, true), kBefore + kError, 3) == kBefore + kError);
}

TEST_CASE("a compile gets the planner's print options and absolute paths; --help and no input pass through", "[record]")
{
    const std::vector<std::string> args{"kernel.ttadapter", "--target=Ascend910B3", "-o", "out/kernel"};
    const CompileCall call = classifyCompileCall(args, "/home/u", std::nullopt);
    REQUIRE(call.compiles);
    CHECK(call.pass == "hivm-plan-memory");
    CHECK(call.inputAbsolute == "/home/u/kernel.ttadapter");
    CHECK(call.args
        == std::vector<std::string>{"/home/u/kernel.ttadapter", "--target=Ascend910B3", "-o", "/home/u/out/kernel",
            "--mlir-print-ir-before=hivm-plan-memory", "--mlir-print-ir-after=hivm-plan-memory",
            "--mlir-print-debuginfo"});
    // An Ascend950 target plans with the reg-based pass, from --target or from the IR.
    CHECK(classifyCompileCall({"/t/k.mlir", "--target=Ascend950PR_9589"}, "/", std::nullopt).pass
        == "hivm-plan-memory-regbase");
    CHECK(classifyCompileCall(
        {"/t/k.mlir"}, "/", std::string("module attributes {hacc.target = #hacc.target<\"Ascend950PR_9589\">}"))
              .regBase);
    // What the caller asked for itself is not added twice, nor filtered.
    const CompileCall own
        = classifyCompileCall({"/k.mlir", "--mlir-print-ir-before=hivm-plan-memory"}, "/", std::nullopt);
    CHECK_FALSE(own.addedBefore);
    CHECK(own.addedAfter);
    CHECK_FALSE(classifyCompileCall({"--help"}, "/", std::nullopt).compiles);
    CHECK_FALSE(classifyCompileCall({"--version"}, "/", std::nullopt).compiles);
    CHECK_FALSE(classifyCompileCall({"/k.mlir", "--help"}, "/", std::nullopt).compiles);
    CHECK_FALSE(classifyCompileCall({"-o", "x"}, "/", std::nullopt).compiles);
}

TEST_CASE("the kernel's name is the entry function's; words are quoted for a shell", "[record]")
{
    CHECK(kernelNameOfIr("func.func private @helper() {\n}\nfunc.func @main(%a: i32) attributes {hacc.entry} {\n")
        == "main");
    CHECK(kernelNameOfIr("module {\n  func.func @only(%a: i32) {\n") == "only");
    CHECK(kernelNameOfIr("no function").empty());
    CHECK(shellCommand({"bishengir-compile", "/tmp/a b/k.mlir", "--x=it's"})
        == "bishengir-compile '/tmp/a b/k.mlir' '--x=it'\\''s'");
    CHECK(safeFileName("../k name") == ".._k_name");
    CHECK(safeFileName("..") == "kernel");
}

TEST_CASE("record's files: never written over, folders numbered, compiles moved in whole", "[record]")
{
    const test::TempDir dir;
    const std::string file = (dir.path / "config.json").string();
    CHECK(writeNewFile(file, "{}\n").empty());
    CHECK_FALSE(writeNewFile(file, "again").empty()); // exists: never replaced
    CHECK(std::ifstream(file).get() == '{');
    CHECK_FALSE(fs::exists(file + ".memlens-partial"));
    // A link left where the file goes is not followed.
    fs::create_symlink(dir.path / "elsewhere", dir.path / "link.json");
    CHECK_FALSE(writeNewFile((dir.path / "link.json").string(), "x").empty());
    CHECK_FALSE(fs::exists(dir.path / "elsewhere"));

    const std::string base = (dir.path / "memlens-record").string();
    CHECK(makeNumberedFolder(base) == base);
    CHECK(makeNumberedFolder(base) == base + "-2");
    CHECK_THROWS_WITH(makeNumberedFolder((dir.path / "missing" / "run").string()),
        Catch::Contains("cannot make the run folder") && Catch::Contains("No such file or directory"));

    fs::create_directories(dir.path / "staging" / "a");
    fs::create_directories(dir.path / "staging" / "b");
    const std::string kernel = (dir.path / "run" / "k").string();
    CHECK(publishNumbered((dir.path / "staging" / "a").string(), kernel) == kernel + "/1");
    fs::create_directories(kernel + "/2"); // an empty folder in the way is not replaced either
    CHECK(publishNumbered((dir.path / "staging" / "b").string(), kernel) == kernel + "/3");
}

TEST_CASE("a compile memlens record kept is a run piece: its config.json and command.txt are not", "[record]")
{
    const test::TempDir dir;
    const fs::path compile = dir.path / "k" / "1";
    fs::create_directories(compile);
    memlens::test::writeText(compile / "memory_info_aiv.json", "{}");
    memlens::test::writeText(compile / "compile.log", kBefore);
    memlens::test::writeText(compile / "config.json", "{\"kernel\": \"k\"}");
    memlens::test::writeText(compile / "command.txt", "bishengir-compile k.ttadapter\n");
    const RunListing listing = listRunInputs(dir.path.string());
    REQUIRE(listing.inputs.size() == 1);
    CHECK(listing.inputs[0].kind == RunInput::Kind::KernelFolder);
    // A compile that wrote no dump (A5): its log is the piece.
    fs::remove(compile / "memory_info_aiv.json");
    const RunListing a5 = listRunInputs(dir.path.string());
    REQUIRE(a5.inputs.size() == 1);
    CHECK(a5.inputs[0].kind == RunInput::Kind::CompileLog);
    CHECK(fs::path(a5.inputs[0].files[0]).filename() == "compile.log");
}

TEST_CASE("the real compiler is found on PATH past memlens's folder and memlens's own scripts", "[record]")
{
    const test::TempDir dir;
    const fs::path masquerade = dir.path / "run" / ".memlens" / "bin";
    writeRecordHooks((dir.path / "run").string(), "/usr/bin/memlens");
    fs::create_directories(dir.path / "other");
    fs::copy_file(masquerade / "bishengir-compile", dir.path / "other" / "bishengir-compile"); // a copy elsewhere
    fs::create_directories(dir.path / "real");
    memlens::test::writeText(dir.path / "real" / "bishengir-compile", "#!/bin/sh\n");
    fs::permissions(dir.path / "real" / "bishengir-compile", fs::perms::owner_all);
    const std::string path
        = masquerade.string() + ":" + (dir.path / "other").string() + ":" + (dir.path / "real").string();
    CHECK(findCompilerOnPath("bishengir-compile", path, masquerade.string(), "/usr/bin/memlens")
        == (dir.path / "real" / "bishengir-compile").string());
    CHECK_FALSE(findCompilerOnPath("bishengir-compile", masquerade.string(), "", ""));
    CHECK(fs::exists(dir.path / "run" / ".memlens" / "python" / "sitecustomize.py"));
}

TEST_CASE("record's command line: options, then the command after --", "[record]")
{
    const CommandLine commandLine
        = parseCommandLine({"record", "--out", "runs", "--fail-above", "95", "--", "python", "-m", "pytest", "--x"});
    REQUIRE(commandLine.command == Command::Record);
    CHECK(commandLine.record.outDir == "runs");
    CHECK(commandLine.record.failAbove == 95);
    CHECK(commandLine.record.command == std::vector<std::string>{"python", "-m", "pytest", "--x"});
    CHECK(parseCommandLine({"record", "--help"}).command == Command::Help);
    CHECK_THROWS_AS(parseCommandLine({"record", "--out", "x"}), CommandLineError);
    CHECK_THROWS_AS(parseCommandLine({"record", "--fail-above", "many", "--", "x"}), CommandLineError);
    const CommandLine compile = parseCommandLine({"__record-compile", "bishengir-compile", "--help"});
    CHECK(compile.command == Command::RecordCompile);
    CHECK(compile.recordCompile.args == std::vector<std::string>{"--help"});
}

TEST_CASE("the envelope's largest that fits is the largest fitting value, not the first", "[record]")
{
    RunSummary summary;
    summary.path = "/runs/r";
    for (const auto& [block, peak] :
        std::vector<std::pair<std::int64_t, std::uint64_t>>{{1024, 48 * 1024}, {4096, 240 * 1024}, {2048, 96 * 1024}}) {
        RunRow row;
        row.kernel = "k";
        row.core = "aiv";
        row.scope = "ub";
        row.status = peak <= 192 * 1024 ? RowStatus::Fits : RowStatus::Overflows;
        row.peakBytes = peak;
        row.capacityBytes = 192 * 1024;
        row.configValues = {{"BLOCK", block}};
        row.file = "/runs/r/k/" + std::to_string(block) + "/memory_info_aiv.json";
        summary.rows.push_back(row);
    }
    const auto envelopes = configEnvelopes(summary);
    REQUIRE(envelopes.size() == 1);
    CHECK_THAT(envelopesText(envelopes, std::nullopt), Catch::Contains("largest that fits: BLOCK 2048"));
}
