#pragma once
// Two compiles side by side: the block charts of A (above) and B (below) on
// one op and address scale, so the capacity line sits at one height; the
// table of matched, added and removed buffers beside them; and both sides'
// IR and Python under them. Selecting a row selects the buffer in both
// charts; clicking a block selects its row. Each side has its own PlanSession.
#include "core/diff/plan_diff.hpp"

#include <QString>
#include <QWidget>

#include <optional>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace memlens {

class BlockChartWidget;
class DiffTableModel;
class PlanSession;
class SourcePanes;
struct DataWindow;
struct PlanAnalysis;
struct ScopePlan;

// What the view shows; built off the GUI thread (diffPlans, describePlanChange).
struct Comparison {
    std::shared_ptr<const PlanDocument> a;
    std::shared_ptr<const PlanDocument> b;
    std::shared_ptr<const PlanDiff> diff;
    QString labelA; // "block8192/memory_info_aiv.json", "before the reload (12:03:04)"
    QString labelB;
    QString summary; // "peak 160.5 KB → 321 KB (+100%), now overflows · ..."
};

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);
    ~CompareView() override;

    void setComparison(Comparison comparison);
    const Comparison& comparison() const { return comparison_; }
    // Shows the scope of that name; false when neither side has it.
    bool showScope(const QString& scope);
    // Index into comparison().diff->scopes, -1 when there is none.
    int scopeIndex() const { return scope_; }

    // The buffer to start on, once the comparison is shown: `ssaName` of scope `scope` on side B
    // (else A), as the main window had it selected. Without one (or when that side has none of that
    // name) the first buffer over capacity.
    void setPreferredBuffer(const QString& scope, const QString& ssaName, bool onB);
    // Selects a row (index into the scope's pairs) and the buffer in both charts; -1 clears.
    void selectPair(int pair);
    int selectedPair() const { return selectedPair_; }

    PlanSession* sessionA() const { return sessionA_; }
    PlanSession* sessionB() const { return sessionB_; }
    BlockChartWidget* chartA() const { return chartA_; }
    BlockChartWidget* chartB() const { return chartB_; }
    QTableView* table() const { return table_; }
    DiffTableModel* model() const { return model_; }
    SourcePanes* sourcesA() const { return sourcesA_; }
    SourcePanes* sourcesB() const { return sourcesB_; }
    QComboBox* scopeCombo() const { return scopeCombo_; }
    QString headerTextA() const;
    QString headerTextB() const;
    QString summaryText() const;

    // Per buffer of B's scope, the id its colour follows: the matched A buffer's, so one buffer is
    // one colour on both sides; added buffers take ids after A's.
    static std::vector<int> coloursOfB(const ScopeDiff& diff, const ScopePlan& a, const ScopePlan& b);

    // The op and address extent that holds both plans of the scope (x0..x1 ops, y1 top address).
    static DataWindow sharedExtent(
        const ScopePlan* a, const PlanAnalysis* analysisA, const ScopePlan* b, const PlanAnalysis* analysisB);

signals:
    void pairSelected(int pair);

protected:
    void showEvent(QShowEvent* event) override;

private:
    // The constructor's parts: the table of buffer pairs, both sides' sources (A left, B right),
    // and what keeps the two sides together (selection, time cursor, scale).
    void buildDiffTable();
    QSplitter* buildSources();
    void connectSides();
    QWidget* buildSide(bool isA);
    void applyScope(int scope);
    void refreshHeaders();
    void onTableSelection();
    void onBlockSelected(bool fromA, int block);
    void preselectOverCapacity();
    void selectFirstPair();
    void followWindow(BlockChartWidget* from, BlockChartWidget* to, const DataWindow& window);

    Comparison comparison_;
    int scope_ = -1;
    int selectedPair_ = -1;
    bool syncing_ = false;         // selection being mirrored
    bool followingWindow_ = false; // zoom or pan being mirrored
    bool preselectPending_ = false;
    struct PreferredBuffer {
        QString scope;
        QString ssaName;
        bool onB = false;
    };
    std::optional<PreferredBuffer> preferred_;
    // The pair of the preferred buffer in the scope on show, -1 when none.
    int preferredPair() const;
    PlanSession* sessionA_;
    PlanSession* sessionB_;
    QLabel* summary_ = nullptr;
    QComboBox* scopeCombo_ = nullptr;
    QLabel* headerA_ = nullptr;
    QLabel* headerB_ = nullptr;
    BlockChartWidget* chartA_ = nullptr;
    BlockChartWidget* chartB_ = nullptr;
    DiffTableModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    QTableView* table_ = nullptr;
    QLabel* sourceHeaderA_ = nullptr;
    QLabel* sourceHeaderB_ = nullptr;
    SourcePanes* sourcesA_ = nullptr;
    SourcePanes* sourcesB_ = nullptr;
    QSplitter* upper_ = nullptr; // charts | table
    QSplitter* outer_ = nullptr; // above | sources
    bool sized_ = false;
};

} // namespace memlens
