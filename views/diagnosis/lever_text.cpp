#include "views/diagnosis/lever_text.hpp"

#include <QObject>
#include <QStringList>

namespace memlens {

std::vector<int> leverChoiceLines(const ValueChoice& choice)
{
    std::vector<int> lines;
    for (int line = choice.functionFirst; !choice.function.empty() && line <= choice.functionLast; ++line)
        lines.push_back(line);
    if (choice.keywordLine > 0)
        lines.push_back(choice.keywordLine);
    return lines;
}

QString copiedMessage(const QString& copied, bool autotuned)
{
    QStringList entries;
    for (const QString& line : copied.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString code = line.trimmed();
        if (autotuned ? code.startsWith(QLatin1String("triton.Config(")) : !code.startsWith(QLatin1Char('#')))
            entries << code;
    }
    if (entries.isEmpty())
        return QObject::tr("Nothing to copy: no config of the fit map fits");
    if (autotuned)
        return QObject::tr("Copied %n triton.Config(s) to the clipboard, for triton.autotune", nullptr,
            static_cast<int>(entries.size()));
    return QObject::tr("Copied the launcher's values to the clipboard: %1").arg(entries.join(QStringLiteral("; ")));
}

} // namespace memlens
