#include "app/document_warning.hpp"

#include "core/document/plan_document.hpp"

#include <QObject>

namespace memlens {

DocumentWarning documentWarning(const PlanDocument& document, const QStringList& kernelNotes)
{
    DocumentWarning warning;
    const auto add = [&warning](const QString& line) {
        warning.html = warning.html.isEmpty() ? line : warning.html + QStringLiteral("<br>") + line;
    };
    if (!kernelNotes.isEmpty())
        add(QObject::tr("<b>The kernel's dumps may not be one compile's:</b> %1.")
                .arg(kernelNotes.join(QStringLiteral("; ")).toHtmlEscaped()));
    if (!document.irWarning.empty()) { // the IR pane would show another compile's lines as this plan's
        add(QObject::tr("<b>The IR may not belong to this dump:</b> %1.")
                .arg(QString::fromStdString(document.irWarning).toHtmlEscaped()));
        warning.offer = DocumentWarning::Offer::IrFile;
    } else if (!document.logNote.empty()) { // a log found or chosen that is another compile's
        add(QObject::tr("<b>Compile log not used:</b> %1.")
                .arg(QString::fromStdString(document.logNote).toHtmlEscaped()));
        warning.offer = DocumentWarning::Offer::LogFile;
    }
    return warning;
}

} // namespace memlens
