"""Issue 25, rows for a family blind sets missed: multi-GPU PyTorch training on native Windows, as people describe it.

PyTorch for Windows has no NCCL, and since 2.4 its rendezvous store (TCPStore) defaults to libuv, which the Windows
build lacks either: a script or launcher written for Linux (backend "nccl", torchrun, accelerate launch, Lightning's
DDP) stops on Windows with one of those two errors, or with a traceback that ends elsewhere. Helpers settle on the
same answer: the gloo backend (and USE_LIBUV=0 on 2.4 and later) on Windows, or the training run inside WSL 2 or on
Linux, where NCCL exists. The tool's own lines are frameworks.torch-without-nccl and frameworks.torch-without-libuv;
this row reads the description that names both Windows and more than one GPU. (frameworks.torch-without-nccl also reads
the traceback's source line that raises its message, `raise RuntimeError("Distributed package doesn't have NCCL "
"built in")`, which is all some pastes keep of it.)
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DISTRIBUTED = "https://pytorch.org/docs/stable/distributed.html#backends"
LIBUV = "https://pytorch.org/tutorials/intermediate/TCPStore_libuv_backend.html"

# A line that names WSL is about Linux under Windows, where NCCL exists (the wsl rows).
_NOT_WSL = r"^(?![^\n]*(?:WSL|wsl))"
_MULTI = (r"(?:[Mm]ulti[- ]?(?:GPUs?|gpus?|[Cc]ards?|node)|DDP|ddp|[Dd]istributed training|torch\.distributed|"
          r"(?:two|2|dual|four|4|multiple) (?:GPUs|gpus|cards)|多卡|多GPU|多gpu|双GPU|双gpu|双卡|双显卡)")
_WINDOWS = r"(?:[Ww]indows|WIN10|[Ww]in10|[Ww]in11|win系统|Win系统|win环境|Win环境)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.windows-multi-gpu-described",
        described=True,
        cause_id="distributed-misuse",
        kinds=("any",),
        patterns=(
            # "NCCL error with multi gpu on windows", "Is multi-gpu training supported on Windows?"
            _NOT_WSL + r"[^\n]*?\b" + _MULTI + r"[^\n]{0,60}?(?:\b(?:on|under|in|with|for) (?:native )?)" + _WINDOWS,
            # "Windows Torch.distributed Multi-GPU training with Gloo backend not working", "win系统双GPU报错"
            _NOT_WSL + r"[^\n]*?" + _WINDOWS + r"[^\n]{0,60}?" + _MULTI,
            # "NCCL error windows", "NCCL is not supported on Windows", "Cant use Windows as ... requires NCCL"
            _NOT_WSL + r"[^\n]*?\bNCCL\b[^\n]{0,40}?\b[Ww]indows\b",
            _NOT_WSL + r"[^\n]*?\b[Ww]indows\b[^\n]{0,40}?\b(?:requires?|needs?|without|no|doesn'?t (?:have|support)) NCCL\b",
            # "When running in windows with cuda ... the backends that is nccl and gloo are not being supported" (w49c)
            _NOT_WSL + r"[^\n]*?\b[Ww]indows\b[^\n]{0,120}?\b(?:nccl|NCCL)\b[^\n]{0,40}?\b(?:(?:is|are) not (?:being )?"
            r"supported|(?:is|are)n'?t supported|unsupported|(?:is|are) not available|not available)\b",
        ),
        # On the line that also reads as a multi-GPU hang, Windows is the more specific reading: no NCCL runs there.
        refines=("nccl.multi-gpu-hang-described",),
        severity="warn",
        cause=("The description suggests multi-GPU PyTorch training on native Windows, whose PyTorch build has no NCCL "
               "(and, from PyTorch 2.4, no libuv for torchrun's rendezvous store), so a script or launcher written "
               "for Linux fails before training starts."),
        advice=("On Windows use the gloo backend: `dist.init_process_group(backend=\"gloo\")`, Lightning "
                "`DDPStrategy(process_group_backend=\"gloo\")` (or PL_TORCH_DISTRIBUTED_BACKEND=gloo), Hugging Face "
                "Trainer or LLaMA-Factory `ddp_backend: gloo`; with PyTorch 2.4 or later also set `USE_LIBUV=0` (or "
                "`?use_libuv=0` in the init_method URL) before torchrun or accelerate launch. Gloo is slower and some "
                "features (bf16 all-reduce, DeepSpeed) need NCCL: for real multi-GPU training run it inside WSL 2 "
                "(Ubuntu, the Windows NVIDIA driver) or on Linux, where the nccl backend works."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver", "install NCCL"),
        sources=("https://github.com/jaywalnut310/vits/issues/202", "https://github.com/Akegarasu/lora-scripts/issues/308",
                 "https://github.com/soumik-kanad/diff2lip/issues/16",
                 DISTRIBUTED, LIBUV),
        checked="2026-11-27",
        examples=("frameworks/vits-202-windows-nccl-error-gloo-or-wsl.txt",
                  "frameworks/diff2lip-16-windows-nccl-gloo-unsupported-prose.txt"),
    ),
)
