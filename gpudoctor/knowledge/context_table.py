"""The contexts a text may come from, as data (gpudoctor/knowledge/contexts.py reads them): each with what being in it
changes, the markers that show it, their sources and the date they were checked. Adding a context is one entry here."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Context:
    name: str
    meaning: str  # one sentence: what being in it changes for a reader of the text
    markers: tuple[str, ...]  # regexes: any one found anywhere in the text puts the text in the context
    sources: tuple[str, ...]  # where the markers are documented (what prints them)
    checked: str  # ISO date the markers were last checked against their sources


# Innermost first: a launcher's ranks may run in a container, which may run in WSL 2. Where rows of several
# contexts read the same generic line, the innermost one's cause is the one to act on (in_contexts).
CONTEXTS: tuple[Context, ...] = (
    Context(
        name="slurm-gpu-per-task",
        meaning="Slurm bound GPUs to each task (--gpus-per-task, --gpu-bind=single/map_gpu/mask_gpu), so every rank's "
                "CUDA_VISIBLE_DEVICES lists only its own GPU(s), renumbered from 0: a rank that picks device "
                "local_rank, or reaches a peer's GPU, asks for an index its process cannot see.",
        markers=(
            # the job script's request or srun's option (w41d, 2026-11-28); "--gpus-per-task=1", "gpus-per-task 2"
            r"--gpus-per-task[= ]['\"]?\d",
            r"--gpu-bind[= ]['\"]?(?:single:|map_gpu:|mask_gpu:)",
            # --ntasks-per-gpu implies --gpu-bind=single:<ntasks> (sbatch(1)); w47c, 2026-11-28
            r"--ntasks-per-gpu[= ]['\"]?\d",
        ),
        sources=("https://slurm.schedmd.com/sbatch.html#OPT_gpus-per-task",
                 "https://github.com/ACEsuit/mace/issues/435"),
        checked="2026-11-28",
    ),
    Context(
        name="rank-picks-device",
        meaning="The script picks its GPU from its rank (torch.cuda.set_device(local_rank), set_device(rank)), so a "
                "GPU index the node lacks comes from the number of processes started per node or from a global rank "
                "used where the node-local one belongs, not from the GPUs made visible.",
        markers=(
            # the script's own frame of the traceback, or the line quoted from it (w36d, 2026-11-27)
            # (never a --gpu or gpu_id option: a GPU index the person chose, which no process count explains)
            r"\.set_device\((?:args?\.|self\.|opt\.|cfg\.|config\.|params\.)?(?:local_rank|rank)\)",
            r"\.set_device\(int\(os\.environ\[[\"']LOCAL_RANK",
            r"\.set_device\((?:dist|torch\.distributed)\.get_rank\(\)",
        ),
        sources=("https://pytorch.org/docs/stable/elastic/run.html",
                 "https://github.com/meta-llama/llama-cookbook/issues/90"),
        checked="2026-11-27",
    ),
    Context(
        name="multi-node",
        meaning="The job spans several machines (a launcher told of more than one node, NCCL counting several), so the "
                "traffic between its ranks crosses the network: the interface and transport NCCL picks on each node "
                "must reach the others.",
        markers=(
            # launchers' options naming more than one node, or a node after the first (w39g, 2026-11-27)
            r"--nnodes?[= ]?['\"]?(?:[2-9]|[1-9]\d{1,3})\b",  # "--nnode=2": launch.py takes the abbreviation
            r"--node[_-]rank[= ]?['\"]?[1-9]\d{0,3}\b",
            r"--num[_-]nodes[= ]?['\"]?(?:[2-9]|[1-9]\d{1,3})\b",
            r"--num_machines[= ]?['\"]?(?:[2-9]|[1-9]\d{1,3})\b",
            r"NNODES=['\"]?(?:[2-9]|[1-9]\d{1,3})\b",
            # NCCL's own count in its init line ("comm 0x... rank 0 nRanks 16 nNodes 2 localRanks 8")
            r"nNodes (?:[2-9]|[1-9]\d{1,3}) ",
        ),
        sources=("https://pytorch.org/docs/stable/elastic/run.html",
                 "https://huggingface.co/docs/accelerate/package_reference/cli",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-socket-ifname"),
        checked="2026-11-27",
    ),
    Context(
        name="distributed-launch",
        meaning="The program was started by a distributed launcher, one process (rank) per GPU it was told to use.",
        markers=(
            r"torchrun\b",
            r"torch\.distributed\.(?:launch|run)\b",
            r"--nproc[_-]per[_-]node\b",
            r"LOCAL_RANK\b",
            r"accelerate launch\b",
            r"deepspeed --num_gpus\b",
            # accelerate's launcher in a traceback ("in multi_gpu_launcher"), and torch's elastic agent reporting a
            # rank that failed ("torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 1"),
            # which every launcher built on it (torchrun, accelerate, deepspeed) prints.
            r"multi_gpu_launcher\b",
            r"elastic[./]multiprocessing[./]api\b[^\n]{0,60}\blocal_rank: \d",
            # torch's @record wrapper (torch.distributed.elastic.multiprocessing.errors) framing a rank's traceback:
            # the entry point of a script torchrun starts (w40e, 2026-11-28)
            r"elastic[/\\]multiprocessing[/\\]errors[/\\]__init__\.py\", line \d{1,5}, in wrapper",
        ),
        sources=("https://pytorch.org/docs/stable/elastic/run.html",),
        checked="2026-11-26",
    ),
    Context(
        name="docker-build",
        meaning="The text is an image build (docker build, docker compose build, BuildKit or the legacy builder) that "
                "failed or ran RUN steps, and RUN steps get no GPU: the NVIDIA runtime serves running containers only.",
        markers=(
            r"' returned a non-zero code: ",  # the legacy builder's failed step ("The command '/bin/sh -c ...' returned")
            r" ---> Running in ",  # the legacy builder starting a RUN step's container (" ---> Running in 1a2b3c4d5e6f")
            r"did not complete successfully: exit code",  # BuildKit 0.11+ (Docker 23+): a failed RUN step
            r"executor failed running \[",  # BuildKit before 0.11: a failed RUN step
            r"during (?:the |a )?[Dd]ocker build",  # the person says where it failed ("during the Docker build process")
            r"ocker build process",
        ),
        sources=("https://docs.docker.com/build/buildkit/",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/221"),
        checked="2026-11-26",
    ),
    Context(
        name="apptainer",
        meaning="The program ran in an Apptainer/Singularity container, which sees the host's GPUs and driver libraries "
                "only when started with --nv (or --nvccli); Docker's flags and runtimes play no part there.",
        markers=(
            r"apptainer (?:exec|run|shell|instance)\b", r"singularity (?:exec|run|shell|instance)\b",  # the command
            r"Apptainer> ", r"Singularity> ",  # the shell prompt of `apptainer shell`
            r"/\.singularity\.d/",  # the container's runtime folder (its LD_LIBRARY_PATH, its actions/exec)
            r"ingularity version", r"using [Aa]pptainer",  # `singularity version` output; the person says so
        ),
        sources=("https://apptainer.org/docs/user/latest/gpu.html",),
        checked="2026-11-26",
    ),
    Context(
        name="flatpak",
        meaning="The program ran as a Flatpak application, whose sandbox sees the host's NVIDIA GL/Vulkan driver only "
                "through the Flathub extension org.freedesktop.Platform.GL.nvidia (GL32 for 32-bit) of the host "
                "driver's exact version, never the host's own libraries.",
        markers=(
            r"flatpak (?:run|update|install|info|list|remote-ls)\b",  # the commands people ran and paste
            r"org.freedesktop.Platform",  # the runtime and its GL extensions, as flatpak lists them
            r"Flatpak", r"Flathub", r"flathub",  # the person says so ("the Flatpak version of Steam")
            r"flatpak",  # in lower case: "Where did you obtain it from? flatpak", "my flatpak apps"
            r"finish-args",  # a Flatpak manifest's sandbox permissions
            r"com.valvesoftware.Steam",  # Flathub's Steam
        ),
        sources=("https://docs.flatpak.org/en/latest/extension.html",
                 "https://github.com/flathub/org.freedesktop.Platform.GL.nvidia"),
        checked="2026-11-27",
    ),
    Context(
        name="kubernetes-gpu-pod",
        meaning="The program runs in a Kubernetes pod on k3s or RKE2, which register the NVIDIA runtime as a "
                "RuntimeClass only (runc stays containerd's default), so a pod gets the driver only by its "
                "runtimeClassName or where nvidia was made containerd's default runtime.",
        markers=(
            # The platforms themselves: Kubeflow, GKE or EKS say nothing of the runtime (no RuntimeClass there), and a
            # pod spec's runtimeClassName or `kubectl describe`'s "Runtime Class Name:" is as often the working one.
            r"k3s\b", r"RKE2", r"rke2",
        ),
        sources=("https://docs.k3s.io/advanced#nvidia-container-runtime-support",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/getting-started.html"),
        checked="2026-11-27",
    ),
    Context(
        name="container",
        meaning="The program ran inside a container, which sees only the GPUs and driver libraries the "
                "container runtime passed in.",
        markers=(
            r"docker (?:run|exec|logs|compose)\b",
            r"docker-compose\b",
            r"/\.dockerenv\b",
            r"kubectl (?:logs|exec|describe|run)\b",
            # a Kubernetes pod's status and spec as people paste them: the program ran in a pod's container (w49d)
            r"CrashLoopBackOff", r"runtimeClassName", r"Runtime Class Name:",
            r"nvidia-container-(?:cli|runtime|toolkit)\b",
            r"podman (?:run|exec|logs)\b",
            r"lxc (?:exec|launch|config)\b", r"incus (?:exec|launch)\b", r"LXC container", r"LXD container",  # LXD/Incus
            r"root@[0-9a-f]{12}:",  # a container shell's prompt: its host name is the container id
            r"Error response from daemon: ",  # the Docker engine answering `docker run` / `docker start`
            r"OCI runtime (?:create failed|attempted to invoke|error)",  # runc/crun failing a container's start
            # NCCL's own log in a Docker container: its line prefix is HOST:PID:TID, and a container's host name is
            # its 12-hex id ("198b6766dc7e:305:395 [0] NCCL INFO ..."); keyed on the ':' after it (a plain first
            # character), the id read behind it. NCCL 2.2's WARN lines have no "NCCL " before the level.
            r":(?<=[^0-9A-Za-z_.-][0-9a-f]{12}:)\d{1,7}:\d{1,7} \[\d{1,3}\] (?:[\w./-]{1,60}:\d{1,5} )?(?:NCCL )?"
            r"(?:INFO|WARN)",
            # The interface NCCL binds to on Docker's default bridge network (172.17.0.0/16, eth0 in the container).
            r"NCCL INFO (?:Bootstrap|NET/Socket) : Using (?:\[0\] ?)?eth0:172\.17\.",
            r"SHMEM allocation limit is set to the default of 64MB",  # NGC images' banner when run without --ipc=host
            # an image named as what runs the job ("I use pytorch official image pytorch/pytorch:1.8.0-cuda11.1-...",
            # "nvcr.io/nvidia/pytorch:23.08-py3"): those images run only as containers (w40d, 2026-11-28)
            r"pytorch/pytorch:\d", r"nvcr\.io/nvidia/pytorch:",
            # Xinference's issue form, its "Running Xinference with Docker? / 是否使用 Docker 运行 Xinfernece？" box ticked
            r"\[x\] docker / docker",
            r"--container-image[= ]",  # Slurm's pyxis plugin running a job step in an enroot container
            r"-1 {1,40}\| ", r"_1 {1,40}\| ",  # docker compose's log prefix, v2 "app-web-1  | ", v1 "app_web_1  | "
        ),
        sources=("https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html",
                 "https://docs.docker.com/engine/containers/resource_constraints/#gpu"),
        checked="2026-11-26",
    ),
    Context(
        name="container-app",
        meaning="The text is about an app run in a container (Docker, Compose, Docker Desktop) that calls a server by "
                "address, where localhost and 127.0.0.1 are the container itself, not the host. The commands and log "
                "prefixes that put a text in the \"container\" context are not repeated here: a row for both lists both.",
        markers=(
            r"host\.docker\.internal",  # Docker Desktop's name for the host, and the advice people already tried
            r"host-gateway", r"extra_hosts", r"network_mode", r"--network[= ]host",  # run/compose networking options
            r"compose\.ya?ml", r"Docker container", r"docker container", r"Docker image", r"docker image",
            # a person saying where the app runs ("n8n in Docker", "running on docker", "inside docker")
            # a person's own words for where the app runs ("我win10 .用的docker desktop"); the product's name as written
            # beside a docker command is the container context's alone (test_contexts)
            r"docker desktop", r"Docker desktop",
            r"in [Dd]ocker\b", r"inside [Dd]ocker\b", r"on [Dd]ocker\b", r"via [Dd]ocker\b", r"within [Dd]ocker\b",
            r"using [Dd]ocker\b", r"from [Dd]ocker\b",
            # the server's answer on the host ("curl http://localhost:11434" -> "Ollama is running") in the same text as
            # an app's refused connection to it: the app runs where localhost is not that host, most often a container
            # (not "Ollama is running on the CPU"; w39f, 2026-11-27)
            r"Ollama is running(?![ \t]{0,3}[A-Za-z(])",
            r"Self Hosted \(Docker\)",  # Dify's issue form, whose every install runs the app in containers
            # AnythingLLM's issue form ("How are you running AnythingLLM? Docker (local)"), its Docker image's runs (w48a)
            r"Docker \((?:local|remote machine)\)",
            # the app's image pulled to run it ("docker pull mintplexlabs/anythingllm", AnythingLLM#2548, #4649) (w48a)
            r"docker pull ",
            # the host as a container reaches it through a Docker bridge's gateway (172.17.0.1 on docker0, 172.18.0.1
            # and up for Compose networks), named with a server's port: the caller runs in a container
            r"172\.(?:1[7-9]|2\d|3[01])\.0\.1(?::| port |', (?:port=)?)\d{2,5}\b",
        ),
        sources=("https://docs.docker.com/desktop/features/networking/#i-want-to-connect-from-a-container-to-a-service-on-the-host",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-27",
    ),
    Context(
        name="gpu-operator",
        meaning="The node's GPUs are managed by NVIDIA's GPU Operator, which runs the driver in a container and puts its "
                "files under /run/nvidia/driver, not on the node's own paths.",
        markers=(
            r"gpu-operator\b",  # the operator's namespace, chart and image names
            r"nvidia-driver-daemonset",  # its driver pods
            r"/run/nvidia/driver\b",  # where the driver container installs the driver's files on the node
            # Its validator pods and their init containers, in any namespace ("nvidia-operator-validator-d857c").
            r"nvidia-(?:operator|cuda|device-plugin)-validator",
        ),
        sources=("https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/getting-started.html",),
        checked="2026-11-26",
    ),
    Context(
        name="visible-devices",
        meaning="The program ran with CUDA_VISIBLE_DEVICES set, so CUDA saw only the GPUs it lists (renumbered from 0 "
                "in its order); an index the machine lacks, an empty value or a UUID of another machine hides every GPU.",
        markers=(
            r"CUDA_VISIBLE_DEVICES=",  # a shell's assignment, `export`, `env` output, a compose file's list form
            r"CUDA_VISIBLE_DEVICES\"] ?=", r"CUDA_VISIBLE_DEVICES'] ?=",  # os.environ[...] = ... in the script
            # A compose file's map form, or Ollama's "server config" line, with a value: that line lists the variable
            # unset too ("CUDA_VISIBLE_DEVICES: GPU_DEVICE_ORDINAL:"), which is no context.
            r"CUDA_VISIBLE_DEVICES: ?[\"']?(?:\d|GPU-|MIG-|-1)",
        ),
        sources=("https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#cuda-environment-variables",),
        checked="2026-11-26",
    ),
    Context(
        name="fewer-gpus-than-asked",
        meaning="The person says the machine has one GPU, or that the script or launcher starts more workers (GPUs) "
                "by default than that, so a GPU index above 0 comes from the job's own GPU count, not from GPUs the "
                "environment hides.",
        markers=(
            # the person's own words (w41d, 2026-11-28): "I have one Nivida GPU", "with one A10G GPU", "only one GPU"
            r"I (?:only )?(?:have|got|use|am using) (?:only |just )?(?:one|1|a single) (?:[\w-]{1,20} ){0,3}"
            r"(?:GPU|gpu|graphics card)\b(?! ?(?:s|cluster|server|node|per|each|instance)\b)",
            # rev41: "nodes with one GPU per node" / "one GPU each" is a cluster's layout, not a one-GPU machine
            r"with (?:only |just )?(?:one|1) (?:[\w-]{1,20} ){0,3}(?:GPU|gpu)\b(?! ?(?:s|cluster|server|node|per|"
            r"each|instance)\b)",
            # "the script, by default tries to distribute the load over 8 workers", "the demo uses 4 gpu devices by
            # default"
            r"default[^\n]{0,80}?\b(?:[2-9]|1[0-6]|two|four|eight) (?:workers|processes|GPUs?|"
            r"gpus?|(?:GPU|gpu) devices|cards)\b",
            r" (?:[2-9]|1[0-6]|two|four|eight) (?:GPUs?|gpus?|(?:GPU|gpu) devices|cards|workers|processes) by default",
            # w48c (2026-11-28): a helper's "This is because you only have one GPU" (ColossalAI#2439)
            r"you (?:only |just )?(?:have|got) (?:only |just )?(?:one|1|a single) (?:GPU|gpu)\b(?! ?(?:s|per|each)\b)",
            # the launcher's own GPU count lives in a project's accelerate config, which the helper points at
            # ("config/accelerate_config/default_config.yaml", Taiyi-Diffusion-XL#3), or the person asks where to
            # change it ("在哪里修改占用显卡的个数")
            r"accelerate[_-]configs?/[\w.-]{1,60}\.ya?ml\b",
            r"修改[^\n]{0,8}?(?:显卡|GPU|gpu|卡)的?(?:个数|数量|数目)", r"设置[^\n]{0,8}?(?:显卡|GPU|gpu|卡)的?(?:个数|数量|数目)",
        ),
        sources=("https://github.com/ZhouYanzhao/SPN/issues/4", "https://github.com/hpcaitech/ColossalAI/issues/2439",
                 "https://github.com/IDEA-CCNL/Taiyi-Diffusion-XL/issues/3"),
        checked="2026-11-28",
    ),
    Context(
        name="exclusive-compute-mode",
        meaning="The GPUs are in the Exclusive_Process compute mode (a shared cluster's usual setting), where one "
                "process only may hold a context on each GPU, so a second process touching it is refused.",
        markers=(
            r"Exclusive_Process", r"EXCLUSIVE_PROCESS",  # nvidia-smi -q's Compute Mode; nvidia-smi -c's name
            r"E. Process",  # nvidia-smi's table, Compute M. column
            # The person says so ("GPUs are in exclusive process mode", "exclusive mode in nvidia-smi").
            r"exclusive process mode", r"exclusive process/exclusive mode", r"xclusive Process Mode",
            r"exclusive mode", r"Exclusive mode", r"exclusive compute mode", r"xclusive-process",
        ),
        sources=("https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#compute-modes",
                 "https://docs.nvidia.com/deploy/nvidia-smi/index.html"),
        checked="2026-11-26",
    ),
    Context(
        name="vgpu",
        meaning="The GPU is an NVIDIA vGPU (a virtual GPU of a VMware, Proxmox or cloud VM: GRID profiles, Azure's "
                "NVads A10 v5), whose guest driver needs a license from a license server to keep CUDA working.",
        markers=(
            # A vGPU profile's name in nvidia-smi ("GRID T4-8Q", "GRID A100D-16C"); not "GRID K520", a whole GPU.
            r"GRID [A-Z]{1,2}\d{1,3}[A-Z]?-\d{1,3}[ABCQ]\b",
            r"nvidia-gridd",  # the guest's licensing daemon
            r"vGPU Software",  # nvidia-smi -q's "vGPU Software Licensed Product"
            r"Virtual Compute Server",  # the license's product name
            r"Standard_NV",  # Azure's NV-series VM sizes (NVads A10 v5, NVv3): vGPU partitions of their GPUs
        ),
        sources=("https://docs.nvidia.com/vgpu/latest/grid-licensing-user-guide/index.html",
                 "https://learn.microsoft.com/en-us/azure/virtual-machines/sizes/gpu-accelerated/nvadsa10v5-series"),
        checked="2026-11-26",
    ),
    Context(
        name="hosted-notebook",
        meaning="The program runs in a hosted notebook (Google Colab, Kaggle) on the service's own VM, which has a GPU "
                "only while the notebook's runtime or accelerator is set to one; the driver is the service's, never the "
                "user's to install, and the user's own computer plays no part.",
        markers=(
            r"colab.research.google.com", r"google.colab", r"google/colab/",  # the notebook's address; its package
            r"File \"/content/", r"%cd /content", r"/content/drive/MyDrive",  # Colab's working folder and Drive mount
            r"Google Colab", r"google colab", r"Google collab", r"google collab", r"Google-Colab",  # the person says so
            r"on [Cc]olab\b", r"in [Cc]olab\b", r"with [Cc]olab\b", r"using [Cc]olab\b", r"Colab notebook",
            r"colab notebook", r"Colab Pro",
            r"/kaggle/working", r"/kaggle/input", r"Kaggle notebook", r"kaggle notebook",  # Kaggle's folders; said so
        ),
        sources=("https://research.google.com/colaboratory/faq.html", "https://www.kaggle.com/docs/notebooks"),
        checked="2026-11-27",
    ),
    Context(
        name="gpu-pv",
        meaning="The text is about Hyper-V GPU partitioning (GPU-PV): a Windows VM given a partition of the host's GPU, "
                "whose driver is the host's own files copied into the guest's disk (HostDriverStore) by a script or "
                "tool (Easy-GPU-PV, ExHyperV, Update-VMGpuPartitionDriver), never a driver installed in the guest.",
        markers=(
            r"VMGpuPartitionAdapter",  # the Hyper-V cmdlets (Add-/Set-/Get-) and Easy-GPU-PV's Add-VMGpuPartitionAdapterFiles
            r"Update-VMGpuPartitionDriver",  # Easy-GPU-PV's driver-refresh script
            r"Easy-GPU-PV", r"ExHyperV",  # the tools people name and whose paths their pastes show
            r"HostDriverStore",  # where the guest keeps the host's driver files
            r"PartitionableGpu",  # Get-VMHostPartitionableGpu / Get-VMPartitionableGpu
            r"GPU-PV\b", r"GPU [Pp]aravirtuali[sz]ation",  # the person names it
        ),
        sources=("https://github.com/jamesstringer90/Easy-GPU-PV",
                 "https://learn.microsoft.com/en-us/windows-server/virtualization/hyper-v/partition-assign-vm-gpu"),
        checked="2026-11-28",
    ),
    Context(
        name="wsl",
        meaning="The program ran inside WSL 2, where CUDA reaches the GPU through the Windows driver "
                "(/usr/lib/wsl/lib, /dev/dxg), not through a Linux kernel module.",
        markers=(
            r"microsoft-standard-WSL2",  # the WSL 2 kernel's release (`uname -r`, dmesg's first line)
            r"-microsoft-standard\b",  # WSL 2 kernels before 5.10 ("4.19.121-microsoft-standard"), without the suffix
            r"-Microsoft\b",  # the WSL 1 kernel's release ("4.4.0-19041-Microsoft")
            # Where WSL mounts the Windows driver's libraries: a path found or loaded there, not a search list's glob
            # (Ollama's debug log prints "/usr/lib/wsl/lib/libcuda.so*" on every Linux host, ollama#11519).
            r"/usr/lib/wsl/(?:lib|drivers)\b(?![^\s\"'\][*]{0,200}\*)",
            # A Windows drive seen from the distribution (WSL mounts drive C: at /mnt/c; a Linux host names its mounts by
            # purpose, not by one letter), and WSL's own shared mount across distributions.
            r"/mnt/[c-h]/", r"/mnt/wsl/",
            r"wsl(?:\.exe)? (?:--(?:install|update|shutdown|status|list|set-version)|-l )",  # wsl.exe run
            r"WSL ?2\b", r"wsl ?2\b",  # the person or a tool names it ("Ubuntu 22.04 on WSL2", "under wsl2")
            r"inside WSL\b", r"under WSL\b",  # the person says where it ran ("run nvidia-smi inside WSL")
            # ("killed in WSL", "Ubuntu 22.04 on wsl", "trying to run this from WSL", "I'm using WSL with a 3090")
            r"in WSL\b", r"on WSL\b", r"in wsl\b", r"on wsl\b", r"from WSL\b", r"using WSL\b", r"with WSL\b",
            r"\(WSL\)",  # ("Ubuntu 22.04 (WSL)")
            # The distribution named beside WSL ("Windows 10 WSL Ubuntu 22.04", "WSL Debian"), and the tools' own words
            # when they find themselves in WSL (vLLM's "Using 'pin_memory=False' as WSL is detected", the container
            # toolkit's "WSL environment detected but no adapters were found"): one marker, keyed on "WSL".
            r"WSL (?:Ubuntu|Debian|Kali|openSUSE|Fedora|Arch|distro|is detected|environment detected)",
            # WSL's name for its Ubuntu distributions (`wsl -l -v`, `wsl -d Ubuntu-22.04`), or Ubuntu named beside WSL
            # ("Ubuntu 22.04 WSL").
            r"Ubuntu(?:-(?:18|20|22|24)\.04\b|[\w. -]{0,12} WSL\b)",
            r"WSL version: \d",  # `wsl --version`'s first line ("WSL version: 2.4.11.0"), pasted or retyped in a report
            r"wslconfig\b",  # WSL 2's VM settings file (%UserProfile%\\.wslconfig), named or shown in the paste
            r"/mnt/wslg\b", r"WSL_DISTRO_NAME", r"WSL_INTEROP",  # WSLg's mount and the variables WSL sets in every shell
            r"VmmemWSL", r"vmmem\b",  # the Windows process that holds the WSL 2 VM's memory, named by people and Task Manager
            r"\\wsl(?:\$|\.localhost)\\",  # the distribution's files seen from Windows (\\wsl$\Ubuntu, \\wsl.localhost\)
            # The GPU as lspci sees it inside WSL 2 (and in a Hyper-V GPU-PV guest, which uses WSL's libraries):
            # Microsoft's paravirtual adapter, not the NVIDIA device.
            r"Microsoft Corporation Device 008e", r"Microsoft Corporation Basic Render Driver",
            # A bash prompt on a Windows machine's default host name (DESKTOP-XXXXXXX, LAPTOP-XXXXXXXX) is WSL's.
            r"@DESKTOP-[A-Z0-9]{7}:", r"@LAPTOP-[A-Z0-9]{8}:",
            r"docker-for-windows/wsl\b",  # Docker Desktop's WSL 2 GPU guide, followed and linked in the paste
            # That guide's (and NVIDIA's CUDA-on-WSL guide's) GPU test, run as they print it: Docker Desktop on Windows.
            r"cuda-sample:nbody nbody -gpu -benchmark",
            r"pipe/docker_engine\b",  # the Docker CLI on Windows talking to Docker Desktop (npipe:////./pipe/docker_engine)
            r"cuda/wsl-user-guide",  # NVIDIA's CUDA on WSL guide, linked in the paste (its known limitations)
            r"@docker-desktop:",  # a shell in Docker Desktop's WSL 2 VM, or a container on its host network, on Windows
            r"indows [Ss]ubsystem",  # the person names it in words ("Windows Subsystem for Linux", "windows subsystem")
            # nvidia-smi's header inside WSL: the Linux nvidia-smi's own version beside the Windows driver's, which
            # differ there ("NVIDIA-SMI 510.60.02  Driver Version: 512.15") and are one version on Linux and Windows.
            r"NVIDIA-SMI (\d{3}\.\d{1,3}(?:\.\d{1,3})?) +Driver Version: (?!\1\b)\d{3}\.",
        ),
        sources=("https://learn.microsoft.com/en-us/windows/wsl/tutorials/gpu-compute",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked="2026-11-26",
    ),
    Context(
        name="windows",
        meaning="The program ran on Windows itself (after WSL in this order: a WSL paste shows Windows paths too), where "
                "the NVIDIA driver is the Windows display driver (nvlddmkm) and there are no Linux kernel modules to load.",
        markers=(
            r":\\Users\\", r":\\Program Files", r":\\ProgramData\\",  # Windows paths in a traceback or prompt
            r"\\site-packages\\",  # a Windows Python's package folder
            r"on win32", r"win_amd64",  # Python's banner on Windows; the wheel tag pip prints there
            r"PS [A-Z]:\\",  # a PowerShell prompt
            r":\\[\w .\\-]{1,300}>[\w.-]{1,60}\.exe\b",  # a cmd prompt running a program ("D:\yolo\x64>darknet.exe")
            r":\\[\w .\\-]{1,300}>docker(?:-compose)? ",  # a cmd prompt running Docker Desktop's CLI ("D:\app>docker-compose up")
            r"Power[Ss]hell",  # the person names the shell ("Windows 10 - Powershell"); a WSL paste is read as WSL first
        ),
        sources=("https://learn.microsoft.com/en-us/windows-hardware/drivers/display/timeout-detection-and-recovery",),
        checked="2026-11-26",
    ),
    Context(
        name="secure-boot",
        meaning="Secure Boot is on, so the kernel loads only modules signed with a key it trusts (MOK).",
        markers=(
            r"SecureBoot enabled",  # mokutil --sb-state
            r"Secure [Bb]oot (?:is )?enabled", r"secure [Bb]oot (?:is )?enabled",
            r"Lockdown: [\w-]{1,40}: unsigned module loading is restricted",  # the kernel, when it refuses
            r"Kernel is locked down from EFI Secure Boot",
        ),
        sources=("https://wiki.debian.org/SecureBoot",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/installdriver.html"),
        checked="2026-11-26",
    ),
    Context(
        name="apt-sha1-policy",
        meaning="apt verifies repositories with Sequoia (sqv, Debian 13 and later), which rejects since 2026-02-01 keys "
                "whose binding signatures use SHA-1, so 'is not signed' means a rejected key, not a missing one.",
        markers=(r"SHA1 is not considered secure since", r"Policy will reject signature within a year"),
        sources=("https://wiki.debian.org/Teams/Apt/Sha1Removal",
                 "https://github.com/NVIDIA/cuda-repo-management/issues/34"),
        checked="2026-11-26",
    ),
    Context(
        name="ollama-create",
        meaning="The text is `ollama create` importing a model file (a GGUF the person downloaded or converted), not "
                "Ollama loading a model it pulled from its own library.",
        markers=(
            r"ollama create ",  # the command as typed
            r"transferring model data",  # the CLI's first step of `ollama create` (0.1.x to 0.5)
            r"gathering model components",  # its first step in later releases (0.6 on), before "copying file"
        ),
        sources=("https://github.com/ollama/ollama/blob/main/docs/import.mdx",),
        checked="2026-11-26",
    ),
    Context(
        name="package-build",
        meaning="The text is pip's or uv's output while building a package from source, in the isolated build "
                "environment they make for it, which holds only the build's declared requirements.",
        markers=(
            r"Getting requirements to build wheel",  # pip, PEP 517 builds
            r"egg_info did not run successfully",  # pip, legacy setup.py builds
            r"pip-build-env-",  # pip's isolated build environment in a path
            r"The build backend returned an error",  # uv
            r"setuptools.build_meta",  # the backend's module, in pip's and uv's tracebacks
            r"Failed to build `",  # uv's "Failed to build `flash-attn==2.7.4`"
        ),
        sources=("https://pip.pypa.io/en/stable/reference/build-system/pyproject-toml/#build-isolation",
                 "https://docs.astral.sh/uv/concepts/projects/config/#build-isolation"),
        checked="2026-11-26",
    ),
    Context(
        name="torch-extension-build",
        meaning="The text builds (or installs from source) a package whose setup.py imports torch before it declares "
                "anything (flash-attn, causal-conv1d, mamba-ssm, the PyG extensions), so its build fails at once in an "
                "isolated build environment that holds no torch.",
        markers=(
            # the package named as pip collects it or as its sdist, as uv names what it builds (w39f, 2026-11-27)
            r"Collecting flash[-_]attn\b", r"Collecting causal[-_]conv1d\b", r"Collecting mamba[-_]ssm\b",
            r"Collecting torch[-_](?:scatter|sparse|cluster)\b",
            r"flash[-_]attn(?:==|-\d)", r"causal[-_]conv1d(?:==|-\d)", r"mamba[-_]ssm(?:==|-\d)",
            r"torch[-_](?:scatter|sparse|cluster)(?:==|-\d)",
        ),
        sources=("https://github.com/Dao-AILab/flash-attention#installation-and-features",
                 "https://docs.astral.sh/uv/concepts/projects/config/#build-isolation"),
        checked="2026-11-27",
    ),
)
