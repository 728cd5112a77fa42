#pragma once
// Small texts that once made the planner's reader and liveness take gigabytes: an op with
// thousands of results on every line, thousands of views of one buffer, thousands of
// buffers live together, and a file of nothing but '('. For the tests that bound them and
// for measuring (tests/core/test_planner_hostile_ir.cpp writes them out on request).
#include <cstddef>
#include <sstream>
#include <string>

namespace memlens::bench {

// `lines` lines of `%rN:results = x.y` (1,000 of 4096 results: 21 KB).
inline std::string manyResultsIr(int lines, int results = 4096)
{
    std::ostringstream out;
    for (int i = 0; i < lines; ++i)
        out << "%r" << i << ":" << results << " = x.y\n";
    return out.str();
}

inline std::string deviceFunctionHead()
{
    return "module attributes {hacc.target = #hacc.target<\"Ascend910B1\">} {\n"
           "  func.func @hostile(%gm: memref<1048576xf16, #hivm.address_space<gm>>) attributes {hacc.entry, "
           "hacc.function_kind = #hacc.function_kind<DEVICE>, hivm.func_core_type = #hivm.func_core_type<AIV>} {\n"
           "    %cst = arith.constant 1.000000e+00 : f16\n";
}

inline std::string deviceFunctionTail() { return "    return\n  }\n}\n"; }

// One memref.alloc and `views` memref.subviews of it, each written (10,000: 1.3 MB).
inline std::string manyViewsIr(int views)
{
    std::ostringstream out;
    out << deviceFunctionHead();
    out << "    %a = memref.alloc() : memref<64xf16, #hivm.address_space<ub>>\n";
    for (int i = 0; i < views; ++i)
        out << "    %s" << i
            << " = memref.subview %a[0] [16] [1] : memref<64xf16, #hivm.address_space<ub>> to "
               "memref<16xf16, strided<[1]>, #hivm.address_space<ub>>\n";
    out << deviceFunctionTail();
    return out.str();
}

// `allocs` allocs, then each one written, then each one read: all live together
// (10,000: 3.2 MB).
inline std::string manyLiveIr(int allocs)
{
    const std::string type = "memref<16xf16, #hivm.address_space<ub>>";
    std::ostringstream out;
    out << deviceFunctionHead();
    for (int i = 0; i < allocs; ++i)
        out << "    %t" << i << " = memref.alloc() : " << type << "\n";
    for (int i = 0; i < allocs; ++i)
        out << "    hivm.hir.vbrc ins(%cst : f16) outs(%t" << i << " : " << type << ")\n";
    for (int i = 0; i < allocs; ++i)
        out << "    hivm.hir.vabs ins(%t" << i << " : " << type << ") outs(%t" << (i + 1) % allocs << " : " << type
            << ")\n";
    out << deviceFunctionTail();
    return out.str();
}

// `allocs` pairs in sequence, each a buffer filled by DMA from gm and a buffer computed from
// it and stored back: short lives one after another, so every buffer goes over earlier ones
// and each placement asks which placed storages' pipes conflict with its own (7,000: 2.4 MB).
inline std::string manyDmaIr(int allocs)
{
    const std::string ub = "memref<16xf16, #hivm.address_space<ub>>";
    const std::string gm = "memref<1048576xf16, #hivm.address_space<gm>>";
    std::ostringstream out;
    out << deviceFunctionHead();
    for (int i = 0; i < allocs; ++i) {
        out << "    %l" << i << " = memref.alloc() : " << ub << "\n";
        out << "    hivm.hir.load ins(%gm : " << gm << ") outs(%l" << i << " : " << ub << ")\n";
        out << "    %c" << i << " = memref.alloc() : " << ub << "\n";
        out << "    hivm.hir.vabs ins(%l" << i << " : " << ub << ") outs(%c" << i << " : " << ub << ")\n";
        out << "    hivm.hir.store ins(%c" << i << " : " << ub << ") outs(%gm : " << gm << ")\n";
    }
    out << deviceFunctionTail();
    return out.str();
}

// In a loop, a load and `ops` element-wise ops in a chain, every buffer double-buffered, the last
// stored: each op may write over its input, so the stall test of each pair walks the pairs made
// before it, and that of the last walks all of them back to the load (`ops` hops).
inline std::string multiBufferChainIr(int ops)
{
    const std::string ub = "memref<16xf16, #hivm.address_space<ub>>";
    const std::string gm = "memref<1048576xf16, #hivm.address_space<gm>>";
    std::ostringstream out;
    out << deviceFunctionHead();
    out << "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
           "    %c4 = arith.constant 4 : index\n    scf.for %i = %c0 to %c4 step %c1 {\n";
    for (int i = 0; i <= ops; ++i)
        out << "      %x" << i << " = memref.alloc() : " << ub << "\n      annotation.mark %x" << i
            << " {hivm.multi_buffer = 2 : i32} : " << ub << "\n";
    out << "      hivm.hir.load ins(%gm : " << gm << ") outs(%x0 : " << ub << ")\n";
    for (int i = 0; i < ops; ++i)
        out << "      hivm.hir.vabs ins(%x" << i << " : " << ub << ") outs(%x" << i + 1 << " : " << ub << ")\n";
    out << "      hivm.hir.store ins(%x" << ops << " : " << ub << ") outs(%gm : " << gm << ")\n    }\n";
    out << deviceFunctionTail();
    return out.str();
}

// `bytes` of '(' (50 MB once took 2.76 GB).
inline std::string openParensIr(std::size_t bytes) { return std::string(bytes, '('); }

} // namespace memlens::bench
