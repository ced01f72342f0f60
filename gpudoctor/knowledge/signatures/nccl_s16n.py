"""Issue 25, sixteenth wave (written blind): rows read from the source that prints the message.

Each pattern follows a format string of NCCL (src/), PyTorch's c10d (TCPStore.cpp, distributed_c10d.py) or DeepSpeed
(deepspeed/comm, deepspeed/runtime), with its fields as bounded groups and the older wordings users still paste; the
cause is the condition in the code that prints it (rows of the nccl area, joined into nccl.SIGNATURES).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NCCL_SRC = "https://github.com/NVIDIA/nccl/blob/master/src"
TORCH_C10D = "https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d"
DS_SRC = "https://github.com/deepspeedai/DeepSpeed/blob/master/deepspeed"

S16N_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.shm-attach-peer-segment-missing",
        refines=("nccl.generic-error-needs-debug",), refines_within=None,
        cause_id="nccl-cumem-host-diverged",
        kinds=("any",),
        # os/linux.cc (misc/shmutils.cc before 2.27): "Error while %s shared memory segment %s (size %ld)[, error: %s
        # (%d)]" with "attaching to": open() of the segment a peer rank on the same host named failed. Since NCCL
        # 2.26.3 each process probes cuMem host allocation (cudawrap.cc) and falls back to /dev/shm when the probe
        # fails; where it passes on one rank and fails on another (a NUMA node without CPUs or memory, a container
        # that hides NUMA), the fallback rank reads its peer's cuMem descriptor as a /dev/shm path: a garbage name,
        # often "(size 0)", and "No such file or directory".
        patterns=(
            r"Error while attaching to shared memory segment /dev/shm/nccl-[^\s]{0,12} \(size (?P<size>\d{1,15})\)",
        ),
        severity="fail",
        cause=("An NCCL rank could not open the shared-memory segment a peer rank on the same host announced: since "
               "NCCL 2.26 ranks whose cuMem host-memory probe differs (a NUMA node without CPUs or memory, a container "
               "that hides NUMA) choose different host-memory paths, and the /dev/shm one cannot attach the other's."),
        advice=("Set NCCL_CUMEM_HOST_ENABLE=0 in every rank's environment (export it before torchrun, vLLM or Ray "
                "start the workers) so all ranks use the /dev/shm path; or make the host's NUMA layout uniform (fill "
                "the empty memory channels, or one NUMA node per socket in the BIOS), or use NCCL 2.21.5, which does "
                "not probe. If ranks run in separate containers, give them one IPC namespace (--ipc=host)."),
        action="configure",
        rules_out=("a /dev/shm that is too small", "the GPUs", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "increase --shm-size"),
        versions=("nccl>=2.26.3",),
        sources=("https://github.com/hiyouga/EasyR1/issues/505", "https://github.com/NVIDIA/nccl/issues/2190",
                 "https://github.com/NVIDIA/nccl/issues/1589", "https://github.com/NVIDIA/nccl/pull/2059",
                 NCCL_SRC + "/misc/cudawrap.cc", NCCL_SRC + "/os/linux.cc"),
        checked="2026-11-27",
        examples=("nccl/easyr1-505-shm-attach-size-0-cumem-host.txt",),
    ),
    Signature(
        code="nccl.deepspeed-offload-client-optimizer",
        cause_id="distributed-misuse",
        kinds=("any",),
        # runtime/engine.py, _configure_optimizer: ZeRO with offload_optimizer to the CPU, an optimizer object the
        # script built itself that is not DeepSpeedCPUAdam (or another DeepSpeed CPU optimizer), and the config's
        # zero_force_ds_cpu_optimizer left at its default true (DeepSpeed 0.9.0 and later, PR 2971).
        patterns=(r"You are using ZeRO-Offload with a client provided optimizer\b",
                  r"Please either use deepspeed\.ops\.adam\.DeepSpeedCPUAdam or set an optimizer in your ds-config"),
        severity="fail",
        cause=("DeepSpeed refuses the run: ZeRO offloads the optimizer to the CPU while the script hands it its own "
               "optimizer instead of DeepSpeed's CPU optimizer, and zero_force_ds_cpu_optimizer is on."),
        advice=("Let DeepSpeed build the optimizer: put an \"optimizer\" section in the DeepSpeed config (Trainer: "
                "drop --optim/custom optimizer so the ds-config one is used) or pass deepspeed.ops.adam.DeepSpeedCPUAdam; "
                "to keep a custom optimizer with offload on purpose, add \"zero_force_ds_cpu_optimizer\": false to the "
                "config (accelerate's deepspeed_config: zero_force_ds_cpu_optimizer: false), or drop offload_optimizer."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver", "NCCL"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        versions=("deepspeed>=0.9.0",),
        sources=("https://github.com/OptimalScale/LMFlow/issues/693", "https://github.com/deepspeedai/DeepSpeed/pull/2971",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/596",
                 "https://github.com/deepspeedai/DeepSpeed/issues/7524", DS_SRC + "/runtime/engine.py"),
        checked="2026-11-27",
        examples=("nccl/lmflow-693-zero-offload-client-optimizer.txt",),
    ),
    Signature(
        code="nccl.deepspeed-comm-not-initialised",
        cause_id="distributed-misuse",
        kinds=("any",),
        # comm/comm.py: every deepspeed.comm call (get_rank, get_world_size, barrier) asserts `cdb is not None and
        # cdb.is_initialized()`; cdb is set by deepspeed.init_distributed (deepspeed.initialize calls it), not by
        # torch.distributed.init_process_group in DeepSpeed 0.6 and later.
        patterns=(r"DeepSpeed backend not set, please initiali[sz]e it using init_process_group",),
        severity="fail",
        cause=("A deepspeed.comm call (get_rank, barrier, activation checkpointing's configure) ran before "
               "DeepSpeed's communication backend was set up: the script initialised torch.distributed itself (or "
               "nothing) and never called deepspeed.init_distributed."),
        advice=("Call deepspeed.init_distributed() (it calls torch.distributed.init_process_group itself) before the "
                "first DeepSpeed call, in place of the script's torch.distributed.init_process_group, and start the "
                "script with the deepspeed launcher or torchrun; code written for DeepSpeed 0.5 and older otherwise "
                "needs that DeepSpeed version."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver", "NCCL"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        versions=("deepspeed>=0.6.0",),
        sources=("https://github.com/THUDM/GLM/issues/111", "https://github.com/zai-org/CodeGeeX/issues/101",
                 "https://github.com/bigscience-workshop/Megatron-DeepSpeed/pull/285", DS_SRC + "/comm/comm.py"),
        checked="2026-11-27",
        examples=("nccl/glm-111-deepspeed-backend-not-set.txt",),
    ),
    Signature(
        code="nccl.deepspeed-dist-init-required",
        cause_id="distributed-misuse",
        kinds=("any",),
        # __init__.py / runtime/engine.py: deepspeed.initialize(dist_init_required=False) with no process group yet
        # ("Distributed backend is not initialized. Please set dist_init_required to True or initialize before
        # calling deepspeed.initialize()").
        patterns=(r"Distributed [Bb]ackend is not initiali[sz]ed\.? {0,2}Please set dist_init_required to True",),
        severity="fail",
        cause=("deepspeed.initialize was told not to set up the process group (dist_init_required=False) and the script "
               "had not initialised one before it."),
        advice=("Initialise the process group before deepspeed.initialize: call deepspeed.init_distributed() (or "
                "torch.distributed.init_process_group) first, or pass dist_init_required=True / leave it unset, and "
                "start the script with the deepspeed launcher or torchrun so RANK, WORLD_SIZE and MASTER_ADDR are set."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver", "NCCL"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/Oneflow-Inc/one-glm/issues/20", "https://github.com/deepspeedai/DeepSpeed/issues/2168",
                 "https://github.com/MCG-NJU/VideoMAE/issues/90", DS_SRC + "/runtime/engine.py"),
        checked="2026-11-27",
        examples=("nccl/oneglm-20-dist-init-required-init-removed.txt",),
    ),
    Signature(
        code="nccl.store-socket-timeout",
        cause_id="distributed-misuse",
        kinds=("any",),
        # TCPStore.cpp / Utils.hpp: the client's recv on the store socket ran past the store timeout ("Socket Timeout")
        # while it waited for a key (wait/get) that another rank never set: that rank is slow before
        # init_process_group, died, or joined another rendezvous. The ncclUniqueId wrapper ("store->get('0') got error:
        # Socket Timeout") is nccl.unique-id-not-received's; this reads the bare store error.
        patterns=(r"\b(?:DistStoreError|RuntimeError|DistBackendError): Socket Timeout\b",
                  # PyTorch 2.4 and later word the same timeout of a store wait with its keys (TCPStore.cpp doWait)
                  r"DistStoreError: wait timeout after (?P<ms>\d{1,9}) ?ms, keys: "),
        severity="fail",
        cause=("A rank waited on the c10d store (MASTER_ADDR:MASTER_PORT) for a key another rank never wrote in time: "
               "that rank is still busy before init_process_group (a long data preparation), crashed, or was started "
               "with other rendezvous settings (MASTER_ADDR, MASTER_PORT, world size, node rank)."),
        advice=("Read every rank's and node's log for the first error, then launch all nodes with the same MASTER_ADDR, "
                "MASTER_PORT, NNODES/--nnodes and a distinct NODE_RANK (the launcher's own multi-node variables for "
                "this release); move slow data preparation after init_process_group or raise its timeout "
                "(init_process_group(timeout=...), ddp_timeout in the Trainer)."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/hiyouga/LlamaFactory/issues/6154", "https://github.com/bytedance/HLLM/issues/20",
                 "https://github.com/pytorch/pytorch/issues/55571", TORCH_C10D + "/TCPStore.cpp"),
        checked="2026-11-27",
        examples=("nccl/llamafactory-6154-socket-timeout-nodes-env.txt",),
    ),
    Signature(
        code="nccl.default-group-not-initialised-legacy",
        cause_id="distributed-misuse",
        kinds=("any",),
        # distributed_c10d.py before PyTorch 1.12: _check_default_pg asserts `_default_pg is not None` ("Default process
        # group is not initialized"); later releases raise "Default process group has not been initialized, please
        # make sure to call init_process_group" (frameworks.default-process-group-missing). SyncBatchNorm's forward
        # in training, get_rank/get_world_size and every collective reach it when no process group exists.
        patterns=(r"(?:AssertionError|RuntimeError|ValueError): [Dd]efault process group is not initiali[sz]ed",),
        severity="fail",
        cause=("A torch.distributed call (most often SyncBatchNorm in a single-GPU run, or get_rank/get_world_size) ran "
               "while no process group was initialised (PyTorch before 1.12 words it this way)."),
        advice=("For one GPU, replace SyncBN with BN in the model config (norm_cfg=dict(type='BN')) or convert the model "
                "back from SyncBatchNorm; for several GPUs, start with the project's distributed launcher (tools/"
                "dist_train.sh N, torchrun --nproc_per_node=N) so init_process_group runs first."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "reinstall NCCL"),
        versions=("torch<1.12",),
        sources=("https://github.com/open-mmlab/mmrazor/issues/148", "https://github.com/open-mmlab/mmsegmentation/issues/354",
                 "https://github.com/shinya7y/UniverseNet/issues/8",
                 "https://github.com/pytorch/pytorch/blob/v1.11.0/torch/distributed/distributed_c10d.py"),
        checked="2026-11-27",
        examples=("nccl/mmrazor-148-default-group-syncbn-single-gpu.txt",),
    ),
    Signature(
        code="nccl.ddp-module-without-trainable-params",
        cause_id="distributed-misuse",
        kinds=("any",),
        # torch/nn/parallel/distributed.py, DistributedDataParallel.__init__: `if not any(p.requires_grad for p in
        # module.parameters())` raises RuntimeError (PyTorch 1.10 and later, through _log_and_throw; an AssertionError
        # before): a frozen feature extractor, a loss module, a module without parameters handed to
        # accelerator.prepare, or a model whose trainable part (LoRA, motion modules) the config never added.
        patterns=(r"DistributedDataParallel is not needed when a module doesn't have any parameter that requires a "
                  r"gradient",),
        severity="fail",
        cause=("The module wrapped in DistributedDataParallel (directly or by accelerator.prepare / the Trainer) has no "
               "parameter with requires_grad=True: it is frozen, has no parameters, or the part meant to train was "
               "never added."),
        advice=("Wrap only modules that train: move frozen or parameter-free modules (feature extractors, losses, "
                "EMA or reference models) to the device with .to(device) instead of DDP or accelerator.prepare; if the "
                "model is meant to train, check which parameters have requires_grad (the LoRA/adapter config, freeze "
                "options, the stage's config) before wrapping it."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver", "NCCL"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/huggingface/accelerate/issues/760",
                 "https://github.com/guoqincode/Open-AnimateAnyone/issues/32",
                 "https://github.com/pytorch/pytorch/issues/25552",
                 "https://github.com/pytorch/pytorch/blob/main/torch/nn/parallel/distributed.py"),
        checked="2026-11-27",
        examples=("nccl/accelerate-760-ddp-module-without-trainable-params.txt",),
    ),
)
