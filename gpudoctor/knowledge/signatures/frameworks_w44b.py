"""Issue 25, w44b: framework families the catalogue did not read in their 2025-2026 words.

PyTorch's capability warning in its newer wording. From about 2.12 torch/cuda/__init__.py no longer says only "with CUDA
capability sm_61 is not compatible with the current PyTorch installation": it first says "Found GPU0 NVIDIA GeForce GTX
1060 6GB which is of compute capability (CC) 6.1.", lists the CCs the build holds ("The following list shows the CCs
this version of PyTorch was built for ...", or "This version of PyTorch was built for: 7.5, 8.0, 8.6, 9.0") and ends "Your
installed torch==2.13.0+cu126 does not include kernels for this GPU. Reinstall the same version against a CUDA build that
does" (or "No published PyTorch CUDA builds for release X support this GPU"). torch.cuda.is_available() stays True and the
first kernel fails with "no kernel image is available". Which build has the kernels depends on the GPU: Maxwell, Pascal
and Volta (CC 5.0-7.0) lost them in the cu128/cu129 wheels of 2.8+ (Volta in 2.10+) and the cu130+ wheels start at 7.5,
so they need the cu126 build; Blackwell (10.x, 12.x) needs cu128 or newer. Jetson Orin's 8.7 gets the same warning but
runs on the 8.0 PTX the wheel carries (the rows leave 8.7 alone). (PaddlePaddle 3.x's own wording of the same gap,
"Mismatched GPU Architecture: ... compiled for 60 61 70 75 80 86 ,but your current GPU is 120", is a pattern of
frameworks.paddle-gpu-arch-not-in-build.)

TorchCodec on Windows. torchaudio 2.9+ decodes and encodes through TorchCodec, whose libtorchcodec_coreN.dll links
against FFmpeg's shared DLLs (avutil-N.dll ...): with a static FFmpeg build ("full", no av*.dll), or a shared one whose bin
folder is only on PATH (Python 3.8+ does not search PATH for an extension's dependencies), each load fails with ctypes'
"Could not find module '...\\torchcodec\\libtorchcodec_core7.dll' (or one of its dependencies)". The CUDA reading of
that ctypes line (cuda.windows-python-dll-dependencies-not-found) gives way here: the missing DLLs are FFmpeg's. On any
platform, an undefined torch symbol in libtorchcodec_coreN (torch_from_blob, torch_dtype_float4_e2m1fn_x2) is the other
cause TorchCodec's summary lists: a torchcodec release built for another torch.

JAX's CUDA plugin in its newer words. jax 0.6.2+ (jax_plugins/xla_cuda12, jaxlib/cuda/versions_helpers.cc) reports a
library it could not open as "operation cusparseGetProperty(MAJOR_VERSION, &major) failed: The cuSPARSE library was not
found." The cuSPARSE (and cuSOLVER, cuFFT) of the pip wheels need the libnvJitLink.so.12 of the same CUDA 12 minor; on
clusters and machines whose LD_LIBRARY_PATH (a module system, an HPC SDK, /usr/local/cuda) or LD_PRELOAD puts an older
libnvJitLink first, the dlopen fails and JAX falls back to the CPU; unsetting LD_LIBRARY_PATH or putting the pip
nvidia/*/lib folders first fixed it (cryojax#559).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "set CUDA_LAUNCH_BLOCKING")
TORCH_WHEELS = "https://pytorch.org/get-started/locally/"

# Which PyTorch build holds kernels for a compute capability (prefix of "6.1", "12.0"), as of torch 2.14 (2026-11):
# cu126 is the last build with sm_50-sm_70; cu128+ (torch 2.7+) the first with sm_100/sm_120; cu130+ sm_110/sm_121.
BUILD_FOR_CC: tuple[tuple[str, str], ...] = (
    ("5.", "the CUDA 12.6 build, the last with Maxwell, Pascal and Volta kernels (`pip uninstall -y torch torchvision "
           "torchaudio` then `pip install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu126`)"),
    ("6.", "the CUDA 12.6 build, the last with Maxwell, Pascal and Volta kernels (`pip uninstall -y torch torchvision "
           "torchaudio` then `pip install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu126`)"),
    ("7.0", "the CUDA 12.6 build, the last with Maxwell, Pascal and Volta kernels (`pip uninstall -y torch torchvision "
            "torchaudio` then `pip install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu126`)"),
    ("10.", "a CUDA 12.8 or newer build (`pip install torch torchvision torchaudio --index-url "
            "https://download.pytorch.org/whl/cu128`, or cu130)"),
    ("11.", "the CUDA 13.0 or newer build for aarch64 (`pip install torch --index-url https://download.pytorch.org/whl/cu130`)"),
    ("12.", "a CUDA 12.8 or newer build (`pip install torch torchvision torchaudio --index-url "
            "https://download.pytorch.org/whl/cu128`, or cu130; the GB10's 12.1 the cu130 one)"),
)
_BUILD_DEFAULT = ("a build whose `torch.cuda.get_arch_list()` holds this GPU's compute capability (one of the install "
                  "commands torch printed under the warning)")

_LD_ADVICE = ("Keep other CUDA copies out of the JAX process's library path: `unset LD_LIBRARY_PATH` (and LD_PRELOAD, "
              "CUDA_HOME), or put the environment's site-packages/nvidia/*/lib folders first (`export "
              "LD_LIBRARY_PATH=$(python -c \"import nvidia, os; print(':'.join(os.path.join(p, d, 'lib') for p in "
              "nvidia.__path__ for d in os.listdir(p)))\")`), so the pip libnvJitLink that matches the pip cuSPARSE is the "
              "one loaded (`ldd .../nvidia/cusparse/lib/libcusparse.so.12 | grep nvJitLink` shows which); if nothing "
              "shadows it, reinstall one matching set: `pip install -U --force-reinstall \"jax[cuda12]\"`.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.torch-cc-build-lacks-kernels",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # torch/cuda/__init__.py (2.12+): the first line names the GPU's CC, the last says the build has no kernels;
        # Jetson Orin's 8.7 runs on the wheel's 8.0 PTX and is left alone
        patterns=(r"Found GPU\d{1,2} (?P<gpu>[^\n]{2,80}?) which is of compute capability \(CC\) (?!8\.7\b)"
                  r"(?P<cc>\d{1,2}\.\d)\b",
                  r"Your installed torch==(?P<torch>[\w.+-]{3,40}) does not include kernels for this GPU"),
        severity="fail",
        cause=("This PyTorch build has no kernels for the GPU's compute capability: CUDA is \"available\", but every "
               "kernel launch fails with \"no kernel image is available for execution on the device\"."),
        advice=("Reinstall the same torch from a CUDA build that has this GPU's kernels: {build_for_cc}; "
                "`python -c \"import torch; print(torch.cuda.get_arch_list())\"` should then list it. The driver is "
                "not the problem."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=_NOT_THE_DRIVER,
        lookups=(("cc", "build_for_cc", BUILD_FOR_CC, _BUILD_DEFAULT),),
        sources=("https://github.com/hvoss-tech/AutoForge/pull/59", "https://github.com/unslothai/unsloth/pull/5876",
                 "https://github.com/FlashML-org/FreeToken/pull/253", TORCH_WHEELS),
        checked=CHECKED,
        examples=("frameworks/autoforge-59-gtx1060-torch214-cu130-no-kernels.txt",),
        # its own "no kernel image" and the older wording's line are this gap's symptom
        refines=("cuda.no-kernel-image", "cuda.torch-capability-not-compatible"), refines_within=None,
    ),
    Signature(
        code="frameworks.torchcodec-ffmpeg-dlls-not-found",
        cause_id="system-library-missing",
        kinds=("any",),
        # ctypes on Windows for each libtorchcodec_coreN.dll (libtorchcodecN.dll before 0.4) it tries, newest first
        patterns=(r"Could not find module '[^'\n]{0,300}?[\\/]torchcodec[\\/](?P<dll>libtorchcodec\w{0,12}\.dll)' "
                  r"\(or one of its dependencies\)",),
        severity="fail",
        cause=("TorchCodec (torchaudio's audio I/O since 2.9) could not load {dll}: the FFmpeg shared DLLs it links "
               "against (avutil-N.dll, avcodec-N.dll ...) are not where Python looks, either because the FFmpeg "
               "installed is a static build with no av*.dll or because its bin folder is only on PATH, which Python "
               "3.8+ does not search for an extension's dependencies."),
        advice=("Install FFmpeg's full-shared build of a major TorchCodec supports (4-8; `winget install "
                "Gyan.FFmpeg.Shared`, or ffmpeg-7.1-full_build-shared from gyan.dev; its bin folder must hold "
                "avcodec-*.dll) and make those DLLs visible to Python: `os.add_dll_directory(r\"C:\\ffmpeg\\bin\")` "
                "before importing torchaudio/torchcodec, or copy the av*.dll, sw*.dll files into "
                "site-packages\\torchcodec. If the DLLs load and the error stays, install the torchcodec release "
                "that matches torch (torch 2.8: 0.7, 2.9: 0.8/0.9)."),
        action="configure",
        rules_out=("a driver or GPU fault", "the CUDA runtime DLLs"),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/meta-pytorch/torchcodec/issues/1108", "https://github.com/meta-pytorch/torchcodec/pull/1109",
                 "https://github.com/liuzhao1225/YouDub-webui/issues/117",
                 "https://github.com/meta-pytorch/torchcodec#installing-torchcodec"),
        checked=CHECKED,
        examples=("frameworks/torchcodec-1108-ffmpeg-dll-dir-not-searched.txt", "frameworks/youdub-117-static-ffmpeg-no-dlls.txt"),
        refines=("cuda.windows-python-dll-dependencies-not-found",),
    ),
    Signature(
        code="frameworks.torchcodec-built-for-other-torch",
        # TAXONOMY's extension-abi-mismatch: a compiled extension built for another PyTorch, undefined symbol on load
        # (wheels.extension-built-for-other-torch reads its c10/at symbols with that id; rev44a)
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # each libtorchcodec_coreN is linked against one torch release's C++ and C shim symbols (torch_from_blob,
        # torch_dtype_float4_e2m1fn_x2 ...): another torch lacks them. An FFmpeg symbol missing (av_*, avcodec_*,
        # avformat_*, avutil_*, avio_*, sws_*, swr_*: avcodec_get_supported_config is FFmpeg 7.1's) is an FFmpeg of
        # another version, not this (rev44a: "avcodec_" slipped past the first "av_" form).
        patterns=(r"(?P<library>libtorchcodec\w{0,20}\.so)[^\n]{0,40}?: undefined symbol: "
                  r"(?!_?(?:av[a-z]{0,8}|sws|swr)_)(?P<symbol>\S{3,200})",
                  r"(?P<library>libtorchcodec\w{0,20}\.dylib)[^\n]{0,200}?Symbol not found: "
                  r"(?!_?(?:av[a-z]{0,8}|sws|swr)_)(?P<symbol>\S{3,200})"),
        severity="fail",
        cause=("{library} was built against another torch release than the one installed (it needs {symbol}, which "
               "this torch does not export): TorchCodec and torch are not a matching pair, so TorchCodec (and "
               "torchaudio's loading through it) fails whatever FFmpeg is installed."),
        advice=("Install the torchcodec release that pairs with the installed torch (TorchCodec's compatibility table: "
                "torch 2.8 - torchcodec 0.7, 2.9 - 0.8/0.9, 2.10 - 0.10, 2.11 - 0.11; `python -c \"import torch; "
                "print(torch.__version__)\"`, then e.g. `pip install torchcodec==0.7`), or raise torch to the release "
                "this torchcodec needs; pin the pair so the resolver cannot split them again."),
        action="configure",
        rules_out=("a driver or GPU fault", "a missing FFmpeg"),
        never_suggest=("reinstall the driver", "update the driver", "install FFmpeg"),
        sources=("https://github.com/huggingface/lerobot/issues/4393",
                 "https://github.com/meta-pytorch/torchcodec#installing-torchcodec"),
        checked=CHECKED,
        examples=("frameworks/lerobot-4393-torchcodec-needs-newer-torch-symbol.txt",),
        # TorchCodec's summary lists FFmpeg first; the undefined torch symbol under it says which cause it is
        refines=("frameworks.torchcodec-cannot-load", "wheels.extension-built-for-other-torch"), refines_within=None,
    ),
    Signature(
        code="frameworks.jax-plugin-cusparse-nvjitlink-shadowed",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # jaxlib/cuda/versions_helpers.cc (jax 0.6.2+): the libraries that need the pip libnvJitLink.so.12
        patterns=(r"operation (?:cusparse|cusolver|cufft)\w{0,20}\([^\n)]{0,60}\) failed: The "
                  r"(?P<library>cuSPARSE|cuSOLVER|cuFFT) library was not found",),
        severity="fail",
        cause=("JAX's CUDA plugin could not open the pip {library} library, so JAX fell back to the CPU: it needs the "
               "libnvJitLink.so.12 of its own CUDA 12 release, and most often an older one found first through "
               "LD_LIBRARY_PATH or LD_PRELOAD (a cluster module, an HPC SDK, /usr/local/cuda) was loaded instead; less "
               "often the pip CUDA libraries are missing or of mixed releases."),
        advice=_LD_ADVICE,
        action="configure",
        rules_out=("a driver fault", "a CPU-only jaxlib"),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/michael-0brien/cryojax/issues/559",
                 "https://docs.jax.dev/en/latest/installation.html"),
        checked=CHECKED,
        examples=("frameworks/cryojax-559-jax-cusparse-not-found-ld-library-path.txt",),
    ),
)
