#include "core/plan_document.hpp"

#include "core/capacity.hpp"
#include "core/dump_parser.hpp"

#include <spdlog/spdlog.h>

#include <fstream>
#include <sstream>

namespace memlens {

std::optional<std::uint64_t> CapacitySettings::settingFor(const std::string& scope) const
{
    if (const auto it = byScope.find(scope); it != byScope.end())
        return it->second;
    return all;
}

const PlanAnalysis* PlanDocument::analysisOf(const std::string& scope) const
{
    for (std::size_t i = 0; i < dump.scopes.size(); ++i)
        if (dump.scopes[i].scope == scope)
            return &analyses[i];
    return nullptr;
}

void reanalyze(PlanDocument& document, const CapacitySettings& capacity)
{
    document.analyses.clear();
    for (const auto& scope : document.dump.scopes) {
        const Capacity resolved = resolveCapacity(capacity.settingFor(scope.scope), scope.scope, scope.error, document.target);
        document.analyses.push_back(analyzePlan(scope, resolved));
    }
}

PlanDocument loadPlanDocument(const std::string& dumpPath, const LoadOptions& options)
{
    PlanDocument document;
    document.dump = loadDumpFile(dumpPath);
    document.irFile = options.irFile;
    if (!document.irFile.empty()) {
        std::ifstream in(document.irFile, std::ios::binary);
        if (in) {
            std::stringstream text;
            text << in.rdbuf();
            document.target = targetInIrText(text.str());
        } else {
            document.irNote = "cannot read " + document.irFile;
            spdlog::warn("{}", document.irNote);
            document.irFile.clear();
        }
    }
    reanalyze(document, options.capacity);
    return document;
}

} // namespace memlens
