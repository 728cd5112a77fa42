#include "core/cli/run_page.hpp"

#include "core/cli/plan_page.hpp"
#include "core/document/plan_document.hpp"
#include "core/run/run_formats.hpp"
#include "core/run/run_summary.hpp"

#include <nlohmann/json.hpp>

#include <exception>
#include <map>
#include <sstream>
#include <vector>

namespace memlens {

std::string runPageHtml(
    const RunSummary& summary, std::optional<double> failAbove, const LoadOptions& load, std::size_t maxBlocks)
{
    // The table as `summary --format json` writes it, each row told which embedded document is its.
    nlohmann::ordered_json run = nlohmann::ordered_json::parse(summaryJson(summary, failAbove));
    std::vector<PlanDocument> documents;
    std::map<std::string, std::size_t> documentOfFile;
    std::size_t blocks = 0;
    std::size_t leftOut = 0;
    for (auto& row : run["rows"]) {
        row["document"] = nullptr;
        const bool readable = row["error"].is_null() && row["file"].is_string() && row["source"] != "cache_metadata";
        if (!readable)
            continue;
        const std::string file = row["file"].get<std::string>();
        auto found = documentOfFile.find(file);
        if (found == documentOfFile.end()) {
            if (blocks >= maxBlocks) {
                ++leftOut;
                continue;
            }
            try {
                documents.push_back(loadPlanDocument(file, load));
            } catch (const std::exception&) {
                continue; // the row says what the summary found
            }
            blocks += documents.back().dump.blockCount();
            found = documentOfFile.emplace(file, documents.size() - 1).first;
        }
        row["document"] = found->second;
    }
    std::vector<std::string> notes;
    if (leftOut > 0)
        notes.push_back("This page holds the kernels of the first " + std::to_string(documents.size())
            + " files; the rows of " + std::to_string(leftOut) + " more are in the table only ("
            + std::to_string(blocks) + " blocks embedded already).");
    std::vector<const PlanDocument*> pointers;
    for (const PlanDocument& document : documents)
        pointers.push_back(&document);
    std::ostringstream out;
    writePlanPage(out, "memlens run: " + summary.path, pointers, notes, run);
    return std::move(out).str();
}

} // namespace memlens
