# Two constexprs that hold the same value: the axis tells them apart where a
# buffer's own line says which one sized it; where nothing does, both are named.
import triton
import triton.language as tl


@triton.jit
def two_names(X, W, Y, n, BLOCK_SIZE: tl.constexpr, N_COLS: tl.constexpr):
    cols = tl.arange(0, BLOCK_SIZE)
    wcols = tl.arange(0, N_COLS)
    x = tl.load(X + cols, mask=cols < n)
    w = tl.load(W + wcols)
    y = x * w
    total = tl.sum(y, axis=0)
    tl.store(Y + cols, y / total)
