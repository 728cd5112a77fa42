#include "core/cli/command_common.hpp"

#include "core/base/input_file.hpp"
#include "core/cli/exit_status.hpp"
#include "core/dump/dump_error.hpp"
#include "core/text/terminal_text.hpp"

#include <cerrno>
#include <filesystem>
#include <fstream>
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

std::string writeReplacing(const std::filesystem::path& path, const std::string& text)
{
    const std::filesystem::path temporary = path.string() + ".memlens-partial";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out)
            return "cannot write " + temporary.string() + ": " + errnoText(errno);
        out << text;
        out.flush();
        if (!out) {
            const std::string why = errnoText(errno);
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            return "cannot write " + path.string() + ": " + why;
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary, error);
        return "cannot write " + path.string() + ": " + error.message();
    }
    return {};
}

} // namespace memlens
