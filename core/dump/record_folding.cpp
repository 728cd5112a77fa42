#include "core/dump/record_folding.hpp"

#include "core/base/text_slots.hpp"

#include <algorithm>
#include <functional>
#include <string_view>
#include <unordered_map>

namespace memlens {

namespace {

bool sameRecord(const Buffer& a, const Buffer& b)
{
    return a.offsets == b.offsets && a.extentBits == b.extentBits && a.lifeStart == b.lifeStart
        && a.lifeEnd == b.lifeEnd && a.allocTime == b.allocTime && a.ssaName == b.ssaName
        && a.bufferText() == b.bufferText();
}

} // namespace

std::size_t foldRepeatedRecords(ScopePlan& scope)
{
    // The compiler repeats a record only for an alloc with more than one copy, so only those are
    // looked at: a plan without multi-buffering costs one pass over its buffers. Names are found
    // in slots over the buffers' own names (a node per name took 0.1 s at 200,000 multi-buffered
    // buffers); the records kept under one name are chained, nearly always one long.
    TextSlots nameSlots;
    std::vector<std::size_t> firstOfName;                     // per distinct name: a kept record
    std::unordered_multimap<std::uint32_t, std::size_t> more; // per distinct name: its other kept records
    std::vector<bool> repeat(scope.buffers.size(), false);
    std::size_t folded = 0;
    const auto nameAt
        = [&](std::uint32_t name) -> std::string_view { return scope.buffers[firstOfName[name]].ssaName; };
    for (std::size_t i = 0; i < scope.buffers.size(); ++i) {
        const Buffer& buffer = scope.buffers[i];
        if (buffer.offsets.size() < 2)
            continue;
        const auto [name, added] = nameSlots.find(buffer.ssaName, firstOfName.size(), nameAt);
        if (added) {
            firstOfName.push_back(i);
            continue;
        }
        const auto [from, to] = more.equal_range(name);
        const bool seen = sameRecord(scope.buffers[firstOfName[name]], buffer)
            || std::any_of(
                from, to, [&](const auto& entry) { return sameRecord(scope.buffers[entry.second], buffer); });
        if (seen) {
            repeat[i] = true;
            ++folded;
        } else {
            more.emplace(name, i);
        }
    }
    if (folded == 0)
        return 0;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < scope.buffers.size(); ++i)
        if (!repeat[i]) {
            if (kept != i)
                scope.buffers[kept] = std::move(scope.buffers[i]);
            ++kept;
        }
    scope.buffers.resize(kept);
    return folded;
}

void renumberBuffers(Dump& dump)
{
    int id = 0;
    for (auto& scope : dump.scopes)
        for (auto& buffer : scope.buffers)
            buffer.id = id++;
}

std::string foldedRecordsNote(std::size_t folded)
{
    return std::to_string(folded) + (folded == 1 ? " record listed a buffer again" : " records listed a buffer again")
        + " (the compiler writes a multi-buffered alloc once per copy, each with every offset): each buffer is "
          "counted once";
}

} // namespace memlens
