#include "core/planner/buffer_liveness.hpp"

#include "core/planner/buffer_liveness_detail.hpp"

#include <algorithm>
#include <map>

namespace memlens::planner {

using namespace liveness_detail;

BufferLiveness::BufferLiveness(const Function& function, const std::vector<SequenceEntry>& sequence,
    const BlockLiveness& liveness, unsigned seed, LivenessOptions options)
    : function_(function)
    , sequence_(sequence)
    , liveness_(liveness)
    , options_(options)
    , random_(seed)
{
}

bool BufferLiveness::isViewOp(const std::string& name)
{
    static const char* const kViews[] = {"memref.subview", "memref.cast", "memref.reinterpret_cast",
        "memref.expand_shape", "memref.collapse_shape", "memref.reshape", "memref.view", "memref.transpose",
        "memref.memory_space_cast", "hivm.hir.bitcast", "memref_ext.alloc_view", "hivm.hir.reinterpret_cast"};
    return std::any_of(std::begin(kViews), std::end(kViews), [&](const char* view) { return name == view; });
}

bool isLocalSpace(const std::string& space) { return memlens::isLocalSpace(space); }

const Value* BufferLiveness::tracebackToAlloc(const Value* value)
{
    for (int guard = 0; value && guard < 10000; ++guard) {
        const Op* def = value->definingOp;
        if (!def)
            return nullptr;
        if (def->name == "memref.alloc")
            return value;
        if (!isViewOp(def->name) || def->operands.empty())
            return nullptr;
        value = def->operands.front();
    }
    return nullptr;
}

bool BufferLiveness::touchesPlannable(const Value* value) const
{
    if (isPlannableAlloc(value))
        return true;
    const auto found = aliasVec_.find(value);
    return found != aliasVec_.end() && found->second.plannable > 0;
}

BufferLiveness::Status& BufferLiveness::statusOf(const Value* value)
{
    const auto id = static_cast<std::size_t>(value->id);
    if (id >= status_.size())
        status_.resize(std::max(id + 1, status_.size() * 2), Status::Untracked);
    return status_[id];
}

BufferLiveness::Status BufferLiveness::statusAt(const Value* value) const
{
    const auto id = static_cast<std::size_t>(value->id);
    return id < status_.size() ? status_[id] : Status::Untracked;
}

std::vector<const Value*> BufferLiveness::aliasesOf(const Value* value) const
{
    std::vector<const Value*> result;
    const auto found = aliasVec_.find(value);
    if (found != aliasVec_.end()) {
        result.reserve(found->second.items.size());
        for (const auto& [aliasValue, cond] : found->second.items) // unique by construction
            result.push_back(aliasValue);
    }
    return result;
}

std::vector<std::size_t> BufferLiveness::shuffledOrder(std::size_t size)
{
    std::vector<std::size_t> order(size);
    for (std::size_t i = 0; i < size; ++i)
        order[i] = i;
    // The permutation std::shuffle makes depends on the length and the engine only, so
    // shuffling positions orders the values as shuffling them would.
    if (options_.shuffle)
        std::shuffle(order.begin(), order.end(), random_);
    return order;
}

const bool* BufferLiveness::findCond(const Value* buffer, const Value* aliasValue) const
{
    const auto found = aliasVec_.find(buffer);
    if (found == aliasVec_.end())
        return nullptr;
    const auto at = found->second.index.find(aliasValue);
    return at == found->second.index.end() ? nullptr : &found->second.items[at->second].second;
}

void BufferLiveness::aliasLists(const Value* origin, const Value* originAlias, const std::vector<const Value*>& buffers,
    const std::vector<const Value*>& aliasBuffers, bool hasCond)
{
    for (const Value* buffer : buffers) {
        const bool* bufferCond = findCond(origin, buffer);
        const bool bufferHasCond = bufferCond ? *bufferCond : false;
        for (const Value* aliasValue : aliasBuffers) {
            const bool* aliasCond = findCond(originAlias, aliasValue);
            const bool aliasHasCond = aliasCond ? *aliasCond : false;
            const bool resultCond = hasCond || bufferHasCond || aliasHasCond;
            // The compiler updates the flag of an existing pair through a copy, so an
            // existing pair keeps the flag it was first given.
            AliasList& list = aliasVec_[buffer];
            if (list.index.count(aliasValue))
                continue;
            if (aliasPairs_ >= options_.maxAliasPairs) {
                if (aliasPairs_ == options_.maxAliasPairs) {
                    notes.push_back("buffers alias in more than " + std::to_string(options_.maxAliasPairs)
                        + " pairs: the pairs past that are left out, so the plan may reuse memory a view still holds");
                    ++aliasPairs_; // noted once
                }
                continue;
            }
            ++aliasPairs_;
            list.index.emplace(aliasValue, list.items.size());
            list.items.emplace_back(aliasValue, resultCond);
            list.plannable += isPlannableAlloc(aliasValue) ? 1 : 0;
        }
    }
}

void BufferLiveness::alias(const Value* buffer, const Value* aliasBuffer, bool hasCond, bool ignoreInplace)
{
    if (!buffer || !aliasBuffer)
        return;
    std::vector<const Value*> buffers = aliasesOf(buffer);
    std::vector<const Value*> aliasBuffers = aliasesOf(aliasBuffer);
    insertUnique(buffers, buffer);
    insertUnique(aliasBuffers, aliasBuffer);
    aliasLists(buffer, aliasBuffer, buffers, aliasBuffers, hasCond);
    aliasLists(aliasBuffer, buffer, aliasBuffers, buffers, hasCond);
    if (!(buffer->definingOp && buffer->definingOp->name == "memref.alloc"))
        statusOf(buffer) = Status::Undefined;
    const auto info = infos.find(aliasBuffer);
    if (ignoreInplace && info != infos.end())
        info->second.ignoreInplace = true;
}

bool BufferLiveness::isPreload(const Value* value) const
{
    std::vector<const Value*> all = aliasesOf(value);
    insertUnique(all, value);
    for (const Value* buffer : all)
        if (contains(preloadBuffers_, buffer))
            return true;
    return false;
}

void BufferLiveness::genOne(int index, const Value* value)
{
    Status& status = statusOf(value);
    if (status == Status::Untracked)
        return;
    if (status == Status::Defined) {
        if (isPreload(value))
            return;
        genKill[index].gen.push_back(value);
        genKill[index].touched = true;
        status = Status::Gened;
    } else if (status == Status::Killed) {
        errors.push_back("The buffer memory has been released and cannot be used again! (buffer " + value->name
            + " is written again at op " + std::to_string(index) + ", after its last read)");
    }
}

void BufferLiveness::gen(int index, const std::vector<const Value*>& values)
{
    for (const Value* value : values) {
        if (!touchesPlannable(value) || skippedCoupled.count(value))
            continue;
        std::vector<const Value*> all = aliasesOf(value);
        insertUnique(all, value);
        for (const Value* buffer : all)
            genOne(index, buffer);
    }
}

// The compiler's IsDeadAfterOp: a use in a later op of an enclosing block, or in a
// later region of an enclosing if, keeps the value alive.
bool BufferLiveness::deadAfterNesting(const Value* value, const Op& operation) const
{
    std::map<const Block*, const Op*> blockToOp;
    std::map<const Op*, const Op*> parentToChild;
    const Op* child = nullptr;
    for (const Op* op = &operation; op && op != function_.op; op = op->parentOp()) {
        blockToOp.emplace(op->block, op);
        if (child)
            parentToChild[op] = child;
        child = op;
    }
    auto blockAfter = [](const Block* after, const Block* before) {
        if (after == before)
            return false;
        if (after->parent == before->parent)
            return after->indexInRegion > before->indexInRegion;
        return before->parent->indexInOp < after->parent->indexInOp;
    };
    for (const Op* user : value->users) {
        const Op* userChild = nullptr;
        for (const Op* op = user; op && op != function_.op; op = op->parentOp()) {
            const auto found = blockToOp.find(op->block);
            if (found != blockToOp.end()) {
                const Op* current = found->second;
                const auto currentChild = parentToChild.find(current);
                if (current == op && userChild && currentChild != parentToChild.end()
                    && blockAfter(userChild->block, currentChild->second->block))
                    return false;
                if (current->isBeforeInBlock(op))
                    return false;
                break;
            }
            userChild = op;
        }
    }
    return true;
}

bool BufferLiveness::allDeadAfter(const Op& op, const std::vector<const Value*>& aliases) const
{
    for (const Value* buffer : aliases) {
        if (const Op* def = buffer->definingOp) {
            const Op* parent = def->parentOp();
            if (options_.rules.whileSiblingKeepsAlive && parent && parent->name == "scf.while"
                && parent->regions.size() == 2) {
                const Region* defRegion = def->block ? def->block->parent : nullptr;
                const Region* sibling
                    = defRegion == parent->regions[0].get() ? parent->regions[1].get() : parent->regions[0].get();
                for (const Op* up = &op; up; up = up->parentOp())
                    if (up->block && up->block->parent == sibling)
                        return false;
            }
        }
        if (!liveness_.isDeadAfter(buffer, &op) || !deadAfterNesting(buffer, op))
            return false;
    }
    return true;
}

std::vector<const Value*> BufferLiveness::killCandidates(const Op& op, const Value* operand) const
{
    std::vector<const Value*> killed;
    if (!touchesPlannable(operand))
        return killed; // the test below would find nothing to kill (a global buffer's many views)
    std::vector<const Value*> all = aliasesOf(operand);
    insertUnique(all, operand);
    const Op* opParent = op.parentOp();
    int dead = -1; // all aliases dead after op: not known yet
    for (const Value* buffer : all) {
        const Status status = statusAt(buffer);
        if (status == Status::Untracked)
            break; // as the compiler does: the first untracked alias ends the test
        if (status != Status::Gened)
            continue;
        const Op* def = buffer->definingOp;
        const Op* defParent = def ? def->parentOp() : nullptr;
        if (!defParent || !opParent || !opParent->isAncestorOf(defParent))
            continue;
        if (dead < 0)
            dead = allDeadAfter(op, all) ? 1 : 0;
        if (dead == 0)
            break; // the same test for every alias
        killed.push_back(buffer);
    }
    return killed;
}

void BufferLiveness::killHandle(int index, const Op& op)
{
    // Only the live values that end at `op` can find anything dead there (killCandidates
    // needs every alias dead after `op`, the value itself too), so only they are tested;
    // the shuffle is still of every live value, as the compiler's is.
    const BlockLiveness::LiveEnding& live = liveness_.liveEndingAt(op.block, &op);
    if (live.size == 0)
        return;
    ShuffleSite site;
    site.index = index;
    site.size = live.size;
    site.listStart = genKill[index].kill.size();
    std::vector<std::pair<std::size_t, std::vector<const Value*>>> candidates;
    for (const auto& [position, value] : live.ending) {
        std::vector<const Value*> killed = killCandidates(op, value);
        if (!killed.empty())
            candidates.emplace_back(position, std::move(killed));
    }
    const std::vector<std::size_t> order = shuffledOrder(live.size);
    if (!candidates.empty()) {
        if (slot_.size() < live.size)
            slot_.resize(live.size, 0);
        for (std::size_t k = 0; k < candidates.size(); ++k)
            slot_[candidates[k].first] = k + 1;
        for (const std::size_t i : order) {
            if (slot_[i] == 0)
                continue;
            for (const Value* buffer : candidates[slot_[i] - 1].second) {
                Status& status = statusOf(buffer);
                if (status != Status::Gened)
                    continue; // killed through a value before this one
                genKill[index].kill.push_back(buffer);
                genKill[index].touched = true;
                status = Status::Killed;
            }
        }
        for (const auto& entry : candidates)
            slot_[entry.first] = 0;
    }
    site.produced = genKill[index].kill.size() - site.listStart;
    site.candidates = std::move(candidates);
    sites_.push_back(std::move(site));
}

std::vector<const Value*> BufferLiveness::genCandidates(const std::vector<const Value*>& values) const
{
    std::vector<const Value*> written;
    for (const Value* value : values) {
        if (!touchesPlannable(value))
            continue;
        std::vector<const Value*> all = aliasesOf(value);
        insertUnique(all, value);
        for (const Value* buffer : all)
            if (statusAt(buffer) == Status::Defined && !isPreload(buffer))
                written.push_back(buffer);
    }
    return written;
}

// A loop's begin entry writes every buffer live at the loop that is not written yet.
void BufferLiveness::genLiveInLoop(int index, const Op& loop)
{
    const auto& live = liveness_.liveAt(loop.block, &loop);
    if (live.empty())
        return;
    ShuffleSite site;
    site.index = index;
    site.gens = true;
    site.size = live.size();
    site.listStart = genKill[index].gen.size();
    std::vector<std::vector<const Value*>> tracked(live.size());
    std::vector<std::vector<const Value*>> candidates(live.size());
    bool any = false;
    for (std::size_t i = 0; i < live.size(); ++i) {
        std::vector<const Value*> all = aliasesOf(live[i]);
        insertUnique(all, live[i]);
        for (const Value* buffer : all)
            if (statusAt(buffer) != Status::Untracked)
                tracked[i].push_back(buffer);
        candidates[i] = genCandidates(tracked[i]);
        any = any || !candidates[i].empty();
    }
    std::vector<const Value*> buffers;
    for (const std::size_t i : shuffledOrder(live.size()))
        buffers.insert(buffers.end(), tracked[i].begin(), tracked[i].end());
    gen(index, buffers);
    site.produced = genKill[index].gen.size() - site.listStart;
    if (any)
        site.candidates = adding(candidates);
    sites_.push_back(std::move(site));
}

std::vector<std::pair<std::size_t, std::vector<const Value*>>> BufferLiveness::adding(
    std::vector<std::vector<const Value*>>& candidates)
{
    std::vector<std::pair<std::size_t, std::vector<const Value*>>> result;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (!candidates[i].empty())
            result.emplace_back(i, std::move(candidates[i]));
    return result;
}

std::size_t BufferLiveness::keptCandidates() const
{
    std::size_t kept = 0;
    for (const ShuffleSite& site : sites_)
        kept += site.candidates.size();
    return kept;
}

void BufferLiveness::reshuffle(unsigned seed)
{
    random_.seed(seed);
    std::vector<unsigned> seen;
    std::vector<std::size_t> slot; // a live value's position -> 1 + its entry in the site's candidates
    unsigned stamp = 0;
    for (const ShuffleSite& site : sites_) {
        const std::vector<std::size_t> order = shuffledOrder(site.size);
        if (site.candidates.empty())
            continue;
        ++stamp;
        if (slot.size() < site.size)
            slot.resize(site.size, 0);
        for (std::size_t k = 0; k < site.candidates.size(); ++k)
            slot[site.candidates[k].first] = k + 1;
        std::vector<const Value*>& list = site.gens ? genKill[site.index].gen : genKill[site.index].kill;
        std::size_t at = site.listStart;
        for (const std::size_t i : order) {
            if (slot[i] == 0)
                continue;
            for (const Value* buffer : site.candidates[slot[i] - 1].second) {
                const auto id = static_cast<std::size_t>(buffer->id);
                if (id >= seen.size())
                    seen.resize(id + 1, 0);
                if (seen[id] == stamp)
                    continue;
                seen[id] = stamp;
                list[at++] = buffer;
            }
        }
        for (const auto& entry : site.candidates)
            slot[entry.first] = 0;
    }
}

void BufferLiveness::build()
{
    genKill.assign(sequence_.size(), {});
    for (const SequenceEntry& entry : sequence_) {
        const Op& op = *entry.op;
        const int index = entry.index;
        if (op.name == "scf.for") {
            if (entry.kind == EntryKind::Begin) {
                genLiveInLoop(index, op);
                const Region* body = op.regions.empty() ? nullptr : op.regions[0].get();
                const Block* entryBlock = body && !body->blocks.empty() ? body->blocks.front().get() : nullptr;
                // operands: lb, ub, step, inits...; block args: iv, iter args...
                if (entryBlock) {
                    for (std::size_t i = 1; i < entryBlock->arguments.size() && i + 2 < op.operands.size(); ++i)
                        alias(entryBlock->arguments[i], op.operands[i + 2]);
                    if (!op.results.empty()) {
                        const Op* yield = terminatorOf(*body);
                        if (yield) {
                            for (std::size_t i = 1; i < entryBlock->arguments.size() && i - 1 < yield->operands.size();
                                 ++i)
                                alias(yield->operands[i - 1], entryBlock->arguments[i]);
                            for (std::size_t i = 0; i < op.results.size() && i < yield->operands.size(); ++i)
                                alias(op.results[i], yield->operands[i]);
                            if (options_.rules.selectInitKeepsYieldApart)
                                keepSelectInitYieldsApart(op, *yield);
                        }
                    }
                }
            } else {
                killHandle(index, op);
            }
            continue;
        }
        if (op.name == "scf.while") {
            if (entry.kind == EntryKind::Begin) {
                genLiveInLoop(index, op);
                if (!op.regions.empty() && !op.regions[0]->blocks.empty()) {
                    const auto& args = op.regions[0]->blocks.front()->arguments;
                    for (std::size_t i = 0; i < args.size() && i < op.operands.size(); ++i)
                        alias(args[i], op.operands[i]);
                }
            } else {
                if (!op.results.empty() && op.regions.size() == 2 && !op.regions[0]->blocks.empty()
                    && !op.regions[1]->blocks.empty()) {
                    const auto& iterArgs = op.regions[0]->blocks.front()->arguments;
                    const Op* yield = terminatorOf(*op.regions[1]);
                    if (yield)
                        for (std::size_t i = 0; i < yield->operands.size() && i < iterArgs.size(); ++i)
                            alias(yield->operands[i], iterArgs[i]);
                    const auto& afterArgs = op.regions[1]->blocks.front()->arguments;
                    for (std::size_t i = 0; i < op.results.size() && i < afterArgs.size(); ++i)
                        alias(op.results[i], afterArgs[i]);
                }
                killHandle(index, op);
            }
            continue;
        }
        if (op.name == "scf.if") {
            auto aliasYield = [&](std::size_t regionIndex) {
                if (op.results.empty() || regionIndex >= op.regions.size())
                    return;
                const Op* yield = terminatorOf(*op.regions[regionIndex]);
                if (!yield)
                    return;
                for (std::size_t i = 0; i < op.results.size() && i < yield->operands.size(); ++i)
                    alias(op.results[i], yield->operands[i]);
            };
            const bool hasElse = op.regions.size() > 1 && !op.regions[1]->blocks.empty();
            if (entry.kind == EntryKind::Else) {
                aliasYield(0);
                if (!hasElse)
                    killHandle(index, op);
            } else if (entry.kind == EntryKind::End) {
                aliasYield(1);
                killHandle(index, op);
            }
            continue;
        }
        if (op.name == "scope.scope") {
            if (entry.kind == EntryKind::End) {
                const Op* ret = op.regions.empty() ? nullptr : terminatorOf(*op.regions[0]);
                if (ret)
                    for (std::size_t i = 0; i < op.results.size() && i < ret->operands.size(); ++i)
                        alias(op.results[i], ret->operands[i]);
                killHandle(index, op);
            }
            continue;
        }
        processOp(index, op);
    }
    extendPreloadBuffers();
    lifeTimes();
    initializeForcedPairs();
}

// A preload buffer lives from its enclosing loop's begin entry to its end entry.
void BufferLiveness::extendPreloadBuffers()
{
    for (const Value* buffer : preloadBuffers_) {
        const Op* loop = enclosingLoop(buffer->definingOp);
        if (!loop)
            continue;
        bool begun = false;
        for (const SequenceEntry& entry : sequence_) {
            if (entry.op != loop)
                continue;
            std::vector<const Value*> all = aliasesOf(buffer);
            insertUnique(all, buffer);
            for (const Value* alias : all) {
                Status& status = statusOf(alias);
                if (!begun && status == Status::Defined) {
                    genKill[entry.index].gen.push_back(alias);
                    genKill[entry.index].touched = true;
                    status = Status::Gened;
                } else if (begun && status == Status::Gened) {
                    genKill[entry.index].kill.push_back(alias);
                    genKill[entry.index].touched = true;
                    status = Status::Killed;
                }
            }
            if (begun)
                break;
            begun = true;
        }
    }
}

void BufferLiveness::lifeTimes()
{
    for (std::size_t i = 0; i < genKill.size(); ++i) {
        for (const Value* buffer : genKill[i].gen)
            lives[buffer] = BufferLife{buffer, static_cast<std::int64_t>(i), -1};
        for (const Value* buffer : genKill[i].kill) {
            auto found = lives.find(buffer);
            if (found != lives.end())
                found->second.freeTime = static_cast<std::int64_t>(i);
        }
    }
}

// RecursiveForOp (the newer generation): an iter arg whose init value an arith.select makes: the
// buffer the loop yields for it is ignore-in-place, so it never takes a loop-local source's place.
void BufferLiveness::keepSelectInitYieldsApart(const Op& loop, const Op& yield)
{
    for (std::size_t i = 0; i + 3 < loop.operands.size() && i < yield.operands.size(); ++i) {
        const Value* init = loop.operands[i + 3];
        if (!init || !init->definingOp || init->definingOp->name != "arith.select")
            continue;
        const Value* yielded = tracebackToAlloc(yield.operands[i]);
        if (!yielded)
            continue;
        selectInitYields_.insert(yielded);
        if (const auto info = infos.find(yielded); info != infos.end())
            info->second.ignoreInplace = true;
    }
}

void BufferLiveness::initializeForcedPairs()
{
    auto isAlloc = [](const Value* value) { return value->definingOp && value->definingOp->name == "memref.alloc"; };
    for (const Value* buffer : bufferOrder) {
        const auto found = aliasVec_.find(buffer);
        if (found == aliasVec_.end())
            continue;
        for (const auto& [aliasBuffer, cond] : found->second.items) {
            if (!isAlloc(aliasBuffer))
                continue;
            const auto pair = std::make_pair(buffer, aliasBuffer);
            const auto reversed = std::make_pair(aliasBuffer, buffer);
            if (std::find(forcedPairs.begin(), forcedPairs.end(), pair) != forcedPairs.end()
                || std::find(forcedPairs.begin(), forcedPairs.end(), reversed) != forcedPairs.end())
                continue;
            if (cond)
                continue;
            auto aliasInfo = infos.find(aliasBuffer);
            auto bufferInfo = infos.find(buffer);
            if (aliasInfo == infos.end() || bufferInfo == infos.end())
                continue;
            if (aliasInfo->second.memoryUnique || bufferInfo->second.memoryUnique)
                continue;
            forcedPairs.push_back(pair);
            aliasInfo->second.ignoreInplace = true;
            bufferInfo->second.ignoreInplace = true;
        }
    }
}

} // namespace memlens::planner
