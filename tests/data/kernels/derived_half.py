# A derived constexpr: the inner tile is half of BLOCK_N.
import triton
import triton.language as tl


@triton.jit
def derived_half(X, Y, stride, BLOCK_N: tl.constexpr):
    BLOCK_K = BLOCK_N // 2
    offs_n = tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    tile = tl.load(X + offs_n[:, None] * stride + offs_k[None, :])
    doubled = tile * 2
    tl.store(Y + offs_n[:, None] * stride + offs_k[None, :], doubled)
