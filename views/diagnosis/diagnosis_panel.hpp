#pragma once
// Why the scope on show overflows and what would fit: the critical op with a
// jump to it, what is live there by source line (a row selects its blocks),
// the levers and the largest fitting tile size. Diagnosed off the GUI thread.
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/fit_map.hpp"
#include "views/job_runner.hpp"

#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QTableView;
class QTableWidget;

namespace memlens {

class FitMapModel;
class PlanSession;

class DiagnosisPanel : public QWidget {
    Q_OBJECT
public:
    explicit DiagnosisPanel(PlanSession* session, QWidget* parent = nullptr);

    // The diagnosis on show; null while none is ready.
    const Diagnosis* diagnosis() const { return diagnosis_ ? &*diagnosis_ : nullptr; }
    QTableWidget* sourceTable() const { return sources_; }
    QTableWidget* leverTable() const { return levers_; }
    // The captions saying what the lever and by-source tables are, and the verdict line.
    QLabel* leverCaption() const { return leverCaption_; }
    QLabel* sourceCaption() const { return sourceCaption_; }
    QLabel* verdictLabel() const { return verdict_; }
    // "Largest BLOCK_SIZE (today 16384) that fits: 8192, …" above the fit map.
    QLabel* largestLabel() const { return largest_; }
    QPushButton* jumpButton() const { return jump_; }
    // The fit map on show (null while none), its grid and the button copying its frontier as Python.
    const FitMap* fitMap() const;
    QTableView* fitGrid() const { return grid_; }
    QPushButton* copyConfigsButton() const { return copyConfigs_; }
    // The cell of the grid at (row, column), null for an empty one.
    const FitCell* cellAt(int row, int column) const;

    // Dumps of other configs of the kernel (the window's History): asked on the GUI thread
    // at each diagnosis, loaded off it; cells of their configs show the compiled numbers.
    void setOtherDumps(std::function<QStringList()> provider) { otherDumps_ = std::move(provider); }
    // How those are read (the window's source folders, the dump they are copies of), asked with them.
    void setOtherDumpOptions(std::function<LoadOptions()> provider) { otherOptions_ = std::move(provider); }
    // How the fit map's cells are found (made off the GUI thread, one per diagnosis); unset:
    // re-planned where the document's IR reproduces it, else predicted (buildFitMap's choice).
    using FitEvaluatorFactory = std::function<std::unique_ptr<FitEvaluator>()>;
    void setFitEvaluator(FitEvaluatorFactory factory) { fitEvaluator_ = std::move(factory); }
    // Prepares the plan of a grid cell (predicted, or the compiled dump) and emits planOpened.
    void openCell(int row, int column);
    // The What if… box: a lever picked or a config typed ("BLOCK_SIZE=4096, multibuffer=False").
    QComboBox* whatIfLevers() const { return whatIfLevers_; }
    QLineEdit* whatIfText() const { return whatIfText_; }
    QPushButton* whatIfButton() const { return whatIfButton_; }
    QLabel* whatIfError() const { return whatIfError_; }
    // What the last what-if gave: its config, "re-planned" or "predicted from the dump", the bytes it needs.
    QLabel* whatIfResult() const { return whatIfResult_; }
    QScrollArea* scrollArea() const { return scroll_; }
    // The footer under the levers: how they were reached (re-planned or predicted).
    QLabel* methodLabel() const { return method_; }
    // Plans the config typed in the box and emits planOpened: re-planned by the planner where the
    // document's IR is the planner's and reproduces the dump, else predicted from the dump.
    void whatIf();

    // Moves the time cursor to the critical op.
    void jumpToCriticalOp();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    // A diagnosis of the scope on show is ready.
    void diagnosed(bool overflows);
    // A lever row was selected: its buffers' blocks are highlighted through the session.
    void leverSelected(const QString& description, const std::vector<int>& blocks);
    // A lever row was selected: the Python lines to show, where its value is chosen (the launcher's
    // function and keyword, `caption` saying so) or where it sizes a tile.
    void pythonLinesChosen(const QString& localPath, const std::vector<int>& lines, const QString& caption);
    // A line for the window's status bar (what Copy Configs copied).
    void statusMessage(const QString& text);
    // A cell's plan is ready to be compared with today's.
    void planOpened(std::shared_ptr<const PlanDocument> today, const QString& todayLabel,
        std::shared_ptr<const PlanDocument> plan, const QString& planLabel);

private:
    // The constructor's parts: the labels' and tables' looks and tips, the one scroll area they
    // share, and what the controls do.
    void setupLabels();
    void layOut();
    void connectControls();
    void startDiagnosis();
    // Copy Configs: triton.Config entries for an autotuned kernel, else the launcher's values.
    void copyConfigs();
    struct Result {
        Diagnosis diagnosis;
        FitMap map;
        std::vector<std::shared_ptr<const PlanDocument>> others;
    };
    void showDiagnosis(Result result);
    void fillGrid();
    void fillWhatIf();
    void openConfig(const FitConfig& config, const QString& configLabel);
    void showEmpty(const QString& text);
    void fillSources();
    void fillLevers();
    void fitLeverHeight(); // as tall as its wrapped rows
    void onSourceRowChanged();
    void onLeverRowChanged();

    PlanSession* session_;
    QLabel* verdict_;
    QLabel* critical_;
    QPushButton* jump_;
    QTableWidget* sources_;
    QTableWidget* levers_;
    QLabel* leverCaption_;
    QLabel* sourceCaption_;
    QLabel* largest_;
    QLabel* method_;
    QLabel* fitLegend_;
    QTableView* grid_;
    FitMapModel* gridModel_;
    QPushButton* copyConfigs_;
    QComboBox* whatIfLevers_;
    QLineEdit* whatIfText_;
    QPushButton* whatIfButton_;
    QLabel* whatIfError_;
    QLabel* whatIfResult_;
    QScrollArea* scroll_ = nullptr;
    std::optional<Diagnosis> diagnosis_;
    bool hasFitMap_ = false; // the grid's model holds the map
    FitEvaluatorFactory fitEvaluator_;
    std::vector<std::shared_ptr<const PlanDocument>> others_;
    std::shared_ptr<const PlanDocument> diagnosed_; // the document the diagnosis is of
    std::size_t diagnosedScope_ = 0;
    std::function<QStringList()> otherDumps_;
    std::function<LoadOptions()> otherOptions_;
    JobRunner jobs_;     // the diagnosis of the scope on show only
    JobRunner cellJobs_; // the plan of the last cell or what-if opened (a newer one drops the older)
};

} // namespace memlens
