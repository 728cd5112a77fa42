#include "app/compare_window.hpp"

#include "app/message_bar.hpp"
#include "core/dump_display_name.hpp"

#include <QFileInfo>
#include <QGuiApplication>
#include <QScreen>
#include <QStatusBar>
#include <QVBoxLayout>

namespace memlens {

namespace {

// Both sides judged by one capacity, matched, and summed up: the work a
// comparison needs, done off the GUI thread.
Comparison buildComparison(std::shared_ptr<const PlanDocument> a, std::shared_ptr<const PlanDocument> b,
    const QString& labelA, const QString& labelB)
{
    auto sharedA = std::make_shared<PlanDocument>(*a);
    auto sharedB = std::make_shared<PlanDocument>(*b);
    shareCapacities(*sharedA, *sharedB);
    Comparison comparison;
    comparison.diff = std::make_shared<const PlanDiff>(diffPlans(*sharedA, *sharedB));
    comparison.summary = QString::fromStdString(describePlanChange(*sharedA, *sharedB));
    comparison.a = std::move(sharedA);
    comparison.b = std::move(sharedB);
    comparison.labelA = labelA;
    comparison.labelB = labelB;
    return comparison;
}

QString labelOf(const QString& path) { return QString::fromStdString(dumpDisplayName(path.toStdString())); }

} // namespace

CompareWindow::CompareWindow(QWidget* parent)
    : QMainWindow(parent)
    , view_(new CompareView)
    , messageBar_(new MessageBar)
    , loaderA_(new DocumentLoader(this))
    , loaderB_(new DocumentLoader(this))
{
    setObjectName(QStringLiteral("compareWindow"));
    setWindowTitle(tr("Compare — memlens"));
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(messageBar_);
    layout->addWidget(view_, 1);
    setCentralWidget(central);

    QSize size(1400, 900);
    if (QScreen* screen = QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.92);
    resize(size);

    connect(loaderA_, &DocumentLoader::loaded, this,
        [this](int, std::shared_ptr<const PlanDocument> document) { onSideLoaded(true, std::move(document)); });
    connect(loaderB_, &DocumentLoader::loaded, this,
        [this](int, std::shared_ptr<const PlanDocument> document) { onSideLoaded(false, std::move(document)); });
    connect(loaderA_, &DocumentLoader::failed, this,
        [this](int, const QString& path, const QString& message) { onSideFailed(true, path, message); });
    connect(loaderB_, &DocumentLoader::failed, this,
        [this](int, const QString& path, const QString& message) { onSideFailed(false, path, message); });
}

void CompareWindow::compareFiles(const QString& pathA, const LoadOptions& optionsA, const QString& pathB,
    const LoadOptions& optionsB, const KernelCapacities& remembered)
{
    diffJobs_.cancelAll();
    pendingA_.reset();
    pendingB_.reset();
    labelA_ = labelOf(pathA);
    labelB_ = labelOf(pathB);
    // Two files of one name: the folders tell them apart, and the title says which is which.
    setWindowTitle(tr("Compare A %1 with B %2 — memlens").arg(labelA_, labelB_));
    statusBar()->showMessage(tr("Loading %1 and %2…").arg(labelA_, labelB_));
    loaderA_->load(pathA, optionsA, remembered);
    loaderB_->load(pathB, optionsB, remembered);
}

void CompareWindow::compareDocuments(std::shared_ptr<const PlanDocument> a, const QString& labelA,
    std::shared_ptr<const PlanDocument> b, const QString& labelB)
{
    loaderA_->cancel();
    loaderB_->cancel();
    pendingA_ = std::move(a);
    pendingB_ = std::move(b);
    labelA_ = labelA;
    labelB_ = labelB;
    setWindowTitle(tr("Compare A %1 with B %2 — memlens").arg(labelA_, labelB_));
    startDiff();
}

void CompareWindow::onSideLoaded(bool isA, std::shared_ptr<const PlanDocument> document)
{
    (isA ? pendingA_ : pendingB_) = std::move(document);
    if (pendingA_ && pendingB_)
        startDiff();
}

void CompareWindow::onSideFailed(bool isA, const QString& path, const QString& message)
{
    // One side cannot be read: no comparison; say which side and why.
    diffJobs_.cancelAll();
    (isA ? loaderB_ : loaderA_)->cancel();
    statusBar()->showMessage(tr("Could not open %1").arg(QFileInfo(path).fileName()));
    messageBar_->showMessage(MessageBar::Kind::Error,
        tr("<b>Could not open %1 (%2).</b> %3")
            .arg(isA ? QStringLiteral("A") : QStringLiteral("B"), labelOf(path).toHtmlEscaped(),
                message.toHtmlEscaped()));
    emit loadFailed(message);
}

void CompareWindow::startDiff()
{
    statusBar()->showMessage(tr("Comparing…"));
    // A newer request cancels this one, and its result is dropped.
    diffJobs_.start([a = pendingA_, b = pendingB_, labelA = labelA_, labelB = labelB_](
                        const JobCancel&) { return buildComparison(a, b, labelA, labelB); },
        [this](Comparison comparison) {
            messageBar_->dismiss();
            statusBar()->clearMessage(); // the view's own summary line says what changed
            view_->setComparison(std::move(comparison));
            emit comparisonShown();
        });
}

} // namespace memlens
