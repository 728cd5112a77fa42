#include "core/cli/inspect_command.hpp"

#include "core/cli/command_common.hpp"
#include "core/cli/inspect_json.hpp"
#include "core/document/kernel_folder.hpp"

#include <ostream>

namespace memlens {

std::string inspectUsageText()
{
    return std::string("Usage: memlens inspect DUMP|DIR [options]\n\n"
                       "Print the memory plan of DUMP (memory_info_aiv.json or any dump in that format)\n"
                       "as JSON on stdout: every scope with its capacity, peaks and overflow verdict,\n"
                       "and every block with its Life and source lines.\n"
                       "DIR, a kernel's folder (a mix kernel's memory_info_aic.json and memory_info_aiv.json):\n"
                       "{\"folder\", \"kernel\", \"dumps\": [the object above, per dump], \"notes\": [the pair's\n"
                       "health: kernels that do not pair, a file older than the other]}.\n\nOptions:\n")
        + commonOptionsHelp() + "\n" + exitStatusHelp();
}

int runInspect(const CommandLine& commandLine, std::ostream& out, std::ostream& err)
{
    try {
        if (isFolderPath(commandLine.dump)) { // a kernel's folder: every core's dump
            const KernelFolder kernel = loadKernelFolder(commandLine.dump, commandLine.load);
            requireScope(kernel, commandLine.scope);
            writeFolderInspectJson(out, kernel, commandLine.scope);
            return exitStatusFor(kernel, commandLine.scope);
        }
        const PlanDocument document = loadPlanDocument(commandLine.dump, commandLine.load);
        requireScope(document, commandLine.scope);
        // Strings from the dump or IR may hold bytes that are not UTF-8; replace them rather than fail.
        writeInspectJson(out, document, commandLine.scope);
        return verdictStatus(document, commandLine.scope, err);
    } catch (const std::exception& error) {
        return reportBadInput(err, error, commandLine.dump);
    }
}

} // namespace memlens
