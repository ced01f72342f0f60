"""NCCL and torch.distributed: how launchers (torchrun, torch.multiprocessing, DeepSpeed) report a rank that a signal
killed, where the signal itself names the cause (rows of the nccl area, joined into nccl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

OPEN_MPI_FAQ = "https://docs.open-mpi.org/en/main/launching-apps/scheduling.html"
NCCL_DOCKER = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#docker"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.rank-killed-sigbus",
        cause_id="container-shm-too-small",
        kinds=("any",),
        # SIGBUS (7) is what a process gets when it touches a page of a /dev/shm mapping that tmpfs cannot back:
        # NCCL's shared-memory transport and PyTorch's tensor sharing in a container with Docker's 64 MB /dev/shm.
        # torchrun prints it as exitcode -7 or "Signal 7 (SIGBUS)", torch.multiprocessing as "signal SIGBUS", UCX
        # (under MPI and NCCL's IB plugin) as "Caught signal 7 (Bus error".
        patterns=(r"Signal 7 \(SIGBUS\) received by PID (?P<pid>\d{1,9})",
                  r"\bexitcode\s{0,4}[:=]\s{0,4}-7\b",
                  r"process (?P<rank>\d{1,5}) terminated with signal SIGBUS",
                  r"Caught signal 7 \(Bus error",
                  # DeepSpeed's launcher (launcher/launch.py, sigkill_handler) reports the rank's exit as a return code.
                  r"exits with return code = -7\b",
                  # SGLang's launcher after "Rank N scheduler is dead. Please check if there are relevant logs." logs the
                  # scheduler process's multiprocessing exit code ("Exit code: -7"; "... died during initialization
                  # (exit code: -7)" in later releases): a negative code is the signal, 7 SIGBUS.
                  r"[Ee]xit code: -7\b",
                  # A crash inside NCCL's own shared-memory set-up (misc/shmutils.cc, ncclShmOpen: ftruncate/fallocate
                  # then mmap of /dev/shm/nccl-*): gdb's frame "0x... in ncclShmOpen(char*, unsigned long, ...) () from
                  # .../libnccl.so.2" (or jaxlib's xla_extension.so, which links NCCL in), UCX's backtrace
                  # "ncclShmOpen()  ???:0" and glibc's "libnccl.so.2(ncclShmOpen+0x...)".
                  r"\bin ncclShmOpen\(",
                  r"\bncclShmOpen\(\)\s{1,4}\?\?\?:0",
                  r"\(ncclShmOpen\+0x[0-9a-f]{1,8}\)"),
        severity="fail",
        cause="A rank died of SIGBUS: it touched shared memory (/dev/shm) that could not be backed, which in a "
              "container almost always means /dev/shm is too small (Docker's 64 MB default) for NCCL's and PyTorch's "
              "shared-memory buffers.",
        advice=("Give the job a larger /dev/shm: `docker run --shm-size=16g` (or `--ipc=host`; `shm_size` in Compose), "
                "in Kubernetes a "
                "memory-backed emptyDir (`medium: Memory`) mounted at /dev/shm; check with `df -h /dev/shm` inside the "
                "container. Outside containers, look for a full /dev/shm (`df -h /dev/shm`, stale nccl-* or torch_* "
                "segments)."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/msr-fiddle/pipedream/issues/76",
                 "https://github.com/intelligent-machine-learning/dlrover/pull/1046",
                 "https://github.com/deepspeedai/DeepSpeed/issues/4002", "https://github.com/pytorch/tutorials/pull/2475",
                 NCCL_DOCKER),
        checked="2026-11-27",
        examples=("nccl/pipedream-76-docker-sigbus-ncclgetuniqueid.txt",
                  "nccl/dlrover-1046-worker-exitcode-7-sigbus-shm.txt",
                  "nccl/deepspeed-4002-return-code-7-container-shm.txt"),
    ),
    Signature(
        code="nccl.mpirun-refuses-root",
        cause_id="mpi-launch-refused",
        kinds=("any",),
        # Open MPI's (and PRRTE's) help text when the launcher runs as uid 0, the default user in Docker images that run
        # nccl-tests, Horovod or DeepSpeed's MPI launcher.
        patterns=(r"(?P<launcher>mpirun|mpiexec|prterun|orterun) has detected an attempt to run as root",),
        severity="fail",
        cause="Open MPI's {launcher} refused to start because it runs as root (the default user in most containers).",
        advice=("Run {launcher} as a non-root user, or, in a container that must run as root, add --allow-run-as-root to "
                "the command line (or set OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1)."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver", "NCCL"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/nelson-lang/nelson/issues/236",
                 "https://github.com/parthenon-hpc-lab/parthenon/issues/128", "https://github.com/open-mpi/ompi/issues/4451"),
        checked="2026-11-26",
        examples=("nccl/nelson-236-mpiexec-refuses-root.txt", "nccl/parthenon-128-mpiexec-root-ci-container.txt"),
    ),
    Signature(
        code="nccl.mpirun-not-enough-slots",
        cause_id="mpi-launch-refused",
        kinds=("any",),
        # Open MPI's help text when -np exceeds the slots it counts: one per core by default, one per --host entry
        # without a ":N" suffix, or the hostfile's slots=N.
        patterns=(r"There are not enough slots available in the system to satisfy the (?P<slots>\d{1,6})",),
        severity="fail",
        cause="Open MPI refused to start {slots} ranks: it counts fewer slots (one per core, one per --host entry "
              "without :N, or the hostfile's slots=) than the ranks asked for.",
        advice=("Give each host its slot count (`--host node1:8,node2:8`, or `slots=8` lines in a hostfile, one per GPU "
                "you mean to use), or add --oversubscribe; with one rank per GPU, -np should be the number of GPUs across "
                "the hosts."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver", "NCCL"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/nccl-tests/issues/21", "https://github.com/inducer/grudge/pull/227",
                 OPEN_MPI_FAQ),
        checked="2026-11-26",
        examples=("nccl/nccltests-21-not-enough-slots-16-ranks.txt", "nccl/grudge-227-not-enough-slots-oversubscribe.txt"),
    ),
    Signature(
        code="nccl.deepspeed-slot-not-visible",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # deepspeed/launcher/runner.py (parse_resource_filter): the --include/--exclude list (which the launcher builds
        # from CUDA_VISIBLE_DEVICES itself) names a GPU index the launcher did not count on that host.
        patterns=(r"No slot '(?P<slot>[\w-]{1,40})' specified on host '(?P<host>[\w.-]{1,100})'",),
        severity="fail",
        cause="The deepspeed launcher was asked for GPU {slot} on {host}, which it does not count there: it numbers the "
              "GPUs it sees after CUDA_VISIBLE_DEVICES is applied, so physical indices from CUDA_VISIBLE_DEVICES (or a "
              "scheduler's list) do not match.",
        advice=("Let the launcher choose the GPUs instead of CUDA_VISIBLE_DEVICES: `unset CUDA_VISIBLE_DEVICES` and run "
                "`deepspeed --include localhost:{slot} ...` (or `--num_gpus N`); under Slurm, pass the job's GPUs to "
                "--include or launch with torchrun/srun, which honour the allocation."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/5818", "https://github.com/deepspeedai/DeepSpeed/issues/662",
                 "https://github.com/01-ai/Yi/issues/392",
                 "https://www.deepspeed.ai/getting-started/#resource-configuration-single-node"),
        checked="2026-11-26",
        examples=("nccl/yi-392-deepspeed-no-slot-cuda-visible-devices.txt",
                  "nccl/deepspeed-5818-launcher-ignores-cuda-visible-devices.txt"),
    ),
    Signature(
        code="nccl.gloo-interface-not-found",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        # gloo/transport/tcp/device.cc: Gloo (PyTorch's CPU backend, and the store-side group NCCL jobs create too) binds
        # to the address the hostname resolves to, or to GLOO_SOCKET_IFNAME, and stops when neither names a local one.
        patterns=(r"\bUnable to find (?:address|interface) for: (?P<name>[^\s]{1,100})",),
        severity="fail",
        cause="Gloo could not find a local network interface for {name}: the hostname resolves to no address of this "
              "machine (a container, /etc/hosts), or GLOO_SOCKET_IFNAME names an interface that does not exist here.",
        advice=("Point Gloo at a real interface: `export GLOO_SOCKET_IFNAME=<name from ip -br addr>` (the one that "
                "reaches the other nodes, e.g. eth0 or eno1; the same goes for NCCL_SOCKET_IFNAME), or make the hostname "
                "resolve to that interface's address in /etc/hosts; on one machine, MASTER_ADDR=127.0.0.1 also works."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/msr-fiddle/pipedream/issues/32", "https://github.com/PeizeSun/SparseR-CNN/issues/33",
                 "https://github.com/spark-arena/sparkrun/issues/275",
                 "https://pytorch.org/docs/stable/distributed.html#choosing-the-network-interface-to-use"),
        checked="2026-11-26",
        examples=("nccl/pipedream-32-gloo-unable-to-find-address-hostname.txt",
                  "nccl/sparsercnn-33-gloo-socket-ifname-eno1.txt",
                  # the message without Gloo's enforce prefix, as vLLM's RuntimeError prints it (w40e)
                  "nccl/sparkrun-275-gloo-socket-ifname-eth0-missing.txt"),
    ),
    Signature(
        code="nccl.gloo-collective-timeout",
        cause_id="nccl-timeout",
        kinds=("any",),
        # gloo/transport/tcp/unbound_buffer.cc: a Gloo send or recv (PyTorch's CPU process group, also used beside NCCL for
        # barriers and object gathers) waited the group's timeout (30 minutes by default) for its peer.
        patterns=(r"Timed out waiting (?P<ms>\d{1,12})ms for (?P<op>send|recv) operation to complete",),
        severity="fail",
        cause="A Gloo {op} waited {ms} ms for a peer rank that never answered: one rank stopped or took another code "
              "path, and the others timed out waiting for it.",
        advice=("Find the rank that stalled before raising the timeout: rerun with TORCH_DISTRIBUTED_DEBUG=DETAIL (and "
                "NCCL_DEBUG=INFO), and `py-spy dump --pid PID` on each rank shows which one is stuck and where (data "
                "loading, an exception on one rank, a different code path); raise init_process_group(timeout=...) only "
                "for steps that are legitimately long."),
        action="restart-application",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/FoundationVision/VNext/issues/9", "https://github.com/msr-fiddle/pipedream/issues/39",
                 "https://pytorch.org/docs/stable/distributed.html#debugging-torch-distributed-applications"),
        checked="2026-11-26",
        examples=("nccl/vnext-9-gloo-send-timeout-one-gpu-idle.txt", "nccl/pipedream-39-gloo-recv-timeout-ranks-blocked.txt"),
    ),
    Signature(
        code="nccl.launcher-local-rank-argument",
        cause_id="distributed-misuse",
        kinds=("any",),
        # argparse's words when torch.distributed.launch (PyTorch 2.0 and later passes --local-rank; before, --local_rank)
        # hands the script a rank argument its parser does not define.
        patterns=(r"[Ee]rror: unrecognized arguments: (?:\u2013|--)local[-_]rank=(?P<rank>\d{1,5})",),
        severity="fail",
        cause="The script's argument parser rejected the --local-rank/--local_rank argument that torch.distributed.launch "
              "passes (PyTorch 2.x spells it --local-rank; older scripts expect --local_rank), so every rank exited.",
        advice=("Launch with torchrun (`torchrun --nproc_per_node=N train.py ...`), which passes the rank in the "
                "LOCAL_RANK environment variable, and read os.environ['LOCAL_RANK'] in the script; or make its argparse "
                "accept both spellings (add_argument('--local-rank', '--local_rank', ...))."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver", "NCCL"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/huggingface/pytorch-image-models/issues/1728",
                 "https://github.com/OFA-Sys/Chinese-CLIP/issues/74", "https://github.com/sail-sg/metaformer/issues/12",
                 "https://pytorch.org/docs/stable/distributed.html#launch-utility"),
        checked="2026-11-26",
        examples=("nccl/timm-1728-unrecognized-local-rank-torchrun.txt",
                  "nccl/chineseclip-74-unrecognized-local-rank-torchrun.txt"),
    ),
    Signature(
        code="nccl.launcher-host-unreachable-ssh",
        cause_id="launcher-ssh-unreachable",
        kinds=("any",),
        # deepspeed/launcher/runner.py checks every hostfile entry with `ssh -o PasswordAuthentication=no HOST hostname`
        # before starting pdsh; the check's failure and the launcher's own message.
        patterns=(r"but host=(?P<host>[\w.:-]{1,100}) was not reachable via ssh",
                  r"Command 'ssh -o PasswordAuthentication=no (?P<host2>[\w.:-]{1,100}) hostname' returned non-zero exit "
                  r"status 255",
                  # pdsh's own report when its ssh to a target fails (the runner of deepspeed's multi-node launcher and
                  # of its autotuner, which reaches localhost through it too): "pdsh@NODE: HOST: ssh exited with exit
                  # code 255" (w47c: DeepSpeed#5709, #4759)
                  r"\bpdsh@[\w.-]{1,100}: (?P<host3>[\w.:-]{1,100}): ssh exited with exit code 255\b"),
        severity="fail",
        cause="The multi-node launcher could not log in to a host of its hostfile with passwordless SSH, so the job did "
              "not start there.",
        advice=("Make passwordless SSH work from the launching node to every hostfile entry, itself included: `ssh-keygen`, "
                "`ssh-copy-id HOST`, then `ssh -o PasswordAuthentication=no HOST hostname` must print the name (custom "
                "ports via --ssh_port); on a single node, remove the hostfile instead, except for DeepSpeed's "
                "autotuner, which reaches localhost through pdsh and needs `ssh localhost` to work without a password."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver", "NCCL"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/hpcac/2023-APAC-HPC-AI/issues/1", "https://github.com/deepspeedai/DeepSpeed/issues/4907",
                 "https://github.com/deepspeedai/DeepSpeed/issues/5709", "https://github.com/deepspeedai/DeepSpeed/issues/4759",
                 "https://www.deepspeed.ai/getting-started/#resource-configuration-multi-node"),
        checked="2026-11-26",
        examples=("nccl/hpcac-2023-1-deepspeed-host-not-reachable-ssh.txt",
                  "nccl/deepspeed-4907-ssh-check-exit-255-two-3090-nodes.txt",
                  "nccl/deepspeed-5709-autotuning-pdsh-localhost-permission-denied.txt"),
    ),
    Signature(
        code="nccl.deepspeed-no-gpu-visible",
        cause_id="cuda-no-device",
        kinds=("any",),
        # deepspeed/launcher/runner.py: with no hostfile the launcher counts the local GPUs through the accelerator
        # (torch.cuda.device_count()) and stops when it finds none, before any rank starts.
        patterns=(r"Unable to proceed, no GPU resources available",),
        severity="fail",
        cause="The deepspeed launcher counted no GPU on this machine: PyTorch in this environment sees none (a CPU-only "
              "PyTorch build, a driver too old for its CUDA build, a container started without GPUs, an empty "
              "CUDA_VISIBLE_DEVICES, or a machine without an NVIDIA GPU).",
        advice=("Check what PyTorch sees in the same environment: `nvidia-smi` and `python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda, torch.cuda.is_available(), torch.cuda.device_count())\"`; "
                "fix whichever says no GPU (install the CUDA build of PyTorch, update the driver, start the container with "
                "`--gpus all`, unset an empty CUDA_VISIBLE_DEVICES) before running deepspeed again."),
        action="configure",
        rules_out=("DeepSpeed's configuration file",),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall deepspeed"),
        sources=("https://github.com/Xirider/finetune-gpt2xl/issues/6", "https://github.com/OptimalScale/LMFlow/issues/304",
                 "https://github.com/deepspeedai/DeepSpeed/issues/535"),
        checked="2026-11-26",
        examples=("nccl/finetunegpt2xl-6-deepspeed-no-gpu-resources.txt", "nccl/lmflow-304-deepspeed-no-gpu-colab.txt"),
    ),
    Signature(
        code="nccl.ray-gpu-request-unsatisfiable",
        cause_id="ray-gpu-resources-held",
        kinds=("any",),
        # Ray's autoscaler (local clusters too) when no node type offers what a task, actor or placement group asks for:
        # the job wants more GPUs than Ray counts, often because Ray was started without them (0 GPU in `ray status`),
        # or a node type (a cluster launcher's `resources:`, a KubeRay worker group without num-gpus) advertises none.
        # The request's dict may wrap onto the next line ("... resource request \ndefaultdict(<class 'float'>, {...})."):
        # that line alone, starting with Ray's defaultdict of a GPU request, is read too. (w41c: cause_id was
        # distributed-misuse; TAXONOMY's ray-gpu-resources-held names requests beyond what the nodes advertise.)
        patterns=(r"No available node types can fulfill resource requests? (?:defaultdict\(<class 'float'>, )?"
                  r"\{[^}\n]{0,80}'GPU': (?P<gpus>\d{1,4}(?:\.\d{1,4})?)",
                  r"^\s{0,4}defaultdict\(<class 'float'>, \{[^}\n]{0,80}'GPU': (?P<gpus>\d{1,4}(?:\.\d{1,4})?)[^}\n]{0,80}"
                  r"\}\)\.?\s{0,3}$"),
        severity="fail",
        cause="The job asks Ray for GPUs ({gpus} per task or bundle) that no node of this Ray cluster offers: more than "
              "the machine has, or Ray was started without counting its GPUs, so the work waits forever.",
        advice=("Compare the request with what Ray counts: `ray status` (and `nvidia-smi -L`); if Ray shows fewer GPUs than "
                "the machine has, start it with them (`ray start --head --num-gpus=N` or `ray.init(num_gpus=N)`, with "
                "CUDA_VISIBLE_DEVICES set before Ray starts; on KubeRay, `num-gpus` in the GPU worker group's "
                "rayStartParams beside the pod's nvidia.com/gpu limit; in a cluster launcher config, `CPU:` and `GPU:` "
                "counts under the node type's `resources:`); otherwise lower the job's request to fit (the trainer's "
                "GPUs per node and nodes, tensor parallel size, number of actors or their GPU share)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/real-stanford/scalingup/issues/6", "https://github.com/lishenghui/blades/issues/71",
                 "https://github.com/ray-project/ray-llm/issues/120", "https://github.com/rllm-org/rllm/issues/35",
                 "https://docs.ray.io/en/latest/ray-core/scheduling/resources.html"),
        checked="2026-11-28",
        examples=("nccl/scalingup-6-ray-init-num-gpus.txt", "nccl/blades-71-ray-num-actors.txt",
                  "containers/rayllm-120-autoscaler-node-type-declares-no-gpu.txt",
                  "containers/rllm-35-ray-eight-gpu-placement-group-one-gpu-node.txt"),
    ),
    Signature(
        code="nccl.launcher-sighup",
        cause_id="launcher-hangup",
        kinds=("any",),
        # torch.distributed.elastic's agent (torchrun, torch.distributed.launch, accelerate/deepspeed launching through
        # it) turns a signal it receives into "Received N death signal" and forwards it to every worker; signal 1 is
        # SIGHUP, sent when the terminal or SSH session that started it goes away. Other signals (15 from a scheduler)
        # are not this row's.
        patterns=(r"SignalException: Process \d{1,10} got signal ?: ?1\b",
                  r"Received 1 death signal, shutting down workers",
                  r"Sending process \d{1,10} closing signal SIGHUP"),
        severity="fail",
        cause="The launcher received SIGHUP (signal 1) because the terminal or SSH session that started it closed, and "
              "torch's elastic agent then stopped every worker: the run was cut off from outside, not by a GPU or "
              "NCCL fault.",
        advice=("Run the job detached from the login session: inside tmux or screen (`tmux new -s train`, start the "
                "launcher there, detach with Ctrl-b d), or `setsid nohup torchrun ... > train.log 2>&1 &` (or "
                "`nohup ... &` followed by `disown`); on a cluster submit it as a batch job."),
        action="configure",
        rules_out=("the GPUs", "NCCL", "the driver"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver", "reduce the batch size"),
        sources=("https://github.com/ultralytics/ultralytics/issues/918", "https://github.com/zai-org/ChatGLM2-6B/issues/238",
                 "https://github.com/pytorch/pytorch/issues/76894"),
        checked="2026-11-26",
        examples=("nccl/ultralytics-918-torchrun-sighup-terminal-closed.txt",
                  "nccl/chatglm2-238-signalexception-signal-1-nohup.txt"),
    ),
    Signature(
        code="nccl.mpi-vader-single-copy-refused",
        cause_id="none",
        kinds=("any",),
        # Open MPI's vader (shared-memory) transport, btl_vader_get.c: its process_vm_readv single-copy read is refused
        # (errno 1, EPERM) in a container without CAP_SYS_PTRACE; Open MPI falls back and the job goes on.
        patterns=(r"\] Read -1, expected \d{1,12}, errno = 1\b",),
        severity="info",
        cause="Open MPI's shared-memory transport may not read another rank's memory directly in this container (no "
              "CAP_SYS_PTRACE), prints this for each transfer and falls back; the job itself is not affected.",
        advice=("Harmless: ignore these lines and look elsewhere for a real error. To stop them, start the container with "
                "`--cap-add=SYS_PTRACE` (or --privileged), or tell Open MPI not to try it: `mpirun -mca "
                "btl_vader_single_copy_mechanism none ...` (OMPI_MCA_btl_vader_single_copy_mechanism=none)."),
        action="none",
        rules_out=("NCCL", "the GPUs"),
        never_suggest=("reinstall the driver", "set NCCL_SOCKET_IFNAME", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/horovod/horovod/issues/503", "https://github.com/horovod/horovod/issues/300",
                 "https://github.com/open-mpi/ompi/issues/4948"),
        checked="2026-11-26",
        examples=("nccl/horovod-503-vader-read-expected-errno-1-docker.txt",
                  "nccl/horovod-300-vader-read-errors-dropped-with-privileged.txt"),
    ),
    Signature(
        code="nccl.gloo-peer-loopback-address",
        cause_id="nccl-network-config",
        kinds=("any",),
        # gloo/transport/tcp/pair.cc when a rank connects to the address another rank published for itself: a loopback
        # address means that rank took it from its hostname, which /etc/hosts maps to 127.0.1.1 (Debian, Ubuntu) or
        # 127.0.0.1, so a rank on another node cannot reach it.
        patterns=(r"pair\.cc:\d{1,5}\] connect \[(?P<address>127\.0\.[01]\.1|::1)\]:(?P<port>\d{1,5}): Connection refused",),
        refines=("nccl.no-socket-interface",),  # the same line, read as the loopback address it names
        severity="fail",
        cause="Gloo told the other ranks to connect to {address}, a loopback address: this node's hostname resolves to "
              "it (/etc/hosts), so ranks on other nodes are refused.",
        advice=("Name the network interface the nodes share on every node: `export GLOO_SOCKET_IFNAME=eth0` (the name "
                "from `ip -br addr`; set NCCL_SOCKET_IFNAME too), or map the hostname to the machine's LAN address "
                "instead of 127.0.1.1 in /etc/hosts."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver", "a firewall between the nodes"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/pytorch/gloo/issues/223", "https://github.com/pytorch/pytorch/issues/15592",
                 "https://github.com/ray-project/ray/issues/37461",
                 "https://pytorch.org/docs/stable/distributed.html#choosing-the-network-interface-to-use"),
        checked="2026-11-26",
        examples=("nccl/gloo-223-connect-127-0-1-1-refused-two-nodes.txt",
                  "nccl/pytorch-15592-gloo-connect-loopback-two-nodes.txt"),
    ),
    Signature(
        code="nccl.gloo-windows-device-unsupported",
        cause_id="nccl-network-config",
        kinds=("any",),
        # torch/csrc/distributed/c10d/GlooDeviceFactory.cpp: on Windows ProcessGroupGloo builds its device (the libuv
        # transport) from the hostname, or from GLOO_SOCKET_IFNAME, and stops when none comes back; Windows wheels of
        # the PyTorch 2.8 period also met it from a Gloo regression fixed by a submodule update (pytorch PR#170491).
        patterns=(r"makeDeviceForHostname\(\): unsupported gloo device",
                  # PyTorch 2.0 and 2.1 on Windows, when the hostname gives no address to build the libuv device from.
                  r"GlooDeviceFactory::makeUVDevice\(\): interface or hostname can't be empty"),
        severity="fail",
        cause="PyTorch on Windows could not create its Gloo device from this machine's hostname, so "
              "init_process_group stopped: the hostname resolves to no usable adapter (VPN, Hyper-V or Docker "
              "virtual adapters, host.docker.internal), or the PyTorch build carries the Windows Gloo regression of "
              "the 2.8 period.",
        advice=("Name the address and adapter before the process group starts: set MASTER_ADDR=127.0.0.1 (one "
                "machine), a free MASTER_PORT and GLOO_SOCKET_IFNAME to the real adapter's name; for one GPU, run "
                "without torch.distributed; if it stays, install torch 2.7.1 or a release with the Gloo fix of "
                "pytorch PR#170491, or run under Linux or WSL2."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/SystemPanic/vllm-windows/issues/19", "https://github.com/pytorch/pytorch/pull/170491",
                 "https://github.com/RVC-Boss/GPT-SoVITS/pull/2744", "https://github.com/IAHispano/Applio/issues/79",
                 "https://pytorch.org/docs/stable/distributed.html#choosing-the-network-interface-to-use"),
        checked="2026-11-26",
        examples=("nccl/vllmwindows-19-unsupported-gloo-device-gloo-socket-ifname.txt",
                  "nccl/applio-79-makeuvdevice-hostname-empty-windows.txt"),
    ),
    Signature(
        code="nccl.c10d-ipv6-socket-notice",
        cause_id="none",
        kinds=("any",),
        # torch/csrc/distributed/c10d/socket.cpp: the TCPStore tries every address getaddrinfo returns, IPv6 first, and
        # warns for each one that fails even when an IPv4 one then works (pytorch#128998), so a host without IPv6 prints
        # these at every start.
        patterns=(r"\[c10d\] The (?:server socket cannot be initialized on \[::\]|client socket cannot be initialized "
                  r"to connect to \[[^\]\n]{1,200}\]):\d{1,5} \(errno: 97 - Address family not supported by protocol\)",),
        severity="info",
        cause="torch.distributed's store tried IPv6 first on a host without IPv6 and warned before it used IPv4; the "
              "process group is not affected.",
        advice=("Harmless: ignore these [c10d] errno 97 lines and look for the real error elsewhere in the log (a "
                "traceback, an NCCL WARN, a rank that exited). They stop where IPv6 is enabled; newer PyTorch prints "
                "them only when no address works."),
        action="none",
        rules_out=("NCCL", "the GPUs", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_SOCKET_IFNAME", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/pytorch/pytorch/issues/128998", "https://github.com/helmholtz-analytics/heat/issues/1003",
                 "https://github.com/pytorch/pytorch/issues/77523"),
        checked="2026-11-26",
        examples=("nccl/heat-1003-c10d-errno-97-warnings-tests-pass.txt",
                  "nccl/pytorch-128998-c10d-errno-97-ipv6-spurious.txt"),
    ),
    Signature(
        code="nccl.algo-forced-unavailable",
        cause_id="nccl-algo-forced",
        kinds=("any",),
        # enqueue.cc's topoGetAlgoInfo when no (algorithm, protocol) pair has a finite time for the call; NCCL 2.24+
        # names the function, the datatype and the NCCL_ALGO/NCCL_PROTO it was given.
        patterns=(r"Error : no algorithm/protocol available(?: for function (?P<function>\w{2,30}) with datatype "
                  r"(?P<dtype>\w{2,30}))?",),
        severity="fail",
        cause="NCCL found no algorithm and protocol it may use for this collective: NCCL_ALGO or NCCL_PROTO limits it "
              "to ones that do not implement the operation or datatype (Tree has no broadcast, NVLS no int64 "
              "allreduce), or CollNet/SHARP was enabled without the collectives it needs.",
        advice=("Find where NCCL_ALGO / NCCL_PROTO come from (`env | grep -E 'NCCL_(ALGO|PROTO|COLLNET)'`, /etc/nccl.conf, "
                "~/.nccl.conf, the launcher or image) and unset them so NCCL tunes per collective; if one is needed, "
                "scope it to the collective it is meant for (NCCL_ALGO='allreduce:tree'). With NCCL_COLLNET_ENABLE=1, "
                "retry without it to confirm."),
        action="configure",
        rules_out=("the network", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_SOCKET_IFNAME", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/nccl/issues/317", "https://github.com/NVIDIA/nccl/issues/1898",
                 "https://github.com/NVIDIA/nccl/issues/653", "https://github.com/NVIDIA/nccl/issues/1709",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-algo"),
        checked="2026-11-26",
        examples=("nccl/nccl-653-collnet-forced-no-algorithm-megatron.txt", "nccl/nccl-1898-nvls-forced-int64-no-algorithm.txt"),
    ),
    Signature(
        code="nccl.rank-outside-world-size",
        cause_id="distributed-misuse",
        kinds=("any",),
        # init.cc: ncclCommInitRank refuses a rank that is not in [0, nranks): the launcher started more processes (or
        # numbered them further) than the world size the program gave NCCL.
        patterns=(r"Invalid rank requested : (?P<rank>\d{1,6})/(?P<nranks>\d{1,6})",),
        severity="fail",
        cause="NCCL was asked for rank {rank} in a communicator of {nranks} ranks: more processes were launched (or "
              "numbered higher) than the world size the program passed, so ranks and world size disagree.",
        advice=("Make the world size equal the number of processes started: with torchrun, WORLD_SIZE = --nnodes x "
                "--nproc_per_node and each node's --node_rank below --nnodes; a script's own --world-size must count "
                "every rank (one per GPU it starts, so limit the GPUs with CUDA_VISIBLE_DEVICES or --gpus to match)."),
        action="configure",
        rules_out=("the network", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_SOCKET_IFNAME", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/jeffffffli/HybrIK/issues/47", "https://github.com/Lightning-AI/pytorch-lightning/issues/20219",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api/comms.html#ncclcomminitrank"),
        checked="2026-11-26",
        examples=("nccl/hybrik-47-invalid-rank-requested-world-size-4.txt",),
    ),
    Signature(
        code="nccl.deepspeed-accelerator-cpu",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # deepspeed/accelerator/real_accelerator.py: with no DS_ACCELERATOR set and no other accelerator package, CUDA
        # is chosen only where torch.cuda.device_count() > 0 and torch.cuda.is_available(); otherwise it warns this and
        # runs everything on the CPU (ops, ZeRO, training: slow, with the GPU idle)
        patterns=(r"Setting accelerator to CPU\. If you have GPU or other accelerator, we were unable to detect it",),
        severity="warn",
        cause=("DeepSpeed found no usable CUDA GPU from PyTorch in this process and fell back to its CPU accelerator: "
               "a CPU-only PyTorch build is installed, or the process sees no GPU (an empty CUDA_VISIBLE_DEVICES, a "
               "container or Ray actor given no GPU, a driver PyTorch cannot use)."),
        advice=("Check PyTorch in the same environment: `python -c \"import torch; print(torch.__version__, "
                "torch.version.cuda, torch.cuda.is_available())\"`. If it prints `None False` (a +cpu build), install "
                "the CUDA build of torch (`pip install torch --index-url https://download.pytorch.org/whl/cu128`, the "
                "cuXXX index your driver supports); if CUDA is available there, the process that warned has no GPU "
                "(check CUDA_VISIBLE_DEVICES, the container's --gpus, the Ray actor's num_gpus) or set "
                "DS_ACCELERATOR=cuda. In a Ray helper process that holds no GPU on purpose the warning is harmless."),
        action="configure",
        rules_out=("DeepSpeed's configuration file", "the network"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall deepspeed"),
        sources=("https://github.com/index-tts/index-tts/issues/295",
                 "https://github.com/Open-Reasoner-Zero/Open-Reasoner-Zero/issues/73",
                 "https://github.com/deepspeedai/DeepSpeed/blob/master/accelerator/real_accelerator.py"),
        checked="2026-11-26",
        examples=("nccl/indextts-295-deepspeed-accelerator-cpu-torch.txt",),
    ),
    Signature(
        code="nccl.accelerate-device-map-under-distributed",
        cause_id="distributed-misuse",
        kinds=("any",),
        # accelerate/accelerator.py's prepare(): a model spread over several GPUs by its device_map (big-model
        # inference's naive model parallelism) cannot also be trained by one process per GPU (DDP, FSDP, DeepSpeed)
        patterns=(
            r"You can't train a model that has been loaded with `?device_map='auto'`? in any distributed mode",
            r"You can't train a model that has been loaded in 8-bit (?:or 4-bit )?precision on multiple devices in any "
            r"distributed mode",
            # DistributedDataParallel's own refusal (torch 1.8+) when the module's parameters sit on several GPUs; pastes
            # wrap its long line, so the pattern keys on the parameter set alone ({device(type='cpu')} is
            # nccl.ddp-module-on-cpu's).
            r"parameters \{device\(type='cuda', index=\d{1,2}\), ?device\(type='cuda', index=\d{1,2}\)",
        ),
        severity="fail",
        cause=("The model was loaded with device_map=\"auto\", which spreads one copy over all visible GPUs, while "
               "the script was launched distributed (torchrun, accelerate launch, deepspeed: one process per GPU, each "
               "wanting its own whole copy); accelerate or DistributedDataParallel refuses the two together."),
        advice=("Pick one: for data parallelism over the GPUs load the model without device_map=\"auto\" (under "
                "DeepSpeed or FSDP pass no device_map; for DDP put the whole model on each process's GPU with "
                "`device_map={\"\": Accelerator().local_process_index}`, or `{\"\": int(os.environ[\"LOCAL_RANK\"])}`); "
                "to split a model too big for one GPU keep device_map=\"auto\" and run a single process "
                "(`python train.py` or `accelerate launch --num_processes 1`)."),
        action="configure",
        rules_out=("a GPU, driver or NCCL fault",),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver", "update the driver"),
        sources=("https://github.com/QwenLM/Qwen/pull/833", "https://github.com/pacman100/LLM-Workshop/issues/9",
                 "https://github.com/huggingface/transformers/issues/31557",
                 "https://github.com/huggingface/accelerate/issues/1802",
                 "https://github.com/yuanzhoulvpi2017/zero_nlp/issues/115",
                 "https://github.com/huggingface/accelerate/blob/main/src/accelerate/accelerator.py"),
        checked="2026-11-26",
        examples=("nccl/qwen-833-finetune-ds-device-map-auto.txt", "nccl/llmworkshop-9-device-map-auto-fsdp.txt",
                  "nccl/zeronlp-115-ddp-model-spread-over-two-gpus.txt"),
    ),
)
