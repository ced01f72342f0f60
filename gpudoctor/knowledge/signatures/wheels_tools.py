"""Installers and build tools beyond pip's own resolver, in their own words: conda's solver finding no package of a
pinned CUDA build in the channels it searched, and the build steps of the packages people install beside a framework.

wheels_python.py adds these rows to its PYTHON_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_INSTALL = ("any",)

TOOLS_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.conda-package-not-in-channels",
        cause_id="no-wheel-for-python",
        kinds=_INSTALL,
        # conda's solver (conda/exceptions.py, PackagesNotFoundError); the packages it names follow on their own lines
        # after a blank one, so the row reads the head line, and the advice covers the CUDA builds people pin there.
        patterns=(r"PackagesNotFoundError: The following packages are not available from current channels",
                  # libmamba's tree when a CUDA build's own dependency is in none of the channels given (pytorch-cuda
                  # asking for NVIDIA's libnvjitlink or cuda-* packages while -c nvidia is missing or a label of it)
                  r"(?P<package>libnvjitlink|libcublas|libcusparse|libcufft|libcurand|libcusolver|libnpp|libnvjpeg|"
                  r"cuda-[a-z]{2,12}(?:-[a-z]{2,12})?)\b[^\n]{0,60}which does not exist \(perhaps a missing channel\)"),
        severity="fail",
        cause=("conda found no package of the pinned name, version or build in the channels it searched for this "
               "platform (cudatoolkit or pytorch-cuda versions a channel never carried or dropped, Linux builds pinned "
               "in an environment file used on Windows or macOS, PyTorch's own conda channel, which stopped after "
               "PyTorch 2.5)."),
        advice=("Install PyTorch with pip from PyTorch's index inside the conda environment (`pip install torch "
                "torchvision torchaudio --index-url https://download.pytorch.org/whl/cu121`, the cuXXX your driver "
                "supports), or ask conda for a version the channels carry for this platform (conda-forge: `conda "
                "install -c conda-forge pytorch cuda-version=12.1`), instead of the pinned build."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/myshell-ai/OpenVoice/issues/83", "https://github.com/yisol/IDM-VTON/issues/40",
                 "https://github.com/pytorch/pytorch/issues/138506", "https://github.com/HarborYuan/ovsam/issues/26"),
        checked="2026-11-26",
        examples=("wheels/openvoice-83-conda-cudatoolkit-117-not-in-channels.txt",
                  "wheels/idm-vton-40-conda-env-linux-pins-on-windows.txt",
                  "wheels/ovsam-26-pytorch-cuda-libnvjitlink-missing-channel.txt"),
    ),
    Signature(
        code="wheels.cudacxx-names-missing-nvcc",
        cause_id="build-toolchain-mismatch",
        kinds=_INSTALL,
        # CMake's CMakeDetermineCUDACompiler: CUDACXX is set, and no file exists at the path it names (the path follows
        # on its own line after a blank one).
        patterns=(r"Could not find compiler set in environment variable CUDACXX\b",),
        severity="fail",
        cause=("The environment variable CUDACXX names a CUDA compiler (nvcc) that does not exist at that path (another "
               "toolkit version's directory, a conda environment's nvcc elsewhere, an unexpanded `~` or `$` in it), "
               "so CMake cannot enable CUDA for the build."),
        advice=("Point CUDACXX at an nvcc that exists: `ls \"$CUDACXX\"`, `which nvcc`, then `export "
                "CUDACXX=/usr/local/cuda-12.4/bin/nvcc` (an absolute path, the toolkit you installed) or `unset CUDACXX` "
                "with the toolkit's bin on PATH, and run the build (or `pip install` with CMAKE_ARGS) again."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/Guangxuan-Xiao/torch-int/issues/25", "https://github.com/NVIDIA/cutlass/issues/1269",
                 "https://cmake.org/cmake/help/latest/envvar/CUDACXX.html"),
        checked="2026-11-26",
        examples=("wheels/torch-int-25-cudacxx-nvcc-path-missing.txt",
                  "wheels/cutlass-1269-cudacxx-unexpanded-home-path.txt"),
    ),
    Signature(
        code="wheels.opencv-needs-system-libgl",
        refines=("cuda.system-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="system-library-missing",
        kinds=_INSTALL,
        # opencv-python's cv2 links against the system's OpenGL (and X) libraries; slim container images lack them.
        patterns=(r"\blibGL\.so\.1: cannot open shared object file",),
        severity="fail",
        cause=("The installed opencv-python's cv2 module needs the operating system's OpenGL library (libGL.so.1), "
               "which this system or container image does not have, so `import cv2` fails (and every tool that "
               "imports it)."),
        advice=("Install OpenCV's headless build, which needs no OpenGL: `pip uninstall -y opencv-python && pip install "
                "opencv-python-headless` (the same version); or install the system library in the image: `apt-get "
                "install -y libgl1` (libgl1-mesa-glx on older Debian and Ubuntu)."),
        action="configure",
        rules_out=("a GPU driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "install CUDA"),
        sources=("https://github.com/pytorch/ignite/issues/1615",
                 "https://github.com/kjanko/python-fingerprint-recognition/issues/23",
                 "https://github.com/opencv/opencv-python#installation-and-usage"),
        checked="2026-11-26",
        examples=("wheels/ignite-1615-cv2-libgl-missing-in-image.txt",
                  "wheels/fingerprint-recognition-23-docker-cv2-libgl.txt"),
    ),
    Signature(
        code="wheels.rust-package-built-from-source",
        cause_id="no-wheel-for-python",
        kinds=_INSTALL,
        # setuptools-rust's and maturin's own messages when pip falls back to a Rust package's source archive
        # (tokenizers, safetensors, orjson): no wheel of the pinned version for this Python, platform or pip.
        patterns=(r"error: can't find Rust compiler",
                  r"Cargo, the Rust package manager, is not installed or is not on PATH"),
        severity="fail",
        cause=("pip is compiling a Rust-based package (tokenizers, safetensors and the like) from its source archive "
               "because no prebuilt wheel of the requested version exists for this Python and platform (a pin older "
               "than the Python, a Python newer than the release), and no Rust toolchain is installed."),
        advice=("Install a version that has a wheel for this Python instead of compiling it: relax the pin (`pip "
                "install -U transformers tokenizers`, the project's newer release), or create the environment with a "
                "Python the pinned release has wheels for (3.10 or 3.11 for older pins); upgrade pip first (`python -m "
                "pip install -U pip`). Installing Rust (rustup) only makes the slow source build possible."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("update the driver", "reinstall the driver", "install CUDA"),
        sources=("https://github.com/tau-nlp/zero_scrolls/issues/2", "https://github.com/huggingface/tokenizers/issues/1393",
                 "https://pypi.org/project/tokenizers/#files"),
        checked="2026-11-26",
        examples=("wheels/zero-scrolls-2-transformers-4302-rust-compiler.txt",
                  "wheels/tokenizers-1393-cargo-missing-python-312.txt"),
    ),
    Signature(
        code="wheels.cupy-built-for-other-cuda",
        cause_id="wheel-cuda-variant",
        kinds=_INSTALL,
        # cupy/__init__.py's import-failure banner ("CuPy is not correctly installed" before v10), and CuPy's lazy
        # loader (cupy_backends/cuda/_softlink, cupy/_environment.py) naming the CUDA major's library it wants.
        patterns=(r"Failed to import CuPy\.",
                  r"CuPy is not correctly installed\.",
                  r"CuPy failed to load (?P<library>lib\w{2,20}\.so\.(?P<major>\d{2})[\d.]{0,8}|\w{2,20}64_(?P<dll_major>\d{2,3})"
                  r"\w{0,4}\.dll)"),
        severity="fail",
        cause=("The CuPy installed (cupy-cuda11x, cupy-cuda12x, cupy-cuda13x, or a distribution package) is built for "
               "one CUDA major and cannot load that major's runtime libraries here: the CUDA installed is another "
               "major, or none of its libraries are on the loader's path."),
        advice=("Compare `pip list | grep -i cupy` with the CUDA installed (`nvcc --version`, `ls -d /usr/local/cuda*`) "
                "and keep one CuPy wheel of that major: `pip uninstall -y cupy-cuda11x cupy-cuda12x` then `pip install "
                "\"cupy-cuda12x[ctk]\"` (the [ctk] extra installs the CUDA libraries it needs as wheels; cupy-cuda13x "
                "for CUDA 13); check with `python -c \"import cupy; cupy.show_config()\"`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/rapidsai/deployment/issues/709", "https://github.com/arch4edu/arch4edu/issues/220",
                 "https://docs.cupy.dev/en/stable/install.html"),
        checked="2026-11-26",
        examples=("wheels/rapids-deployment-709-cupy-cuda12x-on-cuda13.txt",
                  "wheels/arch4edu-220-cupy-built-for-cuda-11.txt"),
        # the loader's "libcudart.so.11.0: cannot open shared object file" CuPy's banner quotes as its original error
        refines=("cuda.shared-library-not-loadable",
                 "cuda.runtime-library-missing", "cuda.cudnn-so-not-found", "cuda.extension-built-for-other-cuda"),
        refines_within=12,
    ),
    Signature(
        code="wheels.package-imports-removed-torch-six",
        cause_id="package-version-conflict",
        kinds=_INSTALL,
        # PyTorch 2.0 removed torch._six (pytorch/pytorch#94709); DeepSpeed before its fix (#2863), apex before its own,
        # old timm, ColossalAI and many research repositories still import inf or string_classes from it.
        patterns=(r"No module named '(?P<module>torch\._six)'",),
        severity="fail",
        cause=("A package imported here (the file named last in the traceback: DeepSpeed, apex, timm or a research "
               "repository's own code) was written for PyTorch 1.x and imports torch._six, which PyTorch 2.0 removed."),
        advice=("Upgrade the package whose file imports torch._six to a release made for PyTorch 2: `pip install -U "
                "deepspeed` (releases since March 2023), `pip install -U timm`, apex rebuilt from its current source; in your own "
                "or a repository's code, replace `from torch._six import inf` with `from torch import inf` (string_classes "
                "with str); or keep torch below 2.0 for that project."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/QwenLM/Qwen/issues/624", "https://github.com/NVIDIA/apex/issues/1724",
                 "https://github.com/deepspeedai/DeepSpeed/issues/2845", "https://github.com/pytorch/pytorch/pull/94709"),
        checked="2026-11-26",
        examples=("wheels/qwen-624-old-deepspeed-imports-torch-six.txt",
                  "wheels/apex-1724-amp-imports-torch-six-torch-201.txt"),
    ),
    Signature(
        code="wheels.typing-extensions-too-old",
        cause_id="package-version-conflict",
        kinds=_INSTALL,
        # torch (2.x imports ParamSpec, Self, TypeAlias; 2.5+ TypeIs, new in typing_extensions 4.10) and other libraries
        # import names an older typing_extensions lacks: often the distribution's copy in dist-packages shadows it.
        patterns=(r"cannot import name '(?P<name>TypeIs|ParamSpec|Self|TypeAlias|TypeAliasType|Unpack|override|deprecated"
                  r"|Concatenate|Required|NotRequired|LiteralString|Never)' from 'typing_extensions'",),
        severity="fail",
        cause=("The typing_extensions that Python imports here is older than torch (or another library) needs: it has no "
               "{name}, so the import fails before anything touches the GPU; often an old copy in the system's "
               "dist-packages or a pin satisfied the declared minimum but not what the code uses."),
        advice=("Upgrade it in the environment that runs the program: `python -m pip install -U typing-extensions` "
                "(4.10 or newer for TypeIs); if the path in the error is /usr/lib/python3/dist-packages, work in a "
                "virtual environment so that the distribution's copy is not the one imported."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/issues/134097", "https://github.com/pytorch/pytorch/issues/116945",
                 "https://github.com/kubeflow/katib/pull/2504"),
        checked="2026-11-26",
        examples=("wheels/pytorch-134097-typing-extensions-48-no-typeis.txt",
                  "wheels/pytorch-116945-python39-system-typing-extensions-paramspec.txt"),
    ),
    Signature(
        code="wheels.poetry-no-installation-candidates",
        cause_id="no-wheel-for-python",
        kinds=_INSTALL,
        # Poetry's installer (installation/chooser.py) when the locked version has no file for this Python, operating
        # system or CPU: torch for a Python newer than the release, nvidia-* and recent torch on macOS, +cuXXX builds
        # without PyTorch's index as a source.
        patterns=(r"Unable to find installation candidates for (?P<package>[\w.-]{1,80}) \((?P<version>[\w.+!-]{1,40})\)",),
        severity="fail",
        cause=("Poetry's lock asks for {package} {version}, and no file of that release fits this environment: no wheel "
               "for this Python version, operating system or CPU (or, for a +cuXXX build, the index that serves it is "
               "not a source of the project)."),
        advice=("Use a Python the pinned release has wheels for (`poetry env use 3.11`, then `poetry install`), or move "
                "the pin to a version published for this platform (`poetry add torch@<version>`); for a +cuXXX torch add "
                "PyTorch's index as a source (`poetry source add --priority=explicit pytorch "
                "https://download.pytorch.org/whl/cu124`) and name it for torch. CUDA builds do not exist for macOS, "
                "and on an Intel (x86_64) Mac torch stops at 2.2.2: pin torch<=2.2.2 there or use another machine."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=("update the driver", "reinstall the driver", "install CUDA"),
        sources=("https://github.com/suxrobGM/bookshelf-scanner/issues/1",
                 "https://github.com/BittnerPierre/applied-ai-rag-assistant/issues/8",
                 "https://github.com/mindverse/Second-Me/issues/32",
                 "https://python-poetry.org/docs/repositories/#package-sources"),
        checked="2026-11-26",
        examples=("wheels/bookshelf-scanner-1-poetry-torch-cu124-python-313.txt",
                  "wheels/applied-ai-rag-8-poetry-torch-231-macos-thread.txt",
                  "wheels/secondme-32-poetry-torch-251-abi-tags-intel-mac.txt"),
    ),
    Signature(
        code="wheels.torch-libraries-from-two-installs",
        cause_id="symbol-mismatch",
        kinds=_INSTALL,
        # torch's own libraries (torch/lib/lib*.so, torch/_C*.so) missing a C++ symbol at `import torch`: the loader
        # found another PyTorch's library first (a source build beside a wheel, ~/.local beside the environment, a stale
        # libc10.so or libtorch.so in /usr/local/lib or on LD_LIBRARY_PATH). An extension's own .so is another row's.
        patterns=(r"/torch/(?:lib/lib(?P<library>\w{1,40})\.so(?:\.\d{1,3})?|_C[\w.-]{0,60}\.so): undefined symbol: "
                  r"(?P<symbol>_Z\w{2,200})",),
        severity="fail",
        cause=("PyTorch's own library cannot find a symbol of another of its libraries: pieces of two PyTorch installs "
               "are mixed (another torch in ~/.local or the system, a source build's leftovers, a stale libc10.so or "
               "libtorch.so in /usr/local/lib or on LD_LIBRARY_PATH), so `import torch` fails."),
        advice=("Keep one PyTorch: `pip uninstall -y torch` until pip finds none (and `conda remove pytorch` in conda), "
                "remove stale libc10.so/libtorch*.so from /usr/local/lib and LD_LIBRARY_PATH (`ldconfig -p | grep "
                "c10`), then install torch once, preferably in a fresh virtual environment."),
        action="configure",
        rules_out=("a driver fault", "an extension built for another torch"),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/15800", "https://github.com/pytorch/pytorch/issues/17541",
                 "https://github.com/pytorch/pytorch/issues/10234"),
        checked="2026-11-26",
        examples=("wheels/pytorch-15800-stale-libc10-usr-local-lib.txt",
                  "wheels/pytorch-17541-older-torch-loaded-first.txt"),
        refines=("wheels.extension-built-for-other-torch",),
    ),
)
