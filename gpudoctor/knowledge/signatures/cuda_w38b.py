"""Issue 25, w38b: a CUDA driver too old for the driver API a program calls (rows of the cuda area).

A program that loads libcuda itself and looks its entry points up one by one (Taichi's DynamicLoader) names the
function the installed driver does not export: "Function cuDeviceGetDefaultMemPool not found". The function is newer
than the driver (the stream-ordered memory pools came with CUDA 11.2, R460), so CUDA detection fails and the program
runs on another backend; a newer driver is the fix. (A library older than the driver, which fails on the driver's new
entry points, is frameworks_w34c's `library-predates-driver`, the opposite case.)
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.driver-api-function-not-found",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            # Taichi's dynamic_loader.cpp: "[dynamic_loader.cpp:taichi::DynamicLoader::load_function@32] Function
            # cuDeviceGetDefaultMemPool not found" (and the same text inside its RuntimeError warning). cuInit missing
            # is no driver at all, not an old one.
            r"load_function@\d{1,5}\] Function (?P<function>cu(?!Init\b)[A-Z]\w{2,60}) not found",
        ),
        # Taichi then prints its CPU fallback ("Arch=[<Arch.cuda: 5>] is not supported, falling back to CPU"), which
        # cuda.libcuda-unversioned reads where no earlier line says why: here libcuda was found, and is too old
        # (rev40b)
        refines=("cuda.libcuda-unversioned",),
        refines_within=None,
        severity="fail",
        cause=("The installed NVIDIA driver does not export {function}, a CUDA driver API function newer than it (the "
               "memory-pool functions such as cuDeviceGetDefaultMemPool need a CUDA 11.2 driver, branch 460 or newer), "
               "so the program cannot use CUDA and falls back to another backend or the CPU."),
        advice=("Update the NVIDIA driver to a current branch (`nvidia-smi` shows the newest CUDA the installed one "
                "supports in its header; memory pools need a CUDA 11.2 driver: 460.27 or newer on Linux, 460.82 on Windows): "
                "the distribution's driver package, or https://www.nvidia.com/drivers on Windows, then restart the "
                "program. Where the driver cannot change, run the program on its other backend (Taichi: "
                "`ti.init(arch=ti.vulkan)` or `ti.cpu`)."),
        action="configure",
        rules_out=("the GPU", "the program's installation"),
        never_suggest=("reinstall taichi", "reinstall the CUDA toolkit"),
        sources=("https://github.com/taichi-dev/taichi/pull/7912",
                 "https://github.com/taichi-dev/taichi/issues/8505",
                 "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"),
        checked="2026-11-27",
        examples=("frameworks/taichi-8505-cudevicegetdefaultmempool-not-found-vulkan.txt",),
    ),
)
