// What each op does to the buffer liveness: the op dispatch of the compiler's
// MemLivenessAnalysis (gen at writes, the kill test at reads, aliases of views, branches,
// calls and loops) and its annotation.mark handling (multi-buffer, preload, mem_unique,
// tightly coupled buffers).
#include "core/planner/buffer_liveness.hpp"

#include "core/planner/buffer_liveness_detail.hpp"
#include "core/planner/module_facts.hpp"

namespace memlens::planner {

using namespace liveness_detail;

void BufferLiveness::processMark(int index, const Op& op)
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
            notes.push_back("line " + std::to_string(op.line) + ": " + alloc->name + ": hivm.multi_buffer = "
                + std::to_string(count) + " is more copies than memlens plans; planned with 64");
        if (count > 1)
            multiBuffer[alloc] = static_cast<std::uint32_t>(std::min<std::int64_t>(count, 64));
    }
    if (op.hasAttribute("hivm.preload_local_buffer")) {
        // UpdatePreloadBuffers: the mark or its alloc must sit in a loop.
        if (!enclosingLoop(&op) && !enclosingLoop(alloc->definingOp))
            errors.push_back("line " + std::to_string(op.line) + ": " + alloc->name
                + ": \"preload local buffer must be inside a loop-like op\" (the compiler's planner stops here)");
        insertUnique(preloadBuffers_, alloc);
    }
    for (const auto& [key, value] : op.attributes) {
        // The attribute UpdateMemoryUniqueBufferInfo asks for: HIVMMemoryUniqueAttr's mnemonic.
        if (key == "mem_unique") {
            const auto info = infos.find(alloc);
            if (info != infos.end())
                info->second.memoryUnique = true;
        }
    }
    if (const int id = coupledBufferId(op); id >= 0) {
        // ProcessMarkOpForTightlyCoupledCV (a mark without an id is not one).
        const std::string& space = alloc->memref.addressSpace;
        const std::string& core = function_.coreType;
        coupledIds[alloc] = id;
        // The other core's space (AIC ub, AIV cbuf) goes into skipMemPlan, which only the A5
        // pass reads: A2/A3 plan such a buffer like any other.
        if (options_.rules.skipsOtherSideOfCoupledBuffer
            && ((core == "aic" && space == "ub") || (core == "aiv" && space == "cbuf")))
            skippedCoupled.insert(alloc);
        if ((core == "aiv" && space == "ub") || (core == "aic" && space == "cbuf")) {
            if (const auto info = infos.find(alloc); info != infos.end()) {
                if (options_.tightlyCoupledUnique)
                    info->second.memoryUnique = true;
                info->second.cvMixId = id;
            }
            gen(index, {alloc}); // written by the other core: written here
        }
    }
    if (options_.rules.markKillsEveryLiveValue) {
        killHandle(index, op); // OpKillHandle: every live value, shuffled
        return;
    }
    // ProcessMarkOp ends with the kill test of the marked alloc alone (UpdateOpKillInfo), after
    // its gen: no shuffle of the live values here, so the seed's sequence is not advanced.
    for (const Value* buffer : killCandidates(op, alloc)) {
        Status& status = statusOf(buffer);
        if (status != Status::Gened)
            continue;
        genKill[index].kill.push_back(buffer);
        genKill[index].touched = true;
        status = Status::Killed;
    }
}

void BufferLiveness::processOp(int index, const Op& op)
{
    const std::string& name = op.name;
    if (isViewOp(name) && !op.results.empty() && !op.operands.empty()) {
        for (const Value* result : op.results)
            alias(result, op.operands.front());
        return;
    }
    if (name == "memref.alloc") {
        if (op.results.empty())
            return;
        const Value* buffer = op.results.front();
        if (statusAt(buffer) != Status::Untracked)
            return;
        if (buffer->memref.valid && buffer->memref.addressSpace == "gm") {
            // CheckLocalBufferAllocOp: an alloc the pass meets must be local.
            errors.push_back("line " + std::to_string(op.line) + ": " + buffer->name
                + " is allocated in gm: \"Alloc buffer not at UB space! \" (the compiler's planner stops here)");
            return;
        }
        const std::string& space = buffer->memref.addressSpace;
        if (space == "ssbuf" && options_.rules.ssbufLeftAlone) {
            // CheckLocalBufferAllocOp: the A5 pass asserts on an alloc in ssbuf.
            errors.push_back("line " + std::to_string(op.line) + ": " + buffer->name
                + " is allocated in ssbuf: \"Alloc on SSBUFFER is not yet supported!\" (the compiler's planner "
                  "stops here)");
            return;
        }
        if (buffer->memref.valid && (space == "ca" || space == "cb" || space == "zero")) {
            // isLocalBuffer: a space neither gm nor UB, L1, L0C or SSBUF stops the pass.
            errors.push_back("line " + std::to_string(op.line) + ": " + buffer->name + " is allocated in "
                + buffer->memref.addressSpace
                + ": \"Currently only support (UB | L1 | L0C) allocation\" (the compiler's planner stops here)");
            return;
        }
        if (!buffer->memref.valid || !isLocalSpace(buffer->memref.addressSpace)) {
            notes.push_back("line " + std::to_string(op.line) + ": " + buffer->name
                + " is not in a local address space; not planned");
            return;
        }
        BufferInfo info;
        info.ignoreInplace = selectInitYields_.count(buffer) > 0;
        info.buffer = buffer;
        info.allocOp = &op;
        info.scope = buffer->memref.addressSpace;
        const auto bits = buffer->memref.staticBits();
        if (!bits) {
            errors.push_back("line " + std::to_string(op.line) + ": " + buffer->name
                + " has no static size (the compiler's planner needs one: \"Failed to obtain op buffer shape size "
                  "which should be static.\")");
        }
        if (bits && *bits > kMaxPlannedBits) {
            // No on-chip memory comes near; past this the planner's sums could wrap to "fits".
            errors.push_back("line " + std::to_string(op.line) + ": " + buffer->name + " needs " + std::to_string(*bits)
                + " bits, more than any on-chip memory holds (memlens plans at most 2^40)");
            info.constBits = kMaxPlannedBits;
        } else {
            info.constBits = bits.value_or(0);
        }
        infos[buffer] = info;
        bufferOrder.push_back(buffer);
        statusOf(buffer) = Status::Defined;
        return;
    }
    if (name == "memref.load") {
        killHandle(index, op);
        return;
    }
    if (name == "memref.store") {
        if (op.operands.size() >= 2)
            gen(index, {op.operands[1]});
        killHandle(index, op);
        return;
    }
    if (op.destinationStyle) {
        gen(index, std::vector<const Value*>(op.outs.begin(), op.outs.end()));
        for (const Value* temp : op.temps) {
            const auto info = infos.find(temp);
            if (info != infos.end())
                info->second.ignoreInplace = true;
            if (const Value* alloc = tracebackToAlloc(temp))
                tempBuffers.insert(alloc);
        }
        gen(index, std::vector<const Value*>(op.temps.begin(), op.temps.end()));
        killHandle(index, op);
        return;
    }
    if (name == "arith.select") {
        if (op.results.size() == 1 && op.operands.size() >= 3) {
            alias(op.results[0], op.operands[1], true, true);
            alias(op.results[0], op.operands[2], true, true);
        }
        killHandle(index, op);
        return;
    }
    if (name == "annotation.mark") {
        processMark(index, op);
        return;
    }
    if (name == "scf.condition") {
        const Op* loop = op.parentOp();
        if (loop && loop->name == "scf.while" && loop->regions.size() == 2 && !loop->regions[1]->blocks.empty()) {
            const auto& after = loop->regions[1]->blocks.front()->arguments;
            for (std::size_t i = 0; i < after.size() && i + 1 < op.operands.size(); ++i)
                alias(after[i], op.operands[i + 1]);
        }
        return;
    }
    if (name == "cf.cond_br" || name == "cf.br") {
        for (const auto& successor : op.successors) {
            if (!successor.block)
                continue;
            const auto& args = successor.block->arguments;
            for (std::size_t i = 0; i < args.size() && i < successor.operands.size(); ++i)
                alias(args[i], successor.operands[i], true);
        }
        return;
    }
    // Inside a func.func the func dialect's own ops may be printed without it ("call @f(...)").
    if (name == "func.call" || name == "call" || name == "gpu.launch_func") {
        gen(index, std::vector<const Value*>(op.operands.begin(), op.operands.end()));
        killHandle(index, op);
        return;
    }
    if (name == "hivm.hir.debug") {
        killHandle(index, op);
        return;
    }
    if (options_.rules.ssbufLeftAlone && name == "hivm.hir.pointer_cast" && touchesSsbufOnly(op))
        return; // isSkippableOp: the scalar buffer is left alone
    if (!isSkippable(name) && touchesLocalBuffer(op)) {
        notes.push_back("line " + std::to_string(op.line) + ": " + name
            + " is not an op the planner knows; its local buffer operands are treated as read");
        killHandle(index, op);
    }
}

} // namespace memlens::planner
