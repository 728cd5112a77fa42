#include "core/planner/plan_pass.hpp"

#include "core/base/shaped_type.hpp"

#include <charconv>

namespace memlens::planner {

namespace {

std::optional<bool> booleanValue(const std::string& value)
{
    if (value == "true" || value == "1" || value.empty())
        return true;
    if (value == "false" || value == "0")
        return false;
    return std::nullopt;
}

// One "name=value" (or a bare "name", true) into `pass`; "" or why not.
std::string readOption(const std::string& option, PlanPass& pass)
{
    const auto equals = option.find('=');
    const std::string name = option.substr(0, equals);
    const std::string value = equals == std::string::npos ? std::string() : option.substr(equals + 1);
    auto flag = [&](std::optional<bool>& slot) -> std::string {
        slot = booleanValue(value);
        return slot ? std::string() : name + " takes true or false, not " + value;
    };
    if (name == "plan-memory-strategy") {
        if (value == "largest-first")
            pass.strategy = PlanStrategy::LargestFirst;
        else if (value == "default" || value == "first-fit")
            pass.strategy = PlanStrategy::Default;
        else
            return "plan-memory-strategy takes default or largest-first, not " + value;
        return {};
    }
    if (name == "restrict-inplace-as-isa")
        return flag(pass.restrictInplaceAsIsa);
    if (name == "disable-tightly-coupled-buffer-reuse")
        return flag(pass.disableTightlyCoupled);
    if (name == "disable-vf-reachable-check")
        return flag(pass.disableVfReachable);
    if (name == "simt-vf-dynamic-size") {
        int kb = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), kb);
        if (ec != std::errc() || end != value.data() + value.size())
            return "simt-vf-dynamic-size takes a size in KB, not " + value;
        pass.simtVfDynamicSizeKb = kb;
        return {};
    }
    if (name == "shared-mem-dynamic-size") {
        std::int64_t bytes = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), bytes);
        if (ec != std::errc() || end != value.data() + value.size())
            return "shared-mem-dynamic-size takes a size in bytes, not " + value;
        pass.sharedMemDynamicSizeBytes = bytes;
        return {};
    }
    if (name == "mem-plan-mode") {
        // global-work-space-plan plans the memref_ext.alloc_workspace buffers of the GM
        // workspace instead of the local memory; memlens plans local memory only.
        if (value == "local-mem-plan")
            return {};
        if (value == "global-work-space-plan")
            return "mem-plan-mode=global-work-space-plan plans the global workspace, which memlens does not "
                   "plan (only local-mem-plan: ub, cbuf, cc)";
        return "mem-plan-mode takes local-mem-plan or global-work-space-plan, not " + value;
    }
    if (name == "enable-print-memory-allocated-size" || name == "enable-memory-display")
        return {}; // what the pass prints: no part of a plan's offsets
    return "unknown option " + name + " of the planner pass";
}

} // namespace

std::optional<CompilerGeneration> PlanPass::impliedGeneration() const
{
    if (sharedMemDynamicSizeBytes)
        return CompilerGeneration::Newer;
    if (simtVfDynamicSizeKb)
        return CompilerGeneration::G52f96a1;
    return std::nullopt;
}

void PlanPass::applyTo(PlanOptions& options) const
{
    options.rules = regBase ? PlanRules::regbase() : PlanRules::membase();
    applyGeneration(options, impliedGeneration().value_or(options.generation));
    if (sharedMemDynamicSizeBytes)
        options.sharedMemDynamicSizeBytes = *sharedMemDynamicSizeBytes;
    if (strategy)
        options.strategy = *strategy;
    if (restrictInplaceAsIsa)
        options.restrictInplaceAsIsa = *restrictInplaceAsIsa;
    if (simtVfDynamicSizeKb)
        options.simtVfDynamicSizeKb = *simtVfDynamicSizeKb;
    if (disableTightlyCoupled)
        options.disableTightlyCoupledBufferReuse = *disableTightlyCoupled;
    if (disableVfReachable)
        options.disableVfReachableCheck = *disableVfReachable;
}

std::optional<PlanPass> parsePlanPass(std::string_view text, std::string& error)
{
    std::string rest = trimmed(text);
    if (!rest.empty() && rest.front() == '-')
        rest.erase(0, rest.find_first_not_of('-'));
    PlanPass pass;
    std::string options;
    bool known = false;
    for (const std::string name : {"hivm-plan-memory-regbase", "hivm-plan-memory"}) {
        if (rest.rfind(name, 0) == 0
            && (rest.size() == name.size() || rest[name.size()] == '=' || rest[name.size()] == '{')) {
            pass.regBase = name == "hivm-plan-memory-regbase";
            options = rest.substr(name.size());
            known = true;
            break;
        }
    }
    if (!known) {
        error = "unknown planner pass " + std::string(text) + " (hivm-plan-memory or hivm-plan-memory-regbase)";
        return std::nullopt;
    }
    // "=a=1,b=2", "=a=1 b=2", "{a=1 b=2}" (the pipeline form).
    if (!options.empty())
        options.erase(0, 1);
    if (!options.empty() && options.back() == '}')
        options.pop_back();
    std::string current;
    auto flush = [&]() -> bool {
        const std::string option = trimmed(current);
        current.clear();
        if (option.empty())
            return true;
        error = readOption(option, pass);
        return error.empty();
    };
    for (const char c : options) {
        if (c == ',' || c == ' ') {
            if (!flush())
                return std::nullopt;
        } else {
            current += c;
        }
    }
    if (!flush())
        return std::nullopt;
    return pass;
}

PlanPass passForTarget(const PlanTarget& target, bool regBaseSection)
{
    PlanPass pass;
    pass.regBase = target.chip.regBasePlanner || regBaseSection;
    return pass;
}

} // namespace memlens::planner
