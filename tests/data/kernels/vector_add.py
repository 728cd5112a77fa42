# A 1-D kernel: one tile of BLOCK elements per program.
import triton
import triton.language as tl


@triton.jit
def vector_add(X, Y, Z, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(X + offs, mask=mask)
    y = tl.load(Y + offs, mask=mask)
    z = x + y
    tl.store(Z + offs, z, mask=mask)
