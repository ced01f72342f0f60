"""Issue 25, w40f: managed-memory prefetching on a GPU without concurrent managed access (rows of the cuda area).

cudaMemPrefetchAsync and cudaMemAdvise (cuMemPrefetchAsync, cuMemAdvise in the driver API) act on a GPU only where its
cudaDevAttrConcurrentManagedAccess attribute is 1: a Linux host with a Pascal or newer discrete GPU. Under WSL 2 and on
native Windows (the Windows driver offers no concurrent managed access), on Jetson's integrated GPUs and on some vGPU
profiles it is 0, and CUDA answers the prefetch with cudaErrorInvalidDevice, "invalid device ordinal", although the
device number is right. RAPIDS (RMM's prefetch, cudf.pandas' and cudf-polars' managed pools), pbrt-v4 and MatX check
the attribute and skip the prefetch since; older releases fail. The device numbering (CUDA_VISIBLE_DEVICES) has nothing
to do with it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

MANAGED_MEMORY_GUIDE = "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#um-requirements"
WSL_LIMITATIONS = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html#known-limitations-for-linux-cuda-applications"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.prefetch-without-concurrent-managed-access",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        patterns=(
            # The call named in the check macro's words: 'CUDA RT call "cudaMemPrefetchAsync(...)" ... failed with
            # invalid device ordinal (10)', cuda-python's and Numba's driver calls (CUDA_ERROR_INVALID_DEVICE).
            r"\bcu(?:da)?Mem(?:PrefetchAsync|Advise)\w{0,4}\b[^\n]{0,300}?(?:invalid device ordinal|"
            r"cudaErrorInvalidDevice|CUDA_ERROR_INVALID_DEVICE|\bcode 101\b)",
            # RMM's and libcudf's prefetch sources in the error's location: "CUDA error at: .../rmm/cpp/src/
            # prefetch.cpp:40: cudaErrorInvalidDevice invalid device ordinal", cudf's prefetch utilities.
            r"\bprefetch[\w.-]{0,30}\.(?:cpp|cu|cuh|hpp|h|pyx):\d{1,6}: (?:\d{1,3} )?cudaErrorInvalidDevice\b",
            # SYCL's CUDA plugin names its prefetch function beside the error ("cuda_piextUSMEnqueuePrefetch"); the
            # name alone is no failure: SYCL_PI_TRACE prints "---> piextUSMEnqueuePrefetch(" for every call (rev40c).
            r"(?<![A-Za-z])piextUSMEnqueuePrefetch\b[^\n]{0,200}?(?:CUDA_ERROR_INVALID_DEVICE|PI_ERROR_INVALID_DEVICE|"
            r"invalid device ordinal)",
            r"(?:CUDA_ERROR_INVALID_DEVICE|PI_ERROR_INVALID_DEVICE)[^\n]{0,200}?(?<![A-Za-z])piextUSMEnqueuePrefetch\b",
        ),
        refines=("cuda.invalid-device-ordinal",),
        severity="fail",
        cause=("A managed-memory prefetch or advice (cudaMemPrefetchAsync, cudaMemAdvise) ran on a GPU without concurrent "
               "managed access (WSL 2 and native Windows, Jetson's integrated GPUs, some vGPUs), where CUDA refuses it "
               "as an \"invalid device ordinal\" though the device number is right."),
        advice=("Check the GPU's concurrent managed access (`cudaDeviceGetAttribute(&v, "
                "cudaDevAttrConcurrentManagedAccess, dev)`; `nvidia-smi` cannot show it): where it is 0, skip the "
                "prefetch and cudaMemAdvise calls (your own code), update the library to a release that checks it "
                "(RMM and cudf test it since 24.10: cudf.pandas and cudf-polars then use no managed pool), or choose "
                "a non-managed memory resource (cudf-polars `POLARS_GPU_ENABLE_CUDA_MANAGED_MEMORY=0`, RMM's "
                "CudaAsyncMemoryResource). Under WSL 2 this is a documented limit of CUDA on WSL: native Linux has "
                "concurrent managed access. The device number is not the problem: renumbering GPUs changes nothing."),
        action="configure",
        rules_out=("a wrong device number", "the driver install"),
        never_suggest=("reinstall the driver", "change the device index"),
        sources=("https://github.com/NVIDIA/cudf/issues/1360", "https://github.com/mmp/pbrt-v4/pull/22",
                 "https://github.com/NVIDIA/MatX/issues/1007", "https://github.com/NVIDIA/cudf/pull/16552",
                 MANAGED_MEMORY_GUIDE, WSL_LIMITATIONS),
        checked="2026-11-28",
        examples=("cuda/cudf-1360-jetson-prefetch-invalid-device-ordinal.txt",),
    ),
)
