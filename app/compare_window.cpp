#include "app/compare_window.hpp"

#include "app/message_bar.hpp"
#include "core/dump/dump_display_name.hpp"
#include "core/text/terminal_text.hpp"
#include "views/plan_session.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenuBar>
#include <QSaveFile>
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

    buildMenus();
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
    pathA_ = pathA;
    optionsB_ = optionsB;
    remembered_ = remembered;
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
    // One side cannot be read: no comparison; say which side and why. A bad B keeps A, loaded
    // or on its way, and offers another B.
    diffJobs_.cancelAll();
    QList<QPair<QString, std::function<void()>>> actions;
    if (isA) {
        loaderB_->cancel();
    } else {
        pendingB_.reset();
        actions.append({tr("Choose B\u2026"), [this] { chooseB(); }});
    }
    statusBar()->showMessage(tr("Could not open %1").arg(QFileInfo(path).fileName()));
    messageBar_->showMessage(MessageBar::Kind::Error,
        tr("<b>Could not open %1 (%2).</b> %3%4")
            .arg(isA ? QStringLiteral("A") : QStringLiteral("B"), labelOf(path).toHtmlEscaped(),
                message.toHtmlEscaped(),
                isA ? QString() : tr("<br>A is %1; choose another B to compare it with.").arg(labelA_.toHtmlEscaped())),
        actions);
    emit loadFailed(message);
}

void CompareWindow::chooseB()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Compare %1 With").arg(labelA_),
        QFileInfo(pathA_).absolutePath(), tr("Memory dumps (*.json);;All files (*)"));
    if (!path.isEmpty())
        replaceB(path);
}

void CompareWindow::preferSelectionOf(const PlanSession& session, bool onB)
{
    const Block* block = session.selectedBlockPtr();
    if (!block || !session.scope())
        return;
    view_->setPreferredBuffer(QString::fromStdString(session.scope()->scope),
        QString::fromStdString(session.scope()->bufferOf(*block).ssaName), onB);
}

void CompareWindow::replaceB(const QString& pathB)
{
    diffJobs_.cancelAll();
    pendingB_.reset();
    labelB_ = labelOf(pathB);
    messageBar_->dismiss();
    setWindowTitle(tr("Compare A %1 with B %2 — memlens").arg(labelA_, labelB_));
    statusBar()->showMessage(tr("Loading %1…").arg(labelB_));
    loaderB_->load(pathB, optionsB_, remembered_);
}

void CompareWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* exportAction = file->addAction(tr("&Export Comparison…"), this, &CompareWindow::chooseAndExport);
    exportAction->setShortcut(QKeySequence::Save);
    file->addSeparator();
    QAction* close = file->addAction(tr("&Close"), this, &QWidget::close);
    close->setShortcuts({QKeySequence::Close, QKeySequence(Qt::Key_Escape)});
    close->setShortcutContext(Qt::WindowShortcut);
}

DiffFormat CompareWindow::formatForFile(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("json"))
        return DiffFormat::Json;
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown"))
        return DiffFormat::Markdown;
    return DiffFormat::Text;
}

void CompareWindow::chooseAndExport()
{
    if (!view_->comparison().diff)
        return;
    // Beside A, where the dumps are.
    const QString suggested = QFileInfo(pathA_).absoluteDir().filePath(QStringLiteral("diff.md"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Comparison"), suggested,
        tr("Markdown (*.md);;Text (*.txt);;JSON, as memlens diff --format json (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportComparison(path, formatForFile(path), &error))
        statusBar()->showMessage(tr("Comparison written to %1").arg(path));
    else
        messageBar_->showMessage(
            MessageBar::Kind::Error, tr("<b>Could not export the comparison.</b> %1").arg(error.toHtmlEscaped()));
}

bool CompareWindow::exportComparison(const QString& path, DiffFormat format, QString* error) const
{
    const Comparison& comparison = view_->comparison();
    if (!comparison.a || !comparison.b || !comparison.diff) {
        if (error)
            *error = tr("Nothing is compared yet.");
        return false;
    }
    const DiffInput input{*comparison.a, *comparison.b, *comparison.diff, std::nullopt};
    std::string text;
    switch (format) {
    case DiffFormat::Json:
        text = diffJson(input).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + '\n';
        break;
    case DiffFormat::Markdown: text = terminalText(diffMarkdown(input)); break;
    case DiffFormat::Text: text = terminalText(diffText(input)); break;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) < 0
        || !file.commit()) {
        if (error)
            *error = tr("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
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
