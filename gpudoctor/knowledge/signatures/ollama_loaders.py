"""Model loads refused or cut off around llama.cpp: LM Studio's guardrail, LocalAI's dead backend, a truncated library.

Written blind for issue 25 (eleventh wave, second turn). LM Studio checks a load against its estimate of the memory
it needs before it starts the engine ("Model loading was stopped due to insufficient system resources ... adjust the
model loading guardrails in settings"; the load dialog's "Not enough resources to load the model with the current
settings", lmstudio-ai/localization en/models.json). LocalAI runs each model in a backend process it talks to over
gRPC; when that process dies (a CPU instruction it lacks, memory, a CUDA error) the server reports only "rpc error:
code = Unavailable desc = error reading from server: EOF", and the backend's own last lines (printed as "GRPC ...
stderr" with DEBUG=true) name why. glibc's loader (and ld) reject an ELF file shorter than its header as "file too
short": an empty placeholder of a driver library in a container started without the NVIDIA runtime, or a broken copy.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")

LOADER_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.lmstudio-guardrail-refused",
        cause_id="ollama-oom",
        kinds=("any",),
        # LM Studio's own words: the app and `lms load` / the REST API ("stopped"), older builds ("aborted"), and the
        # load dialog's notice
        patterns=(
            r"Model loading (?:was stopped|aborted) due to insufficient system resources",
            r"[Nn]ot enough resources to (?:load|run) (?:the )?model with the current settings",
        ),
        severity="fail",
        cause=("LM Studio's model-loading guardrail estimated that the model, with this context length and GPU offload, "
               "needs more memory than the machine has free, and refused to start the load."),
        advice=("Lower the load's context length (the KV cache grows with it: `lms load <model> --context-length 8192` "
                "or the load dialog's slider), load a smaller quantization, or unload the models already loaded (`lms "
                "unload --all`; loading a model again at another context counts a second copy); if the estimate is "
                "wrong, relax Settings > Model loading guardrails (Relaxed or Off) or use the dialog's Load anyway."),
        action="configure",
        rules_out=("a GPU or driver fault: the engine was never started",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1631",
                 "https://github.com/nugget/thane-ai-agent/pull/1397",
                 "https://github.com/lmstudio-ai/localization/pull/303"),
        checked="2026-11-26",
        examples=("ollama/lmstudio-1631-guardrail-insufficient-resources-cli.txt",),
    ),
    Signature(
        code="ollama.localai-backend-died",
        cause_id="ollama-runner-crash",
        kinds=("any",),
        # the gRPC client's error for a backend process that closed its end, as LocalAI wraps it: the model load, the
        # API's JSON error body, its request log and its streaming endpoint (not the bare gRPC line, which container
        # runtimes and device plugins print for their own dead servers)
        patterns=(
            r"(?:could not load model: |\"message\":\"|Stream ended with error error=|Server error error=\")"
            r"rpc error: code = Unavailable desc = error reading from server: EOF",
        ),
        severity="fail",
        cause=("LocalAI's backend process for this model died while loading or answering, so the server lost its gRPC "
               "connection to it (EOF); the backend's own output says why."),
        advice=("Start LocalAI with DEBUG=true (or --debug) and read the backend's last 'GRPC ... stderr' lines before "
                "the EOF: 'SIGILL: illegal instruction' or a general protection fault means the CPU lacks the AVX2 or "
                "AVX-512 the prebuilt backend uses (use the backend or image built for this CPU, or REBUILD=true with "
                "CMAKE_ARGS turning them off); 'out of memory' or 'cudaMalloc failed' means a smaller model, context "
                "or gpu_layers; a CUDA error means an image whose CUDA matches the driver (`nvidia-smi`)."),
        action="configure",
        rules_out=("the API client: the server answered",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/mudler/LocalAI/issues/6348", "https://github.com/mudler/LocalAI/issues/1453",
                 "https://github.com/mudler/LocalAI/issues/950"),
        checked="2026-11-26",
        examples=("ollama/localai-6348-rpc-eof-avx2-missing.txt",),
    ),
    Signature(
        code="ollama.shared-library-file-too-short",
        cause_id="shared-library-truncated",
        kinds=("any",),
        # glibc's dlopen and ld for an ELF file shorter than its header: "PATH: file too short" (ld: "file not
        # recognized: file too short"), the path as the loader printed it, from where it starts (the look-behind spares
        # `re` trying the path's class at every character of a long line)
        patterns=(r"(?P<library>(?<![\w./+-])[\w./+-]{0,200}?lib[\w+-]{1,60}\.so[\d.]{0,12}): (?:file not recognized: )?file too short",),
        severity="fail",
        cause=("The library {library} is an empty or truncated file, so the loader rejects it: in a container an empty "
               "libcuda.so.1 or libnvidia-*.so is the image's placeholder for the host driver's library, which the "
               "NVIDIA runtime mounts only when the container is started with the GPU; elsewhere it is a broken copy "
               "or an interrupted install."),
        advice=("Check its size: `ls -lL {library}` (0 bytes or a few KB). In a container, start it with the NVIDIA "
                "runtime (`docker run --gpus all ...` or nvidia-docker, the NVIDIA Container Toolkit installed), or "
                "delete the empty driver files from the image; otherwise reinstall or copy again the package that owns "
                "the file (e.g. `pip install --force-reinstall nvidia-cuda-runtime-cu12` for a pip wheel's libcudart, "
                "cuDNN's files into the CUDA folder) and run `sudo ldconfig`."),
        action="configure",
        rules_out=("a missing library: the file is there, its content is not",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/microsoft/CNTK/issues/2213",
                 "https://github.com/Thinklab-SJTU/R3Det_Tensorflow/issues/78",
                 "https://github.com/warmshao/FasterLivePortrait/issues/37",
                 "https://github.com/JinghaoZhao/GPT-Code-Learner/issues/11"),
        checked="2026-11-26",
        examples=("ollama/cntk-2213-libcudnn-file-too-short.txt",
                  "ollama/r3det-78-libcuda-so-1-file-too-short-docker.txt"),
    ),
)
