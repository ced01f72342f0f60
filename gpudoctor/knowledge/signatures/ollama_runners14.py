"""Frequent GPU failures of the local-LLM runners beside Ollama (llama.cpp and its bindings, KoboldCpp,
text-generation-webui, LM Studio, LocalAI and the rest), read in the words of the libraries they build on and run.

Written blind (issue 25, fourteenth wave). Registered in signatures/__init__.py's catalogue beside the area modules.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.cuda-math-headers-older-than-glibc",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc's host pass (EDG front end) on a glibc that declares the C23 half-cycle and reciprocal-root functions
        # noexcept (glibc 2.41: sinpi, cospi and their float forms; 2.42/2.43: rsqrt, rsqrtf), against CUDA headers
        # that declare them without it: llama.cpp, llama-cpp-python, KoboldCpp, NCCL, OpenCV and the CUDA samples
        # print it on Ubuntu 25.04+, Fedora 42+, Debian 13, Arch and openSUSE Tumbleweed. nvcc wraps its messages at
        # 80 columns, so the stable part is the second half of the sentence with the function's name.
        patterns=(r"specification is incompatible with that of previous function "
                  r"\"(?P<function>(?:cos|sin)pif?|rsqrtf?)\"",
                  # the same message wrapped before the function's name: its line then starts with it
                  r"\"(?P<function>(?:cos|sin)pif?|rsqrtf?)\"\s{0,4}\(declared at line \d+ of"),
        severity="fail",
        cause=("The CUDA toolkit's headers are older than this system's C library: glibc (2.41 and newer) declares "
               "{function} noexcept, CUDA's crt/math_functions.h declares it without, and nvcc stops on the "
               "conflict in every CUDA source file, so the CUDA build (llama.cpp, llama-cpp-python, KoboldCpp or "
               "any other) fails whatever gcc is used. The driver and GPU are not involved."),
        advice=("Make the CUDA headers match this glibc, then rebuild without the cache. Quickest: NVIDIA's forum "
                "patch, adding `noexcept (true)` to the declarations the error names (sinpi, sinpif, cospi, cospif; "
                "rsqrt, rsqrtf) in the toolkit's targets/x86_64-linux/include/crt/math_functions.h. Or install the "
                "newest CUDA toolkit (13.2 declares rsqrt to match), or build inside an older distribution's "
                "container (e.g. nvidia/cuda:12.8.1-devel-ubuntu24.04), or skip the build: llama.cpp's release "
                "binaries or Docker image, a prebuilt llama-cpp-python CUDA wheel. A different gcc does not help."),
        action="configure",
        rules_out=("a driver fault", "a host compiler too new for nvcc"),
        never_suggest=("reinstall the driver", "update the driver", "-allow-unsupported-compiler"),
        sources=("https://forums.developer.nvidia.com/t/error-exception-specification-is-incompatible-for-cospi-"
                 "sinpi-cospif-sinpif-with-glibc-2-41/323591",
                 "https://github.com/opencv/opencv/issues/27111", "https://github.com/NVIDIA/cuda-samples/issues/378",
                 "https://offlinew.com/q/q/4098705818", "https://github.com/LostRuins/koboldcpp/issues/1521",
                 "https://github.com/NVIDIA/nccl/issues/1700"),
        checked="2026-11-26",
        examples=("wheels/opencv-27111-cuda-math-functions-cospi-glibc-241.txt",
                  "wheels/devuan-cuda-131-rsqrt-noexcept-glibc.txt",
                  "wheels/cuda-samples-378-cospi-sinpi-ubuntu-2504.txt"),
    ),
    Signature(
        code="wheels.nvcc-pre-turing-arch-refused",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc's refusal of a Maxwell, Pascal or Volta target (compute_50 to compute_72). CUDA 13.0 removed offline
        # compilation for every architecture below 7.5, so in 2025-2026 this is nearly always a CUDA 13 nvcc with a
        # build (llama.cpp's and KoboldCpp's older defaults, the CUDA samples, a PyTorch extension) that still lists
        # them, or a GTX 9xx/10xx, Titan V or V100 owner building with CUDA 13; a toolkit older than the GPU (CUDA 8
        # for compute_70) prints the same line, so the advice tells them apart with `nvcc --version`.
        patterns=(r"nvcc fatal\s{0,4}: Unsupported gpu architecture '(?P<arch>(?:compute|sm)_(?:5[0-3]|6[0-2]|7[02]))'",),
        severity="fail",
        cause=("nvcc refused to build for {arch}, a Maxwell, Pascal or Volta architecture: CUDA 13 and newer no "
               "longer compile for GPUs below compute capability 7.5, while the build still asks for it (an older "
               "default architecture list, or a GPU of that generation); only a very old nvcc, older than the GPU, "
               "refuses it for the opposite reason."),
        advice=("Run `nvcc --version` and `nvidia-smi --query-gpu=compute_cap --format=csv`. With CUDA 13 or newer and "
                "a GPU of 7.5 or newer (RTX 20xx and later): build only for this GPU, `-DCMAKE_CUDA_ARCHITECTURES=native` "
                "(or its number, e.g. 86; TORCH_CUDA_ARCH_LIST for PyTorch extensions) in a fresh build folder, or "
                "update the project to a release whose default list fits CUDA 13. With a GPU below 7.5 (GTX 9xx/10xx, "
                "Titan V, V100, P40): build with a CUDA 12 toolkit instead (e.g. `sudo apt install cuda-toolkit-12-9`, "
                "then `-DCMAKE_CUDA_COMPILER=/usr/local/cuda-12.9/bin/nvcc`) or use the project's CUDA 12 release or "
                "image; the 580 driver still runs these GPUs. With an nvcc older than 9 (release 8.x or before): "
                "install a current CUDA toolkit and put its bin folder first on PATH."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        refines=("wheels.nvcc-unsupported-gpu-architecture",),
        sources=("https://github.com/NVIDIA/cuda-samples/issues/382", "https://github.com/mudler/LocalAI/issues/9948",
                 "https://github.com/LostRuins/koboldcpp/issues/1758", "https://github.com/I2PC/xmipp3/pull/1074",
                 "https://github.com/docker/model-runner/pull/986",
                 "https://developer.nvidia.com/blog/navigating-gpu-architecture-support-a-guide-for-nvidia-cuda-developers/"),
        checked="2026-11-26",
        examples=("wheels/cuda-samples-382-cuda-13-drops-compute-50-60.txt",),
    ),
    Signature(
        code="ollama.textgen-webui-no-gpu-detected",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # text-generation-webui's own start-up warning when torch sees no GPU (modules/models.py and later
        # modules/transformers_loader.py): "Warning: no GPU has been detected." with "Falling back to CPU mode." on the
        # next line (early 2023), then "torch.cuda.is_available() returned False. This means that no GPU has been
        # detected. Falling back to CPU mode.", and since late 2023 "... and is_xpu_available() returned False. ...".
        patterns=(r"is_available\(\)(?: and is_xpu_available\(\))? returned False\. This means that no GPU has been "
                  r"detected",
                  r"Warning: no GPU has been detected\."),
        severity="warn",  # on a machine meant to run on the CPU the web UI prints it too
        cause=("text-generation-webui's PyTorch sees no GPU, so it loads the model on the CPU (slowly): almost always "
               "the environment holds a CPU-only torch (the CPU option chosen at install, a later pip install that "
               "replaced torch, or another Python's torch found first), less often a driver that does not answer."),
        advice=("Check the web UI's own environment: open it with cmd_windows.bat (cmd_linux.sh, cmd_macos.sh) and run "
                "`python -c \"import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())\"`. "
                "A version ending in +cpu (or CUDA None) is a CPU-only torch: delete the installer_files folder and run "
                "start_windows.bat (start_linux.sh) again, answering NVIDIA to the GPU question, or in that environment "
                "`pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/cu128` (the CUDA "
                "build its requirements name). If torch is a CUDA build and still answers False, check the driver "
                "with `nvidia-smi`."),
        action="configure",
        rules_out=("a model or loader setting",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/oobabooga/text-generation-webui/issues/100",
                 "https://github.com/oobabooga/text-generation-webui/issues/133",
                 "https://github.com/oobabooga/text-generation-webui/issues/310",
                 "https://github.com/oobabooga/text-generation-webui/blob/main/modules/transformers_loader.py"),
        checked="2026-11-26",
        examples=("ollama/textgen-100-no-gpu-detected-cpu-torch-first.txt",
                  "ollama/textgen-133-no-gpu-detected-reinstall-torch.txt"),
    ),
    Signature(
        code="ollama.windows-shell-env-prefix-refused",
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        # The build instructions of llama-cpp-python, llama.cpp, KoboldCpp and others set a variable for one command
        # the POSIX way (`CMAKE_ARGS="-DGGML_CUDA=on" pip install ...`); Windows' CMD reads the variable name as a
        # program ("'X' is not recognized as an internal or external command") and PowerShell the whole assignment
        # ("The term 'X=...' is not recognized as the name of a cmdlet", PowerShell 7: "as a name of a cmdlet"), so the
        # variable is never set and a later plain install builds for the CPU.
        patterns=(r"'(?P<var>CMAKE_ARGS|FORCE_CMAKE|CUDACXX|GGML_CUDA|LLAMA_CUBLAS|LLAMA_CUDA|CUDA_DOCKER_ARCH)' is not "
                  r"recognized as an internal or external command",
                  r"The term '(?P<var>CMAKE_ARGS|FORCE_CMAKE|CUDACXX|GGML_CUDA|LLAMA_CUBLAS|LLAMA_CUDA)=[^'\n]{0,200}' is not "
                  r"recognized as (?:the|a) name of a cmdlet"),
        severity="fail",
        cause=("The Linux form `{var}=... command` does not set a variable on Windows: the shell took {var} for a "
               "command and stopped, so the CUDA build option never reached the build, and a llama-cpp-python (or "
               "llama.cpp) installed without it runs on the CPU only."),
        advice=("Set the variable on its own line the Windows way, then run the install as a separate command. "
                "PowerShell: `$env:CMAKE_ARGS=\"-DGGML_CUDA=on\"` then `pip install llama-cpp-python --force-reinstall "
                "--no-cache-dir`; CMD: `set CMAKE_ARGS=-DGGML_CUDA=on` (no quotes) then the same pip command. The "
                "build needs the CUDA toolkit and Visual Studio's C++ build tools; a prebuilt CUDA wheel (`pip install "
                "llama-cpp-python --extra-index-url https://abetlen.github.io/llama-cpp-python/whl/cu124`) needs "
                "neither. `python -c \"import llama_cpp; print(llama_cpp.llama_print_system_info())\"` then lists CUDA."),
        action="configure",
        rules_out=("a driver fault", "a GPU too old for CUDA"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/2068",
                 "https://github.com/abetlen/llama-cpp-python#installation-configuration",
                 "https://github.com/zylon-ai/private-gpt/issues/1291"),
        checked="2026-11-26",
        examples=("ollama/llama-cpp-python-2068-cmake-args-not-recognized-cmd.txt",),
    ),
    Signature(
        code="ollama.ktransformers-extension-not-built",
        cause_id="ktransformers-extension-not-built",
        kinds=("any",),
        # ktransformers imports its compiled modules at start-up: KTransformersOps (util/custom_gguf.py, the CUDA ops)
        # and cpuinfer_ext (operators/cpuinfer.py, the CPU experts); install.sh (or `pip install -e .` with its build
        # requirements) compiles them into the Python that runs it.
        patterns=(r"No module named '(?P<module>KTransformersOps|cpuinfer_ext)'",),
        severity="fail",
        cause=("ktransformers cannot import {module}, one of its own compiled extensions: it was never built, the build "
               "failed, or the Python running ktransformers is not the one the build installed into (another conda "
               "environment, or a source checkout run without building)."),
        advice=("Build the extensions into the environment that runs ktransformers: activate it, check `pip show "
                "ktransformers` and `python -c \"import torch; print(torch.__version__, torch.version.cuda)\"`, then "
                "from the source checkout run `git submodule update --init --recursive` and `bash install.sh` (its "
                "first error, often nvcc or a missing build dependency, is the real fault), or install the "
                "ktransformers wheel built for this Python, torch and CUDA from its releases page. Start it from "
                "outside the source folder so the built package is the one imported."),
        action="configure",
        rules_out=("a driver fault", "a GPU fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/kvcache-ai/ktransformers/issues/544",
                 "https://github.com/kvcache-ai/ktransformers/issues/1035",
                 "https://github.com/kvcache-ai/ktransformers/issues/870"),
        checked="2026-11-26",
        examples=("ollama/ktransformers-544-ktransformersops-not-built.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-tokens-over-n-batch",
        cause_id="llama-cpp-batch-exceeds-n-batch",
        kinds=("any",),
        # llama.cpp's decode asserts that one batch holds no more tokens than the context's n_batch: "n_tokens <=
        # n_batch" (llama.cpp of 2023, as GGML_ASSERT: file:line: ...), then GGML_ASSERT(n_tokens_all <=
        # cparams.n_batch) failed (2024); bindings and frameworks that feed a whole prompt at once (guidance,
        # LangChain's LlamaCpp, llama-cpp-python callers) hit it with prompts longer than n_batch (512 by default).
        patterns=(r"\bn_tokens(?:_all)? <= (?:cparams\.)?n_batch\b",),
        severity="fail",
        cause=("A program handed llama.cpp more prompt tokens in one batch than the context's n_batch (512 unless set), "
               "and llama.cpp aborted on its assert: the model or GPU is fine, the batch size is too small for the "
               "prompt."),
        advice=("Give the context an n_batch as large as the longest prompt, up to n_ctx: llama-cpp-python "
                "`Llama(model_path, n_ctx=4096, n_batch=4096)` (with n_ubatch as large for embedding models), "
                "LangChain's LlamaCpp(n_batch=...), guidance's LlamaCpp(..., n_batch=n_ctx), llama-server `-b 4096 -ub "
                "4096`, other front-ends' batch-size option raised together with their context size; or update the "
                "binding or framework, whose newer releases split long prompts into batches. A larger n_batch makes "
                "the compute buffer larger; lower it again if the model then no longer fits the GPU."),
        action="configure",
        rules_out=("a driver fault", "a damaged model file"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/guidance-ai/guidance/issues/435",
                 "https://github.com/langchain-ai/langchain/pull/17594",
                 "https://github.com/abetlen/llama-cpp-python/issues/1762"),
        checked="2026-11-26",
        examples=("ollama/guidance-435-llama-cpp-n-tokens-over-n-batch.txt",),
    ),
    Signature(
        code="ollama.windows-build-no-visual-studio",
        cause_id="c-compiler-missing",
        kinds=("any",),
        # A source build on Windows (pip building llama-cpp-python, KoboldCpp's or llama.cpp's CMake) finding no
        # Visual Studio with its C++ tools: scikit-build's verdict after trying every generator, and CMake's own
        # words for a Visual Studio generator whose installation is missing (only VS Code, only Visual Studio 2026
        # while the build names "Visual Studio 17 2022", or Build Tools without the C++ workload).
        patterns=(r"scikit-build could not get a working generator for your system",
                  r"could not find any instance of Visual Studio\."),
        severity="fail",
        cause=("The build needs Microsoft's C/C++ compiler (MSVC) and found no Visual Studio installation that "
               "provides it, so the package (llama-cpp-python or another native one) could not be compiled: Visual "
               "Studio is not installed (Visual Studio Code is another program), lacks the C++ workload, or is not "
               "the release the build asks for."),
        advice=("Install the Visual Studio 2022 Build Tools with the \"Desktop development with C++\" workload (MSVC "
                "and the Windows SDK), open a new shell (or the x64 Native Tools Command Prompt) and run the install "
                "again. If Visual Studio 2026 is installed and the build asks for \"Visual Studio 17 2022\", install the "
                "2022 Build Tools beside it or let CMake pick the installed one (unset CMAKE_GENERATOR, or use Ninja "
                "from the Native Tools prompt). For llama-cpp-python a prebuilt wheel needs no compiler: `pip install "
                "llama-cpp-python --extra-index-url https://abetlen.github.io/llama-cpp-python/whl/cu124`."),
        action="configure",
        rules_out=("a driver fault", "a GPU fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/badgids/OpenKlyde/issues/1",
                 "https://github.com/abetlen/llama-cpp-python/issues/54",
                 "https://github.com/abetlen/llama-cpp-python/issues/233",
                 "https://github.com/nathaninline/ajean/issues/73"),
        checked="2026-11-26",
        examples=("ollama/openklyde-1-scikit-build-generator-failed.txt",),
    ),
)
