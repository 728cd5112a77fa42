#!/usr/bin/env python3
"""A stand-in for a Triton-Ascend run (memlens record's tests): compiles the bundled
layer-norm example's adapter IR for each kernel and config given, through the
stand-in backend (fake_triton), as the real backend calls bishengir-compile.

  driver.py [--kernels A,B@8192,...] [--configs 16384,8192] [--arch ARCH] [--fail] [--triton DIR] [--view FILE]

Each kernel is the example renamed; a config is BLOCK_SIZE 16384 (overflows) or
8192 (fits); NAME@C1+C2 gives one kernel its own configs. --view FILE writes what
the driver received from each compiler call (exit status, stdout, stderr) as JSON. An autotuned kernel compiles every config and keeps the ones that
compile. --arch names the chip (Ascend910B3; Ascend950PR_950z compiles as A5). Prints on stdout what Triton would keep, writes the compiler's stdout
and stderr through as they came, and exits 1 when --fail is given or no config
of a kernel compiled. --triton DIR imports the backend from DIR (a bundled copy).
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.realpath(__file__))
EXAMPLE = os.path.join(HERE, "..", "..", "resources", "examples", "layer_norm")


def adapter_ir(kernel, block, arch):
    with open(os.path.join(EXAMPLE, f"block{block}", "_layer_norm_fwd_fused.ttadapter"), encoding="utf-8") as f:
        text = f.read()
    python = os.path.realpath(os.path.join(EXAMPLE, "layer_norm.py"))
    return (text.replace("_layer_norm_fwd_fused", kernel).replace("/home/dev/kernels/layer_norm.py", python)
            .replace('#hacc.target<"Ascend910B3">', f'#hacc.target<"{arch}">'))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kernels", default="_layer_norm_fwd_fused")
    parser.add_argument("--configs", default="16384,8192")
    parser.add_argument("--arch", default="Ascend910B3")
    parser.add_argument("--fail", action="store_true")
    parser.add_argument("--triton", default=os.path.join(HERE, "fake_triton"))
    parser.add_argument("--view")
    args = parser.parse_args()
    view = []
    sys.path.insert(0, args.triton)
    from triton.backends.ascend import compiler

    print(f"compiler generation: {compiler.compiler_generation()}", flush=True)
    status = 1 if args.fail else 0
    for item in args.kernels.split(","):
        kernel, _, own = item.partition("@")
        compiled = 0
        for block in (own.split("+") if own else args.configs.split(",")):
            try:
                bits, out, err = compiler.compile_adapter(adapter_ir(kernel, int(block), args.arch), args.arch)
                view.append({"call": f"{kernel} {block}", "returncode": 0, "stdout": out.hex(), "stderr": err.hex()})
            except subprocess.CalledProcessError as e:
                view.append({"call": f"{kernel} {block}", "returncode": e.returncode,
                             "stdout": (e.stdout or b"").hex(), "stderr": (e.stderr or b"").hex()})
                sys.stdout.buffer.write(e.stdout or b"")
                sys.stderr.buffer.write(e.stderr or b"")
                print(f"{kernel} BLOCK_SIZE={block}: compile failed with exit status {e.returncode}", flush=True)
                continue
            sys.stdout.buffer.write(out)
            sys.stderr.buffer.write(err)
            print(f"{kernel} BLOCK_SIZE={block}: required_ub_bits={bits}", flush=True)
            compiled += 1
        if compiled == 0:
            status = 1
    if args.view:
        with open(args.view, "w", encoding="utf-8") as f:
            json.dump(view, f, indent=1)
    return status


if __name__ == "__main__":
    sys.exit(main())
