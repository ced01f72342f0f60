"""Issue 25, wave 38 (w38e): Windows hosts whose GPU works but a program does not get it: NVML that does not start
under one driver branch, a miner's CUDA "out of memory" that is the paging file's, an application on the integrated
GPU of a hybrid laptop.

- NVML's nvmlInit_v2 returned NVML_ERROR_UNINITIALIZED ("Uninitialized") under the Windows 460.x drivers (December
  2020), so every pynvml user (faceswap's GPU stats first) found no GPU; 461.09 fixed it, a driver before 460 avoids
  it (faceswap#1117, its maintainer).
- On Windows, CUDA reserves the GPU's memory against the commit limit (RAM plus the paging file): a mining rig whose
  paging file is smaller than its GPUs' memory fails each kernel's first allocation with "out of memory" although the
  cards are empty. NiceHash's excavator prints it as "CUDA error 'out of memory' in func 'cuda_<algorithm>::...'"
  (excavator#25, answered "make sure you have enough virtual memory"); an Ethash DAG larger than the card is another
  row's (cuda_w30b.py, cuda.ethash-dag-exceeds-gpu-memory).
- On an Optimus laptop the integrated GPU drives the panel and the NVIDIA GPU renders only for programs the driver's
  profile, Windows' per-app graphics preference or the program's own NvOptimusEnablement export sends to it; others
  run on the Intel or AMD iGPU (Vivecraft says so in its own words; people describe it).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"
OPTIMUS_POLICIES = "https://developer.download.nvidia.com/devzone/devcenter/gamegraphics/files/OptimusRenderingPolicies.pdf"

_HYBRID_ADVICE = ("Send the program to the NVIDIA GPU: in Windows' graphics settings (Settings > System > Display > "
                  "Graphics; Windows 10: Graphics settings) add its .exe and choose High performance, or in the NVIDIA "
                  "Control Panel (Manage 3D settings > Program settings) pick the program and set the preferred "
                  "graphics processor to the high-performance NVIDIA processor, then start it again. For a Java "
                  "application (Minecraft and its mods, Gephi, LWJGL games) set it for the java.exe / javaw.exe that "
                  "runs it (the launcher's own runtime), not the launcher. A program you build can ask for it itself: "
                  "export `NvOptimusEnablement = 1` (and `AmdPowerXpressRequestHighPerformance = 1`) from the .exe, or "
                  "Electron's `force_high_performance_gpu` switch. A monitor on the laptop's HDMI/DisplayPort output is "
                  "often wired to the NVIDIA GPU. On a Linux laptop with PRIME render offload, start the program with "
                  "`prime-run` or `__NV_PRIME_RENDER_OFFLOAD=1 __GLX_VENDOR_LIBRARY_NAME=nvidia` (Vulkan: "
                  "`__VK_LAYER_NV_optimus=NVIDIA_only`). The NVIDIA driver itself needs no change.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.nvml-init-uninitialized-windows-driver",
        cause_id="nvml-init-failed",
        kinds=("any",),
        # faceswap's lib/gpu_stats: any exception of pynvml.nvmlInit() other than LibraryNotFound, DriverNotLoaded and
        # NoPermission is logged as "An unhandled exception occured loading pynvml. Original error: <str(err)>";
        # pynvml's NVMLError_Uninitialized reads "Uninitialized", and from nvmlInit it is the driver's NVML refusing.
        patterns=(r"exception occur{1,2}ed loading pynvml\. Original error: Uninitiali[sz]ed",),
        severity="fail",
        cause=("NVML (the NVIDIA driver's management library) did not start: nvmlInit answered \"Uninitialized\", which "
               "the Windows 460.x drivers did (their nvmlInit_v2 fails), so the program finds no GPU through pynvml and "
               "falls back to the CPU although the GPU works."),
        advice=("Install an NVIDIA driver whose NVML starts: 461.09 or later (a clean install: NVIDIA's installer, "
                "Custom > Perform a clean installation), or downgrade to a driver before the 460 branch if a newer one "
                "still fails. Check with `nvidia-smi` in a new Command Prompt, which uses the same NVML. Do not patch "
                "pynvml (nvmlInit_v2 to nvmlInit) to work around it."),
        action="configure",
        rules_out=("the program's own GPU settings", "the CUDA toolkit"),
        never_suggest=("reinstall CUDA",),
        versions=("NVIDIA Windows drivers 460.x (December 2020); fixed by 461.09",),
        sources=("https://github.com/deepfakes/faceswap/issues/1117", "https://github.com/deepfakes/faceswap/issues/1109",
                 "https://github.com/fbcotter/py3nvml/issues/17"),
        checked=CHECKED,
        examples=("wsl/faceswap-1117-pynvml-uninitialized-nvmlinit-v2-driver-460.txt",),
    ),
    Signature(
        code="wsl.miner-cuda-out-of-memory-paging-file",
        cause_id="windows-pagefile-too-small",
        kinds=("any",),
        # NiceHash's excavator (Windows only; NiceHash Miner runs it for every algorithm it benchmarks):
        # "CUDA error 'out of memory' in func 'cuda_daggerhashimoto::run' line 1292", 'cuda_eq_run', 'cuda_neoscrypt::init'.
        patterns=(r"CUDA error 'out of memory' in func '(?P<func>cuda_\w{1,40})(?:::\w{1,40})?'",),
        severity="fail",
        # excavator also had Linux builds, and its line names no OS: the cause says which case is Windows'.
        cause=("The miner's CUDA allocation ({func}) failed with out of memory. On Windows (where NiceHash's excavator "
               "mostly runs) CUDA commits each GPU's memory against RAM plus the paging file, so a paging file smaller "
               "than the rig's GPU memory fails it although the GPUs themselves have the room."),
        advice=("Raise Windows' paging file (virtual memory): System Properties > Advanced > Performance Settings > "
                "Advanced > Virtual memory > Change, clear \"Automatically manage paging file size\", set a custom size "
                "with initial and maximum at least the total memory of all GPUs (16 GB at the very least, 20 to 32 GB "
                "or more for a multi-GPU rig), Set, and restart Windows. If it still fails on one card only, or on Linux "
                "(which has no paging-file commit for GPU memory), that card has less memory than the algorithm needs "
                "(an Ethash DAG larger than a 3 or 4 GB card)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU's hardware"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/nicehash/excavator/issues/25",
                 "https://github.com/nicehash/NiceHashMiner-Archived/issues/1512",
                 "https://github.com/ethereum-mining/ethminer/issues/150"),
        checked=CHECKED,
        examples=("wsl/excavator-25-cuda-daggerhashimoto-out-of-memory-virtual-memory.txt",),
    ),
    Signature(
        code="wsl.hybrid-laptop-app-on-integrated-gpu",
        cause_id="windows-hybrid-gpu-integrated",
        kinds=("any",),
        # Vivecraft's render setup on the iGPU: "Render setup failed: Intel integrated graphics are not supported. If
        # this is a laptop, please force the high-performance GPU. Detected GPU: Intel(R) UHD Graphics".
        patterns=(r"(?:Intel|AMD) integrated graphics (?:are|is) not supported[^\n]{0,40}?please force the "
                  r"high-performance GPU",),
        severity="fail",
        cause=("The program runs on the laptop's integrated GPU, not the NVIDIA GPU: on hybrid (Optimus) graphics "
               "nothing asked the driver for the high-performance GPU for it."),
        advice=_HYBRID_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU's hardware"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/jrbudda/Vivecraft_112/issues/155", "http://www.vivecraft.org/faq/#gpu",
                 OPTIMUS_POLICIES),
        checked=CHECKED,
        examples=("wsl/vivecraft112-155-intel-integrated-not-supported-force-high-performance-gpu.txt",),
    ),
    Signature(
        code="wsl.hybrid-laptop-app-on-integrated-gpu-described",
        described=True,
        cause_id="windows-hybrid-gpu-integrated",
        kinds=("any",),
        patterns=(
            # "the desktop app runs on the integrated GPU instead of the discrete NVIDIA GPU", "it still using the intel
            # graphic card and not my Nvidia card", "uses Intel UHD Graphics instead of my RTX 3060"
            r"\b(?:using|uses|use|runs? on|running on|ran on|picks?|picking|selects?|selecting|defaults? to) (?:the |my "
            r"|an? )?(?:[Ii]ntel|[Ii]ntegrated|[Oo]nboard|iGPU|UHD)\b"
            # a GPU, not the processor or Intel's libraries ("running on the Intel Core i7 CPU instead of the NVIDIA
            # GPU" is a CPU-only torch, "use Intel MKL rather than NVIDIA" a choice of library)
            r"(?![\w() ]{0,30}?(?:CPU|cpu|[Pp]rocessor|Core i|Xeon|MKL|mkl|oneAPI|OpenVINO|compiler))[\w() ]{0,30}?"
            r"(?:instead of|rather than|and not|not) "
            r"(?:the |my |an? )?(?:discrete |dedicated )?(?:NVIDIA|Nvidia|nvidia|GeForce|GTX|RTX|dedicated|discrete)\b",
            # "NVIDIA Optimus ... runs on the iGPU" said of the program by name is left to the line above.
        ),
        severity="warn",
        cause=("The description suggests the program runs on the integrated (Intel or AMD) GPU of a hybrid-graphics "
               "laptop instead of the NVIDIA GPU, because nothing asks the driver for the high-performance GPU for it."),
        advice=_HYBRID_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/TheCherno/Sparky/issues/97", "https://github.com/levy-street/world-of-claudecraft/issues/1990",
                 "https://github.com/supertuxkart/stk-code/issues/3996", OPTIMUS_POLICIES),
        checked=CHECKED,
        examples=("wsl/sparky-97-optimus-laptop-runs-on-intel-card.txt",
                  "wsl/world-of-claudecraft-1990-desktop-app-integrated-gpu.txt"),
    ),
    Signature(
        code="wsl.windows-program-cannot-start-nvidia-smi",
        cause_id="windows-nvidia-smi-not-on-path",
        kinds=("any",),
        # On Windows only (context "windows"): a program that starts nvidia-smi by name to find the GPU failed to start
        # it: Python's frame of the call (GPUtil's `Popen(["nvidia-smi", ...])`, printed above "FileNotFoundError:
        # [WinError 2]", which names no program), or Node's "spawn nvidia-smi ENOENT"
        # (Electron apps). On Linux the same failure means no driver at all: another row's.
        contexts=("windows",),
        # Popen's frame only: a traceback stops on it only where the process could not be started, while
        # check_output/run/check_call frames are also where nvidia-smi ran and failed (CalledProcessError, its
        # "couldn't communicate with the NVIDIA driver" read by other rows).
        patterns=(r"\bPopen\(\[?\s{0,2}[\"']nvidia-smi(?:\.exe)?[\"']",
                  r"spawn nvidia-smi(?:\.exe)? ENOENT"),
        severity="warn",
        cause=("A program that looks for the NVIDIA GPU by running nvidia-smi could not start it: Windows finds no "
               "nvidia-smi.exe on PATH (no NVIDIA driver installed, or an older driver that keeps it in C:\\Program "
               "Files\\NVIDIA Corporation\\NVSMI), so the program decides there is no NVIDIA GPU."),
        advice=("Run `where nvidia-smi` in a new Command Prompt. If it finds none, install the current NVIDIA driver from "
                "nvidia.com (it puts nvidia-smi.exe in C:\\Windows\\System32 and the DriverStore), or on an older "
                "driver add C:\\Program Files\\NVIDIA Corporation\\NVSMI to PATH; then restart the program (a new "
                "terminal, or sign out, so it sees the new PATH). If `where` finds it, the program runs with another "
                "PATH (a service, a packaged app): give it the full path or use a release that looks in System32."),
        action="configure",
        rules_out=("the GPU's hardware",),
        never_suggest=("install the CUDA toolkit", "reinstall CUDA"),
        sources=("https://github.com/anderskm/gputil/issues/8", "https://github.com/anderskm/gputil/issues/37",
                 "https://github.com/microsoft/foundry-dev-tools/issues/42"),
        checked=CHECKED,
        examples=("wsl/gputil-8-popen-nvidia-smi-winerror-2-not-on-path.txt",),
    ),
)
