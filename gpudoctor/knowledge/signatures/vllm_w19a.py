"""Issue 25 (helper w19a): the deprecated `pynvml` package in the way of vLLM's NVML queries.

vLLM (vllm/platforms/cuda.py, and vllm/utils.py before it) imports `pynvml` and warns when the module it got is the
old unofficial package's (a `pynvml/__init__.py`, pynvml 11.x) rather than NVIDIA's nvidia-ml-py (a single `pynvml.py`):
both install a module of that name, the package's wins, and its answers or missing functions break vLLM's device
detection (vLLM 0.7.2 with pynvml below 12: "RuntimeError: Failed to infer device type"). The warning names the cause
of a no-platform failure in the same log, wherever that failure is printed.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

VLLM_CUDA_PLATFORM = "https://github.com/vllm-project/vllm/blob/main/vllm/platforms/cuda.py"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.deprecated-pynvml-package",
        cause_id="pynvml-deprecated-package",
        kinds=("any",),
        # vLLM's own warning (PR 7675, reworded in PR 7852 to ask for the uninstall)
        patterns=(r"You are using a deprecated `pynvml` package\. Please install `nvidia-ml-py` instead",),
        # vLLM's "Failed to infer device type" / "No platform detected" in the same log is this package's doing
        refines=("vllm.no-gpu-platform",),
        refines_within=None,
        severity="warn",
        cause=("The old `pynvml` package is installed where vLLM looks for NVIDIA's NVML bindings: its `pynvml` module "
               "takes the place of nvidia-ml-py's, and its answers can make vLLM find no GPU platform, the wrong "
               "devices, or fail at start-up."),
        advice=("In the environment (or image) that runs vLLM, remove the old package and keep NVIDIA's bindings: "
                "`pip uninstall -y pynvml && pip install -U nvidia-ml-py` (pynvml 12 and later only wrap nvidia-ml-py "
                "and also work: `pip install -U \"pynvml>=12\"`); `pip list | grep -i nvml` should then list "
                "nvidia-ml-py alone. In a container, do it in the image (a RUN step) so that restarts keep it."),
        action="configure",
        rules_out=("a driver fault: the warning is about a Python package",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        versions=("vllm>=0.5.5",),
        sources=("https://github.com/vllm-project/vllm/pull/7852", "https://github.com/vllm-project/vllm/issues/12947",
                 "https://github.com/vllm-project/vllm/issues/12847", VLLM_CUDA_PLATFORM,
                 "https://pypi.org/project/pynvml/"),
        checked="2026-11-27",
        examples=("vllm/xinference-2247-pynvml-11-beside-nvidia-ml-py.txt",),
    ),
)
