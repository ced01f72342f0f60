"""GPU failures of the image, audio and video generation apps people run on one or two consumer GPUs (ComfyUI,
the Stable Diffusion web UIs, kohya_ss and sd-scripts, faster-whisper and the CTranslate2 apps, the face-swap and
voice tools), read in the libraries' and apps' own words.

Registered in signatures/__init__.py's catalogue beside the area modules.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.windows-gpu-process-fast-fail",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # STATUS_STACK_BUFFER_OVERRUN, Windows' fail-fast status, as the process's exit code: signed (-1073740791, what
        # Python's subprocess, PyCharm and the apps' crash notices print), unsigned (3221226505) or as the Event Log's
        # "Exception code: 0xc0000409". cuDNN 8 prints "Could not locate <sub-library>.dll" and aborts the process
        # this way, so a faster-whisper/CTranslate2, TensorFlow or onnxruntime program dies with no traceback.
        # Ollama's runner reports the same status as "exit status 0xc0000409" (ollama.runner-terminated).
        patterns=(r"(?<![\d.])-1073740791\b", r"(?<![\d.])3221226505\b",
                  r"Exception code: 0x[cC]0000409\b"),
        severity="fail",
        cause=("A native library aborted the process (Windows status 0xC0000409, fail-fast) instead of raising an "
               "error: in GPU programs on Windows (faster-whisper, WhisperX and other CTranslate2 apps, TensorFlow) "
               "usually a cuDNN or cuBLAS DLL it loads lazily (a cuDNN sub-library, zlibwapi.dll) is missing or of "
               "another version than the library was built for."),
        advice=("Run it once from a console to see the line printed just before the crash (cuDNN's \"Could not "
                "locate ...dll\" names the missing file) and try the same job on the CPU (`--device cpu`): if the CPU "
                "run works, install the cuDNN and cuBLAS versions the library was built for where the process finds "
                "them (CTranslate2 4.5+ / faster-whisper 1.1+: cuBLAS for CUDA 12 and cuDNN 9, e.g. `pip install "
                "nvidia-cublas-cu12 nvidia-cudnn-cu12==9.*` with their bin folders on PATH; CTranslate2 4.4 and "
                "older: cuDNN 8, with zlibwapi.dll for cuDNN 8.3-8.9) and open a new console. If it crashes only "
                "after the work is done, when the model is freed or the program exits, it is CTranslate2's teardown "
                "on Windows: keep the model loaded until exit or pin the faster-whisper release that did not crash."),
        action="configure",
        rules_out=("an out-of-memory error", "a GPU hardware fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/debpalash/VoiceStudio/issues/1371",
                 "https://github.com/SYSTRAN/faster-whisper/issues/1293",
                 "https://github.com/collabora/WhisperLive/issues/317",
                 "https://learn.microsoft.com/en-us/cpp/intrinsics/fastfail"),
        checked="2026-11-26",
        examples=("frameworks/voicestudio-1371-omnivoice-backend-crashed-0xc0000409.txt",),
    ),
    Signature(
        code="frameworks.bitsandbytes-import-failed-in-trainer",
        cause_id="bitsandbytes-no-cuda",
        kinds=("any",),
        # bitsandbytes 0.41.x Windows wheels (jllllll's, which kohya_ss installed from late 2023) ship a cuda_setup
        # package whose main.py imports a paths module they lack: earlier installs kept 0.35's paths.py, fresh ones do
        # not. sd-scripts (library/train_util.py get_optimizer) turns any failed `import bitsandbytes` for an 8-bit or
        # paged optimizer into its own bilingual ImportError, printed after the real error.
        patterns=(r"No module named '?bitsandbytes\.cuda_setup\.paths\b",
                  r"ImportError: No bitsandbytes / bitsandbytes"),
        severity="fail",
        cause=("The trainer could not import bitsandbytes for its 8-bit optimizer: the bitsandbytes in its environment "
               "is broken or missing (on Windows often a 0.41 build without cuda_setup/paths.py, or two bitsandbytes "
               "packages installed over each other)."),
        advice=("In the trainer's venv (kohya_ss: `venv\\Scripts\\activate`), reinstall bitsandbytes cleanly: `pip "
                "uninstall -y bitsandbytes bitsandbytes-windows`, then `pip install -U bitsandbytes` (0.43 and later "
                "ship Windows CUDA builds; on older kohya_ss releases its setup menu's bitsandbytes-windows option, "
                "`pip install bitsandbytes-windows`); read the error printed above \"No bitsandbytes\" if it stays. Or "
                "train with an optimizer that needs no bitsandbytes (AdamW instead of AdamW8bit)."),
        action="configure",
        rules_out=("a driver fault", "a GPU fault"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/bmaltais/kohya_ss/issues/1775", "https://github.com/bmaltais/kohya_ss/issues/1704",
                 "https://github.com/jllllll/bitsandbytes-windows-webui/issues/22",
                 "https://github.com/Akegarasu/lora-scripts/issues/228",
                 "https://github.com/kohya-ss/sd-scripts/blob/main/library/train_util.py"),
        checked="2026-11-26",
        examples=("frameworks/kohya-ss-1775-bitsandbytes-cuda-setup-paths-missing.txt",
                  "frameworks/lora-scripts-228-bitsandbytes-paths-then-no-bitsandbytes.txt"),
    ),
    Signature(
        code="frameworks.onnx-windows-dll-init-failed",
        cause_id="windows-vc-runtime-missing",
        kinds=("any",),
        # Windows' ERROR_DLL_INIT_FAILED (1114) for onnx's native module: the onnx 1.16.2 and 1.17 Windows wheels are
        # built with a newer MSVC toolset, and their start-up code fails against an older msvcp140/vcruntime140 (the
        # one a portable Python, an app's bundled runtime or an old Redistributable provides). insightface imports
        # onnx, so ComfyUI's InstantID, PuLID, IPAdapter FaceID and ReActor nodes and A1111/Forge extensions stop
        # loading. Only the module's name is matched: Windows words the reason in the system's language.
        patterns=(r"DLL load failed while importing onnx_cpp2py_export\b",),
        severity="fail",
        cause=("The onnx package's native module (onnx_cpp2py_export) failed to initialise on Windows: the onnx 1.16.2 "
               "and later wheels need a newer Microsoft Visual C++ runtime than this Python finds, so onnx, and "
               "insightface and the face nodes and extensions that import it, cannot load."),
        advice=("Install the latest Microsoft Visual C++ 2015-2022 Redistributable (x64, vc_redist.x64.exe from "
                "Microsoft's \"latest supported Visual C++ downloads\" page) and restart the app; or pin the onnx "
                "release before the change in the app's own Python: `pip install onnx==1.16.1` in its venv "
                "(ComfyUI portable: `python_embeded\\python.exe -m pip install onnx==1.16.1`)."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA", "install CUDA"),
        sources=("https://github.com/onnx/onnx/issues/6267", "https://github.com/tonykipkemboi/ollama_pdf_rag/issues/21",
                 "https://github.com/onnxsim/onnxsim/issues/346", "https://github.com/vietanhdev/anylabeling/pull/182",
                 "https://github.com/Gourieff/comfyui-reactor-node/issues/400"),
        checked="2026-11-26",
        examples=("frameworks/onnx-6267-onnx-cpp2py-export-dll-init-failed.txt",
                  "frameworks/ollama-pdf-rag-21-onnx-cpp2py-export-dll-init.txt"),
        # the generic WinError 1114 reading of the same line; this one names onnx's own pin
        refines=("wsl.windows-extension-dll-init-failed",),
    ),
    Signature(
        code="frameworks.mem-efficient-attention-kernel-not-built-for-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # The device-side check of the CUTLASS memory-efficient attention kernels (xformers' fmha autogen kernels, and
        # the same kernels in PyTorch's own mem_eff_attention, which SDPA uses): the kernel for sm80 and later ran code
        # compiled for an older architecture (the "built for" one), because the binary has no code for this GPU's.
        # xformers before its autogen kernels printed "FATAL: this function is for smN, but was built for smM".
        patterns=(r"FATAL: kernel `?(?P<kernel>fmha_cutlass\w{1,80})`? is for sm(?P<min_arch>\d{2,3})-sm\d{2,3}, but "
                  r"was built for sm(?P<built>\d{2,3})",
                  r"FATAL: this function is for sm(?P<min_arch>\d{2,3}), but was built for sm(?P<built>\d{2,3})"),
        severity="fail",
        cause=("The memory-efficient attention kernel (xFormers' or PyTorch's) ran code built for sm{built} on a GPU that "
               "needs sm{min_arch} or later: the installed torch or xFormers binary has no kernels for this GPU's "
               "architecture (an RTX 50-series card with a build before CUDA 12.8, or an xFormers compiled from source "
               "for another GPU)."),
        advice=("Check what the build covers: `python -c \"import torch; print(torch.__version__, torch.cuda.get_arch_list(), "
                "torch.cuda.get_device_capability())\"`. Install a torch whose arch list has this GPU, in the app's own "
                "Python (RTX 50-series: a cu128 or newer build, `pip install --force-reinstall torch torchvision "
                "torchaudio --index-url https://download.pytorch.org/whl/cu128`), with an xFormers wheel built for that "
                "torch (or uninstall xformers and use PyTorch's attention); an xFormers built from source: rebuild with "
                "TORCH_CUDA_ARCH_LIST naming every GPU's compute capability (e.g. \"7.5 8.6\")."),
        action="configure",
        rules_out=("a driver fault", "an out-of-memory error"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/facebookresearch/xformers/issues/1045",
                 "https://github.com/dmMaze/BallonsTranslator/issues/1148",
                 "https://github.com/facebookresearch/xformers/issues/692",
                 "https://github.com/hkchengrex/MMAudio/issues/72"),
        checked="2026-11-26",
        examples=("frameworks/xformers-1045-fmha-cutlass-sm75-build-on-rtx3090.txt",
                  "frameworks/ballonstranslator-1148-fmha-kernel-built-for-sm37.txt"),
    ),
    Signature(
        code="frameworks.ffmpeg-nvenc-no-capable-device",
        cause_id="nvenc-encoder-unavailable",
        kinds=("any",),
        # FFmpeg's nvenc.c when nvEncOpenEncodeSessionEx refuses every GPU it tried (NV_ENC_ERR_UNSUPPORTED_DEVICE, 2)
        # or no GPU supports the codec and settings it checked; HandBrake words it "No NVENC capable devices found".
        # Video apps and ComfyUI's VideoHelperSuite (h264_nvenc-mp4) hand FFmpeg the NVENC encoder by default.
        patterns=(r"\[(?P<encoder>h264_nvenc|hevc_nvenc|av1_nvenc) @ [^\]\n]{1,40}\] No capable devices found",
                  r"OpenEncodeSessionEx failed: unsupported device \(2\)",
                  r"No NVENC capable devices found",
                  # OBS's own NVENC encoder: its log line and its dialog for the same refusal.
                  r"nvEncOpenEncodeSessionEx[^\n]{0,80} failed: 2 \(NV_ENC_ERR_UNSUPPORTED_DEVICE\)",
                  r"NVENC Error: Unsupported device\. Check that your video card"),
        severity="fail",
        cause=("FFmpeg found no NVIDIA hardware encoder (NVENC) able to open a session for this codec and these "
               "settings: the GPU has no NVENC unit (A100, H100 and other compute GPUs, some laptop MX GPUs), none for "
               "this codec (AV1 encoding needs an RTX 40-series or newer), the settings exceed it, or FFmpeg sees no "
               "NVIDIA GPU at all."),
        advice=("Check the GPU in NVIDIA's Video Encode and Decode support matrix for the codec (and `nvidia-smi` that "
                "the GPU is visible to this process; in a container NVIDIA_DRIVER_CAPABILITIES must include video). On "
                "a GPU without NVENC for it, pick a codec it encodes (h264_nvenc instead of av1_nvenc) or the software "
                "encoder: libx264/libx265 in FFmpeg, video/h264-mp4 instead of h264_nvenc-mp4 in ComfyUI's Video "
                "Combine node, or the app's CPU encoder option; with a custom FFmpeg build, try the one the app ships."),
        action="configure",
        rules_out=("a CUDA or PyTorch fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/kijai/ComfyUI-CogVideoXWrapper/issues/20",
                 "https://github.com/xaviviro/refacer/issues/12", "https://github.com/HaveAGitGat/Tdarr/issues/745",
                 "https://github.com/HandBrake/HandBrake/issues/2943",
                 "https://developer.nvidia.com/video-encode-and-decode-gpu-support-matrix-new"),
        checked="2026-11-26",
        examples=("frameworks/cogvideoxwrapper-20-h264-nvenc-no-capable-devices-a100.txt",),
    ),
    Signature(
        code="frameworks.kohya-torch-reports-gpu-unavailable",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # kohya_ss' start-up check (setup/setup_common.py, validate_requirements.py) when torch.cuda.is_available() is
        # False and no XPU answers; releases before 2024 said "CUDA", later ones "GPU". The line above it names the
        # torch ("Torch 2.0.1+cpu" is the CPU build).
        patterns=(r"Torch reports (?:CUDA|GPU) not available",),
        severity="warn",  # a machine without an NVIDIA GPU prints it too
        cause=("kohya_ss found that the torch in its venv cannot use the GPU: usually an update or a dependency left "
               "the CPU-only torch build there (the \"Torch ...+cpu\" line above says so), otherwise CUDA cannot start "
               "with this driver."),
        advice=("Check the venv's torch: `venv\\Scripts\\python -c \"import torch; print(torch.__version__, "
                "torch.cuda.is_available())\"` (Linux: venv/bin/python). A version ending in +cpu: delete the venv "
                "folder and run setup.bat (setup.sh) again, choosing the kohya_ss install option, so the CUDA build of "
                "torch is installed; a +cu version that still says False: check `nvidia-smi` and that the driver "
                "supports the CUDA version of that build."),
        action="configure",
        rules_out=(),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/bmaltais/kohya_ss/issues/943", "https://github.com/bmaltais/kohya_ss/issues/1608",
                 "https://github.com/bmaltais/kohya_ss/blob/master/setup/setup_common.py"),
        checked="2026-11-26",
        examples=("frameworks/kohya-ss-943-torch-reports-cuda-not-available.txt",),
    ),
    Signature(
        code="frameworks.ort-cuda-provider-without-nvidia-gpu",
        cause_id="gpu-requested-none-present",
        kinds=("any",),
        # onnxruntime's CudaCall report when the CUDA provider's cudaSetDevice fails with cudaErrorInsufficientDriver
        # (35). CUDA returns 35 both when no NVIDIA driver is installed at all and when the driver is older than the
        # runtime; cudaGetDevice failed as well, so the GPU field is uninitialised (a negative garbage number), not a
        # device index. Face-swap apps (roop-unleashed, Deep-Live-Cam, FaceFusion) keep the CUDA provider selected on
        # machines with only Intel or AMD graphics, the usual case in their trackers; cuda.driver-insufficient reads the
        # same line as a driver too old, and nvidia-smi tells the two apart.
        patterns=(r"CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version ; GPU=-\d{1,12} ;",),
        severity="fail",
        cause=("ONNX Runtime's CUDA provider could not reach any CUDA device (CUDA error 35, no GPU index): either this "
               "machine has no NVIDIA GPU or no NVIDIA driver while the app is set to run on CUDA, or its NVIDIA driver "
               "is older than the CUDA onnxruntime-gpu was built for."),
        advice=("Run `nvidia-smi`. If it is missing or lists no GPU, the machine cannot use CUDA: switch the app to the CPU "
                "provider (roop-unleashed `provider: cpu` in config.yaml, Deep-Live-Cam/FaceFusion `--execution-provider "
                "cpu`, or the CPU choice in its settings). If it lists an NVIDIA GPU, its \"CUDA Version\" must be at "
                "least the CUDA of the onnxruntime-gpu build (12.x for onnxruntime-gpu 1.19 and later): install a newer "
                "NVIDIA driver, or an onnxruntime-gpu built for the older CUDA."),
        action="configure",
        rules_out=(),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/C0untFloyd/roop-unleashed/issues/586",
                 "https://github.com/C0untFloyd/roop-unleashed/issues/441",
                 "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements"),
        checked="2026-11-26",
        examples=("frameworks/roop-unleashed-586-ort-cuda-failure-35-no-nvidia-gpu.txt",),
    ),
    Signature(
        code="frameworks.torch-compile-fp8-e4m3-needs-ada",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # Triton (language/semantic.py) refuses FP8 E4M3, its fp8e4nv type, below compute capability 8.9; torch.compile
        # (inductor) emits such a cast for fp8_e4m3fn weights, as ComfyUI's TorchCompileModel and the Wan/Hunyuan video
        # wrappers' compile nodes do, and inductor reports it inside a CompilationError. Serving engines' Triton kernels
        # hit the same check (vllm.fp8-e4m3-needs-ada reads the line for them too; its advice is the engine's).
        patterns=(r"type fp8e4nv not supported in this architecture",
                  r"fp8e4nv data type is not supported on CUDA arch < (?P<minimum>\d{2})"),
        severity="fail",
        cause=("FP8 E4M3 weights (fp8_e4m3fn) reached a Triton kernel, usually one torch.compile generated, on a GPU "
               "older than Ada (compute capability below 8.9: RTX 30-series, A100 and older), where Triton has no E4M3 "
               "arithmetic; only E5M2 works there."),
        advice=("On RTX 30-series/A100 and older either use E5M2 FP8 weights with torch.compile (the model's fp8_e5m2 "
                "files, or e5m2 as the loader's weight/quantization dtype) or turn torch.compile off (remove the "
                "TorchCompileModel / compile node, or disable compile in the app), or load bf16/fp16 weights; "
                "fp8_e4m3fn with torch.compile needs an RTX 40-series (Ada) or newer GPU."),
        action="configure",
        rules_out=("a driver fault", "a broken Triton install"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall triton"),
        sources=("https://github.com/kijai/ComfyUI-WanVideoWrapper/issues/184",
                 "https://github.com/kijai/ComfyUI-WanVideoWrapper/issues/915",
                 "https://github.com/kijai/ComfyUI-WanVideoWrapper/issues/252",
                 "https://github.com/chengzeyi/Comfy-WaveSpeed/issues/65"),
        checked="2026-11-26",
        examples=("frameworks/wanvideowrapper-184-fp8e4nv-torch-compile-3090-e5m2.txt",
                  "frameworks/wanvideowrapper-915-fp8e4nv-compile-a100-use-e5m2.txt"),
    ),
    Signature(
        code="frameworks.rvc-no-supported-nvidia-gpu",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # The RVC WebUI's configs/config.py (and its forks: Mangio-RVC, Applio, the RVC1006Nvidia packages) picks the
        # device at start-up: torch.cuda.is_available() False gives "No supported Nvidia GPU found" (older releases add
        # ", use CPU instead"); Applio's trainer of early 2024 printed "GPU not detected, reverting to CPU (not recommended)".
        patterns=(r"No supported Nvidia GPU found", r"GPU not detected, reverting to CPU"),
        severity="warn",  # a machine without an NVIDIA GPU prints it too
        cause=("The voice-conversion app (RVC, Applio) found that the torch in its environment cannot use CUDA and runs "
               "on the CPU: a CPU-only torch build, or a CUDA build newer than this NVIDIA driver supports."),
        advice=("Check the app's own Python: `runtime\\python.exe -c \"import torch; print(torch.__version__, "
                "torch.version.cuda, torch.cuda.is_available())\"` (or the env's python). A +cpu version: install the "
                "CUDA build of torch there (`pip install --force-reinstall torch torchaudio --index-url "
                "https://download.pytorch.org/whl/cu121`, or the app's NVIDIA package such as RVC's *Nvidia.7z); a "
                "+cu version that says False: update the NVIDIA driver until `nvidia-smi` shows a CUDA Version at "
                "least that build's."),
        action="configure",
        rules_out=(),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/Mangio621/Mangio-RVC-Fork/issues/108", "https://github.com/IAHispano/Applio/issues/249",
                 "https://github.com/IAHispano/Applio/issues/125",
                 "https://github.com/RVC-Project/Retrieval-based-Voice-Conversion-WebUI/blob/main/configs/config.py"),
        checked="2026-11-26",
        examples=("frameworks/applio-249-gpu-not-detected-reverting-to-cpu.txt",
                  "frameworks/mangio-rvc-108-no-supported-nvidia-gpu-found.txt"),
    ),
)
