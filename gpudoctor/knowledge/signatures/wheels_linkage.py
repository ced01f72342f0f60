"""Compiled extensions linked against PyTorch's own shared libraries of another release: the loader cannot find a
torch library that the installed torch no longer ships, or does not ship yet.

wheels_installers.py adds these rows to its INSTALLER_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LINKAGE_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.extension-links-other-torch-library",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # Extensions (mmcv's _ext, detectron2, torch-scatter, RoseTTAFold's SE3 ops) record the torch libraries they
        # were linked with. libtorch_cpu.so appeared in torch 1.5; libtorch_cuda_cu.so and libtorch_cuda_cpp.so existed
        # from 1.8 to 1.12 and were merged back into libtorch_cuda.so in 1.13, so the loader misses them when the
        # extension and the installed torch come from different releases.
        patterns=(r"(?P<library>libtorch_cuda_cu|libtorch_cuda_cpp|libtorch_cpu)\.so: cannot open shared object file",),
        severity="fail",
        cause=("A compiled extension was built against another PyTorch release, which had {library}.so; the installed "
               "torch does not ship that library, so loading the extension fails."),
        advice=("Install the extension built for the installed torch and CUDA (`python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda)\"`): for mmcv, `mim install mmcv` or the mmcv-full wheel "
                "from the find-links page of that torch/CUDA; for others, rebuild it from source against this torch "
                "(`pip install --no-build-isolation --no-cache-dir <package>`), or install the torch version it was "
                "built for."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/AILab-CVC/YOLO-World/issues/346", "https://github.com/open-mmlab/mmcv/issues/660",
                 "https://github.com/MCG-NJU/SparseBEV/issues/83", "https://github.com/open-mmlab/mmagic/issues/1854",
                 "https://github.com/open-mmlab/mmdetection/issues/3209"),
        checked="2026-11-26",
        examples=("wheels/yolo-world-346-mmcv-libtorch-cuda-cu.txt", "wheels/mmcv-660-libtorch-cpu-so-missing.txt"),
    ),
)
