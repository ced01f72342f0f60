"""Ollama's GPU discovery: why the server found no GPU, or left one out, as its log says.

Part of the ollama area (gpudoctor/knowledge/signatures/ollama.py lists these rows first). The lines are quoted from
Ollama's discovery code (gpu/ and discover/: gpu.go, gpu_info_nvcuda.c, gpu_info_cudart.c; runner.go from 0.12) as
the releases named in gpudoctor/knowledge/ollama_versions.py print them; gpudoctor/ollama/messages.py maps the rows
the Ollama checks judge to the reasons it tells apart.
"""

from __future__ import annotations

from gpudoctor.fix_requests import ManualSteps
from gpudoctor.knowledge.dated import OLLAMA_NVIDIA_DRIVER
from gpudoctor.knowledge.signatures import Signature

GPU_DOCS = OLLAMA_NVIDIA_DRIVER.source
TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"
_DRIVER = OLLAMA_NVIDIA_DRIVER.value
_LOGS = ("ollama-log", "journal", "docker", "kubectl")

DISCOVERY_SIGNATURES = (
    Signature(
        code="ollama.driver-too-old",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-driver-too-old",
        kinds=_LOGS,
        # cudart's cudaSetDevice error 35 (cudaErrorInsufficientDriver) is logged just before (gpu_info_cudart.c)
        # since 2026 discovery (discover/cuda_compat.go) also leaves out each GPU whose driver is below the release's
        # floor, logging msg="NVIDIA driver too old" ... required_driver="550 or newer" (570 for compute below 7.0)
        # (0.1.2x to 0.1.3x log the same code as "Unable to load cudart CUDA management library PATH: cudart init
        # failure: 35", cudart_init's cudaSetDevice/cudaRuntimeGetVersion call)
        patterns=(r"your nvidia driver is too old or missing", r"\bcudaSetDevice err[:;] 35\b",
                  r"\bcudart init failure[:;] 35\b",
                  r"msg=\\?\"NVIDIA driver too old\\?\"[^\n]{0,200}?\brequired_driver="),
        severity="fail",
        cause=("Ollama's CUDA runtime could not start on this NVIDIA driver, or Ollama left the GPU out for it: the "
               "driver is missing or too old."),
        advice=(f"Update the NVIDIA driver to R{_DRIVER['minimum_branch']} or newer "
                f"(R{_DRIVER['compute_5_0_to_6_2_branch']} for GPUs of compute capability 5.0 to 6.2, as Ollama's "
                "GPU docs require), then restart Ollama; `nvidia-smi` shows the driver version in use."),
        action="restart-application",
        never_suggest=("set CUDA_VISIBLE_DEVICES",),
        sources=("https://github.com/ollama/ollama/issues/6604", GPU_DOCS),
        checked=OLLAMA_NVIDIA_DRIVER.checked,
        examples=("ollama/ollama-6604-driver-too-old.txt",),
    ),
    Signature(
        code="ollama.cuda-init-unknown-error",
        cause_id="cuda-unknown-error",
        kinds=_LOGS,
        patterns=(
            # Ollama's discovery (discover/gpu_info_nvcuda.c, gpu_info_cudart.c) logs the CUDA error number.
            r"\bcuInit err[:;] 999\b",
            r"\bcudaSetDevice err[:;] 999\b",
            r"\bnvcuda init failure[:;] 999\b",
            r"\bcudart init failure[:;] 999\b",
            r"\bdriver library init failure[:;] 999\b",
            r"unknown error initializing cuda driver library",
            r"(?<=ggml_cuda_init: )failed to initialize CUDA: unknown error",
        ),
        severity="fail",
        refines=("ollama.service-cuda-visible-devices",), refines_within=None,  # CUDA failed, not a GPU selection
        cause=("CUDA could not start (error 999, CUDA_ERROR_UNKNOWN), so Ollama runs on the CPU: the driver's "
               "unified memory module is in a bad state, most often after suspend and resume."),
        advice=("Reload the nvidia_uvm module (`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`) or reboot, "
                "then restart Ollama."),
        action="reload-driver",
        fix=ManualSteps("Reload the nvidia_uvm kernel module",
                        ("sudo systemctl stop ollama", "sudo rmmod nvidia_uvm", "sudo modprobe nvidia_uvm",
                         "sudo systemctl start ollama")),
        rules_out=("an Ollama bug",),
        never_suggest=("reinstall Ollama", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/ollama/ollama/issues/5453", "https://github.com/ollama/ollama/issues/6647",
                 TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("ollama/ollama-5453-nvcuda-init-999.txt", "ollama/ollama-6647-cudart-999-after-sleep.txt"),
    ),
    Signature(
        code="ollama.nvml-version-mismatch",
        cause_id="driver-library-mismatch",
        kinds=_LOGS,
        patterns=(
            # NVML_ERROR_LIB_RM_VERSION_MISMATCH is 18 (nvml.h): libnvidia-ml and the kernel module differ.
            r"\bnvmlInit_v2 err[:;] 18\b",
            r"\bnvml vram init failure[:;] 18\b",
        ),
        severity="fail",
        cause=("NVML reported a driver/library version mismatch (error 18): the loaded NVIDIA kernel module is "
               "older than the driver libraries installed since, so Ollama sees no GPU."),
        advice=("Reboot (or unload and reload the nvidia kernel modules) so the kernel module matches the installed "
                "driver libraries; `nvidia-smi` works again once they match."),
        action="reboot",
        rules_out=("a missing GPU",),
        never_suggest=("reinstall Ollama", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/abysssol/ollama-flake/issues/4",
                 "https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceEnumvs.html"),
        checked="2026-11-25",
        examples=("ollama/ollama-flake-4-nvml-init-err-18.txt",),
    ),
    Signature(
        code="ollama.libcuda-lacks-cuctxcreate-v3",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-driver-too-old",
        kinds=_LOGS,
        patterns=(
            r"symbol lookup for cuCtxCreate_v3 failed",
            r"undefined symbol: cuCtxCreate_v3\b",
            # Windows' loader dialog for a runner linked against a newer nvcuda.dll than the driver's
            r"entry point cuCtxCreate_v3 could not be located in the dynamic link library[^\n]{0,200}?nvcuda\.dll",
            # Discovery's own line for a libcuda it could not load, named by an R469-or-older release (whatever error
            # follows, often cut off in a paste): those drivers lack cuCtxCreate_v3 (0.1.x "Unable to load nvcuda",
            # later "unable to load cuda driver library"). A newer release failing to load is another cause.
            r"(?:unable to load cuda driver library|Unable to load nvcuda)\\?\"? library=\S{0,160}?libcuda\.so\."
            r"(?P<branch>(?:3\d\d|4[0-6]\d))\.\d",
        ),
        severity="fail",
        cause=("The NVIDIA driver's CUDA library has no cuCtxCreate_v3 (added with CUDA 11.4 drivers): the driver is "
               "too old for Ollama, which then runs on the CPU."),
        advice=(f"Upgrade the NVIDIA driver to R{_DRIVER['minimum_branch']} or newer (R{_DRIVER['compute_5_0_to_6_2_branch']} "
                "for GPUs of compute capability 5.0 to 6.2, as Ollama's GPU docs require), then restart Ollama."),
        action="restart-application",
        rules_out=("a container or GPU visibility problem",),
        never_suggest=("set CUDA_VISIBLE_DEVICES",),
        sources=("https://github.com/ollama/ollama/issues/5493", "https://github.com/ollama/ollama/issues/6604",
                 GPU_DOCS),
        checked="2026-11-25",
        examples=("ollama/ollama-5493-libcuda-418-too-old.txt", "ollama/ollama-6604-driver-too-old.txt"),
    ),
    Signature(
        code="ollama.no-nvidia-devices",
        cause_id="ollama-cpu-fallback",
        kinds=_LOGS,
        patterns=(
            # "by library PATH" (0.4 and later); 0.3 logs the library as a field: msg="no nvidia devices detected" library=PATH
            r"no nvidia devices detected(?: by library |\"? library=)(?P<library>\S+)",
            # the same CUDA_ERROR_NO_DEVICE (100) as discovery's C code logs it
            r"\bnvcuda init failure[:;] 100\b",
            r"\bcudart init failure[:;] 100\b",
            r"\bdriver library init failure[:;] 100\b",
            r"\bcuInit err[:;] 100\b",
        ),
        severity="fail",
        cause=("The driver's CUDA library loaded but found no GPU (CUDA_ERROR_NO_DEVICE, 100), so Ollama runs "
               "on the CPU."),
        advice=("Check that the NVIDIA kernel module is loaded (`lsmod | grep nvidia`; `nvidia-smi` must list the "
                "GPUs); if it is not, reinstall the driver from NVIDIA's repository following the CUDA installation "
                "guide, then restart Ollama."),
        action="restart-application",
        never_suggest=("set OLLAMA_SCHED_SPREAD", "set num_gpu"),
        sources=("https://github.com/ollama/ollama/issues/12116",
                 "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/"),
        checked="2026-11-25",
        examples=("ollama/ollama-12116-no-nvidia-devices-fedora-575.txt",),
    ),
    Signature(
        code="ollama.cuda-forward-compat-unsupported",
        refines=("cuda.forward-compat-unsupported",),
        refines_within=None,
        cause_id="driver-library-mismatch",
        kinds=_LOGS,
        patterns=(
            # the lookbehind keeps the row to llama.cpp's line while the prefilter keys on a rarer word
            r"(?<=ggml_cuda_init: )failed to initialize CUDA: forward compatibility was attempted on non supported HW",
        ),
        severity="fail",
        cause=("CUDA refused to start (error 804): the driver's user-space library is newer than the loaded kernel "
               "module, as right after a driver update without a reboot, so Ollama runs every layer on the CPU."),
        advice=("Reboot (or unload and reload the nvidia kernel modules) so the kernel module matches the installed "
                "driver, then restart Ollama; if it persists, remove any CUDA forward-compatibility (compat) package from the library path."),
        action="reboot",
        rules_out=("an Ollama bug",),
        never_suggest=("downgrade Ollama", "set OLLAMA_NUM_GPU"),
        sources=("https://github.com/ollama/ollama/issues/15918",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/"),
        checked="2026-11-25",
        examples=("ollama/ollama-15918-forward-compat-after-driver-update.txt",),
    ),
    Signature(
        code="ollama.cuda-gpu-too-old",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=_LOGS,
        # gpu.go (0.1.19 to 0.11): "CUDA GPU is too old. Falling back to CPU mode. Compute Capability detected: 5.2",
        # from 0.1.30 per GPU: "[0] CUDA GPU is too old. Compute Capability detected: 3.7"
        patterns=(r"CUDA GPU is too old\. (?:Falling back to CPU mode\. )?Compute Capability detected: (?P<compute>\d+\.\d+)",),
        severity="fail",
        cause=("Ollama's discovery left out a GPU of compute capability {compute}, below what its CUDA build supports, "
               "so models run on the CPU (or on the other GPUs)."),
        advice=("Check the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap --format=csv`): Ollama's "
                "GPU docs require 5.0 or newer. If the GPU has it, update Ollama (early releases required 6.0); an older "
                "GPU cannot run Ollama's CUDA build, so use a newer GPU for it. Where it sits beside a supported GPU "
                "(a Tesla K80 beside a P40 or an RTX card), hide the old one from Ollama so it uses the other: "
                "CUDA_VISIBLE_DEVICES set to the supported GPU's UUID (`nvidia-smi -L` lists them) in the server's "
                "environment (`sudo systemctl edit ollama`, Environment=\"CUDA_VISIBLE_DEVICES=GPU-...\", then restart "
                "it), or remove the old card, which also frees the supported one from Kepler's last driver (470)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/1992", "https://github.com/ollama/ollama/issues/1877",
                 "https://github.com/ollama/ollama/issues/9124", "https://github.com/ollama/ollama/issues/1756", GPU_DOCS),
        checked="2026-11-25",
        examples=("ollama/ollama-1992-gtx970-cuda-gpu-too-old.txt",),
    ),
    Signature(
        code="ollama.gpu-memory-lookup-failed",
        cause_id="cuda-unknown-error",
        kinds=_LOGS,
        patterns=(
            # gpu.go (0.3 to 0.11) refreshes each GPU's free memory before a load; nvcuda's error comes first,
            # without a line break, so journald shows both on one line.
            r"cuda driver library failed to get device context (?P<code>\d+)",
            r"error looking up nvidia GPU memory",
        ),
        severity="warn",
        cause=("Ollama could no longer open a CUDA context on a GPU it had found (the CUDA error just before: 46 busy "
               "or unavailable, 800 not permitted, 999 unknown), so it cannot see the GPU's free memory and its loads "
               "fail or go to the CPU: the GPU is wedged by an earlier error, or by suspend and resume."),
        advice=("Reboot the machine (after suspend and resume, reloading nvidia_uvm with `sudo rmmod nvidia_uvm && "
                "sudo modprobe nvidia_uvm` can be enough); in a container whose `nvidia-smi` says \"Failed to "
                "initialize NVML: Unknown Error\", restart the container instead."),
        action="reboot",
        rules_out=("a model that does not fit",),
        never_suggest=("reinstall Ollama", "set num_ctx"),
        sources=("https://github.com/ollama/ollama/issues/8271", "https://github.com/ollama/ollama/issues/6637",
                 "https://github.com/ollama/ollama/issues/11373", TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("ollama/ollama-8271-device-context-46-wedged-gpu.txt",),
    ),
    Signature(
        code="ollama.cuda-driver-init-failure",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-init-failed",
        kinds=_LOGS,
        patterns=(
            # nvcuda_init's cuInit error (gpu_info_nvcuda.c, 0.2 to 0.11), logged inside "Unable to load cudart library
            # PATH: …" or `msg="unable to load cuda driver library" … error="…"`. 999 and 100 are rows of their own,
            # 802 (system not ready) is cuda.system-not-ready.
            r"\bcuda driver library init failure[:;] (?!999\b|100\b|802\b)(?P<code>\d+)",
            # the same cuInit failure as 0.1.x to 0.3 word it (gpu.go's nvcuda path, Windows' nvcuda.dll and libcuda)
            r"\bnvcuda init failure[:;] (?!999\b|100\b|802\b)(?P<code>\d+)",
        ),
        severity="fail",
        cause=("The NVIDIA driver's CUDA library loaded but cuInit failed (error {code}; 3 is "
               "CUDA_ERROR_NOT_INITIALIZED), so Ollama runs on the CPU."),
        advice=("Check `nvidia-smi` and `sudo dmesg | grep -i nvrm` for the driver's own error, then reload the "
                "nvidia_uvm module (`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`) or reboot; if cuInit still "
                "fails (seen with new GPUs on recent kernels), add `options nvidia_uvm uvm_disable_hmm=1` to "
                "/etc/modprobe.d/uvm.conf and reboot."),
        action="reload-driver",
        rules_out=("an Ollama bug",),
        never_suggest=("reinstall Ollama", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/ollama/ollama/issues/11593", "https://github.com/ollama/ollama/issues/12352",
                 "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html"),
        checked="2026-11-25",
        examples=("ollama/ollama-11593-init-failure-3-uvm-hmm.txt",),
    ),
    Signature(
        code="ollama.no-gpu-libraries",
        cause_id="cuda-visible-devices",
        kinds=_LOGS,
        # Ollama 0.1.20 to 0.1.32 searched for libnvidia-ml.so and logged the paths it found (gpu/gpu.go).
        patterns=(r"Discovered GPU libraries: \[\]",),
        versions=("ollama>=0.1.20,<=0.1.32",),
        severity="warn",
        cause=("Ollama found no NVIDIA management library (libnvidia-ml.so) at all: no NVIDIA driver is visible to "
               "it, as in a container started without a GPU request."),
        advice=("If Ollama runs in a container, request the GPUs (`docker run --gpus=all`, or a device request in "
                "compose); `--runtime=nvidia` alone injects no GPU. Podman takes them through CDI: `sudo nvidia-ctk cdi "
                "generate --output=/etc/cdi/nvidia.yaml`, then `podman run --device nvidia.com/gpu=all`. On a host, "
                "`nvidia-smi` must work first."),
        action="configure",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/dstackai/dstack/issues/910",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked="2026-11-25",
        examples=("ollama/dstack-910-runtime-nvidia-without-gpus.txt",),
    ),
    Signature(
        code="ollama.amd-gfx-unsupported",
        cause_id="ollama-cpu-fallback",
        kinds=_LOGS,
        patterns=(
            r"amdgpu is not supported\b[^\n]{0,300}?gpu_type=(?P<gfx>gfx[0-9a-f]+)",
            # later releases (discover/amd.go) name the target gfx_target=
            r"no rocblas support for gfx target\b[^\n]{0,300}?gfx_target=(?P<gfx>gfx[0-9a-f]+)",
        ),
        severity="fail",
        cause=("Ollama's ROCm libraries have no kernels for this Radeon GPU ({gfx}), so discovery rejected it and "
               "Ollama runs on the CPU."),
        advice=("On Linux set HSA_OVERRIDE_GFX_VERSION to the nearest supported target (the log's supported_types); "
                "on Windows use rocblas libraries built for this gfx (replace rocblas.dll and rocblas/library)."),
        action="configure",
        never_suggest=("update the NVIDIA driver",),
        sources=("https://github.com/likelovewant/ollama-for-amd/issues/14",
                 GPU_DOCS),
        checked="2026-11-25",
        examples=("ollama/ollama-for-amd-14-gfx1031-not-supported.txt",),
    ),
    Signature(
        code="ollama.no-compatible-gpu",
        cause_id="ollama-cpu-fallback",
        kinds=_LOGS,
        patterns=(
            r"no compatible GPUs were discovered",  # discover/gpu.go, 0.2 to 0.11, slog's msg= or a plain line
            r"(?<=msg=\"inference compute\" )id=(?:0|cpu) library=cpu\b",
        ),
        severity="warn",
        cause="Ollama's discovery accepted no GPU, so models run on the CPU.",
        advice=("Read the discovery lines just above this one for the reason (restart the server with OLLAMA_DEBUG=1 "
                "for all of them): a GPU library that failed to load, an init error number, or an AMD GPU whose gfx "
                "target is not in the log's supported_types. With an NVIDIA GPU the usual reasons are a container "
                "started without `--gpus all` (or the NVIDIA Container Toolkit), nvidia_uvm gone after suspend (`sudo "
                "rmmod nvidia_uvm && sudo modprobe nvidia_uvm`, or reboot), a scheduler job's AMD variables "
                "(`unset ROCR_VISIBLE_DEVICES` before `ollama serve`), and an Ollama from a distribution package built "
                "without its CUDA runner (Arch's ollama without ollama-cuda, NixOS without `services.ollama.acceleration "
                "= \"cuda\";`): install the package's CUDA variant or use Ollama's install script, then check that the "
                "log's load_backend lines (or lib/ollama) name a CUDA library."),
        action="configure",
        sources=("https://github.com/likelovewant/ollama-for-amd/issues/14", TROUBLESHOOTING,
                 "https://wiki.archlinux.org/title/Ollama"),
        checked="2026-11-27",
        examples=("ollama/ollama-for-amd-14-gfx1031-not-supported.txt",),
        # with no GPU accepted, llama.cpp's "offloaded 0/N layers" below is a consequence, not an -ngl left at 0
        refines=("ollama.llama-cpp-no-layers-requested",), refines_within=None,
    ),
    Signature(
        code="ollama.no-gpu-runners",
        cause_id="ollama-cpu-fallback",
        kinds=_LOGS,
        # The runners the server found beside its binary (0.3 to 0.5, routes.go): an official build lists cuda_v11,
        # cuda_v12 and rocm ones too, whether or not the machine has a GPU, so "[cpu]" alone is an incomplete install;
        # from 0.6 the server lists the GPU libraries it found beside the binary (server.go, OLLAMA_DEBUG=1).
        patterns=(r"msg=\"Dynamic LLM libraries\" runners=\[cpu\]", r"msg=\"compatible gpu libraries\" compatible=\[\]"),
        severity="warn",
        cause=("This Ollama installation has only its CPU runner, no CUDA one, so it runs every model on the CPU even "
               "where it finds a GPU: the install is incomplete (the binary without its lib/ollama directory), or "
               "it is a distribution's CPU-only build (Arch's ollama package, NixOS's default)."),
        advice=("Reinstall Ollama completely: re-run the install script (`curl -fsSL https://ollama.com/install.sh | "
                "sh`) and watch for errors, or extract the whole release archive (bin/ and lib/ together); "
                "`find /usr/local/lib/ollama` must then list the cuda_v12 libraries. If it came from a distribution "
                "package, install that package's CUDA build instead (Arch: `sudo pacman -S ollama-cuda`; NixOS: "
                "`services.ollama.acceleration = \"cuda\";` or the ollama-cuda package) or use the install script."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/8068", "https://github.com/ollama/ollama/issues/8963",
                 "https://github.com/ollama/ollama/issues/9842", "https://github.com/ollama/ollama/blob/main/docs/linux.md",
                 "https://wiki.archlinux.org/title/Ollama"),
        checked="2026-11-26",
        examples=("ollama/ollama-8068-runners-cpu-only-no-cuda-runners.txt", "ollama/ollama-9842-no-runners-copied-binary.txt"),
    ),
    Signature(
        code="ollama.cpu-lacks-avx-gpu-disabled",
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        # discover/gpu.go (0.1.2x to 0.5): the GPU runners were built with AVX, so without it Ollama used none
        patterns=(
            r"CPU does not have minimum vector extensions, GPU inference disabled",
            r"CPU does not have AVX or AVX2, disabling GPU support",
        ),
        severity="fail",
        cause=("Ollama disabled GPU inference because the CPU, as the system reports it, has no AVX: an old CPU, or a "
               "virtual machine whose CPU model hides AVX (QEMU's default kvm64, Proxmox without CPU type host)."),
        advice=("In a virtual machine, expose the host CPU (Proxmox: Processor type \"host\"; libvirt: "
                "<cpu mode='host-passthrough'/>) and check `grep -o -m1 avx /proc/cpuinfo`; on a CPU without AVX, "
                "use a current Ollama release or build it from source without AVX for the GPU runner. Then restart "
                "Ollama."),
        action="configure",
        rules_out=("a GPU driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/7585", "https://github.com/ollama/ollama/issues/7989",
                 "https://github.com/ollama/ollama/issues/8606", "https://github.com/ollama/ollama/issues/2187"),
        checked="2026-11-25",
        examples=("ollama/ollama-7585-no-avx-gpu-inference-disabled.txt",),
    ),
)
