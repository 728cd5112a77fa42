// MainWindow: the message bar of the document on show. A bar belongs to the dump it
// describes: each load replaces it, and a warning about the dump's IR or compile log
// is never pushed aside by a later, milder message (what a reload changed). Its words are
// app/document_warning's.
#include "app/main_window.hpp"

#include "app/document_warning.hpp"
#include "app/kernel_session.hpp"
#include "app/message_bar.hpp"
#include "views/kernel_cores.hpp"

#include <QFileInfo>

namespace memlens {

void MainWindow::showDocumentMessage(
    const PlanDocument& document, const QString& text, QList<QPair<QString, std::function<void()>>> actions)
{
    // A kernel's folder on show: its dumps may not be one compile's, whichever core is shown.
    // The kernel's notes are of its aic and aiv halves not pairing; the title bar says so on one line
    // already where the dump on show has such a half beside it: never said twice.
    const QStringList notes = kernel_->cores()->contains(currentFile_) && document.siblingWarning.empty()
        ? kernel_->cores()->notes()
        : QStringList();
    const DocumentWarning warning = documentWarning(document, notes);
    if (warning.offer == DocumentWarning::Offer::IrFile)
        actions.prepend({tr("Open IR…"), [this] { chooseIrFile(); }});
    else if (warning.offer == DocumentWarning::Offer::LogFile)
        actions.prepend({tr("Open Compile Log…"), [this] { chooseLogFile(); }});
    if (!warning.html.isEmpty())
        views_.messageBar->showMessage(MessageBar::Kind::Warning,
            text.isEmpty() ? warning.html : warning.html + QStringLiteral("<br>") + text, actions);
    else if (text.isEmpty())
        views_.messageBar->dismiss();
    else
        views_.messageBar->showMessage(MessageBar::Kind::Info, text, actions);
}

} // namespace memlens
