#include "core/diagnosis/launch_values.hpp"

#include <algorithm>

namespace memlens {

std::string frontierLaunchValues(const FitMap& map, const std::vector<ValueChoice>& choices)
{
    const std::optional<KeyedFrontier> keyed = keyedFrontier(map);
    if (!keyed)
        return {};
    const std::vector<const FitCell*>& frontier = keyed->cells;
    std::string text = keyed->replanned
        ? "# The largest values that fit, re-planned by memlens from the planner's IR; the compiler\n"
          "# may tile them differently and decides in the end. The kernel is not autotuned: its launcher\n"
          "# passes them.\n"
        : "# The largest values that fit, predicted from one dump (memlens); the compiler plans\n"
          "# each again and decides in the end. The kernel is not autotuned: its launcher passes them.\n";
    for (const ValueChoice& choice : choices)
        text += "# " + choice.text() + ".\n";
    for (const FitCell* cell : frontier) {
        std::string items;
        for (std::size_t k = 0; k < map.dims.size(); ++k)
            items += (items.empty() ? "" : ", ") + map.dims[k].configKey() + "=" + std::to_string(cell->values[k]);
        if (cell->multibuffer)
            items += std::string(items.empty() ? "" : ", ") + "multibuffer=" + (*cell->multibuffer ? "True" : "False");
        text += items + "\n";
    }
    return text;
}

std::string frontierForKernel(const Diagnosis& diagnosis, const FitMap& map)
{
    if (diagnosis.autotuned)
        return frontierConfigs(map);
    std::vector<ValueChoice> choices;
    for (const Lever& lever : diagnosis.levers)
        if (lever.chosen && std::none_of(choices.begin(), choices.end(), [&](const ValueChoice& known) {
                return known.constexprName == lever.chosen->constexprName;
            }))
            choices.push_back(*lever.chosen);
    return frontierLaunchValues(map, choices);
}

} // namespace memlens
