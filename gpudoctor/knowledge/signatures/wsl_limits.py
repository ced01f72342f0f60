"""WSL 2: the limitations NVIDIA's CUDA on WSL guide lists, as programs meet them (rows of the wsl area, joined into
wsl.SIGNATURES).

Written blind for issue 25 (thirteenth wave). The guide's known limitations (pinned system memory limited, no CUDA IPC,
no concurrent managed access) are read by other rows where CUDA's own error says so; these rows read the programs that
turn a limitation off on WSL and then fail on its absence.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.vllm-uva-unavailable",
        cause_id="pinned-memory-limited",
        kinds=("any",),
        # vLLM's UvaBuffer raises RuntimeError("UVA is not available") where is_uva_available() is false, which on WSL 2
        # follows is_pin_memory_available(): off unless VLLM_WSL2_ENABLE_PIN_MEMORY=1 (vllm#41496), and refused on WSL
        # kernels before 4.19.121. The V2 model runner allocates such buffers at init_device (vllm#47387, #54652); the
        # traceback's own line names the buffer where the paste is cut before the error.
        patterns=(r"RuntimeError: UVA is not available",
                  r"\b_uva_buf = UvaBuffer\("),
        contexts=("wsl",),
        severity="fail",
        cause="vLLM's V2 model runner needs UVA (pinned, zero-copy host memory), which vLLM leaves off under WSL 2 unless "
              "asked, so the engine failed at start-up (UVA is not available).",
        advice=("Turn pinned memory on for vLLM under WSL 2: `export VLLM_WSL2_ENABLE_PIN_MEMORY=1` (in Docker, `-e "
                "VLLM_WSL2_ENABLE_PIN_MEMORY=1`), which needs a WSL kernel of 4.19.121 or newer (`uname -r`; else `wsl "
                "--update` from Windows); or run the V1 model runner (`VLLM_USE_V2_MODEL_RUNNER=0`), or upgrade vLLM to a "
                "release that falls back to it by itself."),
        action="configure",
        rules_out=("the GPU's memory", "the model"),
        never_suggest=("--gpu-memory-utilization", "reinstall the driver", "install the Linux NVIDIA driver"),
        sources=("https://github.com/vllm-project/vllm/issues/43381", "https://github.com/vllm-project/vllm/issues/54652",
                 "https://github.com/vllm-project/vllm/issues/47387", "https://github.com/vllm-project/vllm/issues/50239",
                 "https://github.com/vllm-project/vllm/pull/47579", "https://github.com/vllm-project/vllm/pull/41496",
                 "https://github.com/syv-ai/qwen38-27b-rtx3090/pull/9", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/vllm-43381-wsl2-uva-not-available-qwen3.txt", "wsl/vllm-54652-wsl2-v2-runner-uva-buffer.txt"),
    ),
)
