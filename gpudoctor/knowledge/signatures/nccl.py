"""NCCL: what its WARN and INFO lines and its errors say."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.nccl_breadth import SIGNATURES as CONTAINER_ROWS
from gpudoctor.knowledge.signatures.nccl_breadth14 import SIGNATURES as ZERO_ROWS
from gpudoctor.knowledge.signatures.nccl_fabric import SIGNATURES as FABRIC_ROWS
from gpudoctor.knowledge.signatures.nccl_interfaces import SIGNATURES as INTERFACE_ROWS
from gpudoctor.knowledge.signatures.nccl_launch import SIGNATURES as LAUNCH_ROWS
from gpudoctor.knowledge.signatures.nccl_peer import SIGNATURES as PEER_ROWS
from gpudoctor.knowledge.signatures.nccl_rendezvous import SIGNATURES as RENDEZVOUS_ROWS
from gpudoctor.knowledge.signatures.nccl_round15 import SIGNATURES as ROUND15_ROWS
from gpudoctor.knowledge.signatures.nccl_a15f import SIGNATURES as A15F_ROWS
from gpudoctor.knowledge.signatures.nccl_setup import SIGNATURES as SETUP_ROWS
from gpudoctor.knowledge.signatures.nccl_tools import SIGNATURES as TOOL_ROWS
from gpudoctor.knowledge.signatures.nccl_p15f import P15F_SIGNATURES as P15F_ROWS
from gpudoctor.knowledge.signatures.nccl_r15c import R15C_SIGNATURES as R15C_ROWS
from gpudoctor.knowledge.signatures.nccl_s16n import S16N_SIGNATURES as S16N_ROWS

SIGNATURES: tuple[Signature, ...] = ()

# -- Rows written from the training corpus (nccl area) -----------------------------------------------------
TROUBLESHOOTING = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"
ENVIRONMENT = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
DISTRIBUTED_ENV = "https://pytorch.org/docs/stable/distributed.html#environment-variable-initialization"

SIGNATURES += (
    Signature(
        code="nccl.generic-error-needs-debug",
        cause_id="nccl-internal-needs-debug",
        kinds=("any",),
        # What NCCL's result codes say when the caller prints only the code (PyTorch: "NCCL error in: FILE:LINE,
        # unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version X").
        patterns=(
            # ncclGetErrorString's words (src/init.cc); NCCL 2.2x and nccl-tests may spell the first "unhandled CUDA error",
            # and ncclInvalidArgument reads "invalid argument (run with NCCL_DEBUG=WARN for details)".
            r"NCCL error[^\n]{0,200}(?:unhandled system error|unhandled (?:cuda|CUDA) error|invalid usage|internal error"
            r"|invalid argument \(run with NCCL_DEBUG)",
            r"ncclSystemError: System call",
            r"ncclUnhandledCudaError: Call to CUDA function failed",
            r"ncclInvalidUsage: This usually reflects invalid usage",
            r"ncclInvalidArgument: Invalid value for an argument",
            # PyTorch before 1.0 and Horovod print the result code as "NCCL Error N: ...".
            r"NCCL Error \d{1,2}: (?:unhandled system error|unhandled (?:cuda|CUDA) error|invalid usage|internal error"
            r"|invalid argument)",
            # Caffe's (BVLC, NVCaffe) NCCL_CHECK: "parallel.cpp:195] Check failed: result == ncclSuccess (1 vs. 0)
            # unhandled cuda error".
            r"result == ncclSuccess \(\d{1,2} vs\. 0\)\s{1,3}(?:unhandled system error|unhandled (?:cuda|CUDA) error|"
            r"invalid usage|internal error|invalid argument)",
            # nccl-tests print the failing call's result as "Test NCCL failure common.cu:874 'unhandled system error'".
            r"NCCL failure [\w./-]{1,40}:\d{1,5} '(?:unhandled system error|unhandled (?:cuda|CUDA) error|invalid usage"
            r"|internal error|invalid argument)",
            # CuPy's NcclError (cupy_backends/cuda/libs/nccl.pyx; vLLM 0.2-0.3, RAPIDS, XGBoost) names the code first:
            # "NcclError: NCCL_ERROR_SYSTEM_ERROR: unhandled system error (run with NCCL_DEBUG=INFO for details)".
            r"NcclError: NCCL_ERROR_(?:SYSTEM_ERROR|UNHANDLED_CUDA_ERROR|INTERNAL_ERROR|INVALID_USAGE|INVALID_ARGUMENT)\b",
            # Horovod's NCCL calls (horovod/common/ops/nccl_operations.cc): "<nccl call> failed: <ncclGetErrorString>";
            # the communicator's set-up and the all-reduce are where they fail
            r"ncclCommInitRank failed: (?:unhandled (?:system|cuda|CUDA) error|invalid usage|internal error|invalid argument)",
            r"ncclAllReduce failed: (?:unhandled (?:system|cuda|CUDA) error|invalid usage|internal error|invalid argument)",
            r"NCCL operation nccl\w{2,40}\([^)\n]{0,120}\) failed: (?:unhandled (?:system|cuda|CUDA) error|invalid usage)",
        ),
        severity="fail",
        cause="NCCL failed with a generic result code that does not say which call failed.",
        advice=("Rerun with NCCL_DEBUG=INFO (and NCCL_DEBUG_SUBSYS=INIT,NET) before changing anything: the WARN line "
                "NCCL then prints names the call that failed (a socket, shared memory, a CUDA call, a peer, a library "
                "version), and that is the cause to fix."),
        action="configure",
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/zai-org/CogVLM2/issues/178", "https://github.com/pytorch/pytorch/issues/107174",
                 TROUBLESHOOTING, "https://github.com/jax-ml/jax/issues/26465"),
        checked="2026-11-27",
        examples=("nccl/cogvlm2-178-unhandled-system-error-a100.txt",),
    ),
    Signature(
        code="nccl.watchdog-timeout",
        cause_id="nccl-timeout",
        kinds=("any",),
        patterns=(
            # PyTorch before 1.11 printed no SeqNum (WorkNCCL(OpType=BROADCAST, ...)); pastes may cut the line after "timeout"
            r"Watchdog caught collective operation timeout(?:: WorkNCCL\((?:SeqNum=(?P<seq>\d+), )?OpType=(?P<op>\w+))?",
            r"Exception \(either an error or timeout\) detected by watchdog",
            # ProcessGroupNCCL's own lines before it aborts (torch 1.x to 2.x).
            r"Some NCCL operations have failed or timed out\. Due to the asynchronous nature of CUDA kernels",
            r"Timeout at NCCL work: (?P<work>\d{1,12}), last enqueued NCCL work",
            r"\) timed out in blocking wait \((?:TORCH_)?NCCL_BLOCKING_WAIT=1\)",  # the same timeout, blocking wait on
        ),
        severity="fail",
        cause=("A collective did not complete on every rank within the process group's timeout, so PyTorch aborted "
               "it: a rank was stuck or slow, or the ranks' code paths diverged (a collective called on some ranks "
               "only)."),
        advice=("Find the rank that stalled or diverged before raising the timeout: compare the SeqNum and 'last "
                "completed NCCL work' each rank prints, or rerun with TORCH_NCCL_TRACE_BUFFER_SIZE=2000 and "
                "TORCH_NCCL_DUMP_ON_TIMEOUT=1 (the flight recorder dumps each rank's collectives), TORCH_NCCL_DESYNC_DEBUG=1 "
                "and NCCL_DEBUG=INFO. A collective (barrier, all_reduce, a checkpoint save or evaluation that gathers) inside "
                "`if rank == 0` / is_main_process leaves the other ranks waiting: call collectives on every rank and keep "
                "only the file write on rank 0; otherwise look for the rank stuck or slow (data loading, a GPU or link error "
                "in `dmesg`). Raise the timeout only for legitimately long steps, such as rank-0-only work or the main "
                "process tokenising a large dataset (ddp_timeout in TrainingArguments, InitProcessGroupKwargs(timeout=...) "
                "in Accelerate, init_process_group(timeout=...)), or tokenise and cache the dataset before the launch."),
        action="restart-application",
        never_suggest=("reinstall the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/hiyouga/LlamaFactory/issues/7396", "https://github.com/EleutherAI/bergson/pull/444",
                 "https://pytorch.org/docs/stable/torch_nccl_environment_variables.html"),
        checked="2026-11-26",
        examples=("nccl/llamafactory-7396-watchdog-allreduce-timeout.txt",
                  "nccl/llamafactory-6269-some-nccl-operations-timed-out.txt",
                  "nccl/bergson-444-rank0-only-work-watchdog-timeout.txt", "nccl/myria3d-123-preparing-test-set-watchdog-timeout.txt"),
    ),
    Signature(
        code="nccl.undefined-symbol",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        # The loader's line, and as people retype it: no colon, the name quoted, or URL-encoded by a search box.
        patterns=(r"undefined symbol: (?P<symbol>nccl[A-Z]\w{2,60})",
                  r"undefined(?: |%20)symbol(?::? ?[\"'`]?|:%20)(?P<symbol>nccl[A-Z]\w{2,60})\b"),
        severity="fail",
        cause="The framework found an NCCL library without {symbol}: an older NCCL than the one it was built for is "
              "loaded first.",
        advice=("Find which libnccl is loaded (`ldd .../torch/lib/libtorch_cuda.so | grep nccl`, LD_LIBRARY_PATH, "
                "LD_PRELOAD, a system NCCL, another package that ships its own NCCL, or two wheels side by side: "
                "`pip list | grep -i nccl` showing nvidia-nccl-cu11 beside nvidia-nccl-cu12) and remove or uninstall the "
                "extra one, or install the NCCL version the framework needs (the matching nvidia-nccl-cu12/cu13 wheel, "
                "pinned to its requirement)."),
        action="configure",
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/NVIDIA/nccl/issues/1180",
                 "https://github.com/GoogleCloudPlatform/scientific-computing-examples/pull/157",
                 "https://github.com/pytorch/pytorch/issues/119932"),
        checked="2026-11-26",
        examples=("nccl/nccl-1180-undefined-symbol-ncclcommregister.txt",
                  "nccl/scicompexamples-157-undefined-ncclcommresume.txt",
                  "nccl/pytorch-119932-import-torch-ncclcommregister-conflicting-nccl.txt"),
    ),
    Signature(
        code="nccl.net-plugin-not-found",
        cause_id="none",
        kinds=("any",),
        # NCCL's INFO lines when no external network plugin is installed (net.cc: "NET/Plugin : dlerror=... No
        # plugin found (libnccl-net.so), using internal implementation"; NCCL 2.3-2.6: "Unable to load libnccl-net.so";
        # NCCL 2.19+: "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.").
        patterns=(
            r"No plugin found \(libnccl-net\.so\)",
            r"NET/Plugin ?: Could not find: libnccl-net\.so\b",
            r"Unable to load libnccl-net\.so",
            r"NET/Plugin ?: Plugin load returned \d+ : libnccl-net\.so: cannot open shared object file",
        ),
        severity="info",
        cause="NCCL found no external network plugin and uses its internal transports; this is not an error.",
        advice=("Harmless, informational: NCCL uses its internal InfiniBand/RoCE or socket transports. Ignore this "
                "line and look for a WARN line in the log for the real error. Only on fabrics that need a vendor "
                "plugin (AWS EFA's aws-ofi-nccl, Slingshot) does it mean NCCL fell back to sockets: then check that "
                "the vendor's plugin is present in the image."),
        action="none",
        never_suggest=("install libnccl-net", "reinstall NCCL"),
        sources=("https://github.com/NVIDIA/nccl/issues/1231", "https://github.com/NVIDIA/nccl/issues/162"),
        checked="2026-11-25",
        examples=("nccl/nccl-1231-net-plugin-not-found-harmless.txt", "nccl/nccl-162-unable-to-load-libnccl-net-info.txt"),
    ),
    Signature(
        code="nccl.socket-address-family",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(r"connecting to address\s{1,3}with family (?P<family>\d+) is neither AF_INET\(2\) nor AF_INET6\(10\)",),
        severity="fail",
        cause="NCCL got no usable IP address to connect to (family {family}): the interface it was told to use has "
              "no address, or does not exist on this node.",
        advice=("Check that the interface NCCL_SOCKET_IFNAME names exists with an IP address on every node "
                "(`ip addr`), and set it to one that does (e.g. NCCL_SOCKET_IFNAME=eth0), or unset it to let NCCL "
                "choose."),
        action="configure",
        never_suggest=("set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nccl/issues/1837", ENVIRONMENT),
        checked="2026-11-25",
        examples=("nccl/nccl-1837-socket-ifname-missing-interface.txt",),
    ),
    Signature(
        code="nccl.no-socket-interface",
        # "Failed to initialize any NET plugin" follows when the socket transport found no interface (NCCL 2.19+).
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p", "nccl.no-net-plugin-initialised"),
        refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(
            r"Socket creation failed : Address family not supported by protocol",
            r"(?:Bootstrap ?: )?\bno socket interface found",
            # The socket transport's own search (net_socket.cc), and bootstrap's when NCCL_COMM_ID names an address no
            # local interface shares a subnet with (a container's private network): the same missing interface.
            r"NET/Socket ?: (?:no interface found|No usable listening interface found)",
            r"No interface found in the same subnet as remote address",
            # A peer's bootstrap address that cannot be reached: a docker0 or lo address, or a firewalled port.
            # NCCL 2.18 to 2.23 print "Software caused connection abort" for any failed connect (a bug in its error path
            # that hides the errno), so it stands for the same unreachable peer.
            r"socketStartConnect: Connect to [^\n]{0,80} failed : (?:Connection refused|No route to host|Connection timed out|"
            r"Network is unreachable|Software caused connection abort)",
            # NCCL 2.2 and 2.3 (include/socket.h) gave up on the peer's address with "NCCL WARN Call to connect timeout :
            # Connection refused" (horovod#584: lo and eth0 both in use across two machines).
            r"WARN Call to connect timeout : (?:Connection refused|Connection timed out|No route to host|"
            r"Network is unreachable)",
            # NCCL 2.4 to 2.11 print the same as "Call to connect returned X, retrying" (INFO) and "Connect to ADDR failed".
            r"Call to connect returned (?:Connection refused|Connection timed out|No route to host), retrying",
            r"NCCL WARN (?:Net : )?Connect to [^\n]{0,80} failed : (?:Connection refused|Connection timed out|"
            r"No route to host|Network is unreachable)",
            # NCCL 2.24+ (socketPollConnect): each retry at INFO, then the failure with the errno and its name.
            r"socketPollConnect: connect returned (?:Connection refused|Connection timed out|No route to host|"
            r"Network is unreachable), retrying",
            r"socketPollConnect: Connect to [^\n]{0,80} returned \d{1,3}\((?:Connection refused|Connection timed out|"
            r"No route to host|Network is unreachable)\)",
            r"socketPollConnect poll\(\) failed, ret \d{1,3}, error (?:Connection (?:refused|timed out)|No route to host|Network is unreachable)",
            r"(?:socketPollConnect|ncclOsSocketPollConnect): connect (?:to \S{1,80} )?returned [A-Z][a-z ]{5,30}, exceeded error",
            r"NCCL WARN socketStartConnect: exceeded retries \(\d{1,6}\)",
            # Gloo (PyTorch's CPU group beside NCCL) connecting to the address another rank published (pair.cc's
            # enforce: "connect [ADDR]:PORT: <strerror>"); a loopback ADDR is nccl.gloo-peer-loopback-address's reading.
            r"pair\.cc:\d{1,5}\] connect \[[^\]\n]{1,60}\]:\d{1,5}: (?:Connection refused|Connection timed out|"
            r"No route to host|Network is unreachable)",
        ),
        severity="fail",
        cause="NCCL found no usable IP interface for its bootstrap (which it needs even for ranks on one node), or "
              "picked one the other ranks cannot reach.",
        advice=("Give NCCL an interface with an IPv4 address that every node can reach: list them with `ip addr` (or "
                "ifconfig; `ip route get <other node's IP>` names the one that routes there), set NCCL_SOCKET_IFNAME "
                "to it on every node (and GLOO_SOCKET_IFNAME, which PyTorch's Gloo group reads; never lo, docker0, a "
                "VPN or virbr0 across nodes), let its ports through the firewall, and where IPv6 is disabled set "
                "NCCL_SOCKET_FAMILY=AF_INET. Under mpirun (Horovod, nccl-tests) pass it to every rank with `-x "
                "NCCL_SOCKET_IFNAME=eth0` and restrict Open MPI to the same interface (`-mca btl_tcp_if_include eth0`)."),
        action="configure",
        never_suggest=("set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nccl/issues/210", "https://github.com/pytorch/pytorch/issues/52916",
                 "https://github.com/NVIDIA/nccl/issues/1515", "https://github.com/NVIDIA/nccl/pull/1618", ENVIRONMENT,
                 "https://github.com/horovod/horovod/issues/584"),
        checked="2026-11-26",
        examples=("nccl/nccl-210-socket-creation-no-ip-interface.txt",
                  "nccl/pytorch-52916-socket-ifname-lo-two-nodes-connect-refused.txt",
                  "nccl/nccltests-14-unhandled-system-error-socket-family.txt",
                  "nccl/nccl-1515-connect-software-caused-abort.txt",
                  "nccl/nccl-1618-socketpollconnect-syn-dropped-timeout.txt",
                  "nccl/horovod-584-lo-interface-connect-timeout-refused.txt"),
    ),
    Signature(
        code="nccl.acs-redirect-enabled",
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        # `lspci -vvv` of a PCIe bridge with ACS request/completion redirect on: peer-to-peer goes up to the root.
        patterns=(r"ACSCtl:\s{1,4}SrcValid\+[^\n]{0,40}ReqRedir\+ CmpltRedir\+",),
        severity="warn",
        cause="ACS redirects peer-to-peer requests on a PCIe bridge, so GPU-to-GPU traffic is sent through the root "
              "complex (and the IOMMU), where it hangs, crashes or crawls.",
        advice=("Disable ACS on the PCIe switches above the GPUs: in the BIOS where it offers it, or with setpci on each bridge as "
                "NCCL's troubleshooting guide shows (`sudo setpci -s BUS_ID ECAP_ACS+0x6.w=0000`), reapplied after every reboot, or "
                "`pci=noacs`; with the IOMMU on, boot with iommu=pt (or turn it off). Meanwhile NCCL_P2P_DISABLE=1 (with vLLM also "
                "--disable-custom-all-reduce) gets jobs running over host memory; `nvidia-smi topo -p2p r` shows which GPU pairs the driver lets read each other."),
        action="configure", never_suggest=("reinstall the driver", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nccl/issues/304", "https://github.com/vllm-project/vllm/issues/51513", TROUBLESHOOTING + "#pci-access-control-services-acs"),
        checked="2026-11-27",
        examples=("nccl/nccl-304-acs-enabled-plx-acsctl.txt", "vllm/vllm-51513-tp2-hang-rtx-pro-6000-acs.txt"),
    ),
    Signature(
        code="nccl.shm-too-small",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="container-shm-too-small",
        kinds=("any",),
        patterns=(
            r"failed to extend /dev/shm/nccl-\w+ to (?P<bytes>\d+) bytes",
            r"Error while creating shared memory segment /dev/shm/nccl-",
            # NCCL before 2.12 (include/shm.h): the same failure, its segments named nccl-shm-*.
            r"Call to posix_fallocate failed ?: No space left on device",  # "failed : " (2.7) or "failed: " (2.6, 2.8)
            r"Error while creating shared memory segment nccl-shm-",
            # NCCL 2.26 and later (misc/shmutils.cc, os/linux.cc) when the file itself cannot be created in a full /dev/shm.
            r"failed to create shared memory file /dev/shm/nccl-\w+, error No space left on device",
        ),
        severity="fail",
        cause="NCCL could not grow its shared-memory segments in /dev/shm, which is too small (a container's 64 MB "
              "default).",
        advice=("Give the job a larger /dev/shm: `docker run --shm-size=16g` (or `--ipc=host`; `shm_size: 16gb` or "
                "`ipc: host` in Compose); in Kubernetes mount a memory-backed emptyDir (`medium: Memory`, a tmpfs) at "
                "/dev/shm; check with `df -h /dev/shm`."),
        action="configure",
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nccl-tests/issues/166", "https://github.com/pytorch/ci-infra/pull/490",
                 TROUBLESHOOTING + "#docker"),
        checked="2026-11-25",
        examples=("nccl/nccltests-166-shm-failed-to-extend.txt", "nccl/pytorchciinfra-490-shm-no-space-pod.txt",
                  "nccl/nccl-525-posix-fallocate-kubeflow-shm.txt", "nccl/xgboost-5963-posix-fallocate-docker-64mb.txt"),
    ),
    Signature(
        code="nccl.peer-access-unsupported",
        refines=("nccl.generic-error-needs-debug",), refines_within=None,
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        # cudaErrorPeerAccessUnsupported (217), as NCCL's P2P transport and CUDA programs print it when it fails them.
        # Tools that only probe peer access print the same words in a warning and carry on: not a failure.
        patterns=(r"^(?![^\n]{0,200}(?:[Ww]arning|WARNING))[^\n]{0,200}peer access is not supported between these two devices?",
                  r"cudaErrorPeerAccessUnsupported"),
        severity="fail",
        cause="The platform refuses peer-to-peer access between these two GPUs, and NCCL tried its P2P transport.",
        advice=("Run NCCL with NCCL_P2P_DISABLE=1 here (data through host shared memory), or fix the P2P path where the "
                "GPUs support it (ACS off on the PCIe switches, IOMMU passthrough, no VM in between); if it persists with "
                "P2P off (NCCL 2.24+ on RTX 40/50, L4, T4 without peer access), also set NCCL_CUMEM_HOST_ENABLE=0."),
        action="configure",
        never_suggest=("raise --shm-size", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/ray-project/ray_lightning/issues/24", TROUBLESHOOTING,
                 "https://github.com/ray-project/ray/pull/64109"),
        checked="2026-11-28",
        examples=("nccl/raylightning-24-ipc-217-peer-access-not-supported.txt",),
    ),
    # -- torch.distributed's set-up around NCCL: ranks, the rendezvous store, renamed variables ----------------
    Signature(
        code="nccl.duplicate-gpu",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="distributed-misuse",
        kinds=("any",),
        # NCCL's init check (init.cc) when two ranks of one communicator sit on the same GPU (its bus id in hex).
        patterns=(r"Duplicate GPU detected : rank (?P<rank>\d{1,6}) and rank (?P<other>\d{1,6}) both on CUDA device "
                  r"(?P<device>[0-9a-fA-F]{1,12})",),
        severity="fail",
        cause="Ranks {rank} and {other} run on the same GPU ({device}); NCCL needs one GPU per rank in a communicator.",
        advice=("Run one process per GPU: start no more ranks per node than it has GPUs (torchrun --nproc_per_node, "
                "accelerate launch --num_processes, deepspeed --num_gpus, mpirun -np equal to the number of GPUs "
                "`nvidia-smi -L` lists), and give each rank its own GPU by setting the device from the local rank "
                "before any CUDA work (`torch.cuda.set_device(int(os.environ[\"LOCAL_RANK\"]))` under torchrun, "
                "`hvd.local_rank()` under Horovod, the rank's own id under Ray); do not hard-code cuda:0 or one "
                "CUDA_VISIBLE_DEVICES for every rank."),
        action="configure",
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall NCCL", "reinstall the driver"),
        sources=("https://github.com/horovod/horovod/issues/3949", "https://github.com/Peterande/D-FINE/issues/289",
                 "https://github.com/NVlabs/Sana/issues/204", DISTRIBUTED_ENV),
        checked="2026-11-25",
        examples=("nccl/horovod-3949-duplicate-gpu-local-rank-zero.txt", "frameworks/d-fine-289-duplicate-gpu-default-device.txt",
                  "nccl/sana-204-duplicate-gpu-more-processes-than-gpus.txt"),
    ),
    Signature(
        code="nccl.store-connect-timeout",
        cause_id="nccl-network-config",
        kinds=("any",),
        # c10d's TCPStore clients (every rank but 0) when MASTER_ADDR:MASTER_PORT does not answer in time; torch 2.x
        # words a refused or unroutable address as "failed to connect to any network address of (HOST, PORT)".
        patterns=(r"The client socket has timed out after (?P<timeout>\d{1,9}m?s) while trying to connect to "
                  r"\((?P<host>[^,\n]{1,100}), (?P<port>\d{1,5})\)",
                  # torch 2.0-2.1 printed the address as HOST:PORT, without parentheses
                  r"The client socket has timed out after (?P<timeout>\d{1,9}m?s) while trying to connect to \[?(?P<host>[^\s(\]]{1,100})\]?:(?P<port>\d{1,5})\b",
                  r"RendezvousConnectionError: The connection to the C10d store has failed",
                  # torch 2.3+'s TCPStore client once it gives up, not its "- retrying" warnings (w52c)
                  r"TCP client failed to connect/validate to host \[?(?P<host>[^\s\]]{1,100}?)\]?:(?P<port>\d{1,5}) - (?!retrying)",
                  # torchrun's elastic agent (rendezvous/api.py) when the nodes it waits for never join in time
                  r"RendezvousTimeoutError\b",
                  r"The client socket has failed to connect to any network address of \((?P<host>[^,\n]{1,100}), (?P<port>\d{1,5})\)",
                  # torch 1.x's TCPStore client (c10d Utils.hpp): its own timeout, and the socket error it raised
                  # bare from `store = TCPStore(master_addr, master_port, ...)` ("RuntimeError: Connection timed out").
                  r"RuntimeError: connect\(\) timed out\b",
                  r"(?<![\w.])RuntimeError: (?:Connection timed out|No route to host)\s*$",
                  # torch 2.x's retry warnings where the address does not answer at all (a firewall dropping the port,
                  # no route); errno 111 (refused) is printed while rank 0 is still starting, errno 97 is the IPv6
                  # notice (nccl.c10d-ipv6-socket-notice).
                  r"\[c10d\] The client socket has failed to connect to \[?(?P<host>[^\]\s]{1,100})\]?:(?P<port>\d{1,5}) "
                  r"\(errno: (?:110 - Connection timed out|113 - No route to host)\)"),
        severity="fail",
        cause=("A rank could not reach the rendezvous store at MASTER_ADDR:MASTER_PORT (torchrun's --rdzv_endpoint) "
               "before the timeout, or the nodes the rendezvous waited for never joined."),
        advice=("On a single machine give the launcher its own address (`--master_addr 127.0.0.1`, or `torchrun "
                "--standalone`): a host name that resolves elsewhere leaves the ranks waiting. Across nodes set "
                "MASTER_ADDR (or --rdzv_endpoint) to rank 0's address that the other nodes reach, the same on every node "
                "(/etc/hosts, DNS; not 127.0.0.1 across nodes), open MASTER_PORT in the firewall or security group and "
                "test it from each node (`nc -zv MASTER_ADDR MASTER_PORT`), and where the nodes have several interfaces "
                "name the one that carries that address with GLOO_SOCKET_IFNAME and NCCL_SOCKET_IFNAME (`ip -br addr`); "
                "make sure rank 0 actually started, and that all nodes were given the same MASTER_ADDR, MASTER_PORT and "
                "number of nodes."),
        action="configure",
        never_suggest=("set NCCL_P2P_DISABLE", "raise --shm-size", "reinstall the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/105782", "https://github.com/pytorch/pytorch/issues/79388",
                 "https://github.com/hpcaitech/ColossalAI-Examples/issues/207",
                 "https://github.com/huggingface/transformers/issues/1795",
                 "https://github.com/DeepDriveMD/DeepDriveMD-pipeline/issues/14", DISTRIBUTED_ENV),
        checked="2026-11-26",
        examples=("nccl/pytorch-105782-client-socket-timed-out-29500.txt",
                  "nccl/colossalai-examples-207-client-socket-any-network-address.txt",
                  "nccl/transformers-1795-distilbert-tcpstore-timed-out.txt",
                  "nccl/deepdrivemd-14-tcpstore-connect-timed-out-lassen.txt"),
    ),
    Signature(
        code="nccl.torch-env-renamed",
        cause_id="none",
        kinds=("any",),
        # PyTorch 2.2 renamed its NCCL process-group variables (NCCL_ASYNC_ERROR_HANDLING, NCCL_BLOCKING_WAIT,
        # NCCL_DESYNC_DEBUG, ...) to TORCH_NCCL_*; the old names still work and print this warning.
        patterns=(r"Environment variable (?P<old>NCCL_\w{3,40}) is deprecated; use (?P<new>TORCH_NCCL_\w{3,40}) instead",),
        severity="info",
        cause="PyTorch warns that {old} was renamed {new}; the old name still takes effect. Not an error.",
        advice=("Harmless: rename the variable to its TORCH_NCCL_ name where your launcher or code sets it (it is a "
                "deprecation warning, not a fault); look elsewhere in the log for the real error."),
        action="none",
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall NCCL", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/NVIDIA/physicsnemo/issues/568", "https://github.com/pytorch/pytorch/pull/114077",
                 "https://pytorch.org/docs/stable/torch_nccl_environment_variables.html"),
        checked="2026-11-25",
        examples=("nccl/physicsnemo-568-nccl-async-env-renamed.txt",),
    ),
)

SIGNATURES += (
    Signature(
        code="nccl.remote-error",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        # ncclRemoteError (6, NCCL 2.13+): a peer closed the connection, because its process died or the network
        # between the nodes failed.
        patterns=(r"ncclRemoteError: A call failed possibly due to a network error or a remote process exiting",
                  r"remote process exited or there was a network error",
                  # The socket transport's and the proxy's words for the same event.
                  # NCCL 2.12 to 2.18 print the same as "Net : Connection closed by remote peer" and a broken pipe.
                  r"NCCL WARN (?:socketProgress(?:Opt)?|Net) ?: Connection closed by remote peer",
                  # NCCL 2.2 (include/socket.h, as Horovod 0.13-0.15 users pasted it): no "NCCL" or "Net :" before it.
                  r"socket\.h:\d{1,4} WARN Connection closed by remote peer",
                  r"Call to recv from [^\s]{1,80} failed ?: (?:Connection reset by peer|Broken pipe)",
                  r"NCCL WARN Socket recv failed while polling for opId",
                  # Gloo (the CPU backend beside NCCL, and torch.distributed's object collectives) for the same event.
                  r"gloo/transport/tcp/pair\.cc:\d{1,5}\] (?:Connection closed by peer|(?:Read|Write) error [^\n]{1,80}: "
                  r"(?:Connection reset by peer|Broken pipe))",
                  # c10d's TCPStore client raising it (torch/csrc/distributed/c10d/Utils.hpp, recvBytes; the longer
                  # words since torch 2.8, pytorch#153586): the store's host, rank 0's agent, went away. Its
                  # "[W TCPStore.cpp] recvValue failed" warning form is also printed at the end of healthy runs and
                  # is not read.
                  r"DistNetworkError: (?:[Ff]ailed to recv, got 0 bytes|Connection reset by peer)",
                  # torch 1.x raised the store socket's error bare
                  r"(?<![\w.])RuntimeError: Connection reset by peer\s*$"),
        severity="fail",
        cause="A connection to another rank broke: the network between the nodes failed, or the remote process died.",
        advice=("Look first at the other ranks' logs for the one that failed before this (an out-of-memory, an "
                "exception, a killed process: fix that); if every rank was alive, check the network between the nodes: "
                "NCCL_DEBUG=INFO's 'NET/Socket : Using' line shows the interface each rank chose, and a docker0, lo, "
                "VPN or virtual-bridge address there means the ranks talk over a network the others cannot reach: set "
                "NCCL_SOCKET_IFNAME (and GLOO_SOCKET_IFNAME) on every node to the interface that routes to the other "
                "nodes (`ip route get <other node's IP>` names it, e.g. eth0; under mpirun or horovodrun pass it with "
                "`-x NCCL_SOCKET_IFNAME=eth0` and restrict Open MPI to it with `-mca btl_tcp_if_include eth0`); with "
                "InfiniBand/RoCE check the link "
                "state on every node (`ibstat`, `ibv_devinfo`) and exclude nodes with bad links."),
        action="configure",
        never_suggest=("reinstall the driver", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nccl/issues/2076", "https://github.com/NVIDIA/nccl/issues/795", TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("nccl/nccl-2076-remote-error-ib-nodes.txt", "nccl/nccl-795-net-connection-closed-remote-rank-crashed.txt"),
    ),
)

# -- Written blind for issue 25 (second round): the monitor, InfiniBand completions, mismatched collectives ----------
SIGNATURES += (
    Signature(
        code="nccl.heartbeat-monitor-timeout",
        cause_id="nccl-timeout",
        kinds=("any",),
        # ProcessGroupNCCL's heartbeat monitor (PyTorch 2.2+) when its watchdog made no progress for
        # TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC: a collective or a CUDA call hangs on some rank.
        patterns=(r"Heartbeat monitor timed out! Process will be terminated after dumping debug info",
                  r"ProcessGroupNCCL's watchdog got stuck for (?P<seconds>\d{1,7}) seconds without making progress"),
        severity="fail",
        cause="PyTorch's NCCL watchdog made no progress for its heartbeat timeout: a collective hangs because some rank "
              "never joined it (started late, stuck, or on another code path), or a CUDA call hangs.",
        advice=("Find the rank that is late or stuck before raising any timeout: start every node at the same time, rerun "
                "with NCCL_DEBUG=INFO and TORCH_NCCL_DUMP_ON_TIMEOUT=1 (and TORCH_NCCL_DESYNC_DEBUG=1) to see which "
                "rank and collective hang, and check `dmesg` on its node for GPU or link errors; raise "
                "TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC only for steps that are legitimately long."),
        action="restart-application",
        never_suggest=("reinstall the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/hiyouga/LlamaFactory/issues/6953", "https://github.com/pytorch/pytorch/pull/112518",
                 "https://pytorch.org/docs/stable/torch_nccl_environment_variables.html"),
        checked="2026-11-25",
        examples=("nccl/llamafactory-6953-heartbeat-monitor-600s.txt",),
    ),
    Signature(
        code="nccl.ib-completion-error",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        # NCCL's IB transport (net_ib.cc / ib_plugin.c) when a work request completes in error; status 12 is
        # IBV_WC_RETRY_EXC_ERR (transport retry counter exceeded), older releases print "with error N, opcode ...".
        # NCCL 2.27+ names the status too ("status=IBV_WC_LOC_PROT_ERR(4) opcode=..."), its GIN path "NET/IB/GIN:".
        patterns=(r"NET/IB(?:P|/GIN)? ?: ?Got completion from peer (?P<peer>[^\s<]{1,80})<\d{1,5}> with "
                  r"(?:status=(?:IBV_WC_[A-Z_]{2,24}\()?|error )(?P<status>\d{1,3})",
                  r"NET/IB ?: ?Got completion with error (?P<status>\d{1,3}), opcode \d{1,3}, len \d{1,12}, vendor err"),
        severity="fail",
        cause="An InfiniBand/RoCE transfer failed (completion status {status}; 12 means the transport retry "
              "counter was exceeded): the RDMA network between the nodes dropped the traffic, or the peer went away.",
        advice=("Check the InfiniBand/RoCE network between the nodes before NCCL itself: link state and errors on every "
                "node (`ibstat`, `ibv_devinfo`, the port and switch counters), the GID index and MTU for RoCE "
                "(NCCL_IB_GID_INDEX), and that the peer process did not die first; run nccl-tests' all_reduce_perf "
                "with NCCL_DEBUG=INFO between pairs of nodes to find the bad link, and exclude it (NCCL_IB_HCA=^mlx5_N)."),
        action="configure",
        never_suggest=("reinstall the driver", "raise --shm-size", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/nccl/issues/1664", "https://github.com/NVIDIA/nccl/issues/1405",
                 TROUBLESHOOTING + "#networking-issues"),
        checked="2026-11-25",
        examples=("nccl/nccl-1664-ibp-completion-status-12.txt", "nccl/nccl-1405-ib-completion-error-vendor-129.txt",
                  "nccl/nccl-426-ib-completion-error-12-roce.txt"),
    ),
    Signature(
        code="nccl.message-truncated",
        cause_id="distributed-misuse",
        kinds=("any",),
        # A rank received more bytes than it posted (net_socket.cc, net_ib.cc, bootstrap.cc).
        patterns=(r"NET/(?:Socket|IB) : (?:peer [^\s]{1,80} )?message truncated :",
                  r"message truncated : receiving (?P<got>\d{1,15}) bytes instead of (?P<want>\d{1,15})",
                  r"Message truncated : received (?P<got2>\d{1,15}) bytes instead of (?P<want2>\d{1,15})",
                  # The IB transport's and older NCCL's (2.4 to 2.7) words for the same disagreement.
                  r"NET/IB ?: [^\n]{0,120}collective mismatch error,? local size (?P<local>\d{1,15}) remote",
                  r"NCCL WARN Mismatched collective detected, please check your collective calls",
                  # PyTorch's own check (TORCH_DISTRIBUTED_DEBUG=DETAIL) names the two ranks' calls.
                  r"Detected mismatch between collectives on ranks\. Rank (?P<rank>\d{1,6}) is running (?:inconsistent )?collective"),
        severity="fail",
        cause="The ranks do not issue the same collectives (order, size or type differ between them; a rank received a "
              "larger message than it expected, or PyTorch's check saw different calls), or run with different NCCL "
              "settings.",
        advice=("Make every rank call the same collectives in the same order with the same sizes (compare the ranks' "
                "calls with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=COLL; a rank on another code path, uneven data or a "
                "rank-dependent shape is the usual cause) and give all ranks the same NCCL environment and version "
                "(if NCCL_PROTO=SIMPLE makes it pass, the settings differ between ranks)."),
        action="configure",
        never_suggest=("reinstall the driver", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nccl/issues/626", "https://github.com/NVIDIA/nccl/pull/605",
                 "https://github.com/NVIDIA/nccl/issues/969", "https://github.com/NVIDIA/nccl/issues/296"),
        checked="2026-11-25",
        examples=("nccl/nccl-626-socket-message-truncated-multinode.txt", "nccl/nccl-969-ib-collective-mismatch-error.txt",
                  "nccl/nccl-296-mismatched-collective-detected.txt",
                  "nccl/lightning-19106-log-dict-keys-collective-mismatch.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="nccl.ib-memory-registration-failed",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        # ibvwrap.cc when the HCA cannot pin NCCL's buffers: almost always the locked-memory limit (ulimit -l), which
        # containers and batch systems set low (64 MB, 8 MB).
        patterns=(r"Call to ibv_reg_mr(?:_iova2)? failed(?: with error)? ?:? Cannot allocate memory",
                  # The same limit met one step earlier, creating the completion queue (NCCL's ibvwrap.cc; UCX, which
                  # Open MPI and NCCL's UCX plugin use, prints "ibv_create_cq(cqe=N) failed: Cannot allocate memory").
                  r"Call to ibv_create_cq failed(?: with error)? ?:? Cannot allocate memory",
                  r"ibv_create_cq\((?:cqe=\d{1,7})?\) failed: Cannot allocate memory"),
        severity="fail",
        cause="NCCL (or UCX under MPI) could not pin memory for the InfiniBand/RoCE adapter (buffer registration, "
              "completion queues): the process's locked-memory limit is too low.",
        advice=("Raise the locked-memory limit to unlimited where the ranks start: `ulimit -l unlimited` (memlock in "
                "/etc/security/limits.conf, LimitMEMLOCK=infinity for a systemd service, `--ulimit memlock=-1` for a "
                "container, the batch system's propagated limits), and check `ulimit -l` inside the launcher "
                "(mpirun, srun, torchrun) itself."),
        action="configure",
        never_suggest=("reinstall the driver", "raise --shm-size", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/nccl-tests/issues/206", "https://github.com/openucx/ucx/issues/8229",
                 "https://github.com/NVIDIA/cudf-spark/pull/7632", TROUBLESHOOTING + "#infiniband"),
        checked="2026-11-26",
        examples=("nccl/nccltests-206-memlock-limit-ibv-reg-mr.txt", "nccl/ucx-8229-ibv-create-cq-memlock-64k.txt",
                  "nccl/cudfspark-7632-container-memlock-create-cq.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="nccl.nvls-multicast-failed",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-nvls-unavailable",
        kinds=("any",),
        # NCCL 2.17+ on NVSwitch systems (transport/nvls.cc): a CUDA multicast call failed; NCCL 2.27+ explains it.
        patterns=(r"transport/nvls\.cc:\d{1,5} NCCL WARN Cuda failure (?P<error>\d{1,4} )?'",
                  r"Failed to bind NVLink SHARP \(NVLS\) Multicast memory"),
        severity="fail",
        cause="NCCL could not set up NVLink SHARP (NVLS) multicast on this NVSwitch system: the Fabric Manager or "
              "NVSwitch state refuses it, or the container lacks the multicast capability devices.",
        advice=("Set NCCL_NVLS_ENABLE=0 so NCCL uses plain NVLink (the job runs, collectives a little slower), then fix "
                "the node: check `systemctl status nvidia-fabricmanager` and `nvidia-smi -q | grep -A3 Fabric` (state "
                "Completed, status Success); if not, or after it was restarted on its own, reset the GPUs with it (stop "
                "it, `sudo nvidia-smi -r` with the GPUs idle, start it) or reboot; in containers expose /dev/nvidia-caps. "
                "In WSL 2, or a VM given GPUs without their NVSwitches, there is no Fabric Manager to repair: "
                "NCCL_NVLS_ENABLE=0 is the fix itself (export it in the shell profile or the launcher's environment)."),
        action="configure",
        never_suggest=("reinstall the driver", "raise --shm-size", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/NVIDIA/nccl/issues/1788", "https://github.com/pie-project/pie/issues/500",
                 "https://github.com/pytorch/pytorch/pull/177472", ENVIRONMENT + "#nccl-nvls-enable"),
        checked="2026-11-25",
        examples=("nccl/nccl-1788-nvls-cuda-failure-401-h100.txt", "nccl/pie-500-nvls-multicast-no-nvidia-caps.txt",
                  "nccl/pytorch-177472-nvls-bind-error-401.txt"),
    ),
)

SIGNATURES += SETUP_ROWS
SIGNATURES += PEER_ROWS
SIGNATURES += LAUNCH_ROWS
SIGNATURES += FABRIC_ROWS
SIGNATURES += CONTAINER_ROWS
SIGNATURES += TOOL_ROWS
SIGNATURES += INTERFACE_ROWS
SIGNATURES += RENDEZVOUS_ROWS
SIGNATURES += ZERO_ROWS
SIGNATURES += ROUND15_ROWS
SIGNATURES += A15F_ROWS  # a barrier not every rank calls (nccl_a15f.py)
SIGNATURES += P15F_ROWS  # nccl_p15f.py: the failures people describe in words
SIGNATURES += R15C_ROWS  # nccl_r15c.py: an older NCCL loaded under a newer framework's config
SIGNATURES += S16N_ROWS  # nccl_s16n.py: rows read from the source that prints the message
