#include "support/planner_cases.hpp"

#include "core/planner/mlir_reader.hpp"
#include "core/planner/plan_pass.hpp"

#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace memlens::test {

using namespace memlens::planner;

std::vector<std::string> splitPlannerCases(const std::string& text)
{
    std::vector<std::string> cases;
    std::istringstream lines(text);
    std::string line;
    std::string current;
    while (std::getline(lines, line)) {
        if (line.rfind("// -----", 0) == 0) {
            cases.push_back(current);
            current.clear();
            continue;
        }
        current += line + "\n";
    }
    cases.push_back(current);
    return cases;
}

namespace {

std::string trim(std::string text)
{
    const auto first = text.find_first_not_of(" \t");
    const auto last = text.find_last_not_of(" \t\r");
    return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

std::vector<std::int64_t> numbers(const std::string& text)
{
    std::vector<std::int64_t> values;
    const std::regex number(R"(-?\d+)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it)
        values.push_back(std::stoll((*it)[0].str()));
    return values;
}

std::string joined(const std::vector<std::uint64_t>& values)
{
    std::string text;
    for (const auto value : values)
        text += (text.empty() ? "" : ", ") + std::to_string(value);
    return "[" + text + "]";
}

} // namespace

namespace {

struct Expectations {
    std::string function;
    bool largestFirst = false;
    bool noShuffle = false;
    bool restrictInplace = false;
    // "// GENERATION: newer": the compiler generation planned as; 52f96a1 when none is named
    // (the compiler's cases and our first rule cases were written from it), or the one a PASS
    // option implies.
    std::optional<CompilerGeneration> generation;
    std::optional<PlanPass> pass; // "// PASS: hivm-plan-memory-regbase=..." (the target's pass when none)
    std::vector<std::pair<std::string, std::vector<std::uint64_t>>> offsets;
    std::vector<std::pair<std::string, std::pair<std::int64_t, std::int64_t>>> lives;
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
    std::optional<int> seed; // "// EXPECT-SEED: 1": the attempt whose plan is the answer
    bool any = false;        // some line of our style
};

Expectations readExpectations(const std::string& text)
{
    Expectations expected;
    std::istringstream lines(text);
    std::string line;
    auto after = [&](const std::string& key, std::string& rest) {
        const auto at = line.find("// " + key + ":");
        if (at == std::string::npos)
            return false;
        rest = trim(line.substr(at + key.size() + 4));
        expected.any = true;
        return true;
    };
    std::string rest;
    while (std::getline(lines, line)) {
        if (after("CASE", rest)) {
            expected.function = rest.rfind('@', 0) == 0 ? rest.substr(1) : rest;
        } else if (after("OPTIONS", rest)) {
            expected.largestFirst = rest.find("largest-first") != std::string::npos;
            expected.noShuffle = rest.find("no-shuffle") != std::string::npos;
            expected.restrictInplace = rest.find("restrict-inplace-as-isa") != std::string::npos;
        } else if (after("GENERATION", rest)) {
            expected.generation = parseGeneration(rest);
        } else if (after("PASS", rest)) {
            std::string problem;
            expected.pass = parsePlanPass(rest, problem);
        } else if (after("EXPECT-OFFSETS", rest) || after("EXPECT-LIFE", rest)) {
            const bool life = line.find("EXPECT-LIFE") != std::string::npos;
            const auto equals = rest.find('=');
            const std::string name = trim(rest.substr(0, equals));
            const auto values = numbers(equals == std::string::npos ? std::string() : rest.substr(equals + 1));
            if (life) {
                expected.lives.push_back(
                    {name, {values.size() > 0 ? values[0] : -2, values.size() > 1 ? values[1] : -2}});
            } else {
                std::vector<std::uint64_t> bytes(values.begin(), values.end());
                expected.offsets.push_back({name, bytes});
            }
        } else if (after("EXPECT-ERROR", rest)) {
            expected.errors.push_back(rest);
        } else if (after("EXPECT-WARNING", rest)) {
            expected.warnings.push_back(rest);
        } else if (after("EXPECT-SEED", rest)) {
            expected.seed = std::stoi(rest);
        }
    }
    return expected;
}

// The CHECK pointer_cast lines against the casts in the compiler's order.
bool checkCastLines(const std::string& text, const Function& function, const FunctionPlan& plan, std::string& why)
{
    std::smatch match;
    std::map<std::string, std::uint64_t> bound;
    const std::regex constant(R"(// CHECK(?:-DAG)?: %\[\[(\w+):\.\*\]\] = arith\.constant (\d+) : i64)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), constant); it != std::sregex_iterator(); ++it)
        bound[(*it)[1].str()] = std::stoull((*it)[2].str());
    std::map<const Value*, std::vector<std::uint64_t>> offsets;
    for (const auto& scope : plan.scopes)
        for (const auto& alloc : scope.allocs)
            offsets[alloc.buffer] = alloc.offsets;
    const auto order = pointerCastOrder(function);
    const std::regex cast(R"(// CHECK[^:]*:.*hivm\.hir\.pointer_cast\(([^)]*)\))");
    std::size_t k = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), cast); it != std::sregex_iterator(); ++it, ++k) {
        if (k >= order.size()) {
            why = "more pointer casts checked than allocs";
            return false;
        }
        const std::string args = (*it)[1].str();
        if (args.find("{{") != std::string::npos)
            continue;
        const auto& actual = offsets[order[k]];
        std::vector<std::string> names;
        std::vector<bool> defines;
        const std::regex arg(R"(%\[\[(\w+)(:\.\*)?\]\])");
        for (auto a = std::sregex_iterator(args.begin(), args.end(), arg); a != std::sregex_iterator(); ++a) {
            names.push_back((*a)[1].str());
            defines.push_back((*a)[2].matched);
        }
        if (names.size() != actual.size()) {
            why = order[k]->name + ": " + std::to_string(actual.size()) + " offsets, checked "
                + std::to_string(names.size());
            return false;
        }
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (defines[i]) {
                bound[names[i]] = actual[i];
                continue;
            }
            if (!bound.count(names[i]) || bound[names[i]] != actual[i]) {
                why = order[k]->name + " copy " + std::to_string(i) + " at " + std::to_string(actual[i]) + ", expected "
                    + (bound.count(names[i]) ? std::to_string(bound[names[i]]) : "?") + " (" + names[i] + ")";
                return false;
            }
        }
    }
    return true;
}

} // namespace

PlannerCaseResult checkPlannerCase(
    const std::string& text, const std::string& fileName, PlanStrategy strategy, bool checkOffsets)
{
    PlannerCaseResult result;
    const auto module = readMlir(text, fileName);
    const Expectations expected = readExpectations(text);
    const Function* function = nullptr;
    for (const Function& candidate : module->functions)
        if (candidate.body() && (expected.function.empty() || candidate.name == expected.function)) {
            function = &candidate;
            break;
        }
    if (!function) {
        result.name = expected.function;
        result.why = "no function read";
        return result;
    }
    result.name = function->name;
    const auto target = findPlanTarget(planTargetName(*module));
    if (!target) {
        result.why = "unknown target " + planTargetName(*module);
        return result;
    }
    PlanOptions options;
    options.generation = expected.generation.value_or(CompilerGeneration::G52f96a1);
    applyGeneration(options, options.generation);
    if (expected.pass)
        expected.pass->applyTo(options); // else the A2/A3 pass, whatever the target
    options.strategy = expected.largestFirst ? PlanStrategy::LargestFirst : strategy;
    options.shuffleSeeds = options.shuffleSeeds && !expected.noShuffle;
    options.restrictInplaceAsIsa = expected.restrictInplace;
    const FunctionPlan plan = planFunction(*function, *target, options);
    std::vector<std::string> errors = plan.errors;
    for (const auto& scope : plan.scopes)
        if (!scope.errorInfo.empty())
            errors.push_back(scope.errorInfo);

    if (expected.any) {
        for (const auto& text : expected.errors) {
            bool found = false;
            for (const auto& error : errors)
                found = found || error.find(text) != std::string::npos;
            if (!found) {
                result.why = "error missing: '" + text + "'" + (errors.empty() ? "" : "; got '" + errors.front() + "'");
                return result;
            }
        }
        if (!expected.errors.empty()) {
            result.passed = true;
            return result;
        }
        if (!errors.empty() || !plan.fits) {
            result.why = "unexpected error: " + (errors.empty() ? std::string("does not fit") : errors.front());
            return result;
        }
        std::vector<std::string> warnings;
        for (const auto& scope : plan.scopes)
            if (!scope.warning.empty())
                warnings.push_back(scope.warning);
        if (warnings != expected.warnings) {
            result.why = "warnings " + std::to_string(warnings.size()) + " ('"
                + (warnings.empty() ? std::string() : warnings.front()) + "'), expected "
                + std::to_string(expected.warnings.size()) + " ('"
                + (expected.warnings.empty() ? std::string() : expected.warnings.front()) + "')";
            return result;
        }
        if (expected.seed && plan.seed != *expected.seed) {
            result.why
                = "planned with seed " + std::to_string(plan.seed) + ", expected " + std::to_string(*expected.seed);
            return result;
        }
        std::map<std::string, const PlannedAlloc*> byName;
        for (const auto& scope : plan.scopes)
            for (const auto& alloc : scope.allocs)
                byName[alloc.buffer->name] = &alloc;
        for (const auto& [name, bytes] : expected.offsets) {
            if (!byName.count(name)) {
                result.why = name + " is not planned";
                return result;
            }
            if (byName[name]->offsets != bytes) {
                result.why = name + " at " + joined(byName[name]->offsets) + ", expected " + joined(bytes);
                return result;
            }
        }
        for (const auto& [name, life] : expected.lives) {
            if (!byName.count(name)) {
                result.why = name + " is not planned";
                return result;
            }
            const PlannedAlloc& alloc = *byName[name];
            if (alloc.lifeStart != life.first || alloc.lifeEnd != life.second) {
                result.why = name + " lives [" + std::to_string(alloc.lifeStart) + ", " + std::to_string(alloc.lifeEnd)
                    + "], expected [" + std::to_string(life.first) + ", " + std::to_string(life.second) + "]";
                return result;
            }
        }
        result.passed = checkCastLines(text, *function, plan, result.why);
        return result;
    }

    // The compiler's lit style.
    if (!plan.errors.empty()) {
        result.why = "planner error: " + plan.errors.front();
        return result;
    }
    std::smatch match;
    const std::regex expectedError(R"(expected-error@\+1 \{\{(.*)\}\})");
    std::string errorText;
    for (const auto& scope : plan.scopes)
        if (!scope.errorInfo.empty())
            errorText = scope.errorInfo;
    if (std::regex_search(text, match, expectedError)) {
        if (errorText != match[1].str()) {
            result.why = "error text '" + errorText + "' instead of '" + match[1].str() + "'";
            return result;
        }
        result.passed = true;
        return result;
    }
    if (!plan.fits) {
        result.why = "overflow: " + errorText;
        return result;
    }
    if (!checkOffsets) {
        result.passed = true;
        return result;
    }
    const std::regex warning(R"(// CHECK: warning: (.*))");
    if (std::regex_search(text, match, warning)) {
        bool found = false;
        for (const auto& scope : plan.scopes)
            found = found || scope.warning == match[1].str();
        if (!found) {
            result.why = "warning missing: " + match[1].str();
            return result;
        }
    }
    result.passed = checkCastLines(text, *function, plan, result.why);
    return result;
}

std::string withTypes(std::string ir, const std::map<std::string, std::string>& types)
{
    for (const auto& [placeholder, type] : types)
        for (auto at = ir.find(placeholder); at != std::string::npos; at = ir.find(placeholder, at + type.size()))
            ir.replace(at, placeholder.size(), type);
    return ir;
}

} // namespace memlens::test
