"""Rows of the conclusions gpudoctor/knowledge/compat.py draws from what a paste names (a GPU and a build, a pin and
a Python, a GPU and a driver): `Signature` rows without patterns, so that `gpudoctor explain CODE`, the findings and
the tests read them like any other; compat.RULES says when each is reached. Pure data.
"""

from __future__ import annotations

from gpudoctor.knowledge import build_support as tables
from gpudoctor.knowledge.signatures import Signature, concluded, cuda_w34a, kernel_w42e, reasoned_w42f

_NOT_THE_DRIVER = ("update the NVIDIA driver", "reinstall the driver", "cuda toolkit")


GPU_WITHOUT_KERNELS = concluded(
    code="cuda.named-gpu-outside-torch-build",
    cause_id="cuda-arch-unsupported",
    refines=("cuda.no-kernel-image", "cuda.torch-capability-not-compatible", "cuda.torch-gpu-too-old"),
    severity="fail",
    cause=("The paste names a {gpu} (compute capability {capability}) and PyTorch's {build} build, whose kernels "
           "cover compute capability {lowest} to {highest} only, so PyTorch cannot run its kernels on this GPU."),
    advice=("Install PyTorch's {wanted} build, which has kernels for compute capability {capability}: `pip uninstall "
            "-y torch torchvision torchaudio`, then `pip install torch torchvision torchaudio --index-url "
            "https://download.pytorch.org/whl/{wanted}` ({wanted_note}); `torch.cuda.get_arch_list()` then lists a "
            "kernel for it. The kernels come with the wheel: nothing else on the machine changes."),
    action="configure",
    rules_out=("the NVIDIA driver",),
    never_suggest=_NOT_THE_DRIVER,
    sources=(tables.PYTORCH_BUILD_SCRIPT, tables.PYTORCH_28_NOTES, tables.PYTORCH_ARCH_RFC,
             "https://developer.nvidia.com/cuda-gpus"),
    checked=tables.CHECKED,
    examples=("cuda/bevfusion-283-gtx3090-torch181-cu101.txt",),
)
TORCH_NOT_FOR_PYTHON = concluded(
    code="wheels.torch-pin-not-built-for-python",
    cause_id="no-wheel-for-python",
    # pip's "(from versions: none)", its list without the pinned release and a +cu pin it found nowhere, all read
    # without the Python: for a Python the release has no wheels for, no index serves one
    refines=("wheels.no-distribution-for-platform", "wheels.pinned-version-not-for-this-python",
             "wheels.torch-local-build-pin-without-index", "wheels.torch-no-distribution-for-this-python"),
    severity="fail",
    cause=("pip found no torch {torch} for Python {python}: PyTorch {release} published wheels for Python {oldest} "
           "to {newest} only, so nothing else (index, driver, mirror) can make this pin install."),
    advice=("Create the environment with a Python version that torch {torch} was built for ({oldest} to {newest}; "
            "e.g. `py -{newest} -m venv venv` on Windows, `python{newest} -m venv venv` or `conda create -n env "
            "python={newest}`) and install again there, or move the pin to a newer torch release built for Python "
            "{python} ({python_first} or later)."),
    action="configure",
    rules_out=("the NVIDIA driver", "the network or the index"),
    never_suggest=("nvidia-smi",),
    sources=(tables.PYTORCH_RELEASE_MATRIX, "https://pypi.org/project/torch/#files"),
    checked=tables.CHECKED,
    examples=("wheels/pytorch-71632-torch1101-python310-no-wheel.txt", "wheels/zeroshotcot-6-torch-182-cu111-python311.txt",
              "wheels/comictranslate-215-torch-210-cu121-python312.txt", "wheels/comma10k-13-torch-181-not-for-new-python.txt"),
)
CUDA_TORCH_ON_MACOS = concluded(
    code="wheels.cuda-torch-pin-on-macos",
    cause_id="no-wheel-for-python",
    # pip's lines read without the Mac: "(from versions: none)", the Pythons other releases require, a +cu pin without
    # PyTorch's index. On a Mac no Python and no index serves a CUDA build.
    refines=("wheels.no-distribution-for-platform", "wheels.pinned-version-not-for-this-python",
             "wheels.torch-local-build-pin-without-index", "wheels.torch-no-distribution-for-this-python"),
    severity="fail",
    cause=("pip found no torch {torch} on this Mac: PyTorch publishes its CUDA builds (+cuXXX) for Linux and Windows "
           "only, and a Mac has no NVIDIA GPU for them."),
    advice=("Run the project on Linux or Windows with an NVIDIA GPU, where the +cuXXX pin installs; on the Mac "
            "install the plain torch release instead (`pip install torch`, which runs on the GPU through the 'mps' "
            "device) if the project allows it."),
    action="configure",
    rules_out=("the NVIDIA driver",),
    never_suggest=("nvidia-smi",),
    sources=("https://pytorch.org/get-started/locally/", "https://download.pytorch.org/whl/cu118/torch/"),
    checked=tables.CHECKED,
    examples=("wheels/stablecascade-23-torch-cu118-pin-on-mac-m1.txt",),
)
DRIVER_DROPPED_GPU = concluded(
    code="kernel.named-gpu-dropped-by-driver",
    cause_id="gpu-unsupported-by-driver",
    refines=("kernel.rm-init-adapter-failed", "kernel.driver-not-loaded"),
    severity="fail",
    cause=("The paste names a {gpu} ({architecture}) with {driver}, which does not support it: {why}."),
    advice=("Install the {last} driver branch, the last that supports {architecture} GPUs, with its proprietary "
            "kernel modules (the legacy series: on Ubuntu `sudo apt install nvidia-driver-{last}`, on Arch the "
            "nvidia-{last}xx-dkms package, on Fedora akmod-nvidia-{last}xx; not an -open package), then reboot; or "
            "move to a Turing or newer GPU to use newer drivers."),
    action="configure",
    rules_out=("a broken installation of the newer driver",),
    never_suggest=("install nvidia-open",),
    sources=(tables.NVIDIA_LEGACY_GPUS, tables.NVIDIA_R580_PASCAL_NOTICE, tables.OPEN_MODULES_README),
    checked=tables.CHECKED,
    examples=("kernel/omarchy-4267-quadro-m1000m-nvidia-open-maxwell.txt",),
)

DRIVER_OLDER_THAN_CUDA = concluded(
    code="cuda.named-driver-older-than-build",
    cause_id="cuda-driver-too-old",
    refines=("cuda.driver-insufficient", "cuda.ctranslate2-driver-too-old",),
    severity="fail",
    cause=("The paste names {driver} and {program}, which needs CUDA {cuda}: that takes driver branch {need} or newer, "
           "so CUDA refuses to start (too old a driver for the runtime)."),
    advice=("Update the NVIDIA driver to branch {need} or newer, which runs CUDA {cuda} programs (on Linux the "
            "distribution's nvidia-driver package of that branch or NVIDIA's; on Windows the driver from "
            "https://www.nvidia.com/drivers), then restart; where the driver cannot change, use a build of the "
            "program made for the CUDA this driver runs (an older image or wheel)."),
    action="configure",
    rules_out=("the GPU", "the program's own installation"),
    never_suggest=("reinstall the program",),
    sources=("https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html#id6",
             "https://docs.nvidia.com/deeplearning/frameworks/support-matrix/index.html",
             "https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html"),
    checked=tables.CHECKED,
    examples=("cuda/pytorch-43058-torch16-cu102-driver-418-v100.txt",
              "containers/tritonserver-1838-ngc-2006-driver-440-geforce.txt"),
)
ENGINE_GPU_TOO_OLD = concluded(
    code="vllm.named-gpu-below-engine-minimum",
    cause_id="vllm-unsupported-hardware",
    # What such a GPU then shows: Triton refusing it under torch.compile, or kernels built without its architecture.
    refines=("frameworks.triton-gpu-too-old", "cuda.no-kernel-image", "cuda.named-gpu-outside-torch-build"),
    severity="fail",
    cause=("The paste runs {engine} on a {gpu} (compute capability {capability}, {architecture}): {engine} supports "
           "GPUs of compute capability 7.0 (Volta) and newer only; its prebuilt kernels and the Triton compiler it "
           "relies on have nothing for this GPU, so no setting makes it serve there."),
    advice=("Serve from a GPU of compute capability 7.0 or newer (V100, T4, RTX 20xx and later); on this {architecture} "
            "GPU use an engine that still supports it (llama.cpp, Ollama, or ExLlamaV2 for GPTQ/EXL2 models), or "
            "community builds of vLLM and Triton patched for Pascal (pascal-pkgs-ci's wheels, and its Docker image "
            "that ships both), which the project does not support; where only Triton refuses the GPU under "
            "torch.compile, vLLM's `--enforce-eager` turns its compiled path off (a vLLM flag; SGLang has no "
            "counterpart). Upgrading the driver or CUDA adds nothing: the kernels are missing."),
    action="configure",
    rules_out=("the NVIDIA driver", "the model's size"),
    never_suggest=("update the NVIDIA driver", "reinstall the driver"),
    sources=(tables.VLLM_GPU_REQUIREMENTS,
             "https://docs.vllm.ai/en/latest/features/compatibility_matrix.html",
             "https://github.com/vllm-project/vllm/issues/13202", "https://github.com/vllm-project/vllm/issues/963",
             "https://github.com/vllm-project/vllm/pull/4290"),
    checked=tables.CHECKED,
    examples=("vllm/vllm-13202-p40-triton-too-old-vllm-openai.txt",),
)
BLACKWELL_BEFORE_ITS_BUILDS = concluded(
    code="cuda.named-blackwell-gpu-failing",
    cause_id="cuda-arch-unsupported",
    # The generic lines such a report may carry besides the GPU's name: kernels or a build without its architecture.
    refines=("cuda.no-kernel-image",),
    severity="warn",
    cause=("The paste reports a failure on a {gpu} ({architecture}, compute capability {capability}) and names no "
           "build that supports it: programs and wheels built with a CUDA older than 12.8 (PyTorch before 2.7, and "
           "the images and portable packages that bundle such a build) have no kernels for this GPU, by far the most "
           "common reason such a GPU does not work with an AI program."),
    advice=("Use builds made with CUDA 12.8 or newer, which carry sm_{sm} kernels: PyTorch 2.7 or later from the "
            "cu128 index (`pip install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu128`), "
            "the program's release or image built on it (they run where `nvidia-smi` shows CUDA Version 12.8 or "
            "higher, R570 on); rebuild source "
            "extensions with TORCH_CUDA_ARCH_LIST=\"{capability}\", and llama.cpp or another ggml program with "
            "-DCMAKE_CUDA_ARCHITECTURES={sm} (nvcc 12.8+, a fresh build folder). `python -c \"import torch; "
            "print(torch.__version__, torch.cuda.get_arch_list())\"` shows whether the build lists sm_{sm}. For TensorRT engines, "
            "a TensorRT release whose support matrix lists Blackwell (10.8 or newer)."),
    action="configure",
    rules_out=("the GPU itself",),
    never_suggest=("reinstall the driver", "CUDA_VISIBLE_DEVICES"),
    sources=(tables.PYTORCH_BUILD_SCRIPT, tables.PYTORCH_28_NOTES, "https://developer.nvidia.com/cuda-gpus",
             "https://github.com/pytorch/pytorch/issues/160804", "https://github.com/Keryx-Labs/keryx-miner/pull/18"),
    checked=tables.CHECKED,
    examples=("frameworks/rvc-2564-not-working-with-5090-rtx.txt", "frameworks/i4h-workflows-220-rtx5090-errors-setup.txt",
              "ollama/keryx-miner-18-llama-dll-no-sm120-kernels.txt"),
)
GEFORCE_MULTI_GPU_HANG = concluded(
    code="nccl.named-geforce-multi-gpu-hang",
    cause_id="nccl-p2p-broken",
    # Where the person's words for the hang fit a row of the same cause (nccl.multi-gpu-hang-described,
    # vllm.tensor-parallel-hangs-described), that row speaks; this reads the pastes no row reads.
    severity="warn",
    cause=("The paste tells of a job over several {gpu} GPUs that hangs or freezes without an error: {p2p}, and NCCL's "
           "peer-to-peer transport between such cards hangs at the first all-reduce or barrier (where the driver or "
           "the platform offers P2P anyway, it hangs or corrupts data), by far the commonest reason for this hang."),
    advice=("Start the job with `NCCL_P2P_DISABLE=1` in every rank's environment (`export NCCL_P2P_DISABLE=1` before "
            "torchrun, deepspeed or `vllm serve`; `accelerate launch` sets it itself for RTX 40 cards), with "
            "NCCL_DEBUG=INFO to see NCCL pick SHM instead of P2P; keep it on these cards. `nvidia-smi topo -p2p r` "
            "shows whether the driver lets the GPUs read each other. If it still hangs with P2P off, look at the "
            "IOMMU and ACS (`iommu=pt`, VT-d/AMD-Vi, ACS off in the BIOS) and at ranks doing different work "
            "(TORCH_DISTRIBUTED_DEBUG=DETAIL)."),
    action="configure",
    rules_out=("a driver that is not installed, when nvidia-smi lists every GPU", "the model's size"),
    never_suggest=("reinstall the driver", "set NCCL_SOCKET_IFNAME"),
    sources=(*tables.GEFORCE_P2P_SOURCES,
             "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-p2p-disable"),
    checked=tables.CHECKED,
    examples=("nccl/cogvlm-35-two-3090-usage-stuck-100-p2p.txt",),
)
# w38b: CUDA's "no kernel image" beside a GPU older than the architectures current prebuilt CUDA programs carry
# (Kepler, first Maxwell: GT 7x0, GTX 750, MX110/MX130, 9x0M; compute capability below 5.2): helpers answer that
# the card is no longer covered, so the program runs on the CPU or another backend, an older release or a build for
# that architecture, or a newer GPU; a newer PyTorch, driver or CUDA adds nothing.
OLD_GPU_NO_KERNEL_IMAGE = concluded(
    code="cuda.named-old-gpu-no-kernel-image",
    cause_id="cuda-arch-unsupported",
    refines=("cuda.no-kernel-image",),
    severity="fail",
    # Not "every PyTorch 2.x": its cu118-cu126 wheels still carry sm_50 (first Maxwell); the failed build's own
    # "no kernel image" is what shows that this one does not.
    cause=("The paste reports CUDA's \"no kernel image\" beside a {gpu} ({architecture}, compute capability "
           "{capability}): the build that failed carries no kernels for a GPU this old, as most current prebuilt "
           "CUDA programs and libraries no longer do (CUDA 12 builds nothing for Kepler; PyTorch's cu128 and newer "
           "wheels, ONNX Runtime, CTranslate2 and many apps start well above it), so no setting makes this build run "
           "on it."),
    advice=("Run the program on the CPU (its CPU provider or device setting) or another backend (Vulkan where it "
            "has one), or move to a newer, supported GPU (compute capability 5.2 or newer for most current builds, "
            "7.0 for PyTorch 2.8+ cu128 wheels); only where the program can take another build, an older release "
            "whose build still lists compute capability {capability}, or a build from source that targets it "
            "(TORCH_CUDA_ARCH_LIST=\"{capability}\", -DCMAKE_CUDA_ARCHITECTURES={sm})."),
    action="configure",
    rules_out=("the GPU's health",),
    never_suggest=("update the NVIDIA driver", "reinstall the driver", "reinstall CUDA"),
    sources=("https://developer.nvidia.com/cuda-gpus", "https://github.com/ETH3D/badslam/issues/42",
             "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html"),
    checked="2026-11-27",
    examples=("cuda/badslam-42-gt730-no-kernel-image-needs-cc53.txt",),
)

ROWS: tuple[Signature, ...] = (GPU_WITHOUT_KERNELS, TORCH_NOT_FOR_PYTHON, CUDA_TORCH_ON_MACOS, DRIVER_DROPPED_GPU,
                               DRIVER_OLDER_THAN_CUDA, ENGINE_GPU_TOO_OLD, BLACKWELL_BEFORE_ITS_BUILDS,
                               GEFORCE_MULTI_GPU_HANG, OLD_GPU_NO_KERNEL_IMAGE, *cuda_w34a.CONCLUSIONS,
                               *kernel_w42e.CONCLUSIONS, *reasoned_w42f.ROWS)
