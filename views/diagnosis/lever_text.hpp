#pragma once
// What the Diagnosis panel says about a lever's value and the frontier it copies, composed apart
// from the panel so that it is tested without one.
#include "core/kernel_source/value_choice.hpp"

#include <QString>

#include <vector>

namespace memlens {

// The Python lines where the launcher chooses a value, to show together: the function that
// computes it (its `def` first), then the launch's keyword.
std::vector<int> leverChoiceLines(const ValueChoice& choice);

// The status bar's word after Copy Configs: what went to the clipboard ("Copied 1 triton.Config
// to the clipboard, for triton.autotune", "Copied the launcher's values to the clipboard:
// BLOCK_SIZE=8192, multibuffer=True"); "Nothing to copy: ..." for an empty `copied`.
QString copiedMessage(const QString& copied, bool autotuned);

} // namespace memlens
