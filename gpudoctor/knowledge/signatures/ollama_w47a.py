"""Issue 25, w47a: Ollama and llama.cpp runners on an NVIDIA Jetson with CUDA libraries not made for it.

- A runner that dies on the Jetson. Ollama's arm64 releases before its JetPack builds (0.4, ollama#7217) carried
  only the CUDA libraries NVIDIA makes for ARM servers with discrete GPUs (sbsa: GH200, Ampere Altra with an A100);
  a Jetson's integrated GPU runs only the CUDA, cuBLAS and driver of its own JetPack release. With the server
  libraries (the generic arm64 release, a runner directory of Ollama's own dGPU libraries found first on the path, a
  container without JETSON_JETPACK) the GPU is found, the model is placed, and the runner aborts on its first cuBLAS
  call or kernel: CUBLAS_STATUS_EXECUTION_FAILED in ggml_cuda_mul_mat_batched_cublas (ollama#5100, #4391), "the
  resource allocation failed" in cublasCreate (ollama#6999), "the provided PTX was compiled with an unsupported
  toolchain" (ollama#6921), "PTX JIT compiler library not found". The generic readings (an architecture without
  kernels, a driver too old for the PTX, out of GPU memory) do not fit there: the same model runs with Ollama built
  on the board or its JetPack bundle (maintainer, ollama#6921 and #6999).
- A person's words that Ollama runs on the CPU, on a Jetson (jetson-containers#877, ollama#4376): the same cause as
  the log lines of ollama_w20b.py (no JetPack runner; on JetPack 4 none exists, and llama.cpp built on the board is
  the way).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_w20b import _ADVICE as _JETPACK_RUNNER

CHECKED = "2026-11-28"
_JETSON_SOURCES = ("https://github.com/ollama/ollama/issues/6999", "https://github.com/ollama/ollama/issues/6921",
                   "https://github.com/ollama/ollama/issues/5100", "https://github.com/ollama/ollama/pull/7217")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.jetson-runner-server-cuda-libraries",
        cause_id="ollama-runner-crash",
        kinds=("any",),
        contexts=("jetson",),
        # The generic rows' lines (cuBLAS failing, a PTX the driver refuses, cublasCreate's allocation), read on a
        # Jetson, where they mean the runner loaded CUDA libraries built for discrete-GPU ARM servers.
        patterns=(
            r"CUBLAS_STATUS_EXECUTION_FAILED",
            r"\bCUBLAS_STATUS_(?:ALLOC_FAILED|INTERNAL_ERROR)\b",
            r"CUDA error: the resource allocation failed",
            r"the provided PTX was compiled with an unsupported toolchain",
            r"\bcudaErrorUnsupportedPtxVersion\b",
            r"\bPTX JIT compiler library not found",
        ),
        refines=("cuda.cublas-execution-failed", "ollama.cuda-out-of-memory", "ollama.cuda-ptx-unsupported-toolchain",
                 "cuda.ptx-toolchain-too-new"),
        severity="fail",
        cause=("On this Jetson the runner loaded CUDA libraries made for ARM servers with discrete GPUs (Ollama's "
               "generic arm64 build, or its dGPU libraries found first on the library path), which the Jetson's "
               "integrated GPU cannot run, so it aborted on its first CUDA or cuBLAS call; the model and the memory "
               "are not the problem."),
        advice=("Run the build made for this JetPack: for Ollama, install or update it with the official script (`curl "
                "-fsSL https://ollama.com/install.sh | sh`), which adds the JetPack 5 or 6 bundle (cuda_jetpack5/6), "
                "or in Docker pass `-e JETSON_JETPACK=6` (or 5), or use a jetson-containers ollama image; remove any "
                "cuda_v11/cuda_v12 runner libraries of the generic arm64 build from the library path (LD_LIBRARY_PATH, "
                "/usr/local/lib/ollama) so that JetPack's CUDA in /usr/local/cuda is loaded; or build Ollama or "
                "llama.cpp from source on the board against JetPack's CUDA. Check the board's release with `cat "
                "/etc/nv_tegra_release` (L4T R35 is JetPack 5, R36 JetPack 6); JetPack 4 has no Ollama build, use "
                "llama.cpp built on the board there."),
        action="configure",
        rules_out=("a model too large for memory", "the driver"),
        never_suggest=("reinstall the driver", "update the driver", "smaller model", "fewer GPU layers"),
        versions=("ollama<0.4.0",),
        sources=_JETSON_SOURCES,
        checked=CHECKED,
        examples=("ollama/ollama-5100-jetson-agx-orin-cublas-execution-failed-timeout.txt",
                  "ollama/ollama-4391-jetson-jp6-ga-prebuilt-cublas-batched-failed.txt",
                  "ollama/ollama-6999-jetson-cublas-create-resource-allocation-failed.txt"),
    ),
    Signature(
        code="ollama.jetson-runs-on-cpu-described",
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        contexts=("jetson",),
        described=True,
        # A person's words that Ollama uses the CPU and not the GPU, in a text that shows a Jetson.
        patterns=(
            r"\b(?:Ollama|ollama|OLLAMA) (?:is |was )?running (?:only )?(?:in|on) (?:the )?CPU\b",
            r"\busing (?:Ollama|ollama|OLLAMA)\b[^\n]{0,60}?\b(?:with|on) (?:the )?CPU\b",
            r"\b(?:Ollama|ollama|OLLAMA) (?:is |was )?not using (?:the |my |any )?GPU",
            r"\b(?:Ollama|ollama|OLLAMA)\b[^\n]{0,60}?\b(?:can ?not|can't|cannot|doesn't|does not|won't) use "
            r"(?:the |my )?GPU",
        ),
        severity="warn",
        cause=("By this description Ollama runs the models on the Jetson's ARM cores: it is running without a build "
               "for the board's JetPack (the generic arm64 build, a container without JETSON_JETPACK, or a JetPack "
               "Ollama has no build for, such as JetPack 4 on the original Jetson Nano)."),
        advice=_JETPACK_RUNNER + (" On the original Jetson Nano (JetPack 4.6) Ollama has no CUDA build at all: run "
                                  "llama.cpp built with CUDA on the board (or a jetson-containers llama.cpp image) "
                                  "instead."),
        action="configure",
        rules_out=("a missing NVIDIA driver package",),
        never_suggest=("reinstall the driver", "update the driver", "--gpus=all"),
        sources=("https://github.com/dusty-nv/jetson-containers/issues/877",
                 "https://github.com/ollama/ollama/issues/4376", "https://github.com/ollama/ollama/pull/7217"),
        checked=CHECKED,
        examples=("ollama/jetson-containers-877-nano-4gb-jetpack-46-ollama-cpu-prose.txt",
                  "ollama/ollama-4376-jetson-nano-prebuilt-cpu-prose.txt"),
    ),
)
