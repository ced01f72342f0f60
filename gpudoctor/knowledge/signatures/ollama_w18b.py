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
# The ggml runners people name in their own words.
_GGML_RUNNER = (r"(?:llama\.cpp|llama-cpp(?:-python)?|llama_cpp|whisper\.cpp|whisper-cpp|pywhispercpp|koboldcpp|KoboldCpp|"
                # an app's bundled "Llama server executable" (OpenWhispr#232), as the person names it (w48a)
                r"llamafile|llama-server|[Ll]lama [Ss]erver|whisper-server|LocalAI|[Tt]abby)")

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
    Signature(
        code="ollama.ggml-runner-built-without-cuda-described",
        described=True,
        # "not compiled with CUDA support" also reads as a torch extension's CPU build (wheels.extension-compiled-without-
        # cuda); where the line names a ggml runner, this reading takes its place.
        refines=("wheels.extension-compiled-without-cuda",),
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        # People's and helpers' words that a llama.cpp, whisper.cpp, koboldcpp or Tabby binary has no CUDA in it:
        # "the whisper.cpp and llama.cpp binaries shipped with this are not compiled with CUDA support", "llama.cpp was
        # built without CUDA", "you're not building tabby with cuda feature".
        patterns=(
            _GGML_RUNNER + r"[^\n]{0,80}?(?:\bnot|n't|\bnever) (?:been )?(?:compiled|built) (?:with|for) (?:the )?(?:CUDA|cuda|"
            r"cuBLAS|cublas|GPU|gpu)\b",
            _GGML_RUNNER + r"[^\n]{0,80}?\b(?:compiled|built|shipped) without (?:the )?(?:CUDA|cuda|cuBLAS|cublas|GPU|gpu|"
            r"GGML_CUDA)\b",
            r"\bnot (?:building|compiling) " + _GGML_RUNNER + r" with (?:the )?(?:CUDA|cuda)\b",
            # w48a: "The included Llama server executable seems compiled for CPU utilization only", "llama.cpp is a
            # CPU-only build", "koboldcpp's CPU only binary"
            _GGML_RUNNER + r"[^\n]{0,80}?\b(?:compiled|built|shipped) (?:for|with) (?:the )?(?:CPU|cpu)(?: [\w-]{1,15})? "
            r"only\b",
            _GGML_RUNNER + r"[^\n]{0,80}?\b(?:CPU|cpu)[- ]only (?:build|binary|binaries|executable|version|release)\b",
        ),
        severity="warn",
        cause=("The description suggests a llama.cpp-family binary (llama.cpp, whisper.cpp, koboldcpp, Tabby, an app's "
               "bundled copy) built without CUDA, so it runs on the CPU whatever GPU setting it is given."),
        advice=("Use a CUDA build of that binary: the project's CUDA release (llama.cpp's and whisper.cpp's cuda or "
                "cublas archives, koboldcpp's regular CUDA executable rather than the nocuda one, Tabby's CUDA image), "
                "or build it with CUDA (`cmake -B build -DGGML_CUDA=ON && cmake --build build --config Release` in a "
                "fresh build folder; llama-cpp-python: `CMAKE_ARGS=\"-DGGML_CUDA=on\" pip install llama-cpp-python "
                "--force-reinstall --no-cache-dir`); an app that bundles one needs its binary swapped for the CUDA "
                "build. Its log then shows ggml_cuda_init finding the GPU."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/OpenWhispr/openwhispr/issues/56", "https://github.com/OpenWhispr/openwhispr/issues/232",
                 "https://github.com/TabbyML/tabby/issues/1163",
                 WHISPER_CPP_BUILD),
        checked="2026-11-27",
        examples=("ollama/openwhispr-56-shipped-binaries-without-cuda.txt",
                  "ollama/openwhispr-232-bundled-llama-server-cpu-only-build.txt"),
    ),
    Signature(
        code="ollama.distro-package-without-cuda-described",
        described=True,
        # A person's "Ollama runs on the CPU" (ollama.runs-on-cpu-described) with the package they installed named on the
        # same line: the package's own reading takes its place.
        refines=("ollama.runs-on-cpu-described",),
        cause_id="ollama-install-incomplete",
        kinds=("any",),
        # Arch splits Ollama: the ollama package has only the CPU backends, ollama-cuda (and ollama-rocm) add the GPU
        # ones; "pacman -S ollama" without them, or a helper's "Ollama requires the ollama-cuda package", says so.
        patterns=(
            r"\b(?:pacman|yay|paru) -S\w{0,3} ollama\b(?!-)(?![^\n]{0,60}ollama-(?:cuda|rocm))",
            r"(?:[Rr]equires?|[Nn]eeds?|[Ii]nstall(?:ed|ing)?|[Uu]se|[Uu]sing)(?: the)? [`'\"]?ollama-cuda\b",
            r"\b[Oo]llama\b[^\n]{0,40}?\b(?:package|pkg)\b[^\n]{0,40}?\b(?:is |was )?(?:CPU[- ]only|cpu[- ]only|without "
            r"(?:CUDA|cuda|GPU|gpu))\b",
            # w46a: Ollama from a package manager whose build has no CUDA ("When installing `ollama` via Homebrew, NVIDIA
            # GPU inference (CUDA) is not supported", "installed ollama with snap and it only runs on the CPU")
            r"^(?=[^\n]{0,200}?[Oo]llama)[^\n]{0,200}?\b(?:via|with|using|from|through) (?:Homebrew|homebrew|brew|snap|"
            r"Snap|the AUR|AUR|nixpkgs|Flatpak|flatpak|conda-forge)\b[^\n]{0,160}?(?:\b(?:only )?(?:uses?|runs? on) (?:the )?"
            r"CPU\b|\bCPU[- ]only\b|\bno (?:CUDA|GPU) support\b|\b(?:CUDA|NVIDIA|GPU)\b[^\n]{0,40}?\b(?:is|are) not "
            r"supported\b|"
            # w48a: "(installed from homebrew) ... ollama doesn't pick up my GPU" (ollama#16063)
            r"\b(?:does ?n[o']t|does not|did ?n[o']t|won'?t|can'?t|cannot|never|not) (?:pick(?:s|ing)? up|use|using|detect|"
            r"see|find|recogni[sz]e|utili[sz]e) (?:the |my |any |an? )?(?:NVIDIA |[Nn]vidia )?(?:GPU|gpu|graphics card)\b)"
            r"(?![^\n]{0,120}\?)",
        ),
        severity="warn",
        cause=("The description suggests Ollama came from a distribution package without its CUDA runner (Arch's ollama "
               "package has only the CPU backends, ollama-cuda adds CUDA; Homebrew's formula on Linux has no CUDA), so "
               "every model runs on the CPU."),
        advice=("Install the distribution's CUDA build of Ollama, or Ollama's own: on Arch `sudo pacman -S ollama-cuda` "
                "(then `sudo systemctl restart ollama`), on NixOS `services.ollama.acceleration = \"cuda\";` (or the "
                "ollama-cuda package); elsewhere (Homebrew on Linux), where the package has no CUDA runner, "
                "Ollama's install script "
                "(`curl -fsSL https://ollama.com/install.sh | sh`). `ollama ps` then shows the model on the GPU."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/16063", "https://github.com/omacom/omarchy/pull/1319",
                 "https://wiki.archlinux.org/title/Ollama", "https://github.com/ollama/ollama/issues/13657"),
        checked="2026-11-27",
        examples=("ollama/omarchy-1319-arch-ollama-needs-ollama-cuda.txt",
                  "ollama/ollama-13657-brew-formula-linux-no-cuda-prose.txt",
                  "ollama/ollama-16063-homebrew-linux-bazzite-no-gpu.txt"),
    ),
)
