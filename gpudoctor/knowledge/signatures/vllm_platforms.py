"""vLLM installed where it does not run: pip building its source tarball on native Windows.

vLLM publishes wheels for Linux only; on native Windows `pip install vllm` finds none and builds the source tarball
(older releases fail early in its setup.py, later ones copy the tree into build\\lib.win-amd64... or
build\\bdist.win-amd64\\wheel\\vllm before the compile fails). Releases from 0.4 on print "vLLM only supports Linux
platform" themselves (vllm.installed-off-linux, vllm_serving.py); these rows read the older and quieter pastes, where
PyTorch's "No CUDA runtime is found, using CUDA_HOME=C:\\..." is the loudest line and reads like a container without a
GPU. The maintainers' answer is the same in every thread: vLLM runs on Windows inside WSL2 or a Linux container.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

PLATFORM_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.windows-source-build",
        cause_id="vllm-platform-unsupported",
        kinds=("any",),
        patterns=(
            # the Windows prompt the paste starts with: C:\...>pip install vllm
            r"\b[A-Za-z]:\\[^\n>]{0,200}>\s?(?:pip3?|python -m pip|py -m pip|uv pip) install [^\n]{0,80}?\bvllm\b",
            # setuptools' Windows build tree for vllm's own package
            r"\b(?:lib|bdist)\.win-amd64[^\s\\]{0,20}\\(?:wheel\\(?:\.\\)?)?vllm\b",
            # pip's Windows temporary checkout of vllm's source tarball
            r"\\pip-install-\w{8}\\vllm_[0-9a-f]{32}\\",
        ),
        severity="fail",
        cause=("pip is building vLLM from source on native Windows, where vLLM publishes no wheel and does not run: "
               "it supports Linux only."),
        advice=("Run vLLM on Linux: on Windows install WSL2 (`wsl --install -d Ubuntu`), keep the NVIDIA driver on the "
                "Windows side only, and `pip install vllm` inside WSL, or run the vllm/vllm-openai Docker image."),
        action="configure",
        rules_out=("a missing or mismatched CUDA toolkit", "a container without GPU access"),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit", "set CUDA_HOME"),
        sources=("https://github.com/vllm-project/vllm/issues/179", "https://github.com/vllm-project/vllm/issues/220",
                 "https://github.com/vllm-project/vllm/issues/3827", "https://github.com/vllm-project/vllm/issues/14124",
                 "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-220-windows-pip-install-vllm-sdist.txt", "vllm/vllm-14124-windows-bdist-win-amd64-vllm.txt"),
        refines=("wheels.extension-build-sees-no-gpu", "wheels.nvcc-not-found", "vllm.installed-off-linux"),
        refines_within=None,
    ),
)

PLATFORM_SIGNATURES += (
    Signature(
        code="vllm.extension-missing-on-windows",
        # on Windows the missing vllm._C is not a shadowing source folder or a failed build to redo: no vLLM release
        # ships the extension for Windows, so it only runs under WSL2 or in a Linux container
        contexts=("windows",),
        refines=("vllm.compiled-extension-missing",),
        cause_id="vllm-platform-unsupported",
        kinds=("any",),
        patterns=(r"Failed to import from vllm\._C with ModuleNotFoundError", r"No module named '?vllm\._C'?"),
        severity="fail",
        cause=("vLLM is installed on native Windows, where it has no compiled extension (vllm._C) and does not run: "
               "vLLM supports Linux only."),
        advice=("Run vLLM on Linux: on Windows install WSL2 (`wsl --install -d Ubuntu`), keep the NVIDIA driver on the "
                "Windows side only, and `pip install vllm` inside WSL, or run the vllm/vllm-openai Docker image; a tool "
                "that only offers vLLM as an option (LLaMA-Factory, etc.) runs on Windows without it."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit"),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit", "pip install -e ."),
        sources=("https://github.com/hiyouga/LlamaFactory/issues/5767", "https://github.com/vllm-project/vllm/issues/2309",
                 "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"),
        checked="2026-11-26",
        examples=("vllm/llamafactory-5767-no-vllm-c-windows.txt",),
    ),
    Signature(
        code="vllm.run-on-native-windows",
        cause_id="vllm-platform-unsupported",
        kinds=("any",),
        patterns=(
            # the paste's own Windows prompt running vLLM's command (C:\...>vllm serve ...)
            r"\b[A-Za-z]:\\[^\n>]{0,200}>\s?vllm serve\b",
            # Python's Unix-only modules (resource, fcntl, termios) missing: Windows' Python importing code written for
            # Linux, as vLLM before 0.7.3 did at import (vllm/utils.py: import resource)
            r"No module named '(?P<module>resource|fcntl|termios)'",
        ),
        severity="fail",
        cause=("The program is running with a native Windows Python, but it (vLLM, SGLang and the servers built on "
               "them) is written for Linux: Windows' Python lacks Unix-only modules such as resource, and vLLM "
               "supports Linux only."),
        advice=("Run it in Linux: inside WSL 2 (install vLLM in a WSL Ubuntu, where the Windows NVIDIA driver exposes "
                "the GPU) or in Docker with the GPUs passed in (`docker run --gpus all vllm/vllm-openai ...`); for a "
                "program that only imports resource for logging, a release that skips it on Windows also works."),
        action="configure",
        rules_out=("a driver or CUDA install problem",),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/bytedance/UI-TARS/issues/25", "https://github.com/vllm-project/vllm/pull/13029",
                 "https://docs.python.org/3/library/resource.html",
                 "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"),
        checked="2026-11-26",
        examples=("vllm/uitars-25-vllm-serve-windows-resource.txt",),
    ),
)
