"""Issue 25 (helper w31c): registering GPU memory with an RDMA adapter, as people describe it.

GPUDirect RDMA lets an InfiniBand or RoCE adapter read and write GPU memory directly; the verbs call that pins the
buffer for the adapter (ibv_reg_mr) works on a cudaMalloc'd pointer only when a peer-memory client has told the RDMA
stack how to pin GPU pages: the nvidia-peermem module shipped with the driver since 470 (nv_peer_mem from Mellanox
before that), or DMA-BUF on recent kernels and OFED. Without it the same call that registers host buffers fine fails
on GPU buffers, and NCCL, UCX, perftest's --use_cuda and hand-written verbs code all stop there. The knowledgeable
answer is the module: load it, make it load at boot, and check it with lsmod. NCCL's own error lines for this
("Call to ibv_reg_dmabuf_mr failed", "ibv_reg_mr ... Bad address") are nccl.gpudirect-registration-failed's; the
locked-memory limit ("Cannot allocate memory") is nccl.ib-memory-registration-failed's. The row here reads the
person's own words when no tool line is pasted, so it is a warning.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_GPU = r"(?:GPU|gpu|cudaMalloc(?:'?e?d)?|CUDA memory|cuda memory|device memory)"
_FAILS = r"(?:fails?|failed|failing|errors? out|returns? an? error|does not work|doesn'?t work)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.gpu-memory-registration-described",
        described=True,
        cause_id="nccl-gpudirect-rdma",
        kinds=("any",),
        patterns=(
            # "if I ibv_reg_mr to register a buff on GPU, it fails", "ibv_reg_mr on GPU memory fails"
            r"\bibv_reg_mr\b[^\n]{0,60}?\b" + _GPU + r"[^\n]{0,60}?\b" + _FAILS,
            # "registering cudaMalloc'd memory with ibv_reg_mr failed"
            r"\b" + _GPU + r"[^\n]{0,40}?\bibv_reg_mr\b[^\n]{0,40}?\b" + _FAILS,
        ),
        severity="warn",
        cause=("The description suggests the RDMA adapter cannot register (pin) GPU memory while host memory works: no "
               "peer-memory client for GPU pages is loaded (nvidia-peermem, formerly nv_peer_mem), so GPUDirect RDMA "
               "cannot work."),
        advice=("Load the driver's peer-memory module: `sudo modprobe nvidia-peermem` (nv_peer_mem with old Mellanox "
                "OFED stacks; it needs the driver installed after OFED, else reinstall the driver or rebuild the "
                "module), check it with `lsmod | grep peermem`, and make it load at boot (`echo nvidia-peermem | sudo "
                "tee /etc/modules-load.d/nvidia-peermem.conf`); with NCCL 2.13+ on a kernel and OFED that support "
                "DMA-BUF, the open kernel modules register GPU memory without it. GeForce cards do not support "
                "GPUDirect RDMA at all."),
        action="configure",
        rules_out=("the locked-memory limit, when host buffers register fine",),
        never_suggest=("raise --shm-size", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/Mellanox/nv_peer_memory/issues/36",
                 "https://docs.nvidia.com/cuda/gpudirect-rdma/index.html"),
        checked="2026-11-27",
        examples=("nccl/nvpeermemory-36-ibv-reg-mr-gpu-buffer-peermem.txt",),
    ),
)
