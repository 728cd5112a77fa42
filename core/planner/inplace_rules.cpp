#include "core/planner/inplace_rules.hpp"

#include "core/base/chip_table.hpp"
#include "core/planner/buffer_views.hpp"

#include <algorithm>

namespace memlens::planner {

namespace {

bool nameIn(const std::string& name, std::initializer_list<const char*> names)
{
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
}

std::string shortName(const Op& op)
{
    const std::string prefix = "hivm.hir.";
    return op.name.rfind(prefix, 0) == 0 ? op.name.substr(prefix.size()) : std::string();
}

bool listAttributeSet(const Op& op, const char* key)
{
    const auto found = op.attributes.find(key);
    if (found == op.attributes.end())
        return false;
    return std::any_of(found->second.begin(), found->second.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool isElementwise(const std::string& name)
{
    return nameIn(name,
        {"vadd", "vsub", "vmul", "vdiv", "vmax", "vmin", "vand", "vor", "vxor", "vnot", "vabs", "vexp", "vln", "vrelu",
            "vsqrt", "vrsqrt", "vrec", "vcast", "vsel", "vcmp", "vshl", "vshr", "vneg", "vtanh", "vsin", "vcos", "verf",
            "vpow", "vmod", "vadds", "vmuls", "vexp2", "vlog2", "vlog10", "vlog1p", "vexpm1", "vilogb", "vatan", "vtan",
            "vmulext", "vmulextui", "vmodui", "vldexp", "visinf", "visnan"});
}

bool hasSameOperandsElementType(const std::string& name)
{
    // The elementwise ops without the SameOperandsElementType trait (HIVMVectorOps.td).
    return isElementwise(name) && !nameIn(name, {"vcast", "vsel", "vcmp", "visinf", "visnan"});
}

int valueBits(const Value* value)
{
    if (value->memref.valid)
        return value->memref.elementBits;
    return scalarTypeBits(value->typeText);
}

bool staticShapeSame(const Op& op, const Value* gen, const Value* kill)
{
    const Value* genOperand = gen;
    const Value* killOperand = kill;
    for (const Value* operand : op.operands) {
        const Value* root = tracebackToAlloc(operand);
        if (root == gen)
            genOperand = operand;
        if (root == kill)
            killOperand = operand;
    }
    const auto& a = genOperand->memref.shape;
    const auto& b = killOperand->memref.shape;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        if (a[i] != b[i])
            return false;
    return true;
}

bool reusableOperands(const Op& op)
{
    if (op.outs.empty())
        return false;
    const Value* output = op.outs.front();
    const int outputBits = valueBits(output);
    if (outputBits <= 0)
        return false;
    for (const Value* input : op.ins) {
        const int inputBits = valueBits(input);
        if (inputBits <= 0)
            continue;
        if (inputBits == outputBits)
            return true;
        if (inputBits % outputBits == 0) {
            if (shortName(op) != "vcast")
                return true;
            return output->memref.rank() <= 1 && output->memref.lastDimContiguous()
                && input->memref.lastDimContiguous();
        }
    }
    return false;
}

// isReusableByOffset: the output and every memref input have the same static offset in their
// layouts; a dynamic offset ('?', kDynamic) is one value too, equal to another dynamic one.
bool sameStaticOffsets(const Op& op)
{
    if (op.outs.empty() || !op.outs.front()->memref.valid)
        return false;
    const auto& outputOffset = op.outs.front()->memref.layoutOffset;
    for (const Value* input : op.ins) {
        if (!input->memref.valid)
            continue;
        if (input->memref.layoutOffset != outputOffset)
            return false;
    }
    return true;
}

bool reusableExtraBuffer(const Op& op)
{
    if (op.temps.empty())
        return true;
    if (op.temps.size() > 1)
        return false;
    // One extra buffer is harmless when it serves a scalar operand or an inline broadcast.
    const bool scalarInput = std::any_of(op.ins.begin(), op.ins.end(), [](const Value* v) { return !v->memref.valid; });
    return scalarInput || listAttributeSet(op, "broadcast");
}

} // namespace

bool hivmOpAllowsInplace(const Op& op, const Value* gen, const Value* kill, const PlanRules& rules, bool restrictToIsa)
{
    const std::string name = shortName(op);
    if (name.empty() || !op.destinationStyle)
        return false;
    if (rules.inplaceNeedsSameOffset && !sameStaticOffsets(op))
        return false;
    const bool inlineBroadcast = listAttributeSet(op, "broadcast");
    const bool inlineTranspose = listAttributeSet(op, "transpose");
    if (nameIn(name, {"vadd", "vsub", "vmax", "vmin", "vor", "vand", "vmul"}) && !inlineBroadcast && !inlineTranspose)
        return true;
    if (restrictToIsa)
        return false;
    if (!reusableExtraBuffer(op))
        return false;
    if (!isElementwise(name))
        return false;
    if (inlineTranspose)
        return false;
    if (inlineBroadcast)
        return staticShapeSame(op, gen, kill);
    if (hasSameOperandsElementType(name))
        return true;
    if (rules.inplaceKeepsVselCondition && name == "vsel" && !op.outs.empty() && valueBits(op.outs.front()) == 64
        && !op.ins.empty() && tracebackToAlloc(op.ins.front()) == kill)
        return false;
    return reusableOperands(op);
}

PipeClasses classifyBuffers(const Op& function)
{
    PipeClasses classes;
    auto mark = [](std::unordered_set<const Value*>& set, const Value* value) {
        if (const Value* alloc = tracebackToAlloc(value))
            set.insert(alloc);
    };
    walkNested(function, [&](const Op& op) {
        const std::string name = shortName(op);
        // OptMemPlanForDma::build: the local outs of an MTE2 op and the local ins of an MTE3 or
        // FIX op are DMA buffers; a vbrc into cbuf is MTE2. A copy's pipe follows its spaces
        // (CopyOp::getPipe): ub -> ub runs on PIPE_V (its buffers are vector buffers, not DMA),
        // gm -> cbuf on MTE2, ub -> cbuf on MTE3, cc -> gm on FIX; any other pair of spaces has
        // no pipe, and the pass stops at it.
        std::string pipe;
        if (name == "load" || name == "nd2nz" || name == "load_scale")
            pipe = "MTE2";
        else if (name == "store" || name == "nz2nd")
            pipe = "MTE3";
        else if (name == "fixpipe")
            pipe = "FIX";
        else if (name == "vbrc" && !op.outs.empty() && op.outs.front()->memref.addressSpace == "cbuf")
            pipe = "MTE2";
        else if (name == "copy" && !op.ins.empty() && !op.outs.empty() && op.ins.front()->memref.valid
            && op.outs.front()->memref.valid) {
            const std::string& from = op.ins.front()->memref.addressSpace;
            const std::string& to = op.outs.front()->memref.addressSpace;
            if (from == "ub" && to == "ub")
                pipe = "V";
            else if (from == "gm" && to == "cbuf")
                pipe = "MTE2";
            else if (from == "ub" && to == "cbuf")
                pipe = "MTE3";
            else if (from == "cc" && to == "gm")
                pipe = "FIX";
            else if (classes.unknownPipe.empty())
                classes.unknownPipe = "hivm.hir.copy from " + from + " to " + to;
        }
        auto local = [](const Value* v) { return v->memref.valid && isLocalSpace(v->memref.addressSpace); };
        if (pipe == "MTE2") {
            for (const Value* v : op.outs)
                if (local(v)) {
                    mark(classes.dma, v);
                    mark(classes.mte2, v);
                }
        } else if (pipe == "MTE3" || pipe == "FIX") {
            for (const Value* v : op.ins)
                if (local(v)) {
                    mark(classes.dma, v);
                    if (pipe == "MTE3")
                        mark(classes.mte3, v);
                }
        } else if (op.name == "memref.load" && !op.operands.empty()) {
            mark(classes.scalar, op.operands[0]);
        } else if (op.name == "memref.store" && op.operands.size() >= 2) {
            mark(classes.scalar, op.operands[1]);
        }
    });
    return classes;
}

} // namespace memlens::planner
