"""Distributed-training tools beside torchrun: Horovod's framework extensions and PyTorch's optional MPI backend, each
a build-time choice that a run then finds missing (rows of the nccl area, joined into nccl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

HOROVOD_INSTALL = "https://horovod.readthedocs.io/en/stable/install_include.html"
HOROVOD_TROUBLESHOOTING = "https://horovod.readthedocs.io/en/stable/troubleshooting_include.html"
TORCH_BACKENDS = "https://pytorch.org/docs/stable/distributed.html#backends"

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
        cause_id="distributed-misuse",
        kinds=("any",),
        # PyTorch 1.0-1.8's TCPStore (and 1.0's deprecated THD backend, "at .../THD/process_group/General.cpp:20") raised
        # the bare socket error when rank 0 could not bind MASTER_PORT / the tcp:// init_method's port; PyTorch 1.9 and
        # later say "The server socket has failed to bind/listen" (frameworks.rendezvous-port-in-use reads those).
        patterns=(r"RuntimeError: Address already in use\b(?! by)",),
        severity="fail",
        cause="torch.distributed's rendezvous store could not listen on its port: another job on this machine (or a "
              "leftover process of an earlier run) already holds MASTER_PORT / the init_method's port.",
        advice=("Give each job on a machine its own free rendezvous port (`torchrun --master_port 29501 ...`, `python -m "
                "torch.distributed.launch --master_port 29501 ...`, MASTER_PORT=29501, or `--dist-url "
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
)
