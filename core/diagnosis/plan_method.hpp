#pragma once
// How an answer about a changed config was found: predicted from the dump's own plan, or
// re-planned by memlens's planner from the planner's IR. Views and texts ask the value; the
// words are written here once (the JSON's "how", the sentences' wording).
#include <string>

namespace memlens {

enum class PlanMethod { Predicted, Replanned };

// The JSON word: "predicted" or "re-planned".
inline const char* planMethodName(PlanMethod method)
{
    return method == PlanMethod::Replanned ? "re-planned" : "predicted";
}

// The words a sentence or a table cell uses: "re-planned" or "predicted from the dump".
inline const char* planMethodText(PlanMethod method)
{
    return method == PlanMethod::Replanned ? "re-planned" : "predicted from the dump";
}

} // namespace memlens
