#pragma once
// The late IR a compile log holds (the IR the memory planner numbered): the ops of the
// selected block's Life highlighted, the op at the time cursor marked, and a click on an
// op's line moves the cursor to that op. Shown beside the IR and Python panes when the
// document has a compile log (core/compile_log), hidden otherwise.
#include "views/source/source_pane.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace memlens {

class PlanSession;
struct CompileLog;

class LateIrPane : public SourcePane {
    Q_OBJECT
public:
    explicit LateIrPane(PlanSession* session, QWidget* parent = nullptr);

    // Lines of the log's section highlighted for the selected block, and the cursor op's line (0 when none).
    const std::vector<int>& lifeLines() const { return lifeLines_; }
    int cursorLine() const { return cursorLine_; }
    // The op of the sequence whose line is `line` (the first of them), nullopt when none.
    std::optional<std::int64_t> opAtLine(int line) const;
    // Whether the pane may show at all (it does when the document has a log); true by default.
    void setOffered(bool offered);

private:
    void onDocumentChanged();
    void refreshHighlights();
    void onLineActivated(int line);
    const CompileLog* log() const;

    PlanSession* session_;
    bool offered_ = true;
    std::vector<int> lifeLines_;
    int cursorLine_ = 0;
};

} // namespace memlens
