#pragma once
// The core selector of a kernel's folder, beside the scope selector: one entry per core and
// scope ("aic · cbuf — fits", "aiv · ub — overflow"), each with its verdict's colour. Hidden
// unless a kernel's folder with more than one dump is open.
#include <QComboBox>

namespace memlens {

class KernelCores;
class PlanSession;

class CoreSelector : public QComboBox {
    Q_OBJECT
public:
    CoreSelector(KernelCores* cores, PlanSession* session, QWidget* parent = nullptr);

    // "aic · cbuf": the entry of a core's scope.
    static QString entryName(const QString& core, const std::string& scope);

    // Never narrower than its longest "core · scope": in a narrow window the verdict word gives way first.
    QSize minimumSizeHint() const override;

signals:
    // The user picked the scope `scopeIndex` of the core whose dump is `path`.
    void chosen(const QString& path, int scopeIndex);

private:
    void rebuild();
    void showCurrent();

    KernelCores* cores_;
    PlanSession* session_;
    bool rebuilding_ = false;
};

} // namespace memlens
