#include "views/source/late_ir_pane.hpp"

#include "core/compile_log/compile_log.hpp"
#include "core/document/plan_document.hpp"
#include "views/plan_session.hpp"
#include "views/style.hpp"

#include <QFileInfo>

#include <algorithm>

namespace memlens {

LateIrPane::LateIrPane(PlanSession* session, QWidget* parent)
    : SourcePane(tr("LOG IR"), style::badgeLog(), SourceTextView::Language::Mlir, QString(), parent)
    , session_(session)
{
    setObjectName(QStringLiteral("lateIrPane"));
    setToolTip(tr("The IR the memory planner numbered, from the compile log: the ops of the selected block's Life "
                  "are highlighted, the time cursor's op is marked; click an op to put the cursor on it."));
    connect(session_, &PlanSession::documentChanged, this, &LateIrPane::onDocumentChanged);
    connect(session_, &PlanSession::selectedBlockChanged, this, &LateIrPane::refreshHighlights);
    connect(session_, &PlanSession::cursorChanged, this, &LateIrPane::refreshHighlights);
    connect(view(), &SourceTextView::lineActivated, this, &LateIrPane::onLineActivated);
    onDocumentChanged();
}

const CompileLog* LateIrPane::log() const
{
    const PlanDocument* document = session_->document();
    return document ? document->log.get() : nullptr;
}

std::optional<std::int64_t> LateIrPane::opAtLine(int line) const
{
    const CompileLog* compileLog = log();
    if (!compileLog || line <= 0)
        return std::nullopt;
    for (const LogOp& op : compileLog->ops)
        if (op.sectionLine == line)
            return op.index;
    return std::nullopt;
}

void LateIrPane::setOffered(bool offered)
{
    offered_ = offered;
    setVisible(offered_ && log() != nullptr);
}

void LateIrPane::onDocumentChanged()
{
    const CompileLog* compileLog = log();
    setVisible(offered_ && compileLog != nullptr);
    if (!compileLog || !compileLog->ir) {
        view()->setPlainText(QString());
        lifeLines_.clear();
        cursorLine_ = 0;
        return;
    }
    view()->setPlainText(QString::fromStdString(compileLog->ir->text()));
    // Numbered as compile.log's lines, as the IR pane numbers the same file.
    view()->setFirstLineNumber(static_cast<int>(std::max<std::int64_t>(1, compileLog->sectionFirstLine)));
    const QString file = QString::fromStdString(compileLog->file);
    setHeader(file,
        tr("%1\nThe IR dumped before hivm-plan-memory for %2: %3 ops in the planner's sequence")
            .arg(file, QString::fromStdString(compileLog->function))
            .arg(compileLog->ops.size()),
        QString());
    setSub(QString::fromStdString(compileLog->note));
    showCode();
    refreshHighlights();
}

void LateIrPane::refreshHighlights()
{
    const CompileLog* compileLog = log();
    lifeLines_.clear();
    cursorLine_ = 0;
    if (!compileLog)
        return;
    int strong = 0;
    if (const Block* block = session_->selectedBlockPtr()) {
        for (std::int64_t index = block->start; index <= block->end; ++index)
            if (const LogOp* op = compileLog->op(index); op && op->sectionLine > 0)
                lifeLines_.push_back(op->sectionLine);
        if (const LogOp* first = compileLog->op(block->start))
            strong = first->sectionLine;
    }
    std::sort(lifeLines_.begin(), lifeLines_.end());
    lifeLines_.erase(std::unique(lifeLines_.begin(), lifeLines_.end()), lifeLines_.end());
    if (const auto cursor = session_->cursorOp())
        if (const LogOp* op = compileLog->op(*cursor))
            cursorLine_ = op->sectionLine;
    view()->setHighlightedLines(strong, lifeLines_);
    view()->setMarkedLines(cursorLine_ > 0 ? std::vector<int>{cursorLine_} : std::vector<int>{});
    if (strong > 0)
        view()->centerOnLine(strong);
    else if (cursorLine_ > 0)
        view()->centerOnLine(cursorLine_);
    const QString lineText = strong > 0 ? tr("Life: %1 op lines").arg(lifeLines_.size()) : QString();
    setHeader(QString::fromStdString(compileLog->file), QString::fromStdString(compileLog->note), lineText);
}

void LateIrPane::onLineActivated(int line)
{
    if (const auto op = opAtLine(line))
        session_->setCursorOp(*op);
}

} // namespace memlens
