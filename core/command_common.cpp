#include "core/command_common.hpp"

#include "core/dump_error.hpp"
#include "core/exit_status.hpp"

namespace memlens {

void requireScope(const PlanDocument& document, const std::optional<std::string>& scope)
{
    if (!scope || document.dump.findScope(*scope))
        return;
    std::string present;
    for (const auto& plan : document.dump.scopes)
        present += (present.empty() ? "" : ", ") + plan.scope;
    throw DumpError(document.dump.file, "Record",
        "no memory scope \"" + *scope + "\" (the dump has: " + (present.empty() ? "none" : present) + ")");
}

int exitStatusFor(const PlanDocument& document, const std::optional<std::string>& scope)
{
    for (std::size_t i = 0; i < document.dump.scopes.size(); ++i) {
        if (scope && document.dump.scopes[i].scope != *scope)
            continue;
        if (document.analyses[i].overflow)
            return kExitOverflow;
    }
    return kExitFits;
}

} // namespace memlens
