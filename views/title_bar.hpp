#pragma once
// The title bar: kernel name, the scope on show (each with its own status), the
// verdict on the plan (which may contradict the dump's status), the error text,
// the capacity and where it comes from (editable), and the peaks. Its texts come
// from views/scope_text; it lays them out, colours and folds them.
#include "core/analysis/plan_analysis.hpp"

#include <QColor>
#include <QIcon>
#include <QString>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace memlens {

class ElidedLabel;
class PlanSession;

class TitleBar : public QWidget {
    Q_OBJECT
public:
    explicit TitleBar(PlanSession* session, QWidget* parent = nullptr);

    PlanSession* session() const { return session_; }

    // A kernel's folder whose cores run different kernels: their names in place of the dump's
    // kernel, and a one-line note that says so ("" for both otherwise).
    void setKernelFolder(const QString& kernels, const QString& note);
    // Said beside the file name while an earlier version is on show ("version of 12:03:41.250"; "" for none).
    void setVersionText(const QString& text);
    // The error text on show: in full, or as the start of the folded notes line.
    bool errorVisible() const;

    static constexpr std::size_t kOverlapsShown = 3; // pairs named in the warning; inspect lists all

    QComboBox* scopeCombo() const { return scopeCombo_; }
    QLineEdit* capacityEdit() const { return capacityEdit_; }
    QToolButton* capacityResetButton() const { return capacityReset_; }
    QLabel* statusBadge() const { return status_; }
    // The holes line and the error text: one elided line, or in full once expanded.
    QToolButton* notesToggle() const { return notesToggle_; }
    bool notesExpanded() const { return notesExpanded_; }
    void setNotesExpanded(bool expanded);

    // The verdict's colour (green fits, red overflow, ...) and a dot of it for a selector's entry.
    static QColor verdictColor(PlanVerdict verdict);
    static QIcon verdictIcon(PlanVerdict verdict);

    // A widget shown before the scope selector (the core selector of a kernel's folder).
    void insertBeforeScope(QWidget* widget);
    // The scope selector and its caption: hidden while the core selector before them lists every
    // core's scopes ("aic · cbuf", ..., "aiv · ub"), so that two selectors do not squeeze the kernel's name.
    void setScopeSelectorVisible(bool visible);

public slots:
    // What Enter in the capacity field does: emits capacityEdited, or shows why not.
    bool applyCapacityEdit();
    // Back to the automatic capacity: emits capacityEdited(scope, nullopt).
    void resetCapacity();

signals:
    // The user set (bytes) or reset (nullopt) the capacity of `scope`. The main
    // window re-analyses the document and remembers the setting per kernel.
    void capacityEdited(const QString& scope, std::optional<quint64> bytes);

private:
    // The constructor's parts: the labels of the first line, of the facts (capacity, peak, warnings),
    // the folded notes, the layout of all three, and what the controls do.
    void setupHeading();
    void setupFacts();
    void setupNotes();
    void layOut();
    void connectControls();
    void setKernelText(const QString& text);
    void refresh();
    void refreshScopes();
    void showCapacityError(const QString& message);
    void refreshStorageFacts();
    void refreshNotes();

    PlanSession* session_;
    ElidedLabel* kernel_;
    ElidedLabel* file_;
    QLabel* scopeCaption_ = nullptr;
    QComboBox* scopeCombo_;
    QLabel* status_;
    QLabel* error_;
    QLabel* capacityCaption_;
    QLabel* capacity_;
    QLineEdit* capacityEdit_;
    QToolButton* capacityReset_;
    QLabel* capacityError_;
    ElidedLabel* peak_;
    // The overlaps warning, the holes line and the error text, folded until expanded: the
    // overlaps into one line, the holes and the error into another (a plan of many overlaps
    // took four lines from the chart in a small window).
    QToolButton* notesToggle_;
    ElidedLabel* notesSummary_;
    QWidget* notesFull_;
    bool notesExpanded_ = false;
    QLabel* holes_;
    QLabel* plannerCheck_;        // memlens's plan of the planner's IR against the dump, one line (details on hover)
    QLabel* overlaps_;            // in full, when the notes are expanded
    ElidedLabel* overlapsLine_;   // one line, when they are folded
    ElidedLabel* siblingWarning_; // one line, as every warning of the bar: whole in its tooltip
    QString versionText_;
    QString folderKernels_;
    QString folderNote_;
    bool updatingScopes_ = false;
};

} // namespace memlens
