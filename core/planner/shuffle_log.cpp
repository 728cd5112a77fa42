#include "core/planner/shuffle_log.hpp"

#include <algorithm>

namespace memlens::planner {

std::vector<std::size_t> ShuffleLog::order(std::size_t size, bool shuffle, std::mt19937& random)
{
    std::vector<std::size_t> positions(size);
    for (std::size_t i = 0; i < size; ++i)
        positions[i] = i;
    // The permutation std::shuffle makes depends on the length and the engine only, so
    // shuffling positions orders the values as shuffling them would.
    if (shuffle)
        std::shuffle(positions.begin(), positions.end(), random);
    return positions;
}

std::vector<std::size_t> ShuffleLog::draw(std::size_t size) { return order(size, shuffle_, random_); }

std::size_t ShuffleLog::keptCandidates() const
{
    std::size_t kept = 0;
    for (const ShuffleSite& site : sites_)
        kept += site.candidates.size();
    return kept;
}

ShuffleSite::Candidates ShuffleLog::adding(std::vector<std::vector<const Value*>>& candidates)
{
    ShuffleSite::Candidates result;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (!candidates[i].empty())
            result.emplace_back(i, std::move(candidates[i]));
    return result;
}

void ShuffleLog::replay(unsigned seed, std::vector<GenKill>& genKill) const
{
    std::mt19937 random(seed);
    std::vector<unsigned> seen;
    std::vector<std::size_t> slot; // a live value's position -> 1 + its entry in the site's candidates
    unsigned stamp = 0;
    for (const ShuffleSite& site : sites_) {
        const std::vector<std::size_t> positions = order(site.size, shuffle_, random);
        if (site.candidates.empty())
            continue;
        ++stamp;
        if (slot.size() < site.size)
            slot.resize(site.size, 0);
        for (std::size_t k = 0; k < site.candidates.size(); ++k)
            slot[site.candidates[k].first] = k + 1;
        std::vector<const Value*>& list = site.gens ? genKill[site.index].gen : genKill[site.index].kill;
        std::size_t at = site.listStart;
        for (const std::size_t i : positions) {
            if (slot[i] == 0)
                continue;
            for (const Value* buffer : site.candidates[slot[i] - 1].second) {
                const auto id = static_cast<std::size_t>(buffer->id);
                if (id >= seen.size())
                    seen.resize(id + 1, 0);
                if (seen[id] == stamp)
                    continue;
                seen[id] = stamp;
                list[at++] = buffer;
            }
        }
        for (const auto& entry : site.candidates)
            slot[entry.first] = 0;
    }
}

} // namespace memlens::planner
