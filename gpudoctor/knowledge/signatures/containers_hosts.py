"""Containers: getting the GPU stack onto the host and into jobs: NVIDIA's package repositories (the Container Toolkit's
and CUDA's, on hosts and in image builds), the Compose file's GPU request, NGC images older than the GPU and Slurm's
GPU generic resources (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TOOLKIT_INSTALL = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"
TOOLKIT_TROUBLESHOOTING = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/troubleshooting.html"
CUDA_KEY_ROTATION = "https://developer.nvidia.com/blog/updating-the-cuda-linux-gpg-repository-key/"
SLURM_GRES = "https://slurm.schedmd.com/gres.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.toolkit-repository-missing",
        cause_id="nvidia-repo-not-configured",
        kinds=("any",),
        # apt's, yum's and dnf's words when no configured source offers the package: NVIDIA's container packages live
        # only in NVIDIA's own repository (nvidia.github.io/libnvidia-container), never in a distribution's archive.
        patterns=(r"Unable to locate package (?P<package>nvidia-(?:container-toolkit(?:-base)?|docker2|container-runtime))\b",
                  r"No package (?P<package>nvidia-(?:container-toolkit(?:-base)?|docker2|container-runtime)) available",
                  r"No match for argument: (?P<package>nvidia-(?:container-toolkit(?:-base)?|docker2|container-runtime))\b",
                  r"Package '?(?P<package>nvidia-(?:container-toolkit|docker2))'? has no installation candidate"),
        severity="fail",
        cause="The package manager has no source that offers {package}: NVIDIA's container toolkit repository is not "
              "configured on this system (or its list was written for another release).",
        advice=("Add NVIDIA's container toolkit repository first, as its install guide shows: `curl -fsSL "
                "https://nvidia.github.io/libnvidia-container/gpgkey | sudo gpg --dearmor -o "
                "/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg` and the list from "
                "https://nvidia.github.io/libnvidia-container/stable/deb/nvidia-container-toolkit.list (with its "
                "signed-by keyring) in /etc/apt/sources.list.d/ (the .repo file for dnf/yum), then `sudo apt-get update "
                "&& sudo apt-get install -y nvidia-container-toolkit`."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/97",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1238", TOOLKIT_INSTALL),
        checked="2026-11-26",
        examples=("containers/ctk-97-unable-to-locate-toolkit-wsl-ubuntu.txt",),
    ),
    Signature(
        code="containers.cuda-repository-key-rotated",
        cause_id="nvidia-repo-key-missing",
        kinds=("any",),
        # apt's words for a repository signed by a key it does not hold. A4B469963BF863CC is the CUDA repository's key
        # since April 2022 (3bf863cc.pub); nvidia/cuda images and hosts set up before then hold only 7fa2af80.
        patterns=(r"NO_PUBKEY (?P<key>A4B469963BF863CC)\b",
                  r"developer\.download\.nvidia\.com/compute/(?:cuda|machine-learning)/repos/\S{1,60}\s+InRelease' is "
                  r"not signed"),
        severity="fail",
        cause="apt cannot verify NVIDIA's CUDA repository: it is signed with the key NVIDIA rotated to in 2022 "
              "(A4B469963BF863CC), which this system or image does not hold.",
        advice=("Install NVIDIA's new repository key with the cuda-keyring package: `sudo apt-key del 7fa2af80`, then "
                "`wget https://developer.download.nvidia.com/compute/cuda/repos/<distro>/x86_64/cuda-keyring_1.1-1_all.deb "
                "&& sudo dpkg -i cuda-keyring_1.1-1_all.deb` (distro as in the failing address, e.g. ubuntu2004) and "
                "`apt-get update`; in a Dockerfile do this before the first apt-get update, or build from a newer "
                "nvidia/cuda tag."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1631",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1632", CUDA_KEY_ROTATION),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1632-no-pubkey-a4b469963bf863cc.txt",
                  "containers/gpujupyter-78-ci-no-pubkey-cuda-repo.txt"),
    ),
    Signature(
        code="containers.toolkit-repository-listed-twice",
        cause_id="nvidia-repo-not-configured",
        kinds=("any",),
        # apt refuses every update when two source entries for one NVIDIA repository disagree on signed-by (an old
        # nvidia-docker.list or libnvidia-container.list left beside the toolkit's list).
        patterns=(r"Conflicting values set for option Signed-By regarding source (?P<source>https://nvidia\.github\.io/"
                  r"[\w./-]{1,120})",),
        severity="fail",
        cause="Two APT source entries name NVIDIA's container repository ({source}) with different signing keys, so "
              "apt reads no sources at all.",
        advice=("Keep one entry for NVIDIA's container repository: list the files that name it (`grep -l "
                "nvidia.github.io /etc/apt/sources.list.d/*`), remove the older list file (nvidia-docker.list, "
                "libnvidia-container.list or nvidia-container-runtime.list) and keep nvidia-container-toolkit.list, then "
                "run `sudo apt-get update`."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/libnvidia-container/issues/194",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/170", TOOLKIT_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("containers/libnvidiacontainer-194-conflicting-signed-by.txt",),
    ),
    Signature(
        code="containers.slurm-gres-invalid",
        cause_id="slurm-gres-not-configured",
        kinds=("any",),
        # sbatch/srun/salloc's words when a job's --gres or --gpus names a generic resource the controller does not
        # know for any node of the partition (slurm.conf lacks GresTypes=gpu or the node's Gres=).
        # Slurm 21.08 and later also refuse a --gres/--gpus request naming no resource the controller tracks, an empty
        # `--gres=` (a submit template's placeholder for CPU jobs) included, as an invalid TRES (slurm_errno.c).
        patterns=(r"Invalid generic resource \(gres\) specification",
                  r"Requested GRES option unsupported by configured SelectType plugin",
                  r"Invalid Trackable RESource \(TRES\) specification"),
        severity="fail",
        cause="Slurm refused the job's GPU request: the controller has no GPU generic resource (gres) configured for "
              "the nodes the job may use, the request names a GPU type they do not have, or it is empty.",
        advice=("Make the request and Slurm's gres configuration agree: `scontrol show node NODE | grep -i gres` shows "
                "what Slurm knows; on GPU nodes set GresTypes=gpu and Gres=gpu:N (or gpu:TYPE:N) on the node lines of "
                "slurm.conf and a gres.conf (AutoDetect=nvml, or File=/dev/nvidia[0-N]), restart slurmctld and slurmd; "
                "on nodes without GPUs drop --gres/--gpus from the job. An empty `#SBATCH --gres=` line (a template "
                "filling it only for GPU jobs) is refused since Slurm 21.08: leave the line out when no GPU is asked for."),
        action="configure",
        rules_out=("the NVIDIA driver", "CUDA"),
        never_suggest=("reinstall the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/awslabs/awsome-distributed-ai/issues/196",
                 "https://github.com/SlinkyProject/slurm-operator/issues/57", "https://github.com/3dem/relion/issues/877",
                 SLURM_GRES),
        checked="2026-11-26",
        examples=("containers/awsomedistributedai-196-sbatch-invalid-gres.txt",
                  "containers/relion-877-empty-gres-line-invalid-tres.txt"),
    ),
    Signature(
        code="containers.compose-gpu-option-rejected",
        cause_id="compose-gpu-syntax",
        kinds=("any",),
        # docker-compose 1.x's schema check: `runtime:` existed only in the 2.3/2.4 file format until 1.27 merged the
        # formats, and deploy.resources.reservations.devices (the GPU request) arrived in 1.28.
        patterns=(r"Unsupported config option for services\.?[\w.-]{0,60}: '(?P<option>runtime|gpus)'",
                  r"Additional propert(?:y|ies) (?:is|are) not allowed \('devices' was unexpected\)",
                  # the same schema check in docker-compose releases whose jsonschema words it by pattern properties
                  r"reservations value 'devices' does not match any of the regexes",
                  # Compose v2 before 2.30 does not know the service-level `gpus:` attribute of the 2024 Compose spec.
                  r"services\.[\w.-]{1,60} Additional property (?P<option>gpus) is not allowed"),
        severity="fail",
        cause="This Compose rejects the compose file's GPU option: docker-compose 1.x before 1.27/1.28 knows "
              "`runtime:` only in the 2.3/2.4 file format and has no deploy device reservations, and Compose v2 before "
              "2.30 has no service-level `gpus:`.",
        advice=("Upgrade to a current Compose: the Docker Compose v2 plugin (`docker compose up`, package docker-compose-plugin) "
                "or docker-compose 1.28+, and request the GPU in the service with deploy.resources.reservations.devices "
                "(driver: nvidia, count: all, capabilities: [gpu]); with the old binary, set `version: '2.3'` to keep "
                "runtime: nvidia."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/docker/compose/issues/6691", "https://github.com/blakeblackshear/frigate/issues/767",
                 "https://github.com/rmurai0610/MASt3R-SLAM/pull/33", "https://docs.docker.com/compose/how-tos/gpu-support/"),
        checked="2026-11-26",
        examples=("containers/compose-6691-runtime-unsupported-compose-1-17.txt",
                  "containers/frigate-767-compose-runtime-option-v3-6.txt",
                  "containers/mast3rslam-33-compose-gpus-property-not-allowed.txt",
                  "containers/instantngp-929-compose-devices-regexes-x.txt"),
    ),
    Signature(
        code="containers.compose-gpu-device-malformed",
        cause_id="compose-gpu-syntax",
        kinds=("any",),
        # Compose v2's schema check of a GPU reservation: every device entry needs capabilities, and one entry split over
        # two list items (a stray "-") or a key that belongs elsewhere (gpus:, runtime:) is refused before any container.
        patterns=(r"reservations\.devices\.\d{1,2} (?:missing property 'capabilities'|capabilities is required)",
                  r"reservations\.devices\.\d{1,2} Additional property (?P<property>\w{2,30}) is not allowed"),
        severity="fail",
        cause="Compose refuses the service's GPU reservation: a device entry lacks `capabilities` or holds a key that is "
              "not a device property, usually one entry split by an extra `-` or `gpus:` written inside it.",
        advice=("Write the GPU request as one list item under deploy.resources.reservations.devices: `- driver: nvidia` "
                "followed, without another hyphen, by `count: all` (or `device_ids: ['0']`) and `capabilities: [gpu]`; "
                "`gpus:` is never a device property (recent Compose versions accept it on the service itself); check "
                "with `docker compose config`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit"),
        never_suggest=("reinstall the driver", "reinstall Docker"),
        sources=("https://github.com/open-webui/docs/pull/952", "https://github.com/docker/compose/issues/8569",
                 "https://docs.docker.com/compose/how-tos/gpu-support/"),
        checked="2026-11-26",
        examples=("containers/openwebuidocs-952-gpu-yaml-hyphen.txt",),
    ),
    Signature(
        code="containers.ngc-image-predates-gpu",
        refines=("containers.ngc-no-supported-gpu",),
        refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # The NGC images' entrypoint (nvidia_entrypoint.sh) compares each GPU with the architectures the release was
        # built for and prints this for a GPU newer (or older) than those; "No supported GPU(s)" follows when none is.
        patterns=(r"Detected NVIDIA (?P<gpu>[\w ()-]{3,60}?) GPU, which is not (?:yet )?supported (?:in|by) this "
                  r"(?:version of the )?container",),
        severity="fail",
        cause="This NGC container release was built before (or without) the {gpu}'s GPU architecture, so its "
              "framework has no kernels for it and the entrypoint refuses the GPU.",
        advice=("Use a newer NGC release of the image (or rebuild your Dockerfile FROM a newer nvcr.io base tag) whose "
                "release notes list this GPU's architecture, e.g. 22.12 or later for RTX 40 (Ada), 25.01 or later for "
                "RTX 50 (Blackwell); keep the host driver new enough for that release. For a GPU older than the "
                "release supports (Kepler, Maxwell), use an older release that still lists it."),
        action="configure",
        rules_out=("the NVIDIA Container Toolkit", "the GPU's health"),
        never_suggest=("reinstall the driver", "reinstall the NVIDIA Container Toolkit"),
        sources=("https://github.com/HuangJunJie2017/BEVDet/issues/314",
                 "https://github.com/dusty-nv/jetson-inference/issues/1814",
                 "https://docs.nvidia.com/deeplearning/frameworks/support-matrix/index.html"),
        checked="2026-11-26",
        examples=("containers/bevdet-314-tensorrt-22-07-rtx4090-not-supported.txt",
                  "containers/jetsoninference-1814-rtx4060-laptop-ngc-too-old.txt"),
    ),
    Signature(
        code="containers.gpus-count-and-device-ids",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # The Docker daemon's check of a DeviceRequest: `--gpus device=0,1` unquoted is split at the comma into
        # device=0 and a bare "1" that the CLI reads as a count; compose files that set both count and device_ids too.
        patterns=(r"cannot set both Count and DeviceIDs on device request",),
        severity="fail",
        cause="Docker received a GPU request with both a count and a device list: an unquoted `--gpus device=0,1` (split "
              "at the comma) or a compose service with both count and device_ids.",
        advice=("Quote the device list so Docker reads it as one field: `docker run --gpus '\"device=0,1\"' IMAGE` (a "
                "single GPU needs no quotes: --gpus device=1); in a compose file keep device_ids and remove count."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit"),
        never_suggest=("reinstall the driver", "reinstall the NVIDIA Container Toolkit"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1026", "https://github.com/NVIDIA/nvidia-docker/issues/1257",
                 "https://docs.docker.com/reference/cli/docker/container/run/#gpus"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1257-gpus-device-2-3-unquoted.txt",
                  "containers/remotedockerplugin-38-gpus-device-list-count.txt"),
    ),
    Signature(
        code="containers.podman-no-nvidia-runtime",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # Podman's words for --runtime nvidia (or a compose file's runtime: nvidia) when containers.conf names no such
        # runtime: the toolkit registers "nvidia" with Docker only; Podman takes GPUs through CDI.
        patterns=(r"(?:default )?OCI runtime \\?\"nvidia\\?\" not found",),
        severity="fail",
        cause="Podman has no OCI runtime named nvidia: the NVIDIA Container Toolkit registers that runtime with Docker, "
              "while Podman gets GPUs through CDI.",
        advice=("Use CDI with Podman instead of --runtime nvidia: `sudo nvidia-ctk cdi generate "
                "--output=/etc/cdi/nvidia.yaml`, check `nvidia-ctk cdi list`, then `podman run --device nvidia.com/gpu=all "
                "IMAGE` (drop runtime: nvidia from compose files run by podman-compose)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "install nvidia-docker2"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1544",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1544-podman-default-oci-runtime-nvidia.txt",),
    ),
    Signature(
        code="containers.slurm-job-oom-killed",
        cause_id="host-memory-oom",
        kinds=("any",),
        # slurmstepd's report when the job step's memory cgroup killed a task (older releases: "oom-kill event(s) in
        # step N.batch cgroup"), and srun's per-task summary; and Slurm's own memory enforcement (jobacct_gather:
        # "Job N" / "Step N.M" / "%ps exceeded memory limit (USED > LIMIT), being killed", and the notice srun and
        # slurmstepd print with it, "Exceeded job memory limit"). Older task/cgroup's "Exceeded step memory limit at some
        # point." is left out: it also counted page cache and was printed for jobs that completed.
        patterns=(r"Detected (?P<events>\d{1,6}) oom[-_]kill events? ?(?:\(s\) )?in (?:StepId=|step )(?P<step>[\w.]{1,40})",
                  r"srun: error: (?P<node>[\w.-]{1,80}): tasks? [\d,-]{1,40}: Out Of Memory",
                  r"exceeded memory limit \((?P<used>\d{1,15}) > (?P<limit>\d{1,15})\), being killed",
                  r"Exceeded (?:job|step) memory limit(?! at some point)"),
        smaller=(("limit", "used"),),
        severity="fail",
        cause="Slurm killed the job's processes for exceeding the host memory the job was allocated (its memory "
              "cgroup), not for GPU memory.",
        advice=("Request more host memory for the job (`#SBATCH --mem=64G`, or --mem-per-cpu / --mem-per-gpu) and check "
                "its peak with `sacct -j JOBID --format=JobID,MaxRSS,ReqMem`; lower what each rank loads into RAM "
                "(DataLoader num_workers, dataset caching, CPU offload)."),
        action="configure",
        rules_out=("the GPU", "GPU memory", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "reduce the batch size for GPU memory"),
        sources=("https://github.com/nathanweeks/exonerate/issues/31",
                 "https://github.com/ZwwWayne/K-Net/issues/30", "https://github.com/coqui-ai/STT/issues/2238",
                 "https://github.com/openbabel/openbabel/issues/2658", "https://github.com/chaos/slurm/issues/54",
                 "https://github.com/SchedMD/slurm/blob/master/src/interfaces/jobacct_gather.c",
                 "https://slurm.schedmd.com/sbatch.html#OPT_mem"),
        checked="2026-11-26",
        examples=("containers/exonerate-31-slurm-oom-kill-events-batch.txt",
                  "containers/coquistt-2238-slurm-job-exceeded-memory-limit.txt",
                  "containers/openbabel-2658-slurm-step-exceeded-memory-limit.txt"),
    ),
    Signature(
        code="containers.device-plugin-inotify-exhausted",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # The device plugin watches /var/lib/kubelet/device-plugins with inotify at start; "too many open files" there is
        # the node's fs.inotify.max_user_instances (128 by default) used up by other pods, not a file-descriptor limit.
        # k8s-device-plugin v0.15 on names the folder: "failed to create FS watcher for /var/lib/kubelet/device-plugins/:"
        patterns=(r"failed to create (?:FS|fsnotify) watcher(?: for [^:\n]{1,120})?: too many open files",),
        severity="fail",
        cause="A GPU operator or device plugin pod could not start its file watcher because the node has used up its "
              "inotify instances (fs.inotify.max_user_instances), so it exits and the node advertises no nvidia.com/gpu.",
        advice=("Raise the node's inotify limits: `sudo sysctl -w fs.inotify.max_user_instances=512 "
                "fs.inotify.max_user_watches=524288` (persist them in /etc/sysctl.d/), then restart the "
                "failing GPU operator / nvidia-device-plugin pods and check the node's nvidia.com/gpu allocatable."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "reinstall the GPU operator"),
        sources=("https://github.com/rancher/rke2-docs/pull/548", "https://github.com/NVIDIA/gpu-operator/issues/441",
                 "https://github.com/intel/intel-device-plugins-for-kubernetes/issues/2075"),
        checked="2026-11-26",
        examples=("containers/rke2docs-548-fsnotify-too-many-open-files.txt",),
    ),
    Signature(
        code="containers.dcgm-profiling-metrics-unsupported",
        cause_id="dcgm-profiling-unsupported",
        kinds=("any",),
        # dcgm-exporter's fatal exit when its metrics CSV asks DCGM for profiling (DCP) fields the GPU lacks; releases
        # since 2.1.2 / 2.4.6-2.6.10 log "Not collecting DCP metrics" or skip the field instead (healthy, not matched).
        patterns=(r"level=fatal msg=\\?\"Error watching fields: (?P<reason>Profiling is not supported for this group of GPUs|"
                  r"Feature not supported|This request is serviced by a module of DCGM that is not currently loaded)",),
        severity="fail",
        cause="dcgm-exporter exited because its metrics file asks for profiling (DCP, DCGM_FI_PROF_*) fields this GPU "
              "does not support ({reason}): GeForce and older Quadro/Tesla GPUs lack them, some only exist from Ampere on.",
        advice=("Run dcgm-exporter without the profiling fields on these GPUs: drop the `-f "
                "/etc/dcgm-exporter/dcp-metrics-included.csv` arguments (Helm value `arguments`) or use a metrics CSV "
                "without DCGM_FI_PROF_* lines, or upgrade to an exporter release that skips unsupported DCP metrics."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU's health"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/gpu-monitoring-tools/issues/119", "https://github.com/NVIDIA/dcgm-exporter/issues/82",
                 "https://github.com/NVIDIA/dcgm-exporter/pull/86", "https://github.com/NVIDIA/dcgm-exporter/issues/22"),
        checked="2026-11-26",
        examples=("containers/gpumonitoringtools-119-dcgm-profiling-not-supported-quadro.txt",
                  "containers/dcgmexporter-82-tensor-imma-feature-not-supported-v100.txt"),
    ),
    Signature(
        code="containers.k8s-gpu-request-not-limit",
        cause_id="k8s-gpu-request-invalid",
        kinds=("any",),
        # The API server's validation of extended resources (ValidateResourceRequirements): a request must equal its
        # limit, and the quantity must be whole; the message names the resource.
        patterns=(r"Invalid value: \\?\"(?P<value>[\d.]{1,12})\\?\": must be equal to (?P<resource>nvidia\.com/[\w.-]{1,60}) limit",
                  r"resources\.(?:requests|limits)\[(?P<resource2>nvidia\.com/[\w.-]{1,60})\]: Invalid value: "
                  r"\\?\"[\d.]{1,12}\\?\": must be an integer"),
        severity="fail",
        cause="Kubernetes rejected the pod spec's GPU request: for nvidia.com/gpu (an extended resource) requests must "
              "equal limits and be whole GPUs, so ranges, overcommit and fractions are refused.",
        advice=("Set the GPU count only under resources.limits (`nvidia.com/gpu: 1`; Kubernetes copies it to requests) "
                "or make requests equal to limits, as a whole number; to share a GPU, use the device plugin's "
                "time-slicing or MIG instead of fractions."),
        action="configure",
        rules_out=("the NVIDIA driver", "the device plugin", "the node"),
        never_suggest=("reinstall the driver", "reinstall the GPU operator"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/154",
                 "https://kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus/"),
        checked="2026-11-26",
        examples=("containers/k8sdp-154-gpu-requests-not-equal-limits.txt",),
    ),
    Signature(
        code="containers.apptainer-nv-no-driver-files",
        cause_id="container-host-driver-not-found",
        kinds=("any",),
        # Apptainer/Singularity's --nv resolves the names in nvliblist.conf against the host's ldconfig cache and PATH;
        # these are its words (3.x and later, and "nv files" in 3.0-3.8) when it finds none of them.
        patterns=(r"Could not find any (?:nv files|NVIDIA (?:libraries|binaries)) on this host",),
        # --nv was given and found nothing to bind: the no-driver lines the programs then print are its consequence
        # (containers.apptainer-started-without-nv, which reads them in an Apptainer text, gives way to it).
        refines=("cuda.libcuda-so1-missing", "cuda.no-device", "cuda.torch-no-gpus-visible", "kernel.driver-not-loaded", "cuda.driver-insufficient",
                 "cuda.ctranslate2-driver-too-old",
                 "cuda.tf-driver-libcuda-not-found", "kernel.nvidia-smi-missing"), refines_within=None,
        severity="fail",
        cause="Apptainer/Singularity's --nv found no NVIDIA driver libraries or binaries on this host to bind into the "
              "container, so the container sees no GPU: the driver is not installed on this node, or its libraries are "
              "not in the ldconfig cache.",
        advice=("On the host, check `nvidia-smi` and `ldconfig -p | grep -E 'libcuda|libnvidia-ml'`: run on a node with "
                "the NVIDIA driver installed (not a login node), or add the driver's library directory to "
                "/etc/ld.so.conf.d and run ldconfig (or list the paths in nvliblist.conf); on WSL2 or with the NVIDIA "
                "Container Toolkit, use `--nvccli`."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("install the NVIDIA driver inside the container",),
        sources=("https://github.com/sylabs/singularity/issues/776",
                 "https://apptainer.org/docs/user/latest/gpu.html"),
        checked="2026-11-26",
        examples=("containers/sylabs-776-singularity-nv-no-nvidia-libraries.txt",),
    ),
    Signature(
        code="containers.slurm-nvml-autodetect-unavailable",
        cause_id="slurm-gres-not-configured",
        kinds=("any",),
        # slurmd (gpu plugin selection) when gres.conf says AutoDetect=nvml but this Slurm was configured without NVML,
        # so gpu_nvml.so does not exist; the node then registers fewer GPUs than slurm.conf's Gres= and is drained
        # (that drain reason alone is containers.slurm-gres-count-low's, which names this build as one cause).
        patterns=(r"We were configured to autodetect nvml functionality, but we weren't able to find that lib",),
        severity="fail",
        cause="slurmd cannot count the node's GPUs: gres.conf asks for NVML autodetection, which this Slurm build lacks "
              "(it was compiled without NVML), or gres.conf lists fewer GPUs than slurm.conf's Gres=, so Slurm refuses "
              "or drains the node.",
        advice=("Check the build: `ls $(dirname $(which slurmd))/../lib*/slurm/gpu_nvml.so`; without it, install a Slurm "
                "built with NVML (the distribution's package with the NVML GPU plugin, or rebuild with the NVML headers "
                "present), or stop autodetecting: list the GPUs in gres.conf (`Name=gpu File=/dev/nvidia[0-3]`; "
                "`AutoDetect=nvidia` on Slurm 24.11 and later needs no NVML), make slurm.conf's Gres=gpu:N match, restart "
                "slurmd and `scontrol update nodename=NODE state=resume`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPUs"),
        never_suggest=("reinstall the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/NVIDIA/deepops/issues/1214", "https://github.com/SlinkyProject/containers/issues/14",
                 "https://github.com/openhpc/ohpc/issues/1910", SLURM_GRES),
        checked="2026-11-26",
        examples=("containers/deepops-1214-autodetect-nvml-not-built.txt",),
    ),
    Signature(
        code="containers.slurm-no-node-matches-request",
        cause_id="slurm-gres-not-configured",
        kinds=("any",),
        # sbatch/srun/salloc refuse a job at submission when no node of the partitions it may use can ever hold what it
        # asks (ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE): with GPUs, usually a request sent to the default partition,
        # whose nodes have none, or more GPUs (or cores, memory) per node than any node of the partition has.
        patterns=(r"(?:Batch job submission failed|Unable to allocate resources|Job submit/allocate failed|"
                  r"Unable to create step for job \d{1,12}): Requested node configuration is not available",),
        severity="fail",
        cause="Slurm found no node in the partitions the job may use that could ever satisfy its request: the GPUs it "
              "asks for (type, count per node) are not on that partition's nodes, typically because the job went to "
              "the default partition instead of the GPU one, or asks for more GPUs, cores or memory than one node has.",
        advice=("Send the job to a partition whose nodes have the GPUs: `sinfo -o \"%P %G %c %m\"` lists each "
                "partition's GRES, cores and memory; add `--partition=GPU_PARTITION` (and the QOS or account the site "
                "requires) and ask for at most what one node has (`--gres=gpu:TYPE:N` or `--gpus-per-node=N`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "CUDA"),
        never_suggest=("reinstall the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/AaltoSciComp/scicomp-docs/issues/26",
                 "https://github.com/rcgsheffield/sheffield_hpc/issues/1042",
                 "https://github.com/AaltoSciComp/scicomp-docs/pull/445", SLURM_GRES),
        checked="2026-11-26",
        examples=("containers/scicompdocs-26-sinteractive-gres-no-partition.txt",
                  "containers/sheffieldhpc-1042-srun-needs-partition-qos.txt"),
    ),
    Signature(
        code="containers.k8s-runtimeclass-missing",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # The API server's RuntimeClass admission rejects a pod whose runtimeClassName names no RuntimeClass object; the
        # GPU operator creates "nvidia" (handler nvidia), clusters whose nodes carry the runtime without the operator
        # (EKS GPU AMIs, k3s, hand-configured containerd) have none unless someone applies it.
        patterns=(r"pod rejected: RuntimeClass \\?\"(?P<runtime_class>[\w.-]{1,63})\\?\" not found",
                  r"^\s{0,8}RuntimeClass \\?\"(?P<runtime_class>nvidia[\w.-]{0,40})\\?\" not found",
                  # quoted in prose or a status column ("Pending (`RuntimeClass "nvidia" not found`)"), and the API's
                  # NotFound form the kubelet reports when it looks the class up for the sandbox (w46d)
                  r"[(`'] {0,2}RuntimeClass \\?\"(?P<runtime_class>nvidia[\w.-]{0,40})\\?\" not found",
                  r"runtimeclass\.node\.k8s\.io \\?\"(?P<runtime_class>[\w.-]{1,63})\\?\" not found"),
        severity="fail",
        cause="The pod names runtimeClassName {runtime_class}, but no RuntimeClass of that name exists in the "
              "cluster, so the API server rejects the pod before it is scheduled.",
        advice=("Create the RuntimeClass the pod names, with the handler the GPU nodes' containerd or CRI-O has "
                "(`kubectl apply -f -` of `apiVersion: node.k8s.io/v1, kind: RuntimeClass, metadata: {name: nvidia}, "
                "handler: nvidia`; `kubectl get runtimeclass` lists those there), or let the GPU operator's toolkit "
                "create it; where nvidia is already the default runtime, or the pod uses no GPU, drop "
                "runtimeClassName from the pod spec, as on GPU operator installs that inject GPUs through CDI with the "
                "NRI plugin, which create no RuntimeClass (the pod gets its GPUs from its nvidia.com/gpu request)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver", "rebuild the image"),
        sources=("https://github.com/truenas/middleware/pull/11178", "https://github.com/aws-samples/aws-do-eks/pull/96",
                 "https://github.com/NVIDIA/k8s-device-plugin/pull/1304", "https://github.com/LMCache/LMCache/pull/5057",
                 "https://kubernetes.io/docs/concepts/containers/runtime-class/"),
        checked="2026-11-26",
        examples=("containers/truenas-11178-pod-rejected-runtimeclass.txt",
                  "containers/awsdoeks-96-runtimeclass-nvidia-not-found.txt",
                  "containers/lmcache-5057-nri-cdi-install-runtimeclass-nvidia-not-found.txt"),
    ),
    Signature(
        code="containers.operator-validator-symlinks-failed",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # The GPU operator's validator (driver-validation init container) creates /dev/char symlinks for the NVIDIA
        # character devices (a workaround for runc's systemd cgroup driver) and, when it cannot (modules that do not
        # load on a host with a pre-installed driver, device nodes it cannot classify), fails the validation, so the
        # operator's other pods wait in Init and the node never advertises nvidia.com/gpu.
        patterns=(r"error validating driver installation: error creating symlink(?:s| creator): (?P<reason>[^\\\n\"]"
                  r"{3,160})",),
        severity="fail",
        cause="The GPU operator's driver validator could not create the /dev/char symlinks for the NVIDIA devices "
              "({reason}), so the validation fails and the operator never makes the node's GPUs schedulable.",
        advice=("Upgrade the GPU operator to a current release (`helm upgrade gpu-operator nvidia/gpu-operator -n "
                "gpu-operator --version <current>`; MicroK8s: `microk8s enable gpu --version v24.3.0` or later), whose "
                "validator handles pre-installed drivers and existing device nodes; check on the host that the modules "
                "load (`sudo modprobe nvidia nvidia-modeset nvidia-uvm`). Where the symlinks are not needed, the "
                "validator's own workaround is `DISABLE_DEV_CHAR_SYMLINK_CREATION=true` in the ClusterPolicy "
                "(validator.driver.env)."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/canonical/microk8s/issues/4556", "https://github.com/NVIDIA/gpu-operator/issues/1015",
                 "https://github.com/NVIDIA/gpu-operator/issues/671", "https://github.com/NVIDIA/gpu-operator/issues/430"),
        checked="2026-11-26",
        examples=("containers/microk8s-4556-validator-symlink-invalid-device-node.txt",),
    ),
    Signature(
        code="containers.toolkit-repository-key-missing",
        cause_id="nvidia-repo-key-missing",
        kinds=("any",),
        # apt's words when it cannot verify NVIDIA's container repositories at nvidia.github.io (libnvidia-container,
        # and the retired nvidia-docker and nvidia-container-runtime lists): the key was never added, was written to a
        # keyring apt cannot read, or is an older key (6ED91CA3AC1160CD before 2019, DDCAE044F796ECB0 now) or expired.
        patterns=(r"GPG error: https://nvidia\.github\.io/(?P<repo>libnvidia-container|nvidia-docker|nvidia-container-runtime)"
                  r"/\S{1,80}\s{1,3}InRelease: The following signatures (?:couldn't be verified|were invalid)",),
        severity="fail",
        cause="apt cannot verify NVIDIA's {repo} repository: the key it is signed with is not in a keyring apt can read "
              "(never added, an older or expired key, or a keyring file apt cannot read).",
        advice=("Fetch the current key into the keyring the list names, readable by apt: `curl -fsSL "
                "https://nvidia.github.io/libnvidia-container/gpgkey | sudo gpg --dearmor --yes -o "
                "/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg && sudo chmod 644 "
                "/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg`; use the install guide's current list "
                "(stable/deb, with signed-by= that keyring) and delete old nvidia-docker or nvidia-container-runtime "
                "lists, then `sudo apt-get update`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "install cuda-keyring"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1658", "https://github.com/NVIDIA/nvidia-container-runtime/issues/76",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/81", TOOLKIT_INSTALL),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1658-toolkit-keyring-not-readable.txt",
                  "containers/nvidiacontainerruntime-76-gpg-key-6ed91ca3-not-available.txt"),
    ),
)
