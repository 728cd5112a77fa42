#pragma once
// The one shared state every view follows: the open document, the scope on
// show, the selected block, the time cursor, and the blocks highlighted from a
// source line. Views change it through its setters and listen to its signals;
// none of them talk to each other directly.
#include "views/job_runner.hpp"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace memlens {

struct PlanDocument;
class BlockHitIndex;
struct ScopePlan;
struct PlanAnalysis;
struct Block;

class PlanSession : public QObject {
    Q_OBJECT
public:
    explicit PlanSession(QObject* parent = nullptr);

    // The document on show; null before the first load.
    const PlanDocument* document() const { return document_.get(); }
    std::shared_ptr<const PlanDocument> sharedDocument() const { return document_; }
    bool hasScope() const;
    int scopeIndex() const { return scopeIndex_; }
    const ScopePlan* scope() const;
    const PlanAnalysis* analysis() const;

    // Index into scope()->blocks, or -1.
    int selectedBlock() const { return selectedBlock_; }
    const Block* selectedBlockPtr() const;
    // The selected block and, while the selection spans its buffer (the table groups copies),
    // the buffer's other copies, in block order; empty when nothing is selected.
    std::vector<int> selectedBlocks() const;
    bool selectionSpansBuffer() const { return spansBuffer_; }
    std::optional<std::int64_t> cursorOp() const { return cursorOp_; }
    // The op a view shows "at the cursor": the cursor's, else the op where the highest address
    // first peaks (the address snapshot's). nullopt without a plan.
    std::optional<std::int64_t> opOnShow() const;
    // Blocks allocated by the IR or Python line the user picked (reverse link).
    const std::vector<int>& highlightedBlocks() const { return highlighted_; }
    // The source line the highlight comes from ("Line 57 of kernel.py"); "" when the
    // highlight has another origin or there is none. While set, the table shows only
    // the highlighted blocks.
    const QString& highlightedLine() const { return highlightedLine_; }
    // Per block of the scope: true when the table's filter hides it (the chart dims
    // it). Empty when no filter is on.
    const std::vector<bool>& filteredOut() const { return filteredOut_; }

    // The chart's hit index of the scope on show, or null. A loaded document brings it
    // (LoadOptions::buildHitIndexes); any other is built on this request, off the GUI thread, and
    // hitIndexReady follows. Nothing waits for a build, so the chart hits nothing until then.
    std::shared_ptr<const BlockHitIndex> hitIndex();

public slots:
    // Replaces the document; keeps the scope by name when it still exists.
    void setDocument(std::shared_ptr<const PlanDocument> document);
    void setScopeIndex(int index);
    void selectBlock(int blockIndex);
    // F8: selects the next block above capacity after the one selected, wrapping; false when none is.
    bool selectNextOverCapacity();
    // While on, a selected block stands for its whole buffer: every copy is selected with it.
    void setSelectionSpansBuffer(bool spans);
    void setCursorOp(std::optional<std::int64_t> op);
    void setHighlightedBlocks(std::vector<int> blocks, QString line = {});
    void setFilteredOut(std::vector<bool> hidden);
    void clear();

signals:
    void documentChanged(); // new document (also emitted after a capacity change re-analysis)
    void scopeChanged();    // another scope on show (also after documentChanged)
    void selectedBlockChanged(int blockIndex);
    void selectionSpanChanged(); // selectedBlocks() grew or shrank around the same block
    void cursorChanged();
    void highlightChanged();
    void filterChanged();
    void hitIndexReady(); // hitIndex() has the scope on show's index now

private:
    void dropHitIndex();

    std::shared_ptr<const PlanDocument> document_;
    int scopeIndex_ = -1;
    int selectedBlock_ = -1;
    bool spansBuffer_ = false;
    std::optional<std::int64_t> cursorOp_;
    std::vector<int> highlighted_;
    QString highlightedLine_;
    std::vector<bool> filteredOut_;
    std::shared_ptr<const BlockHitIndex> hitIndex_;
    JobRunner hitIndexJobs_; // cancelled by every change of scope or document
};

} // namespace memlens
