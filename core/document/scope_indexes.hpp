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

private:
    std::mutex hitMutex_;
    std::map<std::size_t, std::shared_ptr<const BlockHitIndex>> hit_;
    std::mutex lineMutex_;
    std::map<std::size_t, std::shared_ptr<const BlockLineIndex>> line_;
};

} // namespace memlens
