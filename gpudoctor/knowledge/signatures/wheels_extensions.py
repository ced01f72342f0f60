"""Compiled extensions of the PyTorch ecosystem and the Windows toolchain that builds them.

PyG's extensions (torch_scatter, torch_sparse, ...) of another CUDA than torch, mmcv without its compiled ops, nvcc
on Windows without MSVC's cl.exe in PATH, and a Visual Studio STL newer than the nvcc it meets. wheels.py adds them
to its SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_BUILD = ("build", "pip", "traceback", "other", "powershell", "docker")
PYG_INSTALL = "https://pytorch-geometric.readthedocs.io/en/latest/install/installation.html"
MMCV_INSTALL = "https://mmcv.readthedocs.io/en/latest/get_started/installation.html"

EXTENSION_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.pyg-extension-other-cuda",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # torch_scatter/__init__.py and its siblings compare torch.version.cuda with the CUDA they were built with.
        patterns=(r"Detected that PyTorch and (?P<extension>torch_\w{1,20}) were compiled with different CUDA versions\. "
                  r"PyTorch has CUDA version (?P<torch_cuda>[\d.]{1,8}) and \w{1,30} has CUDA version "
                  r"(?P<extension_cuda>[\d.]{1,8})",),
        severity="fail",
        cause=("{extension} was built for CUDA {extension_cuda} and the installed PyTorch for CUDA {torch_cuda}, so "
               "PyG's extension refuses to load."),
        advice=("Reinstall PyG's extensions (torch_scatter, torch_sparse, torch_cluster, torch_spline_conv, pyg_lib) "
                "from the wheel index of this torch and CUDA: `pip install --force-reinstall torch_scatter "
                "torch_sparse -f https://data.pyg.org/whl/torch-${TORCH}+${CUDA}.html` with `python -c \"import torch; "
                "print(torch.__version__)\"`; or install the torch build of the extensions' CUDA."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/rusty1s/pytorch_sparse/issues/86", "https://github.com/rusty1s/pytorch_sparse/issues/49",
                 PYG_INSTALL),
        checked="2026-11-26",
        examples=("wheels/pytorch-sparse-86-torch-sparse-cuda-111-vs-102.txt",
                  "wheels/pytorch-sparse-49-cuda-110-vs-102-reinstall-torch.txt"),
    ),
    Signature(
        code="wheels.mmcv-without-compiled-ops",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # mmcv/utils/ext_loader.py imports mmcv._ext, which only mmcv-full (mmcv 1.x) or mmcv built with ops (2.x) has.
        patterns=(r"No module named '?mmcv\._ext\b",),
        severity="fail",
        cause=("The installed mmcv has no compiled ops (mmcv._ext): it is the lite package (mmcv 1.x without -full, "
               "mmcv-lite), or a build for another PyTorch and CUDA that did not compile them."),
        advice=("Uninstall mmcv and install the build with ops for this PyTorch and CUDA: mmcv 1.x as mmcv-full (`pip "
                "uninstall -y mmcv mmcv-full && pip install --no-cache-dir mmcv-full==1.7.2 -f "
                "https://download.openmmlab.com/mmcv/dist/cu118/torch2.0/index.html`), mmcv 2.x with `mim install "
                "mmcv` (OpenMMLab's prebuilt wheels for the torch and CUDA)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/XLearning-SCU/2022-CVPR-AirNet/issues/5", "https://github.com/wzzheng/TPVFormer/issues/48",
                 MMCV_INSTALL),
        checked="2026-11-26",
        examples=("wheels/airnet-5-mmcv-ext-missing-pip-install-mmcv.txt",
                  "wheels/tpvformer-48-mim-install-mmcv-without-ops-a.txt"),
    ),
    Signature(
        code="wheels.msvc-stl-needs-newer-cuda",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        # MSVC's yvals_core.h refuses nvcc older than the STL supports unless _ALLOW_COMPILER_AND_STL_VERSION_MISMATCH.
        patterns=(r"STL1002: Unexpected compiler version, expected CUDA (?P<cuda>\d{1,2}\.\d{1,2})",),
        severity="fail",
        cause=("This Visual Studio's C++ standard library accepts nvcc from CUDA {cuda} on, and an older CUDA toolkit's "
               "nvcc compiled the extension."),
        advice=("Build with the CUDA version the error names or newer (install that toolkit and point CUDA_HOME/CUDA_PATH at it), or "
                "install an older MSVC toolset in the Visual Studio Installer (VS 2019, or 2022's 14.39 toolset) and "
                "build from its x64 Native Tools prompt."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/lshqqytiger/ZLUDA/issues/108", "https://github.com/microsoft/STL/issues/2359"),
        checked="2026-11-26",
        examples=("wheels/zluda-108-stl1002-expected-cuda-124.txt",),
    ),
    Signature(
        code="wheels.nvcc-cl-exe-not-in-path",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        # nvcc on Windows needs MSVC's cl.exe as its host compiler; torch.utils.cpp_extension probes it first.
        patterns=(r"Cannot find compiler 'cl\.exe' in PATH",
                  r"Error checking compiler version for cl: \[WinError 2\]"),
        severity="fail",
        cause="nvcc on Windows compiles the host code with MSVC's cl.exe, and no cl.exe is in this shell's PATH.",
        advice=("Install Visual Studio's \"Desktop development with C++\" build tools and build from the \"x64 Native "
                "Tools Command Prompt for VS\" (or run vcvars64.bat first), which puts cl.exe in PATH."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/elda27/pydrr/issues/6", "https://github.com/cupy/cupy/pull/4397"),
        checked="2026-11-26",
        examples=("wheels/pydrr-6-nvcc-cannot-find-cl-exe.txt",),
    ),
)

# Prebuilt CUDA extensions named by their module: the line names the package to reinstall, so these rows take the
# place of wheels.extension-built-for-other-torch's generic advice on the same line.
EXTENSION_SIGNATURES += (
    Signature(
        code="wheels.flash-attn-built-for-other-torch",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # The import of flash-attn's compiled module fails on a torch (c10, ATen) symbol of another torch build.
        # On Windows the same mismatch is a DLL load failure of the .pyd ("module" or "procedure" not found).
        patterns=(r"flash_attn_(?:2_)?cuda\.cpython-[\w-]{2,40}\.so: undefined\b",
                  r"DLL load failed while importing flash_attn_(?:2_)?cuda\b"),
        severity="fail",
        cause=("flash-attn's compiled extension was built for another torch (version, CUDA or C++ ABI) than the one "
               "installed, so it misses a torch symbol on import."),
        advice=("Install the flash-attn build made for this torch: a flash-attn release whose wheel names this torch, "
                "CUDA and C++ ABI (`python -c \"import torch; print(torch.__version__, torch.version.cuda, "
                "torch._C._GLIBCXX_USE_CXX11_ABI)\"`), or rebuild it here: `pip uninstall -y flash-attn && pip install "
                "flash-attn --no-build-isolation --no-cache-dir`; on Windows, a flash-attn wheel built for this torch and "
                "CUDA, since PyPI has none)."),
        action="configure",
        rules_out=("a driver fault", "a GPU too old for FlashAttention"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Dao-AILab/flash-attention/issues/931",
                 "https://github.com/Dao-AILab/flash-attention/issues/950"),
        checked="2026-11-26",
        examples=("wheels/flash-attention-950-cow-deleter-torch-212-roll-back.txt",
                  "wheels/flash-attention-784-nvcr-2312-torch-nightly.txt",
                  "wheels/exllamav2-358-flash-attn-windows-dll.txt"),
        refines=("wheels.extension-built-for-other-torch",),
    ),
    Signature(
        code="wheels.mamba-kernels-built-for-other-torch",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # mamba-ssm's selective_scan_cuda and causal-conv1d's causal_conv1d_cuda, prebuilt per torch release.
        patterns=(r"(?:selective_scan_cuda|causal_conv1d_cuda)\.cpython-[\w-]{2,40}\.so: undefined\b",),
        severity="fail",
        cause=("mamba-ssm's or causal-conv1d's compiled kernels were built for another torch (version, CUDA or C++ ABI) "
               "than the one installed, so they miss a torch symbol on import."),
        advice=("Install the mamba-ssm and causal-conv1d wheels built for this torch, CUDA and C++ ABI (their GitHub "
                "releases name them, e.g. +cu12torch2.4cxx11abiFALSE), or rebuild them here: `pip install "
                "--no-build-isolation --no-cache-dir --force-reinstall causal-conv1d mamba-ssm`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/state-spaces/mamba/issues/217", "https://github.com/kuleshov-group/caduceus/issues/53",
                 "https://github.com/state-spaces/mamba/releases"),
        checked="2026-11-26",
        examples=("wheels/caduceus-53-selective-scan-cuda-undefined-symbol.txt",
                  "wheels/mamba-217-selective-scan-wheel-for-torch-23-on-dev-a.txt"),
        refines=("wheels.extension-built-for-other-torch",),
    ),
    Signature(
        code="wheels.torchvision-ops-not-loaded",
        cause_id="package-version-conflict",
        kinds=("any",),
        # torchvision/extension.py, _assert_has_ops: its compiled ops did not load into this torch.
        patterns=(r"Couldn't load custom C\+\+ ops\. This can happen if your PyTorch and",
                  r"This can happen if your PyTorch and torchvision versions are incompatible",
                  # torchvision's operators did not register with this torch (its meta kernels then find none).
                  r"operator torchvision::(?P<operator>\w{2,40}) does not exist",
                  # the same error as people retype it, without torch's "operator" (w44b)
                  r"RuntimeError: torchvision::(?P<operator>\w{2,40}) does not exist",
                  r"No such operator torchvision::(?P<operator>\w{2,40})"),
        severity="fail",
        cause=("torchvision's compiled ops could not load into the installed torch: the two are not a matching pair "
               "(another release, or another CUDA variant, of torchvision than torch's)."),
        advice=("Install the torchvision release that pairs with the installed torch (pytorch/vision's compatibility "
                "table) from the same index as torch: e.g. `pip install --force-reinstall torch==2.4.1 "
                "torchvision==0.19.1 --index-url https://download.pytorch.org/whl/cu121` with torch's version and CUDA."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/pytorch/vision#installation", "https://github.com/Xilinx/Vitis-AI/issues/943",
                 "https://github.com/ultralytics/yolov5/issues/11149"),
        checked="2026-11-26",
        examples=("wheels/vitis-ai-943-torchvision-0112-vs-torch-1101-custom-ops.txt",
                  "wheels/yolov5-11149-torchvision-custom-ops-train.txt",
                  "wheels/sdnext-3531-torchvision-nms-torch-240-vision-0201-a.txt",
                  "wheels/efficientdet-696-no-such-operator-torchvision-nms.txt"),
    ),
)

EXTENSION_SIGNATURES += (
    Signature(
        code="wheels.apex-without-cuda-extensions",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # apex builds its CUDA modules (fused_layer_norm_cuda, amp_C, ...) only when asked (--cpp_ext --cuda_ext).
        patterns=(r"No module named '?(?P<module>fused_layer_norm_cuda|amp_C|fused_adam_cuda|fused_dense_cuda|"
                  r"apex_C|syncbn|mlp_cuda)'",),
        severity="fail",
        cause=("apex is installed without its compiled CUDA extensions ({module} is missing): it was built without "
               "--cpp_ext/--cuda_ext, or `pip install apex` installed an unrelated PyPI package."),
        advice=("Rebuild apex from NVIDIA's source with its extensions, with nvcc of PyTorch's CUDA version: `git clone "
                "https://github.com/NVIDIA/apex && cd apex && pip install -v --no-cache-dir --no-build-isolation "
                "--config-settings \"--build-option=--cpp_ext\" --config-settings \"--build-option=--cuda_ext\" ./` "
                "(older pip: --global-option=\"--cuda_ext\")."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "pip install apex"),
        sources=("https://github.com/NVIDIA/apex#from-source", "https://github.com/NVIDIA/apex/issues/499",
                 "https://github.com/Alpha-VLLM/LLaMA2-Accessory/issues/8"),
        checked="2026-11-26",
        examples=("wheels/apex-499-fused-layer-norm-cuda-build-cuda-ext.txt",
                  "wheels/llama2-accessory-8-apex-without-cuda-modules.txt"),
    ),
    Signature(
        code="wheels.bitsandbytes-old-cuda-setup-on-windows",
        cause_id="bitsandbytes-no-cuda",
        kinds=("any",),
        # bitsandbytes before 0.43 (cuda_setup/paths.py) looked for libcudart.so, Linux-only, and failed on Windows paths.
        patterns=(r"argument of type 'WindowsPath' is not iterable",
                  # its own diagnosis once the search failed (the search's warnings alone also appear in healthy runs)
                  r"The main issue seems to be that the main CUDA runtime library was not detected",
                  # 0.37-0.42's warning when that search found no GPU, and its summary (CPU library loaded instead)
                  r"WARNING: No GPU detected! Check your CUDA paths\. Proceeding to load CPU-only library",
                  r"CUDA SETUP: CUDA detection failed! Possible reasons",
                  # 0.38-0.41's "bin <path>" line naming the Linux library it picked under a Windows path
                  r"\bbin [A-Za-z]:\\[^\n]{0,300}\\bitsandbytes\\libbitsandbytes_\w{3,30}\.(?:so|dll)\b",
                  # the CPU-only build's warning raised from a Windows install (pip's bitsandbytes before 0.43 had no
                  # Windows CUDA library)
                  r"[A-Za-z]:\\[^\n]{0,300}\\bitsandbytes\\cextension\.py:\d{1,4}: UserWarning: The installed version of "
                  r"bitsandbytes was compiled without GPU support"),
        severity="fail",
        cause=("This bitsandbytes release predates its CUDA loader's rewrite (0.43): it searches for the Linux CUDA "
               "runtime libcudart.so, which it does not find (on Windows never), and cannot load its GPU library."),
        advice=("Upgrade bitsandbytes to 0.43 or newer (`pip install -U \"bitsandbytes>=0.43\"` in the program's "
                "environment), which loads the CUDA runtime through PyTorch and ships Windows builds; pinned to an old "
                "release on Linux, register the CUDA runtime's lib64 directory with the loader (an /etc/ld.so.conf.d entry, then "
                "`sudo ldconfig`). Where it says \"Required library "
                "version not found: libbitsandbytes_cudaNNN.so\", that release has no library for the detected CUDA "
                "version NNN: use a PyTorch of a CUDA version it ships, or compile it from source with CUDA_VERSION=NNN."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit, when PyTorch uses the GPU"),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        sources=("https://github.com/bitsandbytes-foundation/bitsandbytes/issues/32", "https://github.com/bmaltais/kohya_ss/issues/1000",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/486",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/558",
                 "https://github.com/oobabooga/text-generation-webui/issues/3128",
                 "https://huggingface.co/docs/bitsandbytes/main/en/installation"),
        checked="2026-11-26",
        examples=("wheels/kohya-ss-1000-bitsandbytes-windowspath-not-iterable-a.txt",
                  "wheels/bitsandbytes-32-windows-cextension-windowspath.txt",
                  "wheels/bitsandbytes-486-windows-no-gpu-detected-cpu-library.txt",
                  "wheels/bitsandbytes-558-windows-cpu-so-libcudart-not-found.txt",
                  "wheels/textgen-3128-windows-bitsandbytes-cpu-dll.txt",
                  "wheels/bitsandbytes-711-windows-cpu-dll-cadam32bit.txt"),  # its Windows CPU .dll: this row's case
        # its summary "CUDA Setup failed despite GPU being available" and "Defaulting to libbitsandbytes_cpu.so" are
        # this old loader's consequence wherever these lines show it
        refines=("wheels.bitsandbytes-cpu-library", "wheels.bitsandbytes-cpu-library-warning"), refines_within=None,
    ),
)

EXTENSION_SIGNATURES += (
    Signature(
        code="wheels.extension-compiled-without-cuda",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # detectron2, DCNv2, mmcv and other torch extensions raise this from their CPU-only build (no WITH_CUDA); mmcv's
        # ops name themselves ("nms is not compiled with GPU support", mmcv/ops/csrc); PyG's torch_scatter, torch_sparse
        # and torch_cluster say "Not compiled with CUDA support" (csrc/*.cpp) from a CPU wheel or a source build without
        # CUDA (CTranslate2's "This CTranslate2 package was not compiled with CUDA support" is a macOS or CPU wheel, its
        # own rows' reading).
        patterns=(r"(?<!package was )[Nn]ot compiled with (?:GPU|CUDA) support\b",
                  r"[Dd]etectron2 is not compiled with GPU support"),
        severity="fail",
        cause=("The extension's CUDA kernels were never compiled: it was built where CUDA was not found (no nvcc or "
               "CUDA_HOME, or no GPU visible at build time), so only its CPU code exists although torch sees the GPU."),
        advice=("Rebuild the extension (detectron2, DCNv2, ...) with CUDA: remove its old build (`rm -rf build/ "
                "**/*.so`), set CUDA_HOME to the toolkit of torch's CUDA and FORCE_CUDA=1, then reinstall, e.g. "
                "`FORCE_CUDA=1 pip install --no-build-isolation 'git+https://github.com/facebookresearch/detectron2.git'`; "
                "for mmcv's ops (nms, roi_align), install mmcv-full built for torch's CUDA and version (`mim install "
                "mmcv-full`, or OpenMMLab's wheel index for cuXXX/torchX.Y) or rebuild it with MMCV_WITH_OPS=1 "
                "FORCE_CUDA=1; where it is torchvision's op, install the +cuNNN torchvision matching torch from PyTorch's "
                "index; for PyG's torch_scatter, torch_sparse or torch_cluster, install the wheels built for torch's "
                "version and CUDA (`pip install --force-reinstall torch-scatter -f https://data.pyg.org/whl/torch-2.1.0+cu121.html` "
                "with the torch and cuXXX of `python -c \"import torch; print(torch.__version__)\"`) or build them with "
                "FORCE_CUDA=1 and CUDA_HOME set."),
        action="configure",
        rules_out=("a driver fault", "a CPU-only PyTorch, when torch.cuda.is_available() is True"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://detectron2.readthedocs.io/en/latest/tutorials/install.html#common-installation-issues",
                 "https://github.com/facebookresearch/detectron2/issues/257", "https://github.com/chen742/PiPa/issues/12",
                 "https://github.com/rusty1s/pytorch_scatter/issues/394", "https://github.com/pyg-team/pytorch_geometric/issues/6755"),
        checked="2026-11-26",
        examples=("wheels/detectron2-257-roialign-not-compiled-with-gpu.txt",
                  "wheels/dcnv2-latest-42-dcn-v2-not-compiled-with-gpu.txt", "wheels/pipa-12-mmcv-nms-not-compiled-with-gpu.txt",
                  "wheels/mmpose-369-nms-not-compiled-nvcc-9-torch-cu110.txt",
                  "wheels/pytorch-scatter-394-not-compiled-with-cuda-force-cuda.txt"),
    ),
)

EXTENSION_SIGNATURES += (
    Signature(
        code="wheels.xformers-pins-another-torch",
        cause_id="extension-abi-mismatch",
        kinds=("pip", "build", "other", "powershell", "docker", "traceback"),
        # pip's resolver (and its post-install conflict report): each xformers wheel pins the torch it was built for.
        patterns=(r"xformers(?: version:? | ?== ?| )(?P<version>\d[\w.+]{0,30}) (?:requires|depends on) torch==(?P<wanted>"
                  r"\d[\w.+]{0,30})",),
        severity="fail",
        cause=("xformers {version} is a build for torch {wanted}, and the environment has (or asks for) another torch, "
               "so pip either swaps torch for that one or leaves an xformers whose CUDA extensions cannot load."),
        advice=("Install the xformers build made for the torch you keep, from the same CUDA index as torch: `pip "
                "install -U xformers --index-url https://download.pytorch.org/whl/cu121` (xformers' changelog pairs "
                "each release with a torch), or pin torch to the version xformers was built for."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/facebookresearch/xformers#installing-xformers",
                 "https://github.com/facebookresearch/xformers/blob/main/CHANGELOG.md",
                 "https://github.com/lewandofskee/DiAD/issues/49", "https://github.com/Comfy-Org/comfy-cli/issues/234"),
        checked="2026-11-26",
        examples=("wheels/diad-49-xformers-0018-requires-torch-200.txt",
                  "wheels/mvdream-threestudio-29-xformers-depends-on-newer-torch.txt",
                  "wheels/xversev-6-resolver-conflict-xformers-torch.txt",
                  "wheels/dereflection-13-xformers-0028-depends-on-torch-241.txt",
                  "wheels/comfy-cli-234-xformers-pins-torch-240.txt"),
    ),
)

EXTENSION_SIGNATURES += (
    Signature(
        code="wheels.conda-resolved-cpu-pytorch",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # PyTorch's conda packages choose CPU or CUDA through the pytorch-mutex metapackage (cpuonly pulls its cpu
        # build); conda-forge names its CPU builds cpu_generic / cpu_mkl. Seen in `conda list` and in install plans.
        patterns=(r"\bpytorch-mutex(?: {1,40}1\.0 {1,40}|-1\.0-)cpu\b",
                  r"\bcpuonly(?: {1,40}\d[\d.]{0,8} {1,40}\d{1,3} {1,40}pytorch\b|-\d[\d.]{0,8}-\d{1,3}\b)",
                  r"::pytorch-(?P<version>\d[\w.]{0,20})-cpu_(?:generic|mkl)_py",
                  # `conda list`'s row for the pytorch channel's CPU build (build string pyX.Y_cpu_N)
                  r"(?<![\w-])pytorch {2,40}(?P<version>\d[\w.]{0,20}) {2,40}py\d{1,2}\.?\d{0,2}_cpu_\d{1,3} {2,40}pytorch\b"),
        severity="fail",
        cause=("conda resolved PyTorch's CPU-only variant (pytorch-mutex cpu, cpuonly, or a conda-forge cpu_ build), so "
               "this environment's PyTorch cannot use the GPU whatever cudatoolkit it also holds."),
        advice=("Install the CUDA variant in a clean environment: `conda remove cpuonly` (or recreate the env), then "
                "force a CUDA build (`conda install pytorch=*=*cuda* pytorch-cuda=12.1 -c pytorch -c nvidia`; "
                "conda-forge: `pytorch=*=cuda*`); PyTorch 2.6 and newer ship no conda packages, so there use pip: "
                "`pip install torch --index-url https://download.pytorch.org/whl/cu124`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        sources=("https://github.com/meta-pytorch/data/issues/315", "https://github.com/pytorch/pytorch/issues/40213",
                 "https://github.com/pytorch/pytorch/issues/32369"),
        checked="2026-11-26",
        examples=("wheels/torchdata-315-conda-env-resolves-cpuonly-mutex.txt",
                  "wheels/bioimageio-307-conda-list-pytorch-cpu-build.txt"),
        # the conda variant explains "Torch not compiled with CUDA enabled" and the build string anywhere in the text
        refines=("frameworks.torch-cpu-build",),
        refines_within=None,
    ),
)

EXTENSION_SIGNATURES += (
    Signature(
        code="wheels.windows-torch-wheel-from-pypi",
        cause_id="torch-cpu-build",
        kinds=("pip", "other", "powershell", "build"),
        # PyPI's (and its mirrors') Windows torch wheels are CPU-only; PyTorch's CUDA wheels carry a +cuNNN local
        # version in the file name (torch-2.5.1+cu124-cp312-cp312-win_amd64.whl, %2B when URL-encoded).
        # (Old default-CUDA builds sat under download.pytorch.org/whl/cuNNN/ without the suffix: not these.)
        patterns=(r"(?<!cu\d\d/)(?<!cu\d\d\d/)\btorch-(?P<version>\d{1,2}\.\d{1,2}\.\d{1,2})-cp\d{2,3}-cp\d{2,3}m?-"
                  r"win_amd64\.whl",),
        severity="fail",
        cause=("pip took torch {version} from PyPI (or a PyPI mirror) on Windows, and PyPI's Windows torch wheels are "
               "CPU-only builds, so this PyTorch cannot use the GPU."),
        advice=("Reinstall torch from PyTorch's CUDA index so pip cannot pick PyPI's CPU wheel: `pip uninstall -y torch "
                "torchvision torchaudio` then `pip install torch torchvision torchaudio --index-url "
                "https://download.pytorch.org/whl/cu124` (pick the cuXXX the driver supports); a regional mirror of "
                "PyPI serves the same CPU wheel."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        sources=("https://github.com/pytorch/pytorch/issues/52662", "https://pytorch.org/get-started/locally/",
                 "https://github.com/THU-MIG/yolov10/issues/218"),
        checked="2026-11-26",
        examples=("wheels/pytorch-52662-windows-pip-picks-pypi-cpu-wheel.txt",),
    ),
    Signature(
        code="wheels.extension-cuda-minor-mismatch",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        # torch.utils.cpp_extension's CUDA_MISMATCH_WARN (torch 1.13 and later): same major, other minor. A warning, and
        # often beside a build that fails for another reason, so warn; the major mismatch is wheels.torch-extension-cuda-mismatch.
        patterns=(r"The detected CUDA version \((?P<detected>\d{1,2}\.\d{1,2})\) has a minor version mismatch with the "
                  r"version that was used to compile PyTorch \((?P<torch_cuda>\d{1,2}\.\d{1,2})\)",),
        severity="warn",
        cause=("The extension is being compiled with CUDA {detected} while this PyTorch was built with CUDA {torch_cuda}: "
               "torch lets it go on, and it is often harmless, but when the build then fails (nvcc or compiler errors, "
               "missing symbols) this mismatch is the first suspect."),
        advice=("If the build fails, build with the CUDA toolkit matching torch.version.cuda ({torch_cuda}): install it "
                "and point CUDA_HOME (and PATH) at it, e.g. `export CUDA_HOME=/usr/local/cuda-{torch_cuda}`, or install "
                "the PyTorch build for CUDA {detected}; better still, install a prebuilt wheel of the extension for "
                "your torch. If the build succeeds, nothing needs doing."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/Dao-AILab/flash-attention/issues/231", "https://github.com/facebookresearch/pytorch3d/issues/1406",
                 "https://github.com/paulengstler/invisible-stitch/issues/4"),
        checked="2026-11-26",
        examples=("wheels/flash-attention-231-cuda-minor-mismatch-warning.txt",),
    ),
    Signature(
        code="wheels.flash-attn-compiled-module-missing",
        cause_id="python-package-missing",
        kinds=_BUILD,
        # flash_attn/flash_attn_interface.py importing its compiled part (flash_attn_2_cuda for FlashAttention 2,
        # flash_attn_3_cuda / flash_attn_interface's hopper build for 3): present only when the package was built or
        # installed from a wheel with its CUDA extension for this Python (1.x's is flash_attn_cuda).
        patterns=(r"No module named '(?P<module>flash_attn_(?:[23]_)?cuda)'",),
        severity="fail",
        cause=("flash_attn's Python files are found but its compiled CUDA extension {module} is not: the source folder "
               "is on the path, the build skipped the CUDA part, or the compiled wheel went into another Python."),
        advice=("Reinstall flash-attn with its extension into the Python that runs the code: `python -m pip uninstall -y "
                "flash-attn`, then a prebuilt wheel from github.com/Dao-AILab/flash-attention/releases that matches "
                "your torch, CUDA, C++ ABI and Python (`python -m pip install <wheel URL>`), or build it with `python -m "
                "pip install flash-attn --no-build-isolation` (FLASH_ATTENTION_SKIP_CUDA_BUILD unset); run from outside "
                "a flash-attention source folder. Or load the model without FlashAttention (attn_implementation=\"sdpa\")."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/Dao-AILab/flash-attention/issues/933", "https://github.com/Dao-AILab/flash-attention/issues/614",
                 "https://github.com/Dao-AILab/flash-attention/issues/401", "https://github.com/kijai/ComfyUI-Florence2/issues/23"),
        checked="2026-11-26",
        examples=("wheels/flash-attention-933-no-flash-attn-2-cuda-source-tree.txt",
                  "wheels/flash-attention-614-flash-attn-2-cuda-missing-jetson.txt"),
    ),
)

from gpudoctor.knowledge.signatures.wheels_jit_cache import JIT_CACHE_SIGNATURES  # noqa: E402 (the rows above first)

EXTENSION_SIGNATURES += JIT_CACHE_SIGNATURES  # a JIT extension's cached folder without its library (wheels_jit_cache.py)
