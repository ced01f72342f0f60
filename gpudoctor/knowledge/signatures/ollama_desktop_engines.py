"""Desktop chat apps that bundle their own llama.cpp engine (Jan's cortex.llamacpp) failing to load it.

Written blind for issue 25 (ninth wave, sampled from the trackers of Ollama's front-ends). Jan (0.5.x, through
cortex.cpp) loads its llama.cpp engine as a library per variant (windows-amd64-avx2-cuda-12-0, linux-...-cuda-12-0) and
reports "Could not load engine ... Could not load library ".../engine.dll"" when that variant was never installed, or
the CUDA runtime libraries it needs were not shipped beside it (0.5.7, before 0.5.8/0.5.9 bundled them).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DESKTOP_ENGINE_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.jan-engine-not-loadable",
        cause_id="ollama-install-incomplete",
        kinds=("any",),
        # cortex.cpp's engine loader (server.cc): the library path ends in the variant's engine.dll (or .so)
        patterns=(r"Could not load library \"[^\"\n]{1,300}?/engine\.(?:dll|so|dylib)\"",),
        severity="fail",
        cause=("Jan cannot load its llama.cpp engine (cortex.llamacpp's engine library for this variant): the engine "
               "variant is not installed, or the CUDA runtime libraries it needs were not installed beside it."),
        advice=("In Jan's Settings, Engines, install (or reinstall) the llama.cpp engine and pick its CUDA 12 variant "
                "for an NVIDIA GPU (CPU or Vulkan otherwise); on Jan 0.5.7 and older, update Jan, whose later releases "
                "install the CUDA libraries with the engine."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/janhq/jan/issues/4971", "https://github.com/janhq/jan/issues/4211",
                 "https://github.com/janhq/jan/issues/3947"),
        checked="2026-11-26",
        examples=("ollama/jan-4971-engine-dll-module-not-found-nightly.txt",
                  "ollama/jan-4211-cortex-engine-dll-cuda-12-0-not-loaded.txt"),
    ),
)
