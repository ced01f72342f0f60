"""Issue 25, w54a: OptiX programs that cannot load the driver's OptiX library.

Programs built on OptiX 6 or older (the OptiX "runtime" era: renderers, denoisers and simulators of 2019-2020 such as
NvidiaAIDenoiser) load the driver's OptiX library themselves and report RT_ERROR_OPTIX_NOT_LOADED (1546), in words
"Failed to load OptiX library". Its text blames an old driver, which was right while OptiX 6.5 needed R435; since the
590 driver branch (December 2025) the driver no longer supports OptiX 6 at all, so on a current driver the same line
means the program predates the driver, and only a 580-branch driver or a build made with OptiX 7 or newer helps.
OptiX 7 and later programs name their failure
(OPTIX_ERROR_LIBRARY_NOT_FOUND, OPTIX_ERROR_UNSUPPORTED_ABI_VERSION: cuda_w36a, cuda_w53f).

Where the driver's OptiX library (libnvoptix.so.1, libnvidia-rtcore) is absent rather than refused: a container
started without the graphics capability, and WSL 2, whose mapping of the Windows driver (/usr/lib/wsl/lib) does not
carry it, people tell it in their own words ("no OptiX device in the container"); that reading is a described row.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_OPTIX6_ADVICE = (
    "Compare the driver (`nvidia-smi`) with the OptiX release the program was built with. On a driver of the 590 "
    "branch or newer, OptiX 6 is no longer supported and a newer driver will not help: go back to a driver of the 580 branch "
    "(580.xx, from NVIDIA's driver archive), or use a build of the program made with "
    "OptiX 7 or newer (several old tools have forks rebuilt with OptiX 8 or 9 that run on current drivers). On an old "
    "driver (before R435 for OptiX 6.5, R418 for OptiX 6.0), update the driver instead. Under WSL 2 or in a container "
    "the driver's libnvoptix must be there as well: start the container with graphics in NVIDIA_DRIVER_CAPABILITIES "
    "(or all); WSL's mapping of the Windows driver does not provide it."
)

_ABSENT_ADVICE = (
    "Give the program the driver's OptiX libraries (libnvoptix.so.1 and libnvidia-rtcore.so.<driver version>), which "
    "no CUDA image or OptiX SDK ships: in Docker/Podman run the container with `-e "
    "NVIDIA_DRIVER_CAPABILITIES=graphics,compute,utility` (or all), so the NVIDIA runtime mounts them, or bind-mount "
    "them from the host's /usr/lib/x86_64-linux-gnu into a folder on the loader's path; on a host without them install "
    "the driver's graphics package (Ubuntu `sudo apt install libnvidia-gl-<branch>`). Under WSL 2 the Windows "
    "driver's mapping (/usr/lib/wsl/lib) has no libnvoptix: take libnvoptix.so.1 and libnvidia-rtcore from the "
    "Linux driver package of the same version as the Windows driver (`sh NVIDIA-Linux-x86_64-<version>.run "
    "--extract-only`) onto LD_LIBRARY_PATH, or run the "
    "program on native Linux or Windows."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.optix6-library-not-loaded",
        cause_id="library-predates-driver",
        kinds=("any",),
        patterns=(
            # OptiX 6's RT_ERROR_OPTIX_NOT_LOADED as programs print it ("[OptiX]: Failed to load OptiX library",
            # "OptiX Error: Failed to load OptiX library", mitsuba2's "OptiX API error = 1546 (Failed to load OptiX
            # library! Very likely, your NVIDIA graphics driver is too old ...)")
            r"\bFailed to load OptiX library\b",
            r"\bRT_ERROR_OPTIX_NOT_LOADED\b",
            r"\bOptiX API error = 1546\b",
        ),
        # the person's "the newest driver broke it" is this cause told in words: the OptiX line says which
        refines=("kernel.driver-release-regression-described", "cuda.driver-release-broke-program-described"),
        refines_within=None,
        severity="fail",
        cause=("The program uses OptiX 6 or older and could not load the driver's OptiX library: drivers of the 590 "
               "branch and newer no longer support OptiX 6, so on such a driver the program predates the driver "
               "(its message blames an old driver either way); on a driver older than its OptiX needs, the driver is "
               "too old."),
        advice=_OPTIX6_ADVICE,
        action="configure",
        rules_out=("the GPU", "a missing OptiX SDK"),
        never_suggest=("install the OptiX SDK", "reinstall CUDA"),
        sources=("https://github.com/DeclanRussell/NvidiaAIDenoiser/issues/34",
                 "https://github.com/DeclanRussell/NvidiaAIDenoiser/issues/15",
                 "https://raytracing-docs.nvidia.com/optix6/guide_6_5/index.html"),
        checked="2026-11-28",
        examples=("cuda/nvidiaaidenoiser-34-optix-library-fails-driver-591-44.txt",),
    ),
    Signature(
        code="cuda.optix-device-missing-container-described",
        described=True,
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(
            # "the container does not seem to be able to locate any other OptiX device than the CPU", "inside docker
            # blender can't find any OptiX devices", "WSL2 shows no OptiX device"
            r"\b(?:[Cc]ontainers?|[Dd]ocker|WSL ?2?)\b[^\n]{0,100}?\b(?:no|any other|any|"
            r"cannot (?:find|see|detect|locate)|"
            r"can't (?:find|see|detect|locate)|(?:does|do) not [\w ]{0,40}?(?:find|see|detect|locate|list)|"
            r"doesn'?t [\w ]{0,40}?(?:find|see|detect|locate|list))\b[^\n]{0,40}?\bOptiX devices?\b",
            # "OptiX is not available inside the container", "OptiX doesn't work in docker",
            # "OptiX not working under WSL"
            r"\bOptiX\b[^\n]{0,60}?\b(?:not|n't|no longer) (?:work(?:ing|s)?|available|found|detected|supported|listed|"
            r"show(?:ing|n)?(?: up)?)\b[^\n]{0,40}?\b(?:in|inside|within|under|on) (?:a |the |my |our )?(?:[Dd]ocker|"
            r"container|WSL)",
        ),
        severity="warn",
        cause=("The description suggests the program finds no OptiX device in a container or under WSL 2 although "
               "CUDA works there: the driver's OptiX libraries (libnvoptix.so.1, libnvidia-rtcore) are not where it "
               "runs."),
        advice=_ABSENT_ADVICE,
        action="configure",
        rules_out=("the GPU", "the CUDA setup"),
        never_suggest=("reinstall CUDA", "install the OptiX SDK"),
        sources=("https://github.com/nytimes/rd-blender-docker/issues/19",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1545",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html",
                 "https://github.com/mitsuba-renderer/mitsuba3/issues/1221"),
        checked="2026-11-28",
        examples=("containers/rdblenderdocker-19-optix-device-not-found-container-prose.txt",),
    ),
)
