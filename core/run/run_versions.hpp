#pragma once
// Versions of one kernel on one core (watch --keep's copies; configs with other constexpr
// values are no versions): grouped, the newest first, each saying what changed since the one
// before it; the groups sorted as rowComesBefore sorts rows, each placed by its newest version.
#include "core/run/run_row.hpp"

#include <string>
#include <vector>

namespace memlens {

// Sets version, versions and change, and orders `rows`.
void groupAndSortRows(std::vector<RunRow>& rows);

// What changed from `older` to `newer`: "peak 256 KB -> 192 KB (-25%), now fits; BLOCK_SIZE=16384 ->
// BLOCK_SIZE=8192"; "no change" when nothing did.
std::string versionChange(const RunRow& older, const RunRow& newer);

} // namespace memlens
