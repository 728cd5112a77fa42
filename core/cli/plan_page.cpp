#include "core/cli/plan_page.hpp"

#include "core/analysis/plan_analysis.hpp"
#include "core/cli/inspect_json.hpp"
#include "core/cli/plan_page_template.hpp"
#include "core/diagnosis/scope_diagnoses.hpp"
#include "core/document/kernel_folder.hpp"
#include "core/document/plan_document.hpp"
#include "core/source/file_finder.hpp"
#include "core/source/ir_index.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <map>
#include <numeric>
#include <ostream>
#include <set>
#include <sstream>
#include <unordered_map>
#include <utility>
#include <vector>

namespace memlens {

using ojson = nlohmann::ordered_json;

void appendScriptSafeJson(std::string& out, std::string_view json)
{
    out.reserve(out.size() + json.size());
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (c == '<')
            out += "\\u003c";
        else if (c == '>')
            out += "\\u003e";
        else if (c == '&')
            out += "\\u0026";
        else if (c == '\xe2' && i + 2 < json.size() && json[i + 1] == '\x80'
            && (json[i + 2] == '\xa8' || json[i + 2] == '\xa9')) {
            out += json[i + 2] == '\xa8' ? "\\u2028" : "\\u2029";
            i += 2;
        } else
            out += c;
    }
}

namespace {

// appendScriptSafeJson(out, ojson(text).dump(-1, ' ', false, replace)): the same bytes, written
// straight for printable ASCII (every name and location a real dump holds); anything else (control
// characters, UTF-8, bytes that are not) the JSON library writes.
void appendScriptSafeString(std::string& out, std::string_view text)
{
    if (!std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7f; })) {
        appendScriptSafeJson(out, ojson(std::string(text)).dump(-1, ' ', false, ojson::error_handler_t::replace));
        return;
    }
    out += '"';
    for (auto from = text.begin(); from != text.end();) {
        const auto special = std::find_if(
            from, text.end(), [](char c) { return c == '"' || c == '\\' || c == '<' || c == '>' || c == '&'; });
        // By pointer and length: append(first, last) goes through a slower replace().
        out.append(text.data() + (from - text.begin()), static_cast<std::size_t>(special - from));
        if (special == text.end())
            break;
        switch (*special) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '<': out += "\\u003c"; break;
        case '>': out += "\\u003e"; break;
        default: out += "\\u0026"; break;
        }
        from = special + 1;
    }
    out += '"';
}

template <typename Number> void appendNumber(std::string& out, Number value)
{
    char text[24];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    out.append(text, static_cast<std::size_t>(end - text));
}

// The page's JSON, written piece by piece into `out` (a million blocks never exist as one tree).
class PageJsonWriter {
public:
    explicit PageJsonWriter(std::ostream& out)
        : out_(out)
    {
    }
    ~PageJsonWriter() { flush(); }
    PageJsonWriter(const PageJsonWriter&) = delete;
    PageJsonWriter& operator=(const PageJsonWriter&) = delete;

    // JSON syntax this file writes itself: no text of a dump in it.
    void raw(std::string_view text)
    {
        buffer_ += text;
        flushWhenFull();
    }
    void json(const ojson& value)
    {
        appendScriptSafeJson(buffer_, value.dump(-1, ' ', false, ojson::error_handler_t::replace));
        flushWhenFull();
    }
    // ["a", "b", ...] of text(0) ... text(count - 1), as json() writes an array of those strings, without
    // a tree of them: a page of a million blocks writes a million names.
    template <typename Text> void strings(std::size_t count, Text&& text)
    {
        buffer_ += '[';
        for (std::size_t i = 0; i < count; ++i) {
            if (i > 0)
                buffer_ += ',';
            appendScriptSafeString(buffer_, text(i));
            if ((i & 0xffff) == 0)
                flushWhenFull();
        }
        buffer_ += ']';
        flushWhenFull();
    }
    // JSON text already made script-safe (appendScriptSafeJson), written as it is, a MiB at a time
    // (the sources of a big page are tens of MB: the buffer does not grow to hold them).
    void safeRaw(std::string_view text)
    {
        for (std::size_t from = 0; from < text.size(); from += kPiece)
            raw(text.substr(from, kPiece));
    }
    void key(std::string_view name)
    {
        buffer_ += '"';
        buffer_ += name;
        buffer_ += "\":";
    }
    template <typename Number> void number(Number value)
    {
        char text[24];
        const auto end = std::to_chars(text, text + sizeof text, value).ptr;
        buffer_.append(text, static_cast<std::size_t>(end - text));
    }
    // [value(0), ..., value(count - 1)] of numbers.
    template <typename Value> void numbers(std::size_t count, Value&& value)
    {
        buffer_ += '[';
        for (std::size_t i = 0; i < count; ++i) {
            if (i > 0)
                buffer_ += ',';
            number(value(i));
            if ((i & 0xffff) == 0)
                flushWhenFull();
        }
        buffer_ += ']';
        flushWhenFull();
    }
    // The members of an object, without its braces, after a comma when `comma`.
    void members(const ojson& object, bool comma)
    {
        for (const auto& [name, value] : object.items()) {
            if (comma)
                raw(",");
            comma = true;
            json(ojson(name));
            raw(":");
            json(value);
        }
    }
    void flush()
    {
        out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
        buffer_.clear();
    }

private:
    void flushWhenFull()
    {
        if (buffer_.size() >= (1u << 20))
            flush();
    }
    static constexpr std::size_t kPiece = 1u << 20;
    std::ostream& out_;
    std::string buffer_;
};

const char* verdictKey(const ScopePlan& scope, const PlanAnalysis& analysis)
{
    const bool status = scope.status.has_value();
    switch (verdictOf(scope, analysis)) {
    case PlanVerdict::Fits: return status ? "compiled" : "fits";
    case PlanVerdict::Overflow: return status ? "compile_failed" : "overflow";
    case PlanVerdict::OverflowDespiteSuccess: return "overflow_despite_success";
    case PlanVerdict::FailedWithinCapacity: return "failed_within_capacity";
    case PlanVerdict::NotPlanned: return "not_planned";
    case PlanVerdict::NotDecided: return "not_decided";
    }
    return "unknown";
}

// The blocks of a scope the page holds, in block order: all of them, or the `maxBlocks` that
// matter most (above capacity first, then the largest).
std::vector<std::size_t> keptBlocks(const ScopePlan& scope, const PlanAnalysis& analysis, std::size_t maxBlocks)
{
    std::vector<std::size_t> kept(scope.blocks.size());
    std::iota(kept.begin(), kept.end(), std::size_t{0});
    if (kept.size() <= maxBlocks)
        return kept;
    const auto rank = [&](std::size_t i) {
        const Block& block = scope.blocks[i];
        return std::pair{analysis.isOverCapacity(block), block.size};
    };
    std::nth_element(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(maxBlocks), kept.end(),
        [&](std::size_t a, std::size_t b) { return rank(a) > rank(b); });
    // Back in block order by marking them: a sort of a million indices took a tenth of a second.
    std::vector<char> keep(scope.blocks.size(), 0);
    for (std::size_t n = 0; n < maxBlocks; ++n)
        keep[kept[n]] = 1;
    kept.clear();
    for (std::size_t i = 0; i < keep.size(); ++i)
        if (keep[i])
            kept.push_back(i);
    return kept;
}

// The lines of the files the page shows: only those within kPlanPageContextLines of a line asked for.
class EmbeddedLines {
public:
    explicit EmbeddedLines(const PlanDocument& document)
        : document_(document)
    {
    }
    void need(const std::string& file, int line)
    {
        if (!file.empty() && line > 0)
            wanted_[file].insert(line);
    }
    ojson json()
    {
        ojson out = ojson::object();
        for (const auto& [file, lines] : wanted_) {
            const std::vector<std::string_view> text = linesOf(file);
            if (text.empty())
                continue;
            ojson entry = ojson::object();
            for (const int line : lines)
                for (int n = std::max(1, line - kPlanPageContextLines); n <= line + kPlanPageContextLines; ++n)
                    if (static_cast<std::size_t>(n) <= text.size())
                        entry[std::to_string(n)] = std::string(text[static_cast<std::size_t>(n) - 1].substr(0, 2000));
            out[file] = std::move(entry);
        }
        return out;
    }

private:
    // The file's lines: the document's IR from its index, a Python file the file finder found (as the
    // window's Python pane reads it: size-limited, regular files only); none when it cannot be read.
    std::vector<std::string_view> linesOf(const std::string& file)
    {
        std::vector<std::string_view> lines;
        if (document_.ir && file == document_.irFile) {
            for (int n = 1; n <= document_.ir->lineCount(); ++n)
                lines.push_back(document_.ir->lineText(n));
            return lines;
        }
        ReadResult read = readTextFile(file);
        if (!read.ok())
            return lines;
        const std::string& text = texts_.emplace_back(std::move(read.text));
        std::size_t from = 0;
        while (from < text.size()) {
            std::size_t end = text.find('\n', from);
            if (end == std::string::npos)
                end = text.size();
            std::string_view line(text.data() + from, end - from);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            lines.push_back(line);
            from = end + 1;
        }
        return lines;
    }

    const PlanDocument& document_;
    std::map<std::string, std::set<int>> wanted_;
    std::vector<std::string> texts_;
};

// The distinct sources of a document's blocks: each IR line and Python line once, blocks refer to them.
class PageSources {
public:
    explicit PageSources(const PlanDocument& document)
        : document_(document)
        , lines_(document)
    {
    }

    // The page's index of the source of `buffer` of scope `scopeIndex`.
    std::int64_t indexOf(std::size_t scopeIndex, int bufferIndex)
    {
        const auto buffers = static_cast<std::size_t>(bufferIndex);
        const Key key = linked(scopeIndex, buffers)
            ? Key{&document_.sources[scopeIndex].distinct(), document_.sources[scopeIndex].distinctIndexOf(buffers)}
            : Key{&document_.dump.scopes[scopeIndex].buffers[buffers].location(), ~std::uint64_t{0}};
        const auto found = index_.find(key);
        if (found != index_.end())
            return found->second;
        // Only the buffer that first met it is kept: the entry's text is made from it when the
        // sources are written. Kept as text, 400,000 sources were a string of 126 MB (and the
        // 63 MB it grew from), the most memory a big report held.
        const auto index = static_cast<std::int64_t>(firstMet_.size());
        firstMet_.push_back({scopeIndex, bufferIndex});
        index_.emplace(key, index);
        return index;
    }

    void write(PageJsonWriter& writer)
    {
        writer.raw(",\"sources\":[");
        std::string entries; // script-safe, between commas, written a piece at a time
        for (std::size_t index = 0; index < firstMet_.size(); ++index) {
            if (index > 0)
                entries += ',';
            appendEntry(entries, firstMet_[index].scopeIndex, firstMet_[index].bufferIndex);
            if (entries.size() >= kEntriesPiece) {
                writer.safeRaw(entries);
                entries.clear();
            }
        }
        writer.safeRaw(entries);
        writer.raw("],\"lines\":");
        writer.json(lines_.json());
    }

private:
    static constexpr std::size_t kEntriesPiece = 1u << 20;

    bool linked(std::size_t scopeIndex, std::size_t buffer) const
    {
        return scopeIndex < document_.sources.size() && buffer < document_.sources[scopeIndex].size();
    }

    // An entry as json() writes {"location", "ir", "python", "note"}, without making the tree.
    void appendEntry(std::string& out, std::size_t scopeIndex, int bufferIndex)
    {
        const Buffer& buffer = document_.dump.scopes[scopeIndex].buffers[static_cast<std::size_t>(bufferIndex)];
        const auto buffers = static_cast<std::size_t>(bufferIndex);
        out += "{\"location\":";
        appendScriptSafeString(out, buffer.location());
        out += ",\"ir\":";
        const BlockSource* source
            = linked(scopeIndex, buffers) ? &document_.sources[scopeIndex].sourceInto(buffers, scratch_) : nullptr;
        if (source && source->ir) {
            out += "{\"file\":";
            appendScriptSafeString(out, source->ir->file);
            out += ",\"line\":";
            appendNumber(out, source->ir->line);
            out += '}';
            // Only the IR memlens indexed: a path the dump names is not read just because it is named.
            if (document_.ir && source->ir->file == document_.irFile)
                lines_.need(source->ir->file, source->ir->line);
        } else {
            out += "null";
        }
        out += ",\"python\":";
        if (source && source->python) {
            const SourceFrame& frame = *source->python;
            out += "{\"file\":";
            appendScriptSafeString(out, source->pythonLocalPath.empty() ? frame.file : source->pythonLocalPath);
            out += ",\"line\":";
            appendNumber(out, frame.line);
            out += ",\"column\":";
            appendNumber(out, frame.column);
            out += ",\"name\":";
            if (frame.name.empty())
                out += "null";
            else
                appendScriptSafeString(out, frame.name);
            out += ",\"location_file\":";
            appendScriptSafeString(out, frame.file);
            out += '}';
            if (!source->pythonLocalPath.empty())
                lines_.need(source->pythonLocalPath, frame.line);
        } else {
            out += "null";
        }
        out += ",\"note\":";
        if (source && !source->note.empty())
            appendScriptSafeString(out, source->note);
        else
            out += "null";
        out += '}';
    }

    using Key = std::pair<const void*, std::uint64_t>;
    const PlanDocument& document_;
    EmbeddedLines lines_;
    struct KeyHash {
        std::size_t operator()(const Key& key) const noexcept
        {
            return std::hash<const void*>()(key.first)
                ^ (std::hash<std::uint64_t>()(key.second) * 0x9e3779b97f4a7c15ull);
        }
    };
    // Looked up once per buffer (a million): hashed, not a tree of 400,000 sources. The page's
    // order is the order sources are first met, whatever the index's.
    std::unordered_map<Key, std::int64_t, KeyHash> index_;
    struct FirstMet {
        std::size_t scopeIndex;
        int bufferIndex;
    };
    std::vector<FirstMet> firstMet_; // per source, in the page's order: the buffer that first met it
    BlockSource scratch_;
};

// The op sequence of the compile log: {"index": [...], "op": [...], "python": ["file.py:60" | null]}.
void writeOps(PageJsonWriter& writer, const CompileLog& log)
{
    writer.raw("{\"index\":");
    writer.numbers(log.ops.size(), [&](std::size_t i) { return log.ops[i].index; });
    writer.raw(",\"op\":");
    ojson names = ojson::array();
    ojson python = ojson::array();
    for (const LogOp& op : log.ops) {
        names.push_back(op.name);
        python.push_back(op.python ? ojson(std::filesystem::path(op.python->file).filename().string() + ":"
                             + std::to_string(op.python->line))
                                   : ojson(nullptr));
    }
    writer.json(names);
    writer.raw(",\"python\":");
    writer.json(python);
    writer.raw("}");
}

void writeScope(PageJsonWriter& writer, const PlanDocument& document, std::size_t scopeIndex, PageSources& sources,
    std::size_t maxBlocks, const ScopeDiagnoses* diagnoses)
{
    const ScopePlan& scope = document.dump.scopes[scopeIndex];
    const PlanAnalysis& analysis = document.analyses[scopeIndex];
    writer.raw("{");
    writer.members(inspectScopeHeadJson(document, scopeIndex), false);
    writer.raw(",\"verdict\":");
    writer.json(verdictKey(scope, analysis));
    writer.raw(",\"block_count\":");
    writer.number(scope.blocks.size());

    const std::vector<std::size_t> kept = keptBlocks(scope, analysis, maxBlocks);
    // The buffers of the kept blocks, each once, with its type (each distinct type once).
    std::vector<std::int64_t> pageBuffer(scope.buffers.size(), -1);
    std::vector<int> buffers;
    for (const std::size_t i : kept) {
        const int b = scope.blocks[i].bufferIndex;
        if (pageBuffer[static_cast<std::size_t>(b)] < 0) {
            pageBuffer[static_cast<std::size_t>(b)] = static_cast<std::int64_t>(buffers.size());
            buffers.push_back(b);
        }
    }
    std::unordered_map<std::string, std::size_t> typeIndex; // the page's order is that of first use
    ojson types = ojson::array();
    std::vector<std::size_t> typeOf;
    std::vector<std::int64_t> sourceOf;
    for (const int b : buffers) {
        const Buffer& buffer = scope.buffers[static_cast<std::size_t>(b)];
        const auto [it, added] = typeIndex.emplace(buffer.memrefType(), typeIndex.size());
        if (added)
            types.push_back(buffer.memrefType());
        typeOf.push_back(it->second);
        sourceOf.push_back(sources.indexOf(scopeIndex, b));
    }
    const auto buffer
        = [&](std::size_t n) -> const Buffer& { return scope.buffers[static_cast<std::size_t>(buffers[n])]; };
    writer.raw(",\"types\":");
    writer.json(types);
    writer.raw(",\"buffers\":{\"id\":");
    writer.numbers(buffers.size(), [&](std::size_t n) { return buffer(n).id; });
    writer.raw(",\"name\":");
    writer.strings(buffers.size(), [&](std::size_t n) -> const std::string& { return buffer(n).ssaName; });
    writer.raw(",\"type\":");
    writer.numbers(typeOf.size(), [&](std::size_t n) { return typeOf[n]; });
    writer.raw(",\"source\":");
    writer.numbers(sourceOf.size(), [&](std::size_t n) { return sourceOf[n]; });
    writer.raw("}");

    const auto block = [&](std::size_t n) -> const Block& { return scope.blocks[kept[n]]; };
    writer.raw(",\"blocks\":{\"buffer\":");
    writer.numbers(
        kept.size(), [&](std::size_t n) { return pageBuffer[static_cast<std::size_t>(block(n).bufferIndex)]; });
    writer.raw(",\"copy\":");
    writer.numbers(kept.size(), [&](std::size_t n) { return block(n).copy; });
    writer.raw(",\"offset\":");
    writer.numbers(kept.size(), [&](std::size_t n) { return block(n).offset; });
    writer.raw(",\"size\":");
    writer.numbers(kept.size(), [&](std::size_t n) { return block(n).size; });
    writer.raw(",\"start\":");
    writer.numbers(kept.size(), [&](std::size_t n) { return block(n).start; });
    writer.raw(",\"end\":");
    writer.numbers(kept.size(), [&](std::size_t n) { return block(n).end; });
    writer.raw(",\"flags\":");
    writer.numbers(kept.size(),
        [&](std::size_t n) { return (block(n).tmp ? 1 : 0) | (analysis.isOverCapacity(block(n)) ? 2 : 0); });
    writer.raw(",\"storage\":");
    writer.numbers(kept.size(), [&](std::size_t n) { return analysis.storageOf(static_cast<int>(kept[n])); });
    writer.raw("}");

    const std::vector<UsageStep>& usage = analysis.usage;
    writer.raw(",\"usage\":{\"op\":");
    writer.numbers(usage.size(), [&](std::size_t n) { return usage[n].op; });
    writer.raw(",\"live\":");
    writer.numbers(usage.size(), [&](std::size_t n) { return usage[n].liveBytes; });
    writer.raw(",\"high\":");
    writer.numbers(usage.size(), [&](std::size_t n) { return usage[n].highAddress; });
    writer.raw("}");
    writer.members(inspectScopeTailJson(document, scopeIndex, diagnoses), true);
    writer.raw("}");
}

void writeDocument(
    PageJsonWriter& writer, const PlanDocument& document, std::size_t maxBlocks, const ScopeDiagnoses* diagnoses)
{
    ojson head = inspectFileHeadJson(document);
    head.erase("ops"); // written below, as columns
    writer.raw("{\"head\":");
    writer.json(head);
    writer.raw(",\"ops\":");
    if (document.log && !document.log->ops.empty())
        writeOps(writer, *document.log);
    else
        writer.raw("null");
    writer.raw(",\"scopes\":[");
    PageSources sources(document);
    for (std::size_t s = 0; s < document.dump.scopes.size(); ++s) {
        if (s > 0)
            writer.raw(",");
        writeScope(writer, document, s, sources, maxBlocks, diagnoses);
    }
    writer.raw("]");
    sources.write(writer);
    writer.raw("}");
}

// `diagnoses`, when given, holds each document's (or null).
void writePageJson(std::ostream& out, const std::string& title, const std::vector<const PlanDocument*>& documents,
    const std::vector<std::string>& notes, const ojson& run, std::size_t maxBlocks,
    const std::vector<const ScopeDiagnoses*>& diagnoses = {})
{
    PageJsonWriter writer(out);
    writer.raw("{\"format\":1,\"title\":");
    writer.json(title);
    writer.raw(",\"notes\":");
    writer.json(notes);
    writer.raw(",\"run\":");
    writer.json(run);
    writer.raw(",\"documents\":[");
    for (std::size_t d = 0; d < documents.size(); ++d) {
        if (d > 0)
            writer.raw(",");
        writeDocument(writer, *documents[d], maxBlocks, d < diagnoses.size() ? diagnoses[d] : nullptr);
    }
    writer.raw("]}");
}

} // namespace

void writePlanPage(std::ostream& out, const std::string& title, const std::vector<const PlanDocument*>& documents,
    const std::vector<std::string>& notes, const ojson& run, std::size_t maxBlocks)
{
    out << planPageBeforeData();
    writePageJson(out, title, documents, notes, run, maxBlocks);
    out << planPageAfterData();
}

void writePlanPage(std::ostream& out, const PlanDocument& document, std::size_t maxBlocks)
{
    writePlanPage(out, document.dump.kernel, {&document}, {}, nullptr, maxBlocks);
}

void writePlanPage(
    std::ostream& out, const PlanDocument& document, const ScopeDiagnoses& diagnoses, std::size_t maxBlocks)
{
    out << planPageBeforeData();
    writePageJson(out, document.dump.kernel, {&document}, {}, nullptr, maxBlocks, {&diagnoses});
    out << planPageAfterData();
}

void writePlanPage(std::ostream& out, const KernelFolder& kernel, std::size_t maxBlocks)
{
    writePlanPage(out, kernel, {}, maxBlocks);
}

void writePlanPage(
    std::ostream& out, const KernelFolder& kernel, const FolderDiagnoses& diagnoses, std::size_t maxBlocks)
{
    std::vector<const PlanDocument*> documents;
    std::vector<const ScopeDiagnoses*> shared;
    for (std::size_t d = 0; d < kernel.documents.size(); ++d) {
        documents.push_back(&kernel.documents[d]);
        shared.push_back(d < diagnoses.size() ? diagnoses[d].get() : nullptr);
    }
    out << planPageBeforeData();
    writePageJson(out, kernel.kernel, documents, kernel.notes, nullptr, maxBlocks, shared);
    out << planPageAfterData();
}

std::string planPageJson(const PlanDocument& document, std::size_t maxBlocks)
{
    std::ostringstream out;
    writePageJson(out, document.dump.kernel, {&document}, {}, nullptr, maxBlocks);
    return std::move(out).str();
}

} // namespace memlens
