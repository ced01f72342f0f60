"""Issue 25, wave 33 (w33c): prebuilt extension wheels for another torch, and CUDA 13 builds in CUDA 12 environments.

PyG's compiled extensions (torch_scatter, torch_sparse, torch_cluster, torch_spline_conv, pyg_lib) and OpenMMLab's
mmcv ops (mmcv._ext) are wheels built for one PyTorch release and one CUDA. Installed beside another torch (a pip
upgrade of torch, a conda or conda-forge package, an NGC container's own torch build), they fail to load on a torch
symbol the installed torch does not export: the loader's "undefined symbol: _ZN3c10..." on Linux, dlopen's "Symbol not
found: __ZN3c10..." on macOS, or PyG's own warning that wraps either. The generic row (wheels.py,
wheels.extension-built-for-other-torch) reads the same line with generic advice; these rows name the index that has
the matching build. A missing symbol of the C++ standard library (_ZNSt..., _ZSt...) is not torch's: it is left to the
libstdc++ rows.

vLLM's PyPI wheels are built against CUDA 13 since its 0.2x releases, and `uv pip install vllm --torch-backend=cu129`
chooses only torch's build; a cu12x nightly or pre-release also sorts below PyPI's final release. The result is a
module that needs libcudart.so.13 (or another CUDA 13 library) in an environment whose torch, index or toolkit is CUDA
12. The generic row (cuda_w19b.py, cuda.extension-built-for-other-cuda) reads the loader's line; this one reads it where
the text shows that CUDA 12 environment (context "cuda12-build") and names the cu12x build to install.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"
PYG_INSTALL = "https://pytorch-geometric.readthedocs.io/en/latest/install/installation.html"
MMCV_INSTALL = "https://mmcv.readthedocs.io/en/latest/get_started/installation.html"
VLLM_INSTALL = "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"

# A mangled C++ symbol that is not the standard library's (_ZNSt, _ZNKSt, _ZSt are libstdc++'s: another cause).
_TORCH_SYMBOL = r"(?P<symbol>_{1,2}Z(?!N?K?St|St)\w{1,300})"
_PYG = r"(?P<extension>torch_scatter|torch_sparse|torch_cluster|torch_spline_conv|pyg_lib)"
_CUDA13 = (r"(?P<library>lib(?:cudart|cublas|cublasLt|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink|nvToolsExt)"
           r"\.so\.13)")

SIGNATURES = (
    Signature(
        code="wheels.pyg-extension-built-for-other-torch",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        patterns=(
            # The loader (Linux) or dlopen (macOS) on one of the extension's libraries (_version_cuda.so,
            # _scatter_cpu.so, libpyg.so), raw or inside torch_geometric/typing.py's "An issue occurred while
            # importing 'torch-scatter'. Disabling its usage. Stacktrace: ..." warning.
            _PYG + r"[/\\][\w.-]{1,80}\.(?:so|dylib|pyd)(?:, 0x\w{1,8}\))?: (?:undefined symbol|Symbol not found): "
            + _TORCH_SYMBOL,
            # torch's own wrapper (torch/_ops.py, load_library) around any failure to load one of them: on Windows
            # it follows "OSError: [WinError 127] The specified procedure could not be found".
            r"Could not load this library: [^\n]{0,200}?" + _PYG + r"[/\\][\w.-]{1,80}\.(?:so|dylib|pyd)",
        ),
        refines=("wheels.extension-built-for-other-torch",),
        severity="fail",
        cause=("{extension}'s compiled library was built for another PyTorch release (or CUDA) than the installed one, "
               "so it cannot be loaded with this torch (a torch symbol it needs is missing): a wheel from another "
               "torch's index, a conda package, or an install left over from before a torch upgrade."),
        advice=("Replace PyG's extensions with the builds matching the installed torch and CUDA: read them with `python -c \"import "
                "torch; print(torch.__version__, torch.version.cuda)\"`, remove every copy (`pip uninstall -y "
                "torch-scatter torch-sparse torch-cluster torch-spline-conv pyg-lib`, repeated until pip finds none; "
                "`conda remove pytorch-scatter pytorch-sparse` where conda installed them), then `pip install "
                "--no-cache-dir torch-scatter torch-sparse torch-cluster pyg-lib -f "
                "https://data.pyg.org/whl/torch-X.Y.0+cuXXX.html` with your torch's X.Y (one index serves every X.Y.z) "
                "and its CUDA (cu118, cu121, cu124, cu126, cu128; cpu for a CPU or macOS build). The index has wheels "
                "only for PyTorch's own releases: with a torch from an NGC container, conda-forge or a nightly, build "
                "them against it (`pip install --no-build-isolation --no-binary torch-scatter torch-scatter`), or run "
                "torch_geometric 2.3 or later without these optional extensions."),
        action="configure",
        rules_out=("a driver fault", "a CUDA toolkit problem"),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/xmlyqing00/AFB-URR/issues/7", "https://github.com/rusty1s/pytorch_scatter/issues/248",
                 "https://github.com/rusty1s/pytorch_scatter/issues/419", "https://github.com/rusty1s/pytorch_scatter/issues/476",
                 "https://github.com/rusty1s/pytorch_scatter/issues/462", PYG_INSTALL),
        checked=CHECKED,
        examples=("wheels/afb-urr-7-torch-scatter-version-cuda-undefined-symbol.txt",
                  "wheels/pytorch-scatter-248-torch-sparse-parallelguard-undefined.txt",
                  "wheels/pytorch-scatter-419-macos-symbol-not-found-registeroperators.txt"),
    ),
    Signature(
        code="wheels.mmcv-ops-built-for-other-torch",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # mmcv/utils/ext_loader.py imports mmcv._ext (mmcv-full 1.x, mmcv 2.x with ops); the loader names its file.
        patterns=(r"mmcv[/\\]_ext[\w.-]{0,60}\.(?:so|pyd): undefined symbol: " + _TORCH_SYMBOL,),
        refines=("wheels.extension-built-for-other-torch",),
        severity="fail",
        cause=("mmcv's compiled ops (mmcv._ext) were built for another PyTorch than the installed one (they need "
               "{symbol}): an mmcv wheel for another torch/CUDA pair, a conda-forge build, or an mmcv installed before "
               "torch was upgraded."),
        advice=("Install the mmcv build made for this torch and CUDA (`python -c \"import torch; print(torch.__version__, "
                "torch.version.cuda)\"`): `pip uninstall -y mmcv mmcv-full`, then `pip install -U openmim && mim install "
                "mmcv` (`mim install mmcv-full` for 1.x), which picks the wheel of this pair, or `pip install mmcv==<ver> "
                "-f https://download.openmmlab.com/mmcv/dist/cuXXX/torchX.Y/index.html` with your cuXXX and torchX.Y. "
                "OpenMMLab publishes wheels only for the torch/CUDA pairs PyTorch released (the index page lists them; "
                "none for conda-forge's or a source-built torch): otherwise install a torch of a listed pair, or build "
                "mmcv from source against this torch (`pip install mmcv --no-binary mmcv --no-build-isolation`; "
                "MMCV_WITH_OPS=1 for mmcv-full 1.x); then the mmdet/mmseg release that accepts that mmcv."),
        action="configure",
        rules_out=("a driver fault", "a CUDA toolkit problem"),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/NVlabs/DiscoBox/issues/13", "https://github.com/open-mmlab/mmcv/issues/2798",
                 "https://github.com/open-mmlab/mmdetection/issues/3525", MMCV_INSTALL),
        checked=CHECKED,
        examples=("wheels/discobox-13-mmcv-ext-undefined-symbol-reinstall.txt",
                  "wheels/mmcv-2798-conda-forge-mmcv-ext-undefined-cuda114.txt"),
    ),
    Signature(
        code="wheels.cuda13-build-in-cuda12-environment",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        contexts=("cuda12-build",),
        patterns=(
            # cuda.extension-built-for-other-cuda's line as it is (a context row reads its generic row's pattern: tests/
            # knowledge), narrowed to a CUDA 13 library by the look-behind.
            r"(?:ImportError|OSError): (?P<library>lib(?:cudart|cublas|cublasLt|cufft|curand|cusparse|cusolver|nvrtc|"
            r"nvJitLink|nvToolsExt)\.so\.(?P<major>\d{1,2})[.\d]{0,8}): cannot open shared object file"
            r"(?<=\.so\.13: cannot open shared object file)",
            # The same error named without the loader's words ("fail at import with `ImportError: libcudart.so.13`").
            r"(?:ImportError|OSError): " + _CUDA13 + r"(?![\w.])(?!: cannot)",
        ),
        refines=("cuda.shared-library-not-loadable", "cuda.extension-built-for-other-cuda",),
        severity="fail",
        cause=("A module here is the CUDA 13 build of its package (it needs {library}) in an environment whose torch, "
               "wheel index or toolkit is CUDA 12: the wrong CUDA variant of the wheel was installed."),
        advice=("Install the CUDA 12 build of the package whose import failed, matching torch's CUDA (`python -c "
                "\"import torch; print(torch.__version__, torch.version.cuda)\"`). vLLM's PyPI wheel is its CUDA 13 "
                "build and `--torch-backend=cu129` picks only torch's: take vLLM's cu129 wheel with the version pinned "
                "(`uv pip install vllm==<version> --extra-index-url https://wheels.vllm.ai/<version>/cu129 "
                "--torch-backend=cu129`; an unpinned cu12x nightly loses to PyPI's release). For torch, install from "
                "the index of the CUDA the rest uses (`--index-url https://download.pytorch.org/whl/cu128`, not a "
                "+cu130 build); for other packages their cu12 variant (nixl-cu12, cupy-cuda12x). Or move the whole "
                "environment to CUDA 13 (cu130 torch and wheels, a 580 or newer driver)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "reboot"),
        versions=("vllm>=0.20 from PyPI (CUDA 13 build)",),
        sources=("https://github.com/vllm-project/vllm/issues/42338", "https://github.com/vllm-project/vllm/pull/57612",
                 "https://github.com/vllm-project/vllm/issues/43435", "https://github.com/kaito-project/kaito/pull/2050",
                 VLLM_INSTALL),
        checked=CHECKED,
        examples=("wheels/vllm-42338-cu129-nightly-resolves-cuda13-wheel.txt",
                  "wheels/vllm-57612-cu129-users-libcudart-13-import-error.txt"),
    ),
    Signature(
        code="wheels.extension-needs-newer-libstdcxx-symbol",
        cause_id="libstdcxx-too-old",
        kinds=("any",),
        # The loader cannot resolve a symbol of the C++ standard library itself (_ZSt28__throw_bad_array_new_lengthv is
        # GCC 11's, GLIBCXX_3.4.29; _ZNSt7__cxx11... GCC 5's; __cxa_throw_bad_array_new_length CXXABI_1.3.8): the module
        # was built by a newer GCC than the libstdc++.so.6 loaded, usually a conda environment's own older one ahead of
        # the system's. The path before it may be a Markdown link (".so](http://...so/)"), so it is not read.
        patterns=(r"undefined symbol: (?P<symbol>_{1,2}ZN?K?St\w{1,300}|__cxa_throw_bad_array_new_length\b)",),
        severity="fail",
        cause=("A compiled module needs {symbol} from the C++ runtime, and the libstdc++.so.6 loaded (usually a conda "
               "environment's own, older than the GCC that built the module) does not have it."),
        advice=("Make the libstdc++ that is loaded at least as new as the compiler that built the module: in a conda "
                "environment `conda install -c conda-forge libstdcxx-ng` (newer conda: libstdcxx; or `conda update "
                "--all`), check with `strings $CONDA_PREFIX/lib/libstdc++.so.6 | grep GLIBCXX_3.4.29`; for a module you "
                "compile inside conda, build it with conda's compilers (`conda install -c conda-forge gxx_linux-64`) "
                "rather than the system's GCC 11 or later; outside conda, upgrade the system's libstdc++6. A prebuilt "
                "wheel (torch_scatter's, PyG's) can instead be replaced by the build for this torch from its index."),
        action="configure",
        rules_out=("a driver or CUDA fault", "a torch version mismatch"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/fgnt/meeteval/issues/15", "https://github.com/sherpa/sherpa/issues/1325",
                 "https://github.com/albarji/proxTV/issues/41", "https://github.com/conda/conda/issues/10757",
                 "https://github.com/rusty1s/pytorch_scatter/issues/275",
                 "https://gcc.gnu.org/onlinedocs/libstdc++/manual/abi.html"),
        checked=CHECKED,
        examples=("wheels/meeteval-15-cython-ext-throw-bad-array-new-length.txt",
                  "wheels/sherpa-1325-gcc11-build-conda-libstdcxx-symbol.txt",
                  "wheels/proxtv-41-cxa-throw-bad-array-new-length-update-conda.txt"),
    ),
)
