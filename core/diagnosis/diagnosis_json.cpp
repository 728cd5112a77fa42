#include "core/diagnosis/diagnosis_json.hpp"

#include "core/diagnosis/fit_frontier.hpp"
#include "core/diagnosis/fit_map_text.hpp"

#include <filesystem>

namespace memlens {

namespace {

using ojson = nlohmann::ordered_json;

double shareOf(std::uint64_t part, std::uint64_t whole)
{
    return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

ojson sourceShareJson(const ScopePlan& scope, const SourceShare& share, std::uint64_t requiredBytes)
{
    ojson out;
    out["python"] = share.python ? ojson(std::filesystem::path(share.python->file).filename().string() + ":"
                        + std::to_string(share.python->line))
                                 : ojson(nullptr);
    out["python_file"] = share.python ? ojson(share.pythonFile) : ojson(nullptr);
    out["ir_line"] = share.ir ? ojson(share.ir->line) : ojson(nullptr);
    const std::string name = share.nameText();
    out["name"] = name.empty() ? ojson(nullptr) : ojson(name);
    out["bytes"] = share.bytes;
    out["share"] = shareOf(share.bytes, requiredBytes);
    out["multi_buffer_bytes"] = share.multiBufferBytes;
    out["tmp_bytes"] = share.tmpBytes;
    out["in_place_bytes"] = share.inPlaceBytes;
    out["buffers"] = share.buffers;
    ojson reused = ojson::array();
    for (const InPlaceReuse& reuse : share.reusedInPlace)
        reused.push_back({{"buffer", reuse.buffer}, {"by", reuse.by}});
    out["reused_in_place"] = std::move(reused);
    out["ir_file"] = share.ir ? ojson(share.ir->file) : ojson(nullptr);
    out["ir_lines"] = share.irLines;
    ojson blocks = ojson::array();
    for (const int index : share.blocks) {
        const Block& block = scope.blocks[static_cast<std::size_t>(index)];
        blocks.push_back({scope.bufferOf(block).id, block.copy});
    }
    out["blocks"] = std::move(blocks);
    return out;
}

// The constexpr that sets a dimension ("BLOCK_SIZE"), null when none or when two share it.
ojson constexprJson(const TileName& name)
{
    return name.written.size() == 1 ? ojson(name.written.front()) : ojson(nullptr);
}

ojson pythonLineJson(const std::optional<PythonLine>& line)
{
    if (!line)
        return nullptr;
    return {
        {"file", line->localPath.empty() ? line->file : line->localPath}, {"line", line->line}, {"text", line->text}};
}

ojson leverJson(const Lever& lever)
{
    ojson out;
    out["kind"] = leverKindKey(lever.kind);
    const bool scales = lever.kind == LeverKind::ScaleDimension;
    out["dim"] = scales ? ojson(lever.dimension) : ojson(nullptr);
    out["to"] = scales ? ojson(lever.to) : ojson(nullptr);
    out["saves_bytes"] = lever.savesBytes;
    out["predicted_required_bytes"] = lever.predictedRequiredBytes;
    out["fits"] = lever.fits;
    const std::string option = leverOption(lever.kind);
    out["option"] = option.empty() ? ojson(nullptr) : ojson(option);
    out["constexpr"] = constexprJson(lever.name);
    out["constexpr_candidates"] = lever.name.written;
    out["python"] = pythonLineJson(lever.name.python);
    out["how"] = planMethodName(lever.how);
    return out;
}

} // namespace

ojson diagnosisJson(const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis)
{
    const ScopePlan& scope = document.dump.scopes.at(scopeIndex);
    ojson out;
    out["critical_op"] = diagnosis.criticalOp ? ojson(*diagnosis.criticalOp) : ojson(nullptr);
    out["required_bytes"] = diagnosis.requiredBytes;
    out["capacity_bytes"] = diagnosis.capacityBytes;
    out["short_bytes"] = diagnosis.shortBytes;
    out["short_percent"] = 100.0 * shareOf(diagnosis.shortBytes, diagnosis.capacityBytes);
    out["headroom_bytes"] = diagnosis.headroomBytes();
    out["cause"] = overflowCauseKey(diagnosis.cause);
    out["live_bytes"] = diagnosis.liveBytes;
    out["hole_bytes"] = diagnosis.holeBytes;
    out["multi_buffer_bytes"] = diagnosis.multiBufferBytes;
    out["tmp_bytes"] = diagnosis.tmpBytes;
    ojson bySource = ojson::array();
    for (const SourceShare& share : diagnosis.bySource)
        bySource.push_back(sourceShareJson(scope, share, diagnosis.requiredBytes));
    out["by_source"] = std::move(bySource);
    ojson dimensions = ojson::array();
    for (const DimensionShare& dim : diagnosis.dimensions)
        dimensions.push_back({{"dim", dim.value}, {"bytes", dim.bytes}});
    out["dimensions"] = std::move(dimensions);
    ojson levers = ojson::array();
    for (const Lever& lever : diagnosis.levers)
        levers.push_back(leverJson(lever));
    out["levers"] = std::move(levers);
    out["predicted_because"] = diagnosis.predictedBecause.empty() ? ojson(nullptr) : ojson(diagnosis.predictedBecause);
    const FitMap map = buildFitMap(document, scopeIndex, diagnosis);
    if (const std::optional<LargestFitting> found = largestFittingOf(diagnosis, map)) {
        const LargestFitting& largest = *found;
        out["largest_fitting"] = {{"dim", largest.dimension},
            {"value", largest.value ? ojson(*largest.value) : ojson(nullptr)},
            {"predicted_required_bytes", largest.predictedRequiredBytes}, {"constexpr", constexprJson(largest.name)},
            {"how", planMethodName(largest.how)}, {"python", pythonLineJson(largest.name.python)},
            {"searched_to", largest.searchedTo > 0 ? ojson(largest.searchedTo) : ojson(nullptr)},
            {"search_ended", largest.searchEnded()}};
    } else {
        out["largest_fitting"] = nullptr;
    }
    out["fit_map"] = map.empty() ? ojson(nullptr) : fitMapJson(map);
    return out;
}

ojson diagnosisJson(const PlanDocument& document, std::size_t scopeIndex)
{
    return diagnosisJson(document, scopeIndex, diagnoseScope(document, scopeIndex));
}

} // namespace memlens
