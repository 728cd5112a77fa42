#pragma once
// A generated function in the HIVM form the planner reads: loop nests 1 to 3 deep, tiles
// of varied sizes, a third of the loaded ones double-buffered, elementwise ops of several
// HIVM kinds (some of them in place), loads and stores. For the planner's benchmark and
// the tests that compare its shortcuts with the full search.
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace memlens::bench {

struct GeneratedTile {
    std::string name;
    std::string type; // memref<RxCxT, ub>
    int rows = 0;
    std::string element;
};

// `stages` loop nests of 8 tiles each (50 give about 3,000 ops and 400 allocs); `rowsScale`
// sets the tile sizes: at 50 stages 1 fits after reuse, 4 does not.
inline std::string generatedIr(int rowsScale, int stages = 50, unsigned seed = 29)
{
    const int kStages = stages;
    constexpr int kTilesPerStage = 8;
    std::mt19937 random(seed);
    std::ostringstream out;
    out << "module attributes {hacc.target = #hacc.target<\"Ascend910B1\">} {\n"
           "  func.func @generated(%gm: memref<1048576xf16, #hivm.address_space<gm>>, "
           "%gm32: memref<1048576xf32, #hivm.address_space<gm>>) attributes {hacc.entry, "
           "hacc.function_kind = #hacc.function_kind<DEVICE>, hivm.func_core_type = #hivm.func_core_type<AIV>} {\n"
           "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
           "    %c4 = arith.constant 4 : index\n";
    const char* const binaryOps[] = {"vadd", "vmul", "vsub", "vmax", "vmin"};
    const char* const unaryOps[] = {"vexp", "vabs", "vrelu", "vsqrt"};
    int serial = 0;
    for (int stage = 0; stage < kStages; ++stage) {
        const int depth = 1 + static_cast<int>(random() % 3);
        std::string indent = "    ";
        for (int level = 0; level < depth; ++level) {
            out << indent << "scf.for %i" << stage << "_" << level << " = %c0 to %c4 step %c1 {\n";
            indent += "  ";
        }
        const int columns = 64 << (random() % 3);
        std::vector<GeneratedTile> tiles;
        for (int t = 0; t < kTilesPerStage; ++t) {
            GeneratedTile tile;
            tile.name = "%t" + std::to_string(serial++);
            tile.rows = rowsScale * (4 << (random() % 3));
            tile.element = t % 4 == 3 ? "f32" : "f16";
            tile.type = "memref<" + std::to_string(tile.rows) + "x" + std::to_string(columns) + "x" + tile.element
                + ", #hivm.address_space<ub>>";
            out << indent << tile.name << " = memref.alloc() : " << tile.type << "\n";
            tiles.push_back(tile);
        }
        // A view of the global buffer shaped as `tile`: its name and type.
        auto globalView = [&](const GeneratedTile& tile) {
            const std::string view = "%v" + std::to_string(serial++);
            const std::string viewType = "memref<" + std::to_string(tile.rows) + "x" + std::to_string(columns)
                + "xf16, strided<[" + std::to_string(columns) + ", 1]>, #hivm.address_space<gm>>";
            out << indent << view << " = memref.reinterpret_cast %gm to offset: [0], sizes: [" << tile.rows << ", "
                << columns << "], strides: [" << columns << ", 1] : memref<1048576xf16, #hivm.address_space<gm>> to "
                << viewType << "\n";
            return std::make_pair(view, viewType);
        };
        // Loads into the first three f16 tiles; a third of them double-buffered.
        for (int t = 0; t < 3; ++t) {
            const GeneratedTile& tile = tiles[t];
            if (random() % 3 == 0)
                out << indent << "annotation.mark " << tile.name << " {hivm.multi_buffer = 2 : i32} : " << tile.type
                    << "\n";
            const auto [view, viewType] = globalView(tile);
            out << indent << "hivm.hir.load ins(" << view << " : " << viewType << ") outs(" << tile.name << " : "
                << tile.type << ")\n";
        }
        // Elementwise ops over the stage's tiles: each writes a tile from earlier ones.
        auto written = [&](int t) { return t < 3; };
        std::vector<bool> ready(kTilesPerStage);
        for (int t = 0; t < kTilesPerStage; ++t)
            ready[t] = written(t);
        for (int step = 0; step < 46; ++step) {
            const int target = 3 + step % (kTilesPerStage - 3);
            int a = static_cast<int>(random() % kTilesPerStage);
            while (!ready[a])
                a = (a + 1) % kTilesPerStage;
            int b = static_cast<int>(random() % kTilesPerStage);
            while (!ready[b])
                b = (b + 1) % kTilesPerStage;
            const GeneratedTile& out1 = tiles[target];
            const GeneratedTile& in1 = tiles[a];
            const GeneratedTile& in2 = tiles[b];
            if (in1.element != out1.element) {
                out << indent << "hivm.hir.vcast ins(" << in1.name << " : " << in1.type << ") outs(" << out1.name
                    << " : " << out1.type << ")\n";
            } else if (step % 3 == 0 || in2.element != out1.element) {
                out << indent << "hivm.hir." << unaryOps[random() % 4] << " ins(" << in1.name << " : " << in1.type
                    << ") outs(" << out1.name << " : " << out1.type << ")\n";
            } else {
                out << indent << "hivm.hir." << binaryOps[random() % 5] << " ins(" << in1.name << ", " << in2.name
                    << " : " << in1.type << ", " << in2.type << ") outs(" << out1.name << " : " << out1.type << ")\n";
            }
            ready[target] = true;
        }
        // Two stores of f16 results.
        for (int t : {4, 5}) {
            const GeneratedTile& tile = tiles[t];
            if (tile.element != "f16")
                continue;
            const auto [view, viewType] = globalView(tile);
            out << indent << "hivm.hir.store ins(" << tile.name << " : " << tile.type << ") outs(" << view << " : "
                << viewType << ")\n";
        }
        for (int level = 0; level < depth; ++level) {
            indent.resize(indent.size() - 2);
            out << indent << "}\n";
        }
    }
    out << "    return\n  }\n}\n";
    return out.str();
}

} // namespace memlens::bench
