"""Fixtures for the deep-test package (no GPU needed).

* Makes the repository root importable (``gpudoctor`` may not be installed).
* ``fake_libs``: compiles tests/deep/fakes/fake_{cuda,nccl}.c into a fake
  ``libcuda.so.1`` / ``libnccl.so.2`` (skipped when no C compiler / not Linux).
"""

import ctypes
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FAKES = Path(__file__).resolve().parent / "fakes"


def real_libcuda_present():
    for name in ("libcuda.so.1", "libcuda.so", "nvcuda.dll"):
        try:
            ctypes.CDLL(name)
            return True
        except OSError:
            continue
    return False


@pytest.fixture
def no_real_libcuda():
    if real_libcuda_present():
        pytest.skip("a real libcuda is installed here")


@pytest.fixture(scope="session")
def fake_libs(tmp_path_factory):
    if not sys.platform.startswith("linux"):
        pytest.skip("fake driver libraries are Linux-only")
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        pytest.skip("no C compiler to build the fake libcuda/libnccl")
    out = tmp_path_factory.mktemp("fakelibs")
    cuda = out / "libcuda.so.1"
    nccl = out / "libnccl.so.2"
    cublas = out / "libcublas.so.13"
    for src, dst, extra in ((FAKES / "fake_cuda.c", cuda, []), (FAKES / "fake_nccl.c", nccl, ["-ldl"]),
                            (FAKES / "fake_cublas.c", cublas, ["-ldl"])):
        proc = subprocess.run(
            [cc, "-shared", "-fPIC", "-O2", "-o", str(dst), str(src)] + extra,
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            pytest.skip("cannot build fake library: %s" % proc.stderr[-500:])
    return {"dir": str(out), "cuda": str(cuda), "nccl": str(nccl), "cublas": str(cublas)}


@pytest.fixture
def fake_env(fake_libs):
    """Environment for a worker child that should load the fake libcuda."""
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = fake_libs["dir"] + (
        os.pathsep + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else ""
    )
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    for key in list(env):
        if key.startswith(("FAKE_CUDA_", "FAKE_NCCL_", "FAKE_CUBLAS_")):
            del env[key]
    return env
