// The planner against the compiler's own A5 planner cases (../shared/samples/planner/a5):
// every case under each of its file's RUN lines (the pass, its options and the target as
// the line writes them), checked as FileCheck would check the pass's output: numeric
// `arith.constant N : i64` captures, pointer_cast lines in order (CHECK) or as a group in
// any order (CHECK-DAG), equal or unequal captures, CHECK-NOT, expected errors and the
// DMA-reuse warning. Prints the share of case runs memlens reproduces. The RUN lines of
// the VF callee analysis's debug output (CHECK-DEBUG) check no plan and are left out.
#include "core/planner/memory_planner.hpp"
#include "core/planner/mlir_reader.hpp"
#include "core/planner/plan_pass.hpp"
#include "support/planner_cases.hpp"
#include "support/test_documents.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

using namespace memlens;
using namespace memlens::planner;

namespace {

struct RunLine {
    std::string target;
    PlanPass pass;
    std::string prefix = "CHECK";
    bool split = false;
    bool verify = false;
};

std::vector<RunLine> runLines(const std::string& text)
{
    std::vector<RunLine> runs;
    std::istringstream lines(text);
    std::string line;
    const std::regex target(R"(target=(\w+))");
    const std::regex pass(R"(-(hivm-plan-memory(?:-regbase)?(?:=\S+)?))");
    const std::regex prefix(R"(-check-prefix=(\S+))");
    while (std::getline(lines, line)) {
        if (line.rfind("// RUN:", 0) != 0 || line.find("--debug-only") != std::string::npos)
            continue;
        RunLine run;
        std::smatch match;
        if (std::regex_search(line, match, target))
            run.target = match[1].str();
        std::string error;
        if (!std::regex_search(line, match, pass))
            continue;
        const auto parsed = parsePlanPass(match[1].str(), error);
        INFO(line << ": " << error);
        REQUIRE(parsed);
        run.pass = *parsed;
        if (std::regex_search(line, match, prefix))
            run.prefix = match[1].str();
        run.split = line.find("-split-input-file") != std::string::npos;
        run.verify = line.find("-verify-diagnostics") != std::string::npos;
        runs.push_back(run);
    }
    return runs;
}

// One pointer cast of the planned output: the alloc, its byte offsets, its type.
struct Cast {
    const Value* alloc = nullptr;
    std::vector<std::uint64_t> offsets;
};

std::string squeezed(std::string text)
{
    text.erase(std::remove_if(text.begin(), text.end(), [](char c) { return c == ' '; }), text.end());
    return text;
}

// A pointer_cast CHECK line: its operands and the type it names ("" for any).
struct CastPattern {
    enum class Kind { Use, Define, LooseNumber, Any };
    std::vector<std::pair<Kind, std::string>> operands;
    std::string type;
};

CastPattern castPattern(const std::string& body, const std::string& nextSame)
{
    CastPattern pattern;
    const auto open = body.find("pointer_cast(");
    const auto close = body.find(')', open);
    const std::string args = body.substr(open + 13, close - open - 13);
    const std::regex operand(R"(%\[\[(\w+)(:\.\*)?\]\]|%\{\{\.\*\}\}(\d+)|\{\{\.\*\}\})");
    for (auto it = std::sregex_iterator(args.begin(), args.end(), operand); it != std::sregex_iterator(); ++it) {
        const auto& m = *it;
        if (m[1].matched)
            pattern.operands.push_back({m[2].matched ? CastPattern::Kind::Define : CastPattern::Kind::Use, m[1].str()});
        else if (m[3].matched)
            pattern.operands.push_back({CastPattern::Kind::LooseNumber, m[3].str()});
        else
            pattern.operands.push_back({CastPattern::Kind::Any, ""});
    }
    const std::string rest = body.substr(close + 1) + " " + nextSame;
    if (const auto type = rest.find("memref<"); type != std::string::npos) {
        int depth = 0;
        std::size_t end = type;
        for (; end < rest.size(); ++end) {
            depth += rest[end] == '<' ? 1 : rest[end] == '>' ? -1 : 0;
            if (rest[end] == '>' && depth == 0)
                break;
        }
        pattern.type = squeezed(rest.substr(type, end - type + 1));
    }
    return pattern;
}

using Bindings = std::map<std::string, std::uint64_t>;

// Whether `cast` matches `pattern` under `bound`; the captures it defines go into `bound`.
bool matches(const CastPattern& pattern, const Cast& cast, Bindings& bound)
{
    if (!pattern.type.empty() && squeezed(cast.alloc->typeText) != pattern.type)
        return false;
    const bool anyCount = pattern.operands.size() == 1 && pattern.operands.front().first == CastPattern::Kind::Any;
    if (!anyCount && pattern.operands.size() != cast.offsets.size())
        return false;
    Bindings next = bound;
    for (std::size_t i = 0; i < pattern.operands.size() && !anyCount; ++i) {
        const auto& [kind, name] = pattern.operands[i];
        const std::uint64_t value = cast.offsets[i];
        if (kind == CastPattern::Kind::Use && (!next.count(name) || next[name] != value))
            return false;
        if (kind == CastPattern::Kind::Define)
            next[name] = value;
        if (kind == CastPattern::Kind::LooseNumber && std::to_string(value).find(name) == std::string::npos)
            return false;
    }
    bound = next;
    return true;
}

struct CheckLine {
    std::string kind; // "", "DAG", "NOT", "LABEL"
    std::string body;
    std::string same; // the CHECK-SAME line after it
};

std::vector<CheckLine> checkLines(const std::string& text, const std::string& prefix)
{
    std::vector<CheckLine> out;
    const std::regex line("//\\s*" + prefix + "(-DAG|-NOT|-LABEL|-SAME)?:(.*)");
    std::istringstream lines(text);
    std::string raw;
    while (std::getline(lines, raw)) {
        std::smatch match;
        if (!std::regex_search(raw, match, line))
            continue;
        const std::string kind = match[1].matched ? match[1].str().substr(1) : "";
        if (kind == "SAME") {
            if (!out.empty())
                out.back().same += match[2].str();
            continue;
        }
        out.push_back({kind, match[2].str(), ""});
    }
    return out;
}

// A CHECK-DAG line with the constants bound where it stands: a later line of the same group
// may bind a name again (FileCheck reads a group's definitions in order).
struct DagLine {
    CastPattern pattern;
    Bindings constants;
};

// Matches `patterns` (a CHECK-DAG group) to distinct casts at or after `from`; the furthest
// position used, or nullopt.
std::optional<std::size_t> matchGroup(
    const std::vector<DagLine>& patterns, const std::vector<Cast>& casts, std::size_t from, Bindings& bound)
{
    std::vector<bool> used(casts.size(), false);
    std::function<std::optional<std::size_t>(std::size_t, Bindings&)> next
        = [&](std::size_t k, Bindings& b) -> std::optional<std::size_t> {
        if (k == patterns.size())
            return from;
        for (std::size_t i = from; i < casts.size(); ++i) {
            Bindings trial = b;
            for (const auto& [name, value] : patterns[k].constants)
                trial[name] = value;
            if (used[i] || !matches(patterns[k].pattern, casts[i], trial))
                continue;
            used[i] = true;
            if (auto end = next(k + 1, trial)) {
                b = trial;
                return std::max(*end, i + 1);
            }
            used[i] = false;
        }
        return std::nullopt;
    };
    return next(0, bound);
}

std::string caseRun(const std::string& text, const RunLine& run, const std::string& fileName)
{
    const auto module = readMlir(text, fileName);
    const auto target = findPlanTarget(run.target);
    if (!target)
        return "unknown target " + run.target;
    PlanOptions options;
    options.generation = CompilerGeneration::G52f96a1; // the compiler's cases at 52f96a1
    run.pass.applyTo(options);
    std::map<std::string, std::vector<Cast>> castsOf;
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
    std::vector<std::pair<const Function*, FunctionPlan>> plans;
    for (const Function* function : deviceFunctions(*module)) {
        plans.emplace_back(function, planFunction(*function, *target, options));
        if (!plans.back().second.fits)
            break; // the pass stops at the first function that fails
    }
    std::vector<FunctionPlan*> planned;
    for (auto& [function, plan] : plans)
        planned.push_back(&plan);
    shareCoupledOffsets(planned);
    for (const auto& [function, plan] : plans) {
        errors.insert(errors.end(), plan.errors.begin(), plan.errors.end());
        std::map<const Value*, std::vector<std::uint64_t>> offsets;
        for (const auto& scope : plan.scopes) {
            if (!scope.errorInfo.empty())
                errors.push_back(scope.errorInfo);
            if (!scope.warning.empty())
                warnings.push_back(scope.warning);
            for (const auto& alloc : scope.allocs)
                offsets[alloc.buffer] = alloc.offsets;
        }
        for (const auto& [alloc, cast] : plan.castOffsets)
            offsets[alloc] = cast;
        for (const Value* alloc : test::pointerCastOrder(*function))
            castsOf[function->name].push_back({alloc, offsets[alloc]});
    }
    std::smatch match;
    const std::regex expectedError(R"(expected-error@below \{\{(.*)\}\})");
    if (run.verify && std::regex_search(text, match, expectedError)) {
        for (const auto& error : errors)
            if (error.find(match[1].str()) != std::string::npos)
                return {};
        return "expected error '" + match[1].str() + "', got " + (errors.empty() ? "none" : "'" + errors.front() + "'");
    }
    const auto lines = checkLines(text, run.prefix);
    if (lines.empty())
        return "-"; // nothing this run checks in this case
    if (!errors.empty())
        return "error: " + errors.front();
    std::vector<Cast> all;
    std::map<std::string, std::size_t> startOf;
    for (const Function* function : deviceFunctions(*module)) {
        startOf[function->name] = all.size();
        const auto& casts = castsOf[function->name];
        all.insert(all.end(), casts.begin(), casts.end());
    }
    Bindings bound;
    std::size_t cursor = 0;
    std::vector<DagLine> dag;
    Bindings constants; // as the lines so far define them
    std::vector<CastPattern> nots;
    const std::regex constant(R"(%\[\[(\w+):\.\*\]\] = arith\.constant (\d+) : i64)");
    const std::regex label(R"(func\.func @(\w+))");
    const std::regex anyConstant(R"(%\{\{\.\*\}\} = arith\.constant (\d+) : i64)");
    auto flushDag = [&]() -> std::string {
        if (dag.empty())
            return {};
        const auto end = matchGroup(dag, all, cursor, bound);
        dag.clear();
        if (!end)
            return "a CHECK-DAG group of pointer casts matches no casts of the plan";
        cursor = *end;
        return {};
    };
    for (const CheckLine& line : lines) {
        if (line.kind != "DAG")
            if (auto problem = flushDag(); !problem.empty())
                return problem;
        if (line.kind == "LABEL") {
            if (std::regex_search(line.body, match, label) && startOf.count(match[1].str()))
                cursor = startOf[match[1].str()];
            continue;
        }
        if (std::regex_search(line.body, match, constant)) {
            bound[match[1].str()] = std::stoull(match[2].str());
            constants[match[1].str()] = bound[match[1].str()];
            continue;
        }
        if (std::regex_search(line.body, match, anyConstant)) {
            // A constant the output holds (or, CHECK-NOT, does not): some cast at that offset.
            const std::uint64_t offset = std::stoull(match[1].str());
            const bool present = std::any_of(all.begin(), all.end(), [&](const Cast& cast) {
                return std::find(cast.offsets.begin(), cast.offsets.end(), offset) != cast.offsets.end();
            });
            if (present == (line.kind == "NOT"))
                return "offset " + match[1].str() + (present ? " is there, the case forbids it" : " is missing");
            continue;
        }
        if (line.body.find("warning: [hivm-plan-memory]") != std::string::npos) {
            const std::string expected = line.body.substr(line.body.find("[hivm-plan-memory]"));
            if (std::find(warnings.begin(), warnings.end(), expected) == warnings.end())
                return "warning missing: " + expected;
            continue;
        }
        if (line.body.find("pointer_cast(") == std::string::npos)
            continue; // the IR's shape, not the plan
        const CastPattern pattern = castPattern(line.body, line.same);
        if (line.kind == "DAG") {
            dag.push_back({pattern, constants});
        } else if (line.kind == "NOT") {
            nots.push_back(pattern);
        } else {
            std::optional<std::size_t> found;
            for (std::size_t i = cursor; i < all.size() && !found; ++i) {
                Bindings trial = bound;
                if (matches(pattern, all[i], trial)) {
                    found = i;
                    bound = trial;
                }
            }
            if (!found)
                return "no cast matches '" + line.body + "'";
            for (const CastPattern& forbidden : nots)
                for (std::size_t i = cursor; i < *found; ++i) {
                    Bindings trial = bound;
                    if (matches(forbidden, all[i], trial))
                        return "a cast the case forbids (CHECK-NOT) is there";
                }
            nots.clear();
            cursor = *found + 1;
        }
    }
    if (auto problem = flushDag(); !problem.empty())
        return problem;
    for (const CastPattern& forbidden : nots)
        for (std::size_t i = cursor; i < all.size(); ++i) {
            Bindings trial = bound;
            if (matches(forbidden, all[i], trial))
                return "a cast the case forbids (CHECK-NOT) is there";
        }
    return {};
}

} // namespace

TEST_CASE("planner conformance: the compiler's A5 planner cases under each RUN line", "[planner][conformance][a5]")
{
    MEMLENS_REQUIRE_SAMPLES();
    const std::vector<std::string> files
        = {"plan-memory-regbase.mlir", "plan-memory-vf.mlir", "RegBase/plan-memory-preload.mlir",
            "RegBase/plan-memory-ssbuf-unaffected.mlir", "RegBase/plan-memory-vf.mlir", "RegBase/plan-memory.mlir"};
    int runs = 0;
    int passed = 0;
    for (const std::string& file : files) {
        const std::string text = test::readText(test::sample("planner/a5/" + file));
        const auto fileRuns = runLines(text);
        REQUIRE_FALSE(fileRuns.empty());
        const auto cases = fileRuns.front().split ? test::splitPlannerCases(text) : std::vector<std::string>{text};
        for (std::size_t k = 0; k < cases.size(); ++k) {
            for (const RunLine& run : fileRuns) {
                const std::string why = caseRun(cases[k], run, file);
                if (why == "-")
                    continue;
                ++runs;
                const std::string name = file + " case " + std::to_string(k) + " " + run.pass.name() + " " + run.prefix;
                if (why.empty()) {
                    ++passed;
                } else {
                    std::cout << "  A5 planner case " << name << ": " << why << "\n";
                }
            }
        }
    }
    std::cout << "A5 planner conformance: " << passed << "/" << runs << " case runs\n";
    CHECK(runs == 25);
    CHECK(passed == runs); // a run that fails is named above
}
