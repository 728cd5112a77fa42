#pragma once
// The selected block, in full: name, Life, size, addresses, every copy's
// offset, type, temporary or not, how far it crosses capacity, and the raw
// dump strings ready to copy. Follows the PlanSession's selection; its texts
// come from blockDetailsText (views/table/block_details_text).
#include <QWidget>

class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;

namespace memlens {

class PlanSession;
struct Block;
struct PlanAnalysis;
struct ScopePlan;

class BlockDetailsPanel : public QWidget {
    Q_OBJECT
public:
    explicit BlockDetailsPanel(PlanSession* session, QWidget* parent = nullptr);

    PlanSession* session() const { return session_; }
    bool hasBlock() const;

    // Plain-text summary that "Copy details" puts on the clipboard (blockSummaryText); empty when
    // nothing is selected.
    QString summaryText() const;

    QPushButton* copyButton() const { return copyButton_; }

public slots:
    void copyDetails();

private:
    void buildBlockPage(QWidget* page);
    QWidget* lifeBox(QWidget* page);
    QFormLayout* valueForm(QWidget* page);
    void refresh();
    QLabel* addValueRow(QFormLayout* form, const QString& label, QWidget* field = nullptr);

    PlanSession* session_;
    QStackedWidget* pages_;
    QLabel* hint_;
    QLabel* name_;
    QLabel* context_;
    QLabel* life_;
    QLabel* lifeDetail_;
    QLabel* size_;
    QLabel* address_;
    QLabel* offsets_;
    QLabel* type_;
    QLabel* temp_;
    QLabel* overCapacity_;
    QLabel* location_;
    QLabel* storage_;
    QLineEdit* rawBuffer_;
    QLineEdit* rawLocation_;
    QPushButton* copyButton_;
    QString summary_; // blockSummaryText of the block on show
};

} // namespace memlens
