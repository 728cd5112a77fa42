"""Writes the device IR of attention_2d.py for one BLOCK_M, BLOCK_N (HEAD_DIM 64),
in the form the memory planner reads (HIVM ops on UB allocs, the K and V loads
double-buffered in the loop), with each alloc's location at its Python line.

    python3 make_attention_ir.py 64 128 > attention_2d/m64_n128.ttadapter

The fixtures attention_2d/m{32,64,128}_n{64,128,256}.ttadapter were made so.
test_fit_map_accuracy plans each with memlens's planner (as `memlens plan --out`
does) and measures the fit map predicted from m64_n128's plan against them.
"""
import sys

PY = "/home/dev/kernels/attention_2d.py"
HEAD_DIM = 64


def ub(shape, elem):
    return "memref<%sx%s, #hivm.address_space<ub>>" % ("x".join(str(s) for s in shape), elem)


def main(block_m, block_n):
    allocs = []  # (name, shape, elem, line, column, var)
    out = []
    w = out.append
    w('#loc = loc("%s":8:0)' % PY)
    w('module attributes {hacc.target = #hacc.target<"Ascend910B3">} {')
    w('  func.func @attention_2d(%Q: memref<?xf16, #hivm.address_space<gm>>, %K: memref<?xf16, #hivm.address_space<gm>>,')
    w('      %V: memref<?xf16, #hivm.address_space<gm>>, %Out: memref<?xf16, #hivm.address_space<gm>>)')
    w('      attributes {hacc.entry, hacc.function_kind = #hacc.function_kind<DEVICE>, hivm.func_core_type = #hivm.func_core_type<AIV>} {')
    w('    %c0 = arith.constant 0 : index')
    w('    %c1 = arith.constant 1 : index')
    w('    %c4 = arith.constant 4 : index')

    def alloc(indent, name, shape, elem, line, column, var):
        w('%s%%%s = memref.alloc() : %s loc(#loc_%s)' % (indent, name, ub(shape, elem), name))
        allocs.append((name, line, column, var))

    def op(indent, kind, ins, outs):
        w('%shivm.hir.%s ins(%s) outs(%s)' % (indent, kind, ", ".join("%" + i for i in ins), "%" + outs))

    q, qk, kv, row = (block_m, HEAD_DIM), (block_m, block_n), (block_n, HEAD_DIM), (block_m,)
    alloc("    ", "q", q, "f16", 15, 9, "q")
    w('    hivm.hir.load ins(%%Q : memref<?xf16, #hivm.address_space<gm>>) outs(%%q : %s)' % ub(q, "f16"))
    alloc("    ", "m_i", row, "f32", 16, 10, "m_i")
    op("    ", "vbrc", ["c0"], "m_i")
    alloc("    ", "acc", q, "f32", 17, 11, "acc")
    op("    ", "vbrc", ["c0"], "acc")
    w('    scf.for %i = %c0 to %c4 step %c1 {')
    alloc("      ", "k", kv, "f16", 19, 12, "k")
    w('      annotation.mark %%k {hivm.multi_buffer = 2 : i32} : %s' % ub(kv, "f16"))
    w('      hivm.hir.load ins(%%K : memref<?xf16, #hivm.address_space<gm>>) outs(%%k : %s)' % ub(kv, "f16"))
    alloc("      ", "qk", qk, "f32", 21, 16, "qk")
    op("      ", "vmul", ["q", "k"], "qk")
    alloc("      ", "m_ij", row, "f32", 22, 35, "m_ij")
    op("      ", "vmax", ["qk", "m_i"], "m_ij")
    alloc("      ", "p", qk, "f32", 23, 12, "p")
    op("      ", "vsub", ["qk", "m_ij"], "p")
    alloc("      ", "v", kv, "f16", 24, 12, "v")
    w('      annotation.mark %%v {hivm.multi_buffer = 2 : i32} : %s' % ub(kv, "f16"))
    w('      hivm.hir.load ins(%%V : memref<?xf16, #hivm.address_space<gm>>) outs(%%v : %s)' % ub(kv, "f16"))
    alloc("      ", "p16", qk, "f16", 25, 24, "p")
    op("      ", "vcast", ["p"], "p16")
    alloc("      ", "pv", q, "f32", 25, 16, "acc")
    op("      ", "vmul", ["p16", "v"], "pv")
    op("      ", "vadd", ["acc", "pv"], "acc")
    op("      ", "vcopy", ["m_ij"], "m_i")
    w('    }')
    alloc("    ", "o", q, "f16", 27, 62, "acc")
    op("    ", "vcast", ["acc"], "o")
    w('    hivm.hir.store ins(%%o : %s) outs(%%Out : memref<?xf16, #hivm.address_space<gm>>)' % ub(q, "f16"))
    w('    return')
    w('  }')
    w('}')
    for name, line, column, var in allocs:
        w('#loc_%s = loc("%s"("%s":%d:%d))' % (name, var, PY, line, column))
    print("\n".join(out))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
