#include "app/diagnosis_dock.hpp"

#include "views/diagnosis/diagnosis_panel.hpp"
#include "views/plan_session.hpp"

namespace memlens {

DiagnosisDock::DiagnosisDock(PlanSession* session, QWidget* parent)
    : QDockWidget(tr("Diagnosis"), parent)
    , session_(session)
    , panel_(new DiagnosisPanel(session, this))
{
    setObjectName(QStringLiteral("diagnosisDock"));
    setWidget(panel_);
    connect(panel_, &DiagnosisPanel::diagnosed, this, &DiagnosisDock::onDiagnosed);
}

void DiagnosisDock::onDiagnosed(bool overflows)
{
    const PlanDocument* document = session_->document();
    const ScopePlan* scope = session_->scope();
    if (!overflows || !document || !scope)
        return;
    const QString key
        = QString::fromStdString(document->dump.file) + QLatin1Char('\n') + QString::fromStdString(scope->scope);
    if (key == openedFor_)
        return;
    openedFor_ = key;
    show();
    raise();
}

} // namespace memlens
