#pragma once
// A corpus of generated functions, fitting and failing, and a comparison of two plans field
// by field: the planner's shortcuts (PlanOptions::skipRepeatedSeeds, fastSearchSteps) must
// give every plan the full search gives. A small corpus runs in the tests
// (test_planner_search_identity), a large one in the planner benchmark.
#include "bench/generated_ir.hpp"
#include "core/planner/function_plan.hpp"
#include "core/planner/plan_options.hpp"

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace memlens::bench {

// A straight-line function of `buffers` UB tiles of mixed sizes (8 to 48 KB) whose lives start
// and end in a random order: tiles loaded, computed from live ones (vadd of two tiles that die
// there may take either one's place, as the seed's kill order says) and stored. Near the
// capacity some fail by fragmentation, their demand at every op under it.
inline std::string mixedLivesIr(unsigned seed, int buffers = 24)
{
    std::mt19937 random(seed);
    std::ostringstream out;
    out << "module attributes {hacc.target = #hacc.target<\"Ascend910B1\">} {\n"
           "  func.func @mixed(%gm: memref<1048576xf16, #hivm.address_space<gm>>) attributes {hacc.entry, "
           "hacc.function_kind = #hacc.function_kind<DEVICE>, hivm.func_core_type = #hivm.func_core_type<AIV>} {\n";
    std::vector<int> rows(static_cast<std::size_t>(buffers));
    auto type = [&](int t) {
        return "memref<" + std::to_string(rows[static_cast<std::size_t>(t)]) + "x256xf16, #hivm.address_space<ub>>";
    };
    for (int t = 0; t < buffers; ++t)
        rows[static_cast<std::size_t>(t)] = 16 * (1 + static_cast<int>(random() % 6));
    std::ostringstream body; // after the allocs, whose sizes a vadd may still change
    int views = 0;
    auto view = [&](int t) {
        const std::string r = std::to_string(rows[static_cast<std::size_t>(t)]);
        const std::string viewType = "memref<" + r + "x256xf16, strided<[256, 1]>, #hivm.address_space<gm>>";
        const std::string name = "%v" + std::to_string(views++);
        body << "    " << name << " = memref.reinterpret_cast %gm to offset: [0], sizes: [" << r
             << ", 256], strides: [256, 1] : memref<1048576xf16, #hivm.address_space<gm>> to " << viewType << "\n";
        return std::make_pair(name, viewType);
    };
    std::vector<int> live;
    int next = 0;
    while (next < buffers || !live.empty()) {
        const unsigned choice = random() % 4;
        if (next < buffers && (live.size() < 2 || choice == 0)) { // a load starts a tile
            const auto [name, viewType] = view(next);
            body << "    hivm.hir.load ins(" << name << " : " << viewType << ") outs(%t" << next << " : " << type(next)
                 << ")\n";
            live.push_back(next++);
        } else if (next < buffers && choice == 1 && live.size() >= 2) { // a vadd of two live tiles
            const std::size_t a = random() % live.size();
            const std::size_t b = (a + 1 + random() % (live.size() - 1)) % live.size();
            const int x = live[a];
            const int y = live[b];
            rows[static_cast<std::size_t>(next)]
                = std::min(rows[static_cast<std::size_t>(x)], rows[static_cast<std::size_t>(y)]);
            body << "    hivm.hir.vadd ins(%t" << x << ", %t" << y << " : " << type(x) << ", " << type(y) << ") outs(%t"
                 << next << " : " << type(next) << ")\n";
            if (random() % 2) { // both die here
                live.erase(live.begin() + static_cast<std::ptrdiff_t>(std::max(a, b)));
                live.erase(live.begin() + static_cast<std::ptrdiff_t>(std::min(a, b)));
            }
            live.push_back(next++);
        } else { // a store ends a tile
            const std::size_t a = random() % live.size();
            const int x = live[a];
            const auto [name, viewType] = view(x);
            body << "    hivm.hir.store ins(%t" << x << " : " << type(x) << ") outs(" << name << " : " << viewType
                 << ")\n";
            live.erase(live.begin() + static_cast<std::ptrdiff_t>(a));
        }
    }
    for (int t = 0; t < buffers; ++t)
        out << "    %t" << t << " = memref.alloc() : " << type(t) << "\n";
    out << body.str() << "    return\n  }\n}\n";
    return out.str();
}

struct CorpusFunction {
    std::string ir;
    planner::PlanStrategy strategy = planner::PlanStrategy::Default;
    bool multiBuffer = true;
};

// `count` functions: the even ones of 2 to 9 loop nests with tiles scaled 1x to 4x (the small
// ones fit, the large ones fail), the odd ones straight-line lives of 24 to 96 tiles (some fail
// with seeds that differ, some by fragmentation); both strategies, multi-buffer marks kept or dropped.
inline std::vector<CorpusFunction> planCorpus(int count)
{
    std::vector<CorpusFunction> corpus;
    for (int i = 0; i < count; ++i) {
        CorpusFunction function;
        const int k = i / 2;
        if (i % 2 == 0)
            function.ir = generatedIr(1 + k % 4, 2 + (k / 4) % 8, 1000u + static_cast<unsigned>(i));
        else
            function.ir = mixedLivesIr(2000u + static_cast<unsigned>(i), 24 + 24 * (k % 4));
        function.strategy = (i / 4) % 2 ? planner::PlanStrategy::LargestFirst : planner::PlanStrategy::Default;
        function.multiBuffer = (i / 8) % 2 == 0;
        corpus.push_back(function);
    }
    return corpus;
}

// The first difference between two plans of one function, "" when there is none: the seed,
// whether it fits and is decided, the errors, notes, every scope's figures and text, and every
// alloc's and dump item's offsets, lives and storage.
inline std::string planDifference(const planner::FunctionPlan& a, const planner::FunctionPlan& b)
{
    std::ostringstream out;
    std::string where; // the scope and the alloc being compared
    auto differ = [&](const char* what, const auto& x, const auto& y) {
        if (x == y)
            return false;
        out << where << what << " differs";
        return true;
    };
    if (differ("seed", a.seed, b.seed) || differ("fits", a.fits, b.fits) || differ("decided", a.decided, b.decided)
        || differ("errors", a.errors, b.errors) || differ("notes", a.notes, b.notes)
        || differ("scope count", a.scopes.size(), b.scopes.size())
        || differ("castOffsets", a.castOffsets, b.castOffsets))
        return out.str();
    for (std::size_t s = 0; s < a.scopes.size(); ++s) {
        const planner::PlannedScope& x = a.scopes[s];
        const planner::PlannedScope& y = b.scopes[s];
        where = "scope " + x.scope + ": ";
        if (differ("planned", x.planned, y.planned) || differ("fits", x.fits, y.fits)
            || differ("requires", x.requiresBits, y.requiresBits) || differ("error", x.errorInfo, y.errorInfo)
            || differ("high water", x.highWaterBits, y.highWaterBits) || differ("warning", x.warning, y.warning)
            || differ("decided", x.decided, y.decided) || differ("alloc count", x.allocs.size(), y.allocs.size())
            || differ("dump item count", x.dumpItems.size(), y.dumpItems.size()))
            return out.str();
        for (std::size_t i = 0; i < x.allocs.size(); ++i) {
            const planner::PlannedAlloc& p = x.allocs[i];
            const planner::PlannedAlloc& q = y.allocs[i];
            where = "scope " + x.scope + ", alloc " + std::to_string(i) + ": ";
            if (differ("buffer", p.buffer, q.buffer) || differ("offsets", p.offsets, q.offsets)
                || differ("bits", p.bits, q.bits) || differ("life start", p.lifeStart, q.lifeStart)
                || differ("life end", p.lifeEnd, q.lifeEnd) || differ("storage", p.storage, q.storage)
                || differ("tmp", p.tmp, q.tmp))
                return out.str();
        }
        for (std::size_t i = 0; i < x.dumpItems.size(); ++i) {
            const planner::DumpItem& p = x.dumpItems[i];
            const planner::DumpItem& q = y.dumpItems[i];
            where = "scope " + x.scope + ", dump item " + std::to_string(i) + ": ";
            if (differ("buffer", p.buffer, q.buffer) || differ("offsets", p.offsets, q.offsets)
                || differ("extent", p.extentBits, q.extentBits) || differ("life start", p.lifeStart, q.lifeStart)
                || differ("life end", p.lifeEnd, q.lifeEnd) || differ("tmp", p.tmp, q.tmp))
                return out.str();
        }
    }
    return {};
}

// The shortcuts under test off: every seed searched, every life walked.
inline planner::PlanOptions withoutSearchShortcuts(planner::PlanOptions options)
{
    options.skipRepeatedSeeds = false;
    options.fastSearchSteps = false;
    return options;
}

} // namespace memlens::bench
