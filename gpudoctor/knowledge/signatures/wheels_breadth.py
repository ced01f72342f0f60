"""Installing the GPU stack itself: what pip, conda and the Python packages around PyTorch print when the install or
the environment, not the GPU, is wrong.

Multi-gigabyte CUDA wheels filling pip's temporary directory, Windows' path limit, conda's solver seeing no driver on
a login node, and the package pairs that break each other (setuptools 70 and torch's cpp_extension, huggingface_hub
0.26 and diffusers, torchvision ahead of torch). wheels_abi.py adds them to its ABI_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NOT_THE_DRIVER = ("update the driver", "reinstall the driver", "reinstall CUDA")
_PIP = ("pip", "build", "other", "powershell", "docker", "traceback")

BREADTH_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.pip-temp-dir-full",
        cause_id="pip-disk-full",
        kinds=_PIP,
        # pip's installer error for ENOSPC (pip 21 and later say OSError, older ones EnvironmentError); errno 28 is
        # ENOSPC on every platform, so a paste cut after "[Errno 28]" (or quoted without the strerror) is the same.
        patterns=(r"Could not install packages due to an (?:OSError|EnvironmentError): \[Errno 28\](?: No space left on "
                  r"device)?",),
        severity="fail",
        cause=("pip ran out of disk space while downloading or unpacking (PyTorch's CUDA wheels and the nvidia-* "
               "packages take several GB), usually in its temporary directory, which is often a small tmpfs /tmp."),
        advice=("See which filesystem is full with `df -h /tmp ~/.cache/pip`; then give pip a temporary directory on a "
                "disk with room and skip the cache: `mkdir -p ~/pip-tmp && TMPDIR=~/pip-tmp pip install --no-cache-dir "
                "...` (on Windows set TEMP and TMP), or free space there."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/easydiffusion/easydiffusion/issues/1649", "https://github.com/pterodactyl/panel/issues/3541",
                 "https://github.com/pypa/pip/issues/5816"),
        checked="2026-11-26",
        examples=("wheels/easydiffusion-1649-pip-tmp-no-space-cusparse.txt",
                  "wheels/pterodactyl-3541-torch-install-no-space-tmpfs.txt"),
    ),
    Signature(
        code="wheels.windows-path-too-long",
        cause_id="windows-long-paths",
        kinds=_PIP,
        # pip's hint (pip 20.3 and later) after an ENOENT on Windows with long paths off; before it, the bare error
        # with a drive path longer than Windows' 260-character limit (printed with doubled backslashes).
        patterns=(r"does not have Windows Long Path support enabled",
                  r"Could not install packages due to an (?:OSError|EnvironmentError): \[Errno 2\] No such file or "
                  r"directory: '(?P<path>[A-Za-z]:\\\\[^'\n]{240,})'"),
        severity="fail",
        cause=("A file pip writes has a path longer than Windows' 260-character limit (a deep source tree unpacked in "
               "%TEMP%, or the Microsoft Store Python's long site-packages), and long path support is off."),
        advice=("Enable Windows long paths (as administrator: `reg add HKLM\\SYSTEM\\CurrentControlSet\\Control\\FileSystem "
                "/v LongPathsEnabled /t REG_DWORD /d 1 /f`, then open a new shell), or shorten the path: set TEMP and "
                "TMP to a short folder such as C:\\t, and use a python.org Python instead of the Microsoft Store one; "
                "for xformers or flash-attn, install a prebuilt wheel for your torch instead of building it."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://pip.pypa.io/warnings/enable-long-paths", "https://github.com/pytorch/pytorch/issues/23823",
                 "https://github.com/facebookresearch/xformers/issues/1132"),
        checked="2026-11-26",
        examples=("wheels/pytorch-23823-windows-store-python-long-path.txt",
                  "wheels/trajectorycrafter-18-xformers-sdist-long-path-hint.txt"),
    ),
    Signature(
        code="wheels.conda-sees-no-cuda-driver",
        cause_id="conda-no-cuda-virtual-package",
        kinds=("any",),
        # conda's and mamba's solvers: a CUDA build depends on the __cuda virtual package, which conda sets from the
        # driver it finds (libcuda) where it runs; libmamba says "which is missing on the system", and "nothing provides
        # __cuda needed by ..." for a package asking any __cuda. With a version ("nothing provides __cuda >=11.8") it may
        # be an older driver as well: wheels.conda-cuda-build-needs-newer-driver, which this row's lines take the place of.
        patterns=(r"__cuda\b[^\n]{0,40}which is missing on the system",
                  r"nothing provides (?:requested )?__cuda\b(?! ?>)"),
        refines=("wheels.conda-cuda-build-needs-newer-driver",), refines_within=None,
        severity="fail",
        cause=("conda's solver found no NVIDIA driver where it runs (no __cuda virtual package: a login or build node "
               "without GPUs, a container build, WSL without the driver), so it cannot install a CUDA build."),
        advice=("Tell the solver the CUDA version the GPU machines' driver supports (nvidia-smi's \"CUDA Version\" "
                "there): `CONDA_OVERRIDE_CUDA=12.4 conda install ...` (or mamba/micromamba, or conda env create), or "
                "run the install on a machine where nvidia-smi works."),
        action="configure",
        rules_out=("a broken driver on the GPU machines",),
        never_suggest=("install the CPU-only build",) + _NOT_THE_DRIVER,
        sources=("https://conda-forge.org/blog/2021/11/03/tensorflow-gpu/#installation",
                 "https://docs.conda.io/projects/conda/en/latest/user-guide/tasks/manage-virtual.html",
                 "https://github.com/conda-forge/pytorch-cpu-feedstock/issues/364"),
        checked="2026-11-26",
        examples=("wheels/pytorch-cpu-feedstock-364-no-gpu-node-cuda-virtual.txt",),
    ),
    Signature(
        code="wheels.setuptools-70-breaks-cpp-extension",
        cause_id="package-version-conflict",
        kinds=("any",),
        # setuptools 70.0 stopped exposing pkg_resources.packaging, which torch.utils.cpp_extension of PyTorch 2.1 and
        # older (and other build scripts) import.
        patterns=(r"cannot import name 'packaging' from 'pkg_resources'",),
        severity="fail",
        cause=("setuptools 70 or newer no longer provides pkg_resources.packaging, which this PyTorch's "
               "torch.utils.cpp_extension (2.1 and older) or the build script imports."),
        advice=("Install setuptools older than 70 where this runs (`pip install \"setuptools<70\"`, e.g. 69.5.1; for a "
                "build in pip's isolated environment, add --no-build-isolation after that), or upgrade PyTorch to 2.2 "
                "or newer, whose cpp_extension no longer imports it."),
        action="configure",
        rules_out=("a driver, CUDA or compiler fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/pypa/setuptools/issues/4385", "https://github.com/stanford-futuredata/ColBERT/issues/350",
                 "https://github.com/flashinfer-ai/flashinfer/pull/319"),
        checked="2026-11-26",
        examples=("wheels/colbert-350-setuptools-70-pkg-resources-packaging.txt",
                  "wheels/flashinfer-319-build-cpp-extension-pkg-resources-packaging.txt"),
    ),
    Signature(
        code="wheels.huggingface-hub-removed-cached-download",
        cause_id="package-version-conflict",
        kinds=("any",),
        # huggingface_hub 0.26 removed cached_download; diffusers before 0.29 (and some custom nodes) still import it.
        patterns=(r"cannot import name 'cached_download' from 'huggingface_hub'",),
        severity="fail",
        cause=("huggingface_hub 0.26 or newer no longer has cached_download, and the installed diffusers (older than "
               "0.29) or another package still imports it."),
        advice=("Upgrade diffusers to 0.29 or newer (`pip install -U \"diffusers>=0.29\"`), the fix huggingface_hub's "
                "maintainers recommend; if that diffusers is pinned, pin huggingface_hub below 0.26 instead "
                "(`pip install huggingface_hub==0.25.2`)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/easydiffusion/easydiffusion/issues/1851", "https://github.com/mit-han-lab/distrifuser/issues/24",
                 "https://github.com/huggingface/huggingface_hub/releases/tag/v0.26.0"),
        checked="2026-11-26",
        examples=("wheels/distrifuser-24-hub-026-cached-download.txt",
                  "wheels/3d-diffusion-policy-91-hub-cached-download.txt"),
    ),
    Signature(
        code="wheels.torchvision-newer-than-torch",
        cause_id="package-version-conflict",
        kinds=("any",),
        # torchvision 0.19 and later register their meta kernels with torch.library.register_fake, new in torch 2.4;
        # torchvision 0.16 to 0.18 import torch._custom_ops, new in torch 2.1.
        patterns=(r"module 'torch\.library' has no attribute 'register_fake'",
                  r"No module named '?torch\._custom_ops'?"),
        severity="fail",
        cause=("The installed torchvision is made for a newer torch than the one installed, which lacks the torch API "
               "it imports (torch.library.register_fake from torch 2.4, torch._custom_ops from torch 2.1)."),
        advice=("Install torch and torchvision as a matching pair in one command from the same PyTorch index: upgrade "
                "torch to the release torchvision is made for (torchvision 0.19 with torch 2.4, 0.20 with 2.5), or "
                "install the torchvision of your torch (torch 2.3 with torchvision 0.18)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/chaidiscovery/chai-lab/issues/138", "https://github.com/lllyasviel/IC-Light/issues/77",
                 "https://github.com/wenquanlu/HandRefiner/issues/34", "https://github.com/deepseek-ai/Janus/issues/178",
                 "https://github.com/pytorch/vision#installation"),
        checked="2026-11-26",
        examples=("wheels/chai-lab-138-torch-library-register-fake.txt",
                  "wheels/handrefiner-34-torchvision-torch-custom-ops.txt", "wheels/janus-178-torch-201-custom-ops-paste.txt"),
    ),
    Signature(
        code="wheels.huggingface-hub-too-old",
        cause_id="package-version-conflict",
        kinds=("any",),
        # accelerate 0.32+, transformers 4.42+ and diffusers import split_torch_state_dict_into_shards, new in
        # huggingface_hub 0.23.
        patterns=(r"cannot import name 'split_torch_state_dict_into_shards' from 'huggingface_hub'",),
        severity="fail",
        cause=("The installed accelerate, transformers or diffusers needs huggingface_hub 0.23 or newer "
               "(split_torch_state_dict_into_shards), and this environment's huggingface_hub is older."),
        advice=("Upgrade huggingface_hub in the same environment: `pip install --upgrade huggingface_hub` (0.23 or "
                "newer; with a pinned diffusers older than 0.29, stay below 0.26)."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/TencentARC/InstantMesh/issues/116", "https://github.com/HVision-NKU/StoryDiffusion/issues/142",
                 "https://github.com/huggingface/transformers/pull/31091"),
        checked="2026-11-26",
        examples=("wheels/instantmesh-116-accelerate-needs-newer-huggingface-hub.txt",
                  "wheels/storydiffusion-142-split-torch-state-dict-hub-too-old.txt"),
    ),
    Signature(
        code="wheels.numpy-abi-size-changed",
        cause_id="package-version-conflict",
        kinds=("any",),
        # Cython's size check of numpy.dtype/ndarray when a compiled module was built against another NumPy major version
        # than the one installed (88 and 96 bytes are NumPy 1's and NumPy 2's dtype).
        patterns=(r"numpy\.(?P<type>dtype|ndarray) size changed, may indicate binary incompatibility\. Expected "
                  r"(?P<built>\d{2,3}) from C header, got (?P<installed>\d{2,3}) from PyObject",),
        severity="fail",
        cause=("A compiled package was built against another NumPy major version than the one installed (numpy.{type} "
               "was {built} bytes when it was built, {installed} now), so it refuses to import."),
        advice=("Make NumPy and the compiled packages agree: `pip install \"numpy<2\"` where the packages were built for "
                "NumPy 1 (the usual fix), or upgrade the package named in the traceback (pandas, scikit-learn, a model's "
                "extension) to a release built for the NumPy installed."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/refraction-ray/xalpha/pull/189", "https://numpy.org/devdocs/numpy_2_0_migration_guide.html"),
        checked="2026-11-26",
        examples=("wheels/xalpha-189-numpy-dtype-size-changed-96-88.txt",),
    ),
    Signature(
        code="wheels.bitsandbytes-too-old-for-4bit",
        cause_id="package-version-conflict",
        kinds=("any",),
        # transformers' BitsAndBytesConfig check (4.30-4.35) before loading in 4 bit.
        patterns=(r"4 bit quantization requires bitsandbytes>=(?P<needed>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)",),
        severity="fail",
        cause="Loading in 4 bit needs bitsandbytes {needed} or newer, and the installed bitsandbytes is older.",
        advice=("Upgrade bitsandbytes in this environment: `pip install -U \"bitsandbytes>={needed}\"` (from pypi.org, "
                "`-i https://pypi.org/simple`, where a mirror lags behind), then restart the process."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/artidoro/qlora/issues/26", "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/815"),
        checked="2026-11-26",
        examples=("wheels/qlora-26-upgrade-bitsandbytes-4bit.txt",),
    ),    Signature(
        code="wheels.numpy-removed-alias",
        cause_id="package-version-conflict",
        kinds=("any",),
        # NumPy 1.24 removed the aliases 1.20 deprecated (np.object, np.float, np.int, np.bool, ...) and raises with
        # "was a deprecated alias for the builtin"; NumPy 2.0 removed more (np.string_, np.float_, np.NaN, ...) with
        # "was removed in the NumPy 2.0 release". The package in the traceback was written for an older NumPy.
        patterns=(r"module 'numpy' has no attribute '(?P<alias>object|float|int|bool|str|long|complex|unicode|typeDict)'",
                  # ("deprecated" left out: healthy logs print it, and the prefilter would key on it)
                  r"`np\.(?P<alias>\w{1,20})` was a \w{10} alias for the builtin",
                  r"`np\.(?P<alias>\w{1,20})` was removed in the NumPy 2\.0 release"),
        severity="fail",
        cause=("A package in the traceback still uses np.{alias}, which the installed NumPy removed (1.24 for the old "
               "builtin aliases, 2.0 for np.string_, np.float_ and the like): NumPy is newer than that package "
               "supports."),
        advice=("Upgrade the package whose file uses np.{alias} (the traceback's frame: often tensorboard, tensorflow "
                "or an old model repo) to a release written for this NumPy, or pin NumPy below the removal: `pip "
                "install \"numpy<1.24\"` for np.object, np.float, np.int, np.bool, `pip install \"numpy<2\"` for NumPy "
                "2's removals; do not edit site-packages by hand."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/zjunlp/DeepKE/issues/241", "https://github.com/huggingface/optimum-habana/pull/2135",
                 "https://numpy.org/devdocs/release/1.24.0-notes.html#expired-deprecations",
                 "https://numpy.org/devdocs/numpy_2_0_migration_guide.html"),
        checked="2026-11-26",
        examples=("wheels/deepke-241-numpy-object-alias-removed.txt",
                  "wheels/optimum-habana-2135-np-string-removed-numpy-2.txt"),
    ),    Signature(
        code="wheels.flash-attn-major-other-than-code-expects",
        cause_id="package-version-conflict",
        kinds=("any",),
        # FlashAttention-2 renamed 1.x's flash_attn_unpadded_* functions to flash_attn_varlen_* and exports
        # flash_attn_func and friends from the package top level, which 1.x's empty flash_attn/__init__.py lacks.
        patterns=(r"cannot import name '(?P<name>flash_attn_unpadded_\w{0,30}func)' from 'flash_attn",
                  r"cannot import name '(?P<name>flash_attn_(?:varlen_)?(?:qkvpacked_|kvpacked_)?func)' from "
                  r"'flash_attn'"),
        severity="fail",
        cause=("The code imports {name}, which the installed flash-attn major does not have: FlashAttention-2 renamed "
               "1.x's flash_attn_unpadded_* to flash_attn_varlen_* and added flash_attn_func at the package top "
               "level, so code for one major fails under the other."),
        advice=("Check `python -c \"import flash_attn; print(flash_attn.__version__)\"`; for code written for 1.x "
                "(flash_attn_unpadded_*), install `pip install flash-attn==1.0.9` or rename the calls to "
                "flash_attn_varlen_*; for code written for 2.x (flash_attn_func) under a 1.x (an NGC image's own), "
                "install FlashAttention-2 over it (`pip install -U flash-attn --no-build-isolation`, Ampere or newer "
                "GPUs) or load the model without FlashAttention."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/HuangLK/transpeeder/issues/38", "https://github.com/Dao-AILab/flash-attention/issues/318",
                 "https://github.com/DachengLi1/LongChat/issues/30",
                 "https://github.com/Dao-AILab/flash-attention#upgrading-from-flashattention-1x-to-flashattention-2"),
        checked="2026-11-26",
        examples=("wheels/transpeeder-38-flash-attn-1-names-under-2.txt",
                  "wheels/flash-attention-318-flash-attn-1-installed-wants-2.txt"),
    ),    Signature(
        code="wheels.nvidia-pypi-placeholder",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        # NVIDIA's placeholder sdists on PyPI (RAPIDS cudf/cuml/cugraph-cuXX, older nvidia-tensorrt, nvidia-dali...):
        # their setup.py raises this text; pip takes one only when no real wheel from pypi.nvidia.com fits.
        patterns=(r"The package you are trying to install is only a placeholder project on PyPI\.org repository",),
        severity="fail",
        cause=("pip installed NVIDIA's placeholder package from PyPI, which only raises this message: the real wheels "
               "are on NVIDIA's index (pypi.nvidia.com), which pip was not told to search, or which has no wheel of "
               "that release for this OS and Python (RAPIDS publishes Linux wheels only)."),
        advice=("Install from NVIDIA's index: `pip install --extra-index-url https://pypi.nvidia.com <package>` (the "
                "name its message shows, e.g. cudf-cu12); if pip still takes the placeholder, that release has no wheel "
                "for this platform or Python: RAPIDS (cuDF, cuML) runs on Linux or WSL2 only, with the Python versions "
                "its install selector lists, so use WSL2 on Windows or a supported Python."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/facebookresearch/dinov2/issues/22", "https://github.com/NVIDIA/cudf/issues/14532",
                 "https://github.com/NVIDIA/cudf/issues/12071", "https://docs.rapids.ai/install/"),
        checked="2026-11-26",
        examples=("wheels/dinov2-22-cuml-cu11-placeholder-on-windows.txt",
                  "wheels/cudf-14532-placeholder-with-extra-index.txt"),
    ),
)
