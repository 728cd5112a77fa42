#include "core/document/block_line_index.hpp"

#include "core/document/plan_document.hpp"
#include "core/text/byte_size.hpp"

#include <algorithm>

namespace memlens {

namespace {

const std::vector<int> kNone;

// Blocks are added in ascending order: a block seen again on the same line is the last one.
void addOnce(std::vector<int>& blocks, int block)
{
    if (blocks.empty() || blocks.back() != block)
        blocks.push_back(block);
}

void sortUnique(std::vector<int>& lines)
{
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
}

} // namespace

BlockLineIndex BlockLineIndex::build(const PlanDocument& document, std::size_t scopeIndex)
{
    BlockLineIndex index;
    if (scopeIndex >= document.dump.scopes.size())
        return index;
    const ScopePlan& scope = document.dump.scopes[scopeIndex];
    BlockSource scratch;
    for (std::size_t i = 0; i < scope.blocks.size(); ++i) {
        const BlockSource* source = document.sourceInto(scopeIndex, scope.blocks[i], scratch);
        if (!source)
            continue;
        const int block = static_cast<int>(i);
        for (int line : source->irLines)
            addOnce(index.byIrLine_[line], block);
        for (const SourceFrame& frame : source->pythonFrames) {
            addOnce(index.byPythonLine_[{frame.file, frame.line}], block);
            index.pythonLinesByFile_[frame.file].push_back(frame.line);
        }
    }
    for (const auto& [line, blocks] : index.byIrLine_)
        index.irLines_.push_back(line);
    sortUnique(index.irLines_);
    for (auto& [file, lines] : index.pythonLinesByFile_)
        sortUnique(lines);
    return index;
}

const std::vector<int>& BlockLineIndex::blocksAtIrLine(int line) const
{
    const auto it = byIrLine_.find(line);
    return it == byIrLine_.end() ? kNone : it->second;
}

const std::vector<int>& BlockLineIndex::blocksAtPythonLine(const std::string& file, int line) const
{
    const auto it = byPythonLine_.find({file, line});
    return it == byPythonLine_.end() ? kNone : it->second;
}

const std::vector<int>& BlockLineIndex::pythonLines(const std::string& file) const
{
    const auto it = pythonLinesByFile_.find(file);
    return it == pythonLinesByFile_.end() ? kNone : it->second;
}

std::string describeLineAllocation(const ScopePlan& scope, const std::vector<int>& blocks, int line)
{
    std::string text = "line " + std::to_string(line) + " allocates ";
    std::vector<int> buffers;
    std::uint64_t bytes = 0;
    for (int block : blocks) {
        if (block < 0 || static_cast<std::size_t>(block) >= scope.blocks.size())
            continue;
        const Block& b = scope.blocks[static_cast<std::size_t>(block)];
        bytes += b.size;
        if (std::find(buffers.begin(), buffers.end(), b.bufferIndex) == buffers.end())
            buffers.push_back(b.bufferIndex);
    }
    if (buffers.empty())
        return text + "nothing";
    for (std::size_t i = 0; i < buffers.size(); ++i)
        text += (i ? ", " : "") + scope.buffers[static_cast<std::size_t>(buffers[i])].ssaName;
    return text + ": " + formatBytes(bytes);
}

} // namespace memlens
