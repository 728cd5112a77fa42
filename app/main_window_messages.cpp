// MainWindow: the message bar of the document on show. A bar belongs to the dump it
// describes: each load replaces it, and a warning about the dump's IR or compile log
// is never pushed aside by a later, milder message (what a reload changed).
#include "app/main_window.hpp"

#include "app/kernel_session.hpp"
#include "app/message_bar.hpp"
#include "views/kernel_cores.hpp"

#include <QFileInfo>

namespace memlens {

void MainWindow::showDocumentMessage(
    const PlanDocument& document, const QString& text, QList<QPair<QString, std::function<void()>>> actions)
{
    QString warning;
    // A kernel's folder on show: its dumps may not be one compile's, whichever core is shown.
    // The kernel's notes are of its aic and aiv halves not pairing; the title bar says so on one line
    // already where the dump on show has such a half beside it: never said twice.
    const QStringList notes = kernel_->cores()->contains(currentFile_) && document.siblingWarning.empty()
        ? kernel_->cores()->notes()
        : QStringList();
    if (!notes.isEmpty())
        warning = tr("<b>The kernel's dumps may not be one compile's:</b> %1.")
                      .arg(notes.join(QStringLiteral("; ")).toHtmlEscaped());
    const auto add = [&warning](const QString& line) {
        warning = warning.isEmpty() ? line : warning + QStringLiteral("<br>") + line;
    };
    if (!document.irWarning.empty()) { // the IR pane would show another compile's lines as this plan's
        add(tr("<b>The IR may not belong to this dump:</b> %1.")
                .arg(QString::fromStdString(document.irWarning).toHtmlEscaped()));
        actions.prepend({tr("Open IR…"), [this] { chooseIrFile(); }});
    } else if (!document.logNote.empty()) { // a log found or chosen that is another compile's
        add(tr("<b>Compile log not used:</b> %1.").arg(QString::fromStdString(document.logNote).toHtmlEscaped()));
        actions.prepend({tr("Open Compile Log…"), [this] { chooseLogFile(); }});
    }
    if (!warning.isEmpty()) {
        views_.messageBar->showMessage(
            MessageBar::Kind::Warning, text.isEmpty() ? warning : warning + QStringLiteral("<br>") + text, actions);
        return;
    }
    if (text.isEmpty())
        views_.messageBar->dismiss();
    else
        views_.messageBar->showMessage(MessageBar::Kind::Info, text, actions);
}

} // namespace memlens
