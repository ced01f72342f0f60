"""Fixtures of the attack suite: fake driver libraries built from tests/attacks/fakes (Linux, C compiler)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

FAKES = Path(__file__).parent / "fakes"
sys.path.insert(0, str(Path(__file__).parent))  # the suite's helpers: loopback.py, hostile.py


@pytest.fixture(scope="session")
def fake_driver_libs(tmp_path_factory):
    """{"nvml": a fake libnvidia-ml.so.1, "nothing": a library without any CUDA function, "cuda": a fake CUDA
    driver library, "dir": the folder holding them}."""
    if not sys.platform.startswith("linux"):
        pytest.skip("fake driver libraries are Linux-only")
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        pytest.skip("no C compiler to build the fake libraries")
    out = tmp_path_factory.mktemp("attack-libs")
    built = {"nvml": out / "libnvidia-ml.so.1", "nothing": out / "libnothing.so", "cuda": out / "libfakecuda.so"}
    for source, target in ((FAKES / "fake_nvml.c", built["nvml"]), (FAKES / "fake_nothing.c", built["nothing"]),
                           (FAKES / "fake_cuda.c", built["cuda"])):
        proc = subprocess.run([cc, "-shared", "-fPIC", "-O2", "-o", str(target), str(source)],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            pytest.skip(f"cannot build {source.name}: {proc.stderr[-300:]}")
    return {"dir": str(out), **{name: str(path) for name, path in built.items()}}
