#include "core/analysis/block_hit_index.hpp"

#include "core/dump/dump_model.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace memlens {

namespace {
constexpr int kFanout = 16;
}

void BlockHitIndex::clear()
{
    boxes_.clear();
    items_.clear();
    levels_.clear();
}

void BlockHitIndex::build(const ScopePlan& plan)
{
    clear();
    const std::size_t n = plan.blocks.size();
    boxes_.reserve(n);
    for (const Block& b : plan.blocks)
        boxes_.push_back({static_cast<double>(b.start), static_cast<double>(b.end) + 1.0, static_cast<double>(b.offset),
            static_cast<double>(b.addressEnd())});
    if (n == 0)
        return;

    // Sort-Tile-Recursive packing: slices by x centre, runs by y centre inside each.
    // Sorted as (centre, id) pairs, not ids through their boxes: a million blocks took
    // 0.7 s of cache misses on the GUI thread.
    std::vector<std::pair<double, int>> keyed;
    auto sortByKey = [&keyed](std::vector<int>::iterator first, std::vector<int>::iterator last, const auto& keyOf) {
        keyed.clear();
        for (auto it = first; it != last; ++it)
            keyed.emplace_back(keyOf(*it), *it);
        std::sort(keyed.begin(), keyed.end());
        for (const auto& [key, id] : keyed)
            *first++ = id;
    };
    auto strOrder = [&sortByKey](std::vector<int>& ids, const auto& boxOf) {
        const std::size_t count = ids.size();
        const std::size_t groups = (count + kFanout - 1) / kFanout;
        const auto slices = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(groups))));
        const std::size_t sliceSize = slices * kFanout;
        sortByKey(ids.begin(), ids.end(), [&](int id) {
            const Box& box = boxOf(id);
            return box.x0 + box.x1;
        });
        for (std::size_t s = 0; s < count; s += sliceSize) {
            const auto begin = ids.begin() + static_cast<std::ptrdiff_t>(s);
            const auto end = ids.begin() + static_cast<std::ptrdiff_t>(std::min(count, s + sliceSize));
            sortByKey(begin, end, [&](int id) {
                const Box& box = boxOf(id);
                return box.y0 + box.y1;
            });
        }
    };
    auto unite = [](Box& into, const Box& b) {
        into.x0 = std::min(into.x0, b.x0);
        into.x1 = std::max(into.x1, b.x1);
        into.y0 = std::min(into.y0, b.y0);
        into.y1 = std::max(into.y1, b.y1);
    };
    auto group = [&](std::size_t count, const auto& boxAt) {
        std::vector<Node> nodes;
        nodes.reserve((count + kFanout - 1) / kFanout);
        for (std::size_t i = 0; i < count; i += kFanout) {
            Node node{boxAt(i), static_cast<int>(i), static_cast<int>(std::min<std::size_t>(kFanout, count - i))};
            for (std::size_t j = i + 1; j < i + static_cast<std::size_t>(node.count); ++j)
                unite(node.box, boxAt(j));
            nodes.push_back(node);
        }
        return nodes;
    };

    items_.resize(n);
    std::iota(items_.begin(), items_.end(), 0);
    strOrder(items_, [&](int i) -> const Box& { return boxes_[static_cast<std::size_t>(i)]; });
    levels_.push_back(group(n, [&](std::size_t i) { return boxes_[static_cast<std::size_t>(items_[i])]; }));
    while (levels_.back().size() > 1) {
        std::vector<Node>& below = levels_.back();
        std::vector<int> ids(below.size());
        std::iota(ids.begin(), ids.end(), 0);
        strOrder(ids, [&](int i) -> const Box& { return below[static_cast<std::size_t>(i)].box; });
        std::vector<Node> reordered;
        reordered.reserve(below.size());
        for (int id : ids)
            reordered.push_back(below[static_cast<std::size_t>(id)]);
        below = std::move(reordered);
        std::vector<Node> above = group(below.size(), [&](std::size_t i) { return below[i].box; });
        levels_.push_back(std::move(above));
    }
}

std::vector<int> BlockHitIndex::query(double x0, double x1, double y0, double y1) const
{
    std::vector<int> found;
    if (levels_.empty())
        return found;
    auto meets = [&](const Box& b) { return b.x0 <= x1 && b.x1 >= x0 && b.y0 <= y1 && b.y1 >= y0; };
    struct Entry {
        int level;
        int node;
    };
    std::vector<Entry> stack;
    const int top = static_cast<int>(levels_.size()) - 1;
    for (int i = 0; i < static_cast<int>(levels_[static_cast<std::size_t>(top)].size()); ++i)
        stack.push_back({top, i});
    while (!stack.empty()) {
        const Entry e = stack.back();
        stack.pop_back();
        const Node& node = levels_[static_cast<std::size_t>(e.level)][static_cast<std::size_t>(e.node)];
        if (!meets(node.box))
            continue;
        if (e.level == 0) {
            for (int i = node.first; i < node.first + node.count; ++i) {
                const int block = items_[static_cast<std::size_t>(i)];
                if (meets(boxes_[static_cast<std::size_t>(block)]))
                    found.push_back(block);
            }
        } else {
            for (int i = node.first; i < node.first + node.count; ++i)
                stack.push_back({e.level - 1, i});
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

} // namespace memlens
