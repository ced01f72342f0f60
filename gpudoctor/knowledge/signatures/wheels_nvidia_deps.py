"""Wheels and the NVIDIA library packages the frameworks depend on: what torch says on import when the installer left
its nvidia-* CUDA packages out, and what pip says when tensorflow[and-cuda] pins TensorRT wheels PyPI does not serve.

wheels_python.py adds these rows to its PYTHON_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NVIDIA_DEPS_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.torch-nvidia-packages-missing",
        cause_id="cuda-library-missing",
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
    ),    Signature(
        code="wheels.torch-cusparselt-not-found",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="cuda-library-missing",
        kinds=("any",),
        # torch 2.5+ CUDA 12 wheels link libcusparseLt.so.0 from the nvidia-cusparselt-cu12 package (RPATH
        # $ORIGIN/../../nvidia/cusparselt/lib); CUDA 11.8 wheels ship it inside torch/lib. The loader's error on
        # `from torch._C import *` names it when that package is absent or in another site-packages than torch.
        patterns=(r"libcusparseLt\.so\.0: cannot open shared object file",),
        severity="fail",
        cause=("torch's CUDA 12 pip wheel links libcusparseLt.so.0 from the nvidia-cusparselt-cu12 package, and the loader "
               "cannot find it: the package is missing (an install with --no-deps, a lock file or mirror without it) or "
               "sits in another site-packages folder than torch (a system Python that splits lib and lib64)."),
        advice=("Check `pip list | grep -i cusparselt`; reinstall torch with its dependencies (`pip install "
                "--force-reinstall torch`, without --no-deps) or `pip install nvidia-cusparselt-cu12`; where pip put it "
                "in another folder (Amazon Linux and RHEL system Python: lib64 vs lib) install torch in a venv, or add "
                "its site-packages/nvidia/cusparselt/lib folder to LD_LIBRARY_PATH."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/pytorch/pytorch/issues/144433", "https://github.com/pytorch/pytorch/pull/144477",
                 "https://github.com/pytorch/pytorch/pull/138547", "https://github.com/bghira/SimpleTuner/issues/2079"),
        checked="2026-11-26",
        examples=("wheels/pytorch-144433-torch-26-rc-cusparselt-lib64.txt",
                  "wheels/simpletuner-2079-import-torch-libcusparselt-0.txt"),
    ),
)
