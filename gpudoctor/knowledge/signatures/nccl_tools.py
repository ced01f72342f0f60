"""Distributed-training tools beside torchrun: Horovod's framework extensions and PyTorch's optional MPI backend, each
a build-time choice that a run then finds missing (rows of the nccl area, joined into nccl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

HOROVOD_INSTALL = "https://horovod.readthedocs.io/en/stable/install_include.html"
HOROVOD_TROUBLESHOOTING = "https://horovod.readthedocs.io/en/stable/troubleshooting_include.html"
TORCH_BACKENDS = "https://pytorch.org/docs/stable/distributed.html#backends"
NCCL_TESTS_README = "https://github.com/NVIDIA/nccl-tests/blob/master/README.md"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.horovod-extension-not-built",
        cause_id="horovod-extension-not-built",
        kinds=("any",),
        # horovod/common/util.py check_extension(): importing horovod.torch / .tensorflow / .mxnet finds no compiled
        # mpi_lib for that framework. Horovod's setup.py skips a framework's extension quietly when the framework is not
        # importable at build time (or its build fails) unless HOROVOD_WITH_<FRAMEWORK>=1 makes that an error; pip then
        # caches the incomplete wheel. 0.16-0.19 end the first sentence with a period, later releases name the .so.
        patterns=(r"Extension horovod\.(?P<framework>torch|tensorflow|mxnet|keras) has not been built",),
        severity="fail",
        cause="Horovod was installed without its compiled extension for {framework}: the framework was missing (or its "
              "extension's build failed quietly) when pip built Horovod, so `import horovod.{framework}` finds no library.",
        advice=("Install the framework first, then rebuild Horovod forcing that extension so a build error shows instead "
                "of being skipped, and without pip's cached wheel: `pip uninstall -y horovod && "
                "HOROVOD_WITH_PYTORCH=1 HOROVOD_GPU_OPERATIONS=NCCL pip install --no-cache-dir horovod` "
                "(HOROVOD_WITH_TENSORFLOW=1 or HOROVOD_WITH_MXNET=1 for the others); `horovodrun --check-build` then "
                "lists the frameworks built."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPUs"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        versions=("horovod>=0.16",),
        sources=("https://github.com/uber-research/UPSNet/issues/30", "https://github.com/horovod/horovod/issues/3877",
                 "https://github.com/horovod/horovod/issues/2589", HOROVOD_INSTALL, HOROVOD_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("nccl/upsnet-30-horovod-torch-extension-not-built.txt",
                  "nccl/horovod-3877-tensorflow-extension-not-built.txt"),
    ),
    Signature(
        code="nccl.store-address-in-use-legacy",
        cause_id="distributed-port-in-use",
        kinds=("any",),
        # PyTorch 1.0-1.8's TCPStore (and 1.0's deprecated THD backend, "at .../THD/process_group/General.cpp:20") raised
        # the bare socket error when rank 0 could not bind MASTER_PORT / the tcp:// init_method's port; PyTorch 1.9 and
        # later say "The server socket has failed to bind/listen" (frameworks.rendezvous-port-in-use reads those).
        patterns=(r"RuntimeError: Address already in use\b(?! by)",),
        severity="fail",
        cause="torch.distributed's rendezvous store could not listen on its port: another job on this machine (or a "
              "leftover process of an earlier run) already holds MASTER_PORT / the init_method's port.",
        advice=("Give each job on a machine its own free rendezvous port (`torchrun --master_port 29501 ...`, `python -m "
                "torch.distributed.launch --master_port 29501 ...`, MASTER_PORT=29501, `accelerate launch "
                "--main_process_port 29501`, `deepspeed --master_port 29501`, or `--dist-url "
                "tcp://127.0.0.1:29501` for scripts that take one), or end the leftover process holding it (`ss -ltnp | "
                "grep 29500`); under torchrun or launch keep init_method=\"env://\" instead of a tcp:// URL to the same "
                "port the launcher already uses."),
        action="configure",
        rules_out=("an NCCL, driver or GPU fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        versions=("torch<1.9",),
        sources=("https://github.com/NVIDIA/Megatron-LM/issues/343",
                 "https://github.com/facebookresearch/maskrcnn-benchmark/issues/241",
                 "https://github.com/thu-coai/CDial-GPT/issues/103", "https://pytorch.org/docs/stable/elastic/run.html"),
        checked="2026-11-26",
        examples=("nccl/megatron-343-tcpstore-address-already-in-use.txt",
                  "nccl/maskrcnn-benchmark-241-thd-address-already-in-use.txt",
                  "nccl/cdial-gpt-103-launch-address-already-in-use.txt"),
    ),
    Signature(
        code="nccl.ddp-module-on-cpu",
        cause_id="distributed-misuse",
        kinds=("any",),
        # torch/nn/parallel/distributed.py refuses device_ids for a module whose parameters are not on one GPU: PyTorch
        # 1.8 and later name the devices it found ({device(type='cpu')}: the model was never moved), 1.5-1.7 said "only
        # work with single-device CUDA modules". A model spread over several GPUs ({device(type='cuda', index=0),
        # device(type='cuda', index=1)}, device_map="auto") is nccl.accelerate-device-map-under-distributed's.
        patterns=(r"DistributedDataParallel device_ids and output_device arguments only work with single-device"
                  r"/multiple-device GPU modules or CPU modules, but got device_ids [^\n]{0,80}and module parameters "
                  r"\{device\(type='cpu'\)\}",
                  r"DistributedDataParallel device_ids and output_device arguments only work with single-device CUDA "
                  r"modules, but got device_ids"),
        severity="fail",
        cause="The model was wrapped in DistributedDataParallel with device_ids while its parameters were still on the "
              "CPU: it was never moved to this rank's GPU.",
        advice=("Move the model to the rank's GPU before wrapping it: `torch.cuda.set_device(local_rank); model = "
                "model.to(f\"cuda:{local_rank}\")`, then `DistributedDataParallel(model, device_ids=[local_rank])` "
                "(LOCAL_RANK comes from torchrun); for training on CPU, pass no device_ids."),
        action="configure",
        rules_out=("the NVIDIA driver", "NCCL"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/pytorch/pytorch/issues/46821", "https://github.com/meta-pytorch/tnt/pull/398",
                 "https://github.com/pytorch/pytorch/issues/100243",
                 "https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html"),
        checked="2026-11-26",
        examples=("nccl/tnt-398-ddp-module-left-on-cpu.txt", "nccl/pytorch-46821-ddp-single-device-cuda-modules.txt"),
    ),
    Signature(
        code="nccl.wrapper-hides-model-attribute",
        cause_id="distributed-misuse",
        kinds=("any",),
        # torch.nn.Module.__getattr__ on the wrapper: DistributedDataParallel and DataParallel keep the model as .module,
        # so code written for the bare model (model.generate, model.backbone) fails once a multi-GPU run wraps it.
        # PyTorch 1.6-1.7 raised ModuleAttributeError, the others AttributeError. An attribute named "module" is the
        # opposite case (code expecting a wrapper on a bare model) and is left out.
        patterns=(r"'(?:DistributedDataParallel|DataParallel)' object has no attribute '(?!module')(?P<attr>\w{1,80})'",),
        severity="fail",
        cause="The code asked the multi-GPU wrapper (DistributedDataParallel or DataParallel) for '{attr}', which "
              "belongs to the wrapped model: the wrapper exposes the model only as .module.",
        advice=("Reach the model through the wrapper: `model.module.{attr}` (or keep a reference to the unwrapped model "
                "before wrapping it, and use that for generate, save and attribute access); with one GPU, "
                "CUDA_VISIBLE_DEVICES=0 keeps scripts that wrap only on several GPUs from wrapping at all."),
        action="configure",
        rules_out=("the NVIDIA driver", "NCCL"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/jytime/Mask_RCNN_Pytorch/issues/2", "https://github.com/voidism/DiffCSE/issues/5",
                 "https://github.com/VinAIResearch/XPhoneBERT/issues/7",
                 "https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html"),
        checked="2026-11-26",
        examples=("nccl/maskrcnn-pytorch-2-dataparallel-no-attribute.txt",
                  "nccl/diffcse-5-dataparallel-wrapper-attribute.txt"),
    ),
    Signature(
        code="nccl.state-dict-module-prefix",
        cause_id="distributed-misuse",
        kinds=("any",),
        # nn.Module.load_state_dict: a checkpoint saved from a model wrapped in DataParallel or DistributedDataParallel has
        # every key under "module."; loaded into the bare model they are unexpected (and the other way round, a bare
        # checkpoint loaded into a wrapped model misses them). PyTorch 0.3 said 'unexpected key "module.x" in
        # state_dict'. A first key ending in num_batches_tracked is BatchNorm's counter from a newer PyTorch, another
        # mismatch, and is not read here.
        patterns=(r'(?:Unexpected|Missing) key\(s\) in state_dict: "module\.[\w.]{1,200}(?<!num_batches_tracked)"',
                  r'unexpected key "module\.[\w.]{1,200}" in state_dict'),
        severity="fail",
        cause="The checkpoint and the model disagree on the 'module.' prefix that DataParallel and DistributedDataParallel "
              "add to every key: weights saved from a model wrapped for multi-GPU training are loaded into a bare one "
              "(or the other way round).",
        advice=("Strip the prefix before loading: `from torch.nn.modules.utils import "
                "consume_prefix_in_state_dict_if_present; consume_prefix_in_state_dict_if_present(state_dict, \"module.\"); "
                "model.load_state_dict(state_dict)` (or load into the wrapped model, `model.module.load_state_dict(...)` "
                "for the opposite case), and save `model.module.state_dict()` from multi-GPU runs from now on."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPUs"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/pytorch/pytorch/issues/3805", "https://github.com/abeardear/pytorch-YOLO-v1/issues/4",
                 "https://github.com/pytorch/pytorch/pull/53224",
                 "https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html"),
        checked="2026-11-26",
        examples=("nccl/pytorch-yolo-v1-4-state-dict-module-prefix.txt", "nccl/pytorch-3805-unexpected-key-module-prefix.txt"),
    ),
    Signature(
        code="nccl.gloo-address-family-mismatch",
        cause_id="nccl-network-config",
        kinds=("any",),
        # gloo/transport/tcp/device.cc asserts that the two ends of a pair share an address family: 2 is AF_INET (IPv4),
        # 10 AF_INET6. Gloo resolves with AF_UNSPEC and c10d binds IPv6 first, so on dual-stack hosts one rank can get
        # an IPv4 address and another an IPv6 one (MASTER_ADDR=0.0.0.0, a hostname resolving differently per node).
        # torch.distributed uses Gloo beside NCCL for its CPU work, so NCCL jobs meet it too.
        patterns=(r"ss1\.ss_family == ss2\.ss_family\. (?P<here>\d{1,2}) vs (?P<there>\d{1,2})",),
        refines=("nccl.gloo-interface-not-found",),
        severity="fail",
        cause="Gloo's ranks ended up on different IP versions (address family {here} against {there}: 2 is IPv4, 10 is "
              "IPv6), which its TCP transport cannot connect: a dual-stack network where MASTER_ADDR or a hostname "
              "resolves to IPv4 on some nodes and IPv6 on others.",
        advice=("Make every rank use one IP version: set MASTER_ADDR to rank 0's real IPv4 address (not 0.0.0.0 and not "
                "a hostname with AAAA records) and export GLOO_SOCKET_IFNAME (and NCCL_SOCKET_IFNAME) to the interface "
                "carrying it on every node, e.g. `export GLOO_SOCKET_IFNAME=eth0`; or make the hostnames resolve to the "
                "same family everywhere (/etc/hosts)."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/pytorch/pytorch/issues/135355", "https://github.com/pytorch/gloo/issues/399",
                 "https://github.com/pytorch/pytorch/pull/67736",
                 "https://pytorch.org/docs/stable/distributed.html#common-environment-variables"),
        checked="2026-11-26",
        examples=("nccl/pytorch-135355-gloo-ss-family-ipv4-ipv6.txt", "nccl/gloo-399-ss-family-mixed-stack.txt"),
    ),
    Signature(
        code="nccl.tests-more-gpus-than-present",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # nccl-tests give each process -g GPUs per thread (-t), from local rank x t x g on, counting the processes of a
        # host by its host name (src/util.cu). Past the node's last GPU the older ones stop on cudaSetDevice ("Test CUDA
        # failure common.cu:732 'invalid device ordinal'", "Cuda failure common.cu:891" before 2.0's "Test"), 2.14 and
        # later say so ("Invalid number of GPUs: 8 requested but only 4 were found.").
        patterns=(r"(?:Test )?CUDA failure common\.cu:\d{1,5} 'invalid device ordinal'",
                  r"Invalid number of GPUs: (?P<requested>\d{1,5}) requested but only (?P<found>\d{1,5}) were found"),
        refines=("cuda.invalid-device-ordinal",),
        severity="fail",
        cause="nccl-tests asked for more GPUs on a node than it has: each process takes -g GPUs (times -t threads) "
              "after those of the processes before it on the same host, so processes per node x -t x -g went past the "
              "node's last GPU.",
        advice=("Make processes per node x -t x -g equal to the node's GPUs: one process per GPU (`mpirun -np <total GPUs> "
                "... all_reduce_perf -g 1`, with -H host:<GPUs per node> slots) or one process per node with "
                "`-g <GPUs per node>`; check that every process sees the GPUs (`mpirun ... nvidia-smi -L`, "
                "CUDA_VISIBLE_DEVICES) and that the nodes have distinct host names, which nccl-tests counts processes "
                "per host by."),
        action="configure",
        rules_out=("the driver", "the GPUs"),
        never_suggest=("reinstall the driver", "update the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/nccl-tests/issues/54", NCCL_TESTS_README),
        checked="2026-11-26",
        examples=("nccl/nccltests-54-np40-g4-invalid-device-ordinal.txt",),
    ),
)
