"""Issue 25, wave 31 (w31a): attention kernels shipped as prebuilt wheels for app add-ons.

SageAttention has no CUDA wheels on PyPI: Windows users install a community wheel (woct0rdho/SageAttention's releases)
whose name carries the CUDA and torch it was built for (`+cu128torch2.8.0`, or an abi3 `torch2.9.0andhigher` build),
and Linux users build it from source. Its compiled modules (_fused, _qattn_sm80/_sm89/_sm90) link torch's DLLs or
shared libraries, so a wheel for another torch or CUDA fails on import: on Windows as a DLL load failure of _fused or
_qattn (module not found, procedure not found, or an initialization routine that failed), on Linux as an undefined
torch symbol in the .so. ComfyUI (--use-sage-attention) and the nodes that patch it in (KJNodes, WanVideoWrapper) run
with PyTorch's own attention when it is off.

The 3D nodes (TRELLIS 2, Hunyuan3D, 3D-Pack) ship their CUDA extensions (cumesh, flex_gemm, o_voxel, nvdiffrast,
custom_rasterizer, spconv) as wheels for one torch and CUDA (cu128 with torch 2.8, say). Under another CUDA build of
torch such an extension can import and then call an ATen operator whose CUDA kernel its torch never registered: ATen's
DispatchStub asserts "missing kernel for cuda" (an INTERNAL ASSERT that asks for a PyTorch bug report, though the
mismatch is the cause).

The nodes' wheels are also tagged for one Python and one OS (cp312-cp312-win_amd64, cp39-abi3, linux_x86_64): pip says
"is not a supported wheel on this platform", uv "A URL dependency is incompatible with the current platform"; the
tags in the file name say which of the two (the Python version or the OS) is the other one.
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
    Signature(
        code="wheels.extension-dispatchstub-missing-cuda-kernel",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # aten/src/ATen/native/DispatchStub.cpp: no kernel registered for the device type of the call.
        patterns=(r"DispatchStub: missing kernel for (?P<device>cuda)\b",),
        severity="fail",
        cause=("A prebuilt CUDA extension called a PyTorch operator that has no CUDA kernel in the installed torch: the "
               "extension's wheel (a ComfyUI node's cumesh, flex_gemm, o_voxel, nvdiffrast or the like) was built for "
               "another torch or CUDA (cu128 against a cu129 or cu130 torch), not a PyTorch bug."),
        advice=("Read the installed torch and CUDA (`python -c \"import torch; print(torch.__version__, "
                "torch.version.cuda)\"`) and the torch/CUDA the node's wheels name (their folder or file name, e.g. "
                "Torch280 cu128): install the wheels built for this torch and CUDA, or pin torch to the version they were "
                "built for (`pip install torch==2.8.0 torchvision==0.23.0 --index-url "
                "https://download.pytorch.org/whl/cu128`, with the portable python_embeded\\python.exe -m pip on "
                "Windows) and reinstall the wheels."),
        action="configure",
        rules_out=("a driver fault", "a PyTorch bug (despite the message)"),
        never_suggest=("update the driver", "reinstall the driver", "report a bug to PyTorch"),
        sources=("https://github.com/visualbruno/ComfyUI-Trellis2/issues/70",
                 "https://github.com/lightningpixel/modly-trellis2-gguf-extension/pull/6"),
        checked="2026-11-27",
        examples=("wheels/trellis2-70-dispatchstub-missing-cuda-kernel-revert-cu128.txt",),
    ),
    # moved from wheels.py (2026-11-27, w31a) to keep that module under 600 lines; it reads uv's line for a wheel URL too
    Signature(
        code="wheels.wheel-tag-not-this-platform",
        cause_id="no-wheel-for-python",
        kinds=("pip", "other", "powershell", "docker", "build"),
        patterns=(
            # pip: the file's tags (python-abi-platform: cp312-cp312-win_amd64, cp39-abi3-linux_x86_64) are not ones
            # this interpreter accepts.
            r"(?<![\w.+%-])(?P<wheel>[\w.+%-]{1,160}-(?P<python>cp\d+|py\d+)(?:-\w{1,20})?-(?P<platform>[\w.]{1,80})\.whl) is not a "
            r"supported wheel on this platform",
            # uv, for a wheel named by URL (a node's installer, a requirements line with a release asset).
            r"A URL dependency is incompatible with the current platform: \S{0,300}-(?P<python>cp\d+|py\d+)-\w{1,20}-"
            r"(?P<platform>[\w.]{1,80})\.whl",
        ),
        severity="fail",
        cause=("The wheel is built for another Python or platform than this interpreter (its tags: {python}, "
               "{platform}): another Python version (cpXY), or another OS or architecture (a linux_x86_64 wheel on "
               "Windows, win_amd64 on Linux)."),
        advice=("Compare the wheel's tags with this interpreter (`python --version`; `python -c \"import sysconfig; "
                "print(sysconfig.get_platform())\"`; in ComfyUI portable `python_embeded\\python.exe`): install the "
                "build whose cpXY tag matches your Python (cp311 for 3.11, cp312 for 3.12; an abi3 wheel takes any Python "
                "from its cpXY up) and whose platform tag is this OS (win_amd64 on Windows, manylinux or linux_x86_64 on "
                "Linux, aarch64 on Jetson and Grace), made for the installed torch and CUDA (`python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda)\"`), or run the install with the Python version the wheel "
                "was built for. A wheel published for Linux only (flash-attn's own releases) has no Windows build: use a "
                "Windows build of it made for this torch, WSL 2, or run the app without it (PyTorch's sdpa attention)."),
        action="configure",
        rules_out=("a driver or CUDA problem",),
        never_suggest=("update the driver", "install CUDA"),
        sources=("https://github.com/kijai/ComfyUI-CogVideoXWrapper/issues/294",
                 "https://github.com/facebookresearch/clevr-iep/issues/38",
                 "https://github.com/mobcat40/sageattention-blackwell/issues/1",
                 "https://github.com/PozzettiAndrea/ComfyUI-TRELLIS2/issues/77",
                 "https://packaging.python.org/en/latest/specifications/platform-compatibility-tags/"),
        checked="2026-11-27",
        examples=("wheels/cogvideox-wrapper-294-cp312-wheel-on-python311.txt",
                  "wheels/sageattention-blackwell-1-cp311-wheel-on-python312.txt",
                  "wheels/trellis2-node-77-uv-flash-attn-linux-wheel-on-windows.txt"),
    ),
)
