#pragma once
// The Diagnosis dock: holds the DiagnosisPanel and opens itself (shown and
// raised over its tab siblings) when a dump's plan overflows — once per dump
// and scope, so a user who closes it is not overruled on every capacity edit.
#include <QDockWidget>

#include <QString>

namespace memlens {

class DiagnosisPanel;
class PlanSession;

class DiagnosisDock : public QDockWidget {
    Q_OBJECT
public:
    DiagnosisDock(PlanSession* session, QWidget* parent = nullptr);

    DiagnosisPanel* panel() const { return panel_; }

private:
    void onDiagnosed(bool overflows);

    PlanSession* session_;
    DiagnosisPanel* panel_;
    QString openedFor_; // the file and scope the dock last opened itself for
};

} // namespace memlens
