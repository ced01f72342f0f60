"""WSL and Windows: the GPU seen through WSL 2 and the Windows driver."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

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
        advice=("Split the work into shorter kernel launches, or run on a GPU that drives no display; on Windows you "
                "can raise the TDR limit (TdrDelay, in seconds, under "
                "HKLM\\SYSTEM\\CurrentControlSet\\Control\\GraphicsDrivers) and reboot."),
        action="configure",
        rules_out=("a broken driver install",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/cudpp/cudpp/issues/146", TDR_KEYS),
        checked="2026-11-25",
        examples=("wsl/cudpp-146-launch-timed-out-windows-laptop.txt",),
    ),
    Signature(
        code="wsl.display-driver-recovered",
        cause_id="windows-tdr",
        kinds=("any",),
        # Windows' notice (and event 4101 of nvlddmkm) after a TDR reset of the GPU. The lookahead splits
        # "responding" so that the prefilter keys on "recovered": "responding" is common in healthy logs.
        patterns=(r"[Dd]isplay driver (?:\w{1,12} )?stopped respond(?=ing)ing and has (?:successfully )?recovered",),
        severity="fail",
        cause="Windows' timeout detection and recovery (TDR) reset the GPU because a kernel ran too long on the "
              "display GPU; the CUDA call in flight failed.",
        advice=("Shorten the kernel launches, run on a GPU that drives no display, or raise TdrDelay "
                "(HKLM\\SYSTEM\\CurrentControlSet\\Control\\GraphicsDrivers, a DWORD in seconds) and reboot."),
        action="configure",
        never_suggest=("reinstall CUDA", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/hybridizer-io/hybridizer-basic-samples/issues/41", TDR_KEYS),
        checked="2026-11-25",
        examples=("wsl/hybridizer-41-display-driver-stopped-responding.txt",),
    ),
    Signature(
        code="wsl.container-driver-request-failed",
        cause_id="wsl-windows-driver-old",
        kinds=("docker", "other"),
        # NVIDIA's WSL guide names this nvidia-container-cli error as the sign of a Windows build, WSL 2 or driver
        # without GPU support.
        patterns=(r"nvidia-container-cli: (?:initialization|detection) error: driver error: failed to process request",),
        severity="fail",
        cause="nvidia-container-cli could not get the driver to answer; under WSL 2 this means the Windows build or "
              "the NVIDIA Windows driver is too old for GPU support in WSL.",
        advice=("Update Windows to a build with GPU support in WSL 2 (Windows 11, or Windows 10 21H2 or newer) and the "
                "NVIDIA Windows driver, then `wsl --update` and `wsl --shutdown`; on a native Linux host, check the "
                "host driver with `nvidia-smi` first."),
        action="configure",
        never_suggest=("reinstall Docker",),
        sources=("https://github.com/docker/for-win/issues/10379", WSL_GUIDE),
        checked="2026-11-25",
        examples=("wsl/dockerforwin-10379-driver-error-failed-to-process-request.txt",),
    ),
    Signature(
        code="wsl.docker-desktop-named-symbol",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # cudaErrorSymbolNotFound (500) at device count: the container's libcuda does not match the driver.
        patterns=(r"cudaGetDeviceCount\(\)[^\n]{0,200}Error 500: named symbol not found",),
        severity="fail",
        cause="CUDA in the container could not start (error 500, named symbol not found): the driver libraries "
              "Docker Desktop puts into the container do not match the Windows driver.",
        advice=("Update Docker Desktop to the latest version (it provides the GPU libraries to containers through "
                "WSL 2), then restart the container; the image and the Windows driver can stay as they are."),
        action="configure",
        never_suggest=("reinstall torch", "install a Linux driver"),
        sources=("https://github.com/jhj0517/Whisper-WebUI/issues/279", WSL_GUIDE),
        checked="2026-11-25",
        examples=("wsl/whisperwebui-279-error500-named-symbol-docker-desktop.txt",),
    ),
    Signature(
        code="wsl.libcuda-not-symlink",
        cause_id="wsl-libcuda-not-symlink",
        kinds=("any",),
        patterns=(
            r"ldconfig: /usr/lib/wsl/lib/libcuda\.so\.1 is not a symbolic link",
            # `ldconfig -p`: only libcuda.so.1 is cached from WSL's folder, never plain libcuda.so.
            r"libcuda\.so\.1 \(libc6,x86-64\) => /usr/lib/wsl/lib/libcuda\.so\.1",
        ),
        severity="info",
        cause="WSL's /usr/lib/wsl/lib holds copies of libcuda from the Windows driver, not symbolic links, so "
              "ldconfig warns and caches only libcuda.so.1.",
        advice=("A harmless ldconfig warning: ignore it, or make the links on the Windows side (admin prompt in "
                "C:\\Windows\\System32\\lxss\\lib: `del libcuda.so libcuda.so.1`, `mklink libcuda.so libcuda.so.1.1`, "
                "`mklink libcuda.so.1 libcuda.so.1.1`). Programs that load plain libcuda.so need /usr/lib/wsl/lib on "
                "LD_LIBRARY_PATH. Do not install a Linux driver for it."),
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
        cause="/dev/dxg, the GPU paravirtualisation device WSL 2 needs for CUDA, is missing.",
        advice=("Update Windows to a build that provides GPU paravirtualisation to WSL 2 (Windows 11, or Windows 10 "
                "21H2 or newer) and WSL itself (`wsl --update`), then restart WSL (`wsl --shutdown`); `wsl -l -v` "
                "must show the distribution at VERSION 2."),
        action="configure",
        never_suggest=("install a Linux NVIDIA driver in WSL",),
        sources=("https://github.com/microsoft/WSL/issues/6809", WSL_GUIDE),
        checked="2026-11-25",
        examples=("wsl/wsl-6809-dev-dxg-missing-preview-build.txt",),
    ),
)
