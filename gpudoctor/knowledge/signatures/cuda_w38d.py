"""Issue 25, w38d: nvJitLink refusing the LTO-IR a newer NVRTC (or nvcc) produced (rows of the cuda area).

nvJitLink links only LTO-IR from a compiler of its own CUDA release or older; given NVVM output of a newer one it fails
in nvvmAddNVVMContainerToProgram and says it "may need newer version of nvJitLink library" (error 4 there, reported
as NVJITLINK_ERROR_INTERNAL by the API). In the threads the process had loaded NVRTC and nvJitLink of two CUDA
releases: a renderer whose loader preferred libnvrtc.so.13 on a machine with CUDA 12 and 13, pip's nvidia-nvjitlink
wheel older than the nvidia-cuda-nvrtc one, a system toolkit's library ahead of a wheel's on LD_LIBRARY_PATH.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.nvjitlink-older-than-lto-ir",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # nvJitLink's error log (printed by the program, or as "Linker error log:" by cuda-python/Numba)
        patterns=(r"ERROR \d{1,3} in nvvmAddNVVMContainerToProgram", r"may need newer version of nvJitLink library"),
        severity="fail",
        cause=("nvJitLink refused to link GPU code that a newer NVRTC or nvcc compiled: the process uses NVRTC and "
               "nvJitLink of two different CUDA releases (e.g. libnvrtc.so.13 with a CUDA 12 libnvJitLink.so.12, or an "
               "nvidia-nvjitlink wheel older than the nvidia-cuda-nvrtc one)."),
        advice=("Make NVRTC and nvJitLink come from the same CUDA release: see which ones the process loads "
                "(`LD_DEBUG=libs python ... 2>&1 | grep -E 'nvrtc|nvJitLink'`, `pip list | grep -i -E "
                "'nvrtc|nvjitlink'`); upgrade nvJitLink to at least NVRTC's version (`pip install -U "
                "nvidia-nvjitlink-cu12` to the nvidia-cuda-nvrtc-cu12 version), or keep only one CUDA version's lib "
                "folder visible (LD_LIBRARY_PATH, a second toolkit under /usr/local), or update the program to a "
                "release that loads the NVRTC matching its CUDA runtime (Genesis/gs-madrona's batch renderer). The "
                "driver is not at fault."),
        action="configure",
        rules_out=("a driver fault", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver", "downgrade the driver"),
        sources=("https://github.com/Genesis-Embodied-AI/genesis-world/issues/2089",
                 "https://github.com/numba/numba/issues/10353", "https://docs.nvidia.com/cuda/nvjitlink/index.html"),
        checked="2026-11-27",
        examples=("frameworks/genesis-2089-nvjitlink-error-4-nvvm-container.txt",),
    ),
)
