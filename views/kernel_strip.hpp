#pragma once
// One look at the whole kernel: a strip with every core and scope of a kernel's folder, its
// peak address against its capacity as a bar (red past the capacity), the one on show marked.
// Clicking an entry shows that core and scope. Hidden unless the kernel has more than one dump.
#include <QRect>
#include <QString>
#include <QWidget>

#include <vector>

namespace memlens {

class KernelCores;
class PlanSession;

class KernelStrip : public QWidget {
    Q_OBJECT
public:
    KernelStrip(KernelCores* cores, PlanSession* session, QWidget* parent = nullptr);

    struct Entry {
        QString path; // the core's dump
        int scope = -1;
        QString name;    // "aiv · ub"
        QString text;    // "256 KB / 192 KB (133%)"
        double fill = 0; // peak / capacity
        bool overflow = false;
        bool planned = true;
    };
    const std::vector<Entry>& entries() const { return entries_; }
    QRect entryRect(int index) const;
    int entryAt(const QPoint& point) const;
    // The entry on show, -1 when none is.
    int currentEntry() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void chosen(const QString& path, int scopeIndex);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    void rebuild();

    KernelCores* cores_;
    PlanSession* session_;
    std::vector<Entry> entries_;
};

} // namespace memlens
