# An attention-like 2-D kernel: a BLOCK_M x HEAD_DIM query tile against
# BLOCK_N x HEAD_DIM key and value tiles.
import triton
import triton.language as tl


@triton.jit
def attention_2d(Q, K, V, Out, stride, n_ctx,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + offs_m[:, None] * stride + offs_d[None, :])
    m_i = tl.full((BLOCK_M,), -float("inf"), tl.float32)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), dtype=tl.float32)
    for start_n in range(0, n_ctx, BLOCK_N):
        k = tl.load(K + (start_n + offs_n)[:, None] * stride
                    + offs_d[None, :])
        qk = tl.dot(q, tl.trans(k))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_ij[:, None])
        v = tl.load(V + (start_n + offs_n)[:, None] * stride + offs_d[None, :])
        acc += tl.dot(p.to(tl.float16), v)
        m_i = m_ij
    tl.store(Out + offs_m[:, None] * stride + offs_d[None, :], acc.to(tl.float16))
