"""Issue 25, w40b: GPU kernels guarded to one architecture (rows of the cuda area).

Hand-written Hopper and Blackwell kernels (CUTLASS's in vLLM and SGLang, DeepSeek's DeepGEMM and FlashMLA) are compiled
for one architecture family and guard their body with `#if __CUDA_ARCH__ == ...`; on any other GPU the guard prints
"This kernel only supports sm120" (CUTE_INVALID_CONTROL_PATH, DG_DEVICE_ASSERT) and traps, so CUDA reports an
unspecified launch failure or an illegal instruction on the next line. The GPU and its driver are fine: the kernel
the program picked is not one for this GPU (GB10's compute capability 12.1 behind an "== 1200" guard, an sm_90a kernel
on an sm_120 card).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.kernel-guarded-to-other-arch",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(r"This kernel only supports (?P<arch>(?:sm_?|SM)\d{2,3}[a-z]?(?: ?/ ?sm_?\d{2,3}[a-z]?)?"
                  r"(?:-family GPUs)?)",),
        # The trap the guard ends in, as CUDA reports it on the following lines.
        refines=("cuda.unspecified-launch-failure", "cuda.illegal-instruction"), refines_within=4,
        severity="fail",
        cause=("A GPU kernel the program chose is built or guarded for {arch} only, and this GPU is another "
               "architecture (GB10/DGX Spark is sm_121, RTX 50 sm_120, B200 sm_100, H100 sm_90), so the kernel stopped "
               "itself and CUDA reported a launch failure."),
        advice=("Use a build of the program whose kernels cover this GPU's architecture "
                "(`python -c \"import torch; print(torch.cuda.get_device_capability())\"` shows it): for vLLM on GB10 "
                "(12.1) a release or source build whose CUTLASS FP8 kernels use the SM12x family guard "
                "(enable_sm120_family) instead of the sm120-only one; or keep this build and route around the kernel: "
                "vLLM `VLLM_DISABLED_KERNELS=<the kernel class the log selected>` (CutlassFp8BlockScaledMMKernel falls "
                "back to the Triton one), or pick the attention/GEMM backend made for this GPU instead of the Hopper "
                "(sm_90a) or B200 (sm_100) one. Nothing on the host needs to change."),
        action="configure",
        rules_out=("the GPU's hardware", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "update the driver", "set CUDA_LAUNCH_BLOCKING", "replace the GPU"),
        sources=("https://github.com/Avarok-Cybersecurity/dgx-vllm/issues/9",
                 "https://github.com/vllm-project/vllm/issues/43367",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#compute-capabilities"),
        checked="2026-11-28",
        examples=("vllm/dgxvllm-9-gb10-fp8-cutlass-only-supports-sm120.txt",),
    ),
)
