#include "core/diagnosis/diagnosis_text.hpp"

#include "core/analysis/capacity.hpp"
#include "core/compile_log/compile_log.hpp"
#include "core/diagnosis/fit_frontier.hpp"
#include "core/diagnosis/fit_map_text.hpp"
#include "core/dump/buffer_fields.hpp"
#include "core/text/byte_size.hpp"
#include "core/text/markdown_text.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace memlens {

const char* const kMultiBufferingOffSentence
    = "The compile log says the compiler's retry switched multi-buffering off: this dump is the plan without "
      "double buffering, so single buffering is no lever.";

const char* const kPredictionMethod
    = "Predictions scale every buffer whose memref shape holds the dimension (one occurrence of it) and keep the "
      "others; "
      "each block stays above the blocks it sat above in the dump whose Life it shares, on top of the highest of them, "
      "aligned as the dump is, and holes the planner left are kept. The compiler plans again and may place buffers "
      "differently.";

const char* const kReplanMethod
    = "Re-planned: memlens's planner plans the planner's IR again for each change (the memref shapes holding the "
      "dimension rewritten, or the multi-buffer marks removed), with the rules that reproduce this dump. Only the "
      "memory plan is recomputed: the compiler's tiling may change too.";

bool everyAnswerReplanned(const Diagnosis& d)
{
    bool predicted = d.largestFitting && d.largestFitting->how != PlanMethod::Replanned;
    for (const Lever& lever : d.levers)
        predicted = predicted || lever.how != PlanMethod::Replanned;
    return !predicted && (!d.levers.empty() || d.largestFitting);
}

const char* methodText(const Diagnosis& d) { return everyAnswerReplanned(d) ? kReplanMethod : kPredictionMethod; }

namespace {

// "321 KB (328736 B)"
std::string bytesText(std::uint64_t bytes)
{
    return bytes < 1024 ? formatBytes(bytes) : formatBytes(bytes) + " (" + std::to_string(bytes) + " B)";
}

std::string joined(const std::vector<std::string>& items)
{
    std::string text;
    for (const std::string& item : items)
        text += (text.empty() ? "" : ", ") + item;
    return text;
}

std::string bytesOrDash(std::uint64_t bytes) { return bytes == 0 ? "-" : formatBytes(bytes); }

// Columns padded to their widest cell; numeric columns (flag true) right-aligned.
std::string textTable(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& rightAligned)
{
    std::vector<std::size_t> widths(rightAligned.size(), 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
    std::string text;
    for (const auto& row : rows) {
        std::string line = "  ";
        for (std::size_t c = 0; c < row.size(); ++c) {
            const std::string pad(widths[c] - row[c].size(), ' ');
            line += rightAligned[c] ? pad + row[c] : row[c] + (c + 1 < row.size() ? pad : "");
            if (c + 1 < row.size())
                line += "  ";
        }
        text += line + "\n";
    }
    return text;
}

// Words wrapped at `width` columns, each line ending in a newline.
std::string wrapped(const std::string& text, std::size_t width)
{
    std::istringstream words(text);
    std::string out, line;
    for (std::string word; words >> word;) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    return line.empty() ? out : out + line + "\n";
}

std::string shareText(std::uint64_t bytes, std::uint64_t required) { return formatPercent(bytes, required); }

} // namespace

std::string dimensionLabel(std::int64_t value, const TileName& name)
{
    if (name.empty())
        return "dimension " + std::to_string(value);
    if (name.written.size() > 1)
        return std::to_string(value) + " (" + name.text() + ")";
    return name.text() + " " + std::to_string(value);
}

std::string largestFittingSentence(const Diagnosis& d) { return largestFittingSentence(d.largestFitting); }

std::string largestFittingSentence(const std::optional<LargestFitting>& found)
{
    if (!found)
        return "No tile dimension explains the bytes live at the critical op.";
    const LargestFitting& largest = *found;
    const bool named = largest.name.written.size() == 1;
    const std::string dim = std::to_string(largest.dimension);
    const std::string what = named ? largest.name.text() + " (today " + dim + ")"
                                   : "power of two for " + dimensionLabel(largest.dimension, largest.name);
    if (!largest.value) {
        const std::int64_t from
            = largest.searchedFrom > 0 ? largest.searchedFrom : std::max<std::int64_t>(1, largest.dimension / 16);
        const std::int64_t to = largest.searchedTo > 0 ? largest.searchedTo : largest.dimension * 8;
        return "No " + std::string(named ? largest.name.text() : "power of two") + " from " + std::to_string(from)
            + " to " + std::to_string(to) + " for " + dimensionLabel(largest.dimension, largest.name)
            + " fits (at the smallest the plan needs " + bytesText(largest.predictedRequiredBytes) + ").";
    }
    // The search's last value fits: larger ones were not tried, so it is a lower bound.
    std::string value = std::to_string(*largest.value);
    if (largest.searchEnded())
        value = "at least " + value + " (searched up to "
            + std::to_string(largest.searchedTo / std::max<std::int64_t>(1, largest.dimension)) + "x)";
    return "Largest " + what + " that fits: " + value + ", where the plan needs "
        + bytesText(largest.predictedRequiredBytes) + (largest.how == PlanMethod::Replanned ? " (re-planned)." : ".");
}

std::string shareBytesText(const SourceShare& share)
{
    if (share.bytes == 0 && share.inPlaceBytes > 0)
        return "in place (" + formatBytes(share.inPlaceBytes) + ")";
    return formatBytes(share.bytes);
}

namespace {

// ":62 and :68", ":62, :68 and :70".
std::string reusersText(const InPlaceReuse& reuse)
{
    std::string by;
    for (std::size_t i = 0; i < reuse.by.size(); ++i)
        by += (i == 0 ? "" : i + 1 == reuse.by.size() ? " and " : ", ") + reuse.by[i];
    return by;
}

// The share's buffers, then each one other lines reuse in place; `name` writes a buffer's name.
template <typename Name, typename Text> std::string buffersWithReuses(const SourceShare& share, Name name, Text text)
{
    std::string out = name(joined(share.buffers));
    for (const InPlaceReuse& reuse : share.reusedInPlace)
        out += "; " + name(reuse.buffer) + text(" reused in place by " + reusersText(reuse));
    return out;
}

} // namespace

std::string shareBuffersText(const SourceShare& share)
{
    const auto same = [](const std::string& text) { return text; };
    return buffersWithReuses(share, same, same);
}

std::string sourceShareLabel(const SourceShare& share)
{
    if (share.python)
        return std::filesystem::path(share.python->file).filename().string() + ":" + std::to_string(share.python->line);
    if (share.ir)
        return "IR " + std::filesystem::path(share.ir->file).filename().string() + ":" + std::to_string(share.ir->line);
    return joined(share.buffers);
}

std::string leverLabel(const Lever& lever)
{
    if (lever.kind == LeverKind::SingleBuffer)
        return std::string("single buffer (") + leverOption(lever.kind) + ")";
    std::string label = dimensionLabel(lever.dimension, lever.name) + " -> " + std::to_string(lever.to);
    if (lever.name.python)
        label += " (" + lever.name.python->label() + ")";
    return label;
}

std::string leverChoiceLabel(const Lever& lever)
{
    if (!lever.chosen)
        return leverLabel(lever);
    return dimensionLabel(lever.dimension, lever.name) + " -> " + std::to_string(lever.to) + " ("
        + lever.chosen->shortText() + ")";
}

std::string leverDescription(const ScopePlan& scope, const Lever& lever)
{
    // The first few names the lever changes, in block order, and how many more buffers: a
    // tooltip of a million names helps nobody. Buffers are told apart by index (a search per
    // name, then a set of names, kept the window's thread busy on a million-block plan).
    constexpr std::size_t kNamesShown = 12;
    std::vector<std::string> names;
    std::vector<bool> seen(scope.buffers.size(), false);
    std::size_t changed = 0;
    for (const int block : leverBlocks(scope, lever)) {
        const auto buffer = static_cast<std::size_t>(scope.blocks[static_cast<std::size_t>(block)].bufferIndex);
        if (seen[buffer])
            continue;
        seen[buffer] = true;
        ++changed;
        const std::string& name = scope.buffers[buffer].ssaName;
        if (names.size() < kNamesShown && std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(name);
    }
    std::string buffers = names.empty() ? std::string("no buffer") : joined(names);
    if (changed > names.size())
        buffers += " and " + withThousands(changed - names.size()) + " more";
    if (lever.kind == LeverKind::SingleBuffer)
        return "Removes the multi-buffer copies of " + buffers
            + ". Kernel option: multibuffer=False (a triton.Config key; the compiler's "
              "enable-auto-multi-buffer=false).";
    std::string text = "Scales " + buffers + " (every buffer whose shape holds " + std::to_string(lever.dimension)
        + "). Kernel option: ";
    if (lever.name.empty())
        text += "the tile size " + std::to_string(lever.dimension) + " (no constexpr names it)";
    else
        text += "the constexpr " + lever.name.text();
    if (lever.name.python)
        text += " (" + lever.name.python->label() + ")";
    if (lever.chosen)
        text += ". " + lever.chosen->text();
    return text + ".";
}

std::string verdictSentence(const Diagnosis& d)
{
    if (d.undecided)
        return "Not decided: memlens's search for a plan stopped at its limit, so there is no verdict (memlens plan "
               "--budget 0 searches as long as the compiler would).";
    if (d.shortBytes > 0 && d.requiredIsCompilerFigure)
        return "Overflow: the compiler's error says it requires " + bytesText(d.requiredBytes) + ", "
            + formatPercent(d.requiredBytes, d.capacityBytes) + " of capacity, and the capacity is "
            + bytesText(d.capacityBytes) + ": short by " + bytesText(d.shortBytes)
            + ". The addresses shown fit: they are not the plan the compiler failed on.";
    if (d.shortBytes > 0)
        // The share is the title bar's (the peak address against the capacity): one overflow, one figure.
        return "Overflow: the plan needs " + bytesText(d.requiredBytes) + ", "
            + formatPercent(d.requiredBytes, d.capacityBytes) + " of capacity, and the capacity is "
            + bytesText(d.capacityBytes) + ": short by " + bytesText(d.shortBytes) + ".";
    return "Fits: the plan needs " + bytesText(d.requiredBytes) + " of " + bytesText(d.capacityBytes) + ": "
        + bytesText(d.headroomBytes()) + " headroom.";
}

// " (hivm.hir.vreduce <sum>, layer_norm.py:60)" when a compile log names the op, else "".
std::string criticalOpName(const PlanDocument& document, const Diagnosis& d)
{
    const LogOp* op = document.log && d.criticalOp ? document.log->op(*d.criticalOp) : nullptr;
    if (!op)
        return {};
    std::string text = " (" + op->name;
    if (op->python)
        text += ", " + std::filesystem::path(op->python->file).filename().string() + ":"
            + std::to_string(op->python->line);
    return text + ")";
}

std::string adviceSentence(const Diagnosis& d)
{
    switch (d.cause) {
    case OverflowCause::Placement:
        return "What is live at once fits at every op (at most " + bytesText(d.peakLiveBytes)
            + "); the holes between it do not. The placement is the cause: try the kernel option "
              "plan_memory_strategy=\"largest-first\" (the compiler decides in the end).";
    case OverflowCause::Demand:
        return "At op " + std::to_string(d.peakLiveAt.value_or(d.criticalOp.value_or(0))) + " "
            + bytesText(d.peakLiveBytes)
            + " is live at once, more than the capacity holds however it is placed (demand): make tiles smaller "
              "or keep fewer buffers alive at once.";
    case OverflowCause::Fits: break;
    }
    return {};
}

std::string diagnosisText(
    const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& d, const FitMap* fitMap)
{
    const ScopePlan& scope = document.dump.scopes.at(scopeIndex);
    std::ostringstream out;
    out << "Scope " << scope.scope << " (capacity " << describeCapacitySource(document.analyses.at(scopeIndex).capacity)
        << ")\n"
        << verdictSentence(d) << "\n";
    if (!d.criticalOp) {
        out << "The scope has no blocks.\n";
        return out.str();
    }
    out << "\nCritical op " << *d.criticalOp << criticalOpName(document, d)
        << ": the first op at which a live block ends at the peak address.\n";
    if (d.multiBufferingSwitchedOff)
        out << "  " << kMultiBufferingOffSentence << "\n";
    out << "  Live there " << bytesText(d.liveBytes) << ", holes " << bytesText(d.holeBytes) << ".\n";
    out << "  Extra multi-buffer copies " << bytesText(d.multiBufferBytes) << ", temporaries " << bytesText(d.tmpBytes)
        << ".\n";
    if (const std::string advice = adviceSentence(d); !advice.empty())
        out << "  " << advice << "\n";

    out << "\nLive at op " << *d.criticalOp << " by source line, largest first:\n";
    std::vector<std::vector<std::string>> rows = {{"Bytes", "Share", "Copies", "Tmp", "Source", "Name", "Buffers"}};
    for (const SourceShare& share : d.bySource)
        rows.push_back({shareBytesText(share), shareText(share.bytes, d.requiredBytes),
            bytesOrDash(share.multiBufferBytes), bytesOrDash(share.tmpBytes), sourceShareLabel(share),
            share.names.empty() ? "-" : share.nameText(), shareBuffersText(share)});
    out << textTable(rows, {true, true, true, true, false, false, false});
    out << "  (Share: of the " << formatBytes(d.requiredBytes)
        << " required. Copies: in copies beyond the first. Each storage counted once.)\n";

    out << "\nLevers, each alone:\n";
    if (d.levers.empty())
        out << "  none: no multi-buffered buffer and no tile dimension live at the critical op.\n";
    std::vector<std::vector<std::string>> leverRows;
    for (const Lever& lever : d.levers)
        leverRows.push_back({leverLabel(lever), "saves " + formatBytes(lever.savesBytes),
            "-> needs " + bytesText(lever.predictedRequiredBytes), lever.fits ? "fits" : "does not fit",
            planMethodText(lever.how)});
    if (!leverRows.empty())
        out << textTable(leverRows, {false, true, false, false, false});
    if (!d.levers.empty() && !d.predictedBecause.empty()) {
        out << "  (Predicted, not re-planned: " << d.predictedBecause << ".)\n";
        if (!document.plannerCheck)
            // The bundled example's 16384 dump alone predicts 161 KB at 8192; the compile needs 192 KB.
            out << "  For the re-planned answer, keep the planner's IR with the dump: memlens record -- python "
                   "kernel.py\n  (a prediction misses the holes the planner leaves: 161 KB predicted where 192 KB "
                   "was planned, in memlens's own example).\n";
    }
    const FitMap built = fitMap ? FitMap() : buildFitMap(document, scopeIndex, d);
    out << "\n" << largestFittingSentence(largestFittingOf(d, fitMap ? *fitMap : built)) << "\n";
    if (const std::string grid = fitMapText(fitMap ? *fitMap : built); !grid.empty())
        out << "\n" << grid;
    out << "\n" << wrapped(methodText(d), 100);
    return out.str();
}

std::string diagnosisMarkdown(
    const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& d, const FitMap* fitMap)
{
    const ScopePlan& scope = document.dump.scopes.at(scopeIndex);
    std::ostringstream out;
    out << "### " << (d.shortBytes > 0 ? "Why it overflows" : "Headroom") << "\n\n";
    out << verdictSentence(d) << "\n\n";
    if (!d.criticalOp)
        return out.str();
    if (d.multiBufferingSwitchedOff)
        out << "- " << kMultiBufferingOffSentence << "\n";
    out << "- Critical op **" << *d.criticalOp << "**" << markdownText(criticalOpName(document, d))
        << " (the first op at which a live block ends at the peak address): live " << bytesText(d.liveBytes)
        << ", holes " << bytesText(d.holeBytes) << ".\n";
    out << "- Extra multi-buffer copies " << bytesText(d.multiBufferBytes) << "; temporaries " << bytesText(d.tmpBytes)
        << ".\n";
    if (const std::string advice = adviceSentence(d); !advice.empty())
        out << "- " << advice << "\n";
    out << "\n| Source | Name | Buffers | Bytes | Share | Multi-buffer copies | Temporaries "
           "|\n|---|---|---|---|---|---|---|\n";
    for (const SourceShare& share : d.bySource)
        out << "| " << markdownTableCell(markdownText(sourceShareLabel(share))) << " | "
            << markdownTableCell(markdownText(share.nameText())) << " | "
            << markdownTableCell(buffersWithReuses(share, codeSpan, markdownText)) << " | " << shareBytesText(share)
            << " | " << shareText(share.bytes, d.requiredBytes) << " | " << bytesOrDash(share.multiBufferBytes) << " | "
            << bytesOrDash(share.tmpBytes) << " |\n";
    if (!d.levers.empty()) {
        out << "\n| Lever (alone) | Saves at op " << *d.criticalOp << " | Needs | Fits "
            << markdownTableCell(markdownText(scope.scope)) << " | How |\n|---|---|---|---|---|\n";
        for (const Lever& lever : d.levers)
            out << "| " << markdownTableCell(leverLabel(lever)) << " | " << formatBytes(lever.savesBytes) << " | "
                << bytesText(lever.predictedRequiredBytes) << " | " << (lever.fits ? "yes" : "no") << " | "
                << planMethodText(lever.how) << " |\n";
    }
    const FitMap built = fitMap ? FitMap() : buildFitMap(document, scopeIndex, d);
    out << "\n"
        << largestFittingSentence(largestFittingOf(d, fitMap ? *fitMap : built)) << " " << methodText(d) << "\n\n";
    out << fitMapMarkdown(fitMap ? *fitMap : built);
    return out.str();
}

} // namespace memlens
