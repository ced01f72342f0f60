"""Issue 25 (helper w47d): a driver library that Apptainer's --nv does not bind because nvliblist.conf does not name it,
as people describe it.

Apptainer/Singularity's --nv (without --nvccli) binds into the container only the driver libraries that
/etc/apptainer/nvliblist.conf names. NVIDIA adds libraries that its other libraries load (libnvidia-nvvm, which the
OpenCL and CUDA JIT paths need from driver 525.85 on: apptainer#1752; libnvidia-gpucomp; the Tegra driver's own
libnvrm_*, libnvsci_*, libnvos and others on Jetson), and a list older than the driver leaves them out: nvidia-smi or
the container's program then fails to load a library, or OpenCL builds no kernel, while the host is fine. No tool names
nvliblist.conf in its error, so the row reads the description: warn, and the advice says how to find and add the
library, or to let nvidia-container-cli choose the libraries (--nvccli), whose list follows the driver.

`docker run --gpus 0` asks for a COUNT of zero GPUs, not for GPU 0 (docker/cli opts/gpus.go reads a bare field as the
count): Docker then requests no device, and the container sees whatever the image's NVIDIA_VISIBLE_DEVICES (all, in
every CUDA image) gives it under a default nvidia runtime, or no GPU under runc; the GPU by index is `device=0`.

containerd injects CDI devices itself only from 1.7 (2.0 turns it on by default); the GPU operator from 25.10 asks for
GPUs through the runtime's native CDI by default, so on a node whose containerd is 1.6 or older (Canonical K8s 1.32's
snap ships 1.6.39: k8s-snap#2388) the workloads get no GPU. People describe it by the versions: the row reads a line
that puts containerd 1.x below 1.7 beside CDI, or says CDI support came with containerd 1.7.
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
    Signature(
        code="containers.gpus-count-zero",
        cause_id="docker-gpus-flag-invalid",
        kinds=("any",),
        # The command line itself: `--gpus 0` / `--gpus=0` / `--gpus "0"` with nothing after the 0 (a list "0,1" is
        # refused by the CLI's parser instead: containers.gpus-flag-unparsed).
        patterns=(r"\b(?:docker|podman|nerdctl)(?: container)? (?:run|create)\b[^\n]{0,300}?\s--gpus(?:=|\s{1,3})"
                  r"(?:0|\"0\"|'0')(?=\s|$)",),
        severity="warn",
        cause=("`--gpus 0` asks Docker for a count of zero GPUs, not for GPU 0: no device is requested, so the container "
               "gets either every GPU (the image's NVIDIA_VISIBLE_DEVICES=all under a default nvidia runtime) or none."),
        advice=("Name the GPU by index or UUID with the device key, quoted so it stays one field: `docker run --gpus "
                "'\"device=0\"' IMAGE` (several: `--gpus '\"device=0,2\"'`); a bare number is a count (`--gpus 1` "
                "gives one GPU, not GPU 1). In Compose use `device_ids: ['0']` instead of `count`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit"),
        never_suggest=("reinstall the driver", "nvidia-ctk runtime configure"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1506", "https://github.com/docker/cli/blob/master/opts/gpus.go",
                 "https://docs.docker.com/reference/cli/docker/container/run/#gpus"),
        checked="2026-11-28",
        examples=("containers/nvidiadocker-1506-gpus-0-is-a-count-not-index.txt",),
    ),
    Signature(
        code="containers.containerd-too-old-for-cdi-described",
        described=True,
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        patterns=(
            # "containerd 1.6.39 has no CDI support", "CDI needs containerd >= 1.7 but the node runs containerd v1.6.20"
            r"\bcontainerd(?: version| v)? ?v?1\.[0-6](?:\.\d{1,3})?\b[^\n]{0,120}?\bCDI\b",
            r"\bCDI\b[^\n]{0,120}?\bcontainerd(?: version| v)? ?v?1\.[0-6](?:\.\d{1,3})?\b(?!\.?\d)",
            # "CDI device injection support is introduced in (containerd) 1.7.0", "CDI was added in containerd v1.7"
            r"\bCDI\b[^\n]{0,60}?\b(?:introduced|added|landed|available|supported)\b[^\n]{0,30}?"
            r"\b(?:in|from|since|with|by) (?:containerd )?(?:version )?v?1\.7(?:\.\d{1,3})?\b",
        ),
        severity="warn",
        cause=("The description suggests the node's containerd is older than 1.7, which cannot inject CDI devices, while "
               "the GPUs are asked for by CDI (the GPU operator from 25.10 does so by default, or a device plugin with "
               "a cdi-* strategy), so the workloads get no GPU though the driver and the operator look healthy."),
        advice=("Check `containerd --version` on the GPU nodes. Below 1.7, install the GPU operator with `--set "
                "cdi.enabled=false` (the NVIDIA runtime then injects the GPUs, as before 25.10), or set the device "
                "plugin's DEVICE_LIST_STRATEGY back to envvar; or move the nodes to a Kubernetes distribution or "
                "release whose containerd is 1.7 or newer (containerd 2.x enables CDI by default)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/canonical/k8s-snap/issues/2388",
                 "https://github.com/containerd/containerd/releases/tag/v1.7.0",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/release-notes.html"),
        checked="2026-11-28",
        examples=("containers/k8ssnap-2388-old-containerd-no-cdi.txt",),
    ),
)
