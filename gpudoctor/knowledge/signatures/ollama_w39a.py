"""Issue 25 (helper w39a): Ollama on Windows judging a GPU "too old" from the PhysX CUDA runtime.

Ollama 0.1.33 on Windows looked for a CUDA runtime (cudart64_*.dll) on the PATH before its own, and the first it found
was often the old one NVIDIA's PhysX installs in C:\\Program Files (x86)\\NVIDIA Corporation\\PhysX\\Common
(cudart64_65.dll, cudart64_30_9.dll), which answers compute capability 1.0 for any GPU; Ollama then logs "CUDA GPU is too
old. Compute Capability detected: 1.0" and runs on the CPU (ollama#4008, #4117, #4984). No GPU Ollama's CUDA build
could ever load has compute capability 1.0, so that figure names the stray runtime, not the card. The maintainers'
workaround was to take PhysX's folder off the PATH (or put another cudart before it); PR #4135 made later releases skip
the PhysX library and later ones dropped cudart discovery.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.physx-cudart-reports-cc-1-0",
        cause_id="ollama-cpu-fallback",
        kinds=("ollama-log", "any"),
        # gpu.go's line (0.1.2x-0.1.4x, "Falling back to CPU mode." in the early ones) with the impossible 1.0.
        patterns=(r"CUDA GPU is too old\. (?:Falling back to CPU mode\. )?Compute Capability detected: 1\.0(?![.\d])",),
        refines=("ollama.cuda-gpu-too-old",),
        severity="fail",
        cause=("Ollama asked a stray CUDA runtime for the GPU's capability and got 1.0, which no GPU Ollama supports "
               "reports: on Windows it is the old cudart64_*.dll NVIDIA's PhysX installs in its PhysX\\Common folder on "
               "the PATH, so Ollama left a working GPU out and runs on the CPU."),
        advice=("Update Ollama: releases after 0.1.33 skip the PhysX cudart (and later ones no longer search the PATH "
                "for one). Until then, remove `C:\\Program Files (x86)\\NVIDIA Corporation\\PhysX\\Common` from the "
                "PATH (System Properties > Environment Variables), or put a current CUDA runtime's bin folder before it, "
                "and restart Ollama (quit it from the tray); the server log's \"detected GPUs\" line then names "
                "another library."),
        action="configure",
        rules_out=("a GPU too old for Ollama", "the NVIDIA driver"),
        never_suggest=("use a newer GPU", "update the driver", "reinstall the driver"),
        versions=("ollama 0.1.33 on Windows; skipped from the release after PR #4135",),
        sources=("https://github.com/ollama/ollama/issues/4008", "https://github.com/ollama/ollama/pull/4135"),
        checked="2026-11-27",
        examples=("ollama/ollama-4008-physx-cudart-reports-cc-1-0.txt",),
    ),
)
