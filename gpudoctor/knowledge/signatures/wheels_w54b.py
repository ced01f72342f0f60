"""Issue 25, w54b: CUDA extensions built from source and prebuilt extension wheels, families fresh threads showed
the catalogue did not read (or read with advice that did not name the package to rebuild).

A compiled extension built against another torch: the loader names the extension's own folder before the .so
("frnn/_C.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c10...", lxxue/FRNN#21; tiny-cuda-nn's
"tinycudann_bindings/_86_C..." paths, NVlabs/tiny-cuda-nn#421), and the fix is to rebuild THAT package in this
environment: the row reads the folder and looks up how that package is rebuilt (tiny-cuda-nn's bindings, PyG's
wheels, pytorch3d, mmcv, nvdiffrast, the splatting submodules), beside wheels.extension-built-for-other-torch on the
same line.

spconv's prebuilt wheels carry kernels for a fixed list of architectures: its own warning ("your gpu arch (8, 6)
isn't compiled in prebuilt, may cause invalid device function", traveller59/spconv#724) or CUDA's "no kernel image"
in a program that runs spconv (NVIDIA-AI-IOT/Lidar_AI_Solution#321: libspconv without sm_87; RTX 50 users with
spconv-cu118/cu120 wheels, Pointcept/PointTransformerV3#159, traveller59/spconv#746 and #752) is fixed by the spconv
build that has the GPU's kernels or by building cumm and spconv for it (spconv#760 gives the steps).

MSVC's C2872 "'std': ambiguous symbol" in every language the compiler speaks (the Chinese-localised one in
pytorch/pytorch#148317, compiling SageAttention against torch's compiled_autograd.h): the English line inside
compiled_autograd.h stays wheels.torch-header-msvc-std-ambiguous's, which refines this one.

ninja's "build stopped: subcommand failed" after an extension's compile: the compiler's own error is above it (nvcc
too old for the GPU, Ruyi-Zha/naf_cbct#15; an MSVC release the CUDA toolkit refuses, graphdeco-inria/gaussian-
splatting#951); where that line is not in the paste, the row says where to look and what most often fixes it.

FlashAttention 2 on a pre-Ampere GPU, told by the person with the GPU named on the same line
(tdrussell/diffusion-pipe#137: a 2080 Ti training Wan 2.1 LoRAs; Dao-AILab/flash-attention#1514, answered "No" by
its maintainer): the fix is the app's other attention path, not a reinstall.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
_BUILD = ("build", "pip", "traceback", "other", "powershell", "docker")
_NOT_THE_DRIVER = ("reinstall the driver", "update the driver")
CPP_EXTENSION_DOCS = "https://pytorch.org/docs/stable/cpp_extension.html"

# How each commonly self-built extension is rebuilt for the installed torch (the folder the loader names, in lower
# case, as the prefix). Checked against each project's install instructions on 2026-11-28.
EXTENSION_BUILDS: tuple[tuple[str, str], ...] = (
    ("tinycudann", "tiny-cuda-nn's PyTorch bindings: `pip uninstall -y tinycudann`, then `pip install "
                   "--no-build-isolation git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch` (or "
                   "clone it with --recursive and run `python setup.py install` in bindings/torch) with the CUDA "
                   "toolkit that matches torch.version.cuda"),
    *((prefix, "PyG's wheel for this torch and CUDA: `pip install --force-reinstall torch-scatter torch-sparse "
               "torch-cluster -f https://data.pyg.org/whl/torch-${TORCH}+${CUDA}.html` with TORCH and CUDA from "
               "`python -c \"import torch; print(torch.__version__)\"`")
      for prefix in ("torch_scatter", "torch_sparse", "torch_cluster", "torch_spline_conv")),
    ("pytorch3d", "pytorch3d from source: `pip install --no-build-isolation --force-reinstall "
                  "\"git+https://github.com/facebookresearch/pytorch3d.git@stable\"`"),
    ("mmcv", "mmcv for this torch: `pip uninstall -y mmcv` then `mim install mmcv` (a prebuilt one where OpenMMLab "
             "publishes it for this torch and CUDA), or build it (`pip install --no-build-isolation mmcv`)"),
    ("detectron2", "detectron2 from source: `pip install --no-build-isolation --force-reinstall "
                   "'git+https://github.com/facebookresearch/detectron2.git'`"),
    ("nvdiffrast", "nvdiffrast: `pip install --no-build-isolation --force-reinstall "
                   "git+https://github.com/NVlabs/nvdiffrast`"),
    # prebuilt wheels pinned to one torch release: the release made for this torch, not a build of one's own
    *((prefix, "the release of it built for the installed torch (its release notes or requirements name the "
               "torch it was built with): `pip install --force-reinstall` that version, or reinstall the torch "
               "version the installed one requires")
      for prefix in ("vllm", "xformers", "sgl_kernel", "sglang", "bitsandbytes", "transformer_engine", "torchvision",
                     "torchaudio", "torchao", "deepspeed", "apex")),
    *((prefix, "the project's submodule: delete its build/ folder, then `pip install --no-build-isolation "
               "--force-reinstall ./submodules/<its folder>`")
      for prefix in ("diff_gaussian_rasterization", "simple_knn", "fused_ssim")),
)
_BUILD_DEFAULT = ("delete its build/ folder and build it from source in this environment (`pip install "
                  "--no-build-isolation --force-reinstall .` in its source folder, or the project's own install "
                  "command), or install its wheel made for this torch and CUDA")

# spconv's fix, for every row of that cause here.
SPCONV_ADVICE = (
    "Install the spconv build that has kernels for this GPU: remove every spconv and cumm (`pip list | grep -i -E "
    "'spconv|cumm'`, then `pip uninstall -y` each), then `pip install spconv-cuXYZ` of the newest CUDA build spconv "
    "publishes for the CUDA torch uses (spconv-cu118, cu120, cu121, cu124, cu126; the cumm it pulls must match). "
    "Where no wheel has this GPU's kernels (RTX 50 / sm_120 with some releases, Jetson Orin's sm_87), build cumm and "
    "spconv from source for it: `export CUMM_CUDA_ARCH_LIST=\"12.0\"` (8.7 for Orin), `CUMM_DISABLE_JIT=1`, "
    "`SPCONV_DISABLE_JIT=1`, `python setup.py bdist_wheel` in cumm and then in spconv, and install both wheels; "
    "torch itself needs a build with the GPU's kernels too (cu128 or newer for RTX 50).")

_PRE_AMPERE = (r"\b(?:RTX ?20[6-8]0|GTX ?20[6-8]0|20[6-8]0 ?(?:Ti|Super|S)?|GTX ?1[06][5-8]0|16[56]0 ?(?:Ti|Super)?|"
               r"Tesla T4|T4|V100S?|P100|P40|Titan [VX]p?|Turing|Volta|Pascal)\b")
_FLASH = r"(?:flash[-_ ]?attn|[Ff]lash[Aa]ttention(?: ?2)?|flash[-_ ]attention(?: ?2)?)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.extension-built-for-other-torch-named",
        cause_id="extension-abi-mismatch",
        # beside wheels.extension-built-for-other-torch on the same line (same cause), which keeps its general advice
        kinds=("any",),
        # The loader's line with the extension's own folder before its .so (not site-packages, torch's lib).
        patterns=(
            # an egg's folder is named without its version and platform ("torch_scatter-1.0.4-py3.6-linux-x86_64.egg")
            r"[\\/](?!(?:site|dist)-packages[\\/]|lib[\\/]|lib64[\\/]|torch[\\/])(?P<extension>[A-Za-z][\w.]{0,60}?)"
            r"(?:-\d[\w.-]{0,60}\.egg)?[\\/][\w.-]{1,80}\.so(?:\.\d{1,3})?: undefined symbol: "
            r"(?:_ZNK?(?:5torch|2at|3c10)\w+|THPVariable\w{1,30})",
        ),
        severity="fail",
        cause=("{extension} is a compiled extension built against another PyTorch than the one installed: a torch "
               "C++ symbol it was linked against is missing from this torch."),
        advice=("Rebuild {extension} against the installed torch (a compiled extension is rebuilt after every torch "
                "upgrade or reinstall; or pin torch back to the release it was built for): {extension_build}. Where "
                "the code imports it before torch, `import torch` first."),
        lookups=(("extension", "extension_build", EXTENSION_BUILDS, _BUILD_DEFAULT),),
        action="configure",
        rules_out=("a driver fault", "a GPU fault"),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/lxxue/FRNN/issues/21",
                 "https://github.com/NVlabs/tiny-cuda-nn/issues/421", "https://data.pyg.org/whl/", CPP_EXTENSION_DOCS),
        checked=CHECKED,
        examples=("wheels/frnn-21-c-ext-undefined-symbol-c10.txt", "wheels/torch-scatter-6-thpvariableclass-undefined.txt",
                  "frameworks/scenegen-8-rasterizer-undefined-symbol-c10.txt"),
    ),
    Signature(
        code="wheels.spconv-prebuilt-lacks-gpu-arch",
        cause_id="cuda-arch-unsupported",
        refines=("cuda.invalid-device-function",),
        kinds=("any",),
        # spconv's own warning when its prebuilt wheel lacks the GPU's architecture (spconv/core_cc loaders).
        patterns=(r"your gpu arch \((?P<major>\d{1,2}), (?P<minor>\d{1,2})\) isn't compiled in prebuilt",),
        severity="fail",
        cause=("The installed spconv wheel has no kernels for this GPU (compute capability {major}.{minor}): its "
               "sparse-convolution kernels fail with invalid device function or no kernel image."),
        advice=SPCONV_ADVICE,
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/traveller59/spconv/issues/724", "https://github.com/traveller59/spconv/issues/760",
                 "https://github.com/traveller59/spconv"),
        checked=CHECKED,
        examples=("wheels/spconv-724-gpu-arch-not-compiled-in-prebuilt.txt",),
    ),
    Signature(
        code="wheels.spconv-no-kernel-image",
        cause_id="cuda-arch-unsupported",
        contexts=("spconv",),
        refines=("cuda.no-kernel-image",),
        kinds=("any",),
        # CUDA's words where the text shows spconv running (its frames, its C++ namespace, its SparseConvTensor)
        patterns=(r"no kernel image is available for execution on the device", r"cudaErrorNoKernelImageForDevice"),
        severity="fail",
        cause=("spconv (or its cumm kernels) has no kernels for this GPU's architecture: the spconv build installed "
               "was compiled for older GPUs."),
        advice=SPCONV_ADVICE,
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/NVIDIA-AI-IOT/Lidar_AI_Solution/issues/321",
                 "https://github.com/traveller59/spconv/issues/746", "https://github.com/traveller59/spconv/issues/752"),
        checked=CHECKED,
        examples=("cuda/lidaraisolution-321-libspconv-no-kernel-image-sm87.txt",),
    ),
    Signature(
        code="wheels.spconv-new-gpu-described",
        described=True,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(
            # "no `SparseConv` pip installed version for Cuda 12.8", "spconv does not work on my RTX 5090"
            r"\b(?:spconv|SparseConv|sparseconv|cumm)\b[^\n]{0,100}?(?:[Cc][Uu][Dd][Aa] ?12\.[89]|cu12[89]|cu13\d|"
            r"Blackwell|sm_?120|RTX ?50[5-9]0|50[5-9]0 ?(?:Ti)?|50[Xx]0|RTX 50\b)",
            # "on Blackwell (sm_120) spconv fails", "RTX 5080 with spconv"
            r"(?:Blackwell|sm_?120|RTX ?50[5-9]0|50[Xx]0)[^\n]{0,100}?\b(?:spconv|SparseConv|cumm)\b",
        ),
        severity="warn",
        cause=("The description points at spconv without kernels for a new GPU: its published wheels were built "
               "before Blackwell (RTX 50, sm_120) and CUDA 12.8."),
        advice=SPCONV_ADVICE,
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/Pointcept/PointTransformerV3/issues/159",
                 "https://github.com/traveller59/spconv/issues/746"),
        checked=CHECKED,
        examples=("wheels/ptv3-159-spconv-blackwell-cu128-prose.txt",),
    ),
    Signature(
        code="wheels.msvc-std-ambiguous-symbol",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        # MSVC's C2872 for 'std' in its languages: English, Chinese, French, German, Japanese (quotes as localised)
        patterns=(
            r"error C2872: ?[\"'\u201c\u2018]std[\"'\u201d\u2019] ?: ?(?:ambiguous symbol|\u4e0d\u660e\u786e\u7684\u7b26\u53f7|"
            r"symbole ambigu|[Mm]ehrdeutiges Symbol|\u3042\u3044\u307e\u3044\u306a\u30b7\u30f3\u30dc\u30eb)",
        ),
        severity="fail",
        cause=("MSVC, compiling a CUDA or C++ extension against torch's headers, finds 'std' ambiguous: the MSVC "
               "toolset, the CUDA toolkit and the torch release do not compile together."),
        advice=("Where the error is in torch's torch/csrc/dynamo/compiled_autograd.h (torch 2.6 and later), add "
                "-DUSE_CUDA to the extension's compile flags for both compilers (setup.py extra_compile_args "
                "{'cxx': [..., '/DUSE_CUDA'], 'nvcc': [..., '-DUSE_CUDA']}), which turns on the header's Windows "
                "workaround, or build against the torch release the project documents. Elsewhere (MSVC's own headers, "
                "torch/nn/pimpl.h), build with an MSVC toolset that this CUDA toolkit supports: in the Visual Studio "
                "Installer add an older MSVC v143 (or v142) toolset under Individual components and build from its x64 "
                "Native Tools prompt, with the CUDA toolkit that matches torch.version.cuda. Then build again."),
        action="configure",
        rules_out=("a GPU, driver or CUDA runtime fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/148317", "https://github.com/ashawkey/cubvh/pull/31",
                 "https://github.com/k2-fsa/k2/issues/1342"),
        checked=CHECKED,
        examples=("wheels/pytorch-148317-sageattention-c2872-std-localised.txt",),
    ),
    Signature(
        code="wheels.extension-ninja-build-stopped",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        # ninja's summary after a failed compile step: torch.utils.cpp_extension's builds (setup.py and JIT load())
        patterns=(r"ninja: build stopped: subcommand failed",),
        severity="warn",
        cause=("A compile step of a C++/CUDA extension failed and ninja stopped: the compiler's own error (nvcc "
               "fatal, error C...., fatal error: ...h) is above this line; most often the CUDA toolkit or the host "
               "compiler does not fit the torch it builds against."),
        advice=("Find the first error above ninja's line and fix that. Most often: make the CUDA Toolkit that "
                "compiles (`nvcc --version`) the release torch was built with (`python -c \"import torch; "
                "print(torch.version.cuda)\"`): install that CUDA Toolkit and point CUDA_HOME (Windows: CUDA_PATH) "
                "and PATH at it; on Windows build from the x64 Native Tools prompt of a Visual Studio 2022 / Build "
                "Tools whose MSVC that CUDA release supports. Then delete the extension's build/ folder (a JIT "
                "build's: the torch_extensions cache) and build again."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Ruyi-Zha/naf_cbct/issues/15",
                 "https://github.com/graphdeco-inria/gaussian-splatting/issues/951", CPP_EXTENSION_DOCS),
        checked=CHECKED,
        examples=("wheels/nafcbct-15-nvcc-unsupported-compute86-ninja.txt",),
    ),
    Signature(
        code="frameworks.flashattention-pre-ampere-described",
        described=True,
        cause_id="cuda-arch-unsupported",
        refines=("vllm.flashattention-needs-ampere",),
        kinds=("any",),
        patterns=(
            # "a GTX2080 Ti ... which does not support flash-attn", "my V100 can't run flash attention"
            _PRE_AMPERE + r"[^\n]{0,80}?\b(?:does not|doesn't|do not|don't|not|cannot|can't|can not) (?:support|run|use)s? "
            r"(?:the )?" + _FLASH,
            # flash-attn's own error, then the pre-Ampere GPU on the same line ("... Can it work on 2080Ti?")
            r"FlashAttention only supports Ampere GPUs or newer\.?[^\n]{0,120}?" + _PRE_AMPERE,
            _PRE_AMPERE + r"[^\n]{0,120}?FlashAttention only supports Ampere GPUs or newer",
        ),
        severity="warn",
        cause=("The description points at FlashAttention 2 on a pre-Ampere GPU (Turing, Volta, Pascal): flash-attn "
               "has kernels only for compute capability 8.0 and newer, so no build of it runs there."),
        advice=("Turn flash-attn off for this GPU and use the app's other attention path: PyTorch's SDPA "
                "(transformers/diffusers: attn_implementation=\"sdpa\" instead of \"flash_attention_2\"), or "
                "xformers where the app offers it as its attention backend; an app that imports flash-attn whenever "
                "it is installed falls back once it is uninstalled (`pip uninstall flash-attn`), and newer releases "
                "of some (Wan 2.1's attention.py) fall back by themselves. Otherwise use an Ampere or newer GPU."),
        action="configure",
        rules_out=("a driver fault", "a broken flash-attn install"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/tdrussell/diffusion-pipe/issues/137",
                 "https://github.com/Dao-AILab/flash-attention/issues/1514",
                 "https://github.com/Dao-AILab/flash-attention"),
        checked=CHECKED,
        examples=("frameworks/diffusionpipe-137-flashattn-2080ti-prose.txt",
                  "frameworks/flashattention-1514-2080ti-wan21-ampere-only.txt"),
    ),
)
