"""Issue 25, w54c: clusters and cloud GPUs running NVIDIA's own applications, and GPUs other jobs already fill.

Omniverse Kit applications (Isaac Sim, Isaac Lab's Kit apps, USD Composer, RTX Remix, the kit-app-template apps) check
the installed driver against a floor of their own before the RTX renderer starts (gpu.foundation's driver check,
configured per release: "R550 Omniverse RTX driver requirement on Linux", an unsupported range "[0.00, 550.90.07)"
beside "Installed driver: 535.288.01" and the release it recommends). The check is stricter than CUDA's own: a driver
new enough for the CUDA runtime (a cloud image's 535 branch, a rented server's) is still refused, and the renderer is
not created, so no viewport, camera or RTX sensor works while physics still runs headless. Cloud and cluster images pin
their driver (an AMI, a deployment tool's driver version, a Slurm node image), so the fix is a newer driver there.

A CUDA context that cannot be created for want of memory ("cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY" under
TensorFlow, JAX and XLA, Numba's "Call to cuCtxCreate results in CUDA_ERROR_OUT_OF_MEMORY", JCuda's cuCtxCreate) asked
for a few hundred MiB at most before the program allocated anything: the GPU was already full of other processes (a
shared server, another user's job, a stale worker), and a smaller batch or model changes nothing.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
_OMNIVERSE_REQUIREMENTS = "https://docs.omniverse.nvidia.com/dev-guide/latest/common/technical-requirements.html"

OMNIVERSE_DRIVER_ADVICE = (
    "Install a driver at or above the application's floor, preferably the release its log recommends or its "
    "requirements page lists (Isaac Sim 5.x and current Kit apps validate the 580 branch on Linux): Ubuntu `sudo apt "
    "install nvidia-driver-580` (with the kernel modules for the running kernel, `linux-modules-nvidia-580-$(uname -r)` "
    "where the precompiled modules are used), or the .run installer from NVIDIA's Unix driver archive, then reboot and "
    "check `nvidia-smi`. On a cloud instance or cluster node the image pins the driver: deploy with an image or tool "
    "release that installs a newer one (a newer machine image or driver setting of the deployment), or ask the cluster's "
    "administrators for the newer branch. Kit's `--/rtx/verifyDriverVersion/enabled=false` only skips the check; the RTX "
    "renderer may still fail on the old driver. The CUDA toolkit and the container are not what is missing."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.omniverse-rtx-driver-below-floor",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            # gpu.foundation's driver check: "Reason for failure: R550 Omniverse RTX driver requirement on Linux"
            r"\bR\d{3} Omniverse RTX (?:driver )?requirement\b",
            # "The unsupported driver range: [0.00, 550.90.07)" (a floor, or a range of one branch with known issues)
            r"\bunsupported driver range: \[(?P<low>\d{1,3}\.\d{1,3}(?:\.\d{1,3})?), ?(?P<need>\d{3}\.\d{1,3}"
            r"(?:\.\d{1,3})?)\)",
        ),
        severity="fail",
        cause=("The Omniverse RTX renderer (Isaac Sim, Isaac Lab, a Kit app) refused the installed NVIDIA driver: it is "
               "below the floor that release of the application sets for itself, or in a range of releases with known "
               "issues, so the renderer, cameras and RTX sensors are not created, although CUDA itself may run."),
        advice=OMNIVERSE_DRIVER_ADVICE,
        action="configure",
        rules_out=("the CUDA toolkit", "the container image"),
        never_suggest=("install the CUDA toolkit", "reinstall CUDA"),
        sources=(_OMNIVERSE_REQUIREMENTS,
                 "https://docs.isaacsim.omniverse.nvidia.com/latest/installation/requirements.html",
                 "https://github.com/mn297/workflow-helper/blob/main/ubuntu/isaacsim.md"),
        checked=CHECKED,
        examples=("cuda/workflowhelper-isaacsim-r550-omniverse-rtx-rejects-535.txt",),
    ),
    Signature(
        code="cuda.app-driver-floor-described",
        described=True,
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            # "being even just ONE single version of the driver behind causes your system to be unsupported"
            r"\b(?:[Vv]ersions?|VERSIONS?|[Rr]eleases?) of the (?:NVIDIA |[Nn]vidia |GPU |[Gg]raphics )?drivers? behind\b",
            # "the driver is one release behind", "my driver was 2 versions behind"
            r"\b(?:[Dd]rivers?|DRIVERS?)(?: version)? (?:is |was |being )?(?:just |only |even )?(?:one|ONE|a|1|two|2)"
            r"(?: single)? (?:versions?|VERSIONS?|releases?) behind\b",
            # "Isaac Sim says my driver is too old", "Omniverse requires a newer NVIDIA driver"
            r"\b(?:Isaac ?Sim|Isaac ?Lab|Omniverse|RTX Remix|USD Composer)\b[^\n]{0,60}?\b(?:requires|needs|wants|asks "
            r"for) (?:a |the )?(?:newer|more recent|latest|minimum) (?:NVIDIA |[Nn]vidia |GPU |graphics )?driver\b",
            r"\b(?:Isaac ?Sim|Isaac ?Lab|Omniverse|RTX Remix|USD Composer)\b[^\n]{0,60}?\b(?:says|reports|complains|"
            r"thinks) (?:that )?(?:my |the )?(?:NVIDIA |GPU |graphics )?driver (?:is |was )?(?:too old|outdated|"
            r"unsupported)\b",
        ),
        severity="warn",
        cause=("The description suggests the application (an Omniverse or RTX app such as Isaac Sim or RTX Remix) refuses "
               "this machine because the NVIDIA driver is below the release the application itself requires, which can "
               "be newer than what CUDA needs."),
        advice=("Update the NVIDIA driver to the release the application's requirements list (often the newest "
                "Game Ready/Studio driver on Windows, the 580 branch or newer on Linux: `sudo apt install "
                "nvidia-driver-580` and reboot), then start it again; on a cloud instance use an image that ships the "
                "newer driver. The CUDA toolkit does not change the driver and is not what the application checks."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("install the CUDA toolkit",),
        sources=("https://github.com/NVIDIAGameWorks/rtx-remix/issues/1044", _OMNIVERSE_REQUIREMENTS),
        checked=CHECKED,
        examples=("cuda/rtxremix-1044-installer-unsupported-driver-behind-prose.txt",),
    ),
    Signature(
        code="cuda.context-creation-oom-gpu-occupied",
        cause_id="gpu-shared-with-other-process",
        kinds=("any",),
        patterns=(
            # TensorFlow / JAX / XLA's StreamExecutor: "failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY"
            r"\bcuDevicePrimaryCtxRetain:? (?:CUDA_ERROR_OUT_OF_MEMORY|out of memory)\b",
            # Numba: "[2] Call to cuCtxCreate results in CUDA_ERROR_OUT_OF_MEMORY" (and its primary-context wording)
            r"\bCall to cu(?:CtxCreate|DevicePrimaryCtxRetain)\w{0,4} results in CUDA_ERROR_OUT_OF_MEMORY\b",
            # JCuda: the CudaException's frame "at jcuda.driver.JCudaDriver.cuCtxCreate(JCudaDriver.java:1514)"
            r"\bJCudaDriver\.cuCtxCreate\(JCudaDriver\.java:\d{1,5}\)",
        ),
        refines=("cuda.out-of-memory",),
        refines_within=4,
        severity="fail",
        cause=("The program could not even create its CUDA context on the GPU for want of memory: before it allocated "
               "anything, the GPU's memory was already held by other processes (another user's job on a shared server, "
               "a stale worker, a second program), so its own batch or model size is not the cause."),
        advice=("See what holds the GPU: `nvidia-smi` (or `nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                "--format=csv`, `sudo fuser -v /dev/nvidia*`) lists the processes and their memory. Stop the ones that "
                "are yours or stale (`kill <pid>`), or run on a GPU that is free: `CUDA_VISIBLE_DEVICES=<free index>` set "
                "in the same command or job script that starts the program (a launcher that picks GPU 0 itself ignores "
                "it), or the scheduler's GPU request on a shared cluster."),
        action="configure",
        rules_out=("the model's size", "the driver"),
        never_suggest=("reduce the batch size", "reinstall the driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/30594", "https://github.com/donaldlab/OSPREY3/issues/67",
                 "https://numba.readthedocs.io/en/stable/cuda/cudapysupported.html"),
        checked=CHECKED,
        examples=("cuda/tensorflow-30594-primaryctxretain-oom-shared-server.txt",
                  "cuda/osprey3-67-cuctxcreate-oom-gpu-used-by-other-process.txt"),
    ),
)
