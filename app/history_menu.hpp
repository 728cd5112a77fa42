#pragma once
// History: every version of the open dump the window has seen, newest first,
// one click to show one again (its copy: the file itself has been overwritten).
#include "app/dump_history.hpp"

#include <QMenu>

namespace memlens {

class HistoryMenu : public QMenu {
    Q_OBJECT
public:
    HistoryMenu(DumpHistory* history, QWidget* parent = nullptr);

    // The dump whose versions are listed, and the copy on show ("" for the file itself).
    void setDump(const QString& dumpPath, const QString& shownSnapshot = {});
    // Rebuilt before it shows; public for tests.
    void rebuild();
    // The action that shows version `index` of versionsOf(dump) (oldest first), or null.
    QAction* actionForVersion(int index) const;
    // The setting's toggle and the commands on the copies, listed last under the lines that say where
    // the copies are, how long they stay and how many bytes of them are kept.
    void setKeepingActions(const QList<QAction*>& actions);
    // The first line: "Copies are removed when memlens exits" or "Copies stay in DIR from one run to the next".
    QString keepingText() const;
    // The second: "At most 1 GB of copies (now 3.2 MB): the oldest go first".
    QString limitText() const;

    // "12:03:11.245  _attn_fwd (aiv)".
    static QString label(const DumpVersion& version);

signals:
    void versionChosen(const memlens::DumpVersion& version);
    void latestChosen();
    // While a version is on show: compare it with the file as it is now.
    void compareWithCurrentChosen(const memlens::DumpVersion& version);

private:
    void addKeepingItems();

    DumpHistory* history_;
    QString dumpPath_;
    QString shownSnapshot_;
    QList<QAction*> versionActions_; // oldest first
    QList<QAction*> keepingActions_; // the window's, not deleted by rebuild()
};

} // namespace memlens
