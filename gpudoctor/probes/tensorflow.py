"""TensorFlow's view of the GPUs, from a child process in each Python environment that has it.

Whether TensorFlow is installed comes from the `python_envs` fact (package metadata, no import).
Only then is CHILD_SCRIPT run with `-c` in that interpreter, the way gpudoctor/probes/torch.py
runs its child: importing TensorFlow and loading its CUDA libraries takes seconds, and a broken
install can hang or crash, so it runs with a timeout and its failures become fields, never a
traceback. TensorFlow logs why it skipped the GPUs ("Cannot dlopen some GPU libraries") to stderr;
those lines are kept.
"""

from __future__ import annotations

import json

from msgspec import Struct

from gpudoctor.host.base import Host
from gpudoctor.probes.child import after_gpu_inventory, ask_each, child_failure, tail
from gpudoctor.probing import provides

CHILD_TIMEOUT_S = 30.0  # import (5-15 s cold) plus loading the CUDA and cuDNN libraries
MAX_TENSORFLOW_ENVS = 3
MARKER = "gpudoctor-tensorflow: "

# TensorFlow's own log lines when it cannot use the GPUs (gpu_device.cc, cuda_executor.cc).
LIBRARY_LOG_NEEDLES = (
    "Cannot dlopen some GPU libraries",
    "Could not load dynamic library",
    "Could not find cuda drivers",
    "failed call to cuInit",
)

# Runs in the interpreter that has TensorFlow (Python 3.8+, standard library and TensorFlow only).
CHILD_SCRIPT = (
    "import json, sys\n"
    # `python -c` puts the working directory first on sys.path: a tensorflow checkout there must not shadow the package
    "sys.path[:] = [p for p in sys.path if p not in ('', '.')]\n"
    "def err(e):\n"
    "    return '%s: %s' % (type(e).__name__, e)\n"
    "def report():\n"
    "    answer = {'platform': sys.platform}\n"
    "    try:\n"
    "        import tensorflow as tf\n"
    "    except Exception as e:\n"
    "        answer['import_error'] = err(e)\n"
    "        return answer\n"
    "    answer['version'] = tf.__version__\n"
    "    try:\n"
    "        info = dict(tf.sysconfig.get_build_info())\n"
    "        answer['is_cuda_build'] = bool(info.get('is_cuda_build'))\n"
    "        answer['cuda_build'] = info.get('cuda_version')\n"
    "        answer['cudnn_build'] = info.get('cudnn_version')\n"
    "        answer['compute_capabilities'] = list(info.get('cuda_compute_capabilities') or [])\n"
    "    except Exception as e:\n"
    "        answer['build_info_error'] = err(e)\n"
    "    try:\n"
    "        gpus = tf.config.list_physical_devices('GPU')\n"
    "        answer['gpus'] = []\n"
    "        for gpu in gpus:\n"
    "            details = tf.config.experimental.get_device_details(gpu)\n"
    "            capability = details.get('compute_capability')\n"
    "            answer['gpus'].append({'name': gpu.name, 'device_name': details.get('device_name'),\n"
    "                                   'compute_capability': list(capability) if capability else None})\n"
    "    except Exception as e:\n"
    "        answer['list_error'] = err(e)\n"
    "    return answer\n"
    "try:\n"
    "    answer = report()\n"
    "except Exception as e:\n"
    "    answer = {'error': err(e)}\n"
    f"sys.stdout.write({MARKER!r} + json.dumps(answer) + '\\n')\n"
    "sys.stdout.flush()\n"
)


class TensorflowGpu(Struct, frozen=True):
    name: str  # "/physical_device:GPU:0"
    device_name: str | None = None  # "NVIDIA H200"
    compute_capability: tuple[int, int] | None = None


class TensorflowReport(Struct, frozen=True):
    """What one interpreter's TensorFlow said; `error` when the child itself failed (hang, crash, garbage)."""

    python: str
    error: str | None = None
    stderr_tail: str = ""
    library_log: tuple[str, ...] = ()  # TensorFlow's stderr lines about GPU libraries it could not use
    platform: str | None = None  # the child's sys.platform
    import_error: str | None = None
    version: str | None = None
    is_cuda_build: bool | None = None
    cuda_build: str | None = None  # "12.5.1"
    cudnn_build: str | None = None  # "9"
    compute_capabilities: tuple[str, ...] = ()  # ("sm_60", ..., "compute_90")
    build_info_error: str | None = None
    gpus: tuple[TensorflowGpu, ...] | None = None  # None when listing failed
    list_error: str | None = None


class TensorflowFacts(Struct, frozen=True):
    interpreters: tuple[str, ...]  # every interpreter python_envs asked, PATH order
    reports: tuple[TensorflowReport, ...] = ()  # one per environment with TensorFlow
    skipped: tuple[str, ...] = ()  # environments past MAX_TENSORFLOW_ENVS


def _library_log(stderr: str) -> tuple[str, ...]:
    return tuple(line.strip() for line in stderr.splitlines() if any(n in line for n in LIBRARY_LOG_NEEDLES))


def _gpu(data: dict) -> TensorflowGpu:
    capability = data.get("compute_capability")
    return TensorflowGpu(str(data["name"]), data.get("device_name"),
                         (int(capability[0]), int(capability[1])) if capability else None)


def parse_child_output(python: str, stdout: str, stderr: str) -> TensorflowReport:
    """The child's last MARKER line as a report; ValueError when there is none or it is not the protocol."""
    lines = [line for line in stdout.splitlines() if line.startswith(MARKER)]
    if not lines:
        raise ValueError("no answer line")
    data = json.loads(lines[-1][len(MARKER):])
    if not isinstance(data, dict):
        raise ValueError("the answer is not a JSON object")
    common = dict(python=python, stderr_tail=tail(stderr), library_log=_library_log(stderr))
    if "error" in data:
        return TensorflowReport(error=f"the child failed: {data['error']}", **common)
    try:
        gpus = data.get("gpus")
        return TensorflowReport(
            platform=data.get("platform"),
            import_error=data.get("import_error"),
            version=data.get("version"),
            is_cuda_build=data.get("is_cuda_build"),
            cuda_build=data.get("cuda_build"),
            cudnn_build=None if data.get("cudnn_build") is None else str(data["cudnn_build"]),
            compute_capabilities=tuple(str(c) for c in data.get("compute_capabilities") or ()),
            build_info_error=data.get("build_info_error"),
            gpus=None if gpus is None else tuple(_gpu(g) for g in gpus),
            list_error=data.get("list_error"),
            **common,
        )
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        raise ValueError(f"unexpected fields: {exc}") from None


def ask_tensorflow(host: Host, python: str) -> TensorflowReport:
    result = host.run([python, "-c", CHILD_SCRIPT], timeout=CHILD_TIMEOUT_S)
    stderr = result.error_text
    failure = child_failure(result, CHILD_TIMEOUT_S)
    if failure:
        crashed = result.error is None  # TensorFlow names the GPU libraries it could not load before dying
        return TensorflowReport(python, error=failure, stderr_tail=tail(stderr),
                                library_log=_library_log(stderr) if crashed else ())
    try:
        return parse_child_output(python, result.text, stderr)
    except (ValueError, RecursionError) as exc:
        return TensorflowReport(python, error=f"answered something unexpected ({exc}): {result.text.strip()[:200]!r}",
                                stderr_tail=tail(stderr))


@provides("tensorflow")
def probe_tensorflow(host: Host, facts) -> TensorflowFacts:
    python_envs = facts.get("python_envs")
    after_gpu_inventory(facts)
    with_tensorflow = [env.command for env in python_envs.with_distribution("tensorflow")]
    reports, skipped = ask_each(with_tensorflow, lambda python: ask_tensorflow(host, python), MAX_TENSORFLOW_ENVS)
    return TensorflowFacts(
        interpreters=tuple(env.command for env in python_envs.envs),
        reports=reports,
        skipped=skipped,
    )
