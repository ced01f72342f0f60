"""NVML and the CUDA runtime, a GPU that the machine has but a program cannot get: the environment a program was given,
the platform it runs on, the sample tools people run to check (rows of the cuda area, added to cuda.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# cudaErrorDevicesUnavailable (46) / CUDA_ERROR_DEVICE_UNAVAILABLE, as cuda.devices-busy-or-unavailable reads them.
DEVICES_UNAVAILABLE = (r"all CUDA-capable devices are busy or unavailable",
                       r"CUDA-capable device\(s\) is/are busy or unavailable",
                       r"cudaErrorDevicesUnavailable", r"CUDA_ERROR_DEVICE_UNAVAILABLE")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.devices-unavailable-in-wsl",
        cause_id="wsl-windows-driver-old",
        kinds=("any",),
        patterns=DEVICES_UNAVAILABLE,
        contexts=("wsl",),
        refines=("cuda.devices-busy-or-unavailable",),
        severity="fail",
        cause="Under WSL 2 CUDA sees the GPU but cannot create a context on it: WSL has no compute modes, so this is "
              "the Windows side (a Windows build, often an Insider preview, or an NVIDIA Windows driver whose WSL "
              "GPU support is broken or too old), not another process holding the GPU.",
        advice=("Update Windows (Windows Update; on the Insider channel, the build that fixed WSL GPU compute) and "
                "the NVIDIA Windows driver, update WSL (`wsl --update`), then restart it with `wsl --shutdown`; "
                "install no Linux NVIDIA driver inside the distribution."),
        action="configure",
        rules_out=("another process holding the GPU",),
        never_suggest=("nvidia-smi -c", "install the Linux NVIDIA driver"),
        sources=("https://github.com/microsoft/WSL/issues/5598", "https://github.com/microsoft/WSL/issues/6057",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked="2026-11-26",
        examples=("cuda/wsl-5598-torch-busy-unavailable-build-20170.txt", "cuda/wsl-6057-nbody-code46-insider-20226.txt"),
    ),
    Signature(
        code="cuda.visible-devices-set-in-code",
        refines=("cuda.no-device", "cuda.torch-no-gpus-visible"), refines_within=None,  # its line names why CUDA sees no GPU further down
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # A script that picks its author's GPU by index before CUDA starts: on a machine with fewer GPUs the index names
        # none, and PyTorch says "No CUDA GPUs are available" (cuda.no-device) on the line that first touches CUDA.
        patterns=(r"environ\[[\"']CUDA_VISIBLE_DEVICES[\"']\] ?= ?[\"'](?P<value>[1-9]\d?)[\"']",),
        severity="warn",
        cause="The program's own code sets CUDA_VISIBLE_DEVICES to {value}, its author's GPU: on a machine without a "
              "GPU of that index it hides every GPU, so CUDA finds none.",
        advice=("Change the CUDA_VISIBLE_DEVICES line in the code to an index `nvidia-smi -L` lists (0 on a one-GPU "
                "machine), or remove it and choose the GPU from the shell (`CUDA_VISIBLE_DEVICES=0 python ...`); set in "
                "code, it counts only before torch (or any CUDA library) is imported."),
        action="configure",
        rules_out=("a driver fault", "a missing GPU"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/ziplab/PTQD/issues/13", "https://github.com/Grace9994/CoMoSVC/issues/6",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars"),
        checked="2026-11-26",
        examples=("cuda/ptqd-13-visible-devices-7-in-code.txt", "cuda/comosvc-6-visible-devices-1-in-train-py.txt",
                  "frameworks/pytorch-126344-visible-devices-set-after-import.txt"),
    ),
    Signature(
        code="cuda.torch-no-gpus-visible",
        # PyTorch's reading of cudaErrorNoDevice, and of the person's "does not detect CUDA" in the same paste: the line
        # says more than either.
        refines=("cuda.no-device", "frameworks.torch-cuda-unavailable-described"), refines_within=None,
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # torch/cuda/__init__.py raises this where the CUDA runtime counts no device (cudaErrorNoDevice); a CPU-only build
        # says "Torch not compiled with CUDA enabled" instead. Where it runs in a container (whose image may carry a
        # compat libcuda without the host's driver), WSL or a hosted notebook, the rows of those contexts read the same
        # line and take its place.
        # ...and the same message quoted in a person's sentence ("... was used causing \"No CUDA GPUs are available\""),
        # not where Ray names it (vllm.ray-node-without-gpu reads Ray's replicas without a GPU)
        patterns=(r"RuntimeError: No CUDA GPUs are available", r"^(?![^\n]{0,400}?\bRay\b)[^\n]{0,400}?[\"\u201c]No CUDA GPUs are available[\"\u201d.]"),
        severity="fail",
        cause="PyTorch's CUDA runtime counted no GPU: most often CUDA_VISIBLE_DEVICES, set by the project's script, "
              "its launch script or the shell, names a GPU index this machine lacks (its author's 1, 2 or 7 on a "
              "one-GPU machine), or is empty, and hides every GPU.",
        advice=("Find where CUDA_VISIBLE_DEVICES is set for this run (`grep -rn CUDA_VISIBLE_DEVICES .` in the project: "
                "an `export` in its .sh scripts, os.environ in its code, a --gpu-id default; and `echo "
                "\"$CUDA_VISIBLE_DEVICES\"`), then set it to an index `nvidia-smi -L` lists (0 on a one-GPU machine) or "
                "remove it. Only where `nvidia-smi -L` itself lists no GPU is the cause below this setting (nvidia-smi's own "
                "message then names it); in a container, start it with the GPUs (`--gpus all`)."),
        action="configure",
        rules_out=("a CPU-only PyTorch build",),  # that one says "Torch not compiled with CUDA enabled"
        never_suggest=("reinstall CUDA", "set CUDA_LAUNCH_BLOCKING", "index-url"),
        sources=("https://github.com/thuml/Time-Series-Library/issues/10",
                 "https://github.com/LiYingwei/ShapeTextureDebiasedTraining/issues/12",
                 "https://github.com/pytorch/pytorch/blob/main/torch/cuda/__init__.py",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars"),
        checked="2026-11-27",
        examples=("frameworks/tsl-10-run-sh-export-visible-devices-2.txt",
                  "frameworks/shapetex-12-gpu-id-default-hides-gpu.txt"),
    ),
    Signature(
        code="cuda.cupy-cuda-libraries-not-found",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="cuda-library-missing",
        kinds=("any",),
        # CuPy's pip wheels (cupy-cuda11x, cupy-cuda12x) carry no CUDA libraries: they load the CUDA runtime, NVRTC and
        # cuBLAS of their major version from a local toolkit (CUDA_PATH on Windows) or from the nvidia-* wheels. What it
        # prints when they are not there: the failed load of its runtime module, its own "failed to load" for NVRTC and
        # the rest, and the DLL dependency list its import error shows on Windows.
        patterns=(r"CuPy failed to load (?P<library>[\w.-]{1,60}\.(?:dll|so[\w.]{0,12}))",
                  r"DLL load failed while importing runtime",
                  r"(?P<library>(?:cudart|cublas|nvrtc|cufft|curand|cusparse|cusolver)64_\d{2,4}(?:_0)?\.dll) -> not found"),
        severity="fail",
        cause="CuPy cannot load the CUDA libraries its wheel was built against (the CUDA runtime, NVRTC, cuBLAS of one "
              "CUDA major version): no CUDA Toolkit of that version is installed or found (CUDA_PATH), or the wheel is "
              "for another CUDA major version than the one installed.",
        advice=("Give CuPy the CUDA libraries of its wheel's major version: install the wheel with them "
                "(`pip install \"cupy-cuda12x[ctk]\"` on recent CuPy, or `conda install -c conda-forge cupy`), or install "
                "that CUDA Toolkit and point CUDA_PATH at it (Windows) or LD_LIBRARY_PATH (Linux); and pick the wheel "
                "for the CUDA the environment has (cupy-cuda12x for CUDA 12, cupy-cuda11x for CUDA 11), only one of them."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://docs.cupy.dev/en/stable/install.html",
                 "https://github.com/Fannovel16/ComfyUI-Frame-Interpolation/issues/26",
                 "https://github.com/kijai/ComfyUI-GIMM-VFI/issues/17", "https://github.com/cupy/cupy/issues/7253"),
        checked="2026-11-26",
        examples=("cuda/frameinterp-26-cupy-no-cuda-path-dlls.txt", "cuda/gimmvfi-17-cupy-nvrtc64-120-dll.txt"),
    ),
    Signature(
        code="cuda.torch-invalid-device-id",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # torch.cuda.get_device_properties' assertion, which DataParallel(device_ids=...) reaches first: the program asks
        # for GPU indices (its --gpus / --ngpu / device_ids, its author's machine) that this process does not see.
        patterns=(r"AssertionError: Invalid device id", r'raise AssertionError\("Invalid device id"\)'),
        severity="fail",
        cause="The program asks PyTorch for a GPU index this process does not have (DataParallel device_ids, a --gpus or "
              "--ngpu option above the number of GPUs, or CUDA_VISIBLE_DEVICES hiding some).",
        advice=("Give the program only GPU indices that exist here: compare with `python -c \"import torch; "
                "print(torch.cuda.device_count())\"` and `nvidia-smi -L`, then set its GPU option (device_ids=[0], "
                "--gpus 0, --ngpu 1 on a one-GPU machine) and CUDA_VISIBLE_DEVICES to match; indices count from 0 among "
                "the visible GPUs."),
        action="configure",
        rules_out=("a driver fault", "a broken GPU"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/torralba-lab/im2recipe-Pytorch/issues/11", "https://github.com/lzx1413/PytorchSSD/issues/50",
                 "https://github.com/leoxiaobin/deep-high-resolution-net.pytorch/issues/27"),
        checked="2026-11-26",
        examples=("cuda/im2recipe-11-dataparallel-four-ids-one-gpu.txt", "cuda/pytorchssd-50-ngpu-invalid-device-id.txt"),
    ),
    Signature(
        code="cuda.torch-cudnn8-sublibrary-open-notice",
        cause_id="none",
        kinds=("any",),
        # PyTorch 2.x's cuDNN v8 API path (Conv_v8.cpp) tries to dlopen the cuDNN 8 sublibraries by name and warns when
        # one is not on the loader path; convolutions still run through the cuDNN it loaded. An "undefined symbol" in
        # the same warning is another matter (two cuDNN versions mixed), left to the rows that read it.
        patterns=(r"UserWarning: Attempt to open (?P<sublibrary>cnn_infer|cnn_train|ops_infer|ops_train|adv_infer|adv_train) "
                  r"failed: handle=0 error: [^\n]{0,200}cannot open shared object file",),
        refines=("cuda.shared-library-not-loadable", "cuda.runtime-library-missing",),
        severity="info",
        cause="PyTorch could not open cuDNN 8's {sublibrary} sublibrary by name for its cuDNN v8 convolution path; on its "
              "own this warning does not stop the run.",
        advice=("Harmless while the program runs on: it is a warning. If convolutions then fail ('GET was unable to find an "
                "engine'), the cuDNN PyTorch loads is incomplete or mixed: let PyTorch use its own (remove other cuDNN "
                "directories from LD_LIBRARY_PATH)."),
        action="none",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/PKU-YuanGroup/MagicTime/issues/26",),
        checked="2026-11-26",
        examples=("cuda/magictime-26-cnn-infer-warning-harmless.txt",),
    ),
    Signature(
        code="cuda.paddle-device-id-beyond-visible",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # PaddlePaddle's SetDeviceId check (platform/device/gpu/gpu_info.cc): "Device id must be less than GPU count,
        # but received id is: 3. GPU count is: 1." and its hint "Expected id < GetCUDADeviceCount() [GetGPUDeviceCount()
        # in 2.x], but received id:3 >= GetCUDADeviceCount():1." Only a non-zero count here: the GPU exists but the
        # index asked for (gpu_id, FLAGS_selected_gpus, device='gpu:N') counts physical GPUs while CUDA_VISIBLE_DEVICES
        # renumbered the visible ones from 0.
        patterns=(r"Device id must be less than GPU count, but received id is: (?P<device>\d{1,3})\. GPU count is: "
                  r"(?P<count>[1-9]\d{0,2})\b",
                  r"Expected id < Get(?:CUDA|GPU)DeviceCount\(\), but received id:(?P<device>\d{1,3}) >= "
                  r"Get(?:CUDA|GPU)DeviceCount\(\):(?P<count>[1-9]\d{0,2})\b",
                  # Paddle 1.x's fluid.CUDAPlace(N) check (pybind.cc), with and without 2.x's count hint.
                  r"Invalid CUDAPlace\((?P<device>\d{1,3})\), must inside \[0, (?P<count>[1-9]\d{0,2})\)"),
        severity="fail",
        cause="PaddlePaddle was asked for GPU {device} but this process sees only {count} GPU(s): the index counts only "
              "the GPUs CUDA_VISIBLE_DEVICES leaves visible, renumbered from 0.",
        advice=("Ask for an index below {count}: where CUDA_VISIBLE_DEVICES names one card (e.g. 5) that card is gpu:0, "
                "so pass device='gpu:0' (paddle.set_device('gpu:0'), gpu_id 0 in a C++ demo's config, "
                "FLAGS_selected_gpus=0), or choose the card with CUDA_VISIBLE_DEVICES alone; `nvidia-smi -L` lists the "
                "physical GPUs."),
        action="configure",
        rules_out=("the driver", "the CUDA installation"),
        never_suggest=("reinstall the driver", "reinstall CUDA", "update the driver"),
        sources=("https://github.com/PaddlePaddle/PaddleOCR/issues/15497",
                 "https://github.com/PaddlePaddle/PaddleOCR/issues/2587",
                 "https://github.com/PaddlePaddle/Paddle/issues/23326", "https://github.com/PaddlePaddle/Paddle/issues/18424"),
        checked="2026-11-26",
        examples=("cuda/paddleocr-15497-device-id-3-gpu-count-1.txt", "cuda/paddle-18424-cudaplace-1-must-inside-0-1.txt"),
    ),
    Signature(
        code="cuda.paddle-gpu-requested-none-visible",
        cause_id="gpu-requested-none-present",
        kinds=("any",),
        # The same check with a GPU count of 0: the GPU build of Paddle was told to use a GPU (a --device=GPU flag,
        # PaddleOCR's use_gpu=True default) where it sees none: a machine or node without a GPU, a container started
        # without one, or a driver that does not work (then nvidia-smi fails too).
        # The message with a count of 0, or quoted without its numbers (a non-zero count is the row above's).
        patterns=(r"Device id must be less than GPU count(?!, but received id is: \d{1,3}\. GPU count is: [1-9])",
                  r"Expected id < Get(?:CUDA|GPU)DeviceCount\(\), but received id:(?P<device>\d{1,3}) >= "
                  r"Get(?:CUDA|GPU)DeviceCount\(\):0\b", r"Invalid CUDAPlace\((?P<device>\d{1,3})\), must inside \[0, 0\)"),
        severity="fail",
        cause="PaddlePaddle was told to run on a GPU but sees none (GPU count 0): the machine, node or container has no "
              "GPU it can use.",
        advice=("Where the machine or node has no GPU, run on the CPU: use_gpu=False, device='cpu' or --device=CPU (give "
                "the device flag once; the last one wins); where it has one, make it visible first: `nvidia-smi` must "
                "list it (in a container, start it with --gpus all), CUDA_VISIBLE_DEVICES must not be empty, and "
                "`python -c \"import paddle; paddle.utils.run_check()\"` must find it."),
        action="configure",
        rules_out=("the model", "the CUDA version"),
        never_suggest=("reinstall CUDA", "update the driver"),
        sources=("https://github.com/PaddlePaddle/PaddleDetection/issues/4989",
                 "https://github.com/PaddlePaddle/PaddleOCR/issues/11294",
                 "https://github.com/PaddlePaddle/PaddleVideo/issues/409"),
        checked="2026-11-26",
        examples=("cuda/paddledetection-4989-device-id-gpu-count-0.txt",
                  "cuda/paddleocr-11294-use-gpu-default-no-gpu-node.txt"),
    ),
)
