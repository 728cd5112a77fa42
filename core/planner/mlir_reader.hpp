#pragma once
// A tolerant reader of MLIR's printed form (pretty and generic) into a Module:
// functions, regions, blocks and ops, each op with its 1-based text line. It never
// throws and never loops: what it cannot read it skips and names in Module::notes.
#include "core/planner/mlir_module.hpp"
#include "core/planner/read_bounds.hpp"

#include <istream>
#include <memory>
#include <string>
#include <string_view>

namespace memlens::planner {

std::unique_ptr<Module> readMlir(std::string_view text, const std::string& fileName = {});

std::unique_ptr<Module> readMlir(std::string_view text, const std::string& fileName, ReadBounds& bounds);
// The same from a stream of lines (a log's section, a file).
std::unique_ptr<Module> readMlir(std::istream& lines, const std::string& fileName = {});

} // namespace memlens::planner
