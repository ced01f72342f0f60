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

# Where a missing cuDNN library is looked for, by the name the loader printed (frameworks.cudnn-library-missing's
# {cudnn_where}): a Linux soname (libcudnn*.so.N) or a Windows DLL (cudnn*64_N.dll). Checked 2026-11-27 against NVIDIA's
# cuDNN install guides and the threads the row cites (WSL: the driver's libcuda.so lives only in /usr/lib/wsl/lib;
# Windows: Python 3.8+ and the Microsoft Store's sandboxed Python do not take DLLs from PATH for an extension).
_CUDNN_LINUX = (
    "On Linux: `sudo apt install libcudnn8` (cuDNN 8; libcudnn9-cuda-12 for 9) or `pip install nvidia-cudnn-cu11` "
    "(nvidia-cudnn-cu12 for CUDA 12); where that file is already installed (`find / -name` it: pip's "
    "site-packages/nvidia/cudnn/lib, torch/lib), add its folder to LD_LIBRARY_PATH. Under WSL 2, where the cuDNN file "
    "is there and still fails to load, it is the libcuda.so it loads that the loader misses (WSL keeps it only in "
    "/usr/lib/wsl/lib): `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`.")
_CUDNN_WINDOWS = (
    "On Windows, where `Error code 126` names a cuDNN 8 DLL that is there (`where cudnn_cnn_infer64_8.dll`), the DLL it "
    "depends on is missing: cuDNN 8.3+ needs zlib, so put the 64-bit zlibwapi.dll into CUDA's bin folder or another PATH "
    "folder. NVIDIA's cuDNN 9 installer puts the DLLs in a folder per CUDA major, "
    "C:\\Program Files\\NVIDIA\\CUDNN\\v9.x\\bin\\12.x (\\x64 below it in newer releases), and PATH lookups do not "
    "search below the bin folder: find the DLL (`where /r \"C:\\Program Files\\NVIDIA\\CUDNN\" cudnn_ops64_9.dll`), add "
    "the folder that holds it to PATH and open a new shell (a Python program may also need "
    "`os.add_dll_directory(<that folder>)`), or `pip install nvidia-cudnn-cu12` into its environment. Where the DLL is in "
    "a PATH folder and a Microsoft Store Python still cannot locate it, that sandboxed Python is the cause: install "
    "Python from python.org (or use conda) and the package into it. A standalone program (a packaged .exe such as "
    "Faster-Whisper-XXL or whisper-standalone-win) looks first in its own folder: put the cuDNN (and cuBLAS) DLLs it "
    "names beside the .exe.")
CUDNN_MISSING_WHERE = (("lib", _CUDNN_LINUX), ("cudnn", _CUDNN_WINDOWS))
CUDNN_MISSING_WHERE_DEFAULT = _CUDNN_LINUX
