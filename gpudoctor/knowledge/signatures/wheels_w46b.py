"""Issue 25, w46b: wheel families the fresh threads of 2025-2026 showed the catalogue reading too hard.

bitsandbytes' own warnings. bitsandbytes 0.43 and later print, at WARNING level, "Could not find the bitsandbytes CUDA
binary at ...libbitsandbytes_cudaNNN.dll" (0.46+: "Configured CUDA binary not found at") and "The installed version of
bitsandbytes was compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization are
unavailable." when no CUDA library of theirs fits the CUDA torch reports (a CUDA newer than the release ships, cu128 on
0.45, or a CPU-only build). The program goes on: only bitsandbytes' own GPU features are missing. Where a later line
shows one of them failing (an 8-bit optimizer's missing symbol, "CUDA Setup failed despite GPU being available"),
wheels.bitsandbytes-cpu-library reads that line as the failure; the warnings alone are a warning: where the app does
not use those features (an image or video generator on the GPU), helpers settle on ignoring them.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
BNB_INSTALL = "https://huggingface.co/docs/bitsandbytes/main/en/installation"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.bitsandbytes-cpu-library-warning",
        cause_id="bitsandbytes-no-cuda",
        kinds=("any",),
        # bitsandbytes/cextension.py's warnings (0.43-0.45, 0.46+), moved here from wheels.bitsandbytes-cpu-library,
        # whose remaining lines are the failures they lead to
        patterns=(r"The installed version of bitsandbytes was compiled without GPU support",
                  r"(?:Could not find the bitsandbytes|Configured) CUDA binary (?:not found )?at"),
        severity="warn",
        cause=("bitsandbytes found no CUDA library of its own for the CUDA PyTorch reports and loaded its CPU library: "
               "its 8-bit optimizers, 8-bit matrix multiplication and 4-bit/8-bit GPU quantization are unavailable, "
               "while the rest of the program runs."),
        advice=("If the program works and does not use bitsandbytes' 8-bit or 4-bit features, this warning is "
                "harmless and can be ignored. If it needs them (an 8-bit optimizer, load_in_8bit/load_in_4bit), "
                "upgrade bitsandbytes (`pip install -U bitsandbytes`: 0.43 and newer ship CUDA libraries for Windows "
                "and Linux and follow PyTorch's CUDA; a CUDA newer than the installed release knows, such as cu128 or "
                "cu130 torch, needs a newer bitsandbytes), or compile it for that CUDA; `python -m bitsandbytes` "
                "shows which library it loaded."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/Haoming02/sd-webui-forge-classic/issues/184", BNB_INSTALL),
        checked=CHECKED,
        examples=("wheels/forge-classic-184-bnb-0455-no-cuda129-binary.txt",),
    ),
)
