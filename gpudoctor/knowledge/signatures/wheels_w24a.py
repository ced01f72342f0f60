"""Issue 25, twenty-fourth wave (w24a): installs that fail for want of space, and extensions left behind a torch upgrade.

pip's own summary of a full disk ("Could not install packages due to an OSError: [Errno 28] No space left on device")
is wheels.pip-temp-dir-full's line. When the write fails elsewhere in pip (unpacking into its temporary directory,
the HTTP cache's temporary file), pip prints its "ERROR: Exception:" traceback instead, which ends in the bare
exception: "OSError: [Errno 28] No space left on device" (Python 2's pip: "IOError: [Errno 28] ..."). PyTorch's CUDA
wheels and their nvidia-* dependencies take several GB unpacked, and pip unpacks them in TMPDIR (often /tmp on a small
root filesystem or a tmpfs); the settled fix is a temporary directory on a disk with room, without the cache. The same
exception from another program means the same full filesystem, and the first step (see which, with df -h) is the same.

A CUDA extension a project builds from source (3D Gaussian splatting's diff-gaussian-rasterization and simple-knn,
custom ops, pytorch3d) is compiled against the torch installed at that moment and for the GPU architectures that torch
and its CUDA know. People who upgrade torch (for a new GPU, most often an RTX 50 card that needs a cu128 build) and keep
the old build of the extension see it fail to import (undefined symbol) or run (no kernel image); the maintainers'
answer is to recompile the extension after the upgrade. The row reads the person's account of the upgrade.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CPP_EXTENSION_DOCS = "https://pytorch.org/docs/stable/cpp_extension.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.no-space-left-bare-oserror",
        cause_id="pip-disk-full",
        kinds=("pip", "traceback", "build", "other", "powershell", "docker"),
        # The exception itself at the start of its line, as pip's "ERROR: Exception:" traceback (and Python 2's pip)
        # ends; pip's one-line summary ("... due to an OSError: [Errno 28] ...") is wheels.pip-temp-dir-full's.
        patterns=(r"^(?:ERROR: )?(?:IOError|OSError): \[Errno 28\] No space left on device",),
        severity="warn",
        cause=("A write failed because its filesystem is full: in an install, pip's temporary directory (TMPDIR, "
               "often /tmp on a small root filesystem or a tmpfs) or its cache, which PyTorch's CUDA wheels and their "
               "nvidia-* packages fill with several GB while unpacking."),
        advice=("See which filesystem is full with `df -h /tmp ~/.cache/pip .`; then give pip a temporary directory on "
                "a disk with room and skip the cache (`mkdir -p /path/with/space/tmp && TMPDIR=/path/with/space/tmp pip "
                "install --no-cache-dir ...`; on Windows set TEMP and TMP), or free space on the full one; `pip cache "
                "purge` frees the cache's GB."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("update the driver", "reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/pypa/pip/issues/7745", "https://github.com/pypa/pip/issues/5816"),
        checked="2026-11-27",
        examples=("wheels/pip-7745-ioerror-no-space-installing-torch.txt",),
    ),
    Signature(
        code="wheels.torch-upgraded-under-built-extension-described",
        described=True,
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        patterns=(
            # "I upgraded pytorch version to 2.6.0", "updated torch to 2.7.1+cu128"
            r"\b(?:[Uu]pgraded|[Uu]pdated) (?:my |the )?(?:[Pp]y[Tt]orch|torch)(?: version)? to (?:version )?v?\d\.\d",
            # "After upgrading PyTorch, ...", "after updating torch the extension ..."
            r"\b[Aa]fter (?:upgrading|updating) (?:my |the )?(?:[Pp]y[Tt]orch|torch)\b",
        ),
        severity="warn",
        cause=("The description says torch was upgraded: a CUDA extension the project compiled from source before (a "
               "rasterizer such as diff-gaussian-rasterization or simple-knn, a custom op) is still the build made for "
               "the previous torch and its GPU architectures, so it fails to import (undefined symbol) or to run (no "
               "kernel image) until it is rebuilt."),
        advice=("Recompile each extension the project built from source against the installed torch: remove its build/ "
                "folder and reinstall it (`pip install --no-build-isolation --force-reinstall ./submodules/<extension>`), "
                "with TORCH_CUDA_ARCH_LIST set to the GPU's compute capability (`nvidia-smi --query-gpu=compute_cap "
                "--format=csv`: 8.6 RTX 30, 8.9 RTX 40, 12.0 RTX 50, which needs a torch and nvcc of CUDA 12.8 or "
                "newer); for a prebuilt extension wheel, install its release for the new torch."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Linketic/CityGaussian/issues/125", CPP_EXTENSION_DOCS),
        checked="2026-11-27",
        examples=("frameworks/citygaussian-125-rtx5080-rasterizer-after-torch-upgrade.txt",),
    ),
)
