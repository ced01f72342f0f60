"""llama.cpp and the apps built on it (Ollama, LM Studio, koboldcpp, llama-cpp-python, ExLlamaV2 loaders): a model
file newer than the loader, and the loaders' own start-up failures.

Written blind for issue 25 (seventh round), sampled by symptom from the trackers. llama.cpp's GGUF reader
(ggml/src/gguf.cpp, gguf_init_from_file_impl) refuses a tensor whose ggml type number it does not know with
"tensor '<name>' has invalid ggml type <n> (NONE)"; the GGML-era loader (2023) said "unrecognized tensor type <n>".
Both mean the file uses a quantization type added after this build (MXFP4 for gpt-oss, type 39), so a newer
llama.cpp, or a newer release of the app that bundles it, reads the file. The GGML-era loader (May to August 2023)
refused a container version it did not know with "unknown (magic, version) combination: 67676a74, 00000003; is this
really a GGML file?" (ggjt v3 files read by an older llama.cpp); llama.cpp since August 2023 reads GGUF only.
ExLlamaV2's prebuilt wheels hold a compiled extension (exllamav2_ext) linked against one PyTorch release; with
another torch, Windows refuses the DLL ("DLL load failed while importing exllamav2_ext: The specified procedure could
not be found", in the system's language) where Linux reports an undefined symbol
(wheels.extension-built-for-other-torch); with no importable extension at all ("No module named 'exllamav2_ext'")
exllamav2/ext.py builds one at run time, and a build that fails leaves "name 'exllamav2_ext' is not defined". Apps that load llama.cpp
through Python's ctypes (koboldcpp, llama-cpp-python on Windows) report a library built for CPU instructions the
processor lacks as OSError "[WinError -1073741795] Windows Error 0xc000001d" (STATUS_ILLEGAL_INSTRUCTION).
llama.cpp checks the main GPU against the GPU devices its backends registered (llama_model_load_from_file_impl, later
llama_prepare_model_devices: "invalid value for main_gpu: 0 (available devices: 0)"): none registered means a build
without a GPU backend, or one whose CUDA backend found no GPU. LM Studio runs llama.cpp through runtime packs it
downloads under ~/.lmstudio/extensions/backends (llm_engine*.node on Windows, libllm_engine.so on Linux): a pack that
will not load reports "Failed to load LLM engine from path"; on Linux an engine that finds another libllama.so first
(one a llama.cpp or Ollama install put in /usr/local/lib) misses the symbols of its own version. llama-cpp-python's
import name differs from its package name: an app (a ComfyUI node, a web UI) whose Python lacks it fails on
"No module named 'llama_cpp'" (or 'llama_cpp_cuda', the name of text-generation-webui's CUDA builds). A GGUF written
without the BPE merges (tokenizers 0.20 stored them in a new form that llama.cpp's gguf-py converter skipped, with
"Adding merges requested but no merges found" at conversion) fails in every loader with "cannot find tokenizer merges
in model file": the file, not the loader, needs redoing. The same holds for "key not found in model: <arch>.<key>"
(llama_model_loader's get_key for a required hyperparameter): a GGUF converted before the key was required, a blob
of Ollama's own engine, or a LoRA adapter loaded as a model. llama.cpp builds its libraries as shared objects
(BUILD_SHARED_LIBS on by default since build b4409): a binary copied out of build/bin, installed without its
libraries, or taken from a release archive that lacked them fails in the dynamic loader before it starts.
llamafile loads its GPU module at run time (a prebuilt ggml-cuda.dll/.so from the archive or the home directory, or
one it compiles with nvcc): with none it runs on the CPU, and with --gpu nvidia it stops with "support for --gpu nvidia
was explicitly requested, but it wasn't available".
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FORMAT_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.gguf-tensor-type-unknown",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(
            r"tensor '(?P<tensor>[\w.-]{1,80})' has invalid ggml type (?P<type>\d{1,3}) \(NONE\)",
            r"error loading model: unrecognized tensor type (?P<type>\d{1,3})\b",
        ),
        severity="fail",
        cause=("The model file stores tensors in a quantization type (ggml type {type}) that this llama.cpp build does "
               "not know: the file is newer than the program loading it."),
        advice=("Update the program that loads the model to its latest release: llama.cpp (a new release or a build "
                "from the current source), or the app that bundles it (Ollama, LM Studio, koboldcpp, "
                "`pip install -U llama-cpp-python`); the file itself is fine, so do not download it again."),
        action="configure",
        rules_out=("a corrupt download", "a GPU or driver fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/15099", "https://github.com/unslothai/unsloth/issues/3124",
                 "https://github.com/ggml-org/llama.cpp/blob/master/ggml/src/gguf.cpp"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-15099-gpt-oss-mxfp4-invalid-ggml-type-39.txt",
                  "ollama/unsloth-3124-gpt-oss-gguf-invalid-type-windows.txt"),
    ),
    Signature(
        code="ollama.exllama-extension-other-torch",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        patterns=(
            # Windows' loader error as Python words it (the reason follows in the system's language)
            r"DLL load failed while importing (?P<extension>exllama(?:v2)?_ext)\b",
            # no importable prebuilt extension: ext.py then builds one at run time, whose failure leaves the name unset
            r"No module named '(?P<extension>exllamav2_ext)'",
            r"name '(?P<extension>exllamav2_ext)' is not defined",
        ),
        severity="fail",
        cause=("The compiled ExLlama extension ({extension}) does not load: the prebuilt wheel was built for another "
               "PyTorch, CUDA or Python than the ones installed, and no extension could be built here in its place."),
        advice=("Check the versions (`python -c \"import sys, torch; print(sys.version, torch.__version__, "
                "torch.version.cuda)\"`) and install the exllamav2 wheel built for exactly that torch, CUDA and Python "
                "(its file name says them, e.g. +cu121.torch2.3.0-cp311), or pin torch to the version the wheel was "
                "built for; otherwise build exllamav2 from source against this torch."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/turboderp-org/exllamav2/issues/434",
                 "https://github.com/turboderp-org/exllamav2/issues/427",
                 "https://github.com/Zuellni/ComfyUI-ExLlama-Nodes/issues/7",
                 "https://github.com/turboderp-org/exllamav2/issues/159",
                 "https://github.com/Zuellni/ComfyUI-ExLlama-Nodes/issues/19"),
        checked="2026-11-26",
        examples=("ollama/exllamav2-434-dll-load-failed-torch-2-2-wheel-2-3.txt",
                  "ollama/comfyui-exllama-nodes-7-dll-procedure-not-found.txt",
                  "ollama/exllamav2-159-no-module-exllamav2-ext-compiled-from-source.txt"),
    ),
    Signature(
        code="ollama.ctypes-library-illegal-instruction",
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        patterns=(r"\[WinError -1073741795\] Windows Error 0xc000001d",),
        severity="fail",
        cause=("The llama.cpp library this app loads was built for CPU instructions (AVX2, AVX or AVX-512) that this "
               "processor lacks, so it crashed on an illegal instruction (0xc000001d) while loading the model."),
        advice=("Use a build made for this CPU: relaunch koboldcpp with --noavx2 (a CPU without AVX2) or --failsafe "
                "(one without AVX at all; the launcher's \"Old CPU\" presets), and for llama-cpp-python rebuild it on "
                "this machine (`CMAKE_ARGS=\"-DGGML_NATIVE=on\" pip install --force-reinstall --no-cache-dir "
                "llama-cpp-python`). `wmic cpu get name` names the processor, whose specification lists AVX and AVX2."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/LostRuins/koboldcpp/issues/61", "https://github.com/LostRuins/koboldcpp/issues/1293",
                 "https://github.com/LostRuins/koboldcpp/issues/1277",
                 "https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-erref/596a1078-e883-4972-9bbc-49e60bebca55"),
        checked="2026-11-26",
        examples=("ollama/koboldcpp-61-phenom-ii-winerror-0xc000001d.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-main-gpu-without-devices",
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        patterns=(r"invalid value for main_gpu: (?P<main_gpu>\d{1,2}) \(available devices: 0\)",),
        severity="fail",
        cause=("llama.cpp has no GPU device to put the model on (a build without a GPU backend, or a CUDA backend that "
               "found no GPU), so the main GPU {main_gpu} it was given does not exist and the model is not loaded."),
        advice=("To use the GPU, install a CUDA build of llama.cpp (the CUDA release, or llama-cpp-python built with "
                "`CMAKE_ARGS=\"-DGGML_CUDA=on\" pip install --force-reinstall --no-cache-dir llama-cpp-python`) and "
                "check that its log lists the GPU (`ggml_cuda_init: found 1 CUDA devices`); to run on the CPU on purpose, "
                "set main_gpu to -1 (`--main-gpu -1`, main_gpu=-1 in the binding) with no GPU layers."),
        action="configure",
        rules_out=("a corrupt model file",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/netdur/llama_cpp_dart/issues/94", "https://github.com/ggml-org/llama.cpp/pull/23405",
                 "https://github.com/KLL535/ComfyUI_Simple_Qwen3-VL-gguf/issues/34"),
        checked="2026-11-26",
        examples=("ollama/llamacppdart-94-main-gpu-0-no-devices.txt",),
    ),
    Signature(
        code="ollama.ggml-container-version-unknown",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # the magic of a real GGML file (ggjt, ggmf, ggml); other bytes there are no model file at all
        patterns=(r"unknown \(magic, version\) combination: (?P<magic>6767(?:6a74|6d66|6d6c)), (?P<version>[0-9a-f]{8});",),
        severity="fail",
        cause=("The model is a GGML file of a newer format version than the llama.cpp in this program reads (an "
               "older llama-cpp-python or web UI)."),
        advice=("Upgrade the program's llama.cpp: `pip install -U llama-cpp-python` (or update text-generation-webui, "
                "which pins it). Since August 2023 llama.cpp reads only GGUF files, so with a current release download "
                "the model's GGUF version (or convert the file with llama.cpp's convert_llama_ggml_to_gguf.py)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        versions=("llama.cpp GGML loader, May to August 2023",),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/446", "https://github.com/oobabooga/textgen/issues/2245",
                 "https://github.com/oobabooga/textgen/pull/2264", "https://github.com/abetlen/llama-cpp-python/issues/653"),
        checked="2026-11-26",
        examples=("ollama/llamacpppython-446-ggjt-v3-on-0-1-36.txt",
                  "ollama/textgen-2245-ggmlv3-webui-llama-cpp-python-old.txt"),
    ),
    Signature(
        code="ollama.lmstudio-engine-not-loadable",
        cause_id="ollama-install-incomplete",
        kinds=("any",),
        # the path follows on the same line or, as LM Studio's error dialog copies it, on the next
        patterns=(r"Failed to load LLM engine from path\b",),
        severity="fail",
        cause=("LM Studio cannot load its llama.cpp runtime pack (its llm_engine .node module): the pack, or a library "
               "it needs, is missing or damaged (an interrupted update, files removed by antivirus software, a manual "
               "change)."),
        advice=("Download the runtime again: in LM Studio open the runtimes page (Ctrl+Shift+R), remove the runtime the "
                "path names and install it again, or close LM Studio and delete the backends folder under "
                "%USERPROFILE%\\.lmstudio\\extensions (or the whole .lmstudio folder) so that it downloads the runtimes "
                "anew; check the antivirus quarantine for its files."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/711",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1658",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1518"),
        checked="2026-11-26",
        examples=("ollama/lmstudio-711-llm-engine-node-module-not-found.txt",
                  "ollama/lmstudio-1658-llm-engine-cuda12-node-path-next-line.txt"),
    ),
    Signature(
        code="ollama.llama-library-shadowed",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # a llama.cpp engine or binding whose libllama/libggml dependency resolved to another build's copy
        patterns=(r"\.so: undefined symbol: (?P<symbol>(?:llama|ggml|gguf)_\w{1,80})",),
        severity="fail",
        cause=("A llama.cpp program loaded another build's libllama or libggml (found first on the library path) that "
               "lacks {symbol}, instead of the copy that came with it."),
        advice=("Find the stray copy and take it off the search path: `ldconfig -p | grep -E 'libllama|libggml'` and "
                "`echo $LD_LIBRARY_PATH`; remove or move the libllama.so / libggml*.so that a manual llama.cpp build or "
                "another app installed in /usr/local/lib or /usr/local/lib64 (then `sudo ldconfig`), or unset the "
                "LD_LIBRARY_PATH entry that points at it."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/494",),
        checked="2026-11-26",
        examples=("ollama/lmstudio-494-stray-libllama-from-ollama.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-python-not-installed",
        cause_id="python-package-missing",
        kinds=("any",),
        patterns=(r"No module named [\'\"\u2018]?(?P<module>llama_cpp(?:_cuda)?)\b(?![.\w])",),
        severity="fail",
        cause=("The Python that runs this app has no llama-cpp-python (the package whose module is {module}), so the "
               "code that loads GGUF models cannot import it."),
        advice=("Install llama-cpp-python into the Python that runs the app, not another one: for ComfyUI portable "
                "`python_embeded\\python.exe -m pip install llama-cpp-python`, for a venv activate it first. For GPU "
                "offload install a CUDA build: a prebuilt wheel for this Python and CUDA (`pip install llama-cpp-python "
                "--extra-index-url https://abetlen.github.io/llama-cpp-python/whl/cu124`) or a source build with "
                "`CMAKE_ARGS=\"-DGGML_CUDA=on\"`; check with `python -c \"import llama_cpp\"`."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ceruleandeep/ComfyUI-LLaVA-Captioner/issues/1",
                 "https://github.com/Nuked88/ComfyUI-N-Nodes/issues/75",
                 "https://github.com/SeargeDP/ComfyUI_Searge_LLM/issues/39",
                 "https://llama-cpp-python.readthedocs.io/en/latest/#installation"),
        checked="2026-11-26",
        examples=("ollama/llavacaptioner-1-no-module-llama-cpp.txt",
                  "ollama/comfyui-n-nodes-75-llama-cpp-module-not-found-macos.txt"),
    ),
    Signature(
        code="ollama.gguf-tokenizer-merges-missing",
        cause_id="gguf-converted-incompletely",
        kinds=("any",),
        patterns=(
            r"cannot find tokenizer merges in model file",
            r"Adding merges requested but no merges found",  # gguf-py's warning while converting
        ),
        severity="fail",
        cause=("The GGUF file was converted without its tokenizer's BPE merges (a converter that did not read the "
               "merges format of tokenizers 0.20 / transformers 4.45), so no llama.cpp-based loader can use it."),
        advice=("Convert (export) the model to GGUF again with a current llama.cpp convert_hf_to_gguf.py, or pin "
                "transformers==4.44.2 (tokenizers<0.20) in the environment that exports it (Unsloth's save_pretrained_"
                "gguf), then re-create the model from the new file (`ollama create`); a GGUF downloaded from a hub "
                "needs the uploader's fixed version. Updating Ollama or llama.cpp alone does not fix this file."),
        action="configure",
        rules_out=("a GPU or driver fault", "an Ollama release too old for the model"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/9692", "https://github.com/unslothai/unsloth/issues/1065",
                 "https://github.com/unslothai/unsloth/issues/1062", "https://github.com/ollama/ollama/issues/7038"),
        checked="2026-11-26",
        examples=("ollama/unsloth-1065-merges-missing-after-tokenizers-0-20.txt",
                  "ollama/llamacpp-9692-transformers-4-45-merges-lost.txt"),
        refines=("ollama.runner-terminated",), refines_within=None,
    ),
    Signature(
        code="ollama.gguf-required-key-missing",
        cause_id="gguf-converted-incompletely",
        kinds=("any",),
        # keyed on "hyperparameters": the bare "key not found in model" holds no word rare enough for the prefilter
        patterns=(r"hyperparameters: key not found in model: (?P<key>[a-z][a-z0-9_]{1,30}\.[\w.]{1,80})",),
        severity="fail",
        cause=("The GGUF file lacks the metadata key {key}, which this llama.cpp requires: the file was converted for "
               "an older loader, for another runtime, or is not a whole model."),
        advice=("Use a GGUF of the model converted for this llama.cpp: download the current upload of the model (older "
                "uploads predate the key) or convert it again with llama.cpp's convert_hf_to_gguf.py; do not load "
                "blobs copied from Ollama's model store or a LoRA adapter GGUF (convert_lora_to_gguf output) as a "
                "model in llama.cpp or LM Studio."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ngxson/wllama/issues/106", "https://github.com/ggml-org/llama.cpp/issues/12367",
                 "https://github.com/ggml-org/llama.cpp/issues/8845", "https://github.com/ggml-org/llama.cpp/issues/12857"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-12367-gemma3-blob-from-ollama.txt",),
        refines=("ollama.runner-terminated",), refines_within=None,
    ),
    Signature(
        code="ollama.llama-cpp-shared-libs-not-found",
        cause_id="llama-cpp-libs-not-found",
        kinds=("any",),
        patterns=(
            # (Ollama's own runner missing them is ollama.runners-missing: reinstall Ollama)
            r"(?<!ollama_llama_server: )error while loading shared libraries: "
            r"(?P<library>lib(?:llama|ggml[\w-]{0,20}|mtmd)\.so(?:\.\d{1,3})?):"
            r" cannot open shared object file",
            # ldd's report, one pattern per library so that each holds a word healthy logs lack
            r"(?P<library>libllama\.so(?:\.\d{1,3})?) => not found",
            r"(?P<library>libggml(?:-base)?\.so(?:\.\d{1,3})?) => not found",
        ),
        severity="fail",
        cause=("The llama.cpp program cannot start: the dynamic loader does not find {library}, one of the shared "
               "libraries llama.cpp builds beside its binaries."),
        advice=("Keep the binaries with their libraries: run them from build/bin (or the release archive's folder, "
                "extracted whole), or point the loader at that folder (`export LD_LIBRARY_PATH=/path/to/llama.cpp/"
                "build/bin:$LD_LIBRARY_PATH`); for a system install use `cmake --install build` and `sudo ldconfig`, "
                "or build static binaries with `-DBUILD_SHARED_LIBS=OFF`."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/11267", "https://github.com/ggml-org/llama.cpp/issues/11123",
                 "https://github.com/ggml-org/llama.cpp/issues/11144", "https://github.com/ggml-org/llama.cpp/issues/17950"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-11267-libllama-so-not-found-ld-library-path.txt",
                  "ollama/llamacpp-11123-run-from-build-bin-libllama.txt"),
    ),
    Signature(
        code="ollama.llamafile-no-gpu-module",
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        patterns=(
            r"support for --gpu (?P<gpu>nvidia|amd) was explicitly requested, but it wasn't available",
            r"cuda: no pre-built GPU library found",
            # llamafile's own -ngl check when no GPU module loaded (llamafile/gpu.c: "fatal error: ... no gpus were
            # found", later "warning: ... no GPUs were found; falling back to CPU inference") (w40g)
            r"--n-gpu-layers -?\d{1,10} was passed but no (?:GPUs|gpus) were found",
        ),
        severity="fail",
        cause=("llamafile found no GPU module to load (no prebuilt ggml-cuda library beside it or in the home "
               "directory, and none it could compile), so it cannot use the GPU."),
        advice=("Give llamafile its CUDA module: on Windows download the ggml-cuda.dll published for this llamafile "
                "release and put it in your home directory (or next to the llamafile executable); on Linux install the "
                "CUDA toolkit so that nvcc is on PATH (llamafile compiles ggml-cuda.so on first run into ~/.llamafile), "
                "or use a release that still bundles the module; check with `--gpu nvidia -ngl 999`."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/mozilla-ai/llamafile/issues/961", "https://github.com/mozilla-ai/llamafile/issues/273",
                 "https://github.com/mozilla-ai/llamafile/issues/185"),
        checked="2026-11-26",
        examples=("ollama/llamafile-961-windows-no-prebuilt-ggml-cuda-dll.txt",),
    ),
)
