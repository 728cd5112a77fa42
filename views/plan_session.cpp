#include "views/plan_session.hpp"

#include "core/analysis/block_hit_index.hpp"
#include "core/document/plan_document.hpp"
#include "core/document/scope_indexes.hpp"

#include <algorithm>

namespace memlens {

PlanSession::PlanSession(QObject* parent)
    : QObject(parent)
{
}

std::optional<std::int64_t> PlanSession::opOnShow() const
{
    if (cursorOp_)
        return cursorOp_;
    if (const PlanAnalysis* shown = analysis(); shown && shown->fragmentation)
        return shown->fragmentation->op;
    return std::nullopt;
}

bool PlanSession::hasScope() const
{
    return document_ && scopeIndex_ >= 0 && scopeIndex_ < static_cast<int>(document_->dump.scopes.size());
}

const ScopePlan* PlanSession::scope() const
{
    return hasScope() ? &document_->dump.scopes[static_cast<std::size_t>(scopeIndex_)] : nullptr;
}

const PlanAnalysis* PlanSession::analysis() const
{
    return hasScope() ? &document_->analyses[static_cast<std::size_t>(scopeIndex_)] : nullptr;
}

const Block* PlanSession::selectedBlockPtr() const
{
    const ScopePlan* plan = scope();
    if (!plan || selectedBlock_ < 0 || selectedBlock_ >= static_cast<int>(plan->blocks.size()))
        return nullptr;
    return &plan->blocks[static_cast<std::size_t>(selectedBlock_)];
}

std::vector<int> PlanSession::selectedBlocks() const
{
    const Block* selected = selectedBlockPtr();
    if (!selected)
        return {};
    if (!spansBuffer_)
        return {selectedBlock_};
    std::vector<int> copies;
    const std::vector<Block>& blocks = scope()->blocks;
    for (std::size_t i = 0; i < blocks.size(); ++i)
        if (blocks[i].bufferIndex == selected->bufferIndex)
            copies.push_back(static_cast<int>(i));
    return copies;
}

void PlanSession::setSelectionSpansBuffer(bool spans)
{
    if (spans == spansBuffer_)
        return;
    spansBuffer_ = spans;
    emit selectionSpanChanged();
}

void PlanSession::setDocument(std::shared_ptr<const PlanDocument> document)
{
    // What is on show, by name: a reload may reorder scopes and blocks.
    std::string previousScope;
    std::optional<std::pair<std::string, int>> previousBlock; // buffer name, copy
    if (const ScopePlan* plan = scope()) {
        previousScope = plan->scope;
        if (const Block* block = selectedBlockPtr())
            previousBlock = std::make_pair(plan->bufferOf(*block).ssaName, block->copy);
    }
    const bool sameFile = document_ && document && document_->dump.file == document->dump.file;

    document_ = std::move(document);
    scopeIndex_ = -1;
    selectedBlock_ = -1;
    if (document_ && !document_->dump.scopes.empty()) {
        // The scope already on show, else the first that overflows, else the first.
        scopeIndex_ = 0;
        int overflowing = -1;
        int same = -1;
        for (std::size_t i = 0; i < document_->dump.scopes.size(); ++i) {
            if (same < 0 && !previousScope.empty() && document_->dump.scopes[i].scope == previousScope)
                same = static_cast<int>(i);
            if (overflowing < 0 && document_->analyses[i].overflow)
                overflowing = static_cast<int>(i);
        }
        scopeIndex_ = same >= 0 ? same : overflowing >= 0 ? overflowing : 0;
    }
    // A reload or a capacity change keeps the selected block when it still exists.
    if (const ScopePlan* plan = scope(); plan && sameFile && previousBlock && plan->scope == previousScope) {
        for (std::size_t i = 0; i < plan->blocks.size(); ++i) {
            const Block& block = plan->blocks[i];
            if (plan->bufferOf(block).ssaName == previousBlock->first && block.copy == previousBlock->second) {
                selectedBlock_ = static_cast<int>(i);
                break;
            }
        }
    }
    if (!sameFile)
        cursorOp_.reset();
    highlighted_.clear();
    highlightedLine_.clear();
    filteredOut_.clear(); // the table sends the new scope's once it has filtered it
    dropHitIndex();
    emit documentChanged();
    emit scopeChanged();
    emit selectedBlockChanged(selectedBlock_);
    emit cursorChanged();
    emit highlightChanged();
}

void PlanSession::setScopeIndex(int index)
{
    if (!document_ || index == scopeIndex_ || index < 0 || index >= static_cast<int>(document_->dump.scopes.size()))
        return;
    scopeIndex_ = index;
    selectedBlock_ = -1;
    highlighted_.clear();
    highlightedLine_.clear();
    filteredOut_.clear();
    dropHitIndex();
    emit scopeChanged();
    emit selectedBlockChanged(selectedBlock_);
    emit highlightChanged();
}

void PlanSession::dropHitIndex()
{
    hitIndexJobs_.cancelAll(); // a build for the scope shown before is never delivered
    hitIndex_ = nullptr;
}

std::shared_ptr<const BlockHitIndex> PlanSession::hitIndex()
{
    // Once a build is asked for, its index comes through hitIndexReady only, never half-way.
    if (hitIndex_ || !hasScope() || hitIndexJobs_.hasPending())
        return hitIndex_;
    const auto scope = static_cast<std::size_t>(scopeIndex_);
    if ((hitIndex_ = document_->indexes->builtHitIndex(scope)))
        return hitIndex_;
    hitIndexJobs_.start([document = document_, scope](const JobCancel&) { return document->hitIndexOf(scope); },
        [this](std::shared_ptr<const BlockHitIndex> index) {
            hitIndex_ = std::move(index);
            emit hitIndexReady();
        });
    return nullptr;
}

bool PlanSession::selectNextOverCapacity()
{
    const PlanAnalysis* plan = analysis();
    if (!plan || plan->overCapacityBlocks.empty())
        return false;
    const auto& over = plan->overCapacityBlocks;
    const auto next = std::upper_bound(over.begin(), over.end(), selectedBlock_);
    selectBlock(next == over.end() ? over.front() : *next);
    return true;
}

void PlanSession::selectBlock(int blockIndex)
{
    const ScopePlan* plan = scope();
    if (!plan || blockIndex < -1 || blockIndex >= static_cast<int>(plan->blocks.size()))
        blockIndex = -1;
    if (blockIndex == selectedBlock_)
        return;
    selectedBlock_ = blockIndex;
    emit selectedBlockChanged(selectedBlock_);
}

void PlanSession::setCursorOp(std::optional<std::int64_t> op)
{
    if (op == cursorOp_)
        return;
    cursorOp_ = op;
    emit cursorChanged();
}

void PlanSession::setHighlightedBlocks(std::vector<int> blocks, QString line)
{
    if (blocks.empty())
        line.clear(); // a line that allocates nothing filters nothing
    if (blocks == highlighted_ && line == highlightedLine_)
        return;
    highlighted_ = std::move(blocks);
    highlightedLine_ = std::move(line);
    emit highlightChanged();
}

void PlanSession::setFilteredOut(std::vector<bool> hidden)
{
    if (hidden == filteredOut_)
        return;
    filteredOut_ = std::move(hidden);
    emit filterChanged();
}

void PlanSession::clear() { setDocument(nullptr); }

} // namespace memlens
