"""Issue 25, fifteenth wave (written blind): people saying that pip, uv or conda installed a CPU-only PyTorch (rows of
the wheels area, joined into wheels.SIGNATURES).

PyPI's torch wheels for Windows and macOS (and for aarch64 Linux before 2.9) are CPU-only, many mirrors carry only
those, a requirements file that names plain `torch` resolves to them, and uv resolves the same way unless the project
pins torch to PyTorch's index; conda's solver picks the cpuonly variant where it finds no `__cuda`. The report is
then words ("pip install torch installs the CPU version", "uv sync installs CPU-only PyTorch", "默认安装为CPU版本的torch"),
so the row is a warning; the fail-level rows read the +cpu version and conda's _cpu_ build string themselves.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

PYTORCH_INSTALL = "https://pytorch.org/get-started/locally/"
UV_PYTORCH = "https://docs.astral.sh/uv/guides/integration/pytorch/"

_TORCH = r"(?:PyTorch|Pytorch|pytorch|Torch|torch)"
_INSTALLED = (r"(?:installs?|installed|installing|pulls?|pulled|pulling|picks?|picked|downloads?|downloaded|"
              r"results? in|resulted in)")
_CPU_BUILD = r"(?:CPU|cpu)(?:[ -]only)?(?:\s(?:version|build|wheel|variant|package)s?\b|\sby default\b)"

P15F_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.installer-picked-cpu-torch-described",
        described=True,
        cause_id="torch-cpu-build",
        kinds=("any",),
        patterns=(
            # "pip install torch installs the CPU version", "torch ... installed the cpu-only build", "the current way
            # installs CPU by default" with torch named before it on the line
            r"\b" + _TORCH + r"\b[^\n]{0,80}?\b" + _INSTALLED + r"\s(?:the\s|a\s|only\s|only the\s)?" + _CPU_BUILD,
            # "installs the CPU version of torch", "installed a cpu-only build of PyTorch"
            r"\b" + _INSTALLED + r"\s(?:the\s|a\s|only\s|only the\s)?" + _CPU_BUILD + r"\s(?:of\s)?(?:the\s)?"
            + _TORCH + r"\b",
            # "uv sync installs CPU-only PyTorch", "conda installs the cpu torch"
            r"\b" + _INSTALLED + r"\s(?:the\s|a\s)?(?:CPU|cpu)(?:[ -]only)?\s(?:version of\s)?" + _TORCH + r"\b",
            # "This command installs cpu version instead of cuda"; conda's "always get cpuonly"
            r"\b(?:installs?|installed|installing)\s(?:the\s|a\s)?(?:CPU|cpu)(?:[ -]only)?\s(?:version|build)\s(?:instead of|"
            r"rather than|not)\s(?:the\s)?(?:CUDA|cuda|GPU|gpu)\b",
            r"\b(?:gets?|got|getting|installs?|installed|pulls?|pulled|picks?|picked)\s(?:the\s)?cpuonly\b",
            # "默认安装为CPU版本的torch", "自动安装的torch选择的是cpu版", "装的是CPU版本的pytorch"
            r"(?:CPU|cpu)\s?版本?的\s?(?:torch|pytorch|PyTorch)",
            # "docker 内torch是cpu版本", "torch都是普通的cpu版本" (an image's torch, a few words between)
            # w54b: a mirror's torch "只有 CPU 版本" (has only the CPU build)
            r"(?:torch|pytorch|PyTorch)[^\n]{0,30}?(?<!不)(?:是|为|成了|了|只有)(?:普通的|都是)?\s?(?:CPU|cpu)\s?版",
            # "when debug torch cpu version installed", "PyTorch CPU-only build was installed"
            r"\b" + _TORCH + r"\s(?:the\s|a\s)?(?:CPU|cpu)(?:[ -]only)?\s(?:version|build|wheel)s?\s(?:is\s|was\s|got\s|gets\s|"
            r"has been\s|had been\s|being\s)?(?:installed|downloaded|pulled)\b",
            # an image's or an app's own torch: "the image ships the CPU version of torch", "the torch in the docker
            # image is the CPU-only build"
            r"\b(?:image|container|installer|requirements(?:\.txt)?)\b[^\n]{0,40}?\b(?:ships|has|comes with|contains|includes|"
            r"bundles|uses|pins)\s(?:the\s|a\s|only\s)?" + _CPU_BUILD + r"\s(?:of\s)?(?:the\s)?" + _TORCH + r"\b",
            r"\b" + _TORCH + r"\s(?:in|inside|from|of)\s(?:the\s|this\s|your\s|their\s)?(?:[Dd]ocker\s|official\s)?(?:image|container)s?"
            r"\s(?:is|are|was)\s(?:the\s|a\s|only\s)?(?:CPU|cpu)(?:[ -]only)?\b",
            # w40c: the build named by what it lacks: "didn't install torch with cuda support", "torch installed w/o gpu
            # support", "torch is listed in requirements.txt, but it doesn't install support for CUDA"
            # (a uv tool environment's is wheels.uv-tool-torch-without-pytorch-index-described's: the index it lacks)
            r"^(?![^\n]{0,400}?\b(?:uvx|uv tool)\b)[^\n]{0,400}?\b(?:doesn't|does not|didn't|did not|won't|will not|doesn’t|"
            r"didn’t)\s{1,3}install\s(?:the\s)?" + _TORCH + r"\s(?:with|w/)\s(?:CUDA|[Cc]uda|GPU|gpu)\b",
            r"\b" + _TORCH + r"\b[^\n]{0,80}?\b(?:installs?|installed|installing|comes|came)\s(?:w/o|without)\s(?:any\s)?"
            r"(?:GPU|gpu|CUDA|[Cc]uda)(?:\s(?:support|enabled|acceleration))?\b"
            # "torch installed without CUDA toolkit on the host" is a healthy pip wheel, which brings its own (rev40b)
            r"(?!\s(?:[Tt]oolkit|[Dd]rivers?|installed|on the (?:host|system)|SDK))",
            # w42b: "the project does not install the GPU version of PyTorch by default"
            r"\b(?:doesn't|does not|didn't|did not|won't|will not|doesn’t|didn’t)\s{1,3}install\s(?:the\s)?(?:GPU|gpu|CUDA|cuda)"
            r"[ -](?:version|build|variant|wheel)s?\s(?:of\s)?(?:the\s)?" + _TORCH + r"\b"
            # rev42a: not a script that leaves an installed torch alone ("won't install the GPU build of PyTorch if
            # one is already present")
            r"(?![^\n]{0,40}?\b(?:if|when|since|because) (?:one|it|torch|PyTorch|a (?:CUDA |GPU )?build) (?:is|was) already\b)",
            r"\b" + _TORCH + r"\b[^\n]{0,100}?\b(?:doesn't|does not|didn't|did not|won't|will not|doesn’t|didn’t)\s{1,3}install\s"
            r"(?:the\s)?(?:support for\s(?:CUDA|[Cc]uda|GPU|gpu)|(?:CUDA|[Cc]uda|GPU|gpu)[ -]support)\b",
            # w48b: the build named by how it was made: "issues in Torch 2.3.0 being compiled without CUDA"
            r"\b" + _TORCH + r"\b[^\n]{0,40}?\b(?:being |was |is |got |gets |been )?(?:compiled|built)\s(?:without|w/o)\s"
            r"(?:any\s)?(?:CUDA|[Cc]uda|GPU|gpu)(?:\s(?:support|enabled))?\b(?![^\n]{0,30}?\b(?:from source|myself|locally)\b)",
        ),
        severity="warn",
        cause=("The description suggests the installer (pip, uv or conda) put a CPU-only PyTorch build in the "
               "environment: a plain `torch` requirement resolves to the CPU wheels on Windows and macOS, on many "
               "mirrors and (before 2.9) on aarch64, and conda picks the cpuonly variant where it sees no driver, so "
               "torch.cuda.is_available() is False although the GPU and its driver are fine."),
        advice=("Install the CUDA build from PyTorch's own index in the same environment: `pip uninstall -y torch "
                "torchvision torchaudio`, then `pip install torch torchvision torchaudio --index-url "
                "https://download.pytorch.org/whl/cu126` (the cuXXX from pytorch.org's selector, not newer than the "
                "'CUDA Version' nvidia-smi prints). Do it where the app or image pins torch, or its next install undoes it: "
                "in an image, the Dockerfile's pip step (then rebuild; or take the project's CUDA image tag); in an app, "
                "its requirements file or installer script. In a requirements file put `--extra-index-url "
                "https://download.pytorch.org/whl/cu126` above torch, or pin the local version (torch==2.x.y+cu126); "
                "with uv, map torch to that index in pyproject.toml ([[tool.uv.index]] with explicit = true and "
                "[tool.uv.sources]) or use `uv pip install torch --torch-backend=auto`; with conda, use pip for torch "
                "or install pytorch-cuda. Then `python -c \"import torch; print(torch.__version__, torch.version.cuda)\"` "
                "must show a +cuXXX version, not +cpu or None."),
        action="configure",
        rules_out=("a driver fault", "a GPU hardware fault"),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/victorca25/traiNNer/issues/57", "https://github.com/huggingface/lerobot/issues/4093",
                 PYTORCH_INSTALL, UV_PYTORCH),
        checked="2026-11-26",
        examples=("wheels/trainner-57-requirements-installs-cpu-torch.txt",
                  "frameworks/xinference-3567-docker-image-torch-cpu-build.txt",
                  "frameworks/videoanalyzer-54-cudnn-ops64-9-dll-cpu-torch.txt",
                  "frameworks/omost-26-requirements-torch-without-cuda-prose.txt"),
    ),
    Signature(
        code="wheels.torch-not-for-this-python-described",
        described=True,
        cause_id="no-wheel-for-python",
        kinds=("any",),
        patterns=(
            # "the Pytorch library does not support python 3.13", "Torch isn't ready for Python 3.13 yet"
            r"\b" + _TORCH + r"\b[^\n]{0,40}?\b(?:does not|doesn't|do not|don't|isn't|is not|not)\s(?:yet\s)?(?:support|"
            r"supported on|supported for|available for|available on|have wheels for|work with|work on|ready for)\s(?:the\s)?"
            r"(?:[Pp]ython|py)\s?3\.\d{1,2}\b",
            # "Pytorch for Python 3.12 not available"
            r"\b" + _TORCH + r"\s(?:for|on)\s(?:[Pp]ython|py)\s?3\.\d{1,2}\s(?:is\s)?(?:not available|unavailable|missing)\b",
            # "Can't install on python 3.13", "unable to install torch with Python 3.12"
            r"\b(?:[Cc]an'?t|[Cc]annot|[Cc]an not|[Uu]nable to|[Ff]ail(?:s|ed)? to)\s(?:pip\s)?install\s(?:PyTorch|Pytorch|pytorch|Torch|torch"
            + r"|it)?\s?(?:on|with|for|in|under|using)\s(?:[Pp]ython|py)\s?3\.\d{1,2}\b",
        ),
        severity="warn",
        cause=("The description suggests pip found no wheel for this interpreter or platform ('from versions: none'): "
               "PyTorch, like most compiled packages, ships wheels for a range of 64-bit CPython versions per release "
               "only (a new Python gets them months later), none for 32-bit Python on Windows, and none for Intel "
               "macOS after 2.2."),
        advice=("Check the interpreter: `python -c \"import sys, platform, struct; print(sys.version, platform.machine(), "
                "struct.calcsize('P') * 8)\"`. Use a 64-bit Python version the torch release supports (pytorch.org's "
                "install page lists them; e.g. Python 3.12): create an environment with it (`py -3.12 -m venv .venv`, "
                "`uv venv -p 3.12`, or `conda create -n torch python=3.12`) and install torch there, or pick a newer "
                "torch release that has wheels for this Python. A 32-bit Python cannot install torch at all."),
        action="configure",
        rules_out=("a driver fault", "a CUDA installation fault"),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/pytorch/pytorch/issues/149823", "https://github.com/pytorch/pytorch/issues/130249",
                 PYTORCH_INSTALL),
        checked="2026-11-26",
        examples=("wheels/pytorch-149823-python-313-windows-32bit-no-wheel.txt",),
    ),
)
