"""A stand-in for Triton-Ascend's backend compile step (memlens record's tests).

As the real backend does: the name is bound at import, the compiler's --help is
read, the adapter IR is written to a temporary folder that is deleted afterwards,
the compiler runs with pipes and check=True, and "UB size = N bits" is read from
its stdout.
"""
import os
import re
import subprocess
import tempfile

from triton.backends.ascend.utils import _get_npucompiler_path, _is_valid_compiler


def compiler_generation():
    path, _ = _get_npucompiler_path()
    if not _is_valid_compiler(path):
        return None
    ret = subprocess.run([path, "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return "new" if ret.returncode == 0 and "limit-auto-multi-buffer-buffer" in ret.stdout else "old"


def compile_adapter(ir_text, arch="Ascend910B3"):
    """(required_ub_bits or None, stdout bytes, stderr bytes); raises CalledProcessError."""
    with tempfile.TemporaryDirectory() as tmpdir:
        source = os.path.join(tmpdir, "kernel.ttadapter.mlir")
        with open(source, "w", encoding="utf-8") as f:
            f.write(ir_text)
        binary = os.path.join(tmpdir, "kernel")
        options = [f"--target={arch}", "--enable-auto-multi-buffer=True"]
        if os.environ.get("TRITON_DISABLE_LINE_INFO", "true").lower() in ("0", "false"):
            options.append("--enable-debug-info=true")
        if os.environ.get("ENABLE_PRINT_UB_BITS", "false").lower() in ("1", "true"):
            options.append("--enable-print-memory-allocated-size")
        if os.environ.get("TRITON_MEMORY_DISPLAY", "false").lower() in ("1", "true"):
            options.append("--enable-memory-display=true")
        path, env = _get_npucompiler_path()
        if path.endswith("bishengir-compile"):
            options += ["--enable-hfusion-compile=true", "--enable-hivm-compile=true",
                        "--enable-triton-kernel-compile=true"]
        command = [path, source] + options + ["-o", binary]
        ret = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
        match = re.search(r"UB\s+size\s*=\s*(\d+)\s*bits", ret.stdout.decode("utf-8"))
        if not os.path.exists(binary + ".o"):
            raise subprocess.CalledProcessError(ret.returncode, command, ret.stdout, ret.stderr)
        return (int(match.group(1)) if match else None), ret.stdout, ret.stderr
