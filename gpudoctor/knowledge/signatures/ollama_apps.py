"""Other local LLM runners people use beside Ollama: ExLlama (text-generation-webui, exui), llama-cpp-python and the
llama.cpp loader they and other bindings (ctransformers, koboldcpp) share.

Written blind for issue 25 (sixth round). ExLlamaV2/V3 allocate the weights and the cache for the whole configured
context at load and refuse with "Insufficient VRAM ... for model and cache" (exllamav2/model.py) when the split's
GPUs cannot hold both. llama-cpp-python loads its llama.dll/ggml.dll with ctypes (llama_cpp/_ctypes_extensions.py);
Python 3.8 and later on Windows do not search PATH for a DLL's dependencies, so a CUDA build whose cudart/cublas DLLs
are not in a directory it adds (CUDA_PATH's bin) fails with "Could not find module ... (or one of its dependencies)".
llama.cpp's loader checks each tensor's shape against what its own model code expects (llama-model.cpp,
check_tensor_dims; create_tensor and "llama.cpp: tensor ..." in older releases): a model whose architecture changed
after the release (Llama 2 70B's grouped-query attention in 2023) fails there until llama.cpp is updated.
GPT4All's own Vulkan backend falls back to the CPU with "GPU loading failed (out of VRAM?)" when it cannot place the
whole model (gpt4all-chat's chatllm.cpp), and LM Studio reports its engine process's death as "(Exit code: N)" with
"Unknown error. Try a different model and/or config." or "Please check settings and try loading the model again." llama.cpp's Vulkan backend (LM Studio, GPT4All, koboldcpp
and Ollama's Vulkan builds) reports an allocation the GPU refused as "ggml_vulkan: Device memory allocation of size N
failed" and Vulkan's ErrorOutOfDeviceMemory.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

APP_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.exllama-insufficient-vram",
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(r"Insufficient VRAM (?:in split )?for model and cache",),
        severity="fail",
        cause=("ExLlama could not fit the model's weights and the cache for its configured context in the GPU memory "
               "it was given."),
        advice=("Lower the context length (max_seq_len) when loading the model, or use the 8-bit or 4-bit cache, a "
                "smaller quantization (bpw), or give the split more GPU memory."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/oobabooga/textgen/issues/7105", "https://github.com/turboderp-org/exui/issues/11"),
        checked="2026-11-26",
        examples=("ollama/textgen-7105-insufficient-vram-in-split-exllamav3.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-python-dll-dependencies",
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(
            # llama-cpp-python's own package, and text-generation-webui's renamed CUDA builds of it (llama_cpp_cuda,
            # llama_cpp_cuda_tensorcores, built for CUDA 12.x); a paste that ends at the module's name is the same
            # message cut short (w53a)
            r"Could not find module '[^'\n]{0,300}?[\\/]llama_cpp(?:_cuda(?:_tensorcores)?)?[\\/](?:lib[\\/])?"
            r"(?P<dll>(?:lib)?(?:llama|ggml)\w{0,20}\.dll)'(?: \(or one of its dependencies\)|\s{0,4}$)",
        ),
        severity="fail",
        cause=("Windows could not load llama-cpp-python's {dll} or a DLL it depends on, most often the CUDA runtime "
               "(cudart64, cublas64) that its CUDA build needs and Python does not look for on PATH."),
        advice=("Install the CUDA Toolkit the wheel was built for (its cuXXX tag: cu121 or cu124 is CUDA 12; "
                "text-generation-webui's llama_cpp_cuda wheels need CUDA 12 too) and set CUDA_PATH to it, with its bin "
                "folder on the PATH: llama-cpp-python adds %CUDA_PATH%\\bin with os.add_dll_directory; then restart "
                "the web UI or import it again in a new shell."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/abetlen/llama-cpp-python/pull/225",
                 "https://github.com/abetlen/llama-cpp-python/issues/1280",
                 "https://github.com/abetlen/llama-cpp-python/pull/2083",
                 "https://docs.python.org/3.8/whatsnew/3.8.html#bpo-36085-whatsnew"),
        checked="2026-11-26",
        examples=("ollama/llamacpppython-225-cublas-dll-not-on-python-path.txt",
                  "ollama/llamacpppython-117-cublas-dll-deps-not-on-path.txt"),
    ),
)

APP_SIGNATURES += (
    Signature(
        code="ollama.model-tensor-wrong-shape",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(r"tensor '(?P<tensor>[\w.-]{1,80})' has wrong shape; expected",),
        severity="fail",
        cause=("This llama.cpp (or the binding that bundles it) expected another shape for the model's tensor "
               "'{tensor}': the model uses an architecture or variant newer than the release, or was converted by "
               "a different one."),
        advice=("Update llama.cpp (or the binding that bundles it: llama-cpp-python, Ollama, koboldcpp, LM Studio's "
                "runtime) to a release that supports this model; a model you converted yourself must be converted "
                "again with that release's convert_hf_to_gguf.py."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/marella/ctransformers/issues/62",
                 "https://github.com/abetlen/llama-cpp-python/issues/539",
                 "https://github.com/ggml-org/llama.cpp/issues/8467"),
        checked="2026-11-26",
        examples=("ollama/ctransformers-62-llama2-70b-wk-wrong-shape-gqa.txt",),
    ),
)

APP_SIGNATURES += (
    Signature(
        code="ollama.gpt4all-gpu-loading-failed",
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        patterns=(
            # the case varies by release ("(out of vram?)", "(Out of VRAM?)"); the lookahead keeps the prefilter's key
            # on "(out"/"(Out", whose first character other keys share (one starting with V adds a pass over every text)
            r"GPU loading failed \(out(?= of [Vv][Rr][Aa][Mm]\?\))",
            r"GPU loading failed \(Out(?= of [Vv][Rr][Aa][Mm]\?\))",
        ),
        severity="warn",
        cause=("GPT4All could not place the model on the GPU (not enough free VRAM for the whole model, or a "
               "quantization its GPU backend does not run) and runs it on the CPU."),
        advice=("Pick a model GPT4All can put on the GPU: a Q4_0 quantization small enough for the GPU's free VRAM "
                "(close programs holding VRAM), or update GPT4All to a release that offloads part of a model."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/nomic-ai/gpt4all/issues/1639", "https://github.com/nomic-ai/gpt4all/issues/1843",
                 "https://github.com/nomic-ai/gpt4all/issues/1543", "https://github.com/nomic-ai/gpt4all/issues/1688"),
        checked="2026-11-26",
        examples=("ollama/gpt4all-1639-gpu-loading-failed-out-of-vram.txt",
                  "ollama/gpt4all-1843-quadro-p520-gpu-loading-failed.txt"),
    ),
    Signature(
        code="ollama.lmstudio-engine-exited",
        cause_id="ollama-runner-crash",
        kinds=("any",),
        patterns=(
            # its load error's tails vary by release ("Unknown error.", "Some model operation failed.", "Please check
            # settings ..."); a crash on Windows shows its status unsigned, as a 20-digit number (18446744072635812000)
            r"\(Exit code: (?P<code>-?\d{1,20})\)\. [^\n]{0,80}?(?:Try a different model and/or config|"
            r"Please check settings and try loading the model again)",
            r"Error loading model\.?\s{0,4}\(Exit code: (?P<code>-?\d{1,20})\)",
            # the same engine dying after the load, while it generates
            r"The model has crashed without additional information\. \(Exit code: (?P<code>-?\d{1,20}|null)\)",
            # LM Studio 0.4, which runs the runtime's llama-server behind its engine protocol: it died before it
            # answered its health check (a crash on load: a signal, or an exit code)
            r"Engine protocol runtime llama-server for [\w+/=-]{1,80} exited before becoming healthy\. "
            r"exitCode=(?P<code>-?\d{1,20}), signal=",
            r"Engine protocol runtime llama-server for [\w+/=-]{1,80} exited before becoming healthy\. "
            r"exitCode=null, signal=(?P<code>SIG[A-Z]{2,8})",
        ),
        severity="fail",
        cause=("LM Studio's engine process died while loading the model (exit code {code}), most often in the llama.cpp "
               "runtime selected for this GPU, and often right after LM Studio updated that runtime on its own (a "
               "20-digit code is a Windows crash status read unsigned: 18446744072635812000 is 0xC0000409, the "
               "engine aborting)."),
        advice=("Open LM Studio's runtime settings (Settings > Runtime, Ctrl+Shift+R): if the model loaded before, roll "
                "the llama.cpp runtime back to its previous version (the runtime's version list) and turn off automatic "
                "runtime updates until a fixed one comes; otherwise update or switch the runtime (CUDA 12, CUDA, Vulkan "
                "or CPU). If it still fails, lower the GPU offload and context length in the model's load settings. A "
                "GPU below compute capability 5.0 needs the Vulkan or CPU runtime."),
        action="configure",
        rules_out=("a corrupted model, when other models fail the same way",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/394",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/432",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/770",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/2166"),
        checked="2026-11-26",
        examples=("ollama/lmstudio-394-exit-code-134-vulkan-runtime.txt",
                  "ollama/lmstudio-2166-engine-protocol-runtime-exited-gemma.txt"),
    ),
)

APP_SIGNATURES += (
    Signature(
        code="ollama.vulkan-out-of-device-memory",
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            # ggml-vulkan.cpp's allocation failure, and the Vulkan-Hpp exception text that follows it
            r"ggml_vulkan: Device memory allocation of size \d{1,15} failed",
            r"(?<=vk::Device::allocateMemory: )ErrorOutOfDeviceMemory",
        ),
        severity="fail",
        cause=("The Vulkan backend of llama.cpp could not allocate its buffers in the GPU's memory: the layers "
               "offloaded, the context or the batch asked for more than the GPU holds."),
        advice=("Offload fewer layers to the GPU (-ngl / n_gpu_layers, or the GPU offload slider), lower the context "
                "(-c) and batch (-b, -ub) sizes, or use a smaller model or quantization."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/15256", "https://github.com/ggml-org/llama.cpp/issues/8492",
                 "https://github.com/ggml-org/llama.cpp/issues/12817", "https://github.com/ggml-org/llama.cpp/issues/5441"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-15256-vulkan-too-many-gpu-layers.txt",
                  "ollama/llamacpp-8492-vulkan-allocation-failed-smaller-model.txt"),
    ),
)

APP_SIGNATURES += (
    Signature(
        code="ollama.lmstudio-no-runtime",
        cause_id="ollama-install-incomplete",
        kinds=("any",),
        patterns=(r"No LM Runtime found for model format '(?P<format>gguf)'",),
        severity="fail",
        cause=("LM Studio has no usable engine (runtime) for GGUF models: none is installed (since 0.4 they are "
               "separate downloads), or none runs on this CPU."),
        advice=("Open LM Studio's runtime settings (Ctrl+Shift+R) and download the llama.cpp runtime for this machine "
                "(CUDA 12 for an NVIDIA GPU, else Vulkan or CPU), then restart it; if none is offered, the CPU lacks "
                "AVX2 (in a virtual machine, pass the host CPU's features through)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1925",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/221",
                 "https://github.com/ggml-org/llama.cpp/issues/10051"),
        checked="2026-11-26",
        examples=("ollama/lmstudio-1925-no-lm-runtime-after-0-4-upgrade.txt",),
    ),
)
