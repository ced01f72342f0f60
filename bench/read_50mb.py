"""How long `gpudoctor read` takes on 50 MB pastes, how much memory it holds, and how big its report is.

Run: python bench/read_50mb.py   (issue 26's bounds, on the 2-core machine: under 5 s and under 200 MB each,
and a report whose size does not grow with repetitions in the input)

Two pastes, each repeated to 50 MB:
- a long-running service's Ollama log (tests/fixtures/ollama/linux-2gpu-0.5.12-split.log);
- real tool outputs of two machines with their prompts: nvidia-smi (table, -q, -q -x, topo -m, topo -p2p),
  nvcc, ldconfig -p and /proc/driver/nvidia/version of the two-H200 and the one-H100 host
  (tests/fixtures/pasted/h200x2, h100x1). The two machines disagree on many answers: each conflict must be
  said once, however often the outputs repeat.
Each is also read at a tenth of the size: the report sizes must match.
"""

from __future__ import annotations

import pathlib
import resource
import subprocess
import sys
import tempfile
import time

FIXTURES = pathlib.Path(__file__).parent.parent / "tests" / "fixtures"
LOG = FIXTURES / "ollama" / "linux-2gpu-0.5.12-split.log"
COMMANDS = {"smi": "nvidia-smi", "smi_q": "nvidia-smi -q", "smi_qx": "nvidia-smi -q -x", "topo_m": "nvidia-smi topo -m",
            "topo_p2p_r": "nvidia-smi topo -p2p r", "nvcc": "nvcc --version", "ldconfig": "ldconfig -p",
            "drv_version": "cat /proc/driver/nvidia/version"}
SIZE = 50_000_000
PEAK = ("import resource, subprocess, sys; subprocess.run([sys.executable, '-m', 'gpudoctor', 'read', sys.argv[1]], "
        "capture_output=True); used = resource.getrusage(resource.RUSAGE_CHILDREN); "
        "print(used.ru_maxrss, used.ru_utime + used.ru_stime)")


def tool_outputs() -> str:
    pieces = []
    for machine in ("h200x2", "h100x1"):
        for name, command in COMMANDS.items():
            pieces.append(f"```\n$ {command}\n{(FIXTURES / 'pasted' / machine / f'{name}.txt').read_text('utf-8')}```\n\n")
    return "".join(pieces)


def measure(text: str, size: int) -> tuple[float, float, float, int, int]:
    """(wall seconds, CPU seconds, peak MiB, terminal report bytes, JSON report bytes) of `read` on `text` repeated
    to `size`. On a shared machine the wall time follows the load; the CPU time is the read's own."""
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False, encoding="utf-8") as out:
        out.write(text * (size // len(text) + 1))
    try:
        started = time.perf_counter()
        terminal = subprocess.run([sys.executable, "-m", "gpudoctor", "read", out.name], capture_output=True)
        seconds = time.perf_counter() - started
        # The peak resident memory of one `read`, in a process of its own (RUSAGE_CHILDREN keeps the largest child).
        peak = subprocess.run([sys.executable, "-c", PEAK, out.name], capture_output=True, text=True, check=True)
        document = subprocess.run([sys.executable, "-m", "gpudoctor", "read", "--json", out.name], capture_output=True)
        if terminal.returncode not in (0, 1):
            sys.exit(f"read failed ({terminal.returncode}): {terminal.stderr.decode()[-500:]}")
        peak_kib, cpu = peak.stdout.split()
        return seconds, float(cpu), int(peak_kib) / 1024, len(terminal.stdout), len(document.stdout)
    finally:
        pathlib.Path(out.name).unlink()


def main() -> None:
    for label, text in (("Ollama server log", LOG.read_text(encoding="utf-8")), ("tool outputs of two machines",
                                                                                  tool_outputs())):
        small = measure(text, SIZE // 10)
        seconds, cpu, peak, terminal, document = measure(text, SIZE)
        print(f"{label}: read 50 MB in {seconds:.2f} s ({cpu:.2f} s CPU), peak {peak:.0f} MiB; report {terminal} B "
              f"(JSON {document} B); at 5 MB: {small[3]} B (JSON {small[4]} B)")


if __name__ == "__main__":
    main()
