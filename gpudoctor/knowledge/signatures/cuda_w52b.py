"""Issue 25, w52b: a script's own CUDA_VISIBLE_DEVICES told in prose or quoted from a shell script.

cuda.visible-devices-set-in-code reads the Python assignment (os.environ["CUDA_VISIBLE_DEVICES"] = "2"); projects set
it as often in the bash files that start training ("export CUDA_VISIBLE_DEVICES=1" in scripts/*.sh,
thuml/Autoformer#25, thuml/Time-Series-Library#10), and people quote that line alone or in backticks when they report
that the GPU is not used ("the bash files containing `export CUDA_VISIBLE_DEVICES=1`", or the script's lines pasted
as they are). On a one-GPU machine any index but 0 hides the GPU. Read in a person's paste only
(described): in a long log a user's own choice of GPU 1 on a multi-GPU machine is no fault.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.visible-devices-set-in-script-described",
        described=True,
        cause_id="cuda-visible-devices",
        refines=("cuda.no-device", "cuda.torch-no-gpus-visible"), refines_within=None,
        kinds=("any",),
        patterns=(
            # a script's line quoted alone: "   CUDA_VISIBLE_DEVICES=1", "export CUDA_VISIBLE_DEVICES=2"
            r"^\s{0,8}(?:export |set )?CUDA_VISIBLE_DEVICES=[\"']?(?P<value>[1-9]\d?)[\"']?\s{0,4}$",
            # quoted in prose: "the bash files containing `export CUDA_VISIBLE_DEVICES=1`"
            r"`(?:export |set )?CUDA_VISIBLE_DEVICES=[\"']?(?P<value>[1-9]\d?)[\"']?`",
        ),
        severity="warn",
        cause=("The project's script sets CUDA_VISIBLE_DEVICES={value}, its author's GPU: on a machine without a GPU of "
               "that index (a one-GPU machine has only 0) it hides every GPU, so CUDA finds none and the program falls "
               "back to the CPU or stops with no GPU found."),
        advice=("Change the script's CUDA_VISIBLE_DEVICES to an index `nvidia-smi -L` lists (`export "
                "CUDA_VISIBLE_DEVICES=0` on a one-GPU machine), or remove the line and choose the GPU when you run it."),
        action="configure",
        rules_out=("a missing GPU",),
        never_suggest=("reinstall the driver", "reinstall CUDA", "reinstall pytorch"),
        sources=("https://github.com/thuml/Autoformer/issues/25",),
        checked=CHECKED,
        examples=("cuda/autoformer-25-export-visible-devices-1-disables-cuda.txt",),
    ),
)
