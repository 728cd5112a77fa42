#pragma once
// The compare window: a CompareView of two dumps (File > Compare With…,
// `memlens A B`) or of two versions of one dump (the reload bar). Loads and
// diffs off the GUI thread; a request made later drops an earlier one's result.
#include "app/document_loader.hpp"
#include "core/diff/diff_report.hpp"
#include "views/compare/compare_view.hpp"
#include "views/job_runner.hpp"

#include <QMainWindow>

#include <memory>

namespace memlens {

class MessageBar;
class PlanSession;

class CompareWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit CompareWindow(QWidget* parent = nullptr);

    // Loads both dumps, then shows them. A is the "before", B the "after".
    void compareFiles(const QString& pathA, const LoadOptions& optionsA, const QString& pathB,
        const LoadOptions& optionsB, const KernelCapacities& remembered = {});
    // Two documents already loaded (a reload's before and after), with their labels.
    void compareDocuments(std::shared_ptr<const PlanDocument> a, const QString& labelA,
        std::shared_ptr<const PlanDocument> b, const QString& labelB);

    // The comparison starts on the block selected in `session` (its buffer on side B when `onB`, else A).
    void preferSelectionOf(const PlanSession& session, bool onB);
    // Loads another B (after B could not be read, "Choose B…"), keeping A.
    void replaceB(const QString& pathB);
    // The comparison on show as `memlens diff --format` writes it; false and *error when it cannot be written.
    bool exportComparison(const QString& path, DiffFormat format, QString* error = nullptr) const;
    // The format a file name asks for: .json, .md, else text.
    static DiffFormat formatForFile(const QString& path);

    CompareView* view() const { return view_; }
    MessageBar* messageBar() const { return messageBar_; }

signals:
    void comparisonShown();
    void loadFailed(const QString& message);

private:
    void onSideLoaded(bool isA, std::shared_ptr<const PlanDocument> document);
    void onSideFailed(bool isA, const QString& path, const QString& message);
    void startDiff();
    void buildMenus();
    void chooseAndExport();
    void chooseB();

    CompareView* view_;
    MessageBar* messageBar_;
    DocumentLoader* loaderA_;
    DocumentLoader* loaderB_;
    std::shared_ptr<const PlanDocument> pendingA_;
    std::shared_ptr<const PlanDocument> pendingB_;
    QString labelA_;
    QString labelB_;
    QString pathA_;
    LoadOptions optionsB_;
    KernelCapacities remembered_;
    JobRunner diffJobs_; // the latest comparison only
};

} // namespace memlens
