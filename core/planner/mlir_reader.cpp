#include "core/planner/mlir_reader.hpp"

#include "core/planner/ir_text_reader.hpp"

#include <sstream>

namespace memlens::planner {

namespace {

std::string quotedTarget(const std::string& attribute)
{
    const auto open = attribute.find('"');
    if (open == std::string::npos)
        return {};
    const auto close = attribute.find('"', open + 1);
    return close == std::string::npos ? std::string() : attribute.substr(open + 1, close - open - 1);
}

void collectUsers(Op& op)
{
    for (Value* operand : op.operands)
        if (operand->users.empty() || operand->users.back() != &op)
            operand->users.push_back(&op);
    for (auto& region : op.regions)
        for (auto& block : region->blocks)
            for (auto& nested : block->ops)
                collectUsers(*nested);
}

void collectFunctions(Module& module, const Block& block, const std::string& target)
{
    for (const auto& op : block.ops) {
        if (op->name == "module") {
            std::string inner = target;
            const auto found = op->attributes.find("hacc.target");
            if (found != op->attributes.end())
                inner = quotedTarget(found->second);
            for (const auto& region : op->regions)
                for (const auto& nested : region->blocks)
                    collectFunctions(module, *nested, inner);
        } else if (op->name == "func.func") {
            Function function;
            function.op = op.get();
            function.name = op->symbol.size() > 1 ? op->symbol.substr(1) : op->symbol;
            if (function.name.size() >= 2 && function.name.front() == '"')
                function.name = function.name.substr(1, function.name.size() - 2);
            function.target = target;
            const auto core = op->attributes.find("hivm.func_core_type");
            if (core != op->attributes.end()) {
                if (core->second.find("AIV") != std::string::npos)
                    function.coreType = "aiv";
                else if (core->second.find("AIC") != std::string::npos)
                    function.coreType = "aic";
            }
            const auto kind = op->attributes.find("hacc.function_kind");
            function.isHost = kind != op->attributes.end() && kind->second.find("HOST") != std::string::npos;
            module.functions.push_back(function);
        }
    }
}

} // namespace

std::unique_ptr<Module> readMlir(std::string_view text, const std::string& fileName)
{
    ReadBounds bounds;
    return readMlir(text, fileName, bounds);
}

std::unique_ptr<Module> readMlir(std::string_view text, const std::string& fileName, ReadBounds& bounds)
{
    auto module = std::make_unique<Module>();
    module->fileName = fileName;
    detail::IrTextReader reader(text, *module, bounds);
    reader.run();
    bounds.tokensHeldAtMost = reader.peakTokensHeld();
    for (auto& op : module->top.ops)
        collectUsers(*op);
    collectFunctions(*module, module->top, {});
    return module;
}

std::unique_ptr<Module> readMlir(std::istream& lines, const std::string& fileName)
{
    std::ostringstream text;
    text << lines.rdbuf();
    return readMlir(text.str(), fileName);
}

} // namespace memlens::planner
