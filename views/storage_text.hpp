#pragma once
// How the views speak of storages (blocks the compiler merged in place): the
// "×3 in place" mark, and every buffer of a block's storage with its own IR and
// Python line — each buffer of an in-place group usually comes from another line.
#include <QString>
#include <QStringList>

#include <cstddef>
#include <vector>

namespace memlens {

struct PlanDocument;
struct PlanAnalysis;
struct ScopePlan;

// "×3 in place"; empty for a storage of one block.
QString inPlaceMark(std::size_t blockCount);

struct StorageMember {
    int block = 0;      // index into ScopePlan::blocks
    QString name;       // "%alloc_3" (" copy 2/2" appended for a multi-buffered buffer)
    QString irLine;     // "kernel.ttadapter:83", empty when unknown
    QString pythonLine; // "layer_norm.py:55 `xf`", empty when unknown
};

// Every block of `block`'s storage, in (id, copy) order. `document` may be null (no source lines then).
std::vector<StorageMember> storageMembers(const PlanDocument* document, std::size_t scopeIndex, const ScopePlan& scope,
    const PlanAnalysis& analysis, int block);

// One line per member: "%x — kernel.ttadapter:12 · kernel.py:13 "x"" (HTML-escaped when `html`;
// with breakable() line breaks in long words when `breaks`, for a label in a narrow dock).
QStringList storageMemberLines(const std::vector<StorageMember>& members, bool html, bool breaks = false);

// The holes line at the peak address, with the verdict "demand" (the live bytes
// alone exceed the capacity at some op) or "placement" (they never do; holes
// push the plan over). Empty for a scope without blocks.
QString holesSummaryText(const PlanAnalysis& analysis);

// "2 overlaps: %a and %b at ops [4, 6], 512 B; ..." listing at most `shown`
// pairs ("and 5 more"); empty when there are none.
QString overlapsWarningText(const ScopePlan& scope, const PlanAnalysis& analysis, std::size_t shown);

} // namespace memlens
