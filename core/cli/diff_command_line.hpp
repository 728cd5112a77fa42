#pragma once
// What `memlens diff A B` was asked: its two dumps, their load options and the output's form.
#include "core/diff/diff_report.hpp"
#include "core/document/plan_document.hpp"

#include <optional>
#include <string>

namespace memlens {

struct DiffCommandLine {
    std::string dumpA;
    std::string dumpB;
    LoadOptions loadA; // --capacity, --source-dir, --substitute, and --ir-a
    LoadOptions loadB; // the same with --ir-b
    std::optional<std::string> scope;
    DiffFormat format = DiffFormat::Text;
    bool verbose = false;
    bool help = false;
};

} // namespace memlens
