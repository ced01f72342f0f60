"""A replay reads a recorded snapshot: it must not load what only asks the machine (NVML, the CUDA driver, the
live host and the native libraries' thread), which also costs every replay its import time."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SNAPSHOT = REPO / "tests" / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"

ASKS_THE_MACHINE = ("gpudoctor.host.live", "gpudoctor.host.nvml", "gpudoctor.host.native", "gpudoctor.host.cuda_child",
                    "gpudoctor.host.library_thread", "pynvml", "ctypes")


def test_a_replay_imports_nothing_that_asks_the_machine():
    code = textwrap.dedent(f"""\
        import contextlib, io, sys
        from gpudoctor import cli
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                cli.main(["check", "--from", {str(SNAPSHOT)!r}], standalone_mode=False)
            except SystemExit:
                pass
        print(" ".join(sorted(sys.modules)))
        """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO).stdout
    imported = set(out.splitlines()[-1].split())
    assert "gpudoctor.checks.gpu" in imported  # the checks did run
    assert not imported & set(ASKS_THE_MACHINE)
