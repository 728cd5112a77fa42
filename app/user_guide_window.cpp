#include "app/user_guide_window.hpp"

#include "app/help_dialogs.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QKeySequence>
#include <QShortcut>
#include <QTextBrowser>
#include <QUrl>

#ifndef MEMLENS_GUIDE_DIR
#define MEMLENS_GUIDE_DIR "../share/doc/memlens" // set by app/CMakeLists.txt from the install layout
#endif

namespace memlens {

QString UserGuideWindow::expectedPath()
{
    return QDir::cleanPath(
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral(MEMLENS_GUIDE_DIR "/user-guide.md")));
}

QString UserGuideWindow::guidePath()
{
    const QString path = expectedPath();
    return QFileInfo(path).isFile() ? path : QString();
}

UserGuideWindow::UserGuideWindow(QWidget* parent)
    : QMainWindow(parent)
    , browser_(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("userGuideWindow"));
    setWindowTitle(tr("memlens User Guide"));
    setAttribute(Qt::WA_DeleteOnClose);
    resize(fittedToScreen(QSize(900, 760), parent));
    browser_->setOpenExternalLinks(true);
    setCentralWidget(browser_);
    // Its pictures (images/...) resolve against the guide's own folder.
    if (const QString path = guidePath(); !path.isEmpty())
        browser_->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
    else
        browser_->setHtml(tr("<h3>The user guide is not installed</h3><p>memlens looks for it at <tt>%1</tt>, "
                             "where the build and the package put it; <tt>docs/user-guide.md</tt> in the source "
                             "is the same text.</p>")
                              .arg(expectedPath().toHtmlEscaped()));
    auto* close = new QShortcut(QKeySequence::Close, this);
    connect(close, &QShortcut::activated, this, &QWidget::close);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(escape, &QShortcut::activated, this, &QWidget::close);
}

} // namespace memlens
