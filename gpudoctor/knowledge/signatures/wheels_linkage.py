"""Packages of different releases that cannot read each other's output: compiled extensions linked against PyTorch's
shared libraries of another release (the loader cannot find a torch library the installed torch no longer ships, or
does not ship yet), ONNX models saved by an onnx newer than the installed ONNX Runtime reads, and an nvcc older than
the options PyTorch's extension builder passes it; and packages written against another release's API: extension
sources using the THC API PyTorch 1.11 removed, basicsr importing the module torchvision 0.17 removed, protobuf-generated
modules of another protoc than the protobuf runtime installed, compiled modules whose DLLs are of another release.

wheels_installers.py adds these rows to its INSTALLER_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LINKAGE_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.extension-links-other-torch-library",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # Extensions (mmcv's _ext, detectron2, torch-scatter, RoseTTAFold's SE3 ops) record the torch libraries they
        # were linked with. libtorch_cpu.so appeared in torch 1.5; libtorch_cuda_cu.so and libtorch_cuda_cpp.so existed
        # from 1.8 to 1.12 and were merged back into libtorch_cuda.so in 1.13, so the loader misses them when the
        # extension and the installed torch come from different releases.
        patterns=(r"(?P<library>libtorch_cuda_cu|libtorch_cuda_cpp|libtorch_cpu)\.so: cannot open shared object file",),
        severity="fail",
        cause=("A compiled extension was built against another PyTorch release, which had {library}.so; the installed "
               "torch does not ship that library, so loading the extension fails."),
        advice=("Install the extension built for the installed torch and CUDA (`python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda)\"`): for mmcv, `mim install mmcv` or the mmcv-full wheel "
                "from the find-links page of that torch/CUDA; for others, rebuild it from source against this torch "
                "(`pip install --no-build-isolation --no-cache-dir <package>`), or install the torch version it was "
                "built for."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/AILab-CVC/YOLO-World/issues/346", "https://github.com/open-mmlab/mmcv/issues/660",
                 "https://github.com/MCG-NJU/SparseBEV/issues/83", "https://github.com/open-mmlab/mmagic/issues/1854",
                 "https://github.com/open-mmlab/mmdetection/issues/3209"),
        checked="2026-11-26",
        examples=("wheels/yolo-world-346-mmcv-libtorch-cuda-cu.txt", "wheels/mmcv-660-libtorch-cpu-so-missing.txt"),
    ),
    Signature(
        code="wheels.onnxruntime-older-than-model-ir",
        cause_id="package-version-conflict",
        kinds=("any",),
        # onnxruntime/core/graph/model.cc refuses a model whose IR version (set by the onnx package that saved it:
        # onnx 1.14 writes IR 9, 1.16 IR 10, 1.18 IR 11) is above what this ONNX Runtime release reads.
        patterns=(r"Unsupported model IR version: (?P<model_ir>\d{1,3}), max supported IR version: "
                  r"(?P<max_ir>\d{1,3})",),
        severity="fail",
        cause=("The ONNX model was saved with IR version {model_ir} (by a newer onnx package), and the installed ONNX "
               "Runtime reads IR versions up to {max_ir}."),
        advice=("Upgrade ONNX Runtime to a release that reads IR {model_ir}: `pip install -U onnxruntime-gpu` (or "
                "onnxruntime, whichever is installed; keep only one of the two); or re-export the model with an older "
                "onnx, or set `model.ir_version` to {max_ir} with onnx before saving when its operators allow."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/microsoft/onnxruntime/issues/20559",
                 "https://github.com/notAI-tech/NudeNet/issues/156",
                 "https://onnxruntime.ai/docs/reference/compatibility.html"),
        checked="2026-11-26",
        examples=("wheels/onnxruntime-20559-unsupported-ir-version.txt",
                  "wheels/nudenet-156-onnx-ir-version-windows.txt"),
    ),
    Signature(
        code="wheels.nvcc-older-than-torch-extension-build",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # torch.utils.cpp_extension's ninja build passes --generate-dependencies-with-compile to nvcc (since torch 1.7),
        # an option nvcc has from CUDA 10.2 on: an older toolkit first on PATH or in CUDA_HOME rejects it.
        patterns=(r"nvcc fatal\s{1,8}: Unknown option '-{1,2}generate-dependencies-with-compile'",),
        severity="fail",
        cause=("PyTorch's extension build runs an nvcc older than CUDA 10.2 (an old toolkit first on PATH or in "
               "CUDA_HOME), which does not know the dependency option the build passes it."),
        advice=("Build with the CUDA toolkit matching torch's CUDA (`python -c \"import torch; "
                "print(torch.version.cuda)\"`): install it, put its bin first on PATH and set CUDA_HOME to it "
                "(`export CUDA_HOME=/usr/local/cuda-11.8`), check `nvcc --version`, then rebuild."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/levihsu/OOTDiffusion/issues/65",
                 "https://github.com/facebookresearch/detectron2/issues/2909"),
        checked="2026-11-26",
        examples=("wheels/ootdiffusion-65-nvcc-10-generate-dependencies.txt",
                  "wheels/detectron2-2909-nvcc-not-cuda-102.txt"),
    ),
)

LINKAGE_SIGNATURES += (
    Signature(
        code="wheels.protobuf-older-than-generated-code",
        cause_id="package-version-conflict",
        kinds=("any",),
        # _pb2.py modules from protoc 3.20 and later import google.protobuf.internal.builder, which older runtimes lack
        patterns=(r"cannot import name 'builder' from 'google\.protobuf\.internal'",),
        severity="fail",
        cause=("A package's generated protobuf modules (_pb2.py, from protoc 3.20 or later) need a protobuf runtime of "
               "3.20 or newer, and the protobuf installed is older, so importing the package fails."),
        advice=("Upgrade protobuf to 3.20 or newer: `pip install -U protobuf`, or, where an older TensorFlow in the same "
                "environment needs protobuf below 4, `pip install \"protobuf==3.20.3\"`, which both load with."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/chatchat-space/Langchain-Chatchat/issues/147",
                 "https://github.com/Akegarasu/lora-scripts/issues/250",
                 "https://github.com/protocolbuffers/protobuf/issues/9778"),
        checked="2026-11-26",
        examples=("wheels/langchain-chatchat-147-protobuf-internal-builder.txt",
                  "wheels/lora-scripts-250-protobuf-builder-320.txt"),
    ),
    Signature(
        code="wheels.protobuf-newer-than-generated-code",
        cause_id="package-version-conflict",
        kinds=("any",),
        # protobuf 4.21+ (its C++ and upb backends) refuses _pb2.py modules generated by protoc before 3.19, which
        # older TensorFlow, TensorBoard, ONNX and many tools shipped (TensorFlow's patch releases of June 2022 pin a
        # protobuf they load with); 4.21.0's message says "cannot not".
        patterns=(r"Descriptors cannot (?:not )?be created directly",),
        severity="fail",
        cause=("The protobuf package is 4.x or newer, but a package in the environment (an older TensorFlow, TensorBoard, "
               "ONNX or a tool built on them) ships _pb2.py files generated by an older protoc, which that protobuf "
               "refuses, so importing it fails before anything touches the GPU."),
        advice=("Pin protobuf to 3.20.x for that package: `pip install \"protobuf==3.20.3\"` (pip may warn that a newer "
                "package wants protobuf 4; keep the one you run working), or upgrade the package whose _pb2 files are "
                "old (a TensorFlow patch release such as 2.7.3 or 2.8.1 pins a protobuf it loads with); `export "
                "PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python` also works, only slower."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/open-mmlab/mmdetection3d/issues/1528",
                 "https://github.com/dso-org/deep-symbolic-optimization/issues/60",
                 "https://github.com/tensorflow/tensorflow/issues/56266",
                 "https://developers.google.com/protocol-buffers/docs/news/2022-05-06#python-updates"),
        checked="2026-11-26",
        examples=("wheels/mmdetection3d-1528-protobuf-4-pb2-out-of-date.txt", "wheels/dso-60-tf114-protobuf-descriptors.txt"),
    ),
    Signature(
        code="wheels.torchvision-removed-functional-tensor",
        cause_id="package-version-conflict",
        kinds=("any",),
        # torchvision 0.17 removed its private transforms.functional_tensor (deprecated in 0.15); basicsr's
        # data/degradations.py (under Real-ESRGAN, GFPGAN, CodeFormer and the web UIs' upscalers) still imports it.
        patterns=(r"No module named '?torchvision\.transforms\.functional_tensor\b",),
        severity="fail",
        cause=("A package written for torchvision before 0.17 (usually basicsr, through Real-ESRGAN, GFPGAN or an "
               "upscaler) imports torchvision.transforms.functional_tensor, which torchvision 0.17 removed, so the "
               "import fails; the GPU stack is not involved."),
        advice=("Fix the importing package rather than the GPU stack: install a basicsr that imports "
                "torchvision.transforms.functional (`pip uninstall -y basicsr && pip install basicsr-fixed`), or edit "
                "basicsr/data/degradations.py to `from torchvision.transforms.functional import rgb_to_grayscale`; or "
                "pin torchvision below 0.17 (`pip install torchvision==0.16.2`, which brings torch 2.1.2)."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/xinntao/Real-ESRGAN/issues/777", "https://github.com/XPixelGroup/BasicSR/issues/533",
                 "https://github.com/XPixelGroup/BasicSR/pull/624", "https://github.com/xinntao/Real-ESRGAN/issues/879",
                 "https://github.com/pytorch/vision/releases/tag/v0.17.0"),
        checked="2026-11-26",
        examples=("wheels/real-esrgan-777-torchvision-functional-tensor-removed.txt",
                  "wheels/basicsr-533-functional-tensor-not-found.txt"),
    ),
    Signature(
        code="wheels.windows-module-procedure-not-found",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # Windows' ERROR_PROC_NOT_FOUND (127) through Python's import: the module's DLL and the DLLs it links were found,
        # but one of them lacks a function the module imports, so they come from different releases.
        # The modules other rows read by name (flash-attn, ExLlama, Triton's launchers, cuda-python's runtime) stay theirs.
        patterns=(r"DLL load failed while importing (?!runtime:|cuda_utils:|__triton_launcher:|exllama_ext:|exllamav2_ext:|"
                  r"flash_attn_cuda:|flash_attn_2_cuda:)(?P<module>\w{1,60}): The specified procedure could not be found",
                  # the same error in a localized Windows (Hungarian, German, French, Spanish, Portuguese, Italian,
                  # Polish, Russian, Chinese, Japanese, Korean): Windows words its system messages in the UI language
                  r"DLL load failed while importing (?!runtime:|cuda_utils:|__triton_launcher:|exllama_ext:|exllamav2_ext:|"
                  r"flash_attn_cuda:|flash_attn_2_cuda:)(?P<module>\w{1,60}): (?:A megadott eljárás nem található|"
                  r"Die angegebene Prozedur wurde nicht gefunden|La procédure spécifiée est introuvable|"
                  r"No se encontró el procedimiento especificado|O procedimento especificado não foi encontrado|"
                  r"Impossibile trovare la procedura specificata|Nie można odnaleźć określonej procedury|"
                  r"Не найдена указанная процедура|找不到指定的程序|指定されたプロシージャが見つかりません|"
                  r"지정된 프로시저를 찾을 수 없습니다)"),
        severity="fail",
        cause=("Windows loaded the compiled module {module} and the DLLs it links, but one of them lacks a function "
               "{module} was built to call: they come from different releases, usually an extension (pytorch3d, "
               "torchvision, torchaudio, xformers) built for another PyTorch than the one installed, or, when it is "
               "torch's own torch._C, DLLs of two PyTorch installs mixed in one environment."),
        advice=("See whose _C it is in the traceback's frame above: for an extension, install its wheel built for the "
                "installed torch (`python -c \"import torch; print(torch.__version__)\"`, then the extension release or "
                "wheel index for that torch and CUDA), or pin torch to the version the extension was built for; for "
                "torch's own `from torch._C import *`, remove every PyTorch from the environment (`pip uninstall torch` "
                "until none is left, and `conda remove pytorch` in conda) and install one build again."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit"),
        never_suggest=("update the driver", "reinstall the driver", "install CUDA"),
        sources=("https://github.com/facebookresearch/pytorch3d/issues/1872",
                 "https://github.com/MrForExample/ComfyUI-3D-Pack/issues/187",
                 "https://github.com/if-ai/ComfyUI-IF_Trellis/issues/62",
                 "https://learn.microsoft.com/en-us/windows/win32/debug/system-error-codes--0-499-"),
        checked="2026-11-27",
        examples=("wheels/pytorch3d-1872-windows-c-procedure-missing.txt",
                  "wheels/if-trellis-62-kaolin-c-procedure-localized.txt"),
    ),
    Signature(
        code="wheels.extension-source-for-older-torch",
        cause_id="package-version-conflict",
        kinds=("any",),
        patterns=(
            # PyTorch 1.11 removed the THC headers (THC/THC.h, THCDeviceUtils.cuh, ...); gcc's, nvcc's and MSVC's
            # "cannot open include file", in English or a Chinese locale
            r"\bTHC/THC\w{0,30}\.(?:h|hpp|cuh)'?: (?:No such file or directory|没有那个文件或目录)",
            # the THC state and AT_CHECK (removed in 1.5, TORCH_CHECK since) where the include was taken out
            r"identifier \"(?P<symbol>AT_CHECK|THCState|THCudaCheck|THCCeilDiv)\" is undefined",
            r"'(?P<symbol>AT_CHECK|THCState|THCudaCheck|THCCeilDiv)' was not declared in this scope",
            # Tensor.type() (at::DeprecatedTypeProperties) passed where AT_DISPATCH_* now needs a ScalarType: nvcc's
            # "no suitable conversion function from \"const at::DeprecatedTypeProperties\" to \"c10::ScalarType\"",
            # gcc's "cannot convert 'const at::DeprecatedTypeProperties' to 'c10::ScalarType'"
            r"[\"‘'`]const at::(?P<symbol>DeprecatedTypeProperties)[\"’'`]",
        ),
        severity="fail",
        cause=("The extension's C++/CUDA source was written for an older PyTorch: it uses the THC headers and calls "
               "that PyTorch 1.11 removed (or AT_CHECK, gone since 1.5, or Tensor.type(), whose "
               "DeprecatedTypeProperties the AT_DISPATCH macros no longer take), so it does not compile against the "
               "torch installed; the CUDA toolkit and the compiler are not the problem."),
        advice=("Build a version of the extension ported to this PyTorch (the project's current release, branch or "
                "pull request for torch 1.11 and later: THC includes removed, THCudaCheck replaced by "
                "C10_CUDA_CHECK, AT_CHECK by TORCH_CHECK, THC's allocator and stream by ATen's, x.type() in "
                "AT_DISPATCH_* by x.scalar_type() and x.type().is_cuda() by x.is_cuda()), or install the older "
                "PyTorch it was written for (e.g. torch 1.10 with its CUDA) if your GPU is supported by it."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit"),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/aim-uofa/AdelaiDet/issues/550", "https://github.com/MVIG-SJTU/AlphAction/issues/84",
                 "https://github.com/open-mmlab/OpenPCDet/issues/900", "https://github.com/open-mmlab/mmcv/issues/1582",
                 "https://github.com/pytorch/pytorch/issues/73520", "https://github.com/sjtu-medialab/RwkvCompress/issues/9",
                 "https://github.com/xiawj-hub/CTLIB/issues/21"),
        checked="2026-11-27",
        examples=("wheels/adelaidet-550-thc-header-removed-torch-111.txt",
                  "wheels/alphaction-84-thc-h-missing-torch-111.txt",
                  "wheels/rwkvcompress-9-deprecated-type-properties-torch-24.txt",
                  "wheels/ctlib-21-deprecated-type-properties-cuda12.txt"),
    ),
)

from gpudoctor.knowledge.signatures.wheels_variants import VARIANT_SIGNATURES  # noqa: E402 (the rows above first)

LINKAGE_SIGNATURES += VARIANT_SIGNATURES
