"""Issue 25 (helper w40j): a program that cannot read a unified-memory GPU's memory through NVML (GB10, DGX Spark).

The GB10 of the DGX Spark (and other coherent unified-memory platforms) has no dedicated framebuffer: NVML answers
NVML_ERROR_NOT_SUPPORTED for its memory info (nvidia-smi prints "Not Supported" under Memory-Usage, a documented DGX
Spark known issue), while CUDA itself works. Programs that size the GPU through nvmlDeviceGetMemoryInfo and treat the
error as fatal stop there: the Kubernetes device plugin of GPU Operator v25.3 ("error getting device memory: Not
Supported", gpu-operator#1794; v0.17.4 / Operator v25.10.0 ignore it), Xinference's GPU probe ("Fail to get GPU info:
Not Supported", xinference#4882, fixed in v2.10.0), MRC/Morpheus (DeviceInfo::DeviceTotalMemory, MRC#561), NeMo RL
("Failed to get free memory for device 0 ...: Not Supported", NeMo-RL#2203), HAMi, the DRA driver, nvtop and nvgpu.
The fix is a release of the program with a fallback (the CUDA runtime's cudaMemGetInfo / torch.cuda.mem_get_info, or
/proc/meminfo); the driver and the GPU are fine. The generic pynvml row (cuda.nvml-query-not-supported, nothing to
fix) reads the same NVMLError_NotSupported line of a traceback; where this row reads the program's own line about
the memory query, it takes that line as its evidence.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.nvml-memory-info-unified-memory",
        cause_id="nvml-memory-info-unified-memory",
        kinds=("any",),
        refines=("cuda.nvml-query-not-supported",),
        refines_within=None,
        patterns=(
            # the device plugins and DRA drivers (k8s-device-plugin, the GPU Operator's, HAMi's, dra-driver-nvidia-gpu):
            # "error getting device memory: Not Supported", "error getting memory info for device 0: Not Supported"; never
            # the warning of the releases that handle it ("Ignoring error getting device memory: Not Supported")
            r"(?<!Ignoring )\berror getting (?:device )?memory(?: info)?(?: for device \d{1,3})?: Not Supported",
            # a call named with its answer on the same line: MRC's "NVML failed running '...nvmlDeviceGetMemoryInfo(...)'.
            # Error msg: Not Supported", Go's "GetMemoryInfo ERROR_NOT_SUPPORTED", an issue title's "GetMemoryInfo returns
            # "Not Supported""
            r"GetMemoryInfo(?:_v2)?\b[^\n]{0,200}?\b(?:Not Supported|ERROR_NOT_SUPPORTED)\b",
            # a program's own words for the failed memory query: NeMo RL's "Failed to get free memory for device 0
            # (global index: 0): Not Supported", Crystools' "Could not get GPU memory info. Not Supported"
            r"\b(?:[Ff]ailed to|[Uu]nable to|[Cc]ould not|[Cc]ouldn't|[Cc]annot) get (?:the )?(?:free |total |used |"
            r"device |GPU )?memory[^\n]{0,80}?[:.] Not Supported\b",
            # Xinference's device_utils GPU probe: "Fail to get GPU info: Not Supported"
            r"\bFail(?:ed)? to get GPU info: Not Supported\b",
        ),
        severity="fail",
        cause=("NVML cannot report this GPU's memory (it answered Not Supported): a unified-memory GPU such as the "
               "GB10 of the DGX Spark has no dedicated framebuffer for NVML to count (nvidia-smi shows 'Not Supported' "
               "under Memory-Usage there), and the program sizes the GPU through that query and stops when it fails. "
               "The driver, CUDA and the GPU work."),
        advice=("Upgrade the program to a release that falls back when NVML cannot report memory: the NVIDIA device "
                "plugin v0.17.4 or later (GPU Operator v25.10.0 or later: `helm upgrade gpu-operator nvidia/gpu-operator "
                "-n gpu-operator --version v25.10.0`), Xinference v2.10.0 or later (its probe tries "
                "nvmlDeviceGetMemoryInfo_v2 first, so the image's nvidia-ml-py must have that call), a HAMi release "
                "with GB10 support "
                "(and its preConfiguredDeviceMemory set to the memory to assume), a DRA driver release that treats the "
                "answer as non-fatal (until then the device plugin serves the GB10); for another program, patch the call "
                "to catch NVMLError_NotSupported and take the CUDA runtime's figure instead (`torch.cuda.mem_get_info()`, "
                "cudaMemGetInfo) or MemAvailable from /proc/meminfo, as those releases do. Reinstalling or downgrading the "
                "driver does not change NVML's answer on this GPU."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU", "the container runtime"),
        never_suggest=("reinstall the driver", "downgrade the driver"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/1794", "https://github.com/xorbitsai/inference/issues/4882",
                 "https://github.com/kubernetes-sigs/dra-driver-nvidia-gpu/issues/1073",
                 "https://github.com/Project-HAMi/HAMi/issues/1511", "https://github.com/NVIDIA/k8s-device-plugin/pull/1374",
                 "https://github.com/xorbitsai/inference/pull/4990", "https://github.com/nv-morpheus/MRC/issues/561",
                 "https://github.com/NVIDIA-NeMo/RL/pull/2203",
                 "https://docs.nvidia.com/dgx/dgx-spark/known-issues.html#nvidia-smi-reports-memory-usage-not-supported"),
        checked="2026-11-28",
        examples=("containers/gpuop-1794-dgx-spark-device-plugin-device-memory-not-supported.txt",
                  "vllm/xinference-4882-gb10-fail-to-get-gpu-info-not-supported.txt",
                  "frameworks/mrc-561-gb10-nvml-device-total-memory-not-supported.txt",
                  "frameworks/nemorl-2203-dgx-spark-grpo-free-memory-not-supported.txt",
                  "containers/dradriver-1073-gb10-memory-info-for-device-not-supported.txt",
                  "containers/hami-1511-gb10-getmemoryinfo-not-supported-panic.txt"),
    ),
)
