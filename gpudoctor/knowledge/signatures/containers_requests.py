"""What a container was started with, read as the cause: a memory limit its process outgrew, driver capabilities
without compute (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.memory-limit-oom-killed",
        cause_id="host-memory-oom",
        kinds=("any",),
        # The container runtime's own record of a container its memory cgroup killed: the kubelet's reason OOMKilled
        # (`kubectl describe pod`'s "Reason: OOMKilled", `kubectl get pods`' STATUS, the pod yaml's "reason: OOMKilled",
        # people's "was OOMKilled"), `docker inspect`'s "OOMKilled": true (false on every healthy container, so not
        # that), and kubectl's words for its exit status 137 (128 + SIGKILL): describe's "Exit Code: 137" and exec's
        # "command terminated with exit code 137". Docker compose's "<service>-1 exited with code 137" is left to
        # frameworks.process-killed-sigkill (and inside WSL 2 to wsl.killed-memory-limit, the VM's limit).
        # O{2}: keyed on "MKill", whose first character other keys share (a new one would be a prefilter pass).
        patterns=(r"(?<![\"\w])O{2}MKill(?:ed|ing)\b(?!\"?:\s{0,3}false)", r"\"OOMKilled\":\s{0,3}true\b",
                  r"\bExit Code:\s{1,12}137\b", r"command terminated with exit code 137\b",
                  # runc when the container is killed before its process starts (kubelet's "container create failed")
                  r"container init was OOM-killed \(memory limit too low\?\)"),
        # frameworks.process-killed-sigkill reads the same kill from the program's side (signal 9, a bare "Killed",
        # exit code 137): the runtime's record says which memory ran out, so it explains those lines.
        refines=("frameworks.process-killed-sigkill",), refines_within=None,
        severity="fail",
        cause="The container was killed (exit code 137, SIGKILL) because it used more host RAM than its memory limit "
              "allows (the container's memory cgroup, or on Docker Desktop the VM's memory): host memory, not GPU "
              "memory, ran out.",
        advice=("Raise the container's memory limit: in Kubernetes resources.limits.memory (and requests.memory) in the "
                "pod spec or the Helm values, with docker run `--memory 32g` (compose: `mem_limit` or deploy.resources."
                "limits.memory), on Docker Desktop Settings > Resources > Memory (with the WSL 2 back end `memory=` in "
                "%UserProfile%\\.wslconfig); or make the process use less RAM (a smaller or quantized model, fewer models "
                "loaded at once, fewer DataLoader workers, low_cpu_mem_usage). Confirm it with `kubectl describe pod` "
                "(Last State: Terminated, Reason: OOMKilled) or `docker inspect -f '{{.State.OOMKilled}}' NAME`; if "
                "that says false, the host itself ran out of RAM (`sudo dmesg -T | grep -i 'killed process'`) or the "
                "container was stopped with SIGKILL."),
        action="configure",
        rules_out=("GPU memory", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "lower gpu_memory_utilization", "reduce the batch size for GPU memory"),
        sources=("https://github.com/opendatahub-io/odh-manifests/issues/704",
                 "https://github.com/llm-d/llm-d-autoscaling/issues/191",
                 "https://github.com/aamsellem/olares-one-market/issues/10", "https://github.com/kubeflow/trainer/issues/1661",
                 "https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/",
                 "https://docs.docker.com/engine/containers/resource_constraints/#memory"),
        checked="2026-11-26",
        examples=("containers/odhmanifests-704-oomkilled-exit-137-limits.txt",
                  "containers/llmd-autoscaling-191-oomkilled-limit-128mi.txt",
                  "containers/olares-10-vllm-pod-reason-oomkilled.txt",
                  "containers/trainingoperator-1661-container-init-oom-killed.txt"),
    ),
    Signature(
        code="containers.gpu-capabilities-without-compute",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # The NVIDIA runtime mounts the driver's files by capability: utility gives nvidia-smi and libnvidia-ml, compute
        # gives libcuda.so.1. Docker passes a compose reservation's capabilities other than "gpu" as
        # NVIDIA_DRIVER_CAPABILITIES (`capabilities: [gpu, utility]` gives utility alone; `[gpu]` alone keeps the image's
        # or the default compute,utility), and an image may set the variable itself (graphics or utility for a GUI).
        # A capability list naming utility, video, graphics or display but neither compute nor all, as the compose file,
        # `docker inspect` or the variable shows it; and nvidia-smi's own header in such a container, which prints
        # "CUDA Version: N/A" when it finds no libcuda (Markdown bold or backticks around it as people paste it).
        patterns=(r"capabilities: ?\[(?![^\]\n]{0,60}\b(?:compute|all)\b)(?=[^\]\n]{0,60}\b(?:utility|video|graphics|display)\b)"
                  r"[^\]\n]{1,60}\]",
                  r"\"Capabilities\": ?\[\[(?![^\]\n]{0,60}\b(?:compute|all)\b)(?=[^\]\n]{0,60}\b(?:utility|video|graphics|display)\b)"
                  r"[^\]\n]{1,60}\]\]",
                  r"NVIDIA_DRIVER_CAPABILITIES(?:=|: ?)[\"']?(?![^\s\"']{0,60}\b(?:compute|all)\b)[a-z0-9,]{3,60}[\"']?(?![\w,])",
                  r"(?:Driver Version: (?P<driver>\d{3}\.\d{1,3}(?:\.\d{1,3})?) {1,20}|`)(?:\*\*)?CUDA Version: N/A\b"),
        # CUDA's own symptoms of a missing libcuda, anywhere in the same paste: the capability list says why.
        refines=("cuda.libcuda-so1-missing", "kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.driver-insufficient",
                 "cuda.ctranslate2-driver-too-old"),
        refines_within=None,
        severity="warn",
        cause="The container was given the GPU without the compute driver capability, so the NVIDIA runtime mounted "
              "nvidia-smi and libnvidia-ml but not the driver's CUDA library libcuda.so.1: nvidia-smi works (its header "
              "says CUDA Version: N/A), CUDA programs find no driver.",
        advice=("Add the compute capability: in the compose file `capabilities: [gpu]` with `driver: nvidia` and "
                "`count: all` (or `[gpu, compute, utility]`), with docker run `--gpus all` or `-e "
                "NVIDIA_DRIVER_CAPABILITIES=compute,utility` (append graphics or video if the app needs them, or use "
                "`all`), in a pod spec the env NVIDIA_DRIVER_CAPABILITIES=compute,utility; then recreate the container "
                "(`docker compose up -d --force-recreate`) and check that `nvidia-smi` inside it shows a CUDA Version. "
                "On a host (no container) CUDA Version: N/A means the driver's CUDA library package is missing: "
                "install libnvidia-compute for the driver's branch (or the distribution's libcuda1 / nvidia-driver-cuda)."),
        action="configure",
        rules_out=("the NVIDIA driver's version", "the CUDA toolkit in the image"),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/turlucode/ros-docker-gui/issues/12", "https://github.com/rapidsai/docker/issues/405",
                 "https://github.com/jahaniam/orbslam3_docker/issues/31",
                 "https://github.com/weaviate/weaviate-helm/issues/101", "https://github.com/docker/compose/issues/8583",
                 "https://github.com/docker/docs/pull/13476",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html",
                 "https://docs.docker.com/compose/how-tos/gpu-support/"),
        checked="2026-11-26",
        examples=("containers/rosdockergui-12-runtime-nvidia-cuda-version-na.txt",
                  "containers/rapidsdocker-405-runtime-centos7-cuda-na.txt",
                  "containers/orbslam3docker-31-cuda-version-na-in-container.txt"),
    ),
    Signature(
        code="containers.gpus-flag-unparsed",
        cause_id="docker-gpus-flag-invalid",
        kinds=("any",),
        # The docker CLI's parser of --gpus (docker/cli opts/gpus.go) reads the value as CSV fields of key=value; a field
        # without "=" is the count. An unquoted `capabilities=compute,utility` or `device=0,1` leaves a bare field
        # ("utility") read as a count, and `--gpus IMAGE` (no value) reads the image name as one: "count must be an
        # integer" until 2025, `invalid count (X): value must be either "all" or an integer` since. Unknown or repeated
        # keys are refused by the same parser. "all" is not a capability dockerd's NVIDIA device driver registers, so
        # `--gpus all,capabilities=all` reaches the daemon as [[all gpu]] and no driver is selected.
        patterns=(r"for \"--gpus\" flag: count must be an integer",
                  r"invalid count \((?P<value>[^)\n]{1,200})\): value must be either \"all\" or an integer",
                  r"for \"--gpus\" flag: (?:unexpected key '[^'\n]{1,40}'|gpu request key '[^'\n]{1,40}' can be specified "
                  r"only once)",
                  r"could not select device driver \"[^\"\n]{0,20}\" with capabilities: \[\[[a-z0-9 ]{0,80}\ball\b",
                  # the flag and its value as ONE argument (devcontainer.json runArgs ["--gpus all"], a subprocess list
                  # ["docker", "run", "--gpus all", ...]): the CLI looks for a flag named "--gpus all" (w39e)
                  r"unknown flag: (?P<value>--gpus (?!See\b)[\w\"'][^\n]{0,40})"),
        refines=("containers.no-gpu-device-driver",),
        severity="fail",
        cause="Docker could not read the --gpus value: the CLI splits it at commas into fields, so an unquoted list "
              "(device=0,1, capabilities=compute,utility) or a missing value (the image name read as the GPU count) "
              "makes an invalid request, and \"all\" is no capability Docker's NVIDIA driver knows.",
        advice=("Give --gpus its value before the image and quote a list inside it so that it stays one field: "
                "`docker run --gpus all IMAGE`, `--gpus '\"device=0,1\"'`, `--gpus 'all,\"capabilities=compute,utility\"'` "
                "(in PowerShell escape the inner quotes: `--gpus '\\\"device=0,1\\\"'`); for every driver capability use "
                "`--gpus all -e NVIDIA_DRIVER_CAPABILITIES=all` rather than capabilities=all. Where a launcher takes the "
                "arguments as a list (devcontainer.json runArgs, subprocess, an SDK), give the flag and its value as "
                "separate elements (`\"runArgs\": [\"--gpus\", \"all\"]`) or as one `--gpus=all`. Nothing needs installing: "
                "the NVIDIA runtime is not what failed."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit"),
        never_suggest=("reinstall the driver", "nvidia-ctk runtime configure", "reinstall Docker"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1128", "https://github.com/radiasoft/sirepo/issues/6560",
                 "https://github.com/docker/cli/blob/master/opts/gpus.go", "https://github.com/microsoft/vscode-remote-release/issues/2366",
                 "https://docs.docker.com/reference/cli/docker/container/run/#gpus"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1128-gpus-all-capabilities-unquoted.txt",
                  "containers/sirepo-6560-gpus-flag-without-value.txt",
                  "containers/vscoderemote-2366-unknown-flag-gpus-all.txt"),
    ),
)
