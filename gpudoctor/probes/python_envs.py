"""The Python interpreters a user gets from `python3` / `python`, and the GPU packages in each.

Each interpreter on PATH is asked, in a child process, for its prefix, its site-packages and the
versions of a few distributions, read from their metadata: importing torch would cost seconds.
gpudoctor's own interpreter is described by the host's system record only.
"""

from __future__ import annotations

import json
import ntpath
import os
import posixpath
import threading
from concurrent.futures import ThreadPoolExecutor

from msgspec import Struct, field

from gpudoctor.host.base import Host
from gpudoctor.model import NotSeen
from gpudoctor.probes.gating import dev_may_hold_a_gpu
from gpudoctor.probing import provides

DISTRIBUTIONS = (
    "torch",
    "nvidia-nccl-cu12",
    "nvidia-nccl-cu13",
    "nvidia-cuda-runtime-cu12",
    "nvidia-cuda-runtime",
    "tensorflow",
    "jax",
)

CHILD_TIMEOUT = 5.0
MAX_INTERPRETERS = 4  # PATH order; later ones are rarely what a user runs

# Valid Python 2 too: an old `python` must answer (without distributions), not crash.
CHILD_SCRIPT = (
    "import json,sys\n"
    "try:\n from importlib import metadata as m\n"
    "except ImportError:\n m=None\n"
    "d={}\n"
    f"for n in {list(DISTRIBUTIONS)!r}:\n"
    " try:d[n]=m.version(n)\n"
    " except Exception:pass\n"
    "print(json.dumps({'version':'%d.%d.%d'%tuple(sys.version_info[:3]),'executable':sys.executable,"
    "'prefix':sys.prefix,'site':[p for p in sys.path if p.endswith(('site-packages','dist-packages'))],"
    "'dists':d}))\n"
)


class PythonEnv(Struct, frozen=True):
    command: str  # the interpreter as found on PATH, e.g. /opt/torch/.venv/bin/python3
    version: str | None = None
    executable: str | None = None
    prefix: str | None = None
    site_packages: tuple[str, ...] = ()
    distributions: dict[str, str] = field(default_factory=dict)  # name -> version, installed ones only
    error: str | None = None  # why it could not be asked

    def has(self, distribution: str) -> bool:
        return distribution in self.distributions


class PythonEnvs(Struct, frozen=True):
    own_python_version: str  # the interpreter gpudoctor itself runs on
    envs: tuple[PythonEnv, ...] = ()  # PATH order: envs[0] is what `python3` gives

    def with_distribution(self, distribution: str) -> tuple[PythonEnv, ...]:
        return tuple(env for env in self.envs if env.has(distribution))


def _interpreters(host: Host, paths) -> list[str]:
    """python3 then python on PATH, once per environment: /bin/python3 is /usr/bin/python3 on merged-/usr
    systems, but a venv's python3 links to the system one yet is another environment (its own prefix)."""
    seen: set[tuple] = set()
    found = []
    for command in (*host.which_all("python3"), *host.which_all("python")):
        directory, _name = paths.split(command)
        key = (host.resolve(directory) or directory, host.resolve(command) or command)
        if key not in seen:
            seen.add(key)
            found.append(command)
    return found[:MAX_INTERPRETERS]


def _ask(host: Host, command: str) -> PythonEnv:
    result = host.run([command, "-c", CHILD_SCRIPT], timeout=CHILD_TIMEOUT)
    if result.error:
        reason = f"did not answer within {CHILD_TIMEOUT:g} s" if result.error == "timeout" else result.error
        return PythonEnv(command, error=reason)
    if result.returncode != 0:
        last_line = (result.error_text.strip().splitlines() or ["no message"])[-1]
        return PythonEnv(command, error=f"exit code {result.returncode}: {last_line}")
    try:
        answer = json.loads(result.text.strip().splitlines()[-1])
        return PythonEnv(
            command,
            version=answer["version"],
            executable=answer["executable"],
            prefix=answer["prefix"],
            site_packages=tuple(answer["site"]),
            distributions={str(k): str(v) for k, v in answer["dists"].items()},
        )
    except (ValueError, IndexError, KeyError, TypeError, AttributeError, RecursionError):
        return PythonEnv(command, error=f"unexpected answer: {result.text.strip()[:200]!r}")


@provides("python_envs")
def probe_python_envs(host: Host, facts) -> PythonEnvs | NotSeen:
    system = host.system()
    if not (host.answered("which", ["python3"]) or host.answered("which", ["python"])):  # a paste, or never asked
        return NotSeen("the Python environments (pip's and PyTorch's libraries) were not recorded", "gpudoctor check")
    paths = ntpath if system.sys_platform == "win32" else posixpath
    commands = _interpreters(host, paths)
    with ThreadPoolExecutor(max_workers=max(1, len(commands))) as pool:  # each child takes ~0.1 s
        envs = list(pool.map(lambda command: _ask(host, command), commands))
    return PythonEnvs(own_python_version=system.python_version, envs=_one_per_prefix(envs))


def ask_early(host: Host) -> None:
    """Start asking the interpreters now, each on a thread of its own, where a GPU may be attached.

    Each child takes about 0.1 s (0.115 s on the one-H200 host, an interpreter start and a metadata
    scan), and on a GPU host the probe asks only after the NCCL search starts, which waits for the
    platform and the PCI bus: 0.4 s into a live check there. Started at gpudoctor's own start, the
    children run beside the imports; the probe's own questions then find their answers waiting
    (the host answers each question once). Where /dev shows no NVIDIA device (nor WSL's /dev/dxg)
    nothing is started: the NCCL search does not run there at all (gpudoctor/probes/gating.py).
    """
    if not dev_may_hold_a_gpu(host):
        return
    for command in _interpreters(host, os.path):  # os.path: only ever asked live, of this machine
        threading.Thread(target=_ask, args=(host, command), name=f"ask {command}", daemon=True).start()


def _one_per_prefix(envs: list[PythonEnv]) -> tuple[PythonEnv, ...]:
    """Shims (pyenv's python and python3 are two shell scripts) lead to one environment: keep the first."""
    seen: set[str] = set()
    unique = []
    for env in envs:
        if env.prefix in seen:
            continue
        unique.append(env)
        if env.prefix is not None:
            seen.add(env.prefix)
    return tuple(unique)
