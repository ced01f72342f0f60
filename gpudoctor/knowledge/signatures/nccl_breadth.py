"""NCCL and torch.distributed where the platform decides what a rank can reach: ranks in containers (whose network
namespace hides the host's addresses) and on Windows; and where ranks do not meet: Horovod's stall inspector, NCCL's
check for ranks sharing a GPU, accelerate's notebook launcher forking after CUDA started (rows of the nccl area,
joined into nccl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NCCL_ENVIRONMENT = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
DOCKER_BRIDGE = "https://docs.docker.com/engine/network/drivers/bridge/"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.peer-on-docker-bridge",
        cause_id="nccl-network-config",
        kinds=("any",),
        # Docker's default bridge (docker0) gives each container a private 172.17.x.x address that only its own host
        # routes to. NCCL inside such a container advertises it, so a rank on another machine connecting to a
        # 172.17 peer is the bridge network, not a firewall or a wrong interface on the host.
        patterns=(
            r"(?:socketStartConnect: |socketPollConnect: |NCCL WARN (?:Net : )?)Connect to 172\.17\.\d{1,3}\.\d{1,3}<\d{1,5}> "
            r"(?:failed|returned)",
        ),
        refines=("nccl.no-socket-interface", "nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p"),
        refines_within=None,
        severity="fail",
        cause="A rank tried to reach its peer at a Docker bridge address (172.17.x.x): the ranks run in containers on "
              "Docker's default bridge network, whose addresses the other machines cannot reach.",
        advice=("Start every rank's container with `--network host` (and `--ipc host`; `network_mode: host` in "
                "Compose) so NCCL uses the machines' own addresses, then set NCCL_SOCKET_IFNAME to the interface the "
                "machines share (e.g. `export NCCL_SOCKET_IFNAME=eth0`); publishing ports with -p does not help, "
                "since NCCL opens ports of its own."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nccl/issues/929", "https://github.com/pytorch/pytorch/issues/23363",
                 DOCKER_BRIDGE, NCCL_ENVIRONMENT),
        checked="2026-11-26",
        examples=("nccl/nccl-929-docker-bridge-peer-172-17-unreachable.txt",),
    ),
    Signature(
        code="nccl.c10d-windows-10049-notice",
        cause_id="none",
        kinds=("any",),
        # torch/csrc/distributed/c10d/socket.cpp on Windows: the store's client tries each address the host name resolves
        # to and warns for each one Winsock refuses (WSAEADDRNOTAVAIL, 10049, in the system's language), then connects
        # through the next; a warning ([W ...]), not the error that stops a run.
        patterns=(r"\[c10d\] The client socket has failed to connect to \[[^\]\n]{1,200}\]:\d{1,5} \(system error: 10049\b",),
        severity="info",
        cause="PyTorch on Windows warned while its store client tried an address of this machine's host name that Winsock "
              "refuses (error 10049); it goes on with the next address, so this line alone stops nothing.",
        advice=("Harmless on its own: look for the real error after it. With one GPU, run the training script directly "
                "(`python train.py ...`) instead of through torchrun or a dist_train script; where a run does hang at "
                "start, set MASTER_ADDR=127.0.0.1 and use the gloo backend, since PyTorch on Windows has no NCCL."),
        action="none",
        rules_out=("the GPUs", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        versions=("torch>=1.11",),
        sources=("https://github.com/AILab-CVC/YOLO-World/issues/201", "https://github.com/pytorch/pytorch/issues/77523",
                 "https://learn.microsoft.com/en-us/windows/win32/winsock/windows-sockets-error-codes-2"),
        checked="2026-11-26",
        examples=("nccl/yoloworld-201-windows-10049-dist-train.txt",),
    ),
    Signature(
        code="nccl.too-old-for-gpu-shared-memory",
        # NCCL too old for the GPU: the fix is another NCCL (TAXONOMY's nccl-version-mismatch, "one too old"), not
        # another build of the program with kernels for the GPU (cuda-arch-unsupported; w39g, rev39c 2026-11-28)
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        # NCCL's init (src/init.cc) compares the shared memory its kernels need with what the GPU allows per block and
        # logs this line when they do not fit: NCCL 2.25 and older on Blackwell consumer GPUs (RTX 50, sm_120), whose
        # collectives then fail ('invalid argument', a hang); NCCL 2.26 sized its kernels for them.
        patterns=(r"ncclMaxSharedMem (?P<needed>\d{4,7}) exceeds device/fn maxSharedMem (?P<allowed>\d{4,7})",),
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p"), refines_within=None,
        severity="fail",
        cause="This NCCL's kernels need more shared memory than the GPU allows: the NCCL build is older than the GPU "
              "(NCCL 2.25 and older on RTX 50 / Blackwell GPUs), so its collectives fail or hang on it.",
        advice=("Use NCCL 2.26 or newer for this GPU: `pip install -U nvidia-nccl-cu12` (or a PyTorch / container build "
                "that ships NCCL 2.26+), or build nccl-tests against a newer NCCL (`make NCCL_HOME=...`), then run "
                "again; the driver and P2P settings are not the cause."),
        action="configure",
        rules_out=("the NVIDIA driver", "P2P support"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/tinygrad/open-gpu-kernel-modules/issues/29",
                 "https://docs.nvidia.com/deeplearning/nccl/release-notes/rel_2-26-2.html"),
        checked="2026-11-26",
        examples=("nccl/tinygrad-p2p-29-rtx5090-nccl-2251-maxsharedmem.txt",),
    ),
    Signature(
        code="nccl.buffers-out-of-gpu-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        # NCCL's own WARN lines when a CUDA allocation for its buffers fails (src/include/checks.h: runtime calls,
        # "Cuda failure 'out of memory'"; cudawrap.h: driver calls, "Cuda failure 2 'out of memory'"; alloc.h:
        # "Failed to CUDA calloc|malloc N bytes"). The caller then reports only "unhandled cuda error", and the other
        # ranks see their connections to this one closed: the out-of-memory is the cause of both.
        # PyTorch 2.2+ (ncclGetLastError) and vLLM's pynccl retell NCCL's last WARN under "Last error:" without its
        # "NCCL WARN" prefix ("Failed to CUDA calloc 8388608 bytes", torchtitan#660): NCCL's own wording, read bare.
        patterns=(r"NCCL WARN Cuda failure (?:2 )?'out of memory'",
                  r"\bFailed to CUDA (?:calloc|malloc)(?: async)? (?P<bytes>\d{1,15}) bytes"),
        refines=("nccl.generic-error-needs-debug", "nccl.remote-error", "cuda.out-of-memory"), refines_within=None,
        severity="fail",
        cause="NCCL could not allocate its communication buffers: the GPU of the rank that printed this was out of "
              "memory (the job, or another process, had taken it), and the other ranks then lost their connection to it.",
        advice=("Leave GPU memory for NCCL's buffers on that rank: check `nvidia-smi` for other processes on the GPU, "
                "lower the memory the job takes (batch size, sharding or offload in training; vLLM's "
                "--gpu-memory-utilization, e.g. 0.85, or SGLang's --mem-fraction-static in serving), or hand PyTorch's "
                "cached blocks back before the collective (`torch.cuda.empty_cache()` before the barrier or all-reduce "
                "that fails), then run again; the network and P2P settings are not the cause."),
        action="configure",
        rules_out=("the network", "the NVIDIA driver"),
        never_suggest=("set NCCL_SOCKET_IFNAME", "set NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nccl/issues/1235", "https://github.com/pytorch/torchtitan/pull/660"),
        checked="2026-11-28",
        examples=("nccl/nccl-1235-socket-closed-peer-oom.txt", "nccl/torchtitan-660-barrier-nccl-calloc-8mb-last-error.txt"),
    ),
    Signature(
        code="nccl.library-not-found",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="cuda-library-missing",
        kinds=("any",),
        # The dynamic loader's words for a program linked to (or dlopen-ing) NCCL when no libnccl.so.N is on its path:
        # nccl-tests built against an NCCL_HOME not on LD_LIBRARY_PATH, a PyTorch or CuPy whose nvidia-nccl wheel is
        # absent, an image without NCCL. NCCL does not exist on Windows, so there is no DLL wording.
        patterns=(r"\blibnccl\.so(?:\.(?P<major>\d{1,2}))?: cannot open shared object file",),
        severity="fail",
        cause="The program could not load the NCCL library (libnccl.so): NCCL is not installed where it looks, or not "
              "on the library path it was built against.",
        advice=("Install the NCCL the program expects and let the loader find it: for PyTorch, vLLM or CuPy wheels "
                "`pip install nvidia-nccl-cu12` (the version `pip show torch` requires; vLLM also takes a path in "
                "VLLM_NCCL_SO_PATH); for nccl-tests or a source "
                "build the libnccl2 package (`sudo apt install libnccl2 libnccl-dev`) or `export "
                "LD_LIBRARY_PATH=$NCCL_HOME/lib:$LD_LIBRARY_PATH` for the NCCL it was built with; check with "
                "`ldconfig -p | grep nccl`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPUs"),
        never_suggest=("reinstall the driver", "update the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/rh-aiservices-bu/llm-on-openshift/issues/57",
                 "https://docs.nvidia.com/deeplearning/nccl/install-guide/index.html"),
        checked="2026-11-26",
        examples=("vllm/llm-on-openshift-57-image-without-libnccl.txt",),
    ),
    Signature(
        code="nccl.graph-file-set",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p"), refines_within=None,
        cause_id="nccl-topology-file",
        kinds=("any",),
        # misc/param.cc prints "<NAME> set by environment to <value>" (INFO) for every NCCL variable it reads, also
        # from /etc/nccl.conf and ~/.nccl.conf. An injected graph (NCCL_GRAPH_FILE) replaces NCCL's own search; NCCL's
        # maintainers say it is never for production, and one written for another machine or GPU count fails set-up
        # with ncclSystemError before any WARN says why.
        patterns=(r"NCCL_GRAPH_FILE set by environment to (?P<path>[^\s]{1,200})",),
        severity="warn",
        cause="NCCL was given a graph file ({path}, NCCL_GRAPH_FILE) instead of searching its own rings and trees; a "
              "graph written for another machine or GPU count makes communicator set-up fail.",
        advice=("Unset NCCL_GRAPH_FILE (`unset NCCL_GRAPH_FILE`) and remove it from /etc/nccl.conf and ~/.nccl.conf, "
                "where cloud images set it (Azure's HPC images: /opt/microsoft/ncv4/graph.xml), then run again: NCCL "
                "builds its own graph from the topology."),
        action="configure",
        rules_out=("the network links", "peer-to-peer support"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nccl/issues/1240", NCCL_ENVIRONMENT),
        checked="2026-11-26",
        examples=("nccl/nccl-1240-graph-file-ncv4-system-error.txt",),
    ),
    Signature(
        code="nccl.horovod-stalled-ranks",
        cause_id="nccl-timeout",
        kinds=("any",),
        # Horovod's stall inspector (horovod/common/stall_inspector.cc, operations.cc before 0.20): the ranks that
        # reached a collective wait for the listed "missing ranks"; it repeats every HOROVOD_STALL_CHECK_TIME_SECONDS.
        patterns=(r"submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder "
                  r"of ranks for more than (?P<seconds>\d{1,6}) seconds",),
        severity="fail",
        cause=("Some Horovod ranks reached a collective (allreduce, allgather, broadcast) that the missing ranks have "
               "not: those ranks are still busy (rank 0 evaluating or saving), have crashed, or run a different number "
               "of steps or a different code path, so the rest wait and the job deadlocks."),
        advice=("Read the missing ranks' own output first (an exception there ends them); give every rank the same "
                "number of steps (shard the data evenly: steps per epoch divided by hvd.size(), drop the last partial "
                "batch) and the same sequence of collectives, and keep rank-0-only work (evaluation, checkpoints) "
                "short or outside them. A warning that stops once rank 0 finishes such work is harmless."),
        action="configure",
        rules_out=("the GPU driver", "GPU memory"),
        never_suggest=("reinstall the driver", "nccl_p2p_disable"),
        sources=("https://github.com/horovod/horovod/issues/498", "https://github.com/horovod/horovod/issues/429",
                 "https://github.com/horovod/horovod/blob/master/horovod/common/stall_inspector.cc"),
        checked="2026-11-26",
        examples=("nccl/horovod-498-stall-ranks-finish-epoch-unevenly.txt",),
    ),
    Signature(
        code="nccl.multiple-ranks-same-gpu",
        refines=("nccl.generic-error-needs-debug",), refines_within=None,
        cause_id="distributed-misuse",
        kinds=("any",),
        # NCCL 2.30+'s words (init.cc) for what older releases called "Duplicate GPU detected" (nccl.duplicate-gpu),
        # and its NVLS check when ranks share a GPU (transport/nvls.cc); MIG instances of one GPU count as one.
        patterns=(r"Multiple Ranks are using the same GPU/Partition",
                  r"NCCL_NVLS_ENABLE has been set to \"1\" and communicator has multiple ranks using the same NVML "
                  r"device"),
        severity="fail",
        cause=("Several ranks of one NCCL communicator run on the same GPU: more processes per node than GPUs, every "
               "rank on cuda:0, or ranks on MIG instances of one GPU, which NCCL counts as that GPU."),
        advice=("If the ranks are not meant to share a GPU, run one process per GPU (torchrun --nproc_per_node, "
                "accelerate --num_processes, deepspeed --num_gpus equal to the GPUs `nvidia-smi -L` lists) and set "
                "each rank's device from its local rank (`torch.cuda.set_device(int(os.environ[\"LOCAL_RANK\"]))`); if "
                "they are (MIG instances, NCCL 2.30 or later), set NCCL_MULTI_RANK_GPU_ENABLE=1 and leave "
                "NCCL_NVLS_ENABLE unset."),
        action="configure",
        rules_out=("the GPU driver", "the network"),
        never_suggest=("nccl_p2p_disable", "reinstall the driver"),
        versions=("nccl>=2.30 (multi-rank GPU check)",),
        sources=("https://github.com/NVIDIA/nccl/issues/1716", "https://github.com/NVIDIA/nccl/issues/1241",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-multi-rank-gpu-enable"),
        checked="2026-11-26",
        examples=("nccl/nccl-1716-mig-multiple-ranks-same-gpu-partition.txt",),
    ),
    Signature(
        code="nccl.torch-without-mpi-backend",
        cause_id="distributed-misuse",
        kinds=("any",),
        # distributed_c10d.py's check when backend="mpi" is asked of a PyTorch built without USE_MPI (every pip and
        # conda build); the NCCL twin ("doesn't have NCCL built in", Windows and macOS builds) is frameworks'
        patterns=(r"Distributed package doesn't have MPI built in",),
        severity="fail",
        cause=("The script asks torch.distributed for the MPI backend, which the installed PyTorch does not have: pip "
               "and conda builds leave MPI out, only a PyTorch built from source against MPI has it."),
        advice=("Use the backends PyTorch ships: init_process_group(backend=\"nccl\") for GPU tensors (\"gloo\" for CPU "
                "ones), started with torchrun (`torchrun --nproc_per_node=<GPUs> train.py`) instead of mpirun; keep MPI "
                "only for launching if needed (Horovod, or rank and world size read from OMPI_COMM_WORLD_RANK and "
                "OMPI_COMM_WORLD_SIZE), or build PyTorch from source on a host with MPI installed."),
        action="configure",
        rules_out=("the GPU driver", "the network"),
        never_suggest=("reinstall the driver", "nccl_p2p_disable"),
        sources=("https://github.com/open-ce/open-ce/issues/376", "https://github.com/pytorch/pytorch/pull/36781",
                 "https://pytorch.org/docs/stable/distributed.html#backends"),
        checked="2026-11-26",
        examples=("nccl/opence-376-torch-without-mpi-backend.txt",),
    ),
    Signature(
        code="nccl.notebook-launcher-cuda-initialized",
        refines=("frameworks.cuda-in-forked-subprocess",), refines_within=None,
        cause_id="multiprocessing-fork",
        kinds=("any",),
        # accelerate's notebook_launcher (launchers.py) forks one process per GPU and checks first; its words across
        # releases: the fork failure it rewords, the Accelerator made outside the function, torch.cuda used in a cell,
        # device-initializing imports (bitsandbytes), and the debug-mode dry run.
        patterns=(r"(?:CUDA|XPU|NPU) has been initialized before (?:the )?`?notebook_launcher`?(?:\(\))? could create a "
                  r"forked subprocess",
                  r"To launch a multi-(?:GPU|device) training from your notebook, ",
                  r"Libraries known to initialize device upon import have been imported already",
                  r"verifying a stable environment for the notebook launcher"),
        severity="fail",
        cause=("accelerate's notebook_launcher forks one process per GPU, which CUDA forbids once the notebook's own "
               "process has initialized CUDA: a cell, or an import that touches the GPU (bitsandbytes, fastai, "
               "accelerate 0.21.0 itself), used CUDA before the launch."),
        advice=("Restart the notebook kernel and run only imports and definitions before `notebook_launcher(fn, "
                "num_processes=2)`: create the Accelerator, the model, TrainingArguments and anything that calls "
                "torch.cuda inside fn, move GPU-touching imports there too, and check `torch.cuda.is_initialized()` is "
                "False just before launching; with accelerate 0.21.0, upgrade accelerate (its import initialized CUDA). "
                "Or save the code as a script and run `accelerate launch --multi_gpu --num_processes 2 train.py`."),
        action="configure",
        rules_out=("the GPU driver", "the GPUs themselves"),
        never_suggest=("reinstall the driver", "nccl_p2p_disable"),
        sources=("https://github.com/huggingface/accelerate/issues/940", "https://github.com/huggingface/accelerate/pull/1293",
                 "https://github.com/fastai/fastai/issues/4015",
                 "https://huggingface.co/docs/accelerate/basic_tutorials/notebook"),
        checked="2026-11-26",
        examples=("nccl/accelerate-940-notebook-launcher-cuda-initialized.txt",),
    ),
)
