"""Issue 25 (helper w18b): local LLM and speech runners built or shipped without CUDA, in their own words.

Tabby's command line (clap) lists the devices its build supports: a binary built without the cuda feature (a plain
`cargo build`, the CPU release asset) refuses `--device cuda` with "[possible values: cpu]". whisper.cpp, which shares
llama.cpp's ggml, prints how many devices its backends registered and "no GPU found" when none is a GPU: a build
without -DGGML_CUDA=1 (a distribution's package, an app's CPU build script, the BLAS release archive) registers only
the CPU.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WHISPER_CPP_BUILD = "https://github.com/ggml-org/whisper.cpp#nvidia-gpu-support"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.tabby-build-without-cuda",
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        patterns=(r"error: invalid value '(?P<device>cuda|rocm|vulkan|metal)' for '--device <DEVICE>'",),
        severity="fail",
        cause=("This Tabby binary was built without {device} support (its --device accepts only what the build "
               "includes, here not {device}), so it cannot use the GPU."),
        advice=("Run a Tabby build with CUDA: the CUDA Docker image (`docker run --gpus all ... tabbyml/tabby serve "
                "--device cuda`) or the release's CUDA binary, or build it with the feature "
                "(`cargo build --features cuda --release --package tabby`, needs the CUDA toolkit); the plain binary "
                "and `cargo build` without the feature run on the CPU only."),
        action="configure",
        rules_out=("a driver fault: the binary never tried the GPU",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/TabbyML/tabby/issues/1163", "https://tabby.tabbyml.com/docs/installation/docker"),
        checked="2026-11-27",
        examples=("ollama/tabby-1163-device-cuda-invalid-value-cpu-build.txt",),
    ),
    Signature(
        code="ollama.whisper-cpp-without-gpu-backend",
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        # whisper.cpp (src/whisper.cpp): whisper_init_with_params_no_state logs ggml_backend_dev_count(); a CUDA build
        # on a machine with a GPU counts 2 (CUDA0 and the CPU), a CPU-only build 1. whisper_backend_init_gpu says "no
        # GPU found" when use_gpu is on and no GPU device is registered (also in a GPU build whose CUDA init failed:
        # the ggml_cuda_init lines above it then say why).
        patterns=(r"whisper_backend_init_gpu: no GPU found",
                  r"whisper_init_with_params_no_state: devices {1,8}= 1(?!\d)"),
        severity="warn",
        cause=("whisper.cpp registered no GPU device: this build (an app's bundled whisper.cpp, a distribution package, "
               "the BLAS release archive) most likely has no CUDA backend, so it transcribes on the CPU even with GPU "
               "use on."),
        advice=("Use a whisper.cpp built with CUDA: rebuild it in a fresh build folder with `cmake -B build "
                "-DGGML_CUDA=1 && cmake --build build -j --config Release` (the CUDA toolkit installed; the app's build "
                "script needs the same -DGGML_CUDA=1), or on Windows the whisper-cublas release archive; for "
                "pywhispercpp `GGML_CUDA=1 pip install` from source. The log must then show ggml_cuda_init finding the "
                "GPU and devices = 2."),
        action="configure",
        rules_out=("a driver fault: the build never tried the GPU",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Zackriya-Solutions/meetily/issues/100",
                 "https://github.com/Zackriya-Solutions/meetily/issues/126", WHISPER_CPP_BUILD),
        checked="2026-11-27",
        examples=("ollama/meetily-100-whisper-server-devices-1-no-gpu.txt",),
    ),
)
