"""Issue 25, w47b: framework families that fresh 2025-2026 threads showed the catalogue did not read.

Tensors on two GPUs of one machine. "Expected all tensors to be on the same device, but found at least two devices,
cuda:0 and cuda:6" names two GPUs, not a GPU and the CPU: a script written for one GPU ran on a machine with several,
and its model was spread over every visible GPU (transformers' device_map="auto", accelerate's dispatch, DataParallel)
or a layer stayed on cuda:0 while a --gpu/--device option sent the rest elsewhere. The projects' own answer is to make
one GPU visible (CUDA_VISIBLE_DEVICES=0 in front of the command or set before torch is imported), after which the
chosen GPU is cuda:0 to the program (Sa2VA#85, TWOSOME#5: "please set CUDA_VISIBLE_DEVICES before you run", and the
same answer across single-GPU demos). A GPU beside "cpu" stays the generic program-bug reading
(frameworks.tensors-on-two-devices), which this row refines on the same line only.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

CUDA_ENV_VARS = "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.tensors-on-two-gpus-single-gpu-script",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # torch's device check (aten/src/ATen/native/TensorCompare / TensorIterator): two CUDA ordinals, in either order
        patterns=(r"Expected all tensors to be on the same device, but found at least two devices, "
                  r"(?P<first>cuda:\d{1,2}) and (?P<second>cuda:\d{1,2})",),
        severity="warn",
        cause=("The program put tensors of one operation on two GPUs ({first} and {second}): a script written for "
               "one GPU ran where several are visible, and its model was spread over all of them (device_map=\"auto\", "
               "accelerate's dispatch, DataParallel) or a part stayed on cuda:0 while the rest went to the GPU it was "
               "told to use. The GPUs and the driver are fine."),
        advice=("Make only the GPU you want visible to the process, so that it is cuda:0 to the program: "
                "`CUDA_VISIBLE_DEVICES=0 python your_script.py` (or in front of `torchrun`/`accelerate launch`; "
                "`set CUDA_VISIBLE_DEVICES=0` first on Windows), or `os.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"` "
                "before `import torch`; in a container, `docker run --gpus '\"device=0\"'`. To use several GPUs on "
                "purpose, load the model with one device_map and move the inputs to the device of its first layer."),
        action="configure",
        rules_out=("a driver, CUDA or GPU fault",),
        never_suggest=("reinstall the driver", "reinstall CUDA", "downgrade torch"),
        sources=("https://github.com/bytedance/Sa2VA/issues/85", "https://github.com/WeihaoTan/TWOSOME/issues/5",
                 CUDA_ENV_VARS),
        checked=CHECKED,
        examples=("frameworks/sa2va-85-tensors-cuda0-cuda6-8gpu-node.txt",
                  "frameworks/twosome-5-tensors-cuda0-cuda1-visible-devices-unset.txt"),
        refines=("frameworks.tensors-on-two-devices",),
    ),
)
