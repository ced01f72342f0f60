"""Issue 25, rows for the family the blind sets 25 to 30 missed (w31b): GPUs newer or older than the kernels a library
beyond PyTorch ships (rows of the frameworks area, joined into the catalogue by signatures/__init__.py).

The generic rows (cuda.no-kernel-image, cuda.named-symbol-not-found) read CUDA's own words and name PyTorch's wheels;
the rows here read the same failure in the words of ONNX Runtime, CTranslate2 and candle, whose fix is another package
version, another build or another dtype. SM120_FIRST_BUILDS is the dated table of the releases that first run on a
Blackwell GPU of compute capability 12.0 (RTX 50, RTX PRO Blackwell), which the advice quotes.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# The first builds of each stack that run on compute capability 12.0, and where older ones stop
# (stack, first build that runs on sm_120, note, source); checked 2026-11-27.
SM120_FIRST_BUILDS = (
    ("CUDA toolkit (nvcc, base images)", "12.8 (January 2025)",
     "older toolkits cannot compile sm_120 and their images (nvidia/cuda:12.4 and earlier) carry no sm_120 code",
     "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#gpu-feature-list"),
    ("PyTorch wheels", "2.7.0 +cu128 (April 2025)", "cu126 and older wheels stop at sm_90",
     "https://github.com/pytorch/pytorch/issues/167244"),
    ("onnxruntime-gpu", "1.22.x (compute_90 PTX, JIT-compiled)",
     "1.23 packages embed only Hopper-specific compute_90a PTX, which Blackwell cannot JIT: pin 1.22 or build with "
     "CMAKE_CUDA_ARCHITECTURES=120", "https://github.com/microsoft/onnxruntime/pull/26230"),
    ("onnxruntime-gpu (older GPUs)", "1.20.x last for compute capability 6.x-7.0",
     "from 1.21 the packages are built for 7.5, 8.0 and 9.0 only",
     "https://github.com/microsoft/onnxruntime/pull/23309"),
    ("llama.cpp / ggml built from source", "CUDA 12.8+ with -DCMAKE_CUDA_ARCHITECTURES=120 (or native)", "",
     "https://github.com/abetlen/llama-cpp-python/issues/2341"),
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.candle-bf16-kernel-below-ampere",
        refines=("cuda.named-symbol-not-found",),
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # candle's CUDA backend (cudarc) loading one of its bf16 kernels (cast_f32_bf16, cast_bf16_f16, affine_bf16...)
        # that candle-kernels compiles only under __CUDA_ARCH__ >= 800; mistral.rs and candle-vllm print the same.
        patterns=(r"named symbol not found\"?\)? when loading (?P<kernel>\w{0,40}bf16\w{0,40})",),
        severity="fail",
        cause=("The bfloat16 kernel {kernel} is compiled only for GPUs of compute capability 8.0 (Ampere) and newer, so "
               "on an older GPU, or in a build made for an older GPU of the machine, it is missing from the loaded "
               "module (CUDA_ERROR_NOT_FOUND)."),
        advice=("Run the model in f16 or f32 instead of bf16 on a GPU below compute capability 8.0 (`nvidia-smi "
                "--query-gpu=name,compute_cap --format=csv`): the program's dtype option (candle examples and "
                "mistral.rs `--dtype f16`, `DType::F16` in code), or use an Ampere or newer GPU (RTX 30, A100); no "
                "driver or CUDA update adds bf16 kernels for Turing, Volta or Pascal. Where the GPU is 8.0 or newer but "
                "the machine also holds an older one, rebuild with CUDA_COMPUTE_CAP set to the newer GPU's (86, 89) and "
                "select it with CUDA_VISIBLE_DEVICES."),
        action="configure",
        rules_out=("the NVIDIA driver", "the CUDA install"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/huggingface/candle/issues/2041", "https://github.com/huggingface/candle/pull/43",
                 "https://github.com/huggingface/candle/pull/3607", "https://github.com/spiceai/spiceai/issues/4470",
                 "https://github.com/huggingface/candle/issues/2511"),
        checked="2026-11-27",
        examples=("frameworks/candle-2041-rtx2080ti-cast-f32-bf16-named-symbol.txt",
                  "frameworks/spiceai-4470-t4-cast-bf16-f16-named-symbol.txt",
                  "frameworks/candle-2511-mixed-gpus-cc61-is-u32-bf16.txt"),
    ),
    Signature(
        code="frameworks.onnxruntime-no-kernel-image",
        refines=("cuda.no-kernel-image",),
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # ONNX Runtime's CUDA execution provider reporting a node's launch failure (CUDA_CALL in cuda_call.cc):
        # "Status Message: CUDA error cudaErrorNoKernelImageForDevice:no kernel image ...".
        patterns=(r"Status Message: CUDA error cudaErrorNoKernelImageForDevice",
                  r"onnxruntime[^\n]{0,300}cudaErrorNoKernelImageForDevice"),
        severity="fail",
        cause=("This onnxruntime-gpu build has no CUDA kernels (nor PTX it can compile) for this GPU's compute "
               "capability, so its CUDA execution provider cannot run the model's nodes."),
        advice=("Install an onnxruntime-gpu build for this GPU (`nvidia-smi --query-gpu=name,compute_cap --format=csv`): "
                "Blackwell (RTX 50, RTX PRO Blackwell, 12.0): `pip install onnxruntime-gpu==1.22.0` (1.23 packages carry "
                "only Hopper-specific PTX that Blackwell cannot compile), or build ONNX Runtime with CUDA 12.8+ and "
                "`--cmake_extra_defines CMAKE_CUDA_ARCHITECTURES=120`, or use the TensorRT (DirectML on Windows) "
                "execution provider; Pascal or Volta (6.x-7.0, V100, GTX 10): onnxruntime-gpu 1.20.x, the last built "
                "for them (1.21 and later target 7.5+), or a build with CMAKE_CUDA_ARCHITECTURES naming them; in a "
                "container, an image built on CUDA 12.8 or newer for Blackwell."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "set CUDA_LAUNCH_BLOCKING"),
        sources=("https://github.com/microsoft/onnxruntime/issues/26245",
                 "https://github.com/microsoft/onnxruntime/pull/26230",
                 "https://github.com/microsoft/onnxruntime/pull/23309",
                 "https://github.com/microsoft/onnxruntime/issues/26181",
                 "https://github.com/YanWenKun/Hunyuan3D-2-WinPortable/issues/67",
                 "https://github.com/RVC-Boss/GPT-SoVITS/issues/2625"),
        checked="2026-11-27",
        examples=("frameworks/onnxruntime-26245-rtx-pro-4500-blackwell-no-kernel-image.txt",
                  "frameworks/hunyuan3d-67-v100-onnxruntime-no-kernel-image.txt",
                  "frameworks/gptsovits-2625-rtx5090-onnxruntime-slice-no-kernel-image.txt"),
    ),
    Signature(
        code="frameworks.ctranslate2-no-kernel-image",
        refines=("cuda.no-kernel-image",),
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # CTranslate2's CUDA primitives (thrust's parallel_for) failing to launch: faster-whisper, WhisperX,
        # whisper-ctranslate2 and their GUIs print it from encode().
        patterns=(r"parallel_for failed: cudaErrorNoKernelImageForDevice",),
        severity="fail",
        cause=("The installed CTranslate2 was built without CUDA kernels for this GPU's compute capability (CTranslate2 "
               "4.x wheels, built with CUDA 12, leave out Maxwell and older GPUs), so faster-whisper's encoder "
               "cannot run on it."),
        advice=("Install a CTranslate2 built for this GPU (`nvidia-smi --query-gpu=name,compute_cap --format=csv`): on "
                "Maxwell or Kepler (GTX 9xx, 9xxM, Tesla M40, compute capability 5.x) `pip uninstall -y ctranslate2` "
                "then `pip install ctranslate2==3.24.0` after the other packages (CUDA 11 with cuBLAS 11 and cuDNN 8), "
                "or a CTranslate2 built from source with -DCUDA_ARCH_LIST naming it (Faster-Whisper-XXL: its "
                "maintainer's compute capability 5.0 build); on an RTX 50 (12.0) a CTranslate2 built with CUDA 12.8+ "
                "for 12.0; otherwise run on the CPU (`device=\"cpu\"`, `compute_type=\"int8\"`)."),
        action="configure",
        rules_out=("a driver fault", "the CUDA toolkit install"),
        never_suggest=("reinstall the driver", "update the driver", "set CUDA_LAUNCH_BLOCKING"),
        sources=("https://github.com/jianchang512/stt/issues/51", "https://github.com/SYSTRAN/faster-whisper/issues/806",
                 "https://github.com/m-bain/whisperX/issues/794"),
        checked="2026-11-27",
        examples=("frameworks/stt-51-geforce-940m-ctranslate2-no-kernel-image.txt",
                  "frameworks/whisperx-794-gtx-950m-ctranslate2-parallel-for.txt"),
    ),
)
