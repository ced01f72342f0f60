"""WSL 2 and Windows rows of the fourteenth round: generic lines read in WSL, and failures of the Windows tools people
run beside it (rows of the WSL area, joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.linker-cannot-find-libcuda",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # The linker's own words when a build links the driver library (-lcuda): Triton's launcher under
        # torch.compile, unsloth and vLLM, FlashInfer's and other JIT extensions. Inside WSL 2 the Windows driver's
        # libcuda.so is mounted only in /usr/lib/wsl/lib, which ld.so.conf (ld.wsl.conf) gives the dynamic loader but
        # not the link editor, and whose files are copies, not symlinks, so ldconfig names only libcuda.so.1. Outside
        # WSL the line is frameworks.triton-cannot-link-libcuda's (a missing libcuda.so link of the Linux driver).
        patterns=(r"\bld(?:\.exe)?: cannot find -lcuda\b",),
        contexts=("wsl",),
        refines=("frameworks.triton-cannot-link-libcuda",),
        severity="fail",
        cause="A build linking the CUDA driver library (-lcuda: Triton's launcher under torch.compile, a JIT or CUDA "
              "extension) found no libcuda.so inside WSL 2, where the Windows driver's copy lives only in "
              "/usr/lib/wsl/lib, which is not on the linker's search path.",
        advice=("Put WSL's driver folder on the linker's path, `export LIBRARY_PATH=/usr/lib/wsl/lib:$LIBRARY_PATH` "
                "(for Triton also `export TRITON_LIBCUDA_PATH=/usr/lib/wsl/lib`; add both to ~/.bashrc), then run "
                "`sudo ldconfig` and build or run again; `ls -l /usr/lib/wsl/lib/libcuda.so*` shows the files are "
                "there. Nothing on the Windows side and no Linux driver package is needed."),
        action="configure",
        rules_out=("the Windows driver, where nvidia-smi works in WSL",),
        never_suggest=("install nvidia-driver", "cuda-drivers", "install the Linux driver in WSL",
                       "reinstall the driver"),
        sources=("https://github.com/flashinfer-ai/flashinfer/pull/1909",
                 "https://github.com/triton-lang/triton/pull/3862", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/flashinfer-1909-wsl2-cannot-find-lcuda-sampling-jit.txt",),
    ),
)
