# A matmul tile through block pointers.
import triton
import triton.language as tl


@triton.jit
def block_matmul(A, B, C, M, N, K, stride_am, stride_bk, stride_cm,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_ptr = tl.make_block_ptr(A, shape=(M, K), strides=(stride_am, 1),
                              offsets=(pid_m * BLOCK_M, 0),
                              block_shape=(BLOCK_M, BLOCK_K), order=(1, 0))
    b_ptr = tl.make_block_ptr(B, shape=(K, N), strides=(stride_bk, 1), offsets=(0, pid_n * BLOCK_N),
                              block_shape=(BLOCK_K, BLOCK_N), order=(1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr, boundary_check=(0, 1))
        b = tl.load(b_ptr, boundary_check=(0, 1))
        acc += tl.dot(a, b)
        a_ptr = tl.advance(a_ptr, (0, BLOCK_K))
        b_ptr = tl.advance(b_ptr, (BLOCK_K, 0))
    c_ptr = tl.make_block_ptr(C, shape=(M, N), strides=(stride_cm, 1), offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N),
                              block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    tl.store(c_ptr, acc.to(tl.float16), boundary_check=(0, 1))
