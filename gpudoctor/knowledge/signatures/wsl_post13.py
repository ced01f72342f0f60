"""WSL 2 readings of library loaders that fall back to the CPU because WSL's libcuda is not where they look (rows of
the WSL area, joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.bitsandbytes-cpu-library",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # bitsandbytes' CPU fallback, read in a text that shows WSL: its CUDA setup before 0.43 searched
        # LD_LIBRARY_PATH and a few folders for libcuda.so, which under WSL 2 lives only in /usr/lib/wsl/lib (named
        # by ldconfig's cache as libcuda.so.1), so it reported no GPU and loaded its CPU library. Outside WSL the same
        # lines are wheels.bitsandbytes-cpu-library's and wheels.bitsandbytes-old-cuda-setup-on-windows's (whose
        # Windows advice does not apply inside WSL).
        patterns=(r"WARNING: No GPU detected! Check your CUDA paths\. Proceeding to load CPU-only library",
                  r"CUDA SETUP: CUDA detection failed! Possible reasons",
                  r"The installed version of bitsandbytes was compiled without GPU support",
                  r"CUDA SETUP: Defaulting to libbitsandbytes_cpu\.so",
                  # 0.38-0.42's summary when none of its CUDA libraries loaded though torch sees the GPU, and the CPU
                  # library's missing GPU functions when an optimizer or quantizer calls one.
                  r"CUDA Setup failed despite GPU being available",
                  r"libbitsandbytes_cpu\.so: undefined symbol: c\w{3,60}"),
        contexts=("wsl",),
        refines=("wheels.bitsandbytes-cpu-library", "wheels.bitsandbytes-cpu-library-warning",
                 "wheels.bitsandbytes-old-cuda-setup-on-windows"),
        severity="fail",
        cause="bitsandbytes loaded its CPU-only library inside WSL 2: its CUDA setup did not find the Windows driver's "
              "libcuda.so, which WSL puts in /usr/lib/wsl/lib, outside the paths it searches.",
        advice=("Put WSL's driver folder on the loader path, `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` "
                "(in ~/.bashrc or the program's environment; `ls /usr/lib/wsl/lib/libcuda.so*` shows it is there), and "
                "upgrade bitsandbytes (`pip install -U bitsandbytes`: 0.43 and newer load CUDA through PyTorch); "
                "`python -m bitsandbytes` then names a CUDA library. Nothing is installed on the Windows side for this."),
        action="configure",
        rules_out=("the GPU", "the Windows driver, where nvidia-smi works in WSL"),
        never_suggest=("install nvidia-driver", "cuda-drivers", "install the Linux driver in WSL"),
        sources=("https://github.com/bitsandbytes-foundation/bitsandbytes/issues/449",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/pull/337", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/bitsandbytes-449-wsl2-cpu-only-library-no-gpu.txt",),
    ),
)
