#include "core/source/distinct_sources.hpp"

namespace memlens {

bool DistinctSources::isCompactable(const BlockSource& source)
{
    if (!source.python || source.pythonFrames.size() != 1 || source.chain.size() != 1)
        return false;
    const SourceFrame& frame = *source.python;
    if (!(source.pythonFrames.front() == frame) || !(source.chain.front() == frame))
        return false;
    if (source.ir)
        return source.irLines.size() == 1 && source.irLines.front() == source.ir->line;
    return source.irLines.empty();
}

std::uint32_t DistinctSources::add(BlockSource source)
{
    const std::size_t index = entries_.size();
    if (!isCompactable(source)) {
        entries_.push_back(static_cast<std::uint32_t>(whole_.size() << 1));
        whole_.push_back(std::move(source));
        return static_cast<std::uint32_t>(index);
    }
    const SourceFrame& frame = *source.python;
    // Locations come in file order: a text is most often the previous record's (one
    // comparison instead of a lookup).
    const Compact* previous = compact_.empty() ? nullptr : &compact_.back();
    const auto indexOf = [this, previous](const std::string& text, std::uint32_t Compact::*member) {
        if (previous && texts_[previous->*member] == text)
            return previous->*member;
        return texts_.indexOf(text);
    };
    Compact compact;
    compact.file = indexOf(frame.file, &Compact::file);
    compact.name = indexOf(frame.name, &Compact::name);
    compact.note = indexOf(source.note, &Compact::note);
    compact.localPath = indexOf(source.pythonLocalPath, &Compact::localPath);
    compact.line = frame.line;
    compact.column = frame.column;
    compact.library = frame.library;
    if (source.ir) {
        compact.hasIr = true;
        compact.irFile = previous && previous->hasIr ? indexOf(source.ir->file, &Compact::irFile)
                                                     : texts_.indexOf(source.ir->file);
        compact.irLine = source.ir->line;
    }
    entries_.push_back(compactEntry(compact_.size()));
    compact_.push_back(compact);
    return static_cast<std::uint32_t>(index);
}

std::uint32_t DistinctSources::addLike(std::uint32_t like, int line, int column)
{
    Compact compact = compact_[entries_[like] >> 1];
    compact.line = line;
    compact.column = column;
    const auto index = static_cast<std::uint32_t>(entries_.size());
    entries_.push_back(compactEntry(compact_.size()));
    compact_.push_back(compact);
    return index;
}

void DistinctSources::fill(const Compact& compact, BlockSource& out) const
{
    SourceFrame& frame = out.python.emplace();
    frame.file = texts_[compact.file];
    frame.line = compact.line;
    frame.column = compact.column;
    frame.name = texts_[compact.name];
    frame.library = compact.library;
    out.pythonFrames.resize(1);
    out.pythonFrames.front() = frame;
    out.chain.resize(1);
    out.chain.front() = frame;
    out.pythonLocalPath = texts_[compact.localPath];
    out.note = texts_[compact.note];
    out.irLines.clear();
    if (compact.hasIr) {
        IrRef& ir = out.ir.emplace();
        ir.file = texts_[compact.irFile];
        ir.line = compact.irLine;
        out.irLines.push_back(compact.irLine);
    } else {
        out.ir.reset();
    }
}

const BlockSource& DistinctSources::at(std::uint32_t index) const
{
    const std::uint32_t entry = entries_[index];
    if ((entry & 1u) == 0)
        return whole_[entry >> 1];
    const std::lock_guard lock(builtMutex_);
    const auto [it, added] = built_.try_emplace(index);
    if (added)
        fill(compact_[entry >> 1], it->second);
    return it->second;
}

const BlockSource& DistinctSources::into(std::uint32_t index, BlockSource& scratch) const
{
    const std::uint32_t entry = entries_[index];
    if ((entry & 1u) == 0)
        return whole_[entry >> 1];
    fill(compact_[entry >> 1], scratch);
    return scratch;
}

} // namespace memlens
