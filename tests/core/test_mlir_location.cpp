#include "core/source/mlir_location.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

using namespace memlens;

namespace {

template <typename T> const T& as(const LocationPtr& loc)
{
    REQUIRE(loc);
    const T* p = std::get_if<T>(&loc->node);
    REQUIRE(p);
    return *p;
}

LocationPtr parseOk(std::string_view text)
{
    LocationParseResult r = parseLocation(text);
    INFO(text << " -> " << (r.error ? r.error->message : std::string()));
    REQUIRE(r.ok());
    // Keep every parsed tree alive for the whole run so that references into a
    // temporary result (as<T>(parseOk(...))) stay valid.
    static std::vector<LocationPtr> keepAlive;
    keepAlive.push_back(r.location);
    return r.location;
}

LocationPtr alias(std::string_view text) { return parseOk(text); }

const std::string kStd = "/venv/lib/python3.9/site-packages/triton/language/standard.py";

} // namespace

TEST_CASE("a file:line:col location parses into file, line and column", "[mlir]")
{
    auto loc = parseOk(R"(loc("/tmp/05-layer-norm.py":51:20))");
    const auto& flc = as<FileLineColLoc>(loc);
    CHECK(flc.file == "/tmp/05-layer-norm.py");
    CHECK(flc.line == 51);
    CHECK(flc.column == 20);
    CHECK_FALSE(flc.endLine);
    CHECK_FALSE(flc.endColumn);
}

TEST_CASE("file ranges keep their end line and column", "[mlir]")
{
    const auto& full = as<FileLineColLoc>(parseOk(R"(loc("f.py":3:5 to 4:9))"));
    CHECK(full.line == 3);
    CHECK(full.column == 5);
    CHECK(full.endLine == 4);
    CHECK(full.endColumn == 9);

    const auto& sameLine = as<FileLineColLoc>(parseOk(R"(loc("f.py":3:5 to :9))"));
    CHECK(sameLine.endLine == 3);
    CHECK(sameLine.endColumn == 9);
}

TEST_CASE("unknown, alias references and bare names parse", "[mlir]")
{
    CHECK(std::holds_alternative<UnknownLoc>(parseOk("loc(unknown)")->node));
    CHECK(as<AliasRefLoc>(parseOk("loc(#loc12)")).alias == "#loc12");
    CHECK(as<AliasRefLoc>(parseOk("loc(#loc)")).alias == "#loc");
    const auto& bare = as<NameLoc>(parseOk(R"(loc("just_a_name"))"));
    CHECK(bare.name == "just_a_name");
    CHECK_FALSE(bare.child);
}

TEST_CASE("named locations keep the name and the child location", "[mlir]")
{
    const auto& named = as<NameLoc>(parseOk(R"(loc("a"(#loc5)))"));
    CHECK(named.name == "a");
    CHECK(as<AliasRefLoc>(named.child).alias == "#loc5");

    const auto& inlineChild = as<NameLoc>(parseOk(R"(loc("x"("k.py":9:1)))"));
    CHECK(as<FileLineColLoc>(inlineChild.child).line == 9);
}

TEST_CASE("callsite locations keep callee and caller", "[mlir]")
{
    const auto& cs = as<CallSiteLoc>(parseOk("loc(callsite(#loc7 at #loc56))"));
    CHECK(as<AliasRefLoc>(cs.callee).alias == "#loc7");
    CHECK(as<AliasRefLoc>(cs.caller).alias == "#loc56");

    const auto& nested
        = as<CallSiteLoc>(parseOk(R"(loc(callsite("lib.py":1:2 at callsite("a.py":3:4 at "b.py":5:6))))"));
    CHECK(as<FileLineColLoc>(nested.callee).file == "lib.py");
    CHECK(as<FileLineColLoc>(as<CallSiteLoc>(nested.caller).caller).file == "b.py");
}

TEST_CASE("fused locations keep every child and optional metadata", "[mlir]")
{
    const auto& plain = as<FusedLoc>(parseOk("loc(fused[#loc12, #loc13])"));
    CHECK_FALSE(plain.metadata);
    REQUIRE(plain.children.size() == 2);
    CHECK(as<AliasRefLoc>(plain.children[1]).alias == "#loc13");

    const auto& meta = as<FusedLoc>(parseOk(R"(loc(fused<"CSE">["a.py":1:1, "b.py":2:2, unknown]))"));
    CHECK(meta.metadata == "\"CSE\"");
    CHECK(meta.children.size() == 3);

    const auto& nestedMeta = as<FusedLoc>(parseOk(R"(loc(fused<#foo<"x>y">>[#a]))"));
    CHECK(nestedMeta.metadata == "#foo<\"x>y\">");
}

TEST_CASE("escaped quotes and backslashes in strings are decoded", "[mlir]")
{
    const auto& flc = as<FileLineColLoc>(parseOk(R"(loc("C:\\src\\my \"odd\" file.py":7:3))"));
    CHECK(flc.file == R"(C:\src\my "odd" file.py)");
    const auto& hex = as<NameLoc>(parseOk(R"(loc("tab\09x"))"));
    CHECK(hex.name == "tab\tx");
}

TEST_CASE("whitespace is allowed anywhere between tokens", "[mlir]")
{
    auto loc = parseOk("  loc (  callsite (  \"a.py\" : 1 : 2\n at\t fused [ #l1 ,#l2 ] )  )  ");
    const auto& cs = as<CallSiteLoc>(loc);
    CHECK(as<FileLineColLoc>(cs.callee).column == 2);
    CHECK(as<FusedLoc>(cs.caller).children.size() == 2);
}

TEST_CASE("malformed locations report a message and a position", "[mlir]")
{
    struct Case {
        const char* text;
        const char* fragment;
    };
    const Case cases[] = {
        {"", "expected a location"},
        {"loc(", "expected a location"},
        {R"(loc("f.py":3:5)", "')'"},
        {R"(loc("unterminated)", "unterminated string"},
        {"loc(callsite(#a #b))", "'at'"},
        {"loc(fused[#a, ])", "expected a location"},
        {R"(loc("f.py":x:1))", "line number"},
        {R"(loc("f.py":99999999999:1))", "too large"},
        {"loc(#)", "alias name"},
        {"loc(#loc1) trailing", "after the location"},
        {"loc(bogus)", "expected a location"},
    };
    for (const Case& c : cases) {
        LocationParseResult r = parseLocation(c.text);
        INFO(c.text);
        REQUIRE_FALSE(r.ok());
        REQUIRE(r.error);
        CHECK_THAT(r.error->message, Catch::Contains(c.fragment));
    }
    LocationParseResult r = parseLocation(R"(loc("f.py":3:5 at))");
    REQUIRE(r.error);
    CHECK(r.error->position == 15);
}

TEST_CASE("deep nesting is an error, not a stack overflow", "[mlir]")
{
    std::string deep;
    for (int i = 0; i < 100000; ++i)
        deep += "\"n\"(";
    deep += "unknown";
    deep += std::string(100000, ')');
    LocationParseResult r = parseLocation("loc(" + deep + ")");
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.error->message, Catch::Contains("nested too deeply"));

    std::string ok;
    for (int i = 0; i < 200; ++i)
        ok += "\"n\"(";
    ok += R"("f.py":1:1)" + std::string(200, ')');
    CHECK(parseLocation("loc(" + ok + ")").ok());
}

TEST_CASE("printing a parsed location gives back equivalent text", "[mlir]")
{
    for (const char* text : {R"(loc("f.py":3:5))", R"(loc("f.py":3:5 to :9))", R"(loc("f.py":3:5 to 4:9))",
             "loc(callsite(#loc7 at #loc56))", R"(loc(fused<"m">[#a, "n"("g.py":1:2)]))", "loc(unknown)",
             R"(loc("q\"x"))"}) {
        auto loc = parseOk(text);
        CHECK(toString(*loc) == text);
    }
}

TEST_CASE("parseLocationPrefix stops after the location", "[mlir]")
{
    std::string line = R"(%a = memref.alloc() : memref<8xf16> loc(#loc3) // comment)";
    std::size_t at = line.rfind("loc(");
    LocationParseResult r = parseLocationPrefix(line, at);
    REQUIRE(r.ok());
    CHECK(line.substr(at, r.end - at) == "loc(#loc3)");
}

TEST_CASE("library paths are the Triton language and runtime folders", "[mlir]")
{
    CHECK(isLibraryPath(kStd));
    CHECK(isLibraryPath("/x/site-packages/triton/runtime/jit.py"));
    CHECK(isLibraryPath(R"(C:\py\Lib\site-packages\triton\language\core.py)"));
    CHECK_FALSE(isLibraryPath("/home/dev/triton_kernels/layer_norm.py"));
    CHECK_FALSE(isLibraryPath("/tmp/05-layer-norm.py"));
}

TEST_CASE("resolving a named location keeps the innermost name", "[mlir]")
{
    AliasTable aliases{{"#loc5", alias(R"(loc("/tmp/k.py":51:20))")}, {"#loc55", alias(R"(loc("a"(#loc5)))")},
        {"#outer", alias(R"(loc("outer"(#loc55)))")}};
    LocationResolver resolver(aliases);
    ResolvedLocation r = resolver.resolve(parseOk("loc(#outer)"));
    REQUIRE(r.primary);
    CHECK(r.primary->file == "/tmp/k.py");
    CHECK(r.primary->line == 51);
    CHECK(r.primary->column == 20);
    CHECK(r.primary->name == "a");
    CHECK(r.problem.empty());
}

TEST_CASE("a callsite into Triton resolves to the user's caller with its name", "[mlir]")
{
    AliasTable aliases{{"#loc7", alias("loc(\"" + kStd + "\":306:36)")}, {"#loc8", alias(R"(loc("/tmp/k.py":53:18))")},
        {"#loc56", alias(R"(loc("mean"(#loc8)))")}, {"#loc6", alias("loc(\"" + kStd + "\":275:15)")},
        {"#loc85", alias("loc(callsite(#loc7 at #loc56))")}};
    LocationResolver resolver(aliases);

    ResolvedLocation r = resolver.resolve(parseOk("loc(callsite(#loc7 at #loc56))"));
    REQUIRE(r.primary);
    CHECK(r.primary->line == 53);
    CHECK(r.primary->column == 18);
    CHECK(r.primary->name == "mean");
    REQUIRE(r.chain.size() == 2);
    CHECK(r.chain[0].library);
    CHECK(r.chain[0].line == 306);
    CHECK(r.userFrames.size() == 1);
    CHECK(r.describeStack() == "standard.py:306 <- k.py:53 \"mean\"");

    // Callsites nest: library -> library -> user.
    ResolvedLocation nested = resolver.resolve(parseOk("loc(callsite(#loc6 at #loc85))"));
    REQUIRE(nested.chain.size() == 3);
    CHECK(nested.primary->line == 53);
    CHECK(nested.describeStack() == "standard.py:275 <- standard.py:306 <- k.py:53 \"mean\"");
}

TEST_CASE("a callsite whose callee is user code takes the callee as primary", "[mlir]")
{
    ResolvedLocation r = LocationResolver().resolve(
        parseOk(R"(loc(callsite("/src/helpers.py":5:4 at "caller"("/src/kernel.py":25:10))))"));
    REQUIRE(r.primary);
    CHECK(r.primary->file == "/src/helpers.py");
    REQUIRE(r.userFrames.size() == 2);
    CHECK(r.userFrames[1].file == "/src/kernel.py");
    CHECK(r.userFrames[1].name == "caller");
}

TEST_CASE("a fused location keeps every user frame, the first one primary", "[mlir]")
{
    AliasTable aliases{{"#a", alias(R"(loc("p_gn"("/tmp/k.py":152:28)))")},
        {"#b", alias(R"(loc("g"("/tmp/k.py":152:21)))")}, {"#lib", alias("loc(\"" + kStd + "\":10:1)")}};
    LocationResolver resolver(aliases);
    ResolvedLocation r = resolver.resolve(parseOk("loc(fused[#lib, #a, #b, #a])"));
    REQUIRE(r.userFrames.size() == 2); // duplicates collapse
    CHECK(r.userFrames[0].name == "p_gn");
    CHECK(r.userFrames[1].name == "g");
    CHECK(r.primary->column == 28);
    CHECK(r.stacks.size() == 4);
    CHECK(r.chain.size() == 4);
}

TEST_CASE("unknown and name-only locations resolve to no frames", "[mlir]")
{
    LocationResolver resolver;
    CHECK(resolver.resolve(parseOk("loc(unknown)")).empty());
    ResolvedLocation r = resolver.resolve(parseOk(R"(loc("only_a_name"))"));
    CHECK(r.empty());
    CHECK_FALSE(r.primary);
}

TEST_CASE("undefined aliases and alias cycles are reported, not followed forever", "[mlir]")
{
    AliasTable aliases{{"#a", alias("loc(#b)")}, {"#b", alias("loc(fused[#c, #a])")},
        {"#c", alias(R"(loc("/k.py":3:1))")}, {"#self", alias("loc(#self)")}};
    LocationResolver resolver(aliases);

    ResolvedLocation missing = resolver.resolve(parseOk("loc(#nowhere)"));
    CHECK(missing.empty());
    CHECK_THAT(missing.problem, Catch::Contains("#nowhere"));

    ResolvedLocation self = resolver.resolve(parseOk("loc(#self)"));
    CHECK(self.empty());
    CHECK_THAT(self.problem, Catch::Contains("cycle"));

    ResolvedLocation partial = resolver.resolve(parseOk("loc(#a)"));
    REQUIRE(partial.primary);
    CHECK(partial.primary->line == 3);
    CHECK_THAT(partial.problem, Catch::Contains("cycle"));
}

TEST_CASE("a very long alias chain stops with a problem instead of overflowing the stack", "[mlir]")
{
    AliasTable aliases;
    const int n = 50000;
    for (int i = 0; i < n; ++i)
        aliases["#l" + std::to_string(i)] = alias("loc(#l" + std::to_string(i + 1) + ")");
    aliases["#l" + std::to_string(n)] = alias(R"(loc("/k.py":1:1))");
    LocationResolver resolver(aliases);
    ResolvedLocation r = resolver.resolve(parseOk("loc(#l0)"));
    CHECK(r.empty());
    CHECK_THAT(r.problem, Catch::Contains("too deeply"));
    // Short chains near the end still resolve.
    CHECK(resolver.resolve(parseOk("loc(#l" + std::to_string(n - 10) + ")")).primary);
}

TEST_CASE("resolveLocationText reports parse errors as a problem", "[mlir]")
{
    ResolvedLocation r = resolveLocationText("loc(callsite(", LocationResolver());
    CHECK(r.empty());
    CHECK_THAT(r.problem, Catch::Contains("cannot parse"));
}

TEST_CASE("a dump's bare file:line or file:line:col is a plain file location", "[mlir]")
{
    LocationParseResult line = parseDumpLocation("test.py:10");
    REQUIRE(line.ok());
    const auto& a = as<FileLineColLoc>(line.location);
    CHECK(a.file == "test.py");
    CHECK(a.line == 10);
    CHECK(a.column == 0);

    LocationParseResult col = parseDumpLocation(" /w/dir:x/kern.py:30:7 ");
    REQUIRE(col.ok());
    const auto& b = as<FileLineColLoc>(col.location);
    CHECK(b.file == "/w/dir:x/kern.py");
    CHECK(b.line == 30);
    CHECK(b.column == 7);

    ResolvedLocation resolved = resolveLocationText("test.py:10", LocationResolver());
    REQUIRE(resolved.primary);
    CHECK(resolved.primary->file == "test.py");
    CHECK(resolved.primary->line == 10);
    CHECK(resolved.problem.empty());

    // The wrapped forms still parse as before; neither form is taken for a bare one.
    CHECK(as<FileLineColLoc>(parseDumpLocation(R"(loc("k.py":3:4))").location).line == 3);
    for (const char* bad : {"test.py", "test.py:", ":10", "loc(\"a.py\":1:2", "\"a.py\":x", "#loc3:4", "test.py:1x"}) {
        INFO(bad);
        CHECK_FALSE(parseDumpLocation(bad).ok());
    }
    // parseLocation itself (used for IR text) keeps refusing it.
    CHECK_FALSE(parseLocation("test.py:10").ok());
}

TEST_CASE("every truncation and corruption of a location fails cleanly", "[mlir]")
{
    const std::string full
        = R"(loc(fused<"m">[callsite("a \"b\" c.py":1:2 to :5 at "n"(#loc3)), unknown, "x.py":4:5]))";
    REQUIRE(parseLocation(full).ok());
    for (std::size_t n = 0; n < full.size(); ++n) {
        LocationParseResult cut = parseLocation(full.substr(0, n));
        INFO(full.substr(0, n));
        CHECK_FALSE(cut.ok());
        REQUIRE(cut.error);
        CHECK(cut.error->position <= n);
    }
    std::mt19937 rng(1234);
    for (int round = 0; round < 2000; ++round) {
        std::string s = full;
        for (int k = 0; k < 3; ++k)
            s[rng() % s.size()] = "()[]<>\"\\:#, atoloc"[rng() % 18];
        (void)parseLocation(s); // must not crash or hang
    }
}

TEST_CASE("a plain file location resolves without parsing exactly as parsed and resolved", "[location][fast]")
{
    const LocationResolver resolver;
    const std::vector<std::string> plain = {R"(loc("/tmp/kernel.py":57:8))", R"(  loc("k.py":0:0) )",
        R"(loc("/usr/lib/python3/site-packages/triton/language/standard.py":306:12))",
        R"(loc("C:/w/a b.py":123456789:1))", R"(loc("k.py":1:999999999))"};
    for (const std::string& text : plain) {
        INFO(text);
        const std::optional<ResolvedLocation> fast = resolver.resolvePlainFileLocation(text);
        REQUIRE(fast);
        const ResolvedLocation parsed = resolveLocationText(text, resolver);
        CHECK(fast->stacks == parsed.stacks);
        CHECK(fast->chain == parsed.chain);
        CHECK(fast->userFrames == parsed.userFrames);
        CHECK(fast->primary == parsed.primary);
        CHECK(fast->problem == parsed.problem);
    }
    // Anything else is left to the parser.
    for (const std::string& text : {R"(loc("k.py":1))", R"(loc("k.py":1:2 to 3:4))", R"(loc("a\\b.py":1:2))",
             R"(loc("":1:2))", R"(loc( "k.py":1:2))", R"(loc("k.py":1234567890:1))", R"(loc("k.py":1:2)x)",
             R"(loc(callsite("a.py":1:2 at "b.py":3:4)))", R"(loc("n"("a.py":1:2)))", "k.py:3:4", "#loc3", ""})
        CHECK_FALSE(resolver.resolvePlainFileLocation(text));
}

TEST_CASE("inline printing replaces aliases by their definitions, and stays bounded", "[location]")
{
    AliasTable aliases;
    aliases["#loc1"] = parseLocation("loc(\"/k/kern.py\":52:20)").location;
    aliases["#loc2"] = parseLocation("loc(\"x\"(#loc1))").location;
    const auto callsite = parseLocation("loc(callsite(#loc9 at #loc2))").location;
    REQUIRE(callsite);
    // #loc9 is not defined: it stays as written.
    CHECK(toInlineString(*callsite, aliases) == "loc(callsite(#loc9 at \"x\"(\"/k/kern.py\":52:20)))");
    aliases["#loc9"] = parseLocation("loc(\"/t/standard.py\":293:36)").location;
    CHECK(toInlineString(*callsite, aliases)
        == "loc(callsite(\"/t/standard.py\":293:36 at \"x\"(\"/k/kern.py\":52:20)))");
    CHECK(toString(*callsite) == "loc(callsite(#loc9 at #loc2))");

    // A cycle and a doubling chain (each alias fused twice over the previous) end.
    aliases["#a"] = parseLocation("loc(\"n\"(#a))").location;
    CHECK(toInlineString(*parseLocation("loc(#a)").location, aliases).size() < 4096);
    aliases["#d0"] = parseLocation("loc(\"/k/kern.py\":1:1)").location;
    for (int i = 1; i <= 40; ++i)
        aliases["#d" + std::to_string(i)]
            = parseLocation("loc(fused[#d" + std::to_string(i - 1) + ", #d" + std::to_string(i - 1) + "])").location;
    const std::string doubled = toInlineString(*parseLocation("loc(#d40)").location, aliases);
    CHECK(doubled.size() < 1024 * 1024);
    CHECK(doubled.find("#d") != std::string::npos); // cut short, aliases left as written
}
