"""Issue 25 (helper w47d): a driver library that Apptainer's --nv does not bind because nvliblist.conf does not name it,
as people describe it.

Apptainer/Singularity's --nv (without --nvccli) binds into the container only the driver libraries that
/etc/apptainer/nvliblist.conf names. NVIDIA adds libraries that its other libraries load (libnvidia-nvvm, which the
OpenCL and CUDA JIT paths need from driver 525.85 on: apptainer#1752; libnvidia-gpucomp; the Tegra driver's own
libnvrm_*, libnvsci_*, libnvos and others on Jetson), and a list older than the driver leaves them out: nvidia-smi or
the container's program then fails to load a library, or OpenCL builds no kernel, while the host is fine. No tool names
nvliblist.conf in its error, so the row reads the description: warn, and the advice says how to find and add the
library, or to let nvidia-container-cli choose the libraries (--nvccli), whose list follows the driver.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# nvliblist.conf as people write it: with or without its folder, "nvliblist.config", quoted in backticks.
_NVLIBLIST = r"`?(?:/(?:usr/local/)?etc/(?:apptainer|singularity)/)?nvliblist\.conf(?:ig)?\b"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.apptainer-nvliblist-lacks-library-described",
        described=True,
        cause_id="container-host-driver-not-found",
        kinds=("any",),
        patterns=(
            # "it is not in the nvliblist.conf", "missing from nvliblist.conf", "isn't listed in nvliblist.conf",
            # "I had to add libnvidia-nvvm.so to nvliblist.conf"
            r"\b(?:(?:is |are |was |were )?not (?:in|listed in|included in|part of)|(?:isn't|aren't|wasn't|weren't) "
            r"(?:in|listed in|included in|part of)|missing (?:from|in)|absent from|(?:had to |need to |needs to )?"
            r"add(?:ed|ing)? (?:[\w.*+-]{1,60} )?(?:to|in|into)) (?:the |our |its |Apptainer's |Singularity's |)"
            + _NVLIBLIST,
            # "nvliblist.conf does not list libnvrm_gpu.so", "nvliblist.conf lacks the Tegra libraries"
            _NVLIBLIST + r"`?\s{0,3}(?:does not|doesn't|do not|don't|did not|didn't) (?:list|include|contain|name|have)\b",
            _NVLIBLIST + r"`?\s{0,3}(?:lacks|misses|is missing)\b",
            # a line that names the list beside a failure to load or run: "(based on nvliblist.conf) the program could
            # not load libcuda", "with nvliblist.conf ... libnvidia-nvvm not found"
            _NVLIBLIST + r"[^\n]{0,80}?\b(?:could not|couldn't|cannot|can't|can not|fails? to|failed to|not found)\b",
        ),
        severity="warn",
        cause=("The description suggests a library the NVIDIA driver needs is not named in Apptainer/Singularity's "
               "nvliblist.conf, so --nv does not bind it into the container (a newer driver's libnvidia-nvvm or "
               "libnvidia-gpucomp, a Jetson's Tegra libraries such as libnvrm_*, libnvsci_* and libnvos) and the "
               "program in the container cannot load the driver completely, though the host runs it."),
        advice=("Find the library the container lacks (`ldd $(which nvidia-smi)` or `strace -f -e openat PROGRAM 2>&1 | "
                "grep ENOENT` inside the container; on the host `ldconfig -p | grep -E 'nvidia|nvrm|nvsci|nvos'`), add "
                "its name to /etc/apptainer/nvliblist.conf (/etc/singularity/ for Singularity) and run again with --nv; "
                "or run with `--nv --nvccli`, which lets nvidia-container-cli pick the driver's libraries (on Jetson "
                "from the CSV files of the NVIDIA Container Toolkit), or update Apptainer, whose list grows with the "
                "driver."),
        action="configure",
        rules_out=("the NVIDIA driver on the host", "the GPU"),
        never_suggest=("reinstall the driver", "install the NVIDIA driver inside the container"),
        sources=("https://github.com/apptainer/apptainer/issues/1752",
                 "https://apptainer.org/docs/user/latest/gpu.html",
                 "https://apptainer.org/docs/admin/latest/configfiles.html#nvliblist-conf"),
        checked="2026-11-28",
        examples=("containers/apptainer-1752-opencl-libnvidia-nvvm-not-in-nvliblist-prose.txt",),
    ),
)
