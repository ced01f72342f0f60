"""NCCL: the rendezvous before NCCL starts, a process group without GPUs, RDMA queue pairs that never connect and
GPU memory the network card cannot register (rows of the nccl area, joined into nccl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TORCH_DISTRIBUTED = "https://pytorch.org/docs/stable/distributed.html"
NCCL_ENVIRONMENT = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.ib-queue-pair-failed",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        # misc/ibvwrap.cc: "Call to ibv_modify_qp failed with %d %s" (2.2x) or "... failed with error %s" (older),
        # raised when the queue pair moves INIT -> RTR -> RTS: the remote NIC never answers over RDMA (errno 110),
        # the route or GID is wrong (101, Network is unreachable) or the device is gone.
        patterns=(r"Call to ibv_modify_qp failed with (?:error )?(?:(?P<errno>\d{1,4}) )?(?P<reason>Connection timed out|"
                  r"Network is unreachable|No such device|Invalid argument)",),
        severity="fail",
        cause="NCCL could not connect an RDMA queue pair to the remote NIC ({reason}): the two NICs cannot reach each "
              "other over InfiniBand/RoCE with the address (GID) and route NCCL picked.",
        advice=("Test the RDMA path between the two nodes with the same NIC and GID NCCL uses (perftest's ib_write_bw "
                "-d DEVICE -x GID_INDEX), set NCCL_IB_GID_INDEX to the RoCE v2 GID that `show_gids` lists, and on "
                "rail-optimised fabrics (only NICs of the same rail reach each other) set NCCL_CROSS_NIC=0; "
                "NCCL_IB_HCA can leave out a NIC that has no route."),
        action="configure",
        rules_out=("the GPU driver",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nccl/issues/2013", "https://github.com/NVIDIA/nccl-tests/issues/185",
                 NCCL_ENVIRONMENT),
        checked="2026-11-26",
        examples=("nccl/nccl-2013-ibv-modify-qp-110-cross-nic.txt",),
    ),
    Signature(
        code="nccl.rendezvous-incomplete",
        cause_id="distributed-misuse",
        kinds=("any",),
        # torch.distributed before NCCL: the store-based barrier of init_process_group (torch 1.8 to 2.0) and the
        # TCPStore's wait for its clients (torch 2.x) count the processes that joined against world_size.
        patterns=(
            r"Timed out initializing process group in store based barrier on rank:? ?(?P<rank>\d{1,6}), for key: "
            r"store_based_barrier_key:\d{1,6} \(world_size=(?P<world_size>\d{1,6}), worker_count=(?P<joined>\d{1,6})",
            # torch 2.2 printed "workers" where later releases print "clients" (TCPStore's master waiting at start).
            r"Timed out after \d{1,7} seconds waiting for (?:clients|workers)\. (?P<joined>\d{1,6})/"
            r"(?P<world_size>\d{1,6}) (?:clients|workers) joined",
            # NCCL's own bootstrap root, when ranks announce a communicator of another size than the ones that came.
            r"Bootstrap Root ?: mismatch in rank count from procs (?P<announced>\d{1,6}) ?: ?(?P<expected>\d{1,6})",
            # NCCL 2.19+ (bootstrap.cc) when two processes announce the same rank: launched twice, or another job's.
            r"Bootstrap Root ?: rank (?P<rank>\d{1,6}) of (?P<world_size>\d{1,6}) ranks has already checked in",
        ),
        severity="fail",
        cause="The process group's rendezvous timed out because the processes that joined it did not match its "
              "world_size: a rank never started or died first, the world size is wrong for what was launched, or "
              "another job shares the same MASTER_PORT.",
        advice=("Compare the world_size with the processes really launched (nodes x processes per node: a launcher "
                "that also spawns per GPU doubles them; worker_count above world_size means extra processes or another "
                "job on the same MASTER_PORT), read the other ranks' output for one that failed or never started, and "
                "check that every node reaches MASTER_ADDR:MASTER_PORT (`nc -zv MASTER_ADDR MASTER_PORT` from each node: "
                "MASTER_ADDR must be rank 0's address the others reach, MASTER_PORT open in the firewall, and on nodes "
                "with several interfaces GLOO_SOCKET_IFNAME / NCCL_SOCKET_IFNAME naming the one that carries it); give "
                "each job its own MASTER_PORT."),
        action="configure",
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/tczhangzhi/pytorch-distributed/issues/18",
                 "https://github.com/ultralytics/yolov5/issues/4574", "https://github.com/pytorch/pytorch/issues/46248",
                 "https://github.com/pytorch/pytorch/pull/111805", TORCH_DISTRIBUTED),
        checked="2026-11-26",
        examples=("nccl/pytorch-46248-bootstrap-root-mismatch-rank-count.txt",),
    ),
    Signature(
        code="nccl.process-group-without-gpu",
        cause_id="cuda-no-device",
        kinds=("any",),
        # ProcessGroupNCCL's constructor checks at::cuda::getNumGPUs() > 0 (RuntimeError; ValueError in later torch).
        patterns=(r"ProcessGroupNCCL is only supported with GPUs, no GPUs found",),
        severity="fail",
        cause="The process that asked for the NCCL backend sees no CUDA GPU, so NCCL cannot start.",
        advice=("Check in the same environment and launcher what torch sees: `python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda, torch.cuda.is_available(), torch.cuda.device_count())\"`; "
                "a version without +cu (a CPU-only torch) needs the CUDA build, an empty or wrong CUDA_VISIBLE_DEVICES "
                "or a container started without --gpus hides the GPUs; on a CPU-only machine use backend='gloo'."),
        action="configure",
        never_suggest=("set NCCL_SOCKET_IFNAME", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/OFA-Sys/OFA/issues/304", "https://github.com/OptimalScale/LMFlow/issues/143",
                 TORCH_DISTRIBUTED),
        checked="2026-11-26",
        examples=("nccl/ofa-304-processgroup-nccl-no-gpus-colab.txt",),
    ),
    Signature(
        code="nccl.unique-id-not-received",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        # ProcessGroupNCCL::broadcastUniqueNCCLID: rank 0 creates the NCCL unique id and puts it in the c10d store,
        # the other ranks wait for it ("retreiving" in torch before 2.1, "got exception" in some builds).
        patterns=(r"is setting up NCCL communicator and retr(?:ei|ie)ving ncclUniqueId from \[(?P<root>\d{1,6})\] via "
                  r"c10d key-value store by key '[^'\n]{1,60}', but store->get\('[^'\n]{1,60}'\) got "
                  r"(?:error|exception): (?P<error>[^\n]{1,120})",),
        severity="fail",
        cause="This rank waited in vain for the NCCL unique id that rank {root} publishes in the c10d store "
              "({error}): rank {root} failed or lagged before creating the communicator, or this rank lost its "
              "connection to the store.",
        advice=("Read rank 0's output first: a crash, an out-of-memory or a slow start there (data or model loading "
                "longer than the timeout, a rank on another code path) is the usual cause; where rank 0 was still tokenising "
                "or loading, raise the process group's timeout (ddp_timeout in TrainingArguments, "
                "InitProcessGroupKwargs(timeout=...) in Accelerate, init_process_group(timeout=...)) or prepare the "
                "dataset once before the launch; if rank 0 was waiting too, "
                "check that every node reaches MASTER_ADDR:MASTER_PORT through a firewall-free interface "
                "(NCCL_SOCKET_IFNAME and GLOO_SOCKET_IFNAME set to it) and rerun with NCCL_DEBUG=INFO."),
        action="configure",
        never_suggest=("reinstall the driver", "raise --shm-size", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/hiyouga/LlamaFactory/issues/3698", "https://github.com/pytorch/pytorch/pull/68597",
                 "https://github.com/pytorch/pytorch/issues/82091", TORCH_DISTRIBUTED),
        checked="2026-11-26",
        examples=("nccl/llamafactory-3698-nccluniqueid-store-socket-timeout.txt",),
    ),
    Signature(
        code="nccl.gpudirect-registration-failed",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-gpudirect-rdma",
        kinds=("any",),
        # misc/ibvwrap.cc when NCCL registers a GPU buffer with the NIC: through DMA-BUF (ibv_reg_dmabuf_mr, NCCL 2.13+)
        # or through nvidia-peermem (ibv_reg_mr / ibv_reg_mr_iova2 on device memory, "Bad address" when no peer-memory
        # client claims it).
        patterns=(r"Call to ibv_reg_dmabuf_mr failed with error (?P<reason>Operation not supported|Invalid argument|"
                  r"Bad address)",
                  r"Call to ibv_reg_mr(?:_iova2)? failed with error (?P<reason>Bad address)",
                  # NVIDIA/Mellanox's GPUDirect RDMA samples (gpu_direct_rdma_access, rdma examples) when ibv_reg_mr of
                  # a cudaMalloc'd buffer returns NULL: no peer-memory client (nv_peer_mem / nvidia-peermem) took it
                  r"Couldn't register GPU MR"),
        severity="fail",
        cause="NCCL (or another GPUDirect RDMA program) could not register GPU memory with the network card for "
              "GPUDirect RDMA: the kernel or InfiniBand stack lacks DMA-BUF support, or nvidia-peermem is not loaded.",
        advice=("Set NCCL_DMABUF_ENABLE=0 so NCCL registers GPU memory through nvidia-peermem and load that module "
                "(`sudo modprobe nvidia-peermem`; `lsmod | grep peermem`), or update NCCL and the InfiniBand driver "
                "stack (MLNX_OFED/DOCA) for DMA-BUF; on GPUs without GPUDirect RDMA (GeForce) turn it off with "
                "NCCL_NET_GDR_LEVEL=LOC."),
        action="configure",
        rules_out=("the network links",),
        never_suggest=("reinstall the driver", "raise --shm-size", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/nccl/issues/778", NCCL_ENVIRONMENT,
                 "https://docs.nvidia.com/cuda/gpudirect-rdma/index.html"),
        checked="2026-11-26",
        examples=("nccl/nccl-778-dmabuf-mr-operation-not-supported.txt",),
    ),
    Signature(
        code="nccl.process-group-not-destroyed",
        cause_id="none",
        kinds=("any",),
        # ProcessGroupNCCL's destructor since PyTorch 2.4 (2.3 nightlies), reworded in 2.6 as "destroy_process_group()
        # was not called before program exit": printed at the exit of jobs that ended normally.
        patterns=(r"WARNING: process group has NOT been destroyed before (?:we destruct ProcessGroupNCCL|it is being "
                  r"destructed)",
                  r"WARNING: destroy_process_group\(\) was not called before program exit"),
        severity="info",
        cause="The program exited without destroy_process_group(); PyTorch 2.4 and newer warn about it at exit, "
              "which is not a failure by itself.",
        advice=("Harmless by itself: call torch.distributed.destroy_process_group() at the end of the program to "
                "silence it, and look for the error that stopped the job, if one did, elsewhere in the output."),
        action="none",
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/pytorch/pytorch/issues/126275", "https://pytorch.org/docs/stable/distributed.html#shutdown"),
        checked="2026-11-26",
        examples=("nccl/pytorch-126275-process-group-not-destroyed-warning.txt",),
    ),
    Signature(
        code="nccl.barrier-device-guessed",
        cause_id="distributed-misuse",
        kinds=("any",),
        # ProcessGroupNCCL::barrier when no collective has told it this rank's GPU: it takes rank % GPU count
        # ("best-guess GPU" before torch 2.3).
        patterns=(r"using (?:best-guess )?GPU (?P<gpu>\d{1,3}) to perform barrier as devices used by this process are "
                  r"currently unknown",),
        severity="warn",
        cause="torch.distributed did not know this rank's GPU and guessed GPU {gpu} for a barrier; if the guess is not "
              "the GPU the rank uses, the job hangs.",
        advice=("Tell the process group each rank's GPU: `torch.cuda.set_device(local_rank)` first, then "
                "`init_process_group(backend=\"nccl\", device_id=torch.device(\"cuda\", local_rank))` (torch 2.3+), "
                "or `dist.barrier(device_ids=[local_rank])`; harmless when GPU {gpu} is this rank's own GPU."),
        action="configure",
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/deepspeedai/DeepSpeed/pull/7266", "https://github.com/pytorch/pytorch/issues/124714",
                 "https://github.com/pytorch/pytorch/issues/60752"),
        checked="2026-11-26",
        examples=("nccl/deepspeed-7266-barrier-device-unknown-device-id.txt",),
    ),
    Signature(
        code="nccl.topology-file-invalid",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-topology-file",
        kinds=("any",),
        # graph/xml.h when a node of an injected topology (NCCL_TOPO_FILE, or a plugin's static XML) lacks an
        # attribute NCCL reads; graph/search.cc's "Dev N not found" for an injected graph (NCCL_GRAPH_FILE) made for
        # other GPUs.
        patterns=(r"NCCL WARN Attribute (?P<attribute>\w{2,30}) of node (?P<node>\w{2,30}) not found",),
        severity="fail",
        cause="NCCL read a topology file whose {node} node has no {attribute} attribute: the XML it was given "
              "(NCCL_TOPO_FILE or a network plugin's static file) does not describe this machine as NCCL needs.",
        advice=("Find which topology or graph file NCCL loads (NCCL_TOPO_FILE and NCCL_GRAPH_FILE in the environment, "
                "/etc/nccl.conf, ~/.nccl.conf; cloud images and network plugins set them) and remove it or replace it "
                "with one for this machine (dump one with NCCL_TOPO_DUMP_FILE); with aws-ofi-nccl update the plugin "
                "(1.11 and newer generate the topology instead of the static p5/p4d files)."),
        action="configure",
        rules_out=("the network links",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/aws/aws-ofi-nccl/issues/785", "https://github.com/NVIDIA/nccl/issues/1726",
                 "https://github.com/NVIDIA/nccl/issues/379", "https://github.com/NVIDIA/nccl/issues/1008"),
        checked="2026-11-26",
        examples=("nccl/awsofinccl-785-static-topo-xml-arch-not-found.txt",),
    ),
    Signature(
        code="nccl.gpudirect-rdma-disabled",
        cause_id="nccl-gpudirect-rdma",
        kinds=("any",),
        # NET/IB at init (INFO): neither nvidia-peermem (registered under /sys/kernel/mm/memory_peers) nor DMA-BUF
        # lets the NIC reach GPU memory, so every inter-node transfer is staged through host memory. "(no module)"
        # was printed up to NCCL 2.18.
        patterns=(r"GPU Direct RDMA Disabled for HCA (?P<index>\d{1,3}) '(?P<hca>[\w.-]{2,30})'",),
        severity="warn",
        cause="NCCL cannot use GPUDirect RDMA with {hca}: no peer-memory module or DMA-BUF lets the network card "
              "reach GPU memory, so inter-node traffic is copied through host memory, well below the link's speed.",
        advice=("Load nvidia-peermem (`sudo modprobe nvidia-peermem`) and check that it registered with the InfiniBand "
                "stack (`/sys/kernel/mm/memory_peers/nv_mem/version` exists; if not, reinstall the driver after "
                "MLNX_OFED/DOCA so the module is built against it, on a kernel that stack supports), or use DMA-BUF "
                "(open kernel modules, Linux 5.12+, NCCL 2.13+); GeForce GPUs have no GPUDirect RDMA."),
        action="configure",
        rules_out=("the network links",),
        never_suggest=("set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nccl/issues/1939", "https://github.com/NVIDIA/nccl/issues/1537",
                 "https://github.com/Mellanox/nccl-rdma-sharp-plugins/pull/104",
                 "https://docs.nvidia.com/cuda/gpudirect-rdma/index.html"),
        checked="2026-11-26",
        examples=("nccl/nccl-1939-gpudirect-rdma-disabled-for-hca.txt",),
    ),
    Signature(
        code="nccl.launcher-rank-killed",
        cause_id="host-memory-oom",
        kinds=("any",),
        # The other launchers' words for a rank killed with SIGKILL (torchrun's are frameworks.process-killed-sigkill's):
        # torch.multiprocessing.spawn (mp.spawn), DeepSpeed's launcher, and torchrun's elastic agent of torch 2.4 and
        # later ("failed (exitcode: -9) for binary located at ... with local_rank: N", where older releases print the
        # "local_rank: N (pid: ...) of binary" form frameworks.process-killed-sigkill reads). SIGKILL is almost always
        # the OOM killer.
        patterns=(r"ProcessExitedException: process (?P<rank>\d{1,5}) terminated with signal SIGKILL",
                  r"Exception: process (?P<rank2>\d{1,5}) terminated with signal SIGKILL",
                  r"exits with return code = -9\b",
                  r"failed \(exitcode: -9\) for binary located at "),
        severity="fail",
        cause="A training process was killed with SIGKILL, which on Linux is almost always the kernel's OOM killer: the "
              "machine (or the container's or job's memory limit) ran out of host RAM, not GPU memory.",
        advice=("Confirm it with `sudo dmesg -T | grep -i -e 'out of memory' -e 'killed process'` (or the container's or "
                "job's memory limit), then lower the host RAM each rank holds (load the model once or with "
                "low_cpu_mem_usage, fewer DataLoader workers, no full dataset in memory per rank), or add RAM or swap."),
        action="configure",
        rules_out=("GPU memory (a GPU that runs out raises CUDA out of memory, not a kill)",),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/MPI-Dortmund/tomotwin-cryoet/issues/122",
                 "https://pytorch.org/docs/stable/multiprocessing.html#spawning-subprocesses",
                 "https://github.com/shihao1895/MemoryVLA/issues/20", "https://github.com/OceannTwT/ra-isf/issues/11"),
        checked="2026-11-26",
        examples=("nccl/tomotwin-122-processexited-sigkill-swap.txt",),
    ),
    Signature(
        code="nccl.collective-on-cpu-tensor",
        cause_id="distributed-misuse",
        kinds=("any",),
        # ProcessGroupNCCL carries CUDA tensors only: torch 2.x's backend dispatcher finds no backend for a CPU tensor
        # in a group created with backend="nccl" alone; torch 1.x's ProcessGroupNCCL checked "Tensors must be CUDA".
        patterns=(r"No backend type associated with device type cpu",
                  r"RuntimeError: Tensors must be CUDA and dense"),
        severity="fail",
        cause="A collective or send/recv was called on a CPU tensor in a process group whose only backend is NCCL, which "
              "carries CUDA tensors only: the program's own code, not the GPUs or the network.",
        advice=("Move the tensor to the rank's GPU before the call (`t = t.to(f\"cuda:{local_rank}\")`, with "
                "torch.cuda.set_device(local_rank) first), or create the process group with a CPU backend as well "
                "(`init_process_group(backend=\"cpu:gloo,cuda:nccl\")`) when CPU tensors must be exchanged."),
        action="configure",
        rules_out=("the NCCL installation", "the network"),
        never_suggest=("set NCCL_SOCKET_IFNAME", "reinstall the driver"),
        sources=("https://github.com/mistralai/mistral-inference/issues/252",
                 "https://github.com/THUDM/SwissArmyTransformer/issues/173",
                 "https://pytorch.org/docs/stable/distributed.html#backends"),
        checked="2026-11-26",
        examples=("nccl/mistralinference-252-broadcast-cpu-tensor-nccl.txt",
                  "nccl/swissarmytransformer-173-recv-cpu-weight-nccl.txt"),
    ),
    Signature(
        code="nccl.topology-sysfs-missing",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        # graph/xml.cc resolves each GPU's PCI path under /sys/class/pci_bus to build the topology; WSL 2 (and some
        # VMs and containers) expose none, and NCCL before 2.10 had no fallback, so init fails with a system error.
        patterns=(r"NCCL WARN Could not find real path of /sys/class/pci_bus/",),
        severity="fail",
        cause="NCCL could not find the GPU's PCI topology under /sys/class/pci_bus: typical of WSL 2 (no PCI topology "
              "for the GPU) with an NCCL release older than 2.10, which has no WSL support.",
        advice=("Check the NCCL in use (`python -c \"import torch; print(torch.cuda.nccl.version())\"`) and move to NCCL "
                "2.10 or newer (a current PyTorch wheel bundles one); outside WSL, make /sys visible to the process (a "
                "container started without the host's /sys, or a VM, hides it) or give NCCL a topology with "
                "NCCL_TOPO_FILE."),
        action="configure",
        rules_out=("the network",),
        never_suggest=("set NCCL_SOCKET_IFNAME", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nccl/issues/573", "https://github.com/NVIDIA/nccl/issues/511",
                 "https://github.com/NVIDIA/nccl/issues/442"),
        checked="2026-11-26",
        examples=("nccl/nccl-573-sysfs-pci-topology-wsl2-2-7-8.txt",),
    ),
)
