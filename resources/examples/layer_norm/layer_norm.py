"""Layer norm forward for Triton-Ascend, tuned to overflow the Unified Buffer.

The worked example that ships with memlens. Each row of X (N columns, f16) is
normalised on its own, accumulating in f32:

    mean = sum(x) / N
    var  = sum((x - mean)^2) / N
    rstd = 1 / sqrt(var + eps)
    y    = (x - mean) * rstd * w + b

The kernel keeps a whole row in one block, so BLOCK_SIZE >= N and the UB cost
grows with N. With N = 8192 the plan fits in the 192 KB UB of an Ascend910B3;
with N = 16384 it does not, and bishengir-compile fails with "ub overflow".
The dumps beside this file (block8192/, block16384/) are the two plans.

    python layer_norm.py              # N = 8192,  BLOCK_SIZE = 8192: compiles, runs
    python layer_norm.py --n 16384    # N = 16384, BLOCK_SIZE = 16384: ub overflow
"""
import argparse

import torch
import triton
import triton.language as tl

# Ascend910B3: 20 AI cores with 2 vector cores each. The kernel is persistent:
# one program per vector core, each walking the rows with a grid stride.
VECTOR_CORES = 40


@triton.jit
def _layer_norm_fwd_fused(
    X,  # f16 [n_rows, N], rows row_stride elements apart
    Y,  # f16 [n_rows, N], output, same layout as X
    W,  # f16 [N], scale
    B,  # f16 [N], shift
    Mean,  # f32 [n_rows], kept for the backward pass
    Rstd,  # f32 [n_rows], 1 / sqrt(var + eps), kept for the backward pass
    row_stride,
    n_rows,
    N,
    eps,
    BLOCK_SIZE: tl.constexpr,
):
    # A row is one block: no column loop, each statistic is one reduction.
    cols = tl.arange(0, BLOCK_SIZE)
    in_row = cols < N
    first = tl.program_id(0)
    step = tl.num_programs(0)
    for row in range(first, n_rows, step):
        # Loads in this loop are double-buffered by the compiler (the next
        # row streams in while this one is computed): each tile costs twice.
        x = tl.load(X + row * row_stride + cols, mask=in_row, other=0.0)
        w = tl.load(W + cols, mask=in_row, other=0.0)
        b = tl.load(B + cols, mask=in_row, other=0.0)
        xf = x.to(tl.float32)
        row_sum = tl.sum(xf, axis=0)
        mean = row_sum / N
        diff = tl.where(in_row, xf - mean, 0.0)
        sq = diff * diff
        sq_sum = tl.sum(sq, axis=0)
        rstd = 1.0 / tl.sqrt(sq_sum / N + eps)
        x_hat = diff * rstd
        wf = w.to(tl.float32)
        bf = b.to(tl.float32)
        y = x_hat * wf + bf
        tl.store(Mean + row, mean)
        tl.store(Rstd + row, rstd)
        tl.store(Y + row * row_stride + cols, y.to(tl.float16), mask=in_row)


def block_size_for(n):
    # The deliberate change: no cap and no column loop, so the block grows with
    # N. The kernel needs about 20 bytes of UB per element (see README.md), so
    # a 192 KB UB holds BLOCK_SIZE 8192 but not 16384. The usual cap of 64 KB of
    # input (65536 // 2 = 32768 f16 elements) would not stop that: the bound
    # has to come from the UB, with a loop over column blocks beyond it.
    return triton.next_power_of_2(n)


def layer_norm(x, weight, bias, eps=1e-5):
    n_rows, n = x.shape
    y = torch.empty_like(x)
    mean = torch.empty(n_rows, dtype=torch.float32, device=x.device)
    rstd = torch.empty(n_rows, dtype=torch.float32, device=x.device)
    grid = (min(n_rows, VECTOR_CORES),)
    _layer_norm_fwd_fused[grid](
        x, y, weight, bias, mean, rstd,
        x.stride(0), n_rows, n, eps,
        BLOCK_SIZE=block_size_for(n),
    )
    return y, mean, rstd


def run_case(n_rows, n, device="npu"):
    torch.manual_seed(0)
    x = torch.randn(n_rows, n, dtype=torch.float16, device=device)
    weight = torch.rand(n, dtype=torch.float16, device=device)
    bias = torch.rand(n, dtype=torch.float16, device=device)
    y, _, _ = layer_norm(x, weight, bias)
    expected = torch.nn.functional.layer_norm(
        x.float(), (n,), weight.float(), bias.float(), 1e-5).half()
    return (y.float() - expected.float()).abs().max().item()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=128)
    parser.add_argument("--n", type=int, default=8192,
                        help="columns per row; 16384 is the overflowing case")
    args = parser.parse_args()

    import torch_npu  # noqa: F401  (registers the "npu" device with torch)

    block = block_size_for(args.n)
    print(f"rows={args.rows} N={args.n} -> BLOCK_SIZE={block}, "
          f"UB plan about {20 * block} of 196608 bytes")
    try:
        err = run_case(args.rows, args.n)
    except Exception as e:  # the compiler's error arrives as a generic one
        if "ub overflow" in str(e):
            print("ub overflow: recompile the cached _layer_norm_fwd_fused.ttadapter "
                  "with bishengir-compile --enable-memory-display=true and open "
                  "memory_info_aiv.json in memlens")
        raise
    print(f"max abs error vs torch: {err:.4f}")
