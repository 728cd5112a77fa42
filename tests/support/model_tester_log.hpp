#pragma once
// Collects what QAbstractItemModelTester reports while it lives (the tester warns in Warning
// mode): a model test checks that nothing was reported.
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace memlens::test {

struct ModelTesterLog {
    static QStringList& messages()
    {
        static QStringList list;
        return list;
    }
    static void handler(QtMsgType type, const QMessageLogContext& context, const QString& message)
    {
        if (type != QtDebugMsg && context.category && QByteArray(context.category).startsWith("qt.modeltest"))
            messages() << message;
    }
    ModelTesterLog()
    {
        messages().clear();
        previous = qInstallMessageHandler(&ModelTesterLog::handler);
    }
    ~ModelTesterLog() { qInstallMessageHandler(previous); }
    ModelTesterLog(const ModelTesterLog&) = delete;
    ModelTesterLog& operator=(const ModelTesterLog&) = delete;
    QtMessageHandler previous = nullptr;
};

} // namespace memlens::test
