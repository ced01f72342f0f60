"""Issue 25 (helper w39a): PyTorch's "no CUDA" in a script, where the person says CUDA works when they try it.

"Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False" reads as a CPU-only build
(frameworks.cuda-checkpoint-without-cuda). Where the same paste says that torch.cuda.is_available() is True when the
person tries it (the context "cuda-works-when-tried": "my torch.cuda.is_available() return true", "I have GPU, and
torch.cuda.is_available() is True"), the build is a CUDA one and the GPU works: the script hides it from itself, nearly
always by setting CUDA_VISIBLE_DEVICES to an index this machine lacks (os.environ['CUDA_VISIBLE_DEVICES'] = '1' on a
one-GPU machine; a worker per --world_size, 8 by default, each setting its own index, SWAHR-HumanPose's
tools/dist_valid.py). The helpers' fix is that setting, never another torch.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.script-hides-gpu-cuda-works-when-tried",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        contexts=("cuda-works-when-tried",),
        # torch/serialization.py, validate_cuda_device (the generic row's line).
        patterns=(r"Attempting to deserialize object on a CUDA device but torch\.cuda\.is_available\(\) is False",),
        refines=("frameworks.cuda-checkpoint-without-cuda",),
        severity="fail",
        cause=("The program's run finds no CUDA device while torch.cuda.is_available() is True when tried by hand, so "
               "this PyTorch is a CUDA build and the GPU works: the program (or each worker it starts) hides the GPU "
               "from itself, nearly always by setting CUDA_VISIBLE_DEVICES to a GPU index this machine lacks."),
        advice=("Find where the program sets CUDA_VISIBLE_DEVICES (`grep -rn CUDA_VISIBLE_DEVICES .` in the project: "
                "os.environ in its scripts, an `export` in its .sh launchers, one per worker of a --world_size/--gpus "
                "count) and make it name only indices `nvidia-smi -L` lists (0 on a one-GPU machine), or set the "
                "worker or GPU count option to the number of GPUs you have; then check the program runs under the "
                "same python you tried (`which python`, the IDE's interpreter)."),
        action="configure",
        rules_out=("a CPU-only PyTorch build", "a damaged checkpoint"),
        never_suggest=("reinstall the driver", "reinstall torch", "index-url"),
        sources=("https://github.com/greatlog/SWAHR-HumanPose/issues/12",
                 "https://github.com/pytorch/pytorch/blob/main/torch/serialization.py",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars"),
        checked="2026-11-27",
        examples=("frameworks/swahr-12-world-size-8-hides-gpus.txt",),
    ),
)
