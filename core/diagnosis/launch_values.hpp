#pragma once
// What the window's Copy Configs gives for the kernel on show: `triton.Config` entries when the
// kernel is autotuned (frontierConfigs), else the values its launcher passes, with where it
// chooses them.
#include "core/diagnosis/diagnosis.hpp"
#include "core/diagnosis/fit_map.hpp"

#include <string>
#include <vector>

namespace memlens {

// The frontier of `map` as launch keywords, one config a line ("BLOCK_SIZE=8192, multibuffer=True"),
// under comments saying how the values were found and where the launcher chooses each
// (`choices`). "" when the frontier is empty or a dimension has no name.
std::string frontierLaunchValues(const FitMap& map, const std::vector<ValueChoice>& choices);

// What to copy for `diagnosis` and its fit map: frontierConfigs() for an autotuned kernel, else
// frontierLaunchValues() with the levers' choices.
std::string frontierForKernel(const Diagnosis& diagnosis, const FitMap& map);

} // namespace memlens
