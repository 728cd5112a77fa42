#include "core/source/source_linker.hpp"

#include "core/base/text_util.hpp"
#include "core/source/distinct_sources.hpp"

#include <algorithm>

namespace memlens {

namespace {

void addNote(std::string& note, const std::string& more)
{
    if (more.empty())
        return;
    if (!note.empty())
        note += "; ";
    note += more;
}

} // namespace

SourceLinker::SourceLinker(const IrIndex* index, const FileFinder* finder)
    : index_(index)
    , finder_(finder)
    , resolver_(index ? index->locationAliases() : AliasTable())
{
}

const BlockSource& SourceLinker::link(std::string_view sourceLocation)
{
    if (auto it = cache_.find(sourceLocation); it != cache_.end())
        return it->second;
    BlockSource computed = compute(sourceLocation);
    return cache_.emplace(std::string(sourceLocation), std::move(computed)).first->second;
}

bool SourceLinker::isIndexedIrFile(const std::string& file)
{
    if (!index_ || index_->path().empty())
        return false;
    if (auto it = isIrFile_.find(file); it != isIrFile_.end())
        return it->second;
    const std::string& own = index_->path();
    bool same = file == own || (!fileNameOf(file).empty() && fileNameOf(file) == fileNameOf(own))
        || std::find(irAliases_.begin(), irAliases_.end(), file) != irAliases_.end();
    isIrFile_.emplace(file, same);
    return same;
}

std::string SourceLinker::localPathFor(const std::string& file)
{
    if (!finder_)
        return {};
    if (auto it = localPaths_.find(file); it != localPaths_.end())
        return it->second;
    FindResult r = finder_->find(file);
    std::string local = r.found ? r.found->string() : std::string();
    localPaths_.emplace(file, local);
    return local;
}

BlockSource SourceLinker::compute(std::string_view raw)
{
    BlockSource out;
    std::string_view text = trimmedView(raw);
    if (text.empty()) {
        out.note = "the block has no source location";
        return out;
    }
    const LocationResolver& resolver = resolver_;
    // Most dumps name plain file locations: resolved without building a location tree.
    std::optional<ResolvedLocation> plain = resolver.resolvePlainFileLocation(text);
    if (!plain) {
        LocationParseResult parsed = parseDumpLocation(text);
        if (!parsed.ok()) {
            out.note = "cannot parse the source location: " + parsed.error->message + " (at offset "
                + std::to_string(parsed.error->position) + ")";
            return out;
        }
        plain = resolver.resolve(*parsed.location);
    }
    ResolvedLocation& resolved = *plain;
    addNote(out.note, resolved.problem);
    if (resolved.chain.empty()) {
        addNote(out.note, "the source location names no file");
        return out;
    }

    // Does the location point into IR (the dump of IR compiled without locations)?
    const SourceFrame* irFrame = nullptr;
    bool intoIndexed = false;
    for (const SourceFrame& f : resolved.chain) {
        if (isIndexedIrFile(f.file)) {
            irFrame = &f;
            intoIndexed = true;
            break;
        }
        if (!irFrame && looksLikeIrFile(f.file))
            irFrame = &f;
    }

    if (irFrame && intoIndexed) {
        const int line = irFrame->line;
        if (line < 1 || line > index_->lineCount()) {
            addNote(out.note,
                "IR line " + std::to_string(line) + " is past the end of " + index_->path() + " ("
                    + std::to_string(index_->lineCount()) + " lines)");
            return out;
        }
        out.ir = IrRef{index_->path(), line};
        out.irLines = {line};
        if (const ResolvedLocation* at = index_->locationAt(line)) {
            out.python = at->primary;
            out.pythonFrames = at->userFrames;
            out.chain = at->chain;
            addNote(out.note, at->problem);
            if (!at->primary)
                addNote(out.note, "IR line " + std::to_string(line) + " has no Python frame");
        } else {
            addNote(out.note,
                "IR line " + std::to_string(line) + " carries no source location (IR compiled without locations)");
        }
    } else if (irFrame) {
        std::string local = localPathFor(irFrame->file);
        out.ir = IrRef{local.empty() ? irFrame->file : local, irFrame->line};
        out.irLines = {irFrame->line};
        out.chain = resolved.chain;
        addNote(out.note,
            index_ ? "the location points into " + irFrame->file + ", not the loaded IR " + index_->path()
                   : std::string("no IR file loaded: cannot find the Python line"));
    } else {
        out.python = resolved.primary;
        out.pythonFrames = resolved.userFrames;
        out.chain = std::move(resolved.chain); // not read again
        if (!resolved.primary)
            addNote(out.note, "the location has only Triton library frames");
        if (index_ && resolved.primary) {
            std::vector<int> lines = index_->allocLinesFor(resolved.primary->file, resolved.primary->line);
            for (std::size_t i = 1; lines.empty() && i < resolved.userFrames.size(); ++i)
                lines = index_->allocLinesFor(resolved.userFrames[i].file, resolved.userFrames[i].line);
            if (lines.empty()) {
                lines = index_->linesFor(resolved.primary->file, resolved.primary->line);
                addNote(out.note,
                    lines.empty() ? "no IR op has this Python location"
                                  : "no allocating IR op has this Python location; showing every op that has it");
            }
            out.irLines = lines;
            if (!lines.empty()) {
                // Prefer the op whose location has the same column, too.
                int best = lines.front();
                for (int l : lines) {
                    const ResolvedLocation* at = index_->locationAt(l);
                    bool exact = false;
                    if (at)
                        for (const SourceFrame& f : at->userFrames)
                            exact = exact
                                || (f.line == resolved.primary->line && f.column == resolved.primary->column
                                    && fileNameOf(f.file) == fileNameOf(resolved.primary->file));
                    if (exact) {
                        best = l;
                        break;
                    }
                }
                out.ir = IrRef{index_->path(), best};
            }
        } else if (!index_) {
            addNote(out.note, "no IR file loaded: cannot find the IR line");
        }
    }

    if (out.python && finder_) {
        out.pythonLocalPath = localPathFor(out.python->file);
        if (out.pythonLocalPath.empty())
            addNote(out.note, "Python file " + out.python->file + " not found on this machine");
    }
    return out;
}

std::uint32_t SourceLinker::linkInto(std::string_view sourceLocation, DistinctSources& table)
{
    // With an IR the IR lines depend on the Python line: every location is resolved.
    const std::optional<PlainFileLocation> plain = index_ ? std::nullopt : readPlainFileLocation(sourceLocation);
    if (plain)
        if (const auto it = plainOfFile_.find(plain->file); it != plainOfFile_.end()) {
            resolver_.countPlainFrame();
            return table.addLike(it->second, plain->line, plain->column);
        }
    const std::uint32_t index = table.add(compute(sourceLocation));
    // A record holds one user frame and nothing that depends on its line (no IR, a Python file).
    if (plain && table.isRecord(index))
        plainOfFile_.emplace(std::string(plain->file), index);
    return index;
}

BlockSource linkBlockSource(std::string_view sourceLocation, const IrIndex* index, const FileFinder* finder)
{
    SourceLinker linker(index, finder);
    return linker.link(sourceLocation);
}

} // namespace memlens
