#pragma once
// What the title bar and Block Details say of a session, for view and window tests: the texts of
// views/scope_text and views/table/block_details_text for the session's scope and block, and what
// the bar holds whole where it depends on the widget (an elided label, a hidden line).
#include "core/analysis/plan_requirement.hpp"
#include "core/document/plan_document.hpp"
#include "core/document/planner_check.hpp"
#include "views/elided_label.hpp"
#include "views/plan_session.hpp"
#include "views/scope_text.hpp"
#include "views/table/block_details_text.hpp"
#include "views/title_bar.hpp"
#include "views/view_text.hpp"

#include <QLabel>
#include <QString>

namespace memlens::test::shown {

// The verdict in full ("" without a scope on show).
inline QString verdictShown(const PlanSession& session)
{
    return session.analysis() ? longVerdictText(*session.document(), *session.scope(), *session.analysis()) : QString();
}
inline QString errorShown(const PlanSession& session)
{
    return session.scope() ? toQString(session.scope()->error) : QString();
}
inline QString capacityShown(const PlanSession& session)
{
    return capacityLabel(session.analysis()->capacity).longText;
}
inline QString peakShown(const PlanSession& session)
{
    return peakLine(*session.scope(), *session.analysis(), planRequirement(*session.scope(), *session.analysis()));
}
inline QString holesShown(const PlanSession& session)
{
    return session.analysis() ? holesLine(*session.analysis()) : QString();
}
inline QString overlapsShown(const PlanSession& session)
{
    return session.analysis() ? overlapsLine(*session.scope(), *session.analysis(), TitleBar::kOverlapsShown)
                              : QString();
}
inline QString plannerCheckShown(const PlanSession& session)
{
    const PlannerCheck* check = session.document() ? session.document()->plannerCheck.get() : nullptr;
    return check ? toQString(check->summary()) : QString();
}

// The kernel's name and the file line as the bar holds them, whole (the labels may elide them).
inline QString kernelShown(const TitleBar& bar)
{
    return bar.findChild<ElidedLabel*>(QStringLiteral("titleKernel"))->fullText();
}
inline QString fileShown(const TitleBar& bar)
{
    return bar.findChild<ElidedLabel*>(QStringLiteral("titleFile"))->fullText();
}
// The warnings line ("" while hidden).
inline QString warningsShown(const TitleBar& bar)
{
    const auto* line = bar.findChild<ElidedLabel*>(QStringLiteral("titleSiblingWarning"));
    return line->isHidden() ? QString() : line->fullText();
}
// Why the last capacity entry was refused ("" when fine).
inline QString capacityErrorShown(const TitleBar& bar)
{
    const auto* label = bar.findChild<QLabel*>(QStringLiteral("titleCapacityError"));
    return label->isHidden() ? QString() : label->text();
}

// Block Details' texts of the session's selected block (a block must be selected).
inline BlockDetailsText detailsShown(const PlanSession& session)
{
    return blockDetailsText(
        session.document(), session.scopeIndex(), *session.scope(), session.analysis(), session.selectedBlock());
}
// The hint Block Details shows while no block is ("" while one is).
inline QString hintShown(const QWidget& details)
{
    const auto* hint = details.findChild<QLabel*>(QStringLiteral("detailsHint"));
    return hint->isHidden() ? QString() : hint->text();
}

} // namespace memlens::test::shown
