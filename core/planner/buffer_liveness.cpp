#include "core/planner/buffer_liveness.hpp"

#include "core/planner/buffer_liveness_detail.hpp"
#include "core/planner/buffer_views.hpp"

#include <algorithm>

namespace memlens::planner {

using namespace liveness_detail;

BufferLiveness::BufferLiveness(const Function& function, const std::vector<SequenceEntry>& sequence,
    const BlockLiveness& liveness, unsigned seed, LivenessOptions options)
    : function_(function)
    , sequence_(sequence)
    , liveness_(liveness)
    , options_(options)
    , deadAfter_(function.op, liveness, options.rules.whileSiblingKeepsAlive)
    , aliases_(options.maxAliasPairs)
    , shuffles_(options.shuffle, seed)
{
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

void BufferLiveness::alias(const Value* buffer, const Value* aliasBuffer, bool hasCond, bool ignoreInplace)
{
    if (!buffer || !aliasBuffer)
        return;
    aliases_.join(buffer, aliasBuffer, hasCond, out_.notes);
    if (!(buffer->definingOp && buffer->definingOp->name == "memref.alloc"))
        statusOf(buffer) = Status::Undefined;
    const auto info = out_.infos.find(aliasBuffer);
    if (ignoreInplace && info != out_.infos.end())
        info->second.ignoreInplace = true;
}

bool BufferLiveness::isPreload(const Value* value) const
{
    for (const Value* buffer : aliases_.withSelf(value))
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
        out_.genKill[index].gen.push_back(value);
        out_.genKill[index].touched = true;
        status = Status::Gened;
    } else if (status == Status::Killed) {
        out_.errors.push_back("The buffer memory has been released and cannot be used again! (buffer " + value->name
            + " is written again at op " + std::to_string(index) + ", after its last read)");
    }
}

void BufferLiveness::gen(int index, const std::vector<const Value*>& values)
{
    for (const Value* value : values) {
        if (!aliases_.touchesPlannable(value) || out_.skippedCoupled.count(value))
            continue;
        for (const Value* buffer : aliases_.withSelf(value))
            genOne(index, buffer);
    }
}

std::vector<const Value*> BufferLiveness::killCandidates(const Op& op, const Value* operand) const
{
    std::vector<const Value*> killed;
    if (!aliases_.touchesPlannable(operand))
        return killed; // the test below would find nothing to kill (a global buffer's many views)
    const std::vector<const Value*> all = aliases_.withSelf(operand);
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
            dead = deadAfter_.allDeadAfter(op, all) ? 1 : 0;
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
    GenKill& lists = out_.genKill[index];
    ShuffleSite site;
    site.index = index;
    site.size = live.size;
    site.listStart = lists.kill.size();
    ShuffleSite::Candidates candidates;
    for (const auto& [position, value] : live.ending) {
        std::vector<const Value*> killed = killCandidates(op, value);
        if (!killed.empty())
            candidates.emplace_back(position, std::move(killed));
    }
    const std::vector<std::size_t> order = shuffles_.draw(live.size);
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
                lists.kill.push_back(buffer);
                lists.touched = true;
                status = Status::Killed;
            }
        }
        for (const auto& entry : candidates)
            slot_[entry.first] = 0;
    }
    site.produced = lists.kill.size() - site.listStart;
    site.candidates = std::move(candidates);
    shuffles_.record(std::move(site));
}

// ProcessMarkOp ends with the kill test of the marked alloc alone (UpdateOpKillInfo), after
// its gen: no shuffle of the live values here, so the seed's sequence is not advanced.
void BufferLiveness::killMarkedAlloc(int index, const Op& op, const Value* alloc)
{
    for (const Value* buffer : killCandidates(op, alloc)) {
        Status& status = statusOf(buffer);
        if (status != Status::Gened)
            continue;
        out_.genKill[index].kill.push_back(buffer);
        out_.genKill[index].touched = true;
        status = Status::Killed;
    }
}

std::vector<const Value*> BufferLiveness::genCandidates(const std::vector<const Value*>& values) const
{
    std::vector<const Value*> written;
    for (const Value* value : values) {
        if (!aliases_.touchesPlannable(value))
            continue;
        for (const Value* buffer : aliases_.withSelf(value))
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
    site.listStart = out_.genKill[index].gen.size();
    std::vector<std::vector<const Value*>> tracked(live.size());
    std::vector<std::vector<const Value*>> candidates(live.size());
    bool any = false;
    for (std::size_t i = 0; i < live.size(); ++i) {
        for (const Value* buffer : aliases_.withSelf(live[i]))
            if (statusAt(buffer) != Status::Untracked)
                tracked[i].push_back(buffer);
        candidates[i] = genCandidates(tracked[i]);
        any = any || !candidates[i].empty();
    }
    std::vector<const Value*> buffers;
    for (const std::size_t i : shuffles_.draw(live.size()))
        buffers.insert(buffers.end(), tracked[i].begin(), tracked[i].end());
    gen(index, buffers);
    site.produced = out_.genKill[index].gen.size() - site.listStart;
    if (any)
        site.candidates = ShuffleLog::adding(candidates);
    shuffles_.record(std::move(site));
}

BufferLiveness::EntryHandler BufferLiveness::regionHandlerFor(const std::string& name)
{
    if (name == "scf.for")
        return &BufferLiveness::forEntry;
    if (name == "scf.while")
        return &BufferLiveness::whileEntry;
    if (name == "scf.if")
        return &BufferLiveness::ifEntry;
    if (name == "scope.scope")
        return &BufferLiveness::scopeEntry;
    return nullptr;
}

// Begin: the live buffers written, then the iter args alias their inits, the yielded values
// the iter args, the results the yielded values. End: the kill test.
void BufferLiveness::forEntry(const SequenceEntry& entry)
{
    const Op& op = *entry.op;
    if (entry.kind != EntryKind::Begin) {
        killHandle(entry.index, op);
        return;
    }
    genLiveInLoop(entry.index, op);
    const Region* body = op.regions.empty() ? nullptr : op.regions[0].get();
    const Block* entryBlock = body && !body->blocks.empty() ? body->blocks.front().get() : nullptr;
    if (!entryBlock)
        return;
    // operands: lb, ub, step, inits...; block args: iv, iter args...
    for (std::size_t i = 1; i < entryBlock->arguments.size() && i + 2 < op.operands.size(); ++i)
        alias(entryBlock->arguments[i], op.operands[i + 2]);
    const Op* yield = op.results.empty() ? nullptr : terminatorOf(*body);
    if (!yield)
        return;
    for (std::size_t i = 1; i < entryBlock->arguments.size() && i - 1 < yield->operands.size(); ++i)
        alias(yield->operands[i - 1], entryBlock->arguments[i]);
    for (std::size_t i = 0; i < op.results.size() && i < yield->operands.size(); ++i)
        alias(op.results[i], yield->operands[i]);
    if (options_.rules.selectInitKeepsYieldApart)
        keepSelectInitYieldsApart(op, *yield);
}

// Begin: the live buffers written, the before region's arguments alias the inits. End: the
// after region's yield aliases them, the results the after region's arguments; the kill test.
void BufferLiveness::whileEntry(const SequenceEntry& entry)
{
    const Op& op = *entry.op;
    if (entry.kind == EntryKind::Begin) {
        genLiveInLoop(entry.index, op);
        if (!op.regions.empty() && !op.regions[0]->blocks.empty()) {
            const auto& args = op.regions[0]->blocks.front()->arguments;
            for (std::size_t i = 0; i < args.size() && i < op.operands.size(); ++i)
                alias(args[i], op.operands[i]);
        }
        return;
    }
    if (!op.results.empty() && op.regions.size() == 2 && !op.regions[0]->blocks.empty()
        && !op.regions[1]->blocks.empty()) {
        const auto& iterArgs = op.regions[0]->blocks.front()->arguments;
        if (const Op* yield = terminatorOf(*op.regions[1]))
            for (std::size_t i = 0; i < yield->operands.size() && i < iterArgs.size(); ++i)
                alias(yield->operands[i], iterArgs[i]);
        const auto& afterArgs = op.regions[1]->blocks.front()->arguments;
        for (std::size_t i = 0; i < op.results.size() && i < afterArgs.size(); ++i)
            alias(op.results[i], afterArgs[i]);
    }
    killHandle(entry.index, op);
}

// Else: the then region's yield aliases the results (without an else region, the kill
// test too). End: the else region's yield, and the kill test.
void BufferLiveness::ifEntry(const SequenceEntry& entry)
{
    const Op& op = *entry.op;
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
            killHandle(entry.index, op);
    } else if (entry.kind == EntryKind::End) {
        aliasYield(1);
        killHandle(entry.index, op);
    }
}

// End: the results alias what the region returns; the kill test.
void BufferLiveness::scopeEntry(const SequenceEntry& entry)
{
    const Op& op = *entry.op;
    if (entry.kind != EntryKind::End)
        return;
    if (const Op* ret = op.regions.empty() ? nullptr : terminatorOf(*op.regions[0]))
        for (std::size_t i = 0; i < op.results.size() && i < ret->operands.size(); ++i)
            alias(op.results[i], ret->operands[i]);
    killHandle(entry.index, op);
}

BufferLives BufferLiveness::build()
{
    out_.genKill.assign(sequence_.size(), {});
    for (const SequenceEntry& entry : sequence_) {
        if (const EntryHandler handler = regionHandlerFor(entry.op->name))
            (this->*handler)(entry);
        else
            processOp(entry.index, *entry.op);
    }
    extendPreloadBuffers();
    lifeTimes();
    initializeForcedPairs();
    return std::move(out_);
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
            GenKill& lists = out_.genKill[entry.index];
            for (const Value* alias : aliases_.withSelf(buffer)) {
                Status& status = statusOf(alias);
                if (!begun && status == Status::Defined) {
                    lists.gen.push_back(alias);
                    lists.touched = true;
                    status = Status::Gened;
                } else if (begun && status == Status::Gened) {
                    lists.kill.push_back(alias);
                    lists.touched = true;
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
    for (std::size_t i = 0; i < out_.genKill.size(); ++i) {
        for (const Value* buffer : out_.genKill[i].gen)
            out_.lives[buffer] = BufferLife{buffer, static_cast<std::int64_t>(i), -1};
        for (const Value* buffer : out_.genKill[i].kill) {
            auto found = out_.lives.find(buffer);
            if (found != out_.lives.end())
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
        if (const auto info = out_.infos.find(yielded); info != out_.infos.end())
            info->second.ignoreInplace = true;
    }
}

void BufferLiveness::initializeForcedPairs()
{
    auto isAlloc = [](const Value* value) { return value->definingOp && value->definingOp->name == "memref.alloc"; };
    std::vector<std::pair<const Value*, const Value*>>& forcedPairs = out_.forcedPairs;
    for (const Value* buffer : out_.bufferOrder) {
        const AliasLists::Items* items = aliases_.itemsOf(buffer);
        if (!items)
            continue;
        for (const auto& [aliasBuffer, cond] : *items) {
            if (!isAlloc(aliasBuffer))
                continue;
            const auto pair = std::make_pair(buffer, aliasBuffer);
            const auto reversed = std::make_pair(aliasBuffer, buffer);
            if (std::find(forcedPairs.begin(), forcedPairs.end(), pair) != forcedPairs.end()
                || std::find(forcedPairs.begin(), forcedPairs.end(), reversed) != forcedPairs.end())
                continue;
            if (cond)
                continue;
            auto aliasInfo = out_.infos.find(aliasBuffer);
            auto bufferInfo = out_.infos.find(buffer);
            if (aliasInfo == out_.infos.end() || bufferInfo == out_.infos.end())
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
