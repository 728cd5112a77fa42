#pragma once
// Indexes derived from one scope of a document, built once, on first use, and
// then shared by every view and by the document's copies (a capacity edit
// changes neither): which block lies at a data point (BlockHitIndex) and which
// blocks each source line allocates (BlockLineIndex). Views ask; none builds its own.
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>

namespace memlens {

class BlockHitIndex;
class BlockLineIndex;
struct PlanDocument;

class ScopeIndexes {
public:
    // Safe from any thread: a second caller waits for the first one's build.
    std::shared_ptr<const BlockHitIndex> hitIndex(const PlanDocument& document, std::size_t scope);
    std::shared_ptr<const BlockLineIndex> lineIndex(const PlanDocument& document, std::size_t scope);
    // The hit index when it is built already (the load builds every scope's), else null: never
    // builds nor waits for a build under way.
    std::shared_ptr<const BlockHitIndex> builtHitIndex(std::size_t scope) const;

private:
    mutable std::mutex hitMutex_; // held for a build: builtHitIndex only tries it
    std::map<std::size_t, std::shared_ptr<const BlockHitIndex>> hit_;
    std::mutex lineMutex_;
    std::map<std::size_t, std::shared_ptr<const BlockLineIndex>> line_;
};

} // namespace memlens
