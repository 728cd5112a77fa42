#pragma once
// The selected block, in full: name, Life, size, addresses, every copy's
// offset, type, temporary or not, how far it crosses capacity, and the raw
// dump strings ready to copy. Follows the PlanSession's selection.
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

    // The texts on show, for tests and for the clipboard. Empty when nothing is selected.
    QString hintText() const;         // "Click a block in the chart or a row in the table"
    QString nameText() const;         // "%alloc_0"
    QString lifeText() const;         // "Life [4, 5]"
    QString lifeDetailText() const;   // "alloc at 4, last use at 5 · spans 2 ops"
    QString sizeText() const;         // "131072 B (128 KB)"
    QString addressText() const;      // "[131072, 262144)"
    QString offsetsText() const;      // "131072 (copy 1 of 1)" / "0 (copy 1 of 2), 8192 (copy 2 of 2)"
    QString typeText() const;         // "65536xf16 (f16, shape 65536)"
    QString tempText() const;         // "no" / "yes: scratch buffer an op needs internally"
    QString overCapacityText() const; // "by 64 KB: ends at 256 KB, capacity 192 KB ..." / "no: ..."
    QString locationText() const;     // shortened source location
    QString storageText() const;     // "storage 1 · ×3 in place" and one line per buffer with its IR and Python lines
    QString rawBufferText() const;   // the dump's `buffer` string
    QString rawLocationText() const; // the dump's `source_location` string
    // Plain-text summary that "Copy details" puts on the clipboard.
    QString summaryText() const;

    QPushButton* copyButton() const { return copyButton_; }

public slots:
    void copyDetails();

private:
    // For a buffer of several copies: how many end above capacity and the furthest excess.
    QString copiesOverCapacityText(const ScopePlan& scope, const PlanAnalysis& analysis, const Block& block) const;
    void refresh();
    void refreshStorage();
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
    QString storagePlain_;
    QLineEdit* rawBuffer_;
    QLineEdit* rawLocation_;
    QPushButton* copyButton_;
    QString offsetsPlain_;
};

} // namespace memlens
