#pragma once
// The compare window: a CompareView of two dumps (File > Compare With…,
// `memlens A B`) or of two versions of one dump (the reload bar). Loads and
// diffs off the GUI thread; a request made later drops an earlier one's result.
#include "app/document_loader.hpp"
#include "views/compare/compare_view.hpp"
#include "views/job_runner.hpp"

#include <QMainWindow>

#include <memory>

namespace memlens {

class MessageBar;

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

    CompareView* view() const { return view_; }
    MessageBar* messageBar() const { return messageBar_; }

signals:
    void comparisonShown();
    void loadFailed(const QString& message);

private:
    void onSideLoaded(bool isA, std::shared_ptr<const PlanDocument> document);
    void onSideFailed(bool isA, const QString& path, const QString& message);
    void startDiff();

    CompareView* view_;
    MessageBar* messageBar_;
    DocumentLoader* loaderA_;
    DocumentLoader* loaderB_;
    std::shared_ptr<const PlanDocument> pendingA_;
    std::shared_ptr<const PlanDocument> pendingB_;
    QString labelA_;
    QString labelB_;
    JobRunner diffJobs_; // the latest comparison only
};

} // namespace memlens
