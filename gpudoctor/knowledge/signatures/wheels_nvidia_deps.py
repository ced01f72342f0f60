"""Wheels and the NVIDIA library packages the frameworks depend on: what torch says on import when the installer left
its nvidia-* CUDA packages out, and what pip says when tensorflow[and-cuda] pins TensorRT wheels PyPI does not serve.

wheels_python.py adds these rows to its PYTHON_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NVIDIA_DEPS_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.torch-nvidia-packages-missing",
        cause_id="framework-libs-missing",
        kinds=("any",),
        # torch/__init__.py (_preload_cuda_deps, torch 2.0 to 2.x on Linux) looks for its CUDA libraries in the
        # nvidia/*/lib folders of the nvidia-* pip packages on sys.path and raises this when a glob finds none.
        patterns=(r"(?P<library>lib\w{2,24})\.so\.\*\[0-9\] not found in the system path",),
        severity="fail",
        cause=("PyTorch's pip wheel loads {library} from the nvidia-* CUDA library packages it depends on, and none is "
               "installed in this environment: the installer left them out (Poetry or pipenv with torch 2.0.1 or "
               "2.1.0, whose metadata drops them; pip install --no-deps) or they were uninstalled."),
        advice=("Reinstall torch together with its nvidia-* CUDA library packages: with pip, `pip install "
                "--force-reinstall torch` without --no-deps (`pip list | grep nvidia` then lists nvidia-cublas-cu12 "
                "and the others); with Poetry, exclude the broken releases (torch = \">=2.0.0, !=2.0.1, !=2.1.0\") "
                "and run `poetry lock` again."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/pytorch/pytorch/issues/100974",
                 "https://github.com/python-poetry/poetry/issues/4231",
                 "https://github.com/finic-ai/rag-stack/issues/44",
                 "https://github.com/pytorch/pytorch/issues/104259",
                 "https://github.com/zylon-ai/private-gpt/pull/1123"),
        checked="2026-11-26",
        examples=("wheels/poetry-4231-torch-201-libcublas-system-path.txt",
                  "wheels/rag-stack-44-torch-pin-libcublas-missing.txt"),
    ),
    Signature(
        code="wheels.tensorflow-and-cuda-tensorrt-pin",
        cause_id="pinned-dependency-unavailable",
        kinds=("any",),
        # tensorflow[and-cuda] 2.14 and 2.15.0 pin TensorRT 8 wheels (tensorrt, tensorrt-libs, tensorrt-bindings) that
        # PyPI does not serve for every Python; pip names the pin with its environment marker.
        patterns=(r"(?:Could not find a version that satisfies the requirement|No matching distribution found for) "
                  r"(?P<package>tensorrt(?:-libs|-bindings)?)==(?P<version>8\.[\d.]{1,12}); extra == .and-cuda.",),
        severity="fail",
        cause=("tensorflow[and-cuda] of this release pins {package} {version}, which the index pip searches does not "
               "serve (NVIDIA keeps those TensorRT 8 wheels on pypi.nvidia.com), so the install cannot be resolved."),
        advice=("Install a TensorFlow whose [and-cuda] extra no longer pins TensorRT: `pip install "
                "\"tensorflow[and-cuda]==2.15.0.post1\"` or a newer release; or keep the version and add NVIDIA's index, "
                "`pip install \"tensorflow[and-cuda]==2.15.0\" --extra-index-url https://pypi.nvidia.com`."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/tensorflow/tensorflow/pull/62520",
                 "https://github.com/NVIDIA/TensorRT/issues/2933",
                 "https://github.com/tensorflow/tensorflow/issues/66517",
                 "https://github.com/tensorflow/tensorflow/issues/61986"),
        checked="2026-11-26",
        examples=("wheels/tensorrt-2933-tf-and-cuda-215-tensorrt-libs-861.txt",
                  "wheels/tensorflow-66517-and-cuda-tensorrt-libs-pin.txt"),
    ),
)
