#pragma once
// The details table: every block of the scope on show, with a text filter,
// "over capacity only", "live at cursor only", "group copies" and "group in place". Selection is
// the session's: picking a row selects its block everywhere, and a block picked
// elsewhere (chart, source pane) is selected and scrolled to here. A click on a
// source line filters the table to its blocks, said by a chip above the table
// ("Line 57 of kernel.py: 2 blocks  ✕") whose button, or Esc, clears it.
#include <QWidget>

#include <string>

#include <Qt>

class QCheckBox;
class QHBoxLayout;
class QVBoxLayout;
class QFrame;
class QToolButton;
class QLabel;
class QLineEdit;
class QTableView;
class QItemSelection;
class QModelIndex;

namespace memlens {

class PlanSession;
class BlockTableModel;
class BlockFilterProxy;

class BlockTablePanel : public QWidget {
    Q_OBJECT
public:
    explicit BlockTablePanel(PlanSession* session, QWidget* parent = nullptr);

    PlanSession* session() const { return session_; }
    BlockTableModel* model() const { return model_; }
    BlockFilterProxy* proxy() const { return proxy_; }

    QLineEdit* filterEdit() const { return filterEdit_; }
    QCheckBox* overCapacityOnlyBox() const { return overCapacityOnlyBox_; }
    QCheckBox* liveAtCursorBox() const { return liveAtCursorBox_; }
    QCheckBox* groupCopiesBox() const { return groupCopiesBox_; }
    QCheckBox* groupStoragesBox() const { return groupStoragesBox_; }
    QTableView* tableView() const { return table_; }
    QLabel* countLabel() const { return countLabel_; }
    // The source-line filter's chip: hidden while no line filters the table.
    QFrame* lineChip() const { return lineChip_; }
    QLabel* lineChipLabel() const { return lineChipLabel_; }
    QToolButton* lineChipClearButton() const { return lineChipClear_; }
    // "2 of 4 blocks", "3 of 3 buffers", "2 of 5 blocks · live at op 4: 5 KB", "No plan loaded".
    QString countText() const;
    // Sizes sort largest first on their first click; the rest smallest first.
    static bool sortsLargestFirst(int column);

    // Tab-separated text of the selected row with a header line (what Ctrl+C copies).
    QString selectedRowsAsText() const;

public slots:
    // Shows every block again when a source line filters the table (the chip's button, Esc).
    void clearLineFilter();

signals:
    // A row was double-clicked or Enter was pressed on it (after the session selected it).
    void blockActivated(int blockIndex);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    // The constructor's parts: the filter box and toggles, their rows, the line filter's chip, the
    // table, and what the controls do.
    void setupFilterControls();
    void addFilterRows(QVBoxLayout* layout);
    QHBoxLayout* lineChipRow();
    void setupTable();
    void connectControls();
    // Tells the session which blocks the filter hides (none when no filter is on).
    void publishFilteredOut();
    void onSortChanged(int column, Qt::SortOrder order);
    void onSelectionChanged();
    void onActivated(const QModelIndex& index);
    void selectFromSession(bool scroll);
    void updateCountLabel();
    void updateLineChip();
    QString liveBytesAtCursorText() const;
    void fitColumns();
    void modelChanging();
    void modelChanged();

    PlanSession* session_;
    BlockTableModel* model_;
    BlockFilterProxy* proxy_;
    QLineEdit* filterEdit_;
    QCheckBox* overCapacityOnlyBox_;
    QCheckBox* liveAtCursorBox_;
    QCheckBox* groupCopiesBox_;
    QCheckBox* groupStoragesBox_;
    QLabel* countLabel_;
    QFrame* lineChip_;
    QLabel* lineChipLabel_;
    QToolButton* lineChipClear_;
    QTableView* table_;
    bool syncing_ = false;  // selecting a row because the session said so
    int modelChanging_ = 0; // inside a reset / filter / sort of the proxy
    std::string shownFile_; // the dump on show: another one starts with every block shown
    QString fittedFor_;     // document, scope and grouping the column widths were fitted to
    int sortedColumn_ = 0;  // the column sorted by (IdColumn to start with)
};

} // namespace memlens
