"""Frequent GPU failures of the local-LLM runners beside Ollama (llama.cpp and its bindings, KoboldCpp,
text-generation-webui, LM Studio, LocalAI and the rest), read in the words of the libraries they build on and run.

Written blind (issue 25, fourteenth wave). Registered in signatures/__init__.py's catalogue beside the area modules.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.cuda-math-headers-older-than-glibc",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc's host pass (EDG front end) on a glibc that declares the C23 half-cycle and reciprocal-root functions
        # noexcept (glibc 2.41: sinpi, cospi and their float forms; 2.42/2.43: rsqrt, rsqrtf), against CUDA headers
        # that declare them without it: llama.cpp, llama-cpp-python, KoboldCpp, NCCL, OpenCV and the CUDA samples
        # print it on Ubuntu 25.04+, Fedora 42+, Debian 13, Arch and openSUSE Tumbleweed. nvcc wraps its messages at
        # 80 columns, so the stable part is the second half of the sentence with the function's name.
        patterns=(r"specification is incompatible with that of previous function "
                  r"\"(?P<function>(?:cos|sin)pif?|rsqrtf?)\"",),
        severity="fail",
        cause=("The CUDA toolkit's headers are older than this system's C library: glibc (2.41 and newer) declares "
               "{function} noexcept, CUDA's crt/math_functions.h declares it without, and nvcc stops on the "
               "conflict in every CUDA source file, so the CUDA build (llama.cpp, llama-cpp-python, KoboldCpp or "
               "any other) fails whatever gcc is used. The driver and GPU are not involved."),
        advice=("Make the CUDA headers match this glibc, then rebuild without the cache. Quickest: NVIDIA's forum "
                "patch, adding `noexcept (true)` to the declarations the error names (sinpi, sinpif, cospi, cospif; "
                "rsqrt, rsqrtf) in the toolkit's targets/x86_64-linux/include/crt/math_functions.h. Or install the "
                "newest CUDA toolkit (13.2 declares rsqrt to match), or build inside an older distribution's "
                "container (e.g. nvidia/cuda:12.8.1-devel-ubuntu24.04), or skip the build: llama.cpp's release "
                "binaries or Docker image, a prebuilt llama-cpp-python CUDA wheel. A different gcc does not help."),
        action="configure",
        rules_out=("a driver fault", "a host compiler too new for nvcc"),
        never_suggest=("reinstall the driver", "update the driver", "-allow-unsupported-compiler"),
        sources=("https://forums.developer.nvidia.com/t/error-exception-specification-is-incompatible-for-cospi-"
                 "sinpi-cospif-sinpif-with-glibc-2-41/323591",
                 "https://github.com/opencv/opencv/issues/27111", "https://github.com/NVIDIA/cuda-samples/issues/378",
                 "https://offlinew.com/q/q/4098705818", "https://github.com/LostRuins/koboldcpp/issues/1521",
                 "https://github.com/NVIDIA/nccl/issues/1700"),
        checked="2026-11-26",
        examples=("wheels/opencv-27111-cuda-math-functions-cospi-glibc-241.txt",
                  "wheels/devuan-cuda-131-rsqrt-noexcept-glibc.txt",
                  "wheels/cuda-samples-378-cospi-sinpi-ubuntu-2504.txt"),
    ),
)
