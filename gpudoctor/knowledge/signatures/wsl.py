"""WSL and Windows: the GPU seen through WSL 2 and the Windows driver."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.wsl_breadth import SIGNATURES as BREADTH_ROWS
from gpudoctor.knowledge.signatures.wsl_dlls import SIGNATURES as DLL_ROWS
from gpudoctor.knowledge.signatures.wsl_drivers import SIGNATURES as DRIVER_ROWS
from gpudoctor.knowledge.signatures.wsl_install import SIGNATURES as INSTALL_ROWS
from gpudoctor.knowledge.signatures.wsl_limits import SIGNATURES as LIMIT_ROWS
from gpudoctor.knowledge.signatures.wsl_linux import SIGNATURES as LINUX_ROWS
from gpudoctor.knowledge.signatures.wsl_loaders import SIGNATURES as LOADER_ROWS
from gpudoctor.knowledge.signatures.wsl_multi_gpu import SIGNATURES as MULTI_GPU_ROWS
from gpudoctor.knowledge.signatures.wsl_ollama import OLLAMA_ROWS
from gpudoctor.knowledge.signatures.wsl_service import SIGNATURES as SERVICE_ROWS
from gpudoctor.knowledge.signatures.wsl_tools import SIGNATURES as TOOL_ROWS
from gpudoctor.knowledge.signatures.wsl_windows import SIGNATURES as WINDOWS_ROWS

SIGNATURES: tuple[Signature, ...] = ()

# -- Rows written from the training corpus (wsl area) ------------------------------------------------------
WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"
TDR_KEYS = "https://learn.microsoft.com/en-us/windows-hardware/drivers/display/tdr-registry-keys"

SIGNATURES += (
    Signature(
        code="wsl.kernel-launch-timeout",
        cause_id="windows-tdr",
        kinds=("any",),
        # cudaErrorLaunchTimeout (702) / CUDA_ERROR_LAUNCH_TIMEOUT: the display watchdog killed a long kernel.
        patterns=(r"the launch timed out and was terminated", r"cudaErrorLaunchTimeout", r"CUDA_ERROR_LAUNCH_TIMEOUT"),
        severity="fail",
        cause="A kernel ran longer than the display watchdog allows on a GPU that also drives a display (Windows' "
              "timeout detection and recovery, TDR), so it was killed.",
        advice=("Split the work into shorter kernel launches (a serving engine's smaller prefill batches: vLLM's "
                "--max-num-batched-tokens, llama.cpp's --ubatch-size), or run on a GPU that drives no display; on the "
                "Windows host (also for WSL 2, whose GPU is the Windows driver's) you can raise the TDR limit "
                "(TdrDelay, in seconds, under HKLM\\SYSTEM\\CurrentControlSet\\Control\\GraphicsDrivers) and reboot."),
        action="configure",
        rules_out=("a broken driver install",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/cudpp/cudpp/issues/146", TDR_KEYS),
        checked="2026-11-25",
        examples=("wsl/cudpp-146-launch-timed-out-windows-laptop.txt",),
    ),
    Signature(
        code="wsl.display-driver-recovered",
        refines=("cuda.unknown-error", "cuda.illegal-address", "cuda.unspecified-launch-failure"), refines_within=None,
        cause_id="windows-tdr",
        kinds=("any",),
        # Windows' notice (and event 4101 of nvlddmkm) after a TDR reset of the GPU. The lookahead splits
        # "responding" so that the prefilter keys on "recovered": "responding" is common in healthy logs.
        patterns=(r"[Dd]isplay driver (?:\w{1,12} )?stopped respond(?=ing)ing and has (?:successfully )?recovered",
                  # The same notice naming the driver in full ("Display driver NVIDIA Windows Kernel Mode Driver, Version
                  # 551.86 stopped responding and has successfully recovered.").
                  r"NVIDIA Windows Kernel Mode Driver, Version \d{3}\.\d{2} stopped respond(?=ing)ing and has "
                  r"(?:successfully )?recovered",
                  # event 4101 in a Chinese Windows ("显示器驱动程序 nvlddmkm 已停止响应，并且已成功恢复", also pasted as
                  # "驱动程序 \\Driver\\nvlddmkm 已停止响应并已恢复").
                  r"nvlddmkm\s?已停止响应",
                  # ... and in German ("Der Anzeigetreiber nvlddmkm reagiert nicht mehr und wurde wiederhergestellt.",
                  # seen in a public event log); other languages' wordings are not read until one is seen in a paste.
                  r"nvlddmkm reagiert nicht mehr",
                  # nvlddmkm's own TDR events in the System log (153, and the reset steps newer drivers log), and the
                  # bugcheck when the reset itself fails (0x116).
                  r"Event ID 153 from source nvlddmkm",
                  r"\b(?:UCodeReset|Resetting|Restarting|Reset) TDR\b",  # event 153: "Reset TDR occurred on GPUID:100"
                  r"\bVIDEO_TDR_FAILURE\b",
                  # The live dumps Windows writes at a TDR that recovered (bug checks 0x117 and 0x141, as WinDbg and
                  # the Reliability Monitor's LiveKernelEvent reports name them).
                  r"\bVIDEO_(?:TDR|ENGINE)_TIMEOUT_DETECTED\b"),
        severity="fail",
        cause="Windows' timeout detection and recovery (TDR) reset the GPU because a kernel ran too long on the "
              "display GPU; the CUDA call in flight failed.",
        advice=("Shorten the kernel launches (vLLM: a smaller --max-num-batched-tokens; llama.cpp: a smaller "
                "--ubatch-size), run on a GPU that drives no display, or raise TdrDelay on the Windows host, WSL 2 "
                "included (HKLM\\SYSTEM\\CurrentControlSet\\Control\\GraphicsDrivers, a DWORD in seconds) and reboot."),
        action="configure",
        never_suggest=("reinstall CUDA", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/hybridizer-io/hybridizer-basic-samples/issues/41", TDR_KEYS),
        checked="2026-11-25",
        examples=("wsl/hybridizer-41-display-driver-stopped-responding.txt",
                  "wsl/lichtfeld-2080-tdr-reset-cudaerrorunknown.txt"),
    ),
    Signature(
        code="wsl.container-driver-request-failed",
        cause_id="wsl-windows-driver-old",
        kinds=("docker", "other"),
        # NVIDIA's WSL guide names this nvidia-container-cli error as the sign of a Windows build, WSL 2 or driver
        # without GPU support.
        patterns=(r"nvidia-container-cli(?:\.real)?: initialization error: driver (?:rpc )?error: failed to process request",
                  r"nvidia-container-cli: detection error: driver error: failed to process request"),
        # Only in WSL, or run from a Windows prompt (Docker Desktop's containers run in its WSL 2 VM, docker/for-win#11246):
        # on a native Linux host the same words are containers.cli-driver-request-failed's.
        contexts=("wsl", "windows"),
        refines=("containers.cli-driver-request-failed", "containers.cli-detection-driver-request-failed"),
        severity="fail",
        cause="nvidia-container-cli could not get the driver to answer; under WSL 2 (and Docker Desktop's WSL 2 back "
              "end on Windows) this means the Windows build, the NVIDIA Windows driver or Docker Desktop is too old for "
              "GPU support in WSL.",
        advice=("Update Windows to a build with GPU support in WSL 2 (Windows 11, or Windows 10 21H2 or newer), the "
                "NVIDIA Windows driver and Docker Desktop (its WSL 2 back end), then `wsl --update` and "
                "`wsl --shutdown`; on a native Linux host, check the host driver with `nvidia-smi` first."),
        action="configure",
        never_suggest=("reinstall Docker",),
        sources=("https://github.com/docker/for-win/issues/10379", "https://github.com/docker/for-win/issues/11228",
                 WSL_GUIDE),
        checked="2026-11-25",
        examples=("wsl/dockerforwin-10379-driver-error-failed-to-process-request.txt",
                  "containers/dockerforwin-11228-nbody-no-wsl-word-old-windows-build.txt"),
    ),
    Signature(
        code="wsl.docker-desktop-named-symbol",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # cudaErrorSymbolNotFound (500) at device count: the container's libcuda does not match the driver. PyTorch's
        # wording, and ONNX Runtime's CUDA provider's ("CUDA failure 500: named symbol not found ; GPU=-1 ; ... ;
        # expr=cudaGetDeviceCount(&num_devices);"), which cuda.named-symbol-not-found would read as a kernel built for
        # another architecture: no kernel runs before the device count.
        refines=("cuda.named-symbol-not-found",),
        patterns=(r"cudaGetDeviceCount\(\)[^\n]{0,200}Error 500: named symbol not found",
                  r"CUDA failure 500: named symbol not found ;[^\n]{0,300}expr=cudaGetDeviceCount\b"),
        severity="fail",
        cause="CUDA in the container could not start (error 500, named symbol not found): the driver libraries "
              "Docker Desktop puts into the container do not match the Windows driver.",
        advice=("Update Docker Desktop to the latest version (4.31 or later for Windows drivers 555 and newer; it "
                "provides the GPU libraries to containers through WSL 2), then restart the container; the image and the "
                "Windows driver can stay as they are."),
        action="configure",
        never_suggest=("reinstall torch", "install a Linux driver"),
        sources=("https://github.com/jhj0517/Whisper-WebUI/issues/279",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/520", WSL_GUIDE),
        checked="2026-11-27",
        examples=("wsl/whisperwebui-279-error500-named-symbol-docker-desktop.txt",),
    ),
    Signature(
        code="wsl.libcuda-not-symlink",
        cause_id="wsl-libcuda-not-symlink",
        kinds=("any",),
        patterns=(
            # Debian and Ubuntu print the real binary's name, /sbin/ldconfig.real.
            # A title or a quote often drops the "ldconfig:" prefix; the WSL path alone says whose warning it is.
            r"(?:ldconfig(?:\.real)?: )?/usr/lib/wsl/lib/libcuda\.so(?:\.1)? is not a symbolic link",
            # `ldconfig -p`: only libcuda.so.1 is cached from WSL's folder, never plain libcuda.so.
            r"libcuda\.so\.1 \(libc6,x86-64\) => /usr/lib/wsl/lib/libcuda\.so\.1",
        ),
        severity="info",
        cause="WSL's /usr/lib/wsl/lib holds copies of libcuda from the Windows driver, not symbolic links, so "
              "ldconfig warns and caches only libcuda.so.1.",
        # No "do not install ..." sentence here: the never_suggest field says it, and a negated step in advice reads
        # as that step to whoever scans it for words.
        advice=("A harmless ldconfig warning (the Windows driver ships libcuda.so.1 as a copy, not a symbolic link): "
                "ignore it, or silence it by making the links on the Windows side (an administrator cmd prompt in "
                "C:\\Windows\\System32\\lxss\\lib: `del libcuda.so libcuda.so.1`, `mklink libcuda.so libcuda.so.1.1`, "
                "`mklink libcuda.so.1 libcuda.so.1.1`, then `wsl --shutdown`). It only matters to a program that "
                "loads plain libcuda.so: put /usr/lib/wsl/lib on its LD_LIBRARY_PATH."),
        action="none",
        never_suggest=("install a Linux NVIDIA driver in WSL",),
        sources=("https://github.com/microsoft/WSL/issues/11229", "https://github.com/microsoft/WSL/issues/8587",
                 "https://github.com/microsoft/WSL/issues/5548"),
        checked="2026-11-25",
        examples=("wsl/wsl-11229-ldconfig-every-package-install.txt", "wsl/wsl-8587-ldconfig-only-libcuda-so-1.txt"),
    ),
    Signature(
        code="wsl.dev-dxg-missing",
        cause_id="wsl-dxg-missing",
        kinds=("any",),
        patterns=(r"/dev/dxg[^\n]{0,60}(?:not available|No such file or directory|does not exist|is missing)",),
        severity="fail",
        cause="/dev/dxg, the GPU paravirtualization device WSL 2 needs for CUDA, is missing.",
        advice=("Update Windows to a build that provides GPU paravirtualization to WSL 2 (Windows 11, or Windows 10 "
                "21H2 or newer) and WSL itself (`wsl --update`), then restart WSL (`wsl --shutdown`); `wsl -l -v` "
                "must show the distribution at VERSION 2."),
        action="configure",
        never_suggest=("install a Linux NVIDIA driver in WSL",),
        sources=("https://github.com/microsoft/WSL/issues/6809", WSL_GUIDE),
        checked="2026-11-25",
        examples=("wsl/wsl-6809-dev-dxg-missing-preview-build.txt",),
    ),
)

# -- Which WSL, which Windows, which driver model: what decides whether WSL gets a GPU at all --------------------
WSL_INSTALL = "https://learn.microsoft.com/en-us/windows/wsl/install"
WSL_TO_WSL2 = ("Run the distribution under WSL 2, the only WSL with GPU access: in PowerShell `wsl -l -v` shows each "
               "distribution's VERSION; convert it with `wsl --set-version <distro> 2` (and `wsl --set-default-version "
               "2`), on Windows 11 or Windows 10 21H2 or newer with a current NVIDIA Windows driver; "
               "the distribution itself needs no GPU driver (CUDA in WSL uses the Windows one).")

SIGNATURES += (
    Signature(
        code="wsl.container-no-adapters",
        cause_id="wsl-windows-driver-old",
        kinds=("any",),
        # nvidia-container-cli under WSL (Docker Desktop's back end or Docker in a distribution) when dxcore offers it
        # no GPU adapter.
        patterns=(r"WSL environment detected but no adapters were found",),
        severity="fail",
        cause="Inside WSL the NVIDIA container runtime found no GPU adapter: Windows offers no NVIDIA GPU to WSL 2 "
              "(no or an old NVIDIA Windows driver, WSL 1, an old Windows or WSL, or no NVIDIA GPU at all).",
        # The check comes first: on a PC without an NVIDIA GPU (AMD or Intel graphics only, a VM without one) no
        # update helps, and updating WSL would be a wrong step there.
        advice=("First run `nvidia-smi` in Windows PowerShell. If it finds no NVIDIA GPU (a PC with AMD or Intel graphics "
                "only, a VM without a GPU), no GPU can reach the container: remove the GPU request (`--gpus all`, the "
                "compose file's device reservation with driver: nvidia) and run it on the CPU. If it lists the GPU, "
                "install the current NVIDIA Windows driver (it provides the GPU to WSL 2), make sure the distribution "
                "is WSL 2 (`wsl -l -v`) and WSL itself is current, restart WSL (`wsl --shutdown`), then check "
                "`nvidia-smi` inside WSL before starting the container. A data-center GPU (L20, L40S, A100) that "
                "Windows' nvidia-smi shows in TCC or MCDM mode is not offered to WSL at all: switch it to WDDM where the "
                "card allows (`nvidia-smi -i 0 -dm 0` as administrator, then reboot)."),
        action="configure",
        never_suggest=("install a Linux NVIDIA driver in WSL", "reinstall Docker"),
        sources=("https://github.com/OpenBMB/UltraRAG/issues/12",
                 "https://github.com/IDEA-Research/Grounded-Segment-Anything/issues/506", WSL_GUIDE),
        checked="2026-11-25",
        examples=("wsl/ultrarag-12-wsl-no-adapters-docker-desktop.txt",),
    ),
    Signature(
        code="wsl.wsl1-kernel",
        refines=("kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible"), refines_within=None,
        cause_id="wsl1",
        kinds=("any",),
        # WSL 1 has no Linux kernel; uname -r reports 4.4.0-<Windows build>-Microsoft. WSL 2's kernels are named
        # like 5.15.153.1-microsoft-standard-WSL2.
        patterns=(r"\b4\.4\.0-(?P<build>\d{5})-Microsoft\b",),
        severity="fail",
        cause="The kernel name 4.4.0-{build}-Microsoft shows the distribution runs under WSL 1, which has no GPU access.",
        advice=WSL_TO_WSL2,
        action="configure",
        never_suggest=("install linux-headers", "install a Linux NVIDIA driver in WSL"),
        sources=("https://github.com/microsoft/WSL/issues/5554", WSL_GUIDE, WSL_INSTALL),
        checked="2026-11-25",
        examples=("wsl/wsl-5554-kernel-4-4-0-microsoft-is-wsl1.txt",),
    ),
    Signature(
        code="wsl.wsl1-stated",
        refines=("kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible"), refines_within=None,
        cause_id="wsl1",
        kinds=("any",),
        # What people paste or write: `wsl -l -v` with a distribution at VERSION 1, WSL's issue form with "WSL 1"
        # ticked, or "using WSL 1" in words. The lookahead keeps WSL's own version numbers (WSL 1.3.11.0) and the issue
        # form's own question ("Are you using WSL 1 or WSL 2?") out.
        patterns=(r"^\*?\s{0,4}[\w.-]{2,40}\s{2,40}(?:Running|Stopped)\s{2,40}1\s*$",
                  r"- \[[xX]\] WSL 1\b(?![.\d])",
                  r"\b(?:using|on|in|under|with) (?:WSL|wsl) ?1\b(?![.\d]| or WSL ?2)"),
        severity="warn",
        cause="The distribution runs under WSL 1, which has no GPU access; CUDA needs WSL 2.",
        advice=WSL_TO_WSL2,
        action="configure",
        never_suggest=("install a Linux NVIDIA driver in WSL",),
        sources=("https://github.com/oobabooga/textgen/issues/458", WSL_GUIDE, WSL_INSTALL),
        checked="2026-11-25",
        examples=("wsl/textgen-458-found-no-nvidia-driver-wsl1.txt",),
    ),
    Signature(
        code="wsl.windows-without-wsl2",
        refines=("kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible"), refines_within=None,
        cause_id="wsl1",
        kinds=("any",),
        # `ver` / WSL's issue form: Windows 10 builds before 18362 (version 1903) have no WSL 2 at all.
        patterns=(r"Microsoft Windows \[Version 10\.0\.(?P<build>1[0-7]\d{3}|18[0-2]\d{2}|183[0-5]\d)(?:\.\d{1,6})?\]",),
        severity="warn",
        cause="Windows 10 build {build} predates WSL 2, so its WSL (WSL 1) has no GPU access.",
        advice=("Update Windows (WSL 2 with GPU support needs Windows 11 or Windows 10 21H2, build 19044, or newer), "
                "then " + WSL_TO_WSL2[0].lower() + WSL_TO_WSL2[1:]),
        action="configure",
        never_suggest=("reinstall the driver", "install a Linux NVIDIA driver in WSL"),
        sources=("https://github.com/microsoft/WSL/issues/3847", WSL_GUIDE, WSL_INSTALL),
        checked="2026-11-25",
        examples=("wsl/wsl-3847-nvidia-smi-wsl1-no-gpu.txt",),
    ),
    Signature(
        code="wsl.nvml-access-blocked",
        cause_id="wsl-tcc-mode",
        kinds=("any",),
        # NVML inside WSL 2 when Windows offers it no usable GPU: mostly a GPU in the TCC or MCDM driver model (data
        # center GPUs default to it; WSL takes only WDDM GPUs).
        # nvidia-smi prints it on start and again on exit ("Failed to properly shut down NVML: ..."), a paste may hold
        # either line alone.
        patterns=(r"Failed to (?:initialize|properly shut down) NVML: GPU access blocked by the operating system",),
        severity="fail",
        cause="WSL 2 is not given the GPU: on Windows it runs in the TCC (or MCDM) driver model, and WSL only takes GPUs "
              "in the WDDM model.",
        advice=("On Windows run `nvidia-smi` and look at the driver model column: for a GPU in TCC or MCDM, switch it to "
                "WDDM as administrator (`nvidia-smi -i 0 -dm 0`, then reboot) where the card and driver allow it; data "
                "center GPUs that only run TCC (H100 PCIe, some L40S drivers) cannot be used from WSL: use a Linux host "
                "or VM. If you installed a Linux nvidia-utils package inside WSL, remove it and use "
                "/usr/lib/wsl/lib/nvidia-smi. In a Hyper-V VM given a GPU partition (GPU-PV; lspci shows only "
                "Microsoft's 008e device) check `ls /dev/dxg`: a stock Linux kernel has no dxgkrnl driver, so boot a "
                "kernel with dxgkrnl (WSL's kernel, or a dxgkrnl DKMS module) before anything else."),
        action="configure",
        never_suggest=("install the CUDA toolkit",),
        sources=("https://github.com/microsoft/WSL/issues/14339", "https://github.com/microsoft/WSL/issues/9952",
                 "https://github.com/microsoft/WSL/issues/12835", WSL_GUIDE),
        checked="2026-11-25",
        examples=("wsl/wsl-14339-l40s-datacenter-mode-nvml-blocked.txt",),
    ),
    Signature(
        code="wsl.gpu-in-tcc-mode",
        cause_id="wsl-tcc-mode",
        kinds=("any",),
        # A row of Windows' nvidia-smi table: the driver model (WDDM, TCC, MCDM) sits before the bus id.
        patterns=(r"\s(?P<model>TCC|MCDM)\s{1,8}\|\s{1,4}[0-9A-Fa-f]{8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d",),
        severity="warn",
        cause="A GPU runs in the {model} driver model on Windows: Windows programs can use it, but WSL 2 and Docker "
              "Desktop are only given WDDM GPUs.",
        advice=("If the GPU is meant for WSL 2 or Docker Desktop, switch it to WDDM as administrator "
                "(`nvidia-smi -i N -dm 0`, then reboot) where the card and driver allow it; GPUs that only run TCC "
                "need a Linux host or VM. For native Windows compute, TCC is fine and nothing needs changing."),
        action="configure",
        never_suggest=("install the CUDA toolkit",),
        sources=("https://github.com/microsoft/WSL/issues/11865", "https://github.com/microsoft/WSL/issues/9952",
                 WSL_GUIDE),
        checked="2026-11-25",
        examples=("wsl/wsl-11865-l40s-tcc-access-blocked.txt",),
    ),
    Signature(
        code="wsl.no-device-linux-libcuda",
        cause_id="wsl-linux-driver",
        kinds=("any",),
        # cuda.no-device's lines, in a text that shows WSL (gpudoctor/knowledge/contexts.py) or on a WSL host.
        patterns=(r"no CUDA-capable device is detected", r"cudaErrorNoDevice", r"CUDA_ERROR_NO_DEVICE",
                  r"RuntimeError: No CUDA GPUs are available"),
        contexts=("wsl",),
        refines=("cuda.no-device", "cuda.torch-no-gpus-visible",),
        severity="fail",
        cause="Inside WSL 2 CUDA found no GPU: the usual cause is a Linux NVIDIA driver or libcuda installed in the "
              "distribution, loaded instead of the Windows driver's /usr/lib/wsl/lib/libcuda.so.1.",
        advice=("Remove the Linux driver's packages from the distribution (`sudo apt purge 'libnvidia-compute-*' "
                "'nvidia-driver-*'`; keep the CUDA toolkit), check that `ldconfig -p | grep libcuda` lists only "
                "/usr/lib/wsl/lib, then run `wsl --shutdown` from Windows; `nvidia-smi` inside WSL must show the "
                "Windows driver's version. If no Linux driver was there, update the NVIDIA driver on Windows."),
        action="configure",
        rules_out=("a missing GPU",),
        never_suggest=("install nvidia-driver", "install the Linux NVIDIA driver"),
        sources=("https://github.com/Genesis-Embodied-AI/genesis-world/issues/114", "https://github.com/NVIDIA/cuml/issues/6218",
                 WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/genesis-114-cuinit-no-device-wrong-libcuda.txt", "wsl/cuml-6218-cuinit-no-device-wsl2-wrong-driver.txt"),
    ),
)

SIGNATURES += WINDOWS_ROWS
SIGNATURES += MULTI_GPU_ROWS
SIGNATURES += LINUX_ROWS
SIGNATURES += DRIVER_ROWS
SIGNATURES += BREADTH_ROWS
SIGNATURES += TOOL_ROWS
SIGNATURES += OLLAMA_ROWS
SIGNATURES += SERVICE_ROWS
SIGNATURES += INSTALL_ROWS
SIGNATURES += LOADER_ROWS
SIGNATURES += LIMIT_ROWS
SIGNATURES += DLL_ROWS
from gpudoctor.knowledge.signatures.wsl_post13 import SIGNATURES as POST13_ROWS; SIGNATURES += POST13_ROWS  # noqa: E402,E702
from gpudoctor.knowledge.signatures.wsl_breadth13d import SIGNATURES as BREADTH13D_ROWS; SIGNATURES += BREADTH13D_ROWS  # noqa: E402,E702
from gpudoctor.knowledge.signatures.wsl_breadth14 import SIGNATURES as BREADTH14_ROWS; SIGNATURES += BREADTH14_ROWS  # noqa: E402,E702
from gpudoctor.knowledge.signatures.wsl_config15 import SIGNATURES as CONFIG15_ROWS; SIGNATURES += CONFIG15_ROWS  # noqa: E402,E702
from gpudoctor.knowledge.signatures.wsl_breadth15 import SIGNATURES as BREADTH15_ROWS; SIGNATURES += BREADTH15_ROWS  # noqa: E402,E702
from gpudoctor.knowledge.signatures.wsl_a15k import SIGNATURES as A15K_ROWS; SIGNATURES += A15K_ROWS  # noqa: E402,E702
