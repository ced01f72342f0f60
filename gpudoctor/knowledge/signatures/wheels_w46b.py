"""Issue 25, w46b: wheel families the fresh threads of 2025-2026 showed the catalogue reading too hard.

bitsandbytes' own warnings. bitsandbytes 0.43 and later print, at WARNING level, "Could not find the bitsandbytes CUDA
binary at ...libbitsandbytes_cudaNNN.dll" (0.46+: "Configured CUDA binary not found at") and "The installed version of
bitsandbytes was compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization are
unavailable." when no CUDA library of theirs fits the CUDA torch reports (a CUDA newer than the release ships, cu128 on
0.45, or a CPU-only build). The program goes on: only bitsandbytes' own GPU features are missing. Where a later line
shows one of them failing (an 8-bit optimizer's missing symbol, "CUDA Setup failed despite GPU being available"),
wheels.bitsandbytes-cpu-library reads that line as the failure; the warnings alone are a warning: where the app does
not use those features (an image or video generator on the GPU), helpers settle on ignoring them.

A dated nightly pinned after it left the index. PyTorch's nightly indexes (download.pytorch.org/whl/nightly/cuXXX) keep
only the recent nightlies; an installer or requirements file that pins one build (torch==2.7.0.dev20250310+cu128, as
RTX 50 guides did before 2.7 shipped) stops resolving weeks later, and pip lists only newer .dev builds. The Python is
not the problem (wheels.pinned-version-not-for-this-python's reading); the stable release of that version on the
matching CUDA index, or a current nightly, is the fix (rsxdalv/TTS-WebUI#561).
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
    Signature(
        code="wheels.pinned-nightly-pruned-from-index",
        cause_id="pinned-dependency-unavailable",
        kinds=("any",),
        # pip's line for a requirement pinned to a dated nightly (X.Y.Z.devYYYYMMDD, with or without +cuXXX) where the
        # index lists other builds; "(from versions: none)" is no build for this platform at all (Triton on Windows:
        # frameworks.triton-no-windows-wheel), not a pruned one
        patterns=(r"Could not find a version that satisfies the requirement (?P<package>[\w.-]{2,40})==(?P<pinned>\d{1,2}\.\d{1,2}"
                  r"(?:\.\d{1,2})?\.dev20\d{6}[\w.+]{0,20}) {1,2}\(from versions: \d",),
        severity="fail",
        cause=("The install pins {package} to one dated nightly build ({pinned}), and the nightly index no longer serves "
               "it: PyTorch's nightly indexes keep only recent builds, so the pin stops resolving after a few weeks "
               "whatever the Python or the GPU."),
        advice=("Pin a build the index still serves: the stable release of that version from the matching CUDA index "
                "(e.g. `pip install torch==2.7.0 torchvision torchaudio --index-url https://download.pytorch.org/whl/cu128` "
                "for a 2.7.0 nightly pin), or a current nightly (`pip install --pre torch --index-url "
                "https://download.pytorch.org/whl/nightly/cu128`); for an app's installer, change its pin or use a release "
                "of the app that pins a stable torch."),
        action="configure",
        rules_out=("the Python version", "the driver"),
        never_suggest=("reinstall the driver", "update the driver", "install another Python"),
        sources=("https://github.com/rsxdalv/TTS-WebUI/issues/561", "https://pytorch.org/get-started/locally/"),
        checked=CHECKED,
        examples=("wheels/ttswebui-561-pinned-torch-nightly-pruned-from-index.txt",),
        refines=("wheels.pinned-version-not-for-this-python",),
    ),
)
