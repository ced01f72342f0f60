"""More of the tools people run beside PyTorch on one or two GPUs (transformers with TensorFlow or an older torch,
torch.compile on Windows, PaddlePaddle): the messages they print when the environment around the GPU is wrong.

frameworks_setup.py adds these rows to its SETUP_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "reinstall CUDA")

TOOLS_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.transformers-keras3-unsupported",
        cause_id="package-version-conflict",
        kinds=("any",),
        # transformers' activations_tf.py raises this when TensorFlow's Keras is Keras 3 (TensorFlow 2.16 and later)
        # and tf-keras is not installed; app wrappers print it after "Failed to import transformers.models...tf_...".
        patterns=(r"Your currently installed version of Keras is Keras 3, but this is not yet supported in "
                  r"Transformers",),
        severity="fail",
        cause=("transformers' TensorFlow model classes need Keras 2, and this environment has Keras 3 (TensorFlow 2.16 "
               "and later install it by default) without the tf-keras package, so importing them fails."),
        advice=("Install the Keras 2 package into the same Python that runs the program: `python -m pip install "
                "tf-keras` (ComfyUI portable: `python_embeded\\python.exe -m pip install tf-keras`); or, if the program "
                "does not need TensorFlow, uninstall tensorflow so transformers stays on PyTorch."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/Gourieff/ComfyUI-ReActor/issues/81",
                 "https://github.com/atomashevic/transforEmotion/issues/16",
                 "https://github.com/huggingface/transformers/issues/27377"),
        checked="2026-11-26",
        examples=("frameworks/reactor-81-keras3-transformers-tf-keras.txt",
                  "frameworks/transforemotion-16-keras3-tf-roberta-import.txt"),
    ),
    Signature(
        code="frameworks.transformers-disables-old-torch",
        cause_id="package-version-conflict",
        kinds=("any",),
        # transformers' import_utils (4.47 and later) logs this and then runs as if torch were absent: models fail
        # later with "requires the PyTorch library but it was not found in your environment".
        patterns=(r"Disabling PyTorch because PyTorch >= ?(?P<required>\d{1,2}\.\d{1,2}[\w.]{0,10}) is required but "
                  r"found (?P<found>\d{1,2}\.\d{1,2}[\w.+]{0,20})",),
        severity="fail",
        cause=("This transformers release needs PyTorch {required} or newer and found torch {found}, so it disabled "
               "PyTorch: no model can load."),
        advice=("Make the two agree: upgrade torch to {required} or newer, keeping its CUDA build (`pip install -U "
                "torch --index-url https://download.pytorch.org/whl/cu124`, the CUDA build you had), or, where "
                "torch must stay at {found}, install an older transformers release that still supports it (`pip install "
                "\"transformers<4.47\"`)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/jingyaogong/minimind/issues/588",
                 "https://github.com/huggingface/transformers/blob/main/src/transformers/utils/import_utils.py"),
        checked="2026-11-26",
        examples=("frameworks/minimind-588-torch-2-0-disabled-by-transformers.txt",),
    ),
    Signature(
        code="frameworks.inductor-windows-compiler-missing",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # torch/_inductor/cpp_builder.py's check_compiler_exist_windows (torch 2.5 and later): inductor compiles its
        # CPU-side code with MSVC's cl (or CXX) and finds none on PATH.
        # cmd.exe's own answer when inductor (before 2.5) or a build script runs `cl` with no MSVC on PATH.
        patterns=(r"Compiler: (?P<compiler>[\w.\\:/ -]{1,80}?) is not found",
                  r"in check_compiler_exist_windows", r"'cl' is not recognized as an internal or external command"),
        severity="fail",
        cause=("torch.compile (inductor) on Windows, or the build step that ran cl, needs a C++ compiler, MSVC's "
               "cl.exe, on PATH, and this shell has none, so compiling fails."),
        advice=("Install the Visual Studio Build Tools with \"Desktop development with C++\", then start the program "
                "from an \"x64 Native Tools\" developer prompt or after running `\"C:\\Program Files (x86)\\Microsoft "
                "Visual Studio\\2022\\BuildTools\\VC\\Auxiliary\\Build\\vcvarsall.bat\" x64` (or add the folder holding "
                "cl.exe, VC\\Tools\\MSVC\\<version>\\bin\\Hostx64\\x64, to PATH); or turn torch.compile off."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/loscrossos/core_zonos/issues/1",
                 "https://github.com/BuffMcBigHuge/ComfyUI-Zonos/issues/7",
                 "https://github.com/pytorch/pytorch/pull/132533",
                 "https://docs.pytorch.org/tutorials/unstable/inductor_windows.html"),
        checked="2026-11-26",
        examples=("frameworks/core-zonos-1-torch-compile-cl-missing.txt",
                  "frameworks/comfyui-zonos-7-inductor-cl-not-on-path.txt"),
    ),
    Signature(
        code="frameworks.paddle-gpu-arch-not-in-build",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # Paddle's gpu_resources.cc compares the GPU's architecture with the arch list the wheel was built for.
        patterns=(r"The GPU architecture in your current machine is (?P<architecture>\w{1,20}), which is not "
                  r"compatible with Paddle installation with arch: (?P<arch_list>[\d ]{1,60})",
                  # Paddle 3.x's wording of the same check (w44b): the SM list, then the GPU's SM number
                  r"Mismatched GPU Architecture: The installed PaddlePaddle package was compiled for "
                  r"(?P<arch_list>[\d ]{2,80}?)\s?,\s?but your current GPU is (?P<architecture>\d{2,3})\b",),
        severity="warn",
        cause=("The installed paddlepaddle-gpu wheel has kernels for the architectures {arch_list} only, and this GPU is "
               "{architecture}: Paddle may fail to run kernels on it or give wrong results."),
        advice=("Install the paddlepaddle-gpu wheel whose build includes your GPU's architecture: pick the CUDA "
                "version on paddlepaddle.org.cn's install page that lists it (Pascal cards need a CUDA 11.x build "
                "with sm_61; Ampere and newer a CUDA 11.8 or 12.x build; the RTX 50 series, 120, the CUDA 12.9 build of "
                "Paddle 3.1.1+: `python -m pip install paddlepaddle-gpu==3.2.0 -i "
                "https://www.paddlepaddle.org.cn/packages/stable/cu129/`), `pip uninstall paddlepaddle-gpu` first, "
                "then check with `python -c \"import paddle; paddle.utils.run_check()\"`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/PaddlePaddle/Paddle/issues/55715",
                 "https://github.com/PaddlePaddle/PaddleDetection/issues/8873",
                 "https://github.com/PaddlePaddle/PaddleOCR/issues/13701",
                 "https://github.com/PaddlePaddle/Paddle/issues/76037"),
        checked="2026-11-28",
        examples=("frameworks/paddle-55715-pascal-arch-warning-run-check.txt",
                  "frameworks/paddledetection-8873-pascal-arch-training-fails.txt",
                  "frameworks/paddleocr-13701-ampere-not-in-wheel-arch.txt",
                  "frameworks/paddle-76037-rtx5070ti-mismatched-gpu-architecture-cu129.txt"),
    ),
    Signature(
        code="frameworks.bitsandbytes-model-moved-with-to",
        cause_id="package-version-conflict",
        kinds=("any",),
        # transformers' PreTrainedModel.to: before 4.44 it refused any move of a bitsandbytes model ("`4-bit` or
        # `8-bit`"), and accelerate's dispatch_model calls .to itself; since then it refuses 4-bit models only with
        # bitsandbytes older than 0.43.2 (and 8-bit models always, with the "`8-bit`" wording, not read here).
        patterns=(r"`\.to` is not supported for `4-bit` or `8-bit` (?:bitsandbytes )?models",
                  r"Calling `to\(\)` is not supported for `4-bit` quantized models with the installed version of "
                  r"bitsandbytes",
                  r"Calling `cuda\(\)` is not supported for `4-bit` or `8-bit` quantized models"),  # the same refusal for .cuda()
        severity="fail",
        cause=("A 4-bit or 8-bit bitsandbytes model was moved with .to(), and the installed transformers and "
               "bitsandbytes refuse that (4-bit models can move only with bitsandbytes 0.43.2 or newer and a "
               "transformers that knows it)."),
        advice=("Upgrade the quantization stack in the Python that runs the program: `python -m pip install -U "
                "bitsandbytes transformers accelerate`; in your own code, place the model when loading "
                "(`device_map={\"\": 0}`) instead of calling .to() on it, which 8-bit models never allow."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/TTPlanetPig/Comfyui_JC2/issues/26",
                 "https://github.com/huggingface/transformers/issues/38717", "https://github.com/nuprl/MultiPL-E/issues/137",
                 "https://github.com/FoundationVision/Groma/issues/15",
                 "https://github.com/huggingface/transformers/blob/main/src/transformers/modeling_utils.py"),
        checked="2026-11-26",
        examples=("frameworks/comfyui-jc2-26-bnb-model-to-refused.txt", "frameworks/multipl-e-137-cuda-call-on-4bit-model.txt",
                  "frameworks/groma-15-cuda-call-on-8bit-model.txt"),
    ),
    Signature(
        code="frameworks.ptxas-older-than-ptx",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # ptxas' own refusal of a PTX ISA newer than it knows: the program (XLA, Triton, tinygrad, numba) generated PTX
        # for a newer CUDA than the toolkit whose ptxas is first on PATH.
        patterns=(r"fatal\s{0,6}: Unsupported \.version (?P<ptx_isa>\d{1,2}\.\d{1,2}); current version is "
                  r"'(?P<ptxas_isa>\d{1,2}\.\d{1,2})'",),
        severity="fail",
        cause=("The ptxas that was run understands PTX ISA {ptxas_isa} only, older than the PTX ISA {ptx_isa} the program "
               "generated: an older CUDA toolkit's ptxas comes first on PATH."),
        advice=("Use a ptxas as new as the PTX: see which one runs with `which ptxas && ptxas --version`, then put a newer "
                "CUDA toolkit's bin first on PATH (PTX ISA 8.5 needs CUDA 12.5 or later) or remove the old one from PATH; "
                "for JAX, its pip CUDA packages (`pip install -U \"jax[cuda12]\"`) bring a matching ptxas; for Triton, "
                "point TRITON_PTXAS_PATH at a new one."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/tinygrad/tinygrad/issues/7729", "https://github.com/jax-ml/jax/issues/25344",
                 "https://docs.nvidia.com/cuda/parallel-thread-execution/index.html#release-notes"),
        checked="2026-11-26",
        examples=("frameworks/tinygrad-7729-ptxas-older-than-ptx-isa.txt",),
    ),
    Signature(
        code="frameworks.triton-cache-from-other-build",
        cause_id="triton-jit-cache-stale",
        kinds=("any",),
        # Triton (triton-windows on Windows) compiles a small launcher module per kernel and caches it; a cached one
        # built by another Python, Triton, compiler or CUDA fails to load, and Windows says only "DLL load failed".
        patterns=(r"DLL load failed while importing (?P<module>cuda_utils|__triton_launcher)\b",),
        severity="fail",
        cause=("Triton could not load its compiled {module} module: most often a cached copy built by another Python, "
               "Triton, compiler or CUDA version, left in Triton's or TorchInductor's cache."),
        advice=("Clear both caches and run again: delete `%USERPROFILE%\\.triton\\cache` and "
                "`%TEMP%\\torchinductor_%USERNAME%` (Linux: ~/.triton/cache and /tmp/torchinductor_$USER); then check "
                "Triton alone with triton-windows' test script, run by the same python.exe that runs the program, and "
                "set TRITON_CACHE_DIR per environment if you switch Pythons."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/woct0rdho/triton-windows/issues/7",
                 "https://github.com/woct0rdho/triton-windows/issues/23",
                 "https://github.com/woct0rdho/triton-windows/issues/90"),
        checked="2026-11-26",
        examples=("frameworks/triton-windows-7-cache-from-other-python.txt",
                  "frameworks/triton-windows-23-triton-launcher-inductor-cache.txt"),
    ),
    Signature(
        code="frameworks.sageattention-not-installed",
        cause_id="python-package-missing",
        kinds=("any",),
        # ComfyUI's --use-sage-attention check and the video wrappers' (HunyuanVideo, WanVideo) import of sageattention.
        patterns=(r"Can't import SageAttention: No module named '(?P<module>sageattention)'",
                  r"To use the `--use-sage-attention` feature, the `sageattention` package must be installed",
                  # the bare import error from a node or script, in either spelling people paste
                  r"No module named '(?P<bare>[Ss]age[Aa]ttention)'"),
        severity="fail",
        cause=("The workflow or ComfyUI's --use-sage-attention asks for SageAttention, and the sageattention package is "
               "not importable in the Python that runs it."),
        advice=("Install SageAttention into that same Python: `python_embeded\\python.exe -m pip install` (or the venv's "
                "python -m pip) a sageattention wheel built for its torch, CUDA and Python (on Windows the prebuilt "
                "wheels of woct0rdho/SageAttention, with `triton-windows`), check `python -c \"import sageattention\"`; "
                "or choose sdpa attention / drop --use-sage-attention."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/Comfy-Org/ComfyUI/issues/9826", "https://github.com/Comfy-Org/ComfyUI/issues/7484",
                 "https://github.com/kijai/ComfyUI-HunyuanVideoWrapper/issues/108", "https://github.com/Comfy-Org/ComfyUI/issues/10709"),
        checked="2026-11-26",
        examples=("frameworks/comfyui-9826-sageattention-not-installed.txt",
                  "frameworks/comfyui-10709-sage-wheel-in-wrong-python.txt"),
    ),
    Signature(
        code="frameworks.transformers-lacks-model-class",
        cause_id="package-version-conflict",
        kinds=("any",),
        # A name imported from transformers' top level that this release does not export: nearly always a model class
        # (or processor) added in a later release than the one installed.
        patterns=(r"cannot import name '(?P<name>[A-Z]\w{1,80})' from 'transformers'",),
        severity="fail",
        cause=("The installed transformers has no {name}: that model class came in a later transformers release than "
               "this one (or the name is misspelled)."),
        advice=("Upgrade transformers in the same environment to the release the model card names (`pip install -U "
                "transformers`, or `pip install \"transformers>=4.49\"` as the card says; for a model newer than the last "
                "release, `pip install git+https://github.com/huggingface/transformers`), then check with `python -c "
                "\"import transformers; print(transformers.__version__)\"`; keep torch as it is."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/Granddyser/qwen3-vl-comfy-ui/issues/2", "https://github.com/QwenLM/Qwen3-VL/issues/723",
                 "https://github.com/yifan123/flow_grpo/issues/84"),
        checked="2026-11-26",
        examples=("frameworks/qwen3-vl-comfy-2-qwen3vl-import-transformers-4-49.txt",
                  "frameworks/qwen-vl-723-qwen2-5-vl-class-not-in-transformers.txt",
                  "frameworks/flow-grpo-84-transformers-pinned-before-qwen2-5-vl.txt"),
    ),
    Signature(
        code="frameworks.generator-on-other-device",
        cause_id="app-fault",
        kinds=("any",),
        # torch.randperm (random_split, RandomSampler) with a generator of another device than the default one:
        # scripts that call torch.set_default_tensor_type('torch.cuda.FloatTensor') or set_default_device('cuda'),
        # which PyTorch 1.9 and later no longer reconcile with the CPU generator the data utilities create.
        patterns=(r"Expected a '(?P<expected>cuda|cpu)' device type for generator but found '(?P<found>cuda|cpu)'",),
        severity="fail",
        cause=("The program's default tensor type or device is {expected}, but the random generator the data loading "
               "uses (random_split, a shuffling sampler) is on {found}: a mix PyTorch 1.9 and later refuse. A code "
               "problem, not the GPU."),
        advice=("Fix it in the script: drop `torch.set_default_tensor_type('torch.cuda.FloatTensor')` / "
                "`torch.set_default_device('cuda')` and move tensors with `.to(device)`, or give the data utilities a "
                "generator on that device (`generator=torch.Generator(device='cuda')` for random_split and the "
                "DataLoader)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/hcnoh/knowledge-tracing-collection-pytorch/issues/1",
                 "https://github.com/dbolya/yolact/issues/727", "https://github.com/huggingface/accelerate/pull/1627"),
        checked="2026-11-26",
        examples=("frameworks/knowledge-tracing-1-cuda-generator-random-split.txt",),
    ),
    Signature(
        code="frameworks.tf-cpu-lacks-instructions",
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        # TensorFlow's cpu_feature_guard.cc aborts (an F line) when the binary's instruction set is missing; the
        # harmless opposite ("wasn't compiled to use") is frameworks.tf-cpu-instructions-notice.
        patterns=(r"The TensorFlow library was compiled to use (?P<instructions>[\w.]{2,12}) instructions, but these "
                  r"aren't available on your machine",),
        severity="fail",
        cause=("This TensorFlow binary uses {instructions} instructions, which this CPU (or the virtual CPU a VM "
               "offers) does not have, so TensorFlow aborts as it loads: nothing to do with the GPU."),
        advice=("Check the CPU's flags (`grep -o -w -m1 'avx\\|avx2\\|fma' /proc/cpuinfo`; in a VM, set the CPU type to "
                "host passthrough); on a CPU without them, install a TensorFlow built without {instructions} (a "
                "community no-AVX wheel, or a source build with the CPU's own flags), or run on a machine whose CPU has "
                "them."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/tensorflow/tensorflow/issues/6896",
                 "https://github.com/lakshayg/tensorflow-build-archived/issues/6",
                 "https://www.tensorflow.org/install/pip#hardware-requirements"),
        checked="2026-11-26",
        examples=("frameworks/tensorflow-6896-cpu-feature-guard-avx2.txt",
                  "frameworks/tensorflow-build-6-fma-not-on-this-cpu.txt"),
    ),
    Signature(
        code="frameworks.onnxruntime-session-cpu-only",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # insightface (ReActor, FaceFusion, roop, IP-Adapter FaceID) prints the providers each ONNX Runtime session got;
        # the CPU provider alone means the CUDA provider was absent or failed to load. Apps that choose the CPU on
        # purpose print the same, hence warn.
        patterns=(r"Applied providers: \['CPUExecutionProvider'\]",
                  # comfyui_controlnet_aux's DWPose finding no GPU provider in onnxruntime and falling back to OpenCV
                  r"Onnxruntime not found or doesn't come with acceleration providers"),
        severity="warn",
        cause=("ONNX Runtime runs this model on the CPU only: the CUDA execution provider is not there (the CPU "
               "onnxruntime package is installed, alone or beside onnxruntime-gpu) or could not load its CUDA and "
               "cuDNN libraries."),
        advice=("If the GPU was meant: `pip uninstall -y onnxruntime onnxruntime-gpu` then `pip install onnxruntime-gpu` "
                "of the release built for your CUDA and cuDNN (ONNX Runtime's CUDA provider requirements table), "
                "and check `python -c \"import onnxruntime as o; print(o.get_available_providers())\"` lists "
                "CUDAExecutionProvider; importing torch first also puts its CUDA libraries where ONNX Runtime finds "
                "them."),
        action="configure",
        rules_out=("a driver fault, when torch sees the GPU",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/deepinsight/insightface/issues/2295",
                 "https://github.com/deepinsight/insightface/issues/1824",
                 "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements"),
        checked="2026-11-26",
        examples=("frameworks/insightface-2295-applied-providers-cpu-only.txt",
                  "frameworks/controlnet-aux-75-dwpose-onnxruntime-cpu-fallback.txt"),
    ),
    Signature(
        code="frameworks.torchcodec-cannot-load",
        cause_id="system-library-missing",
        kinds=("any",),
        # TorchCodec (torchaudio's and HF datasets' audio/video decoding since 2025) tries its libtorchcodec build for
        # each FFmpeg major it ships, newest first; the lines after "[start of libtorchcodec loading traceback]" say
        # why each failed (libavutil.so.N missing: no FFmpeg of that major; an undefined torch symbol: another torch).
        patterns=(r"Could not load libtorchcodec",),
        severity="fail",
        cause=("TorchCodec could not load any of its builds: no FFmpeg shared libraries of a major version it supports "
               "are where the loader looks (FFmpeg missing, only a static or too old/new FFmpeg), or this TorchCodec "
               "release was built for another torch."),
        advice=("Read the first error under \"[start of libtorchcodec loading traceback]\": a missing libavutil.so.N "
                "means install FFmpeg's shared libraries of a supported major (`conda install -c conda-forge "
                "\"ffmpeg<8\"`, `sudo apt install ffmpeg`; on Windows the \"full-shared\" build with its bin on PATH); "
                "anything else, install the torchcodec release that matches torch (`python -c \"import torch; "
                "print(torch.__version__)\"`, then the compatibility table, e.g. `pip install torchcodec==0.7` for torch "
                "2.8)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/meta-pytorch/torchcodec/issues/637",
                 "https://github.com/meta-pytorch/torchcodec/issues/912",
                 "https://github.com/meta-pytorch/torchcodec#installing-torchcodec"),
        checked="2026-11-26",
        examples=("frameworks/torchcodec-637-ffmpeg4-no-core-library.txt",),
    ),
    Signature(
        code="frameworks.flash-attention-float32-input",
        cause_id="app-fault",
        kinds=("any",),
        # flash-attn's C++ check (flash_api.cpp) on the query's dtype: a model loaded without a dtype is float32 in
        # transformers, and some layers (layer norms, embeddings) upcast their output. transformers' own check when
        # attn_implementation="flash_attention_2" meets a float32 model (modeling_utils.py) says it first.
        patterns=(r"FlashAttention only supports? fp16 and bf16 data type",
                  r"Flash Attention 2(?:\.0)? only supports torch\.float16 and torch\.bfloat16 dtypes"),
        severity="fail",
        cause=("FlashAttention was given float32 tensors and runs in fp16 or bf16 only: the model was loaded, or is "
               "trained, in float32 (no dtype given, no mixed precision)."),
        advice=("Load and run the model in half precision: `from_pretrained(..., torch_dtype=\"auto\")` or "
                "`torch_dtype=torch.bfloat16` (float16 on GPUs without bf16), and in training set `bf16=True` or "
                "`fp16=True`; or choose `attn_implementation=\"sdpa\"`, which takes float32."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/QwenLM/Qwen3/issues/406", "https://github.com/unslothai/unsloth/issues/827",
                 "https://github.com/Dao-AILab/flash-attention/blob/main/csrc/flash_attn/flash_api.cpp"),
        checked="2026-11-26",
        examples=("frameworks/qwen-406-flash-attention-2-float32-model.txt",),
    ),
)
