#pragma once
// The Diagnosis dock: holds the DiagnosisPanel and opens itself (shown and
// raised over its tab siblings) when a dump's plan overflows — once per dump
// and scope, so a user who closes it is not overruled on every capacity edit.
#include "core/document/plan_document.hpp"

#include <QDockWidget>

#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace memlens {

class AppSettings;
class CompareWindow;
class DumpHistory;
class DiagnosisPanel;
class PlanSession;
struct PlanDocument;

class DiagnosisDock : public QDockWidget {
    Q_OBJECT
public:
    // The fit map's compiled cells are the versions `history` keeps of the dump on show, read with
    // the source folders and substitutions of `settings`.
    DiagnosisDock(PlanSession* session, const DumpHistory* history, const AppSettings* settings, QWidget* parent);

    DiagnosisPanel* panel() const { return panel_; }
    // The compare view the last fit map cell opened (null when closed).
    CompareWindow* lastCompare() const;

    // Opens a compare view of today's plan against a fit map cell's.
    CompareWindow* compare(std::shared_ptr<const PlanDocument> today, const QString& todayLabel,
        std::shared_ptr<const PlanDocument> plan, const QString& planLabel);

signals:
    // A lever row was selected and its buffers highlighted (through the session): what it changes,
    // for the window's status bar.
    void leverSelected(const QString& description);
    // The panel's: where a lever's value is chosen, and a line for the status bar.
    void pythonLinesChosen(const QString& localPath, const std::vector<int>& lines, const QString& caption);
    void statusMessage(const QString& text);

private:
    void onDiagnosed(bool overflows);
    QStringList historyVersions() const;
    LoadOptions historyOptions() const;

    PlanSession* session_;
    const DumpHistory* history_;
    const AppSettings* settings_;
    DiagnosisPanel* panel_;
    QString openedFor_;             // the file and scope the dock last opened itself for
    QPointer<QWidget> lastCompare_; // a CompareWindow
};

} // namespace memlens
