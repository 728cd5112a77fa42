#include "app/user_guide_window.hpp"

#include "app/help_dialogs.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QImage>
#include <QKeySequence>
#include <QShortcut>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFragment>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

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
    browser_->viewport()->installEventFilter(this); // its width decides the pictures'
    fitPictures();
    auto* close = new QShortcut(QKeySequence::Close, this);
    connect(close, &QShortcut::activated, this, &QWidget::close);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(escape, &QShortcut::activated, this, &QWidget::close);
}

bool UserGuideWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == browser_->viewport() && event->type() == QEvent::Resize)
        fitPictures();
    return QMainWindow::eventFilter(watched, event);
}

void UserGuideWindow::fitPictures()
{
    QTextDocument* document = browser_->document();
    const qreal room = browser_->viewport()->width() - 2 * document->documentMargin() - 4;
    if (room <= 0)
        return;
    // Found first, changed after: a format set while the fragments are walked would move them.
    std::vector<std::pair<int, QTextImageFormat>> changes;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        for (auto fragment = block.begin(); !fragment.atEnd(); ++fragment) {
            const QTextFragment part = fragment.fragment();
            if (!part.isValid() || !part.charFormat().isImageFormat())
                continue;
            QTextImageFormat image = part.charFormat().toImageFormat();
            const QImage picture
                = qvariant_cast<QImage>(document->resource(QTextDocument::ImageResource, QUrl(image.name())));
            if (picture.isNull() || picture.width() <= 0)
                continue;
            const qreal width = std::min<qreal>(picture.width(), room);
            if (image.width() > 0 && std::abs(image.width() - width) < 0.5)
                continue;
            image.setWidth(width);
            image.setHeight(picture.height() * width / picture.width());
            for (int at = part.position(); at < part.position() + part.length(); ++at)
                changes.emplace_back(at, image);
        }
    if (changes.empty())
        return;
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    for (const auto& [at, image] : changes) {
        cursor.setPosition(at);
        cursor.setPosition(at + 1, QTextCursor::KeepAnchor);
        cursor.setCharFormat(image);
    }
    cursor.endEditBlock();
}

} // namespace memlens
