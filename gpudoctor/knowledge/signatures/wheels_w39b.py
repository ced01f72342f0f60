"""Issue 25, w39b: CUDA extensions whose setup.py refuses the nvcc it finds (rows of the wheels area).

The Mamba family of packages (causal-conv1d, mamba-ssm, VMamba's and other repos' selective_scan, copied from
flash-attn's setup.py) read the CUDA toolkit's version with `get_cuda_bare_metal_version(CUDA_HOME)`, which runs
`$CUDA_HOME/bin/nvcc -V`, and stop before compiling where that nvcc is missing or older than 11.6: "causal_conv1d is only
supported on CUDA 11.6 and above.  Note: make sure nvcc has a supported version by running nvcc -V." The CUDA that
PyTorch was built for (torch 2.1.0+cu121) and the driver's CUDA in nvidia-smi do not count: only the toolkit's nvcc.
flash-attn's own wording ("FlashAttention is only supported on CUDA ...") is wheels.flash-attn-nvcc-too-old's.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.extension-setup-nvcc-missing-or-too-old",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        patterns=(
            # "causal_conv1d is only supported on CUDA 11.6 and above.", "mamba_ssm is only supported on CUDA 11.6 and
            # above.", "package is only supported on CUDA 11.6 and above." (flash-attn's own name is another row's)
            r"\b(?!FlashAttention )(?P<package>[A-Za-z_][\w.-]{1,40}) is only supported on CUDA "
            r"(?P<needed>\d{1,2}(?:\.\d{1,2})?) and above",
        ),
        severity="fail",
        cause=("{package}'s setup.py reads the CUDA version from the CUDA toolkit's nvcc (CUDA_HOME, then PATH), not "
               "from PyTorch or the driver, and found no nvcc or one older than CUDA {needed}, so it refused to build."),
        advice=("Check the nvcc the build sees (`nvcc -V`, `which nvcc`, `echo $CUDA_HOME`): install the CUDA toolkit of "
                "PyTorch's CUDA version (`python -c 'import torch; print(torch.version.cuda)'`; conda: `conda install "
                "-c nvidia cuda-toolkit=12.1`, or NVIDIA's installer) and point CUDA_HOME at it with its bin first on "
                "PATH (`export CUDA_HOME=/usr/local/cuda-12.1 PATH=/usr/local/cuda-12.1/bin:$PATH`), then rerun pip "
                "with `--no-build-isolation`; or install the package's prebuilt wheel for your torch, CUDA and Python "
                "(causal-conv1d and mamba-ssm publish them on their GitHub releases) so nothing compiles. The driver's "
                "CUDA in nvidia-smi is not the toolkit."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/MzeroMiko/VMamba/issues/176", "https://github.com/state-spaces/mamba/issues/186",
                 "https://github.com/Dao-AILab/causal-conv1d/blob/main/setup.py"),
        checked=CHECKED,
        examples=("wheels/vmamba-176-selective-scan-needs-nvcc-116.txt",),
    ),
)
