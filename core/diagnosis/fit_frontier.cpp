#include "core/diagnosis/fit_frontier.hpp"

#include <algorithm>

namespace memlens {

std::optional<LargestFitting> largestFittingOf(const Diagnosis& diagnosis, const FitMap& map)
{
    const FitCell* today = map.today();
    if (map.empty() || map.dims.empty() || !today || today->values.size() != map.dims.size())
        return diagnosis.largestFitting;
    const FitDimension& dim = map.dims.front();
    LargestFitting largest;
    largest.dimension = dim.value;
    largest.name = diagnosis.largestFitting && diagnosis.largestFitting->dimension == dim.value
        ? diagnosis.largestFitting->name
        : dim.name;
    // Today's row: every other dimension and multi-buffering as today, the first one varied.
    const auto onTodaysRow = [today](const FitCell& cell) {
        return cell.multibuffer == today->multibuffer && cell.values.size() == today->values.size()
            && std::equal(cell.values.begin() + 1, cell.values.end(), today->values.begin() + 1);
    };
    const FitCell* best = nullptr;
    const FitCell* smallest = nullptr;
    for (const FitCell& cell : map.cells) {
        if (!onTodaysRow(cell))
            continue;
        if (!smallest || cell.values.front() < smallest->values.front())
            smallest = &cell;
        if (largest.searchedTo < cell.values.front())
            largest.searchedTo = cell.values.front();
        if (cell.fits && cell.decided && (!best || cell.values.front() > best->values.front()))
            best = &cell;
    }
    if (!smallest)
        return diagnosis.largestFitting;
    largest.searchedFrom = smallest->values.front();
    const FitCell& shown = best ? *best : *smallest;
    if (best)
        largest.value = best->values.front();
    largest.predictedRequiredBytes = shown.requiredBytes;
    largest.how = shown.how;
    return largest;
}

} // namespace memlens
