// What each op does to the buffer liveness: the op dispatch of the compiler's
// MemLivenessAnalysis (gen at writes, the kill test at reads, aliases of views, branches,
// calls) and its annotation.mark handling (multi-buffer, preload, mem_unique, tightly
// coupled buffers), as a table from op name to handler.
#include "core/planner/buffer_liveness.hpp"

#include "core/planner/buffer_liveness_detail.hpp"
#include "core/planner/buffer_views.hpp"
#include "core/planner/module_facts.hpp"

#include <string_view>
#include <unordered_map>

namespace memlens::planner {

using namespace liveness_detail;

// A view aliases its source first; then the ops the table names, the allocs, loads and
// stores ahead of a destination-style op's outs and the rest after them.
BufferLiveness::OpHandler BufferLiveness::handlerFor(const Op& op)
{
    struct Handler {
        OpHandler handle;
        bool beforeDestinationStyle;
    };
    static const std::unordered_map<std::string_view, Handler> kHandlers = {
        {"memref.alloc", {&BufferLiveness::allocOp, true}},
        {"memref.load", {&BufferLiveness::loadOp, true}},
        {"memref.store", {&BufferLiveness::storeOp, true}},
        {"arith.select", {&BufferLiveness::selectOp, false}},
        {"annotation.mark", {&BufferLiveness::markOp, false}},
        {"scf.condition", {&BufferLiveness::conditionOp, false}},
        {"cf.cond_br", {&BufferLiveness::branchOp, false}},
        {"cf.br", {&BufferLiveness::branchOp, false}},
        // Inside a func.func the func dialect's own ops may be printed without it ("call @f(...)").
        {"func.call", {&BufferLiveness::callOp, false}},
        {"call", {&BufferLiveness::callOp, false}},
        {"gpu.launch_func", {&BufferLiveness::callOp, false}},
        {"hivm.hir.debug", {&BufferLiveness::loadOp, false}},
    };
    if (isViewOp(op.name) && !op.results.empty() && !op.operands.empty())
        return &BufferLiveness::viewOp;
    const auto found = kHandlers.find(op.name);
    if (found != kHandlers.end() && found->second.beforeDestinationStyle)
        return found->second.handle;
    if (op.destinationStyle)
        return &BufferLiveness::destinationStyleOp;
    if (found != kHandlers.end())
        return found->second.handle;
    return &BufferLiveness::unknownOp;
}

void BufferLiveness::processOp(int index, const Op& op) { (this->*handlerFor(op))(index, op); }

void BufferLiveness::viewOp(int, const Op& op)
{
    // extract_strided_metadata's base buffer is its only memref result (the rest are indices).
    if (op.name == "memref.extract_strided_metadata") {
        alias(op.results.front(), op.operands.front());
        return;
    }
    for (const Value* result : op.results)
        alias(result, op.operands.front());
}

void BufferLiveness::allocOp(int, const Op& op)
{
    if (op.results.empty())
        return;
    const Value* buffer = op.results.front();
    if (statusAt(buffer) != Status::Untracked)
        return;
    const std::string& space = buffer->memref.addressSpace;
    auto stops = [&](const std::string& why) {
        out_.errors.push_back("line " + std::to_string(op.line) + ": " + buffer->name + why);
    };
    if (buffer->memref.valid && space == "gm") {
        // CheckLocalBufferAllocOp: an alloc the pass meets must be local.
        stops(" is allocated in gm: \"Alloc buffer not at UB space! \" (the compiler's planner stops here)");
        return;
    }
    if (space == "ssbuf" && options_.rules.ssbufLeftAlone) {
        // CheckLocalBufferAllocOp: the A5 pass asserts on an alloc in ssbuf.
        stops(" is allocated in ssbuf: \"Alloc on SSBUFFER is not yet supported!\" (the compiler's planner "
              "stops here)");
        return;
    }
    if (buffer->memref.valid && (space == "ca" || space == "cb" || space == "zero")) {
        // isLocalBuffer: a space neither gm nor UB, L1, L0C or SSBUF stops the pass.
        stops(" is allocated in " + space
            + ": \"Currently only support (UB | L1 | L0C) allocation\" (the compiler's planner stops here)");
        return;
    }
    if (!buffer->memref.valid || !isLocalSpace(space)) {
        out_.notes.push_back(
            "line " + std::to_string(op.line) + ": " + buffer->name + " is not in a local address space; not planned");
        return;
    }
    BufferInfo info;
    info.ignoreInplace = selectInitYields_.count(buffer) > 0;
    info.buffer = buffer;
    info.allocOp = &op;
    info.scope = space;
    const auto bits = buffer->memref.staticBits();
    if (!bits)
        stops(" has no static size (the compiler's planner needs one: \"Failed to obtain op buffer shape size which "
              "should be static.\")");
    if (bits && *bits > kMaxPlannedBits) {
        // No on-chip memory comes near; past this the planner's sums could wrap to "fits".
        stops(" needs " + std::to_string(*bits)
            + " bits, more than any on-chip memory holds (memlens plans at most 2^40)");
        info.constBits = kMaxPlannedBits;
    } else {
        info.constBits = bits.value_or(0);
    }
    out_.infos[buffer] = info;
    out_.bufferOrder.push_back(buffer);
    statusOf(buffer) = Status::Defined;
}

void BufferLiveness::loadOp(int index, const Op& op) { killHandle(index, op); }

void BufferLiveness::storeOp(int index, const Op& op)
{
    if (op.operands.size() >= 2)
        gen(index, {op.operands[1]});
    killHandle(index, op);
}

// Its outs are written, then its temporary buffers (ignore-in-place), then the kill test.
void BufferLiveness::destinationStyleOp(int index, const Op& op)
{
    gen(index, std::vector<const Value*>(op.outs.begin(), op.outs.end()));
    for (const Value* temp : op.temps) {
        const auto info = out_.infos.find(temp);
        if (info != out_.infos.end())
            info->second.ignoreInplace = true;
        if (const Value* alloc = tracebackToAlloc(temp))
            out_.tempBuffers.insert(alloc);
    }
    gen(index, std::vector<const Value*>(op.temps.begin(), op.temps.end()));
    killHandle(index, op);
}

void BufferLiveness::selectOp(int index, const Op& op)
{
    if (op.results.size() == 1 && op.operands.size() >= 3) {
        alias(op.results[0], op.operands[1], true, true);
        alias(op.results[0], op.operands[2], true, true);
    }
    killHandle(index, op);
}

void BufferLiveness::markOp(int index, const Op& op)
{
    if (op.operands.empty() || !op.operands.front()->memref.valid)
        return;
    const Value* alloc = tracebackToAlloc(op.operands.front());
    if (!alloc)
        return;
    const auto multi = op.attributes.find("hivm.multi_buffer");
    if (multi != op.attributes.end() && options_.multiBuffer) {
        const auto count = attributeInteger(multi->second);
        if (count > 64)
            out_.notes.push_back("line " + std::to_string(op.line) + ": " + alloc->name + ": hivm.multi_buffer = "
                + std::to_string(count) + " is more copies than memlens plans; planned with 64");
        if (count > 1)
            out_.multiBuffer[alloc] = static_cast<std::uint32_t>(std::min<std::int64_t>(count, 64));
    }
    if (op.hasAttribute("hivm.preload_local_buffer")) {
        // UpdatePreloadBuffers: the mark or its alloc must sit in a loop.
        if (!enclosingLoop(&op) && !enclosingLoop(alloc->definingOp))
            out_.errors.push_back("line " + std::to_string(op.line) + ": " + alloc->name
                + ": \"preload local buffer must be inside a loop-like op\" (the compiler's planner stops here)");
        insertUnique(preloadBuffers_, alloc);
    }
    // The attribute UpdateMemoryUniqueBufferInfo asks for: HIVMMemoryUniqueAttr's mnemonic.
    if (op.attributes.count("mem_unique"))
        if (const auto info = out_.infos.find(alloc); info != out_.infos.end())
            info->second.memoryUnique = true;
    if (const int id = coupledBufferId(op); id >= 0) {
        // ProcessMarkOpForTightlyCoupledCV (a mark without an id is not one).
        const std::string& space = alloc->memref.addressSpace;
        const std::string& core = function_.coreType;
        out_.coupledIds[alloc] = id;
        // The other core's space (AIC ub, AIV cbuf) goes into skipMemPlan, which only the A5
        // pass reads: A2/A3 plan such a buffer like any other.
        if (options_.rules.skipsOtherSideOfCoupledBuffer
            && ((core == "aic" && space == "ub") || (core == "aiv" && space == "cbuf")))
            out_.skippedCoupled.insert(alloc);
        if ((core == "aiv" && space == "ub") || (core == "aic" && space == "cbuf")) {
            if (const auto info = out_.infos.find(alloc); info != out_.infos.end()) {
                if (options_.tightlyCoupledUnique)
                    info->second.memoryUnique = true;
                info->second.cvMixId = id;
            }
            gen(index, {alloc}); // written by the other core: written here
        }
    }
    if (options_.rules.markKillsEveryLiveValue)
        killHandle(index, op); // OpKillHandle: every live value, shuffled
    else
        killMarkedAlloc(index, op, alloc);
}

// The after region's arguments alias what the condition passes on.
void BufferLiveness::conditionOp(int, const Op& op)
{
    const Op* loop = op.parentOp();
    if (loop && loop->name == "scf.while" && loop->regions.size() == 2 && !loop->regions[1]->blocks.empty()) {
        const auto& after = loop->regions[1]->blocks.front()->arguments;
        for (std::size_t i = 0; i < after.size() && i + 1 < op.operands.size(); ++i)
            alias(after[i], op.operands[i + 1]);
    }
}

// Each successor's arguments alias what the branch passes, under a condition.
void BufferLiveness::branchOp(int, const Op& op)
{
    for (const auto& successor : op.successors) {
        if (!successor.block)
            continue;
        const auto& args = successor.block->arguments;
        for (std::size_t i = 0; i < args.size() && i < successor.operands.size(); ++i)
            alias(args[i], successor.operands[i], true);
    }
}

void BufferLiveness::callOp(int index, const Op& op)
{
    gen(index, std::vector<const Value*>(op.operands.begin(), op.operands.end()));
    killHandle(index, op);
}

void BufferLiveness::unknownOp(int index, const Op& op)
{
    const std::string& name = op.name;
    if (options_.rules.ssbufLeftAlone && name == "hivm.hir.pointer_cast" && touchesSsbufOnly(op))
        return; // isSkippableOp: the scalar buffer is left alone
    if (!isSkippable(name) && touchesLocalBuffer(op)) {
        // The pass knows the memref dialect's alloc, load, store, dim and views, and nothing else
        // of it (none of its ops is destination-style): any other stops it. An op of another
        // dialect is only noted, as memlens cannot tell whether the compiler knows it.
        if (name.rfind("memref.", 0) == 0) {
            out_.errors.push_back("line " + std::to_string(op.line) + ": '" + name
                + "' op error: PlanMemory Fail : Unrecognized type of Operation touches local buffer!");
            return;
        }
        out_.notes.push_back("line " + std::to_string(op.line) + ": " + name
            + " is not an op the planner knows; its local buffer operands are treated as read");
        killHandle(index, op);
    }
}

} // namespace memlens::planner
