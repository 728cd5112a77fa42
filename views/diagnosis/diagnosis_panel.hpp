#pragma once
// Why the scope on show overflows and what would fit: the critical op with a
// jump to it, what is live there by source line (a row selects its blocks),
// the levers and the largest fitting tile size. Diagnosed off the GUI thread.
#include "core/diagnosis.hpp"
#include "views/job_runner.hpp"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QTableWidget;

namespace memlens {

class PlanSession;

class DiagnosisPanel : public QWidget {
    Q_OBJECT
public:
    explicit DiagnosisPanel(PlanSession* session, QWidget* parent = nullptr);

    // The diagnosis on show; null while none is ready.
    const Diagnosis* diagnosis() const { return diagnosis_ ? &*diagnosis_ : nullptr; }
    QTableWidget* sourceTable() const { return sources_; }
    QTableWidget* leverTable() const { return levers_; }
    QPushButton* jumpButton() const { return jump_; }

    // Moves the time cursor to the critical op.
    void jumpToCriticalOp();

signals:
    // A diagnosis of the scope on show is ready.
    void diagnosed(bool overflows);

private:
    void startDiagnosis();
    void showDiagnosis(Diagnosis diagnosis);
    void showEmpty(const QString& text);
    void fillSources();
    void fillLevers();
    void onSourceRowChanged();

    PlanSession* session_;
    QLabel* verdict_;
    QLabel* critical_;
    QPushButton* jump_;
    QTableWidget* sources_;
    QTableWidget* levers_;
    QLabel* largest_;
    QLabel* method_;
    std::optional<Diagnosis> diagnosis_;
    JobRunner jobs_; // the diagnosis of the scope on show only
};

} // namespace memlens
