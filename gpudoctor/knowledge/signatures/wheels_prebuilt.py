"""Prebuilt wheels made for another PyTorch, CUDA or cuDNN than the one installed: what loading them prints.

xformers' own warning (xformers/_cpp_lib.py, xFormersInvalidLibException) and MXNet's CUDA variants (mxnet-cuXXX),
whose libmxnet.so names the CUDA runtime and cuDNN of its variant; bitsandbytes binaries missing a CUDA library or the
kernels for this GPU. wheels.py adds these rows to its SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

XFORMERS_INSTALL = "https://github.com/facebookresearch/xformers#installing-xformers"

PREBUILT_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.xformers-built-for-other-torch",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        patterns=(
            # "PyTorch 2.1.0+cu121 with CUDA 1201 (you have 2.2.0)": PyPI's Linux torch has no local tag, ROCm's ends
            # in +rocmX, a source build in +gitXXXX; "+cpu" is a CPU-only torch (frameworks.torch-cpu-build). No named
            # fields, so that this line and the warning's first line above it are one match, one finding.
            r"PyTorch \d[\w.]*(?:\+[\w.]+)? with CUDA (?:\d+|None) \(you have \d[\w.]*(?:\+(?!cpu\))[\w.]+)?\)",
            # the warning's first line alone (a title, a cut paste), and its form where no build information was kept
            r"xFormers can't load C\+\+/CUDA extensions",
            r"xFormers was built for a different version of PyTorch or Python",
        ),
        severity="fail",
        cause=("xformers' compiled C++/CUDA extensions do not load: the xformers installed was built for another "
               "PyTorch (or CUDA, or Python) than the one in this environment, usually after torch was upgraded, "
               "downgraded or installed from another index, so memory-efficient attention is unavailable."),
        advice=("Reinstall xformers built for the installed torch: `pip install -U xformers --index-url "
                "https://download.pytorch.org/whl/cu121` with the cuXXX of `python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda)\"` (pip may then move torch to the version that xformers "
                "release pairs with), or pin torch to the version the warning says xformers was built for; on a ROCm "
                "or CPU torch, or where nothing needs it, `pip uninstall xformers`. `python -m xformers.info` then "
                "lists its operators as available; AUTOMATIC1111 does the reinstall with `--reinstall-xformers`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/TheLastBen/fast-stable-diffusion/issues/2672", "https://github.com/Doubiiu/DynamiCrafter/issues/86",
                 "https://github.com/unslothai/unsloth/issues/11639", "https://github.com/Comfy-Org/ComfyUI-Manager/issues/926",
                 XFORMERS_INSTALL),
        checked="2026-11-26",
        examples=("wheels/fast-sd-2672-xformers-built-for-201-cu118.txt", "wheels/dynamicrafter-86-xformers-built-cuda-none.txt",
                  "wheels/unsloth-11639-xformers-rocm-torch-cu128-wheel.txt",
                  "wheels/comfyui-manager-926-xformers-for-torch-240.txt"),
    ),
    Signature(
        code="wheels.mxnet-variant-for-other-cuda",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # mxnet/base.py's _load_lib() opening libmxnet.so (a traceback's frame, or IPython's "base.py in _load_lib()"):
        # the loader's "libcudart.so.10.0: cannot open shared object file" below it names the CUDA of the variant.
        patterns=(r"mxnet[/\\]base\.py\"?,? (?:line \d{1,5}, )?in _load_lib",),
        severity="fail",
        cause=("MXNet could not load its libmxnet.so: the mxnet-cuXXX variant installed was built for another CUDA "
               "runtime or cuDNN than this machine has, and the loader cannot find the library of that version "
               "(the line below names it: libcudart.so.10.0 is CUDA 10.0, libcudnn.so.7 is cuDNN 7)."),
        advice=("Install the MXNet variant for the CUDA installed (`nvcc --version`): `pip uninstall -y mxnet "
                "mxnet-cu100` (the variant `pip list | grep mxnet` shows) then e.g. `pip install mxnet-cu101` for CUDA "
                "10.1 or `pip install mxnet-cu112` for CUDA 11.2; or install the CUDA runtime and cuDNN of the version "
                "the missing library names and add their lib64 folder to LD_LIBRARY_PATH. A missing library that is "
                "not a CUDA one (libopenblas, libgfortran) is a system package to install instead."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/apache/mxnet/issues/14514", "https://github.com/apache/mxnet/issues/5835",
                 "https://github.com/apache/mxnet/pull/15082"),
        checked="2026-11-26",
        examples=("wheels/mxnet-14514-cu100mkl-on-cuda-101.txt", "wheels/mxnet-5835-cu80-wheel-needs-cudnn5.txt",
                  "wheels/mxnet-14206-mxnet-cu92-on-cuda-10-libcudart-9-2.txt"),
        refines=("cuda.runtime-library-missing", "cuda.cudnn-so-not-found", "cuda.extension-built-for-other-cuda"),
        refines_within=8,  # the loader's OSError comes two to six lines below the frame
    ),
    Signature(
        code="wheels.bitsandbytes-cuda-dependency-missing",
        cause_id="bitsandbytes-no-cuda",
        kinds=("any",),
        # bitsandbytes/cextension.py: 0.43-0.45 log the loader's error for the binary of torch's CUDA, 0.46 logs it as
        # "bitsandbytes library load error" and sums it up as a missing dependency. Its own library's name
        # (libbitsandbytes_*) is the binary not shipped, which wheels.bitsandbytes-cpu-library reads.
        patterns=(r"Could not load bitsandbytes native library: (?P<library>lib(?!bitsandbytes)\w{2,20}\.so\.\d{1,3})"
                  r"[\w.]{0,8}: cannot open shared object file",
                  r"bitsandbytes library load error: (?P<library>lib(?!bitsandbytes)\w{2,20}\.so\.\d{1,3})[\w.]{0,8}: "
                  r"cannot open shared object file",
                  r"(?:CUDA|ROCm) SETUP ERROR: Missing dependency: (?P<library>lib\w{2,20}\.so\.\d{1,3})"),
        severity="fail",
        cause=("bitsandbytes loaded its binary for the CUDA that torch was built with, and the loader cannot find "
               "{library}, a library of that CUDA major the binary needs: torch's pip packages keep it under "
               "site-packages/nvidia/, where the loader does not look, and the machine's own CUDA is another major."),
        advice=("Switch to a CUDA 12 build of PyTorch (`pip install torch --index-url "
                "https://download.pytorch.org/whl/cu124`, or the cuXXX your driver supports), so bitsandbytes loads its "
                "CUDA 12 binary and the libraries torch brings; or put the folder holding {library} on "
                "LD_LIBRARY_PATH, e.g. `export LD_LIBRARY_PATH=$(python -c \"import nvidia.cusparse as m; "
                "print(m.__path__[0])\")/lib:$LD_LIBRARY_PATH` (`pip install nvidia-cusparse-cu11` if it is absent), "
                "and unset BNB_CUDA_VERSION if it picks a CUDA the machine lacks. `python -m bitsandbytes` then loads."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1452",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/288",
                 "https://huggingface.co/docs/bitsandbytes/main/en/installation"),
        checked="2026-11-26",
        examples=("wheels/bitsandbytes-1452-libcusparse-11-torch-cu118-cuda12-host.txt",),
        refines=("cuda.shared-library-not-loadable",
                 "cuda.runtime-library-missing", "cuda.cudnn-so-not-found", "cuda.extension-built-for-other-cuda"),
        refines_within=12,  # the loader's OSError closes the traceback below bitsandbytes' own line
    ),
    Signature(
        code="wheels.bitsandbytes-binary-lacks-gpu-arch",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # bitsandbytes' own CUDA_CHECK_RETURN (csrc/ops.cu, pythonInterface.c) prints the CUDA error with its source
        # file: the community Windows builds of 2022-2023 were compiled in D:\ai\tool\bitsandbytes for a few GPUs only.
        patterns=(r"Error (?:no kernel image is available for execution on the device|invalid device function) at line "
                  r"\d{1,5} in file [^\n]{0,300}bitsandbytes[/\\]csrc[/\\]",),
        severity="fail",
        cause=("The bitsandbytes binary loaded has no CUDA kernels for this GPU's architecture (often a community "
               "Windows build, or an old release, compiled for a few GPUs only), so its 8-bit optimizer or quantization "
               "fails on the first call."),
        advice=("Replace that bitsandbytes build with one made for this GPU: `pip uninstall -y bitsandbytes "
                "bitsandbytes-windows` then `pip install -U bitsandbytes` (0.43 and later ship Linux and Windows "
                "binaries for every architecture they support), or compile it from source for the GPU's compute "
                "capability; meanwhile a 32-bit optimizer (AdamW instead of AdamW8bit) avoids it."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/Vision-CAIR/MiniGPT-4/issues/156",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/91",
                 "https://huggingface.co/docs/bitsandbytes/main/en/installation"),
        checked="2026-11-26",
        examples=("wheels/minigpt4-156-bnb-windows-build-no-kernel-v100.txt",
                  "wheels/bitsandbytes-91-windows-ops-cu-no-kernel-image.txt"),
        refines=("cuda.no-kernel-image", "cuda.invalid-device-function"),
    ),
)
