#include "core/cli/command_common.hpp"

#include "core/base/input_file.hpp"
#include "core/cli/exit_status.hpp"
#include "core/dump/dump_error.hpp"
#include "core/text/terminal_text.hpp"

#include <cerrno>
#include <ostream>

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

int reportBadInput(std::ostream& err, const std::exception& error, const std::string& file)
{
    err << "memlens: " << terminalText(errorMessage(error, file)) << '\n';
    return kExitBadInput;
}

int finishOutput(std::ostream& out, std::ostream& err, int status)
{
    errno = 0;
    const bool failedBefore = !out;
    out.flush();
    const int code = errno;
    if (out && !failedBefore)
        return status;
    err << "memlens: cannot write the output: " << (code ? errnoText(code) : std::string("write error"))
        << " (what was written is incomplete)\n";
    return kExitBadInput;
}

} // namespace memlens
