#pragma once
// What Block Details says of a block, as a plain function of the document (no widget): its name
// and place, Life, size, addresses, every copy's offset, type, how it stands against capacity,
// its location and storage, and the dump's raw strings. The panel shows these; "Copy details"
// puts blockSummaryText() on the clipboard; tests read them here.
#include <QString>
#include <QStringList>

namespace memlens {

struct PlanAnalysis;
struct PlanDocument;
struct ScopePlan;

struct BlockDetailsText {
    QString name;                   // "%alloc_0"
    QString context;                // "ub · block 1 of 3 · #0 in file order" (" · copy 1 of 2" for a copy)
    QString life;                   // "Life [4, 5]"
    QString lifeDetail;             // "alloc at 4, last use at 5 · spans 2 ops" (after the compile log's ops)
    QString size;                   // "131072 B (128 KB)"
    QString address;                // "[131072, 262144)"
    QStringList offsets;            // "0 (copy 1 of 2)", "8192 (copy 2 of 2)"
    QString offsetsTip;             // what the copies cost together ("" for one copy)
    QString type;                   // "65536xf16 (f16, shape 65536)"
    QString typeTip;                // the memref type whole
    QString temp;                   // "no" / "yes: scratch buffer an op needs internally"
    QString overCapacity;           // "by 64 KB: ends at 256 KB, capacity 192 KB ..." / "no: ..."
    bool overCapacityAlarm = false; // the block ends above capacity
    QString location;               // the shortened source location, "none"
    QString storage;                // "storage 1 · ×3 in place, …" and one line per buffer
    QString rawBuffer;              // the dump's `buffer` string
    QString rawLocation;            // the dump's `source_location` string

    QString offsetsLine() const { return offsets.join(QStringLiteral(", ")); }
};

// The texts of block `block` of scope `scopeIndex`; `document` may be null (no compile log, no
// source lines), `analysis` too (no capacity).
BlockDetailsText blockDetailsText(
    const PlanDocument* document, int scopeIndex, const ScopePlan& scope, const PlanAnalysis* analysis, int block);
// "storage 1 · ×3 in place, its bytes counted once" and one line per buffer of the storage with its
// IR and Python lines ("storage 4 (this block alone)"); as HTML with places to break long words
// when `html`; "" without an analysis.
QString blockStorageText(const PlanDocument* document, int scopeIndex, const ScopePlan& scope,
    const PlanAnalysis* analysis, int block, bool html);
// The plain-text summary of a block, one fact a line ("Size: 128 KB ..."), for the clipboard.
QString blockSummaryText(const BlockDetailsText& details, const ScopePlan& scope, const PlanDocument* document);
// What the panel says with no block selected: pick one (`haveScope`) or open a dump.
QString detailsHint(bool haveScope);

} // namespace memlens
