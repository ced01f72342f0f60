"""Issue 25, w39b: a program's own check that refuses the GPU's compute capability (rows of the cuda area).

Many CUDA programs test the GPU against the architectures their release was built for and print their own line
rather than CUDA's "no kernel image": a binary-instrumentation tool that knows only the architectures of its release
("NVBit ERROR: SM 8.7 name Orin not supported"), a miner whose solvers need Maxwell ("Only CUDA devices with SM 5.0
and higher are supported", where "SM" is the compute capability, not a shader model), a photogrammetry feature
extractor below its minimum (AliceVision/PopSift: "CUDA-Enabled GPU detected, but the compute capabilities is not
enough."). The GPU is either newer than the release (a newer release of the program adds it) or older than its
minimum (another GPU, an older release built for it, or the CPU path); the driver and CUDA install are not the cause.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"
CUDA_GPUS = "https://developer.nvidia.com/cuda-gpus"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.program-refuses-gpu-compute-capability",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(
            # NVBit's start-up check (every release prints the GPU's SM and name): "NVBit ERROR: SM 7.5 name GeForce
            # RTX 2060 not supported", "NVBit ERROR: SM 8.7 name Orin not supported".
            r"NVBit ERROR: SM (?P<capability>\d{1,2}\.\d) name [^\n]{1,80}? not supported",
            # nheqminer's CUDA solvers (cuda_djezo, cuda_tromp): "Only CUDA devices with SM 5.0 and higher are
            # supported." and the like in other miners.
            r"[Oo]nly CUDA devices with SM ?(?P<minimum>\d{1,2}\.\d) (?:and|or) (?:higher|above|newer|later) are "
            r"supported",
            # AliceVision's gpu.cpp (Meshroom's FeatureExtraction with PopSift, DepthMap): the device's compute
            # capability below its requirement ("... is not enough", then "- Requirements: 3.0").
            r"CUDA-Enabled GPU detected, but the compute capabilit(?:y|ies) (?:is|are) not enough",
        ),
        severity="fail",
        cause=("The program's own check refuses this GPU: its compute capability is not one this release of the "
               "program supports (older than its minimum, or newer than the architectures the release knows), so it "
               "will not run its CUDA code on it."),
        advice=("Look up the GPU's compute capability (" + CUDA_GPUS + ", or `nvidia-smi --query-gpu=name,"
                "compute_cap --format=csv`) against the program's supported list. A GPU newer than the release: "
                "upgrade the program to a release that supports that compute capability (NVBit added Turing 7.5 in "
                "1.4 and Ampere 8.6 in 1.5.3). A GPU older than the minimum: use a GPU of the required compute "
                "capability or newer, an older release whose build still covered this card, or the program's CPU path "
                "(Meshroom: leave Force CPU Extraction on; DepthMap has no CPU path, so drop DepthMap and "
                "DepthMapFilter and mesh from the SfM points, its draft meshing). No driver or CUDA toolkit "
                "reinstall changes the check."),
        action="configure",
        rules_out=("the NVIDIA driver", "the CUDA installation"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/NVlabs/NVBit/issues/127", "https://github.com/NVlabs/NVBit/issues/33",
                 "https://github.com/nicehash/nheqminer/issues/264", "https://github.com/nicehash/nheqminer/issues/319",
                 "https://github.com/alicevision/AliceVision/blob/develop/src/aliceVision/gpu/gpu.cpp", CUDA_GPUS),
        checked=CHECKED,
        examples=("cuda/nvbit-127-orin-sm87-not-supported.txt", "cuda/nheqminer-264-gtx650ti-boost-sm50-required.txt"),
    ),
)
