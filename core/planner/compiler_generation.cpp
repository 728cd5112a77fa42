#include "core/planner/compiler_generation.hpp"

namespace memlens::planner {

std::string generationName(CompilerGeneration generation)
{
    switch (generation) {
    case CompilerGeneration::Earlier: return "earlier";
    case CompilerGeneration::G52f96a1: return "52f96a1";
    case CompilerGeneration::Newer: break;
    }
    return "newer";
}

std::optional<CompilerGeneration> parseGeneration(std::string_view name)
{
    if (name == "earlier" || name == "before-seeds")
        return CompilerGeneration::Earlier;
    if (name == "52f96a1")
        return CompilerGeneration::G52f96a1;
    if (name == "newer" || name == "newest" || name == "c297e461")
        return CompilerGeneration::Newer;
    return std::nullopt;
}

std::vector<CompilerGeneration> generationsNewestFirst()
{
    return {CompilerGeneration::Newer, CompilerGeneration::G52f96a1, CompilerGeneration::Earlier};
}

std::string generationsHelp(const std::string& indent)
{
    return indent + "newer    (after 2026-08-22, the default): shared-mem-dynamic-size (bytes) sizes the UB of\n"
        + indent + "         a SIMT or MIX function, the select-init rule, the A5 outline split from\n" + indent
        + "         the first placement of the search within capacity\n" + indent
        + "52f96a1  (2026-08-22): 20 seeded attempts, simt-vf-dynamic-size (KB, 216 by default)\n" + indent
        + "earlier  (before 2026-03-30): one unshuffled attempt (the real samples' compilers)\n";
}

} // namespace memlens::planner
