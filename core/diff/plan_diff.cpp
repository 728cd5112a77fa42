#include "core/diff/plan_diff.hpp"

#include "core/document/plan_document.hpp"
#include "core/text/byte_size.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <tuple>

namespace memlens {

const char* bufferMatchKey(BufferMatch match)
{
    switch (match) {
    case BufferMatch::PythonLocation: return "python";
    case BufferMatch::SsaName: return "ssa";
    case BufferMatch::Order: return "order";
    }
    return "order";
}

const char* bufferChangeKey(BufferChange change)
{
    switch (change) {
    case BufferChange::Same: return "same";
    case BufferChange::Grown: return "grown";
    case BufferChange::Shrunk: return "shrunk";
    case BufferChange::Moved: return "moved";
    case BufferChange::Added: return "added";
    case BufferChange::Removed: return "removed";
    }
    return "same";
}

int ScopeDiff::count(BufferChange change) const
{
    int n = 0;
    for (const BufferPair& pair : pairs)
        n += pair.change == change ? 1 : 0;
    return n;
}

int ScopeDiff::pairOfA(int bufferIndex) const
{
    for (std::size_t i = 0; i < pairs.size(); ++i)
        if (bufferIndex >= 0 && pairs[i].a == bufferIndex)
            return static_cast<int>(i);
    return -1;
}

int ScopeDiff::pairOfB(int bufferIndex) const
{
    for (std::size_t i = 0; i < pairs.size(); ++i)
        if (bufferIndex >= 0 && pairs[i].b == bufferIndex)
            return static_cast<int>(i);
    return -1;
}

const ScopeDiff* PlanDiff::findScope(const std::string& scope) const
{
    for (const ScopeDiff& diff : scopes)
        if (diff.scope == scope)
            return &diff;
    return nullptr;
}

BufferChange changeOf(const Buffer& a, const Buffer& b)
{
    const std::uint64_t bytesA = a.sizeBytes * a.offsets.size();
    const std::uint64_t bytesB = b.sizeBytes * b.offsets.size();
    if (bytesB > bytesA)
        return BufferChange::Grown;
    if (bytesB < bytesA)
        return BufferChange::Shrunk;
    return a.offsets == b.offsets ? BufferChange::Same : BufferChange::Moved;
}

namespace {

using PythonKey = std::tuple<std::string, int, int, std::string>; // file, line, column, variable
using SsaKey = std::pair<std::string, std::string>;               // SSA name, element type

std::optional<PythonKey> pythonKeyOf(const ScopeSources* sources, std::size_t buffer)
{
    if (!sources || buffer >= sources->size())
        return std::nullopt;
    BlockSource scratch;
    const BlockSource& source = sources->sourceInto(buffer, scratch);
    if (!source.python)
        return std::nullopt;
    const SourceFrame& frame = *source.python;
    return PythonKey(frame.file, frame.line, frame.column, frame.name);
}

SsaKey ssaKeyOf(const Buffer& buffer) { return {buffer.ssaName, buffer.elementType()}; }

} // namespace

std::vector<BufferPair> matchBuffers(
    const ScopePlan& a, const ScopeSources* sourcesA, const ScopePlan& b, const ScopeSources* sourcesB)
{
    const std::size_t countA = a.buffers.size();
    const std::size_t countB = b.buffers.size();
    std::vector<int> partnerOfA(countA, -1);
    std::vector<BufferMatch> howA(countA, BufferMatch::Order);
    std::vector<bool> takenB(countB, false);
    auto pair = [&](std::size_t i, std::size_t j, BufferMatch how) {
        partnerOfA[i] = static_cast<int>(j);
        howA[i] = how;
        takenB[j] = true;
    };

    // 1. The Python place. Several buffers of one place (a reduction's result and
    // its scratch) are told apart by their SSA names, else taken in order. Each
    // list is consumed from its front, so a place shared by many buffers stays linear.
    struct Place {
        std::vector<std::size_t> inOrder;
        std::size_t next = 0;
        std::map<SsaKey, std::pair<std::vector<std::size_t>, std::size_t>> byName; // candidates, next
    };
    std::map<PythonKey, Place> byPlace;
    for (std::size_t j = 0; j < countB; ++j)
        if (auto key = pythonKeyOf(sourcesB, j)) {
            Place& place = byPlace[*key];
            place.inOrder.push_back(j);
            place.byName[ssaKeyOf(b.buffers[j])].first.push_back(j);
        }
    auto firstUntaken = [&](const std::vector<std::size_t>& list, std::size_t& next) -> std::optional<std::size_t> {
        while (next < list.size() && takenB[list[next]])
            ++next;
        return next < list.size() ? std::optional<std::size_t>(list[next]) : std::nullopt;
    };
    for (std::size_t i = 0; i < countA; ++i) {
        const auto key = pythonKeyOf(sourcesA, i);
        const auto it = key ? byPlace.find(*key) : byPlace.end();
        if (it == byPlace.end())
            continue;
        Place& place = it->second;
        std::optional<std::size_t> chosen;
        if (auto named = place.byName.find(ssaKeyOf(a.buffers[i])); named != place.byName.end())
            chosen = firstUntaken(named->second.first, named->second.second);
        if (!chosen)
            chosen = firstUntaken(place.inOrder, place.next);
        if (chosen)
            pair(i, *chosen, BufferMatch::PythonLocation);
    }

    // 2. SSA name and element type.
    std::map<SsaKey, std::pair<std::vector<std::size_t>, std::size_t>> byName;
    for (std::size_t j = 0; j < countB; ++j)
        if (!takenB[j])
            byName[ssaKeyOf(b.buffers[j])].first.push_back(j);
    for (std::size_t i = 0; i < countA; ++i) {
        if (partnerOfA[i] >= 0)
            continue;
        const auto it = byName.find(ssaKeyOf(a.buffers[i]));
        if (it == byName.end())
            continue;
        if (const auto j = firstUntaken(it->second.first, it->second.second))
            pair(i, *j, BufferMatch::SsaName);
    }

    // 3. What is left, in file order.
    std::size_t nextB = 0;
    for (std::size_t i = 0; i < countA; ++i) {
        if (partnerOfA[i] >= 0)
            continue;
        while (nextB < countB && takenB[nextB])
            ++nextB;
        if (nextB == countB)
            break;
        pair(i, nextB, BufferMatch::Order);
    }

    std::vector<BufferPair> pairs;
    pairs.reserve(std::max(countA, countB));
    for (std::size_t i = 0; i < countA; ++i) {
        BufferPair row;
        row.a = static_cast<int>(i);
        if (partnerOfA[i] < 0) {
            row.change = BufferChange::Removed;
        } else {
            const Buffer& bufferA = a.buffers[i];
            const Buffer& bufferB = b.buffers[static_cast<std::size_t>(partnerOfA[i])];
            row.b = partnerOfA[i];
            row.matchedBy = howA[i];
            row.change = changeOf(bufferA, bufferB);
            if (bufferA.sizeBytes > 0)
                row.sizeRatio = static_cast<double>(bufferB.sizeBytes) / static_cast<double>(bufferA.sizeBytes);
        }
        pairs.push_back(row);
    }
    for (std::size_t j = 0; j < countB; ++j)
        if (!takenB[j]) {
            BufferPair row;
            row.b = static_cast<int>(j);
            row.change = BufferChange::Added;
            pairs.push_back(row);
        }
    return pairs;
}

PlanDiff diffPlans(const PlanDocument& a, const PlanDocument& b)
{
    PlanDiff diff;
    auto indexIn = [](const PlanDocument& document, const std::string& scope) {
        for (std::size_t i = 0; i < document.dump.scopes.size(); ++i)
            if (document.dump.scopes[i].scope == scope)
                return static_cast<int>(i);
        return -1;
    };
    auto sourcesOf = [](const PlanDocument& document, int scope) -> const ScopeSources* {
        return scope >= 0 && static_cast<std::size_t>(scope) < document.sources.size()
            ? &document.sources[static_cast<std::size_t>(scope)]
            : nullptr;
    };
    static const ScopePlan kEmpty;
    auto add = [&](const std::string& name, int scopeA, int scopeB) {
        ScopeDiff scope;
        scope.scope = name;
        scope.a = scopeA;
        scope.b = scopeB;
        const ScopePlan& planA = scopeA >= 0 ? a.dump.scopes[static_cast<std::size_t>(scopeA)] : kEmpty;
        const ScopePlan& planB = scopeB >= 0 ? b.dump.scopes[static_cast<std::size_t>(scopeB)] : kEmpty;
        scope.pairs = matchBuffers(planA, sourcesOf(a, scopeA), planB, sourcesOf(b, scopeB));
        diff.scopes.push_back(std::move(scope));
    };
    for (std::size_t i = 0; i < a.dump.scopes.size(); ++i)
        add(a.dump.scopes[i].scope, static_cast<int>(i), indexIn(b, a.dump.scopes[i].scope));
    for (std::size_t j = 0; j < b.dump.scopes.size(); ++j)
        if (indexIn(a, b.dump.scopes[j].scope) < 0)
            add(b.dump.scopes[j].scope, -1, static_cast<int>(j));
    return diff;
}

void shareCapacities(PlanDocument& a, PlanDocument& b)
{
    // CapacitySource is declared strongest first.
    for (std::size_t i = 0; i < a.dump.scopes.size() && i < a.analyses.size(); ++i) {
        for (std::size_t j = 0; j < b.dump.scopes.size() && j < b.analyses.size(); ++j) {
            if (a.dump.scopes[i].scope != b.dump.scopes[j].scope)
                continue;
            const Capacity capA = a.analyses[i].capacity;
            const Capacity capB = b.analyses[j].capacity;
            // The better-sourced one judges both, even where the figures agree: the comparison
            // names one source whichever side is A.
            if (capA.source < capB.source)
                judgeCapacity(b.analyses[j], b.dump.scopes[j], capA);
            else if (capB.source < capA.source)
                judgeCapacity(a.analyses[i], a.dump.scopes[i], capB);
        }
    }
}

namespace {

// "−50%", "+100%" (a true minus sign, as the bar is read, not parsed).
std::string signedPercent(std::uint64_t before, std::uint64_t after)
{
    const double change
        = 100.0 * (static_cast<double>(after) - static_cast<double>(before)) / static_cast<double>(before);
    const long long rounded = std::llround(change);
    if (rounded == 0)
        return after > before ? "+<1%" : "−<1%";
    return (rounded > 0 ? "+" : "\u2212") + std::to_string(std::llabs(rounded)) + "%";
}

std::string describeScope(const ScopeDiff& scope, const PlanDocument& before, const PlanDocument& after)
{
    if (scope.a < 0)
        return "new scope";
    if (scope.b < 0)
        return "scope gone";
    const PlanAnalysis& was = before.analyses[static_cast<std::size_t>(scope.a)];
    const PlanAnalysis& now = after.analyses[static_cast<std::size_t>(scope.b)];
    std::string text;
    if (was.peakAddressBytes == now.peakAddressBytes)
        text = "peak " + formatBytes(now.peakAddressBytes) + " unchanged";
    else {
        text = "peak " + formatBytes(was.peakAddressBytes) + " \u2192 " + formatBytes(now.peakAddressBytes);
        if (was.peakAddressBytes > 0)
            text += " (" + signedPercent(was.peakAddressBytes, now.peakAddressBytes) + ")";
    }
    if (was.overflow && now.overflow)
        text += ", still overflows";
    else if (was.overflow)
        text += ", now fits";
    else if (now.overflow)
        text += ", now overflows";
    else
        text += ", fits";

    std::string buffers;
    const std::pair<BufferChange, const char*> kinds[]
        = {{BufferChange::Grown, "grown"}, {BufferChange::Shrunk, "shrunk"}, {BufferChange::Moved, "moved"},
            {BufferChange::Added, "added"}, {BufferChange::Removed, "removed"}};
    for (const auto& [kind, word] : kinds)
        if (const int n = scope.count(kind); n > 0)
            buffers += (buffers.empty() ? "" : ", ") + std::to_string(n) + " " + word;
    const int total = static_cast<int>(scope.pairs.size());
    text += " \u00b7 "
        + (buffers.empty() ? std::string("no buffer changed") : buffers + " of " + std::to_string(total) + " buffers");
    return text;
}

} // namespace

std::string describePlanChange(const PlanDocument& before, const PlanDocument& after)
{
    const PlanDiff diff = diffPlans(before, after);
    if (diff.scopes.empty())
        return "no memory scope in either version";
    std::string text;
    for (const ScopeDiff& scope : diff.scopes) {
        if (!text.empty())
            text += "; ";
        if (diff.scopes.size() > 1)
            text += scope.scope + ": ";
        text += describeScope(scope, before, after);
    }
    return text;
}

} // namespace memlens
