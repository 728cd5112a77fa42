#include "app/load_progress.hpp"

#include "app/document_loader.hpp"
#include "core/base/cancellation.hpp"
#include "views/view_text.hpp"

#include <QHBoxLayout>
#include <QProgressBar>
#include <QToolButton>

namespace memlens {

namespace {
constexpr int kSteps = 1000; // a tenth of a percent: a large dump moves the bar every poll
}

LoadProgress::LoadProgress(DocumentLoader* loader, QWidget* parent)
    : QWidget(parent)
    , bar_(new QProgressBar(this))
    , cancel_(new QToolButton(this))
{
    setObjectName(QStringLiteral("loadProgress"));
    bar_->setObjectName(QStringLiteral("loadProgressBar"));
    bar_->setMinimumWidth(220);
    bar_->setMaximumWidth(320);
    bar_->setTextVisible(true);
    cancel_->setObjectName(QStringLiteral("loadCancelButton"));
    cancel_->setText(tr("Cancel"));
    cancel_->setToolTip(tr("Stop loading; the dump on show stays"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(bar_);
    layout->addWidget(cancel_);
    hide();

    connect(cancel_, &QToolButton::clicked, this, &LoadProgress::cancelRequested);
    connect(loader, &DocumentLoader::busyChanged, this, &QWidget::setVisible);
    connect(loader, &DocumentLoader::started, this, &LoadProgress::onStarted);
    connect(loader, &DocumentLoader::progress, this, [this](int job, qint64 read, qint64 total) {
        Q_UNUSED(job); // the loader reports its latest job only
        onProgress(read, total);
    });
}

void LoadProgress::onStarted()
{
    bar_->setRange(0, 0); // busy until the first count arrives
    bar_->setFormat(QString());
}

void LoadProgress::onProgress(qint64 read, qint64 total)
{
    if (total <= 0) {
        bar_->setRange(0, 0);
        return;
    }
    bar_->setRange(0, kSteps);
    bar_->setValue(static_cast<int>(read * kSteps / total));
    // After the parse come the analysis and the IR: say so rather than sit at 100%.
    if (read >= total)
        bar_->setFormat(tr("Read %1 \u00b7 analysing\u2026").arg(bytesText(static_cast<std::uint64_t>(total))));
    else
        bar_->setFormat(
            tr("%p% \u00b7 %1 of %2")
                .arg(bytesText(static_cast<std::uint64_t>(read)), bytesText(static_cast<std::uint64_t>(total))));
}

} // namespace memlens
