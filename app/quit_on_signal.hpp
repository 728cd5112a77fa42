#pragma once
// Ends the event loop when the process is asked to stop (SIGINT, SIGTERM, SIGHUP), so the
// window closes as after File > Quit and what it owns is cleaned up: History's temporary
// copies are removed by their folder's destructor, which a default signal death skips.
#include <QObject>

class QSocketNotifier;

namespace memlens {

class QuitOnSignal : public QObject {
    Q_OBJECT
public:
    // Installs the handlers; one instance per process.
    explicit QuitOnSignal(QObject* parent = nullptr);
    ~QuitOnSignal() override;

private:
    void onSignal();

    QSocketNotifier* notifier_ = nullptr;
};

} // namespace memlens
