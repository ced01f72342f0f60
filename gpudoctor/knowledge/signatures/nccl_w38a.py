"""Issue 25 (helper w38a): NCCL over AWS EFA, where the aws-ofi-nccl plugin cannot register GPU memory.

On EFA (p4d, p5 and their kin) NCCL's network is the aws-ofi-nccl plugin over Libfabric's EFA provider, and each
buffer NCCL hands it is registered with the EFA device ("NET/OFI Unable to register memory (type = T) for device D.
RC: R, Error: E"; type 2 is a CUDA buffer). NCCL 2.19 started handing CUDA buffers whose registration, in the
Libfabric of EFA installers before 1.29.1, sets CUDA's sync-memops attribute and fails with -22 (Invalid argument):
the AWS maintainers' answer (aws-ofi-nccl#584, awsome-distributed-ai#278) is a newer EFA installer, or
FI_EFA_SET_CUDA_SYNC_MEMOPS=0, or NCCL 2.18. A -14 (Bad address) is the kernel unable to register GPU memory for
the NIC at all (no nvidia-peermem and no DMA-BUF), GPUDirect RDMA's other failure. None of it is peer-to-peer
between the GPUs of a node.

Also here: HAMi-core's libvgpu.so, the GPU-sharing layer HAMi (or volcano-vgpu-device-plugin) preloads into pods,
crashing inside its own hook of a CUDA call NCCL makes while it creates its communicator (cuMemCreate from
ncclCuMemHostEnable): "[HAMI-core ERROR (... multiprocess_memory_limit.c:N)]: Illegal device id: <garbage>", then its
"Segfault encountered" backtrace through /libvgpu/src. vLLM's or SGLang's other ranks then fail with TCPStore or
broken-pipe errors. The maintainers' answer is a HAMi release with the fixed hook (2.8.1 and later, HAMi-core PR 188).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.efa-ofi-gpu-memory-registration-failed",
        cause_id="nccl-gpudirect-rdma",
        kinds=("any",),
        # CUDA's "CUDA_ERROR_NOT_SUPPORTED:operation not supported" inside Libfabric's line is this refusal, not a
        # feature the GPU lacks.
        refines=("cuda.operation-not-supported",),
        # "nccl_net_ofi_reg_mr / register_mr_buffers / register_rail_mr_buffer:NNN NCCL WARN NET/OFI Unable to
        # register memory (type = 2) for device 0. RC: -22, Error: Invalid argument" (the plugin's words, every
        # release), and Libfabric's own warnings under FI_LOG_LEVEL=warn/info for the same refusal.
        patterns=(
            r"NET/OFI Unable to register memory \(type = 2\) for device (?P<device>\d{1,4})\. RC: (?P<rc>-?\d{1,12})",
            r"cuda_set_sync_memops\(\):\d{1,5}<warn> Failed to perform cuPointerSetAttribute",
            r"efa_mr_hmem_setup\(\):\d{1,5}<warn> unable to set memops for cuda ptr",
        ),
        severity="fail",
        cause=("NCCL's AWS OFI plugin could not register a GPU (CUDA) buffer with the EFA network device, so NCCL "
               "cannot send GPU memory over EFA (GPUDirect RDMA on AWS)."),
        advice=("With NCCL 2.19 or newer and RC -22 (Invalid argument), this is the known incompatibility with the "
                "Libfabric of EFA installers before 1.29.1: upgrade the EFA installer on the hosts (and in the "
                "image) to 1.29.1 or later (`cat /opt/amazon/efa_installed_packages` shows it), or set "
                "`export FI_EFA_SET_CUDA_SYNC_MEMOPS=0` for the job, or stay on NCCL 2.18 (a PyTorch built with it). "
                "With RC -14 (Bad address) the kernel cannot register GPU memory for EFA at all: load nvidia-peermem "
                "(`sudo modprobe nvidia-peermem`) or use an EFA driver and kernel with DMA-BUF support. Check with "
                "`fi_info -p efa` and NCCL_DEBUG=INFO that NCCL uses the plugin."),
        action="configure",
        rules_out=("peer-to-peer between the GPUs of a node",),
        never_suggest=("NCCL_P2P_DISABLE",),
        versions=("nccl>=2.19", "efa-installer<1.29.1"),
        sources=("https://github.com/aws/aws-ofi-nccl/issues/584",
                 "https://github.com/awslabs/awsome-distributed-ai/issues/278",
                 "https://github.com/aws/aws-ofi-nccl/issues/70"),
        checked="2026-11-27",
        examples=("nccl/awsofinccl-584-ofi-register-memory-type2-nccl219-old-efa.txt",
                  "nccl/awsomedistributed-278-libfabric-cuda-sync-memops-nccl219.txt"),
    ),
    Signature(
        code="nccl.hami-libvgpu-crash-at-nccl-init",
        cause_id="vgpu-layer-breaks-nccl",
        kinds=("any",),
        # HAMi-core's LOG_ERROR("Illegal device id: %d") (its prefix is "[HAMI-core ERROR (pid:P thread=T file:line)]:"),
        # and the frames of its own segfault handler's backtrace that name libvgpu's sources.
        patterns=(
            r"HAM[Ii]-core ERROR[^\n]{0,120}\]: Illegal device id: -?\d{1,12}",
            r"File \"/libvgpu/src/(?:cuda|allocator|multiprocess)/\w{1,60}\.c\", line \d{1,6}, in (?P<function>\w{1,60})",
        ),
        severity="fail",
        cause=("HAMi's GPU-sharing layer in the pod (HAMi-core's libvgpu.so) crashed in its own hook of a CUDA call "
               "(cuMemCreate, which NCCL makes while creating its communicator) on a device id it never set: a bug of "
               "that HAMi release, not of NCCL, the network or the model."),
        advice=("Upgrade HAMi (its device plugin, which injects HAMi-core's libvgpu.so; or volcano-vgpu-device-plugin to "
                "a release carrying the same libvgpu fix) to 2.8.1 or later, then recreate the pod. Until then, "
                "`CUDA_DISABLE_CONTROL=true` in the pod's environment turns libvgpu's interception off (and with it "
                "HAMi's memory and core limits for that pod), or give the job whole GPUs without HAMi."),
        action="configure",
        rules_out=("the network set-up", "NCCL itself"),
        never_suggest=("NCCL_SOCKET_IFNAME", "NCCL_P2P_DISABLE"),
        versions=("hami<2.8.1",),
        sources=("https://github.com/Project-HAMi/HAMi-core/issues/169", "https://github.com/Project-HAMi/HAMi-core/pull/188",
                 "https://github.com/Project-HAMi/HAMi/issues/1764", "https://github.com/Project-HAMi/HAMi/issues/1055"),
        checked="2026-11-27",
        examples=("nccl/hamicore-169-vllm-nccl-init-illegal-device-id-libvgpu.txt",),
    ),
)
