"""Issue 25, breadth in image, video and audio apps on NVIDIA GPUs: rows for the families a fresh sample missed.

- accelerate refuses bf16 mixed precision on a GPU without bfloat16 (kohya_ss, sd-scripts and the Colab trainers on
  a T4, a V100, a GTX 10/16 or RTX 20 card): the threads settle on fp16 (or no mixed precision), since bf16 needs an
  Ampere or newer GPU.
- PyTorch's autocast refuses bfloat16 the same way ("Current CUDA Device does not support bfloat16. Please switch
  dtype to float16."), in ComfyUI nodes (SAM2, SUPIR), trainers and research scripts that hard-code bf16: the
  threads settle on the node's or script's dtype set to fp16 (with a gradient scaler when training) or fp32.
- The ncnn Vulkan upscalers and interpolators (Real-ESRGAN-ncnn-vulkan, waifu2x-ncnn-vulkan, Upscayl, Video2X, RIFE)
  print ncnn's own "vkCreateInstance failed -9" (VK_ERROR_INCOMPATIBLE_DRIVER) or "-3" (VK_ERROR_INITIALIZATION_FAILED)
  when the Vulkan loader finds no working driver: the threads settle on a clean (re)install of the NVIDIA driver with
  its Vulkan/OpenGL part (the maintainer: a driver installed without its OpenGL files; a user: a clean install of the
  Studio driver), on a GPU that has Vulkan at all. ollama.vulkan-no-device reads other programs' words for the same
  cause; this row reads ncnn's.
- OBS's NVENC encoder (obs-nvenc, and the recorders built on it) names the setting the GPU's encoder lacks after
  NV_ENC_ERR_INVALID_PARAM ("B-frames not supported on the current HW": HEVC B-frames on Pascal and the GTX 1650's
  Volta NVENC); cuda.nvenc-setting-unsupported-by-gpu reads FFmpeg's words for the same cause.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.accelerate-bf16-unsupported-device",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # accelerate's Accelerator(mixed_precision="bf16") check (accelerator.py), as kohya_ss/sd-scripts, the LoRA
        # trainers and diffusers' training scripts print it.
        patterns=(r"bf16 mixed precision requires PyTorch >= 1\.10 and a supported device",),
        severity="fail",
        cause=("Training asked accelerate for bf16 mixed precision, and this GPU (or this PyTorch) has no bfloat16 "
               "support: bf16 needs an Ampere or newer GPU (RTX 30/40/50, A100, L4, H100); a T4, V100, GTX 10/16 or "
               "RTX 20 card has none."),
        advice=("Set mixed precision (and save precision) to fp16, or to no/fp32, in the trainer's settings or "
                "`accelerate config` (kohya_ss: mixed_precision and save_precision fp16; `--mixed_precision fp16` on "
                "`accelerate launch`); bf16 needs an Ampere or newer GPU. If `python -c \"import torch; "
                "print(torch.cuda.is_available(), torch.cuda.is_bf16_supported())\"` shows False for CUDA, the venv's "
                "torch is a CPU build: install the CUDA build first."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/Linaqruf/kohya-trainer/issues/246",
                 "https://huggingface.co/docs/accelerate/package_reference/accelerator"),
        checked="2026-11-27",
        examples=("frameworks/kohya-trainer-246-bf16-unsupported-gpu.txt",),
    ),
    Signature(
        code="frameworks.autocast-bf16-unsupported-device",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # torch.autocast's check (torch/amp/autocast_mode.py) when dtype=torch.bfloat16 and
        # torch.cuda.is_bf16_supported() is False.
        patterns=(r"Current CUDA Device does not support bfloat16\b",),
        severity="fail",
        cause=("The program runs PyTorch autocast in bfloat16 on a GPU without bfloat16 support: bf16 needs an Ampere "
               "or newer GPU (compute capability 8.0+: RTX 30/40/50, A100, L4, H100); Turing, Volta and Pascal cards "
               "(RTX 20, T4, V100, GTX 10/16, P100, Quadro RTX) have none."),
        advice=("Switch the dtype to float16 or float32: in a ComfyUI node or app set its dtype/precision option to "
                "fp16 (or fp32); in a script change `torch.autocast(..., dtype=torch.bfloat16)` and the model's "
                "bfloat16 to torch.float16 (training in float16 also wants a torch.amp.GradScaler) or run in float32. "
                "`python -c \"import torch; print(torch.cuda.is_bf16_supported())\"` shows what the GPU offers."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/kijai/ComfyUI-segment-anything-2/issues/26",
                 "https://github.com/openvla/openvla/issues/103", "https://github.com/karpathy/nanoGPT/issues/84",
                 "https://pytorch.org/docs/stable/amp.html"),
        checked="2026-11-27",
        examples=("frameworks/comfyui-sam2-26-autocast-bf16-unsupported-set-dtype.txt",
                  "frameworks/openvla-103-autocast-bf16-rtx8000.txt",
                  "frameworks/nanogpt-84-autocast-bf16-switch-float16.txt"),
    ),
    Signature(
        code="frameworks.ncnn-vulkan-no-driver",
        cause_id="vulkan-driver-missing",
        kinds=("any",),
        # ncnn's gpu.cpp when the Vulkan loader cannot create an instance or list devices (the upscaler then says
        # "invalid gpu device"): -9 VK_ERROR_INCOMPATIBLE_DRIVER, -3 VK_ERROR_INITIALIZATION_FAILED.
        patterns=(r"vkCreateInstance failed (?P<code>-\d{1,2})(?!\d)",
                  r"vkEnumeratePhysicalDevices failed (?P<code>-\d{1,2})(?!\d)"),
        severity="fail",
        cause=("The ncnn Vulkan program (an upscaler or interpolator) found no working Vulkan driver (error {code}): "
               "the GPU driver's Vulkan part is missing or broken, or the GPU it picked has no Vulkan, even where "
               "CUDA programs run."),
        advice=("Reinstall the NVIDIA driver cleanly with its Vulkan/OpenGL part: on Windows a clean install of the "
                "latest Game Ready or Studio driver; on Linux the driver's GL package (Ubuntu `libnvidia-gl-<branch>`, "
                "never --no-opengl-files) with libvulkan1; in a Docker container add `-e NVIDIA_DRIVER_CAPABILITIES=all` "
                "(graphics mounts the driver's Vulkan ICD). Then check that `vulkaninfo --summary` lists the NVIDIA "
                "GPU, and pick it with the program's -g/GPU ID where an integrated GPU without Vulkan comes first."),
        action="configure",
        rules_out=("a model that does not fit",),
        never_suggest=("reinstall CUDA", "install the CUDA toolkit"),
        sources=("https://github.com/Tencent/ncnn/issues/2011", "https://github.com/nihui/waifu2x-ncnn-vulkan/issues/131",
                 "https://github.com/Tencent/ncnn/wiki/FAQ-ncnn-vulkan"),
        checked="2026-11-27",
        examples=("frameworks/ncnn-2011-vkcreateinstance-9-no-gl-driver.txt",
                  "frameworks/waifu2x-ncnn-vulkan-131-vkcreateinstance-3-rtx3070.txt"),
    ),
    Signature(
        code="frameworks.obs-nvenc-setting-unsupported-by-gpu",
        cause_id="nvenc-encoder-unavailable",
        kinds=("any",),
        # obs-nvenc's init_encoder_* (plugins/obs-nvenc), which reports nvEncInitializeEncoder's error 8 with the
        # capability check that failed
        patterns=(r"NV_ENC_ERR_INVALID_PARAM\): (?P<feature>[A-Za-z0-9 -]{2,40}?) not supported on the current HW",),
        severity="fail",
        cause=("The GPU's hardware encoder (NVENC) cannot do what the encoder settings ask (not supported on this GPU: "
               "{feature}), so the encoder fails to start."),
        advice=("Turn the setting off in the encoder's settings (for B-frames: Max B-frames 0, or record H.264 instead "
                "of HEVC; Pascal GTX 10-series and the GTX 1650 have no HEVC B-frames), or update the application to "
                "a release that caps the setting to the GPU's capabilities; NVIDIA's Video Encode and Decode support "
                "matrix lists what each GPU's NVENC can do."),
        action="configure",
        rules_out=("the driver installation", "a CUDA or PyTorch fault"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/Segergren/Segra/issues/117", "https://github.com/Segergren/Segra/issues/151",
                 "https://github.com/obsproject/obs-studio/pull/7700",
                 "https://developer.nvidia.com/video-encode-and-decode-gpu-support-matrix-new"),
        checked="2026-11-27",
        examples=("frameworks/segra-117-obs-nvenc-hevc-b-frames-gtx10.txt",),
    ),
)
