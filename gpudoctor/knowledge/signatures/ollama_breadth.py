"""More of what Ollama, llama.cpp and the apps built on them hit: files that are not models, and more.

Written blind for issue 25 (sixth wave of row writers). llama.cpp's loader prints how many tensors a GGUF holds
("llama_model_loader: loaded meta data with N key-value pairs and M tensors from PATH", src/llama-model-loader.cpp);
the vocabulary files its source tree ships for tokenizer tests (models/ggml-vocab-*.gguf) hold none, and people who
take them for models get a missing-tensor error (check_tensor_dims, create_tensor) that reads like a newer format.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")

BREADTH_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.gguf-vocab-only-file",
        cause_id="gguf-vocab-only",
        kinds=("any",),
        patterns=(
            # a loader or a wrapper naming one of llama.cpp's vocabulary test files in its failure
            r"(?:[Ff]ailed to load|[Cc]ould not load|[Ee]rror loading|unable to load)[^\n]{0,200}?"
            r"(?P<path>ggml-vocab-[\w.-]{1,40}\.gguf)",
            # the loader's own count: a GGUF without a single tensor is a vocabulary, not a model
            r"key-value pairs and 0 tensors from (?P<path>\S{1,300}\.gguf)",
        ),
        severity="fail",
        cause=("The file given as the model ({path}) is a vocabulary-only GGUF (llama.cpp's tokenizer test files): "
               "it has no weights, so loading stops at the first missing tensor."),
        advice=("Download a real GGUF model (the weights, e.g. a Q4_K_M GGUF from the model's Hugging Face page) and "
                "point the model path at it; the models/ggml-vocab-*.gguf files in llama.cpp's source tree are "
                "tokenizer test data, not models."),
        action="configure",
        rules_out=("a GPU or driver fault", "an outdated llama.cpp"),
        never_suggest=_NEVER_DRIVER + ("upgrade llama.cpp",),
        sources=("https://github.com/ggml-org/llama.cpp/issues/7729", "https://github.com/nomic-ai/gpt4all/issues/2458"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-7729-ggml-vocab-gpt2-gguf-as-model.txt",),
        refines=("ollama.model-tensor-not-found",),
    ),
    Signature(
        code="ollama.koboldcpp-backend-dll-failed",
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        # koboldcpp.py's init_library loading its backend DLL from the PyInstaller folder (%TEMP%\_MEI...): WinError
        # 1114 (the DLL's start-up failed) above this line on CPUs without AVX2, the default builds' baseline
        patterns=(
            r"Failed to load dynlib/dll '[^'\n]{0,300}?(?P<library>koboldcpp_(?:cublas|clblast|vulkan|hipblas)\w{0,20}\.dll)'",
            r"Could not find module '[^'\n]{0,300}?(?P<library>koboldcpp_(?:cublas|clblast|vulkan|hipblas)\w{0,20}\.dll)' "
            r"\(or one of its dependencies\)",
        ),
        severity="fail",
        cause=("koboldcpp could not load its GPU backend library ({library}): the default Windows builds need a CPU "
               "with AVX2, and on an older CPU the library fails as it starts (WinError 1114); an antivirus that "
               "quarantines files in the %TEMP%\\_MEI folder fails the same way."),
        advice=("Run the build made for this CPU: relaunch with --noavx2 or use koboldcpp_oldcpu.exe on a CPU without "
                "AVX2 (check with CPU-Z or `wmic cpu get name`); if the CPU has AVX2, allow koboldcpp in the antivirus "
                "or try the Vulkan backend (--usevulkan)."),
        action="configure",
        rules_out=("the NVIDIA driver", "GPU memory"),
        never_suggest=_NEVER_DRIVER + ("install the CUDA toolkit",),
        sources=("https://github.com/LostRuins/koboldcpp/issues/42", "https://github.com/LostRuins/koboldcpp/issues/1555",
                 "https://github.com/LostRuins/koboldcpp/issues/599", "https://github.com/LostRuins/koboldcpp/issues/785"),
        checked="2026-11-26",
        examples=("ollama/koboldcpp-42-cublas-dll-winerror-1114-old-cpu.txt",),
    ),
    Signature(
        code="ollama.ggml-cuda-os-call-refused-in-container",
        cause_id="container-seccomp-blocks-cuda",
        kinds=("any",),
        # cudaErrorOperatingSystem (304) as ggml-cuda's CUDA_CHECK prints it (the older "CUDA error 304 at FILE:LINE"
        # and the current "CUDA error: ..." line), in a text that shows a container (gpudoctor/knowledge/contexts.py)
        patterns=(
            r"CUDA error 304 at \S{0,300}ggml-cuda\.cu:\d+: OS call failed or operation not supported on this OS",
            r"CUDA error: OS call failed or operation not supported on this OS",
            # the same error when ggml's CUDA backend initialises (ggml_cuda_init's cudaGetDeviceCount)
            r"ggml_cuda_init: failed to initialize CUDA: OS call failed or operation not supported on this OS",
        ),
        contexts=("container",),
        severity="fail",
        cause=("Inside the container a CUDA call failed with error 304 (cudaErrorOperatingSystem): an operating-system "
               "call the CUDA runtime makes was refused, most often by the container's seccomp profile."),
        advice=("Start the container with `--security-opt seccomp=unconfined` (or a seccomp profile that allows the "
                "call; a newer Docker and libseccomp also fix it); if llama.cpp still fails, also set "
                "GGML_CUDA_NO_PINNED=1 so it does not pin host memory."),
        action="configure",
        rules_out=("the host's driver", "GPU memory"),
        never_suggest=_NEVER_DRIVER + ("install the driver inside the container",),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/645", "https://github.com/microsoft/onnxruntime/issues/20421",
                 "https://docs.docker.com/engine/security/seccomp/"),
        checked="2026-11-26",
        examples=("ollama/llama-cpp-python-645-cuda-304-os-call-failed-docker.txt",),
    ),
    Signature(
        code="ollama.cgo-backend-illegal-instruction",
        refines=("ollama.localai-backend-died",), refines_within=None,
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        # Go's runtime report of SIGILL (runtime/signal_unix.go: "SIGILL: illegal instruction", then "PC=... sigcode=2"
        # and "signal arrived during cgo execution") when a Go server's C library (LocalAI's llama.cpp bindings,
        # Ollama before its runners were separate processes) executes an instruction the CPU lacks
        patterns=(r"(?<![\w-])SIGILL: illegal instruction",),
        severity="fail",
        cause=("The server's native library (llama.cpp built into a Go program) executed a CPU instruction this "
               "processor does not have (AVX, AVX2, AVX-512, FMA or F16C), so the process died with SIGILL."),
        advice=("Use a build made for this CPU: list its vector extensions with `grep -o -w 'avx[0-9a-z_]*\\|fma\\|f16c' "
                "/proc/cpuinfo | sort -u`; for LocalAI rebuild the backends for it (REBUILD=true with CMAKE_ARGS turning "
                "off the AVX2/AVX512/FMA/F16C it lacks), for Ollama update it (current releases pick a CPU variant); in "
                "a VM pass the host CPU model through (host-passthrough)."),
        action="configure",
        rules_out=("the NVIDIA driver", "GPU memory"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/mudler/LocalAI/issues/5", "https://github.com/mudler/LocalAI/issues/288",
                 "https://github.com/mudler/LocalAI/issues/1453", "https://github.com/mudler/LocalAI/issues/6348"),
        checked="2026-11-26",
        examples=("ollama/localai-5-sigill-cgo-instruction-set-missing.txt",),
    ),
    Signature(
        code="ollama.runner-libraries-from-older-release",
        cause_id="ollama-install-incomplete",
        kinds=("any",),
        # the runner (0.5.x ollama_llama_server, later the ollama binary's backends in lib/ollama) resolving a ggml
        # symbol against libraries an earlier release left in the same directory (the Linux tarball upgrade notes)
        patterns=(
            # any symbol the runner binary misses: a C++ one too (_ZdlPvm, ollama#8370) came from the old libraries
            r"ollama_llama_server: undefined symbol: (?P<symbol>\w{1,80})",
            r"lib/ollama/[^\s:]{1,200}\.so: undefined symbol: (?P<symbol>(?:ggml|llama|gguf)_\w{1,80})",
        ),
        severity="fail",
        cause=("Ollama's runner loaded libraries from an earlier Ollama release left in its library directory, which "
               "lack the symbol {symbol} this release needs."),
        advice=("Remove the old libraries before installing Ollama again: `sudo rm -rf /usr/lib/ollama` (or the lib/ollama "
                "beside your ollama binary), then reinstall (`curl -fsSL https://ollama.com/install.sh | sh`, or extract "
                "the whole release archive) and restart the service."),
        action="configure",
        rules_out=("the NVIDIA driver", "a damaged model file"),
        never_suggest=_NEVER_DRIVER + ("pull the model again",),
        sources=("https://github.com/ollama/ollama/issues/8149", "https://github.com/ollama/ollama/issues/8150",
                 "https://github.com/ollama/ollama/blob/main/docs/linux.md", "https://github.com/ollama/ollama/issues/8370"),
        checked="2026-11-26",
        examples=("ollama/ollama-8149-runner-undefined-symbol-old-libs-left.txt",
                  "ollama/ollama-8370-runner-undefined-symbol-zdlpvm-old-libs.txt"),
        refines=("ollama.runner-terminated", "ollama.llama-library-shadowed"),
    ),
    Signature(
        code="ollama.gguf-reader-magic-invalid",
        cause_id="model-file-corrupt",
        kinds=("any",),
        # gguf-py's GGUFReader ('GGUF magic invalid': ComfyUI-GGUF's loaders and other Python readers) and
        # node-llama-cpp's 'Invalid GGUF magic' check the first four bytes of the file, as llama.cpp does
        patterns=(r"\bGGUF magic invalid\b", r"\bInvalid GGUF magic\b"),
        severity="fail",
        cause=("The file loaded as a GGUF model does not start with GGUF: a download that was cut short or saved a web "
               "page (an HTML or Git LFS pointer file) instead of the model, or a file of another format."),
        advice=("Check the file's size and sha256 against the model page, then download the .gguf again (the "
                "`resolve/` link, `huggingface-cli download`, or `git lfs pull`, not the `blob/` page); if the file "
                "is intact and only a node update broke it, update or roll back that loader node."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NEVER_DRIVER + ("lower num_ctx",),
        sources=("https://github.com/augmentedmike/miniclaw-os/issues/495", "https://github.com/tobi/qmd/pull/548",
                 "https://github.com/ggml-org/llama.cpp/issues/3358"),
        checked="2026-11-26",
        examples=("ollama/miniclaw-495-invalid-gguf-magic-html-download.txt",),
    ),
)
