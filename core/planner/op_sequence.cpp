#include "core/planner/op_sequence.hpp"

namespace memlens::planner {

namespace {

class Linearizer {
public:
    std::vector<SequenceEntry> entries;

    void add(const Op& op, EntryKind kind)
    {
        SequenceEntry entry;
        entry.index = static_cast<int>(entries.size());
        entry.kind = kind;
        entry.op = &op;
        entry.opName = op.name;
        entry.line = op.line;
        entries.push_back(entry);
    }

    void walkRegion(const Region& region)
    {
        for (const auto& block : region.blocks)
            for (const auto& op : block->ops)
                walkOp(*op);
    }

    void walkOp(const Op& op)
    {
        if (op.name == "scf.if") {
            add(op, EntryKind::Begin);
            if (!op.regions.empty())
                walkRegion(*op.regions[0]);
            add(op, EntryKind::Else);
            if (op.regions.size() > 1 && !op.regions[1]->blocks.empty()) {
                walkRegion(*op.regions[1]);
                add(op, EntryKind::End);
            }
            return;
        }
        if (op.name == "scf.for" || op.name == "scf.while" || op.name == "scope.scope") {
            add(op, EntryKind::Begin);
            for (const auto& region : op.regions)
                walkRegion(*region);
            add(op, EntryKind::End);
            return;
        }
        add(op, EntryKind::Op);
        for (const auto& region : op.regions)
            walkRegion(*region);
    }
};

} // namespace

std::vector<SequenceEntry> linearizeRegions(const Op& op)
{
    Linearizer linearizer;
    for (const auto& region : op.regions)
        linearizer.walkRegion(*region);
    return std::move(linearizer.entries);
}

std::vector<SequenceEntry> linearize(const Function& function)
{
    if (!function.op)
        return {};
    return linearizeRegions(*function.op);
}

} // namespace memlens::planner
