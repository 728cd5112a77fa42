#pragma once
// A diagnosis in words: plain text for a terminal (`memlens explain`) and the
// "Why it overflows" section of summary.md. Both say the same things.
#include "core/diagnosis/diagnosis.hpp"

#include <string>

namespace memlens {

// How levers are predicted, and that the compiler decides in the end.
extern const char* const kPredictionMethod;
// How levers are re-planned, and what the planner does not recompute.
extern const char* const kReplanMethod;
// True when every lever and the largest fitting value are re-planned (and there is one).
bool everyAnswerReplanned(const Diagnosis& d);
// The method that speaks for `d`'s answers: kReplanMethod when everyAnswerReplanned, else
// kPredictionMethod (never "predicted" under re-planned rows).
const char* methodText(const Diagnosis& d);
extern const char* const kMultiBufferingOffSentence;

// "layer_norm.py:58", else "IR 46", else the buffer names.
std::string sourceShareLabel(const SourceShare& share);
// "%alloc, %alloc_6; %alloc_6 reused in place by :62 and :68": the line's buffers, and those
// that other lines reuse in place (their bytes are counted here).
std::string shareBuffersText(const SourceShare& share);
// "128 KB"; "in place (4 KB)" for a line whose buffers share a storage counted with another line.
std::string shareBytesText(const SourceShare& share);
// "single buffer (multibuffer=False)", "BLOCK_SIZE 16384 -> 8192 (layer_norm.py:45 `cols = ...`)",
// "16384 (BLOCK_SIZE or N_COLS) -> 8192", "dimension 16384 -> 8192" when the source names none.
std::string leverLabel(const Lever& lever);
// The window's lever table: where the launcher chooses the value when the kernel's file says so
// ("BLOCK_SIZE 16384 -> 8192 (chosen by block_size_for, lines 71-77)"), else leverLabel().
std::string leverChoiceLabel(const Lever& lever);
// "BLOCK_SIZE 16384", "16384 (BLOCK_SIZE or N_COLS)", "dimension 16384".
std::string dimensionLabel(std::int64_t value, const TileName& name);
// What a lever changes and where the user sets it: "Scales %alloc, %alloc_6 (every buffer whose
// shape holds 16384). Kernel option: the constexpr BLOCK_SIZE (layer_norm.py:45)."
std::string leverDescription(const ScopePlan& scope, const Lever& lever);
// One sentence on the verdict: how much is missing, or how much is left.
std::string verdictSentence(const Diagnosis& diagnosis);
// "Largest power of two for dimension 16384 that fits: 8192 (...)", or why there is none.
std::string largestFittingSentence(const Diagnosis& diagnosis);
// The same of a search's answer (largestFittingOf: the fit map's, which every view shows); "at
// least N (searched up to 8x)" where the search's last value fits.
std::string largestFittingSentence(const std::optional<LargestFitting>& largest);
// What to try first, in the user's terms (kernel options, tile sizes).
// " (hivm.hir.vreduce <sum>, layer_norm.py:60)" when a compile log names the critical op, else "".
std::string criticalOpName(const PlanDocument& document, const Diagnosis& d);
std::string adviceSentence(const Diagnosis& diagnosis);

struct FitMap;

// With the fit map `fitMap` (built from the diagnosis when null).
std::string diagnosisText(
    const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis, const FitMap* fitMap = nullptr);
std::string diagnosisMarkdown(
    const PlanDocument& document, std::size_t scopeIndex, const Diagnosis& diagnosis, const FitMap* fitMap = nullptr);

} // namespace memlens
