#include "core/document/computed_plan.hpp"

#include "core/dump/dump_error.hpp"
#include "core/dump/dump_parser.hpp"
#include "core/planner/mlir_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace memlens {

namespace {

using namespace planner;

// "%alloc = memref.alloc() : memref<...>", the op as the compiler prints its result.
std::string allocText(const Value* buffer)
{
    const Op* op = buffer->definingOp;
    if (!op)
        return buffer->name;
    const std::string named = buffer->name + " =";
    return op->text.rfind(named, 0) == 0 ? op->text : buffer->name + " = " + op->text;
}

std::string sourceLocation(const Value* buffer, const std::string& file, const AliasTable* aliases)
{
    const Op* op = buffer->definingOp;
    if (!op->location.empty() && op->location.find('#') == std::string::npos)
        return op->location;
    if (!op->location.empty() && aliases) {
        const LocationParseResult parsed = parseLocation(op->location);
        if (parsed.ok())
            return toInlineString(*parsed.location, *aliases);
    }
    return "loc(\"" + file + "\":" + std::to_string(op->line) + ":" + std::to_string(op->column) + ")";
}

// A dump is one JSON object; a log line may well start with '[' ("[INFO] ...").
bool startsLikeJson(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    return first == std::string_view::npos || text[first] == '{';
}

} // namespace

InputKind inputKindOf(std::string_view text)
{
    if (startsLikeJson(text) || text.find('\0') != std::string_view::npos)
        return InputKind::Dump;
    if (text.find("IR Dump Before PlanMemory") != std::string_view::npos)
        return InputKind::CompileLog;
    if (text.find("func.func") != std::string_view::npos)
        return InputKind::Ir;
    return InputKind::Dump;
}

InputKind inputKindOfFile(const std::string& path)
{
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    std::ifstream in(path, std::ios::binary);
    if (error || size > kMaxDumpFileBytes || !in)
        return InputKind::Dump; // the dump reader names the problem
    char head[4096];
    in.read(head, sizeof head);
    const std::string_view start(head, static_cast<std::size_t>(in.gcount()));
    if (startsLikeJson(start) || start.find('\0') != std::string_view::npos)
        return InputKind::Dump;
    std::string whole(start);
    if (!in.eof()) {
        std::ostringstream rest;
        rest << in.rdbuf();
        whole += rest.str();
    }
    return inputKindOf(whole);
}

std::optional<LogSection> lastPlanMemorySection(const std::string& text)
{
    const std::string marker = "IR Dump Before PlanMemory"; // "(hivm-plan-memory)" follows
    const auto at = text.rfind(marker);
    if (at == std::string::npos)
        return std::nullopt;
    const auto lineEnd = text.find('\n', at);
    if (lineEnd == std::string::npos)
        return LogSection{std::string(), 1};
    const auto next = text.find("// -----// IR Dump", lineEnd);
    LogSection section;
    section.text = text.substr(lineEnd + 1, next == std::string::npos ? std::string::npos : next - lineEnd - 1);
    section.firstLine
        = 2 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(lineEnd), '\n'));
    return section;
}

std::string compilerDumpFileName(const std::string& coreType)
{
    return coreType == "aic" ? "memory_info_aic.json" : coreType == "aiv" ? "memory_info_aiv.json" : "memory_info.json";
}

AliasTable locationAliasesOf(const planner::Module& module)
{
    AliasTable aliases;
    for (const auto& [name, definition] : module.locationAliases)
        if (LocationParseResult parsed = parseLocation(definition); parsed.ok())
            aliases[name] = std::move(parsed.location);
    return aliases;
}

nlohmann::json compilerDumpJson(const FunctionPlan& plan, const std::string& irFile, const AliasTable* aliases)
{
    nlohmann::json dump;
    dump["Header"]["KernelName"] = plan.name;
    dump["Record"] = nlohmann::json::array();
    for (const planner::ScopePlan& scope : plan.scopes) {
        nlohmann::json record;
        record["scope"] = scope.scope;
        record["status"] = scope.fits ? "success" : "fail";
        record["error_info"] = scope.errorInfo;
        record["memory_info_array"] = nlohmann::json::array();
        for (const DumpItem& item : scope.dumpItems) {
            nlohmann::json entry;
            entry["buffer"] = allocText(item.buffer);
            entry["offset"] = scope.planned ? item.offsets : std::vector<std::uint64_t>(item.offsets.size(), 0);
            entry["extent"] = item.extentBits;
            entry["alloc_time_in_ir"] = item.lifeStart;
            entry["life_time_in_ir"] = {item.lifeStart, item.lifeEnd};
            entry["source_location"] = sourceLocation(item.buffer, irFile, aliases);
            entry["is_tmpbuf"] = item.tmp;
            record["memory_info_array"].push_back(entry);
        }
        dump["Record"].push_back(record);
    }
    return dump;
}

ComputedDump computeDump(const std::string& text, const std::string& path)
{
    std::string ir;
    if (auto section = lastPlanMemorySection(text))
        ir = std::string(static_cast<std::size_t>(section->firstLine - 1), '\n') + section->text; // the log's lines
    const std::string absolute = std::filesystem::absolute(path).string();
    const auto module = readMlir(ir.empty() ? std::string_view(text) : std::string_view(ir), absolute);
    const auto functions = deviceFunctions(*module);
    if (functions.empty())
        throw DumpError(path, "",
            "no function with a body to plan in the IR"
                + (module->notes.empty() ? std::string()
                                         : " (line " + std::to_string(module->notes.front().line) + ": "
                            + module->notes.front().message + ")"));
    ComputedDump computed;
    computed.target = planTargetName(*module);
    const auto target = findPlanTarget(computed.target);
    if (!target)
        throw DumpError(path, "", "unknown target " + computed.target + " in the IR's hacc.target");
    std::optional<FunctionPlan> shown;
    for (const Function* function : functions) {
        FunctionPlan plan = planFunction(*function, *target);
        const bool fails = !plan.fits;
        if (!shown || fails)
            shown = std::move(plan);
        if (fails)
            break; // the compiler's pass stops at the first function that fails
    }
    if (functions.size() > 1)
        computed.note = "the IR has " + std::to_string(functions.size()) + " device functions; this is the plan of @"
            + shown->name + (shown->fits ? " (the first)" : " (the first that fails)");
    computed.function = shown->name;
    const AliasTable aliases = locationAliasesOf(*module);
    computed.dump
        = parseDumpText(compilerDumpJson(*shown, absolute, &aliases).dump(), compilerDumpFileName(shown->coreType));
    computed.dump.file = path;
    return computed;
}

} // namespace memlens
