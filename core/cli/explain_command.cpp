#include "core/cli/explain_command.hpp"

#include "core/document/planner_check.hpp"

#include "core/analysis/plan_requirement.hpp"
#include "core/analysis/unplanned_scope.hpp"
#include "core/cli/command_common.hpp"
#include "core/diagnosis/diagnosis_text.hpp"
#include "core/diagnosis/fit_frontier.hpp"
#include "core/diagnosis/fit_map.hpp"
#include "core/document/kernel_folder.hpp"
#include "core/dump/record_folding.hpp"
#include "core/text/terminal_text.hpp"

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <sstream>
#include <system_error>

namespace memlens {

std::string explainUsageText()
{
    return "Usage: memlens explain DUMP|DIR [options]\n\n"
           "Explain each scope of DUMP in plain text (of every dump of DIR, a kernel's folder, core by\n"
           "core, after the pair's health): the critical op (where the address space reaches its peak),\n"
           "what is live there by Python line (multi-buffer copies and temporaries apart), levers with\n"
           "the plan they predict (single buffering, smaller tiles) and the largest power of two of the\n"
           "main tile dimension that fits.\n\n"
           "Where the kernel's Python source is found, each tile dimension is named by the constexpr\n"
           "that sets it (BLOCK_SIZE 16384 -> 8192), and a fit map shows every power-of-two\n"
           "combination of the main one or two from 1/16x to 2x, with multi-buffering on and off.\n\n"
           "Options: --ir FILE, --scope NAME, --capacity SIZE, --source-dir DIR, --substitute FROM=TO,\n"
           "as for `memlens inspect` (see memlens inspect --help), and:\n"
           "  --configs       print the fit map's frontier as triton.Config lines to paste\n"
           "  --others PATH   dumps of the same kernel compiled with other values (a file, or a folder\n"
           "                  such as a watch --keep folder): their cells show the compiled numbers\n\n"
           "Exit status: 0 every scope fits, 3 some scope overflows its capacity (of any core),\n"
           "2 bad input or usage.\n";
}

bool parseExplainOption(CommandLine& commandLine, const std::vector<std::string>& args, std::size_t& i)
{
    if (args[i] == "--configs") {
        commandLine.explainConfigs = true;
        return true;
    }
    if (args[i] != "--others")
        return false;
    commandLine.others.push_back(optionValue(args, i));
    return true;
}

namespace {

// The dumps under `path` (itself when a file; memory_info_*.json up to two folders down, at most 64).
std::vector<std::string> dumpFilesUnder(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code error;
    if (!fs::is_directory(path, error))
        return {path};
    std::vector<std::string> files;
    for (fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, error), end;
         !error && it != end && files.size() < 64; it.increment(error)) {
        if (it.depth() > 2) {
            it.disable_recursion_pending();
            continue;
        }
        const std::string name = it->path().filename().string();
        if (it->is_regular_file(error) && name.rfind("memory_info", 0) == 0 && it->path().extension() == ".json")
            files.push_back(it->path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// Other dumps of the same kernel; one that cannot be read is named on `err` and left out.
std::vector<std::shared_ptr<const PlanDocument>> loadOthers(
    const CommandLine& commandLine, const PlanDocument& document, std::ostream& err)
{
    std::vector<std::shared_ptr<const PlanDocument>> others;
    const std::filesystem::path self = std::filesystem::weakly_canonical(document.dump.file);
    for (const std::string& path : commandLine.others)
        for (const std::string& file : dumpFilesUnder(path)) {
            if (std::filesystem::weakly_canonical(file) == self)
                continue;
            try {
                LoadOptions options = commandLine.load;
                options.irFile.clear();
                options.irRequired = false;
                auto other = std::make_shared<PlanDocument>(loadPlanDocument(file, options));
                if (other->dump.kernel == document.dump.kernel)
                    others.push_back(std::move(other));
            } catch (const std::exception& error) {
                err << "memlens explain: --others " << terminalText(file) << ": " << terminalText(error.what()) << "\n";
            }
        }
    return others;
}

} // namespace

namespace {

// Every scope of `document` explained (only --scope's when given).
void explainScopes(std::ostream& out, const CommandLine& commandLine, const PlanDocument& document,
    const std::vector<std::shared_ptr<const PlanDocument>>& others)
{
    for (std::size_t i = 0; i < document.dump.scopes.size(); ++i) {
        const ScopePlan& scope = document.dump.scopes[i];
        if (commandLine.scope && scope.scope != *commandLine.scope)
            continue;
        const PlanAnalysis& analysis = document.analyses[i];
        if (!analysis.planned) {
            out << "\nScope " << scope.scope << ": " << notPlannedText(document.dump.scopes, document.analyses) << ".\n"
                << requirementText(planRequirement(scope, analysis)) << ".\n";
            continue;
        }
        Diagnosis diagnosis = diagnoseScope(document, i);
        FitMap map = buildFitMap(document, i, diagnosis);
        attachCompiled(map, document, i, others);
        diagnosis.largestFitting = largestFittingOf(diagnosis, map);
        if (commandLine.explainConfigs) {
            const std::string configs = frontierConfigs(map);
            out << "\nScope " << scope.scope << ":\n"
                << (configs.empty() ? std::string(map.empty() ? "# No tile dimension or multi-buffering to vary.\n"
                                                              : "# No config of the map fits, or a dimension has no "
                                                                "constexpr name in the kernel's source.\n")
                                    : configs);
            continue;
        }
        out << "\n" << diagnosisText(document, i, diagnosis, &map);
        out << requirementText(planRequirement(scope, analysis)) << ".\n";
        if (scope.foldedRecords > 0)
            out << "Note: " << foldedRecordsNote(scope.foldedRecords) << ".\n";
    }
}

// The lines under the title: the dump, its IR, what is missing or may be stale.
void explainHead(std::ostream& out, const PlanDocument& document)
{
    // A plan read from a compile log has no dump: the file is named for what it is.
    const bool log = document.computedFrom && std::filesystem::path(*document.computedFrom).extension() == ".log";
    out << (log                     ? "Log: "
            : document.computedFrom ? "Planned from: "
                                    : "Dump: ")
        << document.dump.file << "\nIR: " << (document.irFile.empty() ? "none found" : document.irFile) << "\n";
    if (document.lineInfo == LineInfo::Missing)
        out << "Python lines: none: " << kNoLineInfoNote << ".\n";
    if (!document.siblingWarning.empty())
        out << "Warning: " << document.siblingWarning << ".\n";
    // Whether memlens's own plan of the planner's IR is this dump: the what-ifs below are
    // re-planned only where it is.
    if (document.plannerCheck)
        out << "Planner check: " << document.plannerCheck->summary() << "; planned from "
            << document.plannerCheck->irFile << ".\n";
    else if (!document.plannerNote.empty())
        out << "Planner check: none: " << document.plannerNote << ".\n";
}

// `memlens explain DIR`: the folder's pair health, then every core's dump as explain explains one.
int explainFolder(const CommandLine& commandLine, std::ostream& terminal, std::ostream& err)
{
    std::ostringstream out;
    const KernelFolder kernel = loadKernelFolder(commandLine.dump, commandLine.load);
    requireScope(kernel, commandLine.scope);
    out << "memlens explain: " << (kernel.kernel.empty() ? "(unnamed kernel)" : kernel.kernel) << "\n";
    out << "Folder: " << kernel.folder << " (" << kernel.documents.size() << " dumps)\n";
    for (const std::string& note : kernel.notes)
        out << "Warning: " << note << ".\n";
    for (const PlanDocument& document : kernel.documents) {
        out << "\n== Core " << coreNameOf(document) << ": "
            << (document.dump.kernel.empty() ? "(unnamed kernel)" : document.dump.kernel) << " ==\n";
        explainHead(out, document);
        explainScopes(out, commandLine, document, loadOthers(commandLine, document, err));
    }
    terminal << terminalText(out.str());
    return exitStatusFor(kernel, commandLine.scope);
}

} // namespace

int runExplain(const CommandLine& commandLine, std::ostream& terminal, std::ostream& err)
{
    try {
        if (isFolderPath(commandLine.dump))
            return explainFolder(commandLine, terminal, err);
        std::ostringstream out; // printed with the dump's control characters escaped
        const PlanDocument document = loadPlanDocument(commandLine.dump, commandLine.load);
        const auto others = loadOthers(commandLine, document, err);
        requireScope(document, commandLine.scope);
        out << "memlens explain: " << (document.dump.kernel.empty() ? "(unnamed kernel)" : document.dump.kernel)
            << "\n";
        explainHead(out, document);
        explainScopes(out, commandLine, document, others);
        terminal << terminalText(out.str());
        return verdictStatus(document, commandLine.scope, err);
    } catch (const std::exception& error) {
        return reportBadInput(err, error, commandLine.dump);
    }
}

} // namespace memlens
