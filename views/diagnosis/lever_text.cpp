#include "views/diagnosis/lever_text.hpp"

#include "core/analysis/unplanned_scope.hpp"
#include "core/diagnosis/diagnosis_text.hpp"
#include "core/text/byte_size.hpp"
#include "views/view_text.hpp"

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

QString criticalOpText(const Diagnosis& d, const PlanDocument* document)
{
    if (!d.criticalOp)
        return QObject::tr("The scope has no blocks.");
    QString text = QObject::tr("Critical op %1%2: live %3, holes %4; multi-buffer copies %5, temporaries %6.")
                       .arg(*d.criticalOp)
                       .arg(document ? toQString(criticalOpName(*document, d)) : QString())
                       .arg(bytesText(d.liveBytes), bytesText(d.holeBytes), bytesText(d.multiBufferBytes),
                           bytesText(d.tmpBytes));
    if (const std::string advice = adviceSentence(d); !advice.empty())
        text += QStringLiteral("\n") + toQString(advice);
    return text;
}

QString leverMethodText(const Diagnosis& d)
{
    return everyAnswerReplanned(d)
        ? QObject::tr("Levers are re-planned by memlens's planner from the planner's IR: only the memory plan is "
                      "recomputed.")
        : QObject::tr("Levers are predicted plans: the compiler plans again and may place buffers differently.");
}

QString fitLegendText(const FitMap& map)
{
    const PlanMethod how = map.cells.empty() ? PlanMethod::Predicted : map.cells.front().how;
    return QObject::tr("Fit map, %1 (capacity %2): today's config outlined, * the largest that fit. Click a cell "
                       "to compare its plan with today's.")
        .arg(QString::fromLatin1(planMethodText(how)), bytesText(map.capacityBytes));
}

QString notPlannedDiagnosisText(const PlanDocument& document, std::size_t scope)
{
    return QObject::tr("%1: no addresses, so nothing to diagnose. Its demand, the most bytes live at once, is %2.")
        .arg(QString::fromStdString(notPlannedText(document.dump.scopes, document.analyses)),
            QString::fromStdString(formatBytes(document.analyses.at(scope).peakLiveBytes)));
}

QString whatIfResultText(const QString& config, PlanMethod how, const PlanAnalysis* analysis)
{
    QString result = QObject::tr("%1: %2").arg(config, QString::fromLatin1(planMethodText(how)));
    if (analysis)
        result += QObject::tr(", needs %1 of %2 (%3)")
                      .arg(bytesText(analysis->peakAddressBytes), bytesText(analysis->capacity.bytes),
                          analysis->overflow ? QObject::tr("does not fit") : QObject::tr("fits"));
    return result;
}

} // namespace memlens
