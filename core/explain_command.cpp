#include "core/explain_command.hpp"

#include "core/diagnosis_text.hpp"
#include "core/dump_error.hpp"
#include "core/plan_requirement.hpp"
#include "core/record_folding.hpp"
#include "core/terminal_text.hpp"
#include "core/unplanned_scope.hpp"

#include <ostream>
#include <sstream>

namespace memlens {

std::string explainUsageText()
{
    return "Usage: memlens explain DUMP [options]\n\n"
           "Explain each scope of DUMP in plain text: the critical op (where the address space\n"
           "reaches its peak), what is live there by Python line (multi-buffer copies and\n"
           "temporaries apart), levers with the plan they predict (single buffering, smaller\n"
           "tiles) and the largest power of two of the main tile dimension that fits.\n\n"
           "Options: --ir FILE, --scope NAME, --capacity SIZE, --source-dir DIR, --substitute FROM=TO,\n"
           "as for `memlens inspect` (see memlens inspect --help).\n\n"
           "Exit status: 0 every scope fits, 3 some scope overflows its capacity, 2 bad input or usage.\n";
}

int runExplain(const CommandLine& commandLine, std::ostream& terminal, std::ostream& err)
{
    try {
        std::ostringstream out; // printed with the dump's control characters escaped
        const PlanDocument document = loadPlanDocument(commandLine.dump, commandLine.load);
        requireScope(document, commandLine.scope);
        out << "memlens explain: " << (document.dump.kernel.empty() ? "(unnamed kernel)" : document.dump.kernel)
            << "\n";
        out << "Dump: " << document.dump.file << "\nIR: " << (document.irFile.empty() ? "none found" : document.irFile)
            << "\n";
        if (document.lineInfo == LineInfo::Missing)
            out << "Python lines: none: " << kNoLineInfoNote << ".\n";
        if (!document.siblingWarning.empty())
            out << "Warning: " << document.siblingWarning << ".\n";
        for (std::size_t i = 0; i < document.dump.scopes.size(); ++i) {
            const ScopePlan& scope = document.dump.scopes[i];
            if (commandLine.scope && scope.scope != *commandLine.scope)
                continue;
            const PlanAnalysis& analysis = document.analyses[i];
            if (!analysis.planned) {
                out << "\nScope " << scope.scope << ": " << notPlannedText(document.dump.scopes, document.analyses)
                    << ".\n"
                    << requirementText(planRequirement(scope, analysis)) << ".\n";
                continue;
            }
            out << "\n" << diagnosisText(document, i, diagnoseScope(document, i));
            out << requirementText(planRequirement(scope, analysis)) << ".\n";
            if (scope.foldedRecords > 0)
                out << "Note: " << foldedRecordsNote(scope.foldedRecords) << ".\n";
        }
        terminal << terminalText(out.str());
        return exitStatusFor(document, commandLine.scope);
    } catch (const std::exception& error) {
        return reportBadInput(err, error, commandLine.dump);
    }
}

} // namespace memlens
