"""Issue 25, wave 31 (w31a): attention kernels shipped as prebuilt wheels for app add-ons.

SageAttention has no CUDA wheels on PyPI: Windows users install a community wheel (woct0rdho/SageAttention's releases)
whose name carries the CUDA and torch it was built for (`+cu128torch2.8.0`, or an abi3 `torch2.9.0andhigher` build),
and Linux users build it from source. Its compiled modules (_fused, _qattn_sm80/_sm89/_sm90) link torch's DLLs or
shared libraries, so a wheel for another torch or CUDA fails on import: on Windows as a DLL load failure of _fused or
_qattn (module not found, procedure not found, or an initialization routine that failed), on Linux as an undefined
torch symbol in the .so. ComfyUI (--use-sage-attention) and the nodes that patch it in (KJNodes, WanVideoWrapper) run
with PyTorch's own attention when it is off.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES = (
    Signature(
        code="wheels.sageattention-built-for-other-torch",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # sageattention/quant.py `from . import _fused`, core.py's `from . import _qattn_sm80` (sm89, sm90): the
        # extension modules of a SageAttention 2 wheel. ComfyUI's nodes wrap it as "Can't import SageAttention: ...".
        patterns=(r"DLL load failed while importing (?P<module>_fused|_qattn_sm\d{2,3}\w{0,12}|_qattn)\b",
                  r"sageattention[\\/](?P<module>_fused|_qattn\w{0,20})\.(?:cpython|abi3|pyd)[\w.-]{0,60}: undefined\b"),
        severity="fail",
        cause=("SageAttention's compiled module {module} did not load: the SageAttention wheel was built for another "
               "torch or CUDA than the one installed (each prebuilt wheel names the torch and CUDA it was built for)."),
        advice=("Read the installed torch and CUDA (`python -c \"import torch; print(torch.__version__, "
                "torch.version.cuda)\"`, with ComfyUI portable's python_embeded\\python.exe) and install the "
                "SageAttention wheel whose name carries that torch and CUDA (on Windows from woct0rdho/SageAttention's "
                "releases: `+cu128torch2.8.0` for torch 2.8, the abi3 `torch2.9.0andhigher` build for torch 2.9 and "
                "newer, cu130 for a cu130 torch; on Linux build it here: `pip install --no-build-isolation "
                "git+https://github.com/thu-ml/SageAttention`), or pin torch to the version the wheel names; meanwhile "
                "start ComfyUI without --use-sage-attention (PyTorch's sdpa attention)."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit"),
        never_suggest=("update the driver", "reinstall the driver", "install CUDA"),
        refines=("wheels.windows-extension-dll-not-found", "wheels.windows-module-procedure-not-found",
                 "wheels.extension-built-for-other-torch"),
        sources=("https://github.com/wildminder/AI-windows-whl/issues/18",
                 "https://github.com/woct0rdho/SageAttention/issues/55",
                 "https://github.com/woct0rdho/SageAttention/releases"),
        checked="2026-11-27",
        examples=("wheels/ai-windows-whl-18-sageattention-fused-module-not-found.txt",),
    ),
)
