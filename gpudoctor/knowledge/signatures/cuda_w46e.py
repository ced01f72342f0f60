"""Issue 25, w46e: applications validated with an older driver branch than the one installed, and libraries that call a
CUDA driver function the installed driver does not have (rows of the CUDA area).

Omniverse Kit applications (Isaac Sim, Isaac Lab on top of it, USD Composer) are validated with one driver branch:
Isaac Sim 5.x and Kit 107 with R580 (580.65.06 on Linux, 580.88 on Windows, 581.42 for Blackwell GeForce). On the
newer branches (595, 610) their RTX renderer crashes a few seconds after "app ready", or Kit finds no CUDA
device, while other CUDA programs run; going back to the validated branch, or to an Isaac Sim release validated with
the newer driver (6.0), fixes it. The threads name the driver in the issue template ("Driver: 595.79", "Driver
Version: 595.95", "Driver :595.97") and Isaac Sim on another line, so the row reads the driver only where the text
shows an Omniverse application (the `omniverse-kit` context).

A library built with a newer CUDA that calls a driver API function directly fails to load against the libcuda of an
older driver branch: glibc's "undefined symbol: cuKernelGetName" (a function of CUDA 12.3) from the library's .so, Mojo's
"Failed to find symbol \"cuFuncGetParamInfo\" in \"libcuda.so.1\"" (CUDA 12.4 on a 535 driver), Windows' "entry point
... could not be located in ... nvcuda.dll". Only functions added with CUDA 11.4 and later are read: an old function
(cuModuleGetFunction, cuMemcpyHtoD_v2) missing means the library was not linked against libcuda at all, not an old
driver. The fix is a driver of the CUDA the library was built for, or the library's build for the older CUDA.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import MISMATCH_SYMPTOMS, Signature
from gpudoctor.knowledge.signatures.kernel_upgrades import _NVIDIA_DRIVER

# Driver branches newer than the R580 branch Isaac Sim 5.x and Omniverse Kit 107 are validated with, from the one the
# threads' crashes begin with (595: Linux 595.58 and later, Windows 595.79; 591.74 still ran Isaac Sim 5.1 there, and a
# 590 driver named beside another failure, nrend's missing sm_120 code in IsaacSim#635, is not the cause), as
# three-digit literals the matcher's prefilter keys on.
_NEWER_BRANCHES = r"(?:595|596|600|605|610|615|620)"
# "595.79", "595.71.05", "595.x": the captured version stops before a third component (no quantifier inside another).
_VERSION = r"(?P<driver>" + _NEWER_BRANCHES + r"\.(?:\d{1,3}|x))(?!\d)"

KIT_DRIVER_ADVICE = (
    "Install the driver branch the application is validated with instead of {driver}: for Isaac Sim 5.x and Omniverse "
    "Kit 107 that is R580 (Linux: 580.65.06 or a later 580 release, from NVIDIA's .run archive or the distribution's "
    "580 packages such as nvidia-driver-580-open; Windows: 580.88, or 581.42 for Blackwell GeForce cards), then start "
    "the application again; or move to an Isaac Sim release validated with the newer driver (Isaac Sim 6.0). The "
    "application's Technical Requirements page names its validated driver. The GPU and the installation are fine: "
    "clearing shader caches, switching renderers or rebuilding the environment does not help."
)

# CUDA driver API functions by the CUDA release that added them, with the driver branch that first carries it (the
# functions' "Requires" notes in the CUDA Driver API reference): (name prefix, lower case, as the lookup compares).
DRIVER_FUNCTION_RELEASES: tuple[tuple[str, str], ...] = (
    ("cumemcpybatchasync", "CUDA 12.8 (driver R570 or newer)"),
    ("cucheckpointprocess", "CUDA 12.8 (driver R570 or newer)"),
    ("cuctxcreate_v4", "CUDA 12.5 (driver R555 or newer)"),
    ("cufuncgetparaminfo", "CUDA 12.4 (driver R550 or newer)"),
    ("cukernelgetparaminfo", "CUDA 12.4 (driver R550 or newer)"),
    ("cugreenctx", "CUDA 12.4 (driver R550 or newer)"),
    ("cudevicegetdevresource", "CUDA 12.4 (driver R550 or newer)"),
    ("cukernelgetname", "CUDA 12.3 (driver R545 or newer)"),
    ("cufuncgetname", "CUDA 12.3 (driver R545 or newer)"),
    ("custreamgetcaptureinfo_v3", "CUDA 12.3 (driver R545 or newer)"),
    ("cugraphaddnode_v2", "CUDA 12.3 (driver R545 or newer)"),
    ("cugraphconditionalhandlecreate", "CUDA 12.3 (driver R545 or newer)"),
    ("cumulticast", "CUDA 12.1 (driver R530 or newer)"),
    ("culibrary", "CUDA 12.0 (driver R525 or newer)"),
    ("cukernel", "CUDA 12.0 (driver R525 or newer)"),
    ("culaunchkernelex", "CUDA 12.0 (driver R525 or newer)"),
    ("cugetprocaddress_v2", "CUDA 12.0 (driver R525 or newer)"),
    ("cudevicegetuuid_v2", "CUDA 11.4 (driver R470 or newer)"),
)
# The functions a library built with CUDA 11.4 or later may call that older drivers lack (the table's names, as
# written in the messages).
_NEWER_FUNCTIONS = (r"cu(?:MemcpyBatchAsync(?:_v2)?|CheckpointProcess\w{2,20}|CtxCreate_v4|FuncGetParamInfo|"
                    r"KernelGetParamInfo|GreenCtx\w{2,30}|DeviceGetDevResource|KernelGetName|FuncGetName|"
                    r"StreamGetCaptureInfo_v3|GraphAddNode_v2|GraphConditionalHandleCreate|Multicast\w{2,30}|"
                    r"Library\w{2,30}|Kernel(?:GetFunction|GetAttribute|SetAttribute|SetCacheConfig)|"
                    r"LaunchKernelEx|GetProcAddress_v2|DeviceGetUuid_v2)")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.omniverse-driver-newer-than-validated",
        cause_id="library-predates-driver",
        kinds=("any",),
        described=True,
        contexts=("omniverse-kit",),
        patterns=(
            # the issue template's "Driver: 595.79 (crash)", "Driver Version: 595.95", "Driver :595.97", "NVIDIA driver
            # 595.x", "driver version 610.43.02", nvidia-smi's header in the same paste
            r"[Dd]rivers?(?: [Vv]ersion)?(?: is| of)?\s?[:=]?\s{0,3}[*_`]{0,2}" + _VERSION,
            # "the 595.79 driver", "595.71.05 drivers"
            r"(?<![\d.])" + _VERSION + r"(?:\.\d{1,3})?[*_`]{0,2} (?:NVIDIA |[Nn]vidia |GPU )?drivers?\b",
            # kernel.driver-updated-without-reboot's story, where the update named is to such a branch: in an
            # Omniverse application the new branch, not a missing reboot, is what breaks it
            r"(?:[Aa]fter|[Ss]ince|[Ww]hen) (?:I |i |we )?(?:upgrading|updating) " + _NVIDIA_DRIVER
            + r"(?: to| version)?\s{0,3}[*_`]{0,2}" + _VERSION,
            r"(?:[Aa]fter|[Ss]ince|[Ww]hen) (?:I |i |we )?updated " + _NVIDIA_DRIVER
            + r"(?: to| version)?\s{0,3}[*_`]{0,2}" + _VERSION,
            r"(?:[Aa]fter|[Ss]ince|[Ww]hen) (?:I |i |we )?upgraded " + _NVIDIA_DRIVER
            + r"(?: to| version)?\s{0,3}[*_`]{0,2}" + _VERSION,
        ),
        refines=("kernel.driver-updated-without-reboot",),
        severity="warn",
        cause=("An Omniverse Kit application (Isaac Sim, Isaac Lab) runs on NVIDIA driver {driver}, a newer branch than "
               "the one it is validated with (R580 for Isaac Sim 5.x and Kit 107): on the newer branches its RTX "
               "renderer crashes soon after start, or it finds no CUDA device, although the GPU and other CUDA "
               "programs are fine."),
        advice=KIT_DRIVER_ADVICE,
        action="configure",
        rules_out=("the GPU", "the power supply", "the application's installation"),
        never_suggest=("replace the GPU", "reinstall Windows"),
        sources=("https://github.com/isaac-sim/IsaacSim/issues/537", "https://github.com/isaac-sim/IsaacLab/issues/5140",
                 "https://docs.isaacsim.omniverse.nvidia.com/5.1.0/installation/requirements.html",
                 "https://docs.omniverse.nvidia.com/dev-guide/latest/common/technical-requirements.html"),
        checked="2026-11-28",
        examples=("cuda/isaaclab-5140-gui-crash-5070ti-595-works-591.txt",),
    ),
    Signature(
        code="cuda.libcuda-lacks-newer-driver-function",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            # glibc's loader: "libtensorrt_llm.so: undefined symbol: cuKernelGetName"
            r"undefined symbol: (?P<symbol>" + _NEWER_FUNCTIONS + r")\b",
            # Mojo's runtime: 'Failed to find symbol "cuFuncGetParamInfo" in "libcuda.so.1"' (any function it asks
            # libcuda for and does not find is one the driver is too old to have)
            r"Failed to find symbol \"(?P<symbol>cu[A-Z]\w{2,60})\" in \"libcuda\.so",
            # Windows' loader dialog for a DLL linked against a newer nvcuda.dll (cuCtxCreate_v3 is Ollama's row)
            r"entry point (?P<symbol>" + _NEWER_FUNCTIONS + r") could not be located in the dynamic link library"
            r"[^\n]{0,200}?nvcuda\.dll",
        ),
        refines=MISMATCH_SYMPTOMS, refines_within=None,
        lookups=(("symbol", "release", DRIVER_FUNCTION_RELEASES, "a newer CUDA than the installed driver supports"),),
        severity="fail",
        cause=("A library calls the CUDA driver function {symbol}, which the installed NVIDIA driver's libcuda does not "
               "export: the library was built for a newer CUDA than the driver supports."),
        advice=("Update the NVIDIA driver to one that supports the CUDA the library was built for: {symbol} needs "
                "{release}; `nvidia-smi` shows in its header the newest CUDA the installed driver supports (on a "
                "long-term branch such as 535, a newer production branch). Where the driver cannot change, install "
                "the library's release or build for the CUDA the driver supports (the previous release that worked, "
                "a cu12.x wheel for an older CUDA)."),
        action="configure",
        rules_out=("the GPU", "the library's installation"),
        never_suggest=("LD_PRELOAD", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://docs.nvidia.com/cuda/cuda-driver-api/index.html",
                 "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html",
                 "https://github.com/modular/modular/issues/6572", "https://github.com/eyalroz/cuda-api-wrappers/issues/565"),
        checked="2026-11-28",
        examples=("cuda/modular-6572-mojo-cufuncgetparaminfo-driver-535.txt",),
    ),
)
