#include "core/planner/vf_inplace_reuse.hpp"

#include "core/base/shaped_type.hpp"
#include "core/planner/buffer_views.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <variant>
#include <vector>

namespace memlens::planner {

namespace {

const Op* ownerOp(const Value* argument)
{
    if (!argument->ownerBlock || !argument->ownerBlock->parent)
        return nullptr;
    return argument->ownerBlock->parent->parentOp;
}

int argumentIndex(const Value* argument)
{
    const auto& arguments = argument->ownerBlock->arguments;
    return static_cast<int>(std::find(arguments.begin(), arguments.end(), argument) - arguments.begin());
}

bool isFunctionArgument(const Value* value)
{
    const Op* owner = value->isBlockArgument() ? ownerOp(value) : nullptr;
    return owner && owner->name == "func.func";
}

// The value an scf.for's iter_args argument starts from; none for the induction variable.
// The loop's operands are its bounds, its step and then the iter_args' initial values.
std::optional<const Value*> loopInitial(const Op& loop, const Value* argument)
{
    const int index = argumentIndex(argument);
    if (index <= 0 || static_cast<std::size_t>(index) + 2 >= loop.operands.size())
        return std::nullopt;
    return loop.operands[static_cast<std::size_t>(index) + 2];
}

bool isSliceOp(const Op* op)
{
    return op && (op->name == "memref.subview" || op->name == "tensor.extract_slice") && !op->operands.empty();
}

// The argument a transfer's memref or tensor comes from, through slices and a loop's
// iter_args; a block argument of any other op counts as an argument too.
std::optional<const Value*> traceToArgument(const Value* value)
{
    for (int depth = 0; depth < 256; ++depth) {
        if (value->isBlockArgument()) {
            const Op* owner = ownerOp(value);
            if (!owner || owner->name != "scf.for")
                return value;
            const auto initial = loopInitial(*owner, value);
            if (!initial)
                return std::nullopt;
            value = *initial;
            continue;
        }
        if (!isSliceOp(value->definingOp))
            return std::nullopt;
        value = value->definingOp->operands.front();
    }
    return std::nullopt;
}

std::optional<std::int64_t> integerConstant(const Value* value)
{
    const Op* op = value->definingOp;
    if (!op || op->name != "arith.constant")
        return std::nullopt;
    const auto at = op->text.find("arith.constant ");
    if (at == std::string::npos)
        return std::nullopt;
    const char* begin = op->text.data() + at + 15;
    const char* end = op->text.data() + op->text.size();
    std::int64_t number = 0;
    const auto [stop, error] = std::from_chars(begin, end, number);
    if (error != std::errc() || (stop != end && *stop != ' '))
        return std::nullopt;
    return number;
}

// One offset, size or stride of a slice: a number, or the value that gives it.
using SliceEntry = std::variant<std::int64_t, const Value*>;

bool sameEntry(const SliceEntry& a, const SliceEntry& b)
{
    auto number = [](const SliceEntry& e) -> std::optional<std::int64_t> {
        if (const auto* n = std::get_if<std::int64_t>(&e))
            return *n;
        return integerConstant(std::get<const Value*>(e));
    };
    const auto x = number(a);
    const auto y = number(b);
    if (x || y)
        return x && y && *x == *y;
    return std::get<const Value*>(a) == std::get<const Value*>(b);
}

// The offsets, sizes and strides of a slice, read from "op %src[o, ...] [s, ...] [t, ...]".
std::optional<std::array<std::vector<SliceEntry>, 3>> sliceParts(const Op& op)
{
    const std::string& text = op.text;
    std::size_t at = text.find(op.name);
    if (at == std::string::npos)
        return std::nullopt;
    at += op.name.size();
    std::array<std::vector<SliceEntry>, 3> parts;
    for (auto& part : parts) {
        at = text.find('[', at);
        if (at == std::string::npos)
            return std::nullopt;
        const auto close = text.find(']', at);
        if (close == std::string::npos)
            return std::nullopt;
        const std::string list = text.substr(at + 1, close - at - 1);
        std::size_t start = 0;
        while (start <= list.size() && !trimmed(list).empty()) {
            const auto comma = std::min(list.find(',', start), list.size());
            const std::string entry = trimmed(list.substr(start, comma - start));
            if (!entry.empty() && entry.front() == '%') {
                const auto operand = std::find_if(
                    op.operands.begin(), op.operands.end(), [&](const Value* v) { return v->name == entry; });
                if (operand == op.operands.end())
                    return std::nullopt;
                part.emplace_back(*operand);
            } else {
                std::int64_t number = 0;
                const auto [stop, error] = std::from_chars(entry.data(), entry.data() + entry.size(), number);
                if (error != std::errc() || stop != entry.data() + entry.size())
                    return std::nullopt;
                part.emplace_back(number);
            }
            start = comma + 1;
        }
        at = close + 1;
    }
    return parts;
}

bool equalSlices(const Op& a, const Op& b)
{
    if (&a == &b)
        return true;
    const auto x = sliceParts(a);
    const auto y = sliceParts(b);
    if (!x || !y)
        return false;
    for (std::size_t k = 0; k < 3; ++k) {
        if ((*x)[k].size() != (*y)[k].size())
            return false;
        for (std::size_t i = 0; i < (*x)[k].size(); ++i)
            if (!sameEntry((*x)[k][i], (*y)[k][i]))
                return false;
    }
    return true;
}

// Do a read's and a write's memrefs cover the same part of their arguments in each iteration?
bool sameIteration(const Value* lhs, const Value* rhs, int depth = 0)
{
    if (depth > 256)
        return false;
    if (lhs->isBlockArgument() && rhs->isBlockArgument()) {
        const bool lhsFunction = isFunctionArgument(lhs);
        const bool rhsFunction = isFunctionArgument(rhs);
        if (lhsFunction || rhsFunction)
            return lhsFunction && rhsFunction;
        const Op* lhsLoop = ownerOp(lhs);
        const Op* rhsLoop = ownerOp(rhs);
        if (!lhsLoop || !rhsLoop || lhsLoop->name != "scf.for" || rhsLoop->name != "scf.for")
            return false;
        const auto lhsInitial = loopInitial(*lhsLoop, lhs);
        const auto rhsInitial = loopInitial(*rhsLoop, rhs);
        return lhsInitial && rhsInitial && sameIteration(*lhsInitial, *rhsInitial, depth + 1);
    }
    const Op* lhsOp = lhs->definingOp;
    const Op* rhsOp = rhs->definingOp;
    if (!isSliceOp(lhsOp) || !isSliceOp(rhsOp) || lhsOp->name != rhsOp->name)
        return false;
    return equalSlices(*lhsOp, *rhsOp) && sameIteration(lhsOp->operands.front(), rhsOp->operands.front(), depth + 1);
}

// The element width of the vector a transfer reads or writes; 0 when not an integer or a float.
int vectorElementBits(const Op& transfer)
{
    const auto at = transfer.text.find("vector<");
    if (at == std::string::npos)
        return 0;
    const auto close = transfer.text.find('>', at);
    if (close == std::string::npos)
        return 0;
    const std::string inside = transfer.text.substr(at + 7, close - at - 7);
    const std::string element = inside.substr(inside.rfind('x') == std::string::npos ? 0 : inside.rfind('x') + 1);
    return element == "index" ? 0 : scalarTypeBits(element);
}

const Value* transferSource(const Op& transfer)
{
    const std::size_t index = transfer.name == "vector.transfer_write" ? 1 : 0;
    return index < transfer.operands.size() ? transfer.operands[index] : nullptr;
}

const Value* allocOrSelf(const Value* value)
{
    const Value* alloc = tracebackToAlloc(value);
    return alloc ? alloc : value;
}

const Op* findCallee(const Op& call, const Op& caller)
{
    if (call.symbol.empty() || !caller.block)
        return nullptr;
    for (const auto& sibling : caller.block->ops)
        if (sibling->name == "func.func" && sibling->symbol == call.symbol)
            return sibling.get();
    return nullptr;
}

} // namespace

bool isVfCall(const Op& op)
{
    return (op.name == "func.call" || op.name == "call") && op.hasAttribute("hivm.vector_function");
}

VfInplaceReuse::ArgumentPairs VfInplaceReuse::calleePairs(const Op& callee)
{
    std::map<const Value*, std::vector<const Op*>> reads;
    std::map<const Value*, std::vector<const Op*>> writes;
    walkNested(callee, [&](const Op& op) {
        const bool read = op.name == "vector.transfer_read";
        if (!read && op.name != "vector.transfer_write")
            return;
        const Value* source = transferSource(op);
        if (!source)
            return;
        if (const auto argument = traceToArgument(source))
            (read ? reads : writes)[*argument].push_back(&op);
    });
    auto count = [](const auto& map, const Value* argument) {
        const auto found = map.find(argument);
        return found == map.end() ? std::size_t{0} : found->second.size();
    };
    ArgumentPairs pairs;
    if (callee.regions.empty() || callee.regions.front()->blocks.empty())
        return pairs;
    for (const Value* argument : callee.regions.front()->blocks.front()->arguments) {
        if (count(writes, argument) != 1 || count(reads, argument) != 0)
            continue;
        const Op* write = writes[argument].front();
        std::set<const Value*>& sources = pairs[argument];
        for (const auto& earlier : write->block->ops) {
            if (earlier.get() == write)
                break;
            if (earlier->name != "vector.transfer_read")
                continue;
            const auto readArgument = std::find_if(reads.begin(), reads.end(), [&](const auto& entry) {
                return std::find(entry.second.begin(), entry.second.end(), earlier.get()) != entry.second.end();
            });
            if (readArgument == reads.end() || readArgument->second.size() != 1
                || count(writes, readArgument->first) != 0)
                continue;
            const int readBits = vectorElementBits(*earlier);
            const int writeBits = vectorElementBits(*write);
            if (readBits <= 0 || writeBits <= 0 || writeBits > readBits)
                continue;
            if (!sameIteration(transferSource(*earlier), transferSource(*write)))
                continue;
            sources.insert(readArgument->first);
        }
    }
    return pairs;
}

VfInplaceReuse::VfInplaceReuse(const Op& function)
{
    std::map<const Op*, ArgumentPairs> callees;
    walkNested(function, [&](const Op& op) {
        if (!isVfCall(op))
            return;
        const Op* callee = findCallee(op, function);
        if (!callee || !callee->hasAttribute("hivm.vector_function"))
            return;
        auto known = callees.find(callee);
        if (known == callees.end())
            known = callees.emplace(callee, calleePairs(*callee)).first;
        auto& buffers = calls_[&op];
        for (const auto& [written, sources] : known->second) {
            const auto operandAt = [&](const Value* argument) -> const Value* {
                const auto index = static_cast<std::size_t>(argumentIndex(argument));
                return index < op.operands.size() ? allocOrSelf(op.operands[index]) : nullptr;
            };
            const Value* writtenBuffer = operandAt(written);
            if (!writtenBuffer)
                continue;
            std::set<const Value*> sourceBuffers;
            for (const Value* source : sources)
                if (const Value* buffer = operandAt(source))
                    sourceBuffers.insert(buffer);
            buffers[writtenBuffer] = std::move(sourceBuffers);
        }
    });
}

bool VfInplaceReuse::allows(const Op& call, const Value* gen, const Value* kill) const
{
    const auto found = calls_.find(&call);
    if (found == calls_.end())
        return false;
    const auto written = found->second.find(gen);
    return written != found->second.end() && written->second.count(kill) != 0;
}

bool VfInplaceReuse::hasAliasedOperands(const Op& call)
{
    std::set<const Value*> allocs;
    for (const Value* operand : call.operands)
        if (const Value* alloc = tracebackToAlloc(operand))
            if (!allocs.insert(alloc).second)
                return true;
    return false;
}

const Value* PipeReach::root(const Value* value)
{
    const Value* at = value;
    for (auto found = parent_.find(at); found != parent_.end() && found->second != at; found = parent_.find(at))
        at = found->second;
    if (at != value)
        parent_[value] = at;
    return at;
}

bool PipeReach::reaches(
    const Value* alloc, const std::unordered_set<const Value*>& pipe, std::unordered_map<const Value*, bool>& known)
{
    const Value* set = root(alloc);
    const auto found = known.find(set);
    if (found != known.end())
        return found->second;
    const bool reached = pipe.count(alloc) != 0;
    known[set] = reached;
    return reached;
}

void PipeReach::merge(const Value* gen, const Value* kill)
{
    const Value* genRoot = root(gen);
    const Value* killRoot = root(kill);
    if (genRoot == killRoot)
        return;
    for (auto* known : {&loadKnown_, &storeKnown_}) {
        const auto found = known->find(killRoot);
        if (found != known->end() && found->second)
            (*known)[genRoot] = true;
    }
    parent_[killRoot] = genRoot;
}

} // namespace memlens::planner
