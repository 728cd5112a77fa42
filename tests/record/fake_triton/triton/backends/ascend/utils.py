"""A stand-in for Triton-Ascend's backend utilities (memlens record's tests).

Finds the compiler the way the real backend does: a copy bundled beside this
module first (bishengir/bin/bishengir-compile, its folder then put first on PATH),
then bishengir-compile on PATH, then $TRITON_NPU_COMPILER_PATH/npuc.
"""
import os
import shutil


def _get_npucompiler_path():
    env = dict(os.environ)
    here = os.path.dirname(os.path.abspath(__file__))
    bundled = os.path.join(here, "bishengir", "bin", "bishengir-compile")
    if os.path.exists(bundled):
        env["PATH"] = os.path.dirname(bundled) + os.pathsep + env.get("PATH", "")
        return bundled, env
    found = shutil.which("bishengir-compile")
    if found:
        return found, env
    root = os.environ.get("TRITON_NPU_COMPILER_PATH")
    if root is None:
        raise EnvironmentError("no bishengir-compile found (PATH, TRITON_NPU_COMPILER_PATH)")
    return os.path.join(root, "npuc"), env


def _is_valid_compiler(path):
    return (os.path.basename(path) == "bishengir-compile" and os.path.isfile(path)
            and os.access(path, os.X_OK))
