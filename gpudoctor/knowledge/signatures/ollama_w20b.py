"""Issue 25, rows for families blind sets missed: Ollama on an NVIDIA Jetson running on the CPU.

Ollama serves a Jetson's integrated GPU only through its JetPack builds (the ollama-linux-arm64-jetpack5 and -jetpack6
bundles, cuda_jetpack5/6 runners), chosen from the JETSON_JETPACK variable or /etc/nv_tegra_release (L4T R35 is JetPack
5, R36 JetPack 6; discover/cuda_common.go logs "unsupported L4T version" for others). The install script adds the
bundle when it finds a JetPack it knows ("Unsupported JetPack version detected" otherwise); a container has no
/etc/nv_tegra_release, so there JETSON_JETPACK must be passed. Releases before Ollama's Jetson support looked for NVML,
which JetPack before 6 does not ship, and found no GPU at all. Since mid-2026 discovery falls back to the standard CUDA
runner where no JetPack runner fits (JetPack 7). The rows read the generic CPU-fallback lines in the "jetson" context.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

OLLAMA_DOCKER = "https://docs.ollama.com/docker"
_ADVICE = ("On a Jetson, Ollama uses the GPU only with its JetPack build: install or update Ollama on the board with "
           "the official script (`curl -fsSL https://ollama.com/install.sh | sh`), which adds the JetPack 5 or 6 bundle "
           "when it finds /etc/nv_tegra_release (L4T R35 or R36); in Docker run the container with the NVIDIA runtime "
           "and `-e JETSON_JETPACK=6` (or 5; the container has no /etc/nv_tegra_release), or use a jetson-containers "
           "ollama image. Then the log's inference compute line names the CUDA (jetpack) library; jtop, not "
           "nvidia-smi, shows the GPU's load. On a JetPack Ollama has no bundle for (JetPack 4, 7), update to a release "
           "that falls back to its standard CUDA runner, or build it on the board.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.jetson-without-jetpack-runner",
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        contexts=("jetson",),
        refines=("ollama.no-compatible-gpu", "ollama.no-gpu-libraries"),
        # The generic rows' lines (discovery that accepted no GPU, old releases that found no NVML), and 0.1's own
        # "no GPU detected", read on a Jetson.
        patterns=(
            r"no compatible GPUs were discovered",
            r"(?<=msg=\"inference compute\" )id=(?:0|cpu) library=cpu\b",
            r"Discovered GPU libraries: \[\]",
            r"routes\.go:\d{1,5}: no GPU detected",
        ),
        severity="warn",
        cause=("Ollama found no GPU it can use on this Jetson and runs the models on its ARM cores: it is running "
               "without its JetPack runner (a generic build, a container without JETSON_JETPACK, a JetPack the "
               "installer does not know, or a release from before Ollama's Jetson support)."),
        advice=_ADVICE,
        action="configure",
        rules_out=("a missing NVIDIA driver package",),
        never_suggest=("reinstall the driver", "update the driver", "--gpus=all"),
        sources=(OLLAMA_DOCKER, "https://github.com/ollama/ollama/issues/1979", "https://github.com/ollama/ollama/issues/3098",
                 "https://github.com/ollama/ollama/issues/6866", "https://github.com/ollama/ollama/pull/16949"),
        checked="2026-11-27",
        examples=("ollama/ollama-1979-orin-020-no-gpu-libraries-cpu.txt",),
    ),
    Signature(
        code="ollama.install-unsupported-jetpack",
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        # install.sh on a Jetson whose JetPack it has no bundle for ("WARNING: Unsupported JetPack version detected.
        # GPU may not be supported"), as people quote it too.
        patterns=(r"[Uu]nsupported JetPack(?: version)? detected",),
        severity="warn",
        cause=("Ollama's installer has no JetPack build for this Jetson's JetPack release, so Ollama may run the models "
               "on the CPU."),
        advice=("Check the server log's inference compute line (or `ollama ps`) for the GPU. If it shows the CPU, update "
                "Ollama to its newest release, which falls back to the standard CUDA runner where no JetPack runner "
                "fits, or run a jetson-containers ollama image built for this JetPack; on JetPack 5 or 6 set "
                "JETSON_JETPACK to 5 or 6 for the server so it picks that bundle."),
        action="configure",
        rules_out=("a missing NVIDIA driver package",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/16602", "https://github.com/ollama/ollama/pull/16949"),
        checked="2026-11-27",
        examples=("ollama/ollama-16602-installer-unsupported-jetpack-72.txt",),
    ),
)
