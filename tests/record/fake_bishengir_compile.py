#!/usr/bin/env python3
"""A stand-in for bishengir-compile, for memlens record's tests (no real compiler here).

It does what memlens relies on, with the bundled layer-norm example's files
(resources/examples/layer_norm/block16384 and block8192, keyed on the tile size
found in the input IR):
  --help             the option names Triton-Ascend looks for (exit 0)
  --version          a version line
  INPUT ... -o OUT   writes OUT.o; with --enable-memory-display=true writes
                     memory_info_aiv.json into its working folder; prints the
                     planner's sections on stderr when asked with
                     --mlir-print-ir-before= / --mlir-print-ir-after=hivm-plan-memory;
                     the 16384 config fails with the "ub overflow" text (exit 1),
                     the 8192 config prints "Allocated UB size = N bits" on stdout
                     (with --enable-print-memory-allocated-size) and exits 0.
With --target=Ascend950... it acts as an Ascend950 (A5) compile, from the example's a5/ logs:
the planner pass is hivm-plan-memory-regbase, no memory_info json is written, its sections
are printed when asked with the regbase print options, and the 8192 config prints its
"Allocated UB size = N bits" on stdout.
The example's kernel name and Python path are replaced by the input's.
Test switches (environment): FAKE_COMPILER_CRASH=1 aborts after half a dump;
FAKE_COMPILER_HANG=FILE writes half a dump, creates FILE and sleeps.
"""
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.realpath(__file__))
EXAMPLE = os.path.join(HERE, "..", "..", "resources", "examples", "layer_norm")
EXAMPLE_KERNEL = "_layer_norm_fwd_fused"
EXAMPLE_PYTHON = "/home/dev/kernels/layer_norm.py"

HELP = """OVERVIEW: bishengir-compile (memlens test stand-in)
USAGE: bishengir-compile [options] <input file>
OPTIONS:
  --enable-auto-multi-buffer=<bool>
  --enable-hfusion-compile=<bool>
  --enable-hivm-compile=<bool>
  --enable-memory-display=<bool>
  --enable-print-memory-allocated-size
  --enable-triton-kernel-compile=<bool>
  --limit-auto-multi-buffer-buffer=<value>
  --mlir-print-debuginfo
  --mlir-print-ir-after=<pass-arg>
  --mlir-print-ir-before=<pass-arg>
  -o <filename>
  --target=<value>
"""


def split_log(text):
    """The example log's planner section (header to the end of its IR) and the other lines."""
    lines = text.splitlines(keepends=True)
    end = 1
    while end < len(lines) and (lines[end][:1] in ("", " ", "\t", "#", "%", "}", "\n") or
                                lines[end].startswith("func.func")):
        end += 1
    return "".join(lines[:end]), "".join(lines[end:])


def compile_a5(log_path, ours, options, output):
    """An Ascend950 compile: the regbase planner's sections from the example's A5 log."""
    with open(log_path, encoding="utf-8") as f:
        lines = ours(f.read()).splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("// -----// IR Dump ")]
    head = "".join(lines[:starts[0]])
    before_end = next(i for i in range(starts[0] + 1, len(lines))
                      if lines[i].startswith("[AscendNPU IR]") or lines[i].startswith("// -----// IR Dump After"))
    before = "".join(lines[starts[0]:before_end])
    ub_line = lines[before_end] if lines[before_end].startswith("[AscendNPU IR]") else ""
    after_start = starts[1]
    after_end = after_start + 1
    while after_end < len(lines) and not re.match(r"\S+\.py:\d+:\d+: ", lines[after_end]):
        after_end += 1
    after, rest = "".join(lines[after_start:after_end]), "".join(lines[after_end:])
    fails = "overflow" in rest
    sys.stderr.write(head)
    if "--mlir-print-ir-before=hivm-plan-memory-regbase" in options:
        sys.stderr.write(before)
    if "--mlir-print-ir-after=hivm-plan-memory-regbase" in options:
        sys.stderr.write(after)
    sys.stderr.write(rest)
    if ub_line and "--enable-print-memory-allocated-size" in options:
        sys.stdout.write(ub_line)
    if fails:
        return 1
    if output:
        with open(output + ".o", "wb") as f:
            f.write(b"\x7fELF stand-in object\n")
    return 0


def main(argv):
    if "--help" in argv or "-help" in argv:
        sys.stdout.write(HELP)
        return 0
    if "--version" in argv:
        sys.stdout.write("bishengir-compile (memlens test stand-in) 0.1\n")
        return 0
    inputs, output, options = [], None, []
    i = 0
    while i < len(argv):
        if argv[i] == "-o" and i + 1 < len(argv):
            output = argv[i + 1]
            i += 2
            continue
        (options if argv[i].startswith("-") else inputs).append(argv[i])
        i += 1
    if len(inputs) != 1:
        sys.stderr.write("bishengir-compile: error: expected one input file\n")
        return 1
    try:
        with open(inputs[0], encoding="utf-8") as f:
            ir = f.read()
    except OSError as e:
        sys.stderr.write(f"bishengir-compile: error: cannot read {inputs[0]}: {e.strerror}\n")
        return 1
    kernel = re.search(r"func\.func @([\w$.]+)", ir).group(1)
    python = re.search(r'loc\("([^"]+\.py)"', ir).group(1)
    block = "block16384" if "memref<16384x" in ir else "block8192"

    def ours(text):
        return text.replace(EXAMPLE_KERNEL, kernel).replace(EXAMPLE_PYTHON, python)

    target = next((o.split("=", 1)[1] for o in options if o.startswith("--target=")), "")
    if target.startswith("Ascend950"):
        return compile_a5(os.path.join(EXAMPLE, "a5", block, "compile.log"), ours, options, output)
    with open(os.path.join(EXAMPLE, block, "compile.log"), encoding="utf-8") as f:
        section, rest = split_log(ours(f.read()))
    with open(os.path.join(EXAMPLE, block, "memory_info_aiv.json"), encoding="utf-8") as f:
        dump = ours(f.read())

    if "--enable-memory-display=true" in options:
        with open("memory_info_aiv.json", "w", encoding="utf-8") as f:
            f.write(dump[: len(dump) // 2])
            f.flush()
            if os.environ.get("FAKE_COMPILER_CRASH") == "1":
                os.abort()
            if os.environ.get("FAKE_COMPILER_HANG"):
                open(os.environ["FAKE_COMPILER_HANG"], "w").close()
                time.sleep(30)
            f.write(dump[len(dump) // 2:])
    elif os.environ.get("FAKE_COMPILER_CRASH") == "1":
        os.abort()

    fails = block == "block16384"
    sys.stderr.write(f"[stand-in] compiling {kernel}\n")
    if "--mlir-print-ir-before=hivm-plan-memory" in options:
        sys.stderr.write(section)
    sys.stderr.flush()
    if "--mlir-print-ir-after=hivm-plan-memory" in options and not fails:
        after = section.replace("IR Dump Before PlanMemory", "IR Dump After PlanMemory", 1)
        sys.stderr.write(after)
    sys.stderr.write(rest)
    if fails:
        return 1
    if "--enable-print-memory-allocated-size" in options:
        sys.stdout.write("[AscendNPU IR] Allocated UB size = 1572864 bits\n")
    if output:
        with open(output + ".o", "wb") as f:
            f.write(b"\x7fELF stand-in object\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
