"""Ollama's own GPU discovery turning a GPU away because a bundled CUDA build holds no code for it.

Written blind for issue 25 (ninth wave, sampled from Ollama's 2026 tracker). From 0.30 Ollama discovers GPUs through
its bundled llama-server builds (cuda_v13, cuda_v12, vulkan) and logs, for each CUDA build not compiled for a GPU's
compute capability, "skipping CUDA device — compute capability not in compiled architectures" with the device, its
cc and the build's archs. Another build often takes the GPU next (Pascal and Maxwell on cuda_v12, GB10 on cuda_v13),
so the line alone is no failure; when none does (sm_86 missing from 0.30.x's Windows cuda_v13, 0.32.14's CUDA 12
fallback, Jetson Orin's sm_87 on early JetPack 7 builds), every model runs on the CPU or Vulkan.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ARCH_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.cuda-device-skipped-arch",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # llm/llama_server discovery (0.30 and later); the dash is an em dash, pasted also as "-" or "--", and the
        # fields follow on the same line in the journal, on the next lines where a reporter wraps them
        patterns=(r"skipping CUDA device \S{1,3} compute capability not in compiled architectures",),
        severity="info",
        cause=("One of Ollama's bundled CUDA builds (cuda_v13 or cuda_v12) was not compiled for this GPU's compute "
               "capability, so Ollama's discovery skipped the GPU for that build: harmless when another build takes "
               "it, but when no \"inference compute\" line names the GPU with library=CUDA, every model runs on the "
               "CPU or Vulkan."),
        advice=("If no other CUDA build took the GPU (`ollama ps` shows 100% CPU, or the log's \"inference compute\" "
                "names no CUDA device), update Ollama to a release whose CUDA build lists this compute capability "
                "(0.30.x's Windows cuda_v13 lacked sm_86 until ollama#16834 in 0.32.0), or downgrade Ollama to the "
                "last release that used this GPU (0.24.0 for many RTX 30 laptops); check that the install kept its "
                "lib/ollama/cuda_v12 folder. The driver and the CUDA toolkit need no change."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit"),
        never_suggest=("update the NVIDIA driver", "install the CUDA toolkit", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/ollama/ollama/issues/17841", "https://github.com/ollama/ollama/issues/16620",
                 "https://github.com/ollama/ollama/issues/16908", "https://github.com/ollama/ollama/issues/17222",
                 "https://github.com/ollama/ollama/pull/16834", "https://github.com/ollama/ollama/issues/17766"),
        checked="2026-11-26",
        examples=("ollama/ollama-17841-a6000-sm86-skipped-cuda-v13.txt",),
    ),
    Signature(
        code="ollama.no-gpu-vram",
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        # what the server sizes its default context from once discovery is done: 0 B when it kept no GPU at all
        # (routes.go "vram-based default context" total_vram=, 0.12 and later; "entering low vram mode" "total vram"=
        # in 0.11 to 0.13). A CPU-only machine prints it too, so the row only informs.
        patterns=(r"total_vram=\"0 B\"", r"\"total vram\"=\"0 B\""),
        severity="info",
        cause=("Ollama's GPU discovery kept no GPU (total VRAM 0 B), so every model runs on the CPU: on a machine "
               "with an NVIDIA GPU, discovery failed or dropped it (a Windows laptop with hybrid graphics, a CUDA "
               "build that skipped it, a driver it could not load)."),
        advice=("If `nvidia-smi` lists the GPU, read the discovery lines just above with OLLAMA_DEBUG=1 for why it was "
                "dropped; on Windows laptops with hybrid graphics (Intel or AMD iGPU beside the NVIDIA GPU) set "
                "OLLAMA_LLM_LIBRARY=cuda_v13 (cuda_v12 for GPUs older than compute capability 7.5) for the server and "
                "restart it, or update Ollama."),
        action="configure",
        never_suggest=("reinstall the driver", "install the CUDA toolkit", "set num_gpu"),
        sources=("https://github.com/ollama/ollama/issues/17222", "https://github.com/ollama/ollama/issues/14960",
                 "https://github.com/ollama/ollama/issues/13593", "https://github.com/ollama/ollama/issues/18581"),
        checked="2026-11-26",
        examples=("ollama/ollama-17222-rtx3050-laptop-total-vram-0-cuda-v13.txt",),
    ),
)
