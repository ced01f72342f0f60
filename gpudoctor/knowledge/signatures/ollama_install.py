"""An Ollama or llama.cpp build that does not fit the machine: missing runners and backends, a CPU-only build, CPU
instructions the processor lacks.

Written blind for issue 25 (fifth round). Ollama looks for its runners and ggml backends beside its binary
(lib/ollama under the binary's prefix since 0.5, ollama_runners or a temporary payload before; envconfig's
OLLAMA_RUNNERS_DIR in 0.2 and 0.3 printed "unable to locate llm runner directory" when it found none, and the
scheduler "no suitable llama servers found"). A runner that cannot load a shared library exits with the dynamic
loader's status 127 (Linux) or 0xc0000135 (Windows: ollama.windows-runner-dll-missing). llama-cpp-python, the
other common way to install llama.cpp, compiles a CPU-only build unless CMAKE_ARGS asks for CUDA. A runner built
for vector extensions the CPU lacks (AVX2 before Ollama chose CPU variants at run time, AVX-512 in some builds, or a
VM that hides them) dies at its first such instruction: SIGILL on Linux, STATUS_ILLEGAL_INSTRUCTION (0xc000001d) on
Windows.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LINUX_DOCS = "https://github.com/ollama/ollama/blob/main/docs/linux.md"

INSTALL_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.runners-missing",
        cause_id="ollama-install-incomplete",
        kinds=("any",),
        patterns=(
            r"unable to locate llm runner directory",
            r"no suitable llama servers found",
            r"(?:llama runner|llama-server) process has terminated: exit status 127\b",
            # the server could not start the runner's binary at all (llm/server.go, llm/llama_server.go since 2026)
            r"error starting (?:runner|llama-server): fork/exec (?P<path>\S{1,200}): no such file or directory",
            # ggml's backend loader (ggml-backend-reg.cpp) finding a backend library of another ggml version in Ollama's
            # lib folder: an upgrade extracted over the old libraries (Ollama's Linux docs: remove them first)
            r"failed to initialize backend from (?:[A-Za-z]:)?[^\s:]{0,200}?[/\\]ollama[/\\][^\s:]{1,200}: "
            r"incompatible API version",
            r"failed to find ggml_backend_init in (?:[A-Za-z]:)?[^\s:]{0,200}?[/\\]ollama[/\\]",
            r"ollama_llama_server: error while loading shared libraries: (?P<library>lib(?:ggml|llama)[\w.-]{0,40})",
            # the llama-server era (llm/llama_binary.go, 2026): the server looks for llama-server beside itself
            r"llama-server binary not found \(checked: ",
        ),
        severity="fail",
        cause=("Ollama's installation is incomplete: the runner or the backend libraries its binary loads from beside "
               "itself (lib/ollama) are missing or elsewhere, so no model runner can start."),
        advice=("Reinstall Ollama whole instead of copying its binary: re-run the install script (`curl -fsSL "
                "https://ollama.com/install.sh | sh`) or extract the complete release archive into one prefix "
                "(`sudo tar -C /usr -xzf ollama-linux-amd64.tgz` puts bin/ollama and lib/ollama side by side), after "
                "removing an older release's libraries (`sudo rm -rf /usr/lib/ollama`); if the "
                "libraries must live elsewhere, point the service's LD_LIBRARY_PATH at that lib/ollama. On Windows "
                "reinstall and check the antivirus quarantine for Ollama's runner files."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/6709", "https://github.com/ollama/ollama/issues/7542",
                 "https://github.com/ollama/ollama/issues/11323", LINUX_DOCS),
        checked="2026-11-26",
        examples=("ollama/ollama-6709-runner-directory-missing-reinstall.txt",
                  "ollama/ollama-7542-runner-exit-127-lib-ollama-not-found.txt"),
        refines=("ollama.runner-terminated",), refines_within=None,
    ),
    Signature(
        code="ollama.llama-cpp-python-cpu-build",
        refines=("ollama.llama-cpp-no-layers-requested",), refines_within=None,
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        # llama.cpp's system_info line (before the backend registry, 2023 to mid 2024) and how people quote it:
        # BLAS = 1 when built with cuBLAS, 0 for the CPU build pip compiles by default
        patterns=(r"\bBLAS = 0\b", r"\bBLAS=0\b"),
        severity="warn",
        cause=("This llama.cpp (often llama-cpp-python, which pip builds for the CPU unless told otherwise) was built "
               "without CUDA (BLAS = 0), so n_gpu_layers has no effect and everything runs on the CPU."),
        advice=("Reinstall llama-cpp-python built with CUDA, bypassing pip's cache: `CMAKE_ARGS=\"-DGGML_CUDA=on\" pip "
                "install llama-cpp-python --force-reinstall --upgrade --no-cache-dir` (releases before mid 2024: "
                "-DLLAMA_CUBLAS=on, then -DLLAMA_CUDA=ON; it needs the CUDA toolkit's nvcc, and on Windows the Visual "
                "Studio C++ build tools), or install a prebuilt CUDA wheel (`--extra-index-url "
                "https://abetlen.github.io/llama-cpp-python/whl/cu121`); BLAS = 1 then shows the GPU build."),
        action="configure",
        rules_out=("a driver fault: the library never tried the GPU",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/787",
                 "https://github.com/gokayfem/ComfyUI_VLM_nodes/issues/71",
                 "https://github.com/abetlen/llama-cpp-python/issues/1315",
                 "https://github.com/abetlen/llama-cpp-python#installation-configuration"),
        checked="2026-11-26",
        examples=("ollama/llamacpppython-787-blas-0-after-update-cublas-reinstall.txt",
                  "ollama/comfyui-vlm-71-llava-blas-0-cpu-wheel.txt"),
    ),
    Signature(
        code="ollama.runner-illegal-instruction",
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        patterns=(
            r"(?:llama runner|llama-server) (?:exited with error|process has terminated): signal: illegal instruction",
            r"(?:llama runner|llama-server) process has terminated: exit status 0xc000001d\b",
            r"ollama_llama_server[^\n]{0,200}?signal: illegal instruction",
            # text-generation-webui's llama-server wrapper (modules/llama_cpp_server.py) prints Python's returncode,
            # minus the signal's number: -4 is SIGILL
            r"\bterminated unexpectedly with exit code: -4\b",
        ),
        severity="fail",
        cause=("The model runner executed a CPU instruction this processor (or the VM it runs in) does not have: the "
               "build expects AVX, AVX2 or AVX-512."),
        advice=("Update Ollama to the newest release, which detects the CPU's vector extensions and loads a runner it "
                "supports; in a virtual machine expose the host CPU's features (CPU type \"host\", or enable AVX/AVX2 "
                "passthrough); for llama.cpp build it on this machine (`-DGGML_NATIVE=ON`). Check what the CPU offers "
                "with `grep -o -w 'avx\\|avx2\\|avx512f' /proc/cpuinfo | sort -u`."),
        action="configure",
        rules_out=("a GPU, driver or model-file fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/644", "https://github.com/ollama/ollama/pull/871",
                 "https://github.com/ollama/ollama/issues/6044", "https://github.com/ollama/ollama/issues/4795",
                 "https://github.com/oobabooga/text-generation-webui/blob/main/modules/llama_cpp_server.py"),
        checked="2026-11-26",
        examples=("ollama/ollama-644-illegal-instruction-ivy-bridge-no-avx2.txt",),
        refines=("ollama.runner-terminated",), refines_within=None,
    ),
)

INSTALL_SIGNATURES += (
    Signature(
        code="ollama.ggml-build-nvcc-too-old-for-arch",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc's own refusal of an -arch value it does not know. llama.cpp, whisper.cpp and llamafile build ggml-cuda
        # with -arch=native (Makefiles) or CMAKE_CUDA_ARCHITECTURES=native; nvcc accepts native from 11.6, compute_86
        # from 11.1, sm_89 from 11.8, sm_90 from 12.0, sm_120 from 12.8. The distributions' nvidia-cuda-toolkit (11.5
        # in Ubuntu 22.04) is the usual old nvcc, found first as /usr/bin/nvcc.
        patterns=(r"nvcc fatal\s*: Value '(?P<arch>native|all-major|all|(?:compute|sm|lto)_\d{2,3}[af]?)' is not "
                  r"defined for option 'gpu-architecture'",),
        severity="fail",
        cause=("The nvcc that builds the CUDA code is too old to know the GPU architecture the build asks for "
               "('{arch}'), so the CUDA part (ggml-cuda) is not built."),
        advice=("Install a current CUDA toolkit from NVIDIA and put its nvcc first (`export PATH=/usr/local/cuda/bin:"
                "$PATH`, `nvcc --version` to check; CMake: `-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc`), or, "
                "with this nvcc, name the GPU's architecture instead of native (`-DCMAKE_CUDA_ARCHITECTURES=86` for "
                "compute capability 8.6, from `nvidia-smi --query-gpu=compute_cap --format=csv`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/whisper.cpp/issues/876", "https://github.com/mozilla-ai/llamafile/issues/56",
                 "https://github.com/ggml-org/llama.cpp/issues/1803",
                 "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#gpu-architecture-arch"),
        checked="2026-11-26",
        examples=("ollama/whispercpp-876-nvcc-11-5-rejects-arch-native.txt",
                  "ollama/llamafile-56-nvcc-arch-native-not-defined.txt"),
    ),
)

INSTALL_SIGNATURES += (
    Signature(
        code="ollama.cmake-cuda-compiler-unusable",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # CMake's CMakeDetermineCUDACompiler when enable_language(CUDA) (llama.cpp's GGML_CUDA / LLAMA_CUBLAS, and
        # llama-cpp-python, node-llama-cpp building it) cannot compile a test program with the nvcc it found: none on
        # PATH or CUDACXX, or one that fails (a toolkit without its compiler, a host compiler it refuses)
        # CMake's own line before that error (and before "No CMAKE_CUDA_COMPILER could be found", "CUDA_ARCHITECTURES
        # is empty"): it prints it only when enable_language(CUDA) could not identify the compiler (w40c)
        patterns=(r"Failed to detect a default CUDA architecture", r"The CUDA compiler identification is unknown\b"),
        severity="fail",
        cause=("CMake could not run a working CUDA compiler (nvcc) while configuring the CUDA build: none is installed "
               "or on PATH, or the one it found fails to compile."),
        advice=("Install the CUDA toolkit with its compiler and point the build at it: `export CUDACXX=/usr/local/cuda/"
                "bin/nvcc` (or `-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc` in CMAKE_ARGS) and check that `nvcc "
                "--version` runs; then rebuild (for llama-cpp-python with `--no-cache-dir --force-reinstall`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/205", "https://github.com/ggml-org/llama.cpp/issues/3459",
                 "https://github.com/withcatai/node-llama-cpp/issues/22",
                 "https://cmake.org/cmake/help/latest/envvar/CUDACXX.html"),
        checked="2026-11-26",
        examples=("ollama/llama-cpp-python-205-cmake-no-default-cuda-arch.txt",),
    ),
    Signature(
        code="ollama.cmake-native-arch-without-gpu",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # CMake 3.24+ resolves CUDA_ARCHITECTURES=native from the GPUs it sees at configure time (llama.cpp's default
        # with GGML_NATIVE); a Docker build, a CI runner or a build host without a GPU sees none
        patterns=(r"CUDA_ARCHITECTURES is set to \"native\", but no GPU was detected",),
        severity="fail",
        cause=("The CUDA build asks for the architectures of the GPUs present (native), and none is visible where it "
               "builds (a Docker build, a CI runner, a build host without a GPU)."),
        advice=("Name the architectures to build for instead of native: `-DCMAKE_CUDA_ARCHITECTURES=86` (or a list such "
                "as \"75;86;89\", or all-major) in the cmake command or CMAKE_ARGS, and for llama.cpp also "
                "`-DGGML_NATIVE=OFF`; `nvidia-smi --query-gpu=compute_cap --format=csv` on the target machine gives the "
                "number."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/403",
                 "https://cmake.org/cmake/help/latest/prop_tgt/CUDA_ARCHITECTURES.html"),
        checked="2026-11-26",
        examples=("ollama/llama-cpp-python-403-native-arch-docker-build-no-gpu.txt",),
    ),
)

INSTALL_SIGNATURES += (
    Signature(
        code="ollama.llama-cpp-option-unknown",
        cause_id="vllm-option-other-release",
        kinds=("any",),
        # llama.cpp's common argument parser (common/arg.cpp): an option this build does not know ("error: invalid
        # argument: X") or a value it does not accept for one it knows ("error while handling argument \"X\": ...", as
        # --flash-attn became on|off|auto in 2025); the parsers before common/arg.cpp (examples/server, main) printed
        # "error: unknown argument: X"; a bare word there ("invalid argument: on") is a value given to an option this
        # build takes without one (a front end passing `--flash-attn on` to a llama-server from before on|off|auto)
        patterns=(r"error: (?:invalid|unknown) argument: (?P<option>-{0,2}[\w.-]{1,40})",
                  r"error while handling argument \"(?P<option>-{1,2}[\w-]{1,40})\"",),
        severity="fail",
        cause=("This llama.cpp build does not accept {option} as given: the option or its value comes from another "
               "release (the binary that runs is older or newer than the guide or the front end that starts it), or it "
               "is misspelt."),
        advice=("Check which llama.cpp binary runs and its release (`which llama-server`, `llama-server --version`; an "
                "older copy from another package can shadow the current one), and spell the option as that release's "
                "`llama-server --help` lists it (-ngl or --n-gpu-layers, -fa on|off|auto in current releases); update "
                "llama.cpp for options newer than the build; a front end that ships its own llama-server "
                "(text-generation-webui) needs its bundled llama.cpp updated with it, by its own update script."),
        action="configure",
        rules_out=("a GPU or driver fault: nothing started",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.vim/issues/36", "https://github.com/ggml-org/llama.cpp/issues/23739",
                 "https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md"),
        checked="2026-11-26",
        examples=("ollama/llama-vim-36-llama-server-invalid-argument-hf-old-build.txt",),
    ),
)
