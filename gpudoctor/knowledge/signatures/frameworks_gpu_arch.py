"""The GPU's architecture and memory as the frameworks' compilers and loaders meet them: bfloat16 kernels on GPUs
older than Ampere (PyTorch's memory-efficient attention, Triton's ptxas), a ptxas older than the GPU or a Triton older
than the CUDA ptxas it runs, FlashAttention 3's Hopper-only kernels on other GPUs, and models larger than the free VRAM
(ComfyUI's partial loading, a diffusers pipeline both offloaded and moved to the GPU).

frameworks_runtime.py adds these rows to its RUNTIME_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "reinstall CUDA")

GPU_ARCH_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.bf16-kernel-needs-ampere",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(
            # PyTorch's memory-efficient SDPA (cutlass kernels, mem_eff_attention/kernel_forward.h and backward) finds
            # no kernel for the dtype and architecture: bf16 before sm_80 (transformers, diffusers, ComfyUI nodes).
            r"cutlass[FB]: no kernel found to launch",
            # ptxas refusing bf16 PTX for an sm below 80: Triton kernels (torch.compile, unsloth, mamba, lmdeploy).
            r"Feature '[\w. ]{0,30}bf16[\w.]{0,10}' requires \.target sm_80 or higher",
        ),
        severity="fail",
        cause=("The program runs a bfloat16 kernel, and this GPU is older than Ampere (compute capability below 8.0: "
               "V100, T4, RTX 20, GTX 10), which has no bf16 kernels, so the attention or Triton kernel cannot run."),
        advice=("Run the model in float16 on this GPU instead of bfloat16: torch_dtype=torch.float16 when loading "
                "(transformers, diffusers, custom nodes that hard-code torch.bfloat16), fp16=True rather than bf16 in "
                "training arguments, --dtype half on a server; keep bf16 for Ampere (compute capability 8.0) or newer."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/QwenLM/Qwen3/issues/710", "https://github.com/unslothai/unsloth/issues/501",
                 "https://github.com/ZHO-ZHO-ZHO/ComfyUI-PhotoMaker-ZHO/issues/20",
                 "https://github.com/OpenBMB/MiniCPM-V/pull/403", "https://github.com/fishaudio/fish-speech/issues/7"),
        checked="2026-11-26",
        examples=("frameworks/unsloth-501-triton-bf16-ptxas-t4.txt",
                  "frameworks/photomaker-zho-20-cutlassf-bf16-1070ti.txt"),
    ),
    Signature(
        code="frameworks.triton-ptxas-older-than-gpu",
        refines=("cuda.no-kernel-image",),
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # Triton runs its bundled ptxas (triton/backends/nvidia/bin/ptxas, and ptxas-blackwell for sm >= 100 from 3.6)
        # and that CUDA's ptxas does not know a newer GPU: sm_103a needs CUDA 12.9, sm_110a and sm_121a CUDA 13.
        # Older architectures in this message are the reverse case (a CUDA 13 toolchain dropping sm_52), not read here.
        patterns=(r"ptxas(?:-blackwell)? fatal\s{0,4}: Value '(?P<arch>sm_(?:89|9\d|1[0-2]\d)a?)' is not defined for "
                  r"option 'gpu-name'",),
        severity="fail",
        cause=("The ptxas the program ran (Triton's bundled one under torch.compile, vLLM or SGLang; XLA's under JAX or "
               "TensorFlow) comes from a CUDA toolkit older than this GPU, so it does not know {arch} and cannot "
               "assemble kernels for it."),
        advice=("Give Triton a ptxas from a CUDA toolkit that knows {arch} (CUDA 12.9 for sm_103a, CUDA 13 for "
                "sm_110a and sm_121a): `export TRITON_PTXAS_PATH=/usr/local/cuda/bin/ptxas` (with "
                "TRITON_PTXAS_BLACKWELL_PATH too on Triton releases that ship ptxas-blackwell), or upgrade triton to a "
                "release that bundles one; for JAX or TensorFlow, put a newer ptxas first on PATH (`pip install -U "
                "nvidia-cuda-nvcc-cu12`, or a newer toolkit's bin). The driver is not the problem."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/triton-lang/triton/issues/8539",
                 "https://github.com/pytorch/pytorch/issues/170117",
                 "https://github.com/triton-inference-server/server/issues/8632",
                 "https://github.com/vllm-project/vllm/pull/31338",
                 "https://github.com/triton-lang/triton/issues/10331"),
        checked="2026-11-26",
        examples=("frameworks/triton-8539-dgx-spark-ptxas-sm121a.txt",
                  "frameworks/pytorch-170117-thor-ptxas-blackwell-sm110a.txt"),
    ),
    Signature(
        code="frameworks.diffusers-offloaded-pipeline-moved",
        cause_id="model-offloaded-to-meta",
        kinds=("any",),
        # diffusers' DiffusionPipeline.to() refusing a move to cuda/xpu once accelerate's sequential offload hooks (or a
        # device_map that installs them) hold the pipeline's modules.
        patterns=(r"activated sequential model offloading by calling .?enable_sequential_cpu_offload.?, but are now "
                  r"attempting to move the pipeline to GPU",),
        severity="fail",
        cause=("The diffusers pipeline is offloaded through accelerate (enable_sequential_cpu_offload, a node's CPU-offload "
               "option, or device_map at loading) and the program then moves it to the GPU with .to(), which diffusers "
               "refuses: offloading and moving exclude each other."),
        advice=("Choose one: remove the pipe.to(\"cuda\") (and device_map=\"auto\" from from_pretrained) where offloading "
                "is wanted, or remove enable_sequential_cpu_offload (turn the node's CPU-offload option off) where the "
                "model fits in VRAM; `pipe.enable_model_cpu_offload()` is the lighter offload to try first."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/huggingface/diffusers/issues/2782",
                 "https://github.com/smthemex/ComfyUI_EchoMimic/issues/163",
                 "https://github.com/mkshing/e4t-diffusion/issues/10",
                 "https://github.com/lum3on/comfyui_HiDream-Sampler/issues/6",
                 "https://github.com/huggingface/diffusers/blob/main/src/diffusers/pipelines/pipeline_utils.py"),
        checked="2026-11-26",
        examples=("frameworks/diffusers-2782-device-map-auto-offload-move.txt",
                  "frameworks/echomimic-163-sequential-offload-pipeline-to-gpu.txt"),
    ),
    Signature(
        code="frameworks.comfyui-model-partially-in-vram",
        cause_id="model-exceeds-vram-offloaded",
        kinds=("any",),
        # ComfyUI's model_management when the model needs more than the free VRAM: "loading in lowvram mode <MB>" (to
        # mid-2024) and "loaded partially <MB usable> <MB loaded> <patches>" (later), the rest streamed each step.
        patterns=(r"loading in lowvram mode (?P<vram_mb>\d{1,6}(?:\.\d{1,16})?)",
                  r"loaded partially;? (?P<vram_mb>\d{1,6}(?:\.\d{1,16})?)"),
        severity="warn",
        cause=("The model did not fit in the GPU's free memory, so ComfyUI put only about {vram_mb} MB of it on the GPU "
               "and moves the rest from system RAM at every step: it works, but sampling is several times slower."),
        advice=("If the speed matters, make the model fit the card: an fp8 or GGUF quantised build of it (Q8/Q5/Q4), a "
                "lower resolution or batch, and no other program holding VRAM (`nvidia-smi`); on Windows, "
                "`--reserve-vram 0` gives ComfyUI the memory it keeps back. A newer driver does not add VRAM."),
        action="configure",
        rules_out=("a driver or installation fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/comfyanonymous/ComfyUI_examples/issues/30",
                 "https://github.com/Comfy-Org/ComfyUI/issues/4461",
                 "https://github.com/Comfy-Org/ComfyUI/issues/6382",
                 "https://github.com/Comfy-Org/ComfyUI/blob/master/comfy/model_management.py"),
        checked="2026-11-26",
        examples=("frameworks/comfyui-examples-30-flux-lowvram-mode-12gb.txt",),
    ),
    Signature(
        code="frameworks.flash-attention-3-kernels-on-other-gpu",
        refines=("cuda.no-kernel-image",),
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # FlashAttention 3 (the hopper/ folder, vendored by xformers 0.0.30+ and vLLM) builds sm_90 kernels only; on
        # another architecture (RTX 50 sm_120, Ada, Ampere) its launch template fails with the CUDA error it checks.
        patterns=(r"flash-attention/hopper/flash_fwd_launch_template\.h:\d{1,5}\): (?:no kernel image is available|"
                  r"invalid argument)",),
        severity="fail",
        cause=("The program runs FlashAttention 3's Hopper kernels (bundled in xformers or vLLM), which exist only for "
               "H100/H200-class GPUs (sm_90), on another GPU, so the attention call fails."),
        advice=("Keep FlashAttention 3 off this GPU: use PyTorch's own attention instead of xformers' (ComfyUI "
                "`--use-pytorch-cross-attention`, or `pip uninstall xformers`), or an xformers built without flash "
                "attention for this card; in vLLM, FlashAttention 2 (VLLM_FLASH_ATTN_VERSION=2) or FlashInfer. A newer "
                "torch or driver does not add the kernels."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/facebookresearch/xformers/issues/1329",
                 "https://github.com/Dao-AILab/flash-attention/issues/1763"),
        checked="2026-11-26",
        examples=("frameworks/xformers-1329-fa3-hopper-kernel-rtx50.txt",),
    ),
    Signature(
        code="frameworks.triton-older-than-cuda-ptxas",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # Triton's ptx_get_version (3.2 and older, triton-windows of that time) maps the CUDA release of the ptxas it
        # runs to a PTX ISA and falls through to this misleading message for a CUDA it does not know yet (12.7, 12.8).
        patterns=(r"Triton only support CUDA 10\.0 or higher, but got CUDA version: (?P<cuda>\d{2}\.\d{1,2})",),
        severity="fail",
        cause=("This Triton is older than the CUDA {cuda} ptxas it found (a newer toolkit through CUDA_PATH or PATH), "
               "so it cannot map that CUDA to a PTX version and refuses to compile: {cuda} is too new, not too old."),
        advice=("Upgrade Triton to a release that knows CUDA {cuda}, paired with the installed torch (`pip install -U "
                "triton`, or triton-windows of the series matching torch, e.g. torch 2.7 with triton-windows 3.3), or "
                "point Triton at a ptxas of CUDA 12.6 or older (TRITON_PTXAS_PATH)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install an older driver"),
        sources=("https://github.com/kijai/ComfyUI-HunyuanVideoWrapper/issues/324",
                 "https://github.com/woct0rdho/triton-windows/issues/49",
                 "https://github.com/triton-lang/triton/blob/main/third_party/nvidia/backend/compiler.py"),
        checked="2026-11-26",
        examples=("frameworks/hunyuanvideowrapper-324-triton-cuda-12-8.txt",),
    ),
    Signature(
        code="frameworks.tf-windows-cuda-dll-not-found",
        refines=("cuda.shared-library-not-loadable",
                 "frameworks.tf-cuda-libraries-missing", "frameworks.tf-lists-no-gpu"), refines_within=None,
        cause_id="cuda-library-missing",  # as the corpus's independent labels file a framework's failed library load
        kinds=("any",),
        # TensorFlow's dso_loader on native Windows (2.10 and older, the last with a Windows GPU build) naming the CUDA
        # toolkit or cuDNN DLL it could not load: cudart64_110.dll, cublas64_11.dll, cudnn64_8.dll.
        patterns=(r"Could not load dynamic library '(?P<library>(?:cu|nv)\w{1,20}64_\d{1,4}\.dll)'; dlerror",),
        severity="warn",
        cause=("TensorFlow on native Windows could not load {library} from the CUDA toolkit or cuDNN it was built for: "
               "that version is not installed, its bin folder is not on PATH, or Python 3.8 and later (the Microsoft "
               "Store Python above all) do not search PATH for the DLLs an extension loads; it runs on the CPU."),
        advice=("Install the CUDA toolkit and cuDNN of the version the DLL names (TensorFlow 2.5-2.10: CUDA 11.2 and "
                "cuDNN 8.1), put their bin folders on PATH, and with Python 3.8+ add them before importing TensorFlow: "
                "`os.add_dll_directory(r\"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin\")` (or use "
                "python.org's Python rather than the Store one). TensorFlow 2.11 and later have no native Windows GPU "
                "build: use WSL2 there."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "LD_LIBRARY_PATH"),
        sources=("https://github.com/tensorflow/tensorflow/issues/48868",
                 "https://github.com/tensorflow/tensorflow/issues/40804",
                 "https://www.tensorflow.org/install/source_windows#gpu",
                 "https://docs.python.org/3/library/os.html#os.add_dll_directory"),
        checked="2026-11-26",
        examples=("frameworks/tensorflow-48868-cudart64-110-dll-add-dll-directory.txt",),
    ),
    Signature(
        code="frameworks.accelerate-single-process",
        cause_id="distributed-misuse",
        kinds=("any",),
        # accelerate's AcceleratorState repr (print(accelerator.state), accelerate's test script): one process, no
        # distributed type. Right on a one-GPU host, hence warn; on a multi-GPU host it is why only one GPU works.
        patterns=(r"Distributed environment: (?:DistributedType\.)?NO\b",),
        severity="warn",
        cause=("Accelerate runs this script as a single process (Distributed environment: NO), so it uses one GPU: it "
               "was started with `python script.py` rather than a launcher, or the accelerate config asks for one "
               "process."),
        advice=("To use every GPU, start it with `accelerate launch --multi_gpu --num_processes <number of GPUs> "
                "script.py` (or `accelerate config` with multi-GPU and all GPUs, then `accelerate launch script.py`; "
                "torchrun works too) instead of `python script.py`; `accelerate env` shows the config in use."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "CUDA_VISIBLE_DEVICES="),
        sources=("https://github.com/huggingface/accelerate/issues/197",
                 "https://github.com/huggingface/community-events/pull/6",
                 "https://huggingface.co/docs/accelerate/basic_tutorials/launch"),
        checked="2026-11-26",
        examples=("frameworks/accelerate-197-python-launch-one-process.txt",),
    ),
    Signature(
        code="frameworks.sageattention-arch-kernel-missing",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # sageattention/core.py asserts the compiled module for the GPU's architecture imported (SM80/SM89/SM90_ENABLED);
        # it did not: a wheel for another torch/CUDA (an ABI mismatch after a torch update) or without this arch.
        # ComfyUI and Forge catch it and fall back to PyTorch attention, the video wrappers stop, hence warn.
        patterns=(r"Error running sage(?:attn| attention): SM(?P<sm>\d{2,3}) kernel is not available",  # ComfyUI, Forge
                  r"SM(?P<sm>\d{2,3}) kernel is not available\. Make sure you GPUs with compute capability"),
        severity="warn",
        cause=("SageAttention's compiled kernels for sm_{sm} did not load: the installed sageattention wheel was built "
               "for another torch, CUDA or Python (often after a torch update) or without this GPU's architecture, so "
               "the program falls back to slower PyTorch attention or stops."),
        advice=("Install the sageattention wheel built for the installed torch, CUDA and Python (`python -c \"import "
                "torch; print(torch.__version__, torch.version.cuda)\"`; on Windows the matching woct0rdho/SageAttention "
                "release), again after every torch update; or uninstall sageattention and run with PyTorch attention."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Tavris1/ComfyUI-Easy-Install/issues/33",
                 "https://github.com/Haoming02/sd-webui-forge-classic/issues/627",
                 "https://github.com/thu-ml/SageAttention/blob/main/sageattention/core.py"),
        checked="2026-11-26",
        examples=("frameworks/comfyui-easy-install-33-sage-sm89-kernel-missing.txt",
                  "frameworks/forge-classic-627-sageattn-sm89-kernel-missing.txt"),
    ),
)
