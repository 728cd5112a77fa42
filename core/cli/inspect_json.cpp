#include "core/cli/inspect_json.hpp"

#include "core/document/planner_check.hpp"

#include "core/analysis/unplanned_scope.hpp"
#include "core/base/run_beside.hpp"
#include "core/diagnosis/diagnosis_json.hpp"
#include "core/diagnosis/scope_diagnoses.hpp"
#include "core/document/kernel_folder.hpp"
#include "core/document/plan_document.hpp"
#include "core/dump/record_folding.hpp"
#include "core/source/frame_json.hpp"

#include <algorithm>
#include <charconv>
#include <ostream>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace memlens {

namespace {

using ojson = nlohmann::ordered_json;

template <typename T> ojson optionalValue(const std::optional<T>& value)
{
    return value ? ojson(*value) : ojson(nullptr);
}

// Storage truth (issue 10): a block's storage; a scope's holes at the peak address and its overlaps.
ojson blockPairKey(const ScopePlan& scope, int blockIndex)
{
    const Block& block = scope.blocks[static_cast<std::size_t>(blockIndex)];
    return ojson::array({scope.bufferOf(block).id, block.copy});
}

ojson fragmentationJson(const PlanAnalysis& analysis)
{
    if (!analysis.fragmentation)
        return nullptr;
    const AddressSnapshot& at = *analysis.fragmentation;
    ojson out;
    out["at"] = at.op;
    out["high_address_bytes"] = at.highAddress;
    out["live_bytes"] = at.liveBytes;
    out["hole_bytes"] = at.holeBytes();
    out["largest_hole"] = at.largestHole ? ojson::array({at.largestHole->start, at.largestHole->end}) : ojson(nullptr);
    return out;
}

ojson overlapsJson(const ScopePlan& scope, const PlanAnalysis& analysis)
{
    ojson out = ojson::array();
    for (const Overlap& overlap : analysis.overlaps)
        out.push_back({{"a", blockPairKey(scope, overlap.a)}, {"b", blockPairKey(scope, overlap.b)},
            {"from_op", overlap.fromOp}, {"to_op", overlap.toOp}, {"bytes", overlap.bytes}});
    return out;
}

// Notes on a scope: its own (not planned, records folded), then those that hold for the whole
// kernel (compiled without line info, a stale dump beside it).
ojson scopeNotes(const PlanDocument& document, std::size_t scopeIndex)
{
    ojson notes = ojson::array();
    if (!document.analyses[scopeIndex].planned)
        notes.push_back(notPlannedText(document.dump.scopes, document.analyses));
    if (const std::size_t folded = document.dump.scopes[scopeIndex].foldedRecords; folded > 0)
        notes.push_back(foldedRecordsNote(folded));
    if (document.lineInfo == LineInfo::Missing)
        notes.push_back(kNoLineInfoNote);
    if (!document.siblingWarning.empty())
        notes.push_back(document.siblingWarning);
    return notes;
}

// The compile log read for the dump, or null (then "log_note" says why one found was not used).
ojson logJson(const PlanDocument& document)
{
    if (!document.log)
        return nullptr;
    const CompileLog& log = *document.log;
    ojson out;
    out["file"] = log.file;
    out["function"] = log.function;
    out["ops"] = log.ops.size();
    out["retries"] = log.retries;
    out["outcome"] = log.outcome ? ojson(*log.outcome) : ojson(nullptr);
    out["note"] = log.note;
    return out;
}

// The planner's op sequence, named, with each op's log line and Python line.
ojson opsJson(const CompileLog& log)
{
    ojson ops = ojson::array();
    for (const LogOp& op : log.ops) {
        ojson entry;
        entry["index"] = op.index;
        entry["op"] = op.name;
        entry["log_line"] = op.logLine;
        entry["python"] = op.python ? ojson{{"file", op.python->file}, {"line", op.python->line}} : ojson(nullptr);
        ops.push_back(std::move(entry));
    }
    return ops;
}

// Where the IR came from (or why there is none) and whether Python lines can be known.
void addIrFacts(ojson& out, const PlanDocument& document)
{
    out["ir_note"] = document.irNote.empty() ? ojson(nullptr) : ojson(document.irNote);
    out["line_info"]
        = document.lineInfo == LineInfo::Unknown ? ojson(nullptr) : ojson(document.lineInfo == LineInfo::Present);
}

// memlens's plan of the planner's IR against this scope of the dump; null without a planner IR.
ojson plannerCheckJson(const PlanDocument& document, const std::string& scopeName)
{
    const PlannerCheck* check = document.plannerCheck.get();
    const ScopePlannerCheck* scope = check ? check->scope(scopeName) : nullptr;
    if (!scope)
        return nullptr;
    ojson out;
    out["ir"] = check->irFile;
    out["function"] = check->function;
    out["reproduces"] = scope->reproduces && check->reproduces();
    out["seed_shuffle"] = check->seedShuffle ? ojson(*check->seedShuffle) : ojson(nullptr);
    out["compiler_generation"]
        = check->generation ? ojson(planner::generationName(*check->generation)) : ojson(nullptr);
    out["buffers"] = scope->buffers;
    if (!scope->problem.empty())
        out["problem"] = scope->problem;
    out["differences"] = ojson::array();
    for (const PlannerDifference& difference : scope->differences)
        out["differences"].push_back({{"name", difference.name}, {"ir_name", difference.irName},
            {"dump_offsets", difference.dumpOffsets}, {"planned_offsets", difference.plannedOffsets},
            {"dump_life", {difference.dumpLifeStart, difference.dumpLifeEnd}},
            {"planned_life", {difference.plannedLifeStart, difference.plannedLifeEnd}}});
    return out;
}

} // namespace

ojson inspectScopeHeadJson(const PlanDocument& document, std::size_t scopeIndex)
{
    const ScopePlan& scope = document.dump.scopes[scopeIndex];
    const PlanAnalysis& analysis = document.analyses[scopeIndex];
    ojson out;
    out["scope"] = scope.scope;
    out["status"] = optionalValue(scope.status);
    out["error"] = scope.error;
    out["capacity_bytes"] = analysis.capacity.bytes;
    out["capacity_source"] = capacitySourceKey(analysis.capacity.source);
    out["capacity_note"] = describeCapacitySource(analysis.capacity);
    out["peak_live_bytes"] = analysis.peakLiveBytes;
    out["peak_live_at"] = optionalValue(analysis.peakLiveAt);
    // A scope not planned has no addresses: its one number is the demand.
    out["peak_address_bytes"] = analysis.planned ? ojson(analysis.peakAddressBytes) : ojson(nullptr);
    out["requires_bits"] = optionalValue(requiredBitsInError(scope.error));
    out["planned"] = analysis.planned;
    if (!analysis.planned)
        out["demand_bytes"] = analysis.peakLiveBytes;
    out["overflow"] = analysis.planned ? ojson(analysis.overflow) : ojson(nullptr);
    out["first_overflow_at"] = optionalValue(analysis.firstOverflowAt);
    out["fragmentation"] = fragmentationJson(analysis);
    out["overlaps"] = overlapsJson(scope, analysis);
    if (analysis.overlapCount > analysis.overlaps.size()) // "overlaps" kept only the first ones
        out["overlap_count"] = analysis.overlapCount;
    out["planner_check"] = plannerCheckJson(document, scope.scope);
    if (!document.plannerCheck)
        out["planner_note"] = document.plannerNote;
    return out;
}

// A scope's keys after "blocks".
ojson inspectScopeTailJson(const PlanDocument& document, std::size_t scopeIndex, const ScopeDiagnoses* diagnoses)
{
    ojson out;
    if (!document.analyses[scopeIndex].planned)
        out["diagnosis"] = nullptr;
    else if (diagnoses)
        out["diagnosis"] = diagnosisJson(document, scopeIndex, diagnoses->of(scopeIndex));
    else
        out["diagnosis"] = diagnosisJson(document, scopeIndex);
    out["notes"] = scopeNotes(document, scopeIndex);
    return out;
}

ojson inspectFileHeadJson(const PlanDocument& document)
{
    ojson out;
    out["file"] = document.dump.file;
    out["kernel"] = document.dump.kernel;
    const char* core = coreKindName(document.dump.core);
    out["core"] = core ? ojson(core) : ojson(nullptr);
    out["ir_file"] = document.irFile.empty() ? ojson(nullptr) : ojson(document.irFile);
    out["computed_from"] = document.computedFrom ? ojson(*document.computedFrom) : ojson(nullptr);
    out["plan_source"] = planSourceName(document.planSource);
    out["plan_decided"] = planDecided(document);
    if (document.plannedAs)
        out["planned_as"] = document.plannedAs->name();
    addIrFacts(out, document);
    out["log"] = logJson(document);
    if (!document.logNote.empty())
        out["log_note"] = document.logNote;
    if (document.log)
        out["ops"] = opsJson(*document.log);
    return out;
}

namespace {

// Writes JSON text exactly as ojson::dump(2) would write the whole document,
// one value at a time: a value at nesting level L is dumped alone and its
// lines indented by 2L (strings hold no raw newline, so every '\n' starts a line).
class IndentedJsonWriter {
public:
    explicit IndentedJsonWriter(std::ostream& out)
        : out_(out)
    {
    }
    ~IndentedJsonWriter() { flush(); }

    void raw(std::string_view text)
    {
        buffer_ += text;
        if (buffer_.size() >= (1u << 20))
            flush();
    }
    void indent(int level) { buffer_.append(static_cast<std::size_t>(2 * level), ' '); }
    void value(const ojson& json, int level)
    {
        const std::string text = json.dump(2, ' ', false, ojson::error_handler_t::replace);
        std::size_t from = 0;
        for (std::size_t newline; (newline = text.find('\n', from)) != std::string::npos; from = newline + 1) {
            buffer_.append(text, from, newline + 1 - from);
            indent(level);
        }
        buffer_.append(text, from, std::string::npos);
        if (buffer_.size() >= (1u << 20))
            flush();
    }
    // The members of `object` at `level` (each on its own line, a comma after all but the last when `last`).
    void members(const ojson& object, int level, bool last)
    {
        std::size_t i = 0;
        for (const auto& [key, item] : object.items()) {
            indent(level);
            value(ojson(key), level);
            raw(": ");
            value(item, level);
            raw(++i == object.size() && last ? "\n" : ",\n");
        }
    }
    void flush()
    {
        out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
        buffer_.clear();
        ++flushes_;
    }
    // Where the text written so far ends: what is written after it can be written again (repeat()).
    struct Mark {
        std::size_t flushes = 0;
        std::size_t at = 0;
    };
    Mark mark() const { return {flushes_, buffer_.size()}; }
    // Writes again the text written from `from` to `to`, both marks of this writer; false, writing
    // nothing, when part of it was handed to the stream meanwhile.
    bool repeat(Mark from, Mark to)
    {
        if (from.flushes != flushes_ || to.flushes != flushes_)
            return false;
        const std::size_t length = to.at - from.at;
        buffer_.reserve(buffer_.size() + length); // the copy then reads from a buffer that stays put
        buffer_.append(buffer_.data() + from.at, length);
        if (buffer_.size() >= (1u << 20))
            flush();
        return true;
    }

    // Pieces of an object written in place, as dump(2) writes them: a million blocks
    // are not each built as a tree and dumped.
    // A member's line up to its value, appended at once (a million blocks: a dozen members each).
    void key(std::string_view name, int level)
    {
        if (!fitsKeyText(name, level)) {
            indent(level);
            buffer_.append("\"").append(name).append("\": ");
            return;
        }
        char text[kMaxKeyText];
        appendChars(text, keyText(text, name, level));
    }
    template <typename Number> void number(Number value)
    {
        char text[24];
        const auto end = std::to_chars(text, text + sizeof text, value).ptr;
        appendChars(text, end);
    }
    void boolean(bool value) { buffer_ += value ? "true" : "false"; }
    void null() { buffer_ += "null"; }
    void string(const std::string& text)
    {
        // Printable ASCII is written here, a quote or backslash escaped with a backslash
        // (every block's location has quotes); anything else (control characters, UTF-8,
        // invalid bytes replaced) the JSON library writes.
        const bool printable = std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
        if (!printable) {
            buffer_ += ojson(text).dump(-1, ' ', false, ojson::error_handler_t::replace);
            return;
        }
        buffer_.push_back('"');
        for (auto from = text.begin(); from != text.end();) {
            const auto special = std::find_if(from, text.end(), [](char c) { return c == '"' || c == '\\'; });
            buffer_.append(&*from, static_cast<std::size_t>(special - from));
            if (special == text.end())
                break;
            buffer_.push_back('\\');
            buffer_.push_back(*special);
            from = special + 1;
        }
        buffer_.push_back('"');
    }
    void next(bool last) { buffer_ += last ? "\n" : ",\n"; }
    // `"name": value,` on its own line at `level` (a member that is not the object's last).
    template <typename Number> void numberMember(std::string_view name, int level, Number value)
    {
        char digits[24];
        const char* end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        scalarMember(name, level, std::string_view(digits, static_cast<std::size_t>(end - digits)));
    }
    void stringMember(std::string_view name, int level, const std::string& value)
    {
        key(name, level);
        string(value);
        next(false);
    }
    void booleanMember(std::string_view name, int level, bool value)
    {
        scalarMember(name, level, value ? "true" : "false");
    }
    void close(int level)
    {
        indent(level);
        buffer_ += '}';
        if (buffer_.size() >= (1u << 20))
            flush();
    }

private:
    // `"name": text,` (a number or a word) put together on the stack and appended at once.
    void scalarMember(std::string_view name, int level, std::string_view text)
    {
        char line[kMaxKeyText + 32];
        if (!fitsKeyText(name, level) || text.size() + 2 > sizeof line - kMaxKeyText) {
            key(name, level);
            buffer_.append(text);
            next(false);
            return;
        }
        char* end = std::copy(text.begin(), text.end(), keyText(line, name, level));
        *end++ = ',';
        *end++ = '\n';
        appendChars(line, end);
    }

    // By pointer and length: append(first, last) goes through a slower replace().
    void appendChars(const char* first, const char* last)
    {
        buffer_.append(first, static_cast<std::size_t>(last - first));
    }

    // A key line short enough is put together on the stack (every one this file writes).
    static constexpr std::size_t kMaxKeyText = 96;
    static bool fitsKeyText(std::string_view name, int level)
    {
        return static_cast<std::size_t>(2 * level) + name.size() + 4 <= kMaxKeyText;
    }

    // `<indent>"name": ` into `text`, which holds kMaxKeyText; the end of what was written.
    static char* keyText(char* text, std::string_view name, int level)
    {
        const auto spaces = static_cast<std::size_t>(2 * level);
        char* end = std::fill_n(text, spaces, ' ');
        *end++ = '"';
        end = std::copy(name.begin(), name.end(), end); // member names are plain ASCII
        *end++ = '"';
        *end++ = ':';
        *end++ = ' ';
        return end;
    }

    std::ostream& out_;
    std::string buffer_;
    std::size_t flushes_ = 0;
};

// sourceFrameJson(), written in place at `level`.
void writeFrame(IndentedJsonWriter& writer, const SourceFrame& frame, const std::string& localPath, int level)
{
    writer.raw("{\n");
    writer.stringMember("file", level + 1, localPath.empty() ? frame.file : localPath);
    writer.numberMember("line", level + 1, frame.line);
    writer.numberMember("column", level + 1, frame.column);
    writer.key("name", level + 1);
    if (frame.name.empty())
        writer.null();
    else
        writer.string(frame.name);
    writer.next(false);
    writer.key("location_file", level + 1);
    writer.string(frame.file);
    writer.next(true);
    writer.close(level);
}

// A block's members from "location" to its last, which come from its location alone
// (the text and what it links to), written at `inner`.
void writeSourceMembers(IndentedJsonWriter& writer, const std::string& location, const BlockSource* source, int inner)
{
    writer.stringMember("location", inner, location);
    writer.key("ir", inner);
    if (source && source->ir) {
        writer.raw("{\n");
        writer.stringMember("file", inner + 1, source->ir->file);
        writer.key("line", inner + 1);
        writer.number(source->ir->line);
        writer.next(true);
        writer.close(inner);
    } else {
        writer.null();
    }
    writer.next(false);
    writer.key("python", inner);
    if (source && source->python)
        writeFrame(writer, *source->python, source->pythonLocalPath, inner);
    else
        writer.null();
    writer.next(false);
    writer.key("python_frames", inner);
    if (!source || source->pythonFrames.empty()) {
        writer.raw("[]");
    } else {
        writer.raw("[\n");
        for (std::size_t f = 0; f < source->pythonFrames.size(); ++f) {
            const SourceFrame& frame = source->pythonFrames[f];
            writer.indent(inner + 1);
            writeFrame(writer, frame,
                source->python && frame.file == source->python->file ? source->pythonLocalPath : std::string(),
                inner + 1);
            writer.next(f + 1 == source->pythonFrames.size());
        }
        writer.indent(inner);
        writer.raw("]");
    }
    const bool withNote = source && !source->note.empty();
    writer.next(!withNote);
    if (withNote) {
        writer.key("source_note", inner);
        writer.string(source->note);
        writer.next(true);
    }
}

// The text of writeSourceMembers() per distinct (location, source) of one scope's blocks:
// a million blocks mostly repeat a few hundred locations, and their source members are
// two thirds of each block's text. Past kMaxTexts distinct ones the rest are written each time.
class SourceMembersText {
public:
    explicit SourceMembersText(int inner)
        : inner_(inner)
    {
    }

    // The members of block `block` of scope `scopeIndex`.
    void write(IndentedJsonWriter& writer, const PlanDocument& document, std::size_t scopeIndex, const Block& block)
    {
        const std::string& location = document.dump.scopes[scopeIndex].bufferOf(block).location();
        const bool linked = scopeIndex < document.sources.size() && block.bufferIndex >= 0
            && static_cast<std::size_t>(block.bufferIndex) < document.sources[scopeIndex].size();
        const Key key{&location,
            linked ? document.sources[scopeIndex].distinctIndexOf(static_cast<std::size_t>(block.bufferIndex))
                   : kNotLinked};
        auto it = texts_.find(key);
        if (it == texts_.end()) {
            // The copies of a buffer come one after another: the last block's text, still in the
            // writer's buffer, serves them.
            if (lastKey_ == key) {
                const IndentedJsonWriter::Mark from = writer.mark();
                if (writer.repeat(lastFrom_, lastTo_)) {
                    lastFrom_ = from;
                    lastTo_ = writer.mark();
                    return;
                }
            }
            // Made for this block only: a million blocks of distinct locations keep none of them.
            const BlockSource* source = document.sourceInto(scopeIndex, block, scratch_);
            if (texts_.size() >= kMaxTexts) {
                lastKey_ = key;
                lastFrom_ = writer.mark();
                writeSourceMembers(writer, location, source, inner_);
                lastTo_ = writer.mark();
                return;
            }
            std::ostringstream text;
            {
                IndentedJsonWriter part(text);
                writeSourceMembers(part, location, source, inner_);
            }
            it = texts_.emplace(key, std::move(text).str()).first;
        }
        writer.raw(it->second);
    }

private:
    static constexpr std::size_t kMaxTexts = 4096;
    static constexpr std::uint32_t kNotLinked = 0xffffffffu;
    // Equal location texts of a dump are one string (interned while it is read); two copies
    // of one text would only be two keys for the same members. The second half is the
    // distinct source the block's buffer links to.
    using Key = std::pair<const std::string*, std::uint32_t>;
    struct KeyHash {
        std::size_t operator()(const Key& key) const noexcept
        {
            return std::hash<const void*>()(key.first) ^ (std::hash<std::uint32_t>()(key.second) << 1);
        }
    };
    int inner_;
    BlockSource scratch_;
    std::unordered_map<Key, std::string, KeyHash> texts_;
    std::optional<Key> lastKey_; // the last block's members written past the kept texts, where they are
    IndentedJsonWriter::Mark lastFrom_;
    IndentedJsonWriter::Mark lastTo_;
};

// blockJson(), written in place at `level`: the same text, without a tree per block.
void writeBlock(IndentedJsonWriter& writer, const PlanDocument& document, std::size_t scopeIndex,
    std::size_t blockIndex, int level, SourceMembersText& sourceMembers)
{
    const ScopePlan& scope = document.dump.scopes[scopeIndex];
    const PlanAnalysis& analysis = document.analyses[scopeIndex];
    const Block& block = scope.blocks[blockIndex];
    const Buffer& buffer = scope.bufferOf(block);
    const int inner = level + 1;
    writer.raw("{\n");
    writer.numberMember("id", inner, buffer.id);
    writer.stringMember("buffer", inner, buffer.ssaName);
    writer.numberMember("copy", inner, block.copy);
    writer.numberMember("offset", inner, block.offset);
    writer.numberMember("size", inner, block.size);
    writer.numberMember("start", inner, block.start);
    writer.numberMember("end", inner, block.end);
    writer.booleanMember("tmp", inner, block.tmp);
    writer.booleanMember("over_capacity", inner, analysis.isOverCapacity(block));
    writer.numberMember("storage", inner, analysis.storageOf(static_cast<int>(blockIndex)));
    if (document.log) {
        for (const auto& [name, index] : {std::pair{"start_op", block.start}, std::pair{"end_op", block.end}}) {
            writer.key(name, inner);
            if (const LogOp* op = document.log->op(index))
                writer.string(op->name);
            else
                writer.null();
            writer.next(false);
        }
    }
    sourceMembers.write(writer, document, scopeIndex, block);
    writer.close(level);
}

void writeScope(IndentedJsonWriter& writer, const PlanDocument& document, std::size_t scopeIndex, int level,
    std::size_t diagnosisApartFrom)
{
    writer.raw("{\n");
    writer.members(inspectScopeHeadJson(document, scopeIndex), level + 1, false);
    writer.indent(level + 1);
    writer.raw("\"blocks\": ");
    const std::size_t count = document.dump.scopes[scopeIndex].blocks.size();
    ResultBeside<ojson> tail(
        count >= diagnosisApartFrom, [&document, scopeIndex] { return inspectScopeTailJson(document, scopeIndex); });
    if (count == 0) {
        writer.raw("[]");
    } else {
        writer.raw("[\n");
        SourceMembersText sourceMembers(level + 3);
        for (std::size_t b = 0; b < count; ++b) {
            writer.indent(level + 2);
            writeBlock(writer, document, scopeIndex, b, level + 2, sourceMembers);
            writer.raw(b + 1 == count ? "\n" : ",\n");
        }
        writer.indent(level + 1);
        writer.raw("]");
    }
    writer.raw(",\n");
    writer.members(tail.take(), level + 1, true);
    writer.indent(level);
    writer.raw("}");
}

} // namespace

namespace {

// The inspect object of `document` at nesting `level`, from its opening brace to its closing one.
void writeInspectObject(IndentedJsonWriter& writer, const PlanDocument& document,
    const std::optional<std::string>& onlyScope, int level, std::size_t diagnosisApartFrom)
{
    writer.raw("{\n");
    writer.members(inspectFileHeadJson(document), level + 1, false);
    writer.indent(level + 1);
    writer.raw("\"scopes\": ");
    std::vector<std::size_t> shown;
    for (std::size_t i = 0; i < document.dump.scopes.size(); ++i)
        if (!onlyScope || document.dump.scopes[i].scope == *onlyScope)
            shown.push_back(i);
    if (shown.empty()) {
        writer.raw("[]");
    } else {
        writer.raw("[\n");
        for (std::size_t n = 0; n < shown.size(); ++n) {
            writer.indent(level + 2);
            writeScope(writer, document, shown[n], level + 2, diagnosisApartFrom);
            writer.raw(n + 1 == shown.size() ? "\n" : ",\n");
        }
        writer.indent(level + 1);
        writer.raw("]");
    }
    writer.raw("\n");
    writer.indent(level);
    writer.raw("}");
}

} // namespace

void writeInspectJson(std::ostream& out, const PlanDocument& document, const std::optional<std::string>& onlyScope,
    std::size_t diagnosisApartFrom)
{
    IndentedJsonWriter writer(out);
    writeInspectObject(writer, document, onlyScope, 0, diagnosisApartFrom);
    writer.raw("\n");
}

void writeFolderInspectJson(std::ostream& out, const KernelFolder& kernel, const std::optional<std::string>& onlyScope,
    std::size_t diagnosisApartFrom)
{
    IndentedJsonWriter writer(out);
    writer.raw("{\n");
    ojson head;
    head["folder"] = kernel.folder;
    head["kernel"] = kernel.kernel;
    writer.members(head, 1, false);
    writer.indent(1);
    writer.raw("\"dumps\": [\n");
    for (std::size_t n = 0; n < kernel.documents.size(); ++n) {
        writer.indent(2);
        writeInspectObject(writer, kernel.documents[n], onlyScope, 2, diagnosisApartFrom);
        writer.raw(n + 1 == kernel.documents.size() ? "\n" : ",\n");
    }
    writer.indent(1);
    writer.raw("],\n");
    ojson tail;
    tail["notes"] = kernel.notes;
    writer.members(tail, 1, true);
    writer.raw("}\n");
}

} // namespace memlens
