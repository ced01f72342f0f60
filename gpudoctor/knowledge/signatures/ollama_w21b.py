"""Issue 25, rows for the long tail of local-LLM runners (LocalAI, Jan and the llama.cpp family) that fresh threads missed.

LocalAI serves each model through a backend process it starts over gRPC; for a model without `backend:` in its YAML it
tries every backend it knows in turn, and for each one that the installation lacks it logs "Fails: grpc process not
found: <path>. some backends(stablediffusion, tts) require LocalAI compiled with GO_TAGS". The Python backends
(transformers, sentencetransformers, diffusers, coqui, exllama2, vllm and the rest, /build/backend/python/<name>/run.sh)
are not in the "-core" images (v2.x, e.g. localai/localai:v2.10.1-cublas-cuda12-core), nor in a LocalAI built without
them; in LocalAI 3 backends come from its backend gallery instead. A model that needs one then fails on every GPU,
whatever the driver; a GGUF model loads with llama-cpp, and then those lines are only the noise of the search.

ExLlamaV3 runs only on compute capability 8.0 (Ampere) or newer and not on ROCm; TabbyAPI checks every GPU of the split
before it loads a model (common/hardware.py) and refuses with "Unable to run ExllamaV3 because an unsupported GPU is found
in this configuration. All GPUs must be ampere (30 series) or newer. AMD GPUs are not supported." Since TabbyAPI removed
its ExLlamaV2 backend, an older GPU needs an older TabbyAPI (EXL2 models on ExLlamaV2) or another runner.

A llama.cpp (ggml) build made for one CUDA architecture only (CMAKE_CUDA_ARCHITECTURES=61, a build for the machine it
was compiled on) runs on a newer GPU of another architecture only through the PTX the driver compiles for it, and not at
all on an older one; in a machine with GPUs of two generations the kernels can fail on the other one ("invalid
argument", "no kernel image"). People describe it in their own words ("compiled only for SM61"); the build that lists
every GPU's compute capability is the fix (llama.cpp#24064).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LOCALAI_BACKENDS = "https://localai.io/backends/"
EXLLAMAV3 = "https://github.com/turboderp-org/exllamav3"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.localai-python-backend-not-in-image",
        cause_id="ollama-install-incomplete",
        kinds=("any",),
        # LocalAI's model loader (pkg/model/initializers.go) for a backend whose gRPC program or run.sh is not in this
        # installation; the Python backends' paths end in backend/python/<name>/run.sh.
        patterns=(r"Fails: grpc process not found: \S{0,200}?/backend/python/(?P<backend>[\w-]{1,40})/run\.sh",),
        severity="warn",
        cause=("LocalAI tried its Python backend {backend} for this model and this installation does not have it: the "
               "-core images, and LocalAI builds without the Python backends, do not ship them."),
        advice=("If the model needs a Python backend (transformers, sentencetransformers, diffusers, coqui, exllama2, "
                "vllm), run the full LocalAI image of the same tag, without -core (for example "
                "localai/localai:v2.10.1-cublas-cuda12 instead of ...-cublas-cuda12-core), or, in LocalAI 3 and later, install "
                "that backend from LocalAI's backend gallery (the web UI's Backends page). For a GGUF "
                "model, set `backend: llama-cpp` in its YAML so LocalAI does not try the Python backends; where another "
                "backend then loads the model, these lines are harmless. The GPU and driver are not the problem."),
        action="configure",
        rules_out=("the NVIDIA driver", "a GPU fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/mudler/LocalAI/issues/1871", LOCALAI_BACKENDS),
        checked="2026-11-27",
        examples=("ollama/localai-1871-core-image-grpc-process-not-found-python-backend.txt",),
    ),
    Signature(
        code="ollama.exllamav3-gpu-older-than-ampere",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # TabbyAPI's check before an ExLlamaV3 load (backends/exllamav3/model.py), as logged and as people quote it.
        patterns=(r"All GPUs must be ampere \(30 series\) or newer",
                  r"Unable to run ExllamaV3 because an unsupported GPU is found"),
        severity="fail",
        cause=("ExLlamaV3 (TabbyAPI's backend) needs compute capability 8.0 (Ampere, RTX 30, A100) or newer on every "
               "GPU it is given, and one of them is older (Turing, Pascal or before) or an AMD GPU."),
        advice=("Give ExLlamaV3 only Ampere (RTX 30, A100) or newer GPUs: leave the older one out with "
                "CUDA_VISIBLE_DEVICES or gpu_split. On an older GPU run EXL2 models with ExLlamaV2 (an older TabbyAPI "
                "release, or text-generation-webui's ExLlamaV2 loader), or GGUF models with llama.cpp or KoboldCpp. "
                "Another CUDA version or driver does not change this."),
        action="configure",
        rules_out=("the CUDA version", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/theroyallab/tabbyAPI/issues/417", EXLLAMAV3),
        checked="2026-11-27",
        examples=("ollama/tabbyapi-417-exllamav3-refuses-pre-ampere-gpu.txt",),
    ),
    Signature(
        code="ollama.described-build-for-one-cuda-arch",
        described=True,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # "the binary is compiled only for SM61", "built only for sm_86", "compiled only for compute_75".
        # Also "only contains sm_90 kernel", what cuobjdump --list-elf on a release's library shows.
        patterns=(r"(?:compiled|built) only for (?:SM|sm_?|compute_)(?P<built>\d{2,3})\b",
                  r"\b[Oo]nly (?:(?:contains?|includes?|ships?|has|carries) )?(?:the )?sm_?(?P<built>\d{2,3})a? (?:kernels?|cubins?)\b"),
        severity="warn",
        cause=("The description says the CUDA build holds kernels for SM{built} only: a GPU of another architecture in "
               "the machine gets only what the driver's PTX compiler makes of it (a newer GPU) or nothing (an older "
               "one), and kernels can fail there."),
        advice=("Rebuild with CMAKE_CUDA_ARCHITECTURES listing the compute capability of every GPU in the machine "
                "(`nvidia-smi --query-gpu=name,compute_cap --format=csv`; a GTX 1080 Ti beside a GTX 1660 Ti needs "
                "-DCMAKE_CUDA_ARCHITECTURES=\"61;75\"), or run a release build that includes them all. The driver is "
                "not the problem."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/24064",
                 "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md",
                 "https://github.com/leejet/stable-diffusion.cpp/issues/1061"),
        checked="2026-11-27",
        examples=("ollama/llamacpp-24064-sm61-only-build-on-sm75-mul-mat-id-invalid.txt",
                  "ollama/sdcpp-1061-windows-cuda-build-only-sm90.txt"),
    ),
)
