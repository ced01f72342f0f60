"""llama.cpp given a model it cannot open, a split over GPUs or a GPU architecture its build lacks, host memory it
cannot pin.

Written blind for issue 25 (round three of the row writers). llama.cpp's loader opens the GGUF with fopen and, when
that fails, gguf_init_from_file prints "failed to open GGUF file '<path>'" (ggml/src/gguf.cpp; "failed to open
'<path>': '<strerror>'" before 2025, the errno appended again from 2026); llama-server then suggests reducing
--n-gpu-layers, which has nothing to do with a file it could not open. A split GGUF names its other parts beside the
first ("failed to load GGUF split from"). llama-cpp-python checks the path itself first ("Model path does not
exist", llama_cpp/llama.py). Its tensor_split is refused when longer than llama_max_devices(), which llama.cpp
answers with 1 when it was built without a GPU backend (include/llama.h, LLAMA_MAX_DEVICES before 2024). ggml
names a kernel that has no device code for the GPU's architecture in the build (NO_DEVICE_CODE), and warns when CUDA
will not pin the host buffers it asks for (ggml_cuda_host_malloc), which WSL 2 limits.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LLAMA_CPP_PYTHON_INSTALL = "https://github.com/abetlen/llama-cpp-python#installation-configuration"

PATH_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.llama-cpp-python-max-devices-one",
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        patterns=(
            r"Attempt to split tensors that exceed maximum supported devices\. Current LLAMA_MAX_DEVICES=1\b",
            # before 0.2.12 (llama-cpp-python PR 820) the same overflow of the one-device tensor_split array
            r"Could not load Llama model from path: [^\n]{1,300}?\. Received error invalid index\b",
        ),
        severity="fail",
        cause=("The llama.cpp that llama-cpp-python loaded has no GPU backend (it counts one device, the CPU), so a "
               "tensor_split over several GPUs is refused."),
        advice=("Reinstall llama-cpp-python built with CUDA, bypassing pip's cache: `CMAKE_ARGS=\"-DGGML_CUDA=on\" pip "
                "install llama-cpp-python --force-reinstall --upgrade --no-cache-dir` (before mid 2024: "
                "-DLLAMA_CUBLAS=on), or a prebuilt CUDA wheel (`--extra-index-url "
                "https://abetlen.github.io/llama-cpp-python/whl/cu121`); `python -c \"import llama_cpp; "
                "print(llama_cpp.llama_supports_gpu_offload())\"` must then print True."),
        action="configure",
        rules_out=("a driver fault: the library never tried the GPUs", "too many GPUs for llama.cpp"),
        never_suggest=("reinstall the driver", "update the driver", "set LLAMA_MAX_DEVICES"),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/1692",
                 "https://github.com/abetlen/llama-cpp-python/pull/820", LLAMA_CPP_PYTHON_INSTALL),
        checked="2026-11-26",
        examples=("ollama/llamacpppython-1692-two-3090-max-devices-1.txt",
                  "ollama/llama-cpp-python-820-tensor-split-invalid-index.txt"),
    ),
    Signature(
        code="ollama.gguf-file-cannot-open",
        cause_id="model-path-not-found",
        kinds=("any",),
        patterns=(
            r"gguf_init_from_file: failed to open (?:GGUF file )?'(?P<path>[^'\n]{1,400})'",
            r"failed to load GGUF split from (?P<path>\S{1,400})",
            # llama_file's constructor before GGUF (2023) and llama-cpp-python's own check
            r"error loading model: failed to open (?P<path>\S{1,400}): No such file or directory",
            r"Model path does not exist: (?P<path>\S{1,400})",
        ),
        severity="fail",
        cause=("llama.cpp could not open the model file {path}: no file is there for the process that runs it (a "
               "wrong or relative path, a directory a service or container does not see, a missing part of a split "
               "GGUF)."),
        advice=("Check the exact path as the user (or in the container) that runs llama.cpp: `ls -l` on it must show "
                "the .gguf file; pass the full path (relative ones resolve against the working or --models-dir "
                "directory), mount the directory into the container, and for a split GGUF download every part into "
                "the same directory and name the first. The model's size and GPU layers are not the problem."),
        action="configure",
        rules_out=("GPU memory: the file was never read", "a corrupt model file"),
        never_suggest=("reduce n-gpu-layers", "reinstall the driver", "download the model again"),
        sources=("https://github.com/ggml-org/llama.cpp/pull/18884", "https://github.com/ggml-org/llama.cpp/issues/15164",
                 "https://github.com/mostlygeek/llama-swap/issues/204"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-18884-llama-server-gguf-open-errno.txt",
                  "ollama/llamacpp-15164-kimi-split-2-not-found.txt"),
    ),
)

PATH_SIGNATURES += (
    Signature(
        code="ollama.ggml-no-device-code-for-arch",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # ggml's NO_DEVICE_CODE (ggml-cuda/common.cuh, since January 2024: the kernel, the arch that ran and
        # __CUDA_ARCH_LIST__), and the assert it replaced (December 2023 to January 2024 builds: koboldcpp 1.55)
        patterns=(
            r"ERROR: CUDA kernel (?P<kernel>\w{1,80}) has no device code compatible with CUDA arch (?P<arch>\d{3,4})\."
            r"(?: ggml-cuda\.cu was compiled for: (?P<compiled>[\d,]{1,80}))?",
            r"ggml-cuda was compiled without support for the current GPU architecture",
        ),
        severity="fail",
        cause=("This ggml build (llama.cpp, Ollama, koboldcpp, llamafile and the tools that bundle them) has no kernel "
               "code for this GPU's architecture: the code it fell back to lacks what the kernel needs."),
        advice=("Use a build compiled for this GPU's compute capability: update to a release that lists it, or build "
                "from source with -DCMAKE_CUDA_ARCHITECTURES set to it (e.g. 61 for a GTX 10xx, 86 for an RTX 30xx, "
                "120 for an RTX 50xx; `nvidia-smi --query-gpu=compute_cap --format=csv` shows it) or native; with "
                "KoboldCpp, try its other CUDA build of the same release (koboldcpp_cu12, or the one for older CUDA "
                "and GPUs). Where the kernel is a flash_attn one, turning flash attention off avoids it "
                "until then; otherwise run the model with 0 GPU layers."),
        action="configure",
        rules_out=("a driver fault", "a broken model file"),
        never_suggest=("reinstall the driver", "update the driver", "download the model again"),
        sources=("https://github.com/ggml-org/llama.cpp/pull/5088", "https://github.com/qualcomm/GenieX/issues/419",
                 "https://github.com/mozilla-ai/llamafile/issues/434", "https://github.com/LostRuins/koboldcpp/issues/610",
                 "https://github.com/LostRuins/koboldcpp/issues/1579", "https://github.com/SillyTavern/SillyTavern-Launcher/pull/106"),
        checked="2026-11-27",
        examples=("ollama/geniex-419-sdcpp-mmq-arch-520-only.txt", "ollama/llamafile-434-no-device-code-pascal.txt",
                  "ollama/koboldcpp-1579-oldcpu-1921-flash-attn-no-code-arch-750.txt",
                  "ollama/stlauncher-106-koboldcpp-exe-not-cu12-flash-attn-arch-750.txt"),
    ),
)

PATH_SIGNATURES += (
    Signature(
        code="ollama.ggml-pinned-memory-refused",
        refines=("ollama.cuda-out-of-memory",),
        refines_within=None,
        cause_id="pinned-memory-limited",
        kinds=("any",),
        # ggml_cuda_host_malloc's warning (2024 on), and the WARNING of 2023's ggml-cuda.cu; llama.cpp then uses
        # ordinary memory, which builds of spring 2023 did not do under WSL (they failed with out of memory)
        patterns=(r"failed to allocate (?P<size>[\d.,]{1,12} Mi?B) of pinned memory: (?P<error>[\w ]{1,40})",),
        severity="warn",
        cause=("CUDA refused to pin (page-lock) {size} of host memory for llama.cpp ({error}): WSL 2 limits pinned "
               "memory, as does a low memlock limit; llama.cpp then uses ordinary memory (slower copies) or, in "
               "older builds, fails."),
        advice=("Turn pinned memory off for llama.cpp: `export GGML_CUDA_NO_PINNED=1` before starting it (Ollama, "
                "koboldcpp and llama-cpp-python pass it on); under WSL 2 this is a documented CUDA limit, so native "
                "Linux avoids it. Fewer GPU layers do not help: this is host memory."),
        action="configure",
        rules_out=("GPU memory: the buffer is in host memory",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/229", "https://github.com/ggml-org/llama.cpp/issues/1735",
                 "https://github.com/ggml-org/llama.cpp/pull/1594",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html#known-limitations-for-linux-cuda-applications"),
        checked="2026-11-26",
        examples=("ollama/llamacpppython-229-wsl-pinned-memory-oom.txt",),
    ),
)
