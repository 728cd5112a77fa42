#pragma once
// What the message bar warns of for the document on show, first and kept there (a later, milder
// message such as what a reload changed follows it): the kernel's dumps not of one compile, an IR
// or a compile log that may be another compile's, and which of the two to choose again.
#include <QString>
#include <QStringList>

namespace memlens {

struct PlanDocument;

struct DocumentWarning {
    enum class Offer { None, IrFile, LogFile };
    QString html;              // "" when there is nothing to warn of
    Offer offer = Offer::None; // the file the bar offers to open instead
};

// `kernelNotes`: the notes of the kernel's folder the document belongs to (none for a dump alone).
DocumentWarning documentWarning(const PlanDocument& document, const QStringList& kernelNotes);

} // namespace memlens
