"""Windows: what native Windows GPU set-ups print when a driver install, a device or a CUDA library the driver does
not ship goes wrong (rows of the wsl area, joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CUDNN_WINDOWS_ZLIB = "https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-890/install-guide/index.html#install-zlib-windows"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.cudnn-zlibwapi-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # cuDNN 8.3 to 8.9 on Windows load the ZLIB DLL zlibwapi.dll at their first convolution and print this when it is
        # not on the DLL search path; cuDNN does not ship it (cuDNN 9 no longer needs it).
        patterns=(r"Could not (?:locate|load library) zlibwapi\.dll",),
        severity="fail",
        cause="cuDNN 8 on Windows needs zlibwapi.dll (the ZLIB DLL it does not ship) and found none on the DLL search "
              "path, so the first cuDNN call stopped the program.",
        advice=("Install zlibwapi.dll as cuDNN's Windows install guide says: put the 64-bit zlibwapi.dll (the ZLIB DLL "
                "for x64) into a folder on PATH, such as C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\vX.Y\\bin "
                "(a 32-bit copy gives error code 193), or move to cuDNN 9, which no longer needs it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/AlexeyAB/darknet/issues/8551", "https://github.com/xaviviro/refacer/issues/35",
                 "https://github.com/lightvector/KataGo/issues/828", CUDNN_WINDOWS_ZLIB),
        checked="2026-11-26",
        examples=("wsl/refacer-35-could-not-locate-zlibwapi.txt", "wsl/darknet-8551-zlibwapi-rtx3070-laptop.txt"),
    ),
)
