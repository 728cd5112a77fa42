#include "core/planner/block_liveness.hpp"

#include <algorithm>

namespace memlens::planner {

namespace {

// The block of `region` that is `block` or holds it.
const Block* ancestorBlockInRegion(const Block* block, const Region* region)
{
    while (block) {
        if (block->parent == region)
            return block;
        const Op* owner = block->parent ? block->parent->parentOp : nullptr;
        block = owner ? owner->block : nullptr;
    }
    return nullptr;
}

void walkBlockOps(const Block& block, std::vector<const Op*>& out)
{
    for (const auto& op : block.ops) {
        out.push_back(op.get());
        for (const auto& region : op->regions)
            for (const auto& nested : region->blocks)
                walkBlockOps(*nested, out);
    }
}

} // namespace

BlockLiveness::BlockLiveness(const Op& root, std::size_t maxCachedLive)
    : maxCachedLive_(maxCachedLive)
{
    collectBlocks(root);
    for (const Block* block : order_)
        buildBlock(block);
    for (const Block* block : order_)
        for (const Block* successor : block->successors)
            if (blocks_.count(successor))
                blocks_[successor].predecessors.push_back(block);
    std::vector<const Block*> work(order_.rbegin(), order_.rend());
    std::size_t guard = 0;
    while (!work.empty() && guard++ < 1000000) {
        const Block* block = work.back();
        work.pop_back();
        BlockInfo& current = blocks_[block];
        for (const Block* successor : block->successors) {
            const auto found = blocks_.find(successor);
            if (found != blocks_.end())
                current.out.insert(found->second.in.begin(), found->second.in.end());
        }
        std::unordered_set<const Value*> newIn = current.uses;
        newIn.insert(current.out.begin(), current.out.end());
        for (const Value* def : current.defs)
            newIn.erase(def);
        if (newIn != current.in) {
            current.in = std::move(newIn);
            for (const Block* predecessor : current.predecessors)
                work.push_back(predecessor);
        }
    }
    for (auto& [block, blockInfo] : blocks_) {
        blockInfo.inOrdered.assign(blockInfo.in.begin(), blockInfo.in.end());
        std::sort(blockInfo.inOrdered.begin(), blockInfo.inOrdered.end(),
            [](const Value* a, const Value* b) { return a->id < b->id; });
    }
}

void BlockLiveness::collectBlocks(const Op& op)
{
    for (const auto& region : op.regions)
        for (const auto& block : region->blocks) {
            order_.push_back(block.get());
            blocks_[block.get()];
            for (const auto& nested : block->ops)
                collectBlocks(*nested);
        }
}

void BlockLiveness::buildBlock(const Block* block)
{
    BlockInfo& blockInfo = blocks_[block];
    auto gatherOut = [&](const Value* value) {
        for (const Op* user : value->users) {
            const Block* owner = ancestorBlockInRegion(user->block, block->parent);
            if (owner && owner != block) {
                blockInfo.out.insert(value);
                break;
            }
        }
    };
    for (const Value* argument : block->arguments) {
        blockInfo.defs.insert(argument);
        gatherOut(argument);
    }
    for (const auto& op : block->ops)
        for (const Value* result : op->results)
            gatherOut(result);
    std::vector<const Op*> nested;
    walkBlockOps(*block, nested);
    for (const Op* op : nested) {
        for (const Value* result : op->results)
            blockInfo.defs.insert(result);
        for (const Value* operand : op->operands)
            blockInfo.uses.insert(operand);
        for (const auto& region : op->regions)
            for (const auto& child : region->blocks)
                for (const Value* argument : child->arguments)
                    blockInfo.defs.insert(argument);
    }
    for (const Value* def : blockInfo.defs)
        blockInfo.uses.erase(def);
}

const BlockLiveness::BlockInfo* BlockLiveness::info(const Block* block) const
{
    const auto found = blocks_.find(block);
    return found == blocks_.end() ? nullptr : &found->second;
}

bool BlockLiveness::isLiveOut(const Value* value, const Block* block) const
{
    const BlockInfo* blockInfo = info(block);
    return blockInfo && blockInfo->out.count(value) != 0;
}

const Op* BlockLiveness::endOperation(const Value* value, const Op* start) const
{
    const Block* block = start->block;
    if (isLiveOut(value, block) && !block->ops.empty())
        return block->ops.back().get();
    const Op* last = lastUserInBlock(value, block);
    return last && start->isBeforeInBlock(last) ? last : start;
}

const Op* BlockLiveness::lastUserInBlock(const Value* value, const Block* block) const
{
    auto& inBlock = lastUser_[block];
    const auto cached = inBlock.find(value);
    if (cached != inBlock.end())
        return cached->second;
    const Op* last = nullptr;
    for (const Op* user : value->users) {
        const Op* holder = ancestorInBlock(user, block);
        if (holder && (!last || last->isBeforeInBlock(holder)))
            last = holder;
    }
    inBlock.emplace(value, last);
    return last;
}

bool BlockLiveness::isDeadAfter(const Value* value, const Op* op) const
{
    if (isLiveOut(value, op->block))
        return false;
    const Op* end = endOperation(value, op);
    return end == op || end->isBeforeInBlock(op);
}

const BlockLiveness::LiveEnding& BlockLiveness::liveEndingAt(const Block* block, const Op* op) const
{
    static const LiveEnding none;
    auto found = endings_.find(block);
    if (found == endings_.end()) {
        std::vector<LiveEnding> perOp(block->ops.size());
        const BlockInfo* blockInfo = info(block);
        if (blockInfo && !block->ops.empty()) {
            // The values liveAt considers, in its order, each once, with the ops it lives from and to.
            struct Entry {
                const Value* value;
                std::size_t start, end;
                bool liveOut;
            };
            std::vector<Entry> entries;
            std::unordered_set<const Value*> seen;
            const Op* front = block->ops.front().get();
            const std::size_t last = block->ops.size() - 1;
            auto consider = [&](const Value* value) {
                const Op* start = blockInfo->in.count(value) || value->isBlockArgument()
                    ? front
                    : ancestorInBlock(value->definingOp, block);
                if (!start || !seen.insert(value).second)
                    return;
                const bool liveOut = blockInfo->out.count(value) != 0;
                const std::size_t end = liveOut ? last : endOperation(value, start)->indexInBlock;
                entries.push_back({value, static_cast<std::size_t>(start->indexInBlock), end, liveOut});
            };
            for (const Value* argument : block->arguments)
                consider(argument);
            for (const Value* in : blockInfo->inOrdered)
                consider(in);
            for (const auto& walked : block->ops)
                for (const Value* result : walked->results)
                    consider(result);
            std::vector<std::vector<std::size_t>> starts(block->ops.size()), ends(block->ops.size());
            for (std::size_t key = 0; key < entries.size(); ++key) {
                starts[std::min(entries[key].start, last)].push_back(key);
                ends[std::min(std::max(entries[key].end, entries[key].start), last)].push_back(key);
            }
            // A Fenwick tree over the entries' order counts the live ones before an entry.
            std::vector<std::size_t> tree(entries.size() + 1, 0);
            auto add = [&](std::size_t key, bool plus) {
                for (std::size_t i = key + 1; i < tree.size(); i += i & (~i + 1))
                    tree[i] = plus ? tree[i] + 1 : tree[i] - 1;
            };
            auto before = [&](std::size_t key) {
                std::size_t count = 0;
                for (std::size_t i = key; i > 0; i -= i & (~i + 1))
                    count += tree[i];
                return count;
            };
            std::size_t live = 0;
            for (std::size_t k = 0; k < block->ops.size(); ++k) {
                for (const std::size_t key : starts[k]) {
                    add(key, true);
                    ++live;
                }
                perOp[k].size = live;
                for (const std::size_t key : ends[k])
                    if (!entries[key].liveOut)
                        perOp[k].ending.emplace_back(before(key), entries[key].value);
                std::sort(perOp[k].ending.begin(), perOp[k].ending.end());
                for (const std::size_t key : ends[k]) {
                    add(key, false);
                    --live;
                }
            }
        }
        found = endings_.emplace(block, std::move(perOp)).first;
    }
    const auto index = static_cast<std::size_t>(op->indexInBlock);
    return index < found->second.size() && block->ops[index].get() == op ? found->second[index] : none;
}

std::vector<const Value*> BlockLiveness::liveAt(const Block* block, const Op* op) const
{
    const auto cached = liveCache_.find(op);
    if (cached != liveCache_.end())
        return cached->second;
    std::vector<const Value*> live;
    std::unordered_set<const Value*> seen;
    const BlockInfo* blockInfo = info(block);
    if (blockInfo && !block->ops.empty()) {
        const Op* front = block->ops.front().get();
        const Op* back = block->ops.back().get();
        auto consider = [&](const Value* value) {
            const Op* start = nullptr;
            if (blockInfo->in.count(value) || value->isBlockArgument())
                start = front;
            else
                start = ancestorInBlock(value->definingOp, block);
            if (!start)
                return;
            const Op* end = blockInfo->out.count(value) ? back : endOperation(value, start);
            if (!(op->isBeforeInBlock(start) || end->isBeforeInBlock(op)) && seen.insert(value).second)
                live.push_back(value);
        };
        for (const Value* argument : block->arguments)
            consider(argument);
        for (const Value* in : blockInfo->inOrdered)
            consider(in);
        for (const auto& walked : block->ops) {
            for (const Value* result : walked->results)
                consider(result);
            if (walked.get() == op)
                break;
        }
    }
    if (cachedLive_ + live.size() > maxCachedLive_)
        return live;
    cachedLive_ += live.size();
    return liveCache_.emplace(op, std::move(live)).first->second;
}

} // namespace memlens::planner
