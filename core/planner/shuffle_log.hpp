#pragma once
// The compiler shuffles the live values at every kill test and loop entry, with one engine
// seeded per attempt. Which buffers an op writes first or reads last does not depend on
// the seed, only the order the shuffled values give them in the gen or kill list. The walk
// records each shuffle here (a site); replay() reorders those lists for another seed
// without walking again.
#include "core/planner/buffer_lives.hpp"

#include <cstddef>
#include <random>
#include <utility>
#include <vector>

namespace memlens::planner {

// One shuffle of live values at sequence index `index`: what each of them adds to the gen
// (or kill) list there when it comes first, and where in that list the additions sit.
struct ShuffleSite {
    using Candidates = std::vector<std::pair<std::size_t, std::vector<const Value*>>>;
    int index = 0;
    bool gens = false;
    std::size_t size = 0; // live values shuffled
    // What the live values that add any add, by their position among the live values
    // (only those: thousands of live values at thousands of sites add nothing mostly).
    Candidates candidates;
    std::size_t listStart = 0;
    std::size_t produced = 0;
};

class ShuffleLog {
public:
    // shuffle false: live values in their own order (compilers before the seeded retries).
    ShuffleLog(bool shuffle, unsigned seed)
        : shuffle_(shuffle)
        , random_(seed)
    {
    }

    // The next shuffle of `size` live values, as positions.
    std::vector<std::size_t> draw(std::size_t size);
    void record(ShuffleSite site) { sites_.push_back(std::move(site)); }
    // The gen and kill lists of the walk that recorded this, as `seed` orders them.
    void replay(unsigned seed, std::vector<GenKill>& genKill) const;

    std::size_t draws() const { return sites_.size(); }
    // How many live values' additions the sites keep (only those that add any).
    std::size_t keptCandidates() const;
    // The non-empty entries of `candidates` (moved out), by position.
    static ShuffleSite::Candidates adding(std::vector<std::vector<const Value*>>& candidates);

private:
    static std::vector<std::size_t> order(std::size_t size, bool shuffle, std::mt19937& random);

    bool shuffle_;
    std::mt19937 random_;
    std::vector<ShuffleSite> sites_;
};

} // namespace memlens::planner
