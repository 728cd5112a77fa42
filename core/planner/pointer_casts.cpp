#include "core/planner/pointer_casts.hpp"

#include "core/base/chip_table.hpp"
#include "core/planner/buffer_liveness.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <set>

namespace memlens::planner {

namespace {

void emitCasts(const Block& block, const std::map<const Block*, std::vector<const Value*>>& hoisted,
    const std::set<const Value*>& moved, std::vector<const Value*>& out)
{
    const auto found = hoisted.find(&block);
    if (found != hoisted.end())
        out.insert(out.end(), found->second.rbegin(), found->second.rend());
    for (const auto& op : block.ops) {
        if (op->name == "memref.alloc" && !op->results.empty() && !moved.count(op->results[0]))
            out.push_back(op->results[0]);
        for (const auto& region : op->regions)
            for (const auto& nested : region->blocks)
                emitCasts(*nested, hoisted, moved, out);
    }
}

// The region of `loop` that holds `op` (directly or nested).
const Region* regionHolding(const Op& loop, const Op* op)
{
    for (const Op* at = op; at; at = at->parentOp())
        if (at->parentOp() == &loop && at->block)
            return at->block->parent;
    return nullptr;
}

// The bytes a cast operand stands for: an `arith.constant N : i64`, printed %c<N>_i64.
std::optional<std::uint64_t> constantBytes(const Value* operand)
{
    const std::string& name = operand->name;
    if (name.size() < 6 || name.rfind("%c", 0) != 0 || name.substr(name.size() - 4) != "_i64")
        return std::nullopt;
    std::uint64_t bytes = 0;
    const char* first = name.data() + 2;
    const char* last = name.data() + name.size() - 4;
    const auto [end, ec] = std::from_chars(first, last, bytes);
    if (ec != std::errc() || end != last)
        return std::nullopt;
    return bytes;
}

std::string squeezed(std::string text)
{
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    return text;
}

} // namespace

std::vector<const Value*> pointerCastOrder(const Function& function)
{
    std::map<const Block*, std::vector<const Value*>> hoisted;
    std::set<const Value*> moved;
    walkNested(*function.op, [&](const Op& op) {
        if (op.name != "annotation.mark" || !op.hasAttribute("hivm.multi_buffer") || op.operands.empty())
            return;
        // Only a mark on the alloc itself (a pointer_cast after planning) is moved.
        const Value* source = op.operands[0];
        if (!source->definingOp || source->definingOp->name != "memref.alloc" || moved.count(source))
            return;
        for (const Op* loop = source->definingOp->parentOp(); loop; loop = loop->parentOp()) {
            if (loop->name != "scf.for" && loop->name != "scf.while")
                continue;
            const Region* region = regionHolding(*loop, source->definingOp);
            if (region && !region->blocks.empty()) {
                hoisted[region->blocks.front().get()].push_back(source);
                moved.insert(source);
            }
            return;
        }
    });
    std::vector<const Value*> order;
    for (const auto& region : function.op->regions)
        for (const auto& block : region->blocks)
            emitCasts(*block, hoisted, moved, order);
    return order;
}

std::map<const Value*, std::vector<std::uint64_t>> compilerOffsets(
    const Function& planned, const Function& after, std::string& problem)
{
    std::vector<const Op*> casts;
    walkNested(*after.op, [&](const Op& op) {
        if (op.name == "hivm.hir.pointer_cast" && !op.results.empty() && op.results[0]->memref.valid
            && isLocalSpace(op.results[0]->memref.addressSpace))
            casts.push_back(&op);
    });
    std::vector<const Value*> allocs;
    for (const Value* alloc : pointerCastOrder(planned))
        if (alloc->memref.valid && isLocalSpace(alloc->memref.addressSpace))
            allocs.push_back(alloc);
    std::map<const Value*, std::vector<std::uint64_t>> offsets;
    if (casts.size() != allocs.size()) {
        problem = "the IR after the planner has " + std::to_string(casts.size())
            + " pointer casts in on-chip memory for " + std::to_string(allocs.size()) + " allocs before it";
        return {};
    }
    for (std::size_t k = 0; k < casts.size(); ++k) {
        const Op& cast = *casts[k];
        if (squeezed(cast.results[0]->typeText) != squeezed(allocs[k]->typeText)) {
            problem = "pointer cast " + std::to_string(k + 1) + " (line " + std::to_string(cast.line) + ") is "
                + cast.results[0]->typeText + ", its alloc " + allocs[k]->name + " " + allocs[k]->typeText;
            return {};
        }
        std::vector<std::uint64_t> bytes;
        for (const Value* operand : cast.operands) {
            const auto value = constantBytes(operand);
            if (!value) {
                problem = "pointer cast " + std::to_string(k + 1) + " (line " + std::to_string(cast.line)
                    + ") has an offset that is not a constant: " + operand->name;
                return {};
            }
            bytes.push_back(*value);
        }
        offsets[allocs[k]] = std::move(bytes);
    }
    return offsets;
}

} // namespace memlens::planner
