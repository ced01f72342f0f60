"""`python -m torch.utils.collect_env`: the operating system, the driver and the GPU models it lists.

PyTorch asks nvidia-smi for both ("Nvidia driver version", "GPU models and configuration",
torch/utils/collect_env.py), so they stand for NVML's answers; its CPU and library lines are not used.
"""

from __future__ import annotations

import re

from gpudoctor.pasted.answers import PastedAnswers

_FIELD = re.compile(r"^([A-Za-z][\w ()/.-]*?):\s*(.*)$")
_GPU = re.compile(r"^GPU (\d+): (.+?)(?: \(UUID: (GPU-[0-9a-fA-F-]+)\))?\s*$")


def fields(lines: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in lines:
        if (match := _FIELD.match(line.strip())) and match.group(1) not in found:
            found[match.group(1)] = match.group(2).strip()
    return found


def collect_env(lines: list[str], answers: PastedAnswers, block: str) -> None:
    found = fields(lines)
    gpus = [m for line in lines if (m := _GPU.match(line.strip()))]
    driver = found.get("Nvidia driver version")
    if driver and re.match(r"\d", driver):
        answers.nvml(block, "nvmlInit", value=True)
        answers.nvml(block, "nvmlSystemGetDriverVersion", value=driver)
    if gpus:
        answers.nvml(block, "nvmlInit", value=True)
        answers.nvml(block, "nvmlDeviceGetCount", value=len(gpus))
        for gpu in gpus:
            answers.nvml(block, "nvmlDeviceGetName", int(gpu.group(1)), value=gpu.group(2))
            answers.nvml(block, "nvmlDeviceGetUUID", int(gpu.group(1)), value=gpu.group(3))
