"""Issue 25, w34a: a GPU generation a program's build does not cover, told by the GPU's name beside a report of trouble.

People name their card and what fails ("GPU conversion stuck at 5 %" on an RTX 5060, Dorado's errors on a GTX 1080,
tensorflow-gpu on a Quadro FX 2800M) more often than a tool prints the cause. The conclusions here (rows without
patterns, reached by gpudoctor/knowledge/compat.py RULES from the facts of named_facts.py) judge a named GPU against
build_support.PROGRAM_MIN_CAPABILITY (the minimum of the programs named beside it) and LEGACY_ARCHITECTURES (the
Tesla-generation and Fermi GPUs no current CUDA program or driver runs: GeForce 8/9/200, GT 4xx/5xx, Quadro FX),
each with its source and date there. One row reads PG-Strom's own line for a GPU below its minimum.
"""

from __future__ import annotations

from gpudoctor.knowledge import build_support as tables
from gpudoctor.knowledge.driver_support import DRIVER_FLOORS
from gpudoctor.knowledge.signatures.cuda_w32c import FIRST_CUDA_FOR_GPU
from gpudoctor.knowledge.signatures import Signature, concluded


PROGRAM_GPU_BELOW_MINIMUM = concluded(
    code="cuda.named-gpu-below-program-minimum",
    cause_id="cuda-arch-unsupported",
    # What such a GPU then shows: kernels missing for it, or the program's own refusal worded generically.
    refines=("cuda.no-kernel-image", "cuda.named-gpu-outside-torch-build", "cuda.error-209-no-kernel-image"),
    severity="fail",
    cause=("The paste runs {program} on a {gpu} (compute capability {capability}, {architecture}): {program}'s GPU "
           "builds need compute capability {minimum} or newer ({note}), so it has no kernels for this GPU."),
    advice=("Run {program} on a GPU of compute capability {minimum} or newer (see https://developer.nvidia.com/cuda-gpus), "
            "or use the older {program} release that still supports this {architecture} card, or its CPU mode; a "
            "driver or CUDA update does not lower the minimum."),
    action="configure",
    rules_out=("the NVIDIA driver",),
    never_suggest=("reinstall the driver", "CUDA_VISIBLE_DEVICES"),
    sources=tuple(source for *_, source in tables.PROGRAM_MIN_CAPABILITY) + ("https://developer.nvidia.com/cuda-gpus",),
    checked=tables.CHECKED,
    examples=("cuda/dorado-37-gtx1080-no-kernel-image-volta-minimum.txt",
              "cuda/tensorflow-8006-quadro-fx-2800m-cc11-no-cudevice.txt"),
)

_LEGACY_ADVICE = ("A {gpu} ({architecture}, compute capability {capability}) is past NVIDIA's support: its last drivers "
                  "are the R{last} legacy branch ({linux} on Linux, {windows} on Windows), which run CUDA programs built "
                  "with CUDA {cuda} or older only. Keep or install that legacy driver (on Linux a distribution that "
                  "still packages it, with an older kernel and X server; not the current or -open drivers), and use a "
                  "program release built for that CUDA, its CPU mode or OpenCL/DirectML/Vulkan backend; for current "
                  "CUDA programs, move to a newer NVIDIA GPU (Turing or later keeps current drivers).")
LEGACY_GPU_FOR_PROGRAMS = concluded(
    code="cuda.named-legacy-gpu-failing",
    cause_id="cuda-arch-unsupported",
    refines=("cuda.no-kernel-image",),
    severity="warn",
    cause=("The paste reports a failure on a {gpu} ({architecture}, compute capability {capability}): no CUDA toolkit "
           "after CUDA {cuda} builds for this GPU, so current CUDA programs carry no kernels for it and do not "
           "find it as a usable device."),
    advice=_LEGACY_ADVICE,
    action="configure",
    rules_out=("a broken installation",),
    never_suggest=("update the NVIDIA driver to the latest",),
    sources=(tables.CUDA_LEGACY_GPUS, tables.NVIDIA_LEGACY_GPUS),
    checked=tables.CHECKED,
    examples=("cuda/xmrstaknvidia-164-quadro-fx1800-no-cuda-device.txt",),
)
LEGACY_GPU_FOR_DRIVER = concluded(
    code="kernel.named-legacy-gpu-driver",
    cause_id="gpu-unsupported-by-driver",
    refines=("kernel.rm-init-adapter-failed", "kernel.driver-not-loaded", "cuda.no-device"),
    severity="warn",
    cause=("The paste reports driver trouble on a {gpu} ({architecture}, compute capability {capability}): only the "
           "R{last} legacy driver branch supports this GPU; every newer driver skips it."),
    advice=_LEGACY_ADVICE,
    action="configure",
    rules_out=("a broken installation of the newer driver",),
    never_suggest=("install nvidia-open",),
    sources=(tables.NVIDIA_LEGACY_GPUS, tables.CUDA_LEGACY_GPUS),
    checked=tables.CHECKED,
    examples=("cuda/xmrstak-823-quadro-fx-1800m-legacy-insufficient-driver.txt",),
)
CONCLUSIONS: tuple[Signature, ...] = (PROGRAM_GPU_BELOW_MINIMUM, LEGACY_GPU_FOR_PROGRAMS, LEGACY_GPU_FOR_DRIVER)

# The first CUDA release whose toolchain builds for each generation, from the one dated table (cuda_w32c).
_FIRSTS = ", ".join(f"{gpus} CUDA {cuda}" for gpus, _, cuda, _ in FIRST_CUDA_FOR_GPU)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.error-209-no-kernel-image",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # cudaErrorNoKernelImageForDevice by its number only, as miners and other prebuilt programs print it
        # ("CUDA error 209", "CUDA Error: 209"); its words are cuda.no-kernel-image's.
        patterns=(r"CUDA [Ee]rror(?: code)?:? ?'?209\b", r"cudaError(?:Code)?:? ?209\b"),
        severity="fail",
        cause=("CUDA error 209 (cudaErrorNoKernelImageForDevice): the program was built without kernels for this GPU's "
               "architecture, usually a release built with a CUDA older than the GPU."),
        advice=("Install a release of the program built with a CUDA that knows this GPU (the first for each generation: "
                + _FIRSTS + "; miners publish a build per CUDA version: take the one for your card's generation), or "
                "rebuild it with its architecture (-arch=sm_XY, CMAKE_CUDA_ARCHITECTURES; `nvidia-smi "
                "--query-gpu=compute_cap --format=csv` shows it); for a GPU older than the build's minimum, the last "
                "release that still supported it. The missing kernels come only with the program's build."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html",
                 "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"),
        checked=tables.CHECKED,
        examples=("cuda/autolykos-31-cuda-error-code-209-prehash.txt",),
    ),
    Signature(
        code="cuda.compute-capability-below-program-minimum",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # A program's own check of the GPU against the lowest compute capability its build supports, in the wordings
        # programs use ("GPU compute capability 7.5 is below the minimum required 8.0; falling back to CPU", "... is
        # '6.1' which is lesser than the minimum supported of '7.0'", "... (6.1) is lower than the required minimum
        # (7.0)"): the two numbers carry into the advice.
        patterns=(r"[Cc]ompute [Cc]apability(?: of [^\n]{1,40}? is)?:? ?[('\"]?(?P<capability>\d{1,2}\.\d)[)'\"]? "
                  r"(?:which )?is (?:below|lower than|less than|lesser than|under) the (?:required )?minimum"
                  r"(?: required| supported)?(?: compute capability)?(?: of)?(?: \w{1,20})?:? ?[('\"]?"
                  r"(?P<minimum>\d{1,2}\.\d)",),
        severity="fail",
        cause=("This program's GPU build needs compute capability {minimum} or newer and this GPU is {capability}, so "
               "it has no kernels for it and refuses the GPU (or falls back to the CPU)."),
        advice=("Run the program's GPU path on a GPU of compute capability {minimum} or newer "
                "(https://developer.nvidia.com/cuda-gpus lists each card's: 7.0 Volta, 7.5 Turing, 8.0/8.6 Ampere, "
                "8.9 Ada, 12.0 RTX 50), or use an older release of the program whose build still covered {capability}, "
                "or its CPU mode; no driver or CUDA update lowers the minimum."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/koharu-rs/koharu/issues/576",
                 "https://github.com/triton-inference-server/server/pull/474", "https://developer.nvidia.com/cuda-gpus"),
        checked=tables.CHECKED,
        examples=("cuda/koharu-576-turing-below-minimum-80-cpu-fallback.txt",),
    ),
    Signature(
        code="cuda.described-driver-update-fixed-it",
        described=True,
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # The person's own report that a driver update made the GPU work ("Updating driver from version 461.40 to
        # 526.47 fix the issue", "solved it by updating the nvidia driver"): the program's CUDA needed a newer driver.
        patterns=(r"[Uu]pdat(?:ed|ing|e) (?:the |my |to the latest )?(?:NVIDIA |[Nn]vidia |graphics |GPU |gpu |display )?"
                  r"drivers? (?:from (?:version )?[\d.]{3,10} to (?:version )?[\d.]{3,10} )?(?:fix|solved|resolved|"
                  r"did the trick|made it work)",
                  r"(?:[Ff]ixed|[Ss]olved|[Rr]esolved) (?:it |this |the (?:issue|problem) )?by updating (?:the |my )?"
                  r"(?:NVIDIA |[Nn]vidia |graphics |GPU )?drivers?"),
        severity="warn",
        cause=("The person reports that a driver update made the GPU usable: the program's CUDA runtime needed a newer "
               "driver than the one installed, which is why it found no usable CUDA device before."),
        advice=("Keep the NVIDIA driver at or above the floor of the program's CUDA (" + DRIVER_FLOORS + "; "
                "`nvidia-smi` shows the newest CUDA the installed driver runs): on Windows the driver from "
                "https://www.nvidia.com/drivers or the NVIDIA App rather than the laptop maker's older one, under WSL "
                "the Windows driver, in a container the host's."),
        action="configure",
        rules_out=("the GPU's hardware",),
        never_suggest=("reinstall the program",),
        sources=("https://github.com/dotnet/machinelearning-modelbuilder/issues/2357",
                 "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html#id6"),
        checked=tables.CHECKED,
        examples=("frameworks/modelbuilder-2357-driver-461-cuda-unavailable.txt",),
    ),
    Signature(
        code="cuda.pgstrom-gpu-not-supported",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # PG-Strom's start-up log: each GPU with its compute capability, "NOT SUPPORTED" below its minimum, and the
        # extension disabling itself where no GPU is left.
        patterns=(r"capability (?P<capability>\d{1,2}\.\d), NOT SUPPORTED", r"No supported CUDA devices, PG-Strom was disabled"),
        severity="fail",
        cause=("PG-Strom skips this GPU: its compute capability is below the minimum of this PG-Strom release, so "
               "no supported CUDA device is left and the extension disables itself."),
        advice=("Use a GPU of compute capability 3.5 or newer for PG-Strom 1.x, 6.0 (Pascal) or newer for later "
                "releases (https://developer.nvidia.com/cuda-gpus lists each card's); no driver or CUDA change makes "
                "an older GPU supported."),
        action="configure",
        rules_out=("the NVIDIA driver", "the CUDA installation"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/heterodb/pg-strom/issues/262", "https://github.com/heterodb/pg-strom/issues/241"),
        checked=tables.CHECKED,
        examples=("cuda/pgstrom-262-quadro-k600-capability-30-not-supported.txt",),
    ),
)
