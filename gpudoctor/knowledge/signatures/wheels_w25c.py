"""Issue 25, twenty-fifth wave (w25c): builds and wheels of the wrong kind, read wherever their line appears.

CUDA extensions that build from source (flash-attn, mamba-ssm, causal-conv1d, apex and the research repositories that
copied their setup.py) read the toolkit's version before compiling: `_, bare_metal_version =
get_cuda_bare_metal_version(CUDA_HOME)` runs `$CUDA_HOME/bin/nvcc -V`. Where CUDA_HOME names no toolkit (unset, a
PATH-style value with a colon, a runtime-only CUDA such as a -runtime image or the driver's libraries alone) the
subprocess call raises inside that function, and pip shows the traceback through those two lines, often cut before
the FileNotFoundError that names the path; where CUDA_HOME is None the later check reads an unassigned variable
("name 'bare_metal_version' is not defined"). The threads settle on a CUDA toolkit of torch's CUDA version with
CUDA_HOME pointing at it (conda's cuda-toolkit in the environment, a -devel image), or on a prebuilt wheel.

faiss installs one Python module, `faiss`, from either of its builds: the CPU package (faiss-cpu) and the GPU ones. A
CPU build imported (faiss-cpu alone, installed after the GPU package and overwriting it, or the only build pip found
for the platform) has no GPU classes, so code that asks for them stops at "module 'faiss' has no attribute
'StandardGpuResources'" (GpuIndexFlatL2, index_cpu_to_gpu). The maintainers' answer: the GPU build alone.

Several packages install a module named `pynvml`: NVIDIA's nvidia-ml-py (the one gpustat, nvitop and torch expect),
the deprecated pynvml package (before 12.0 a copy of its own) and the older forks nvidia-ml-py3 and py3nvml. An old
copy installed beside nvidia-ml-py shadows it, and the program stops at "module 'pynvml' has no attribute
'_nvmlGetFunctionPointer'" (or another nvml name the old copy lacks); removing the old package and reinstalling
nvidia-ml-py fixes it.

An app's own status line may show the PyTorch it runs as a bare version, "2.0.0+cpu Autocast half" (SD.Next's
System Info), without the word torch before it: the +cpu local version is PyTorch's CPU-only wheel, which an
installer puts in when it did not see the GPU at install time, or which pip takes from PyPI on Windows.

A custom node's or app's requirements.txt that names torch (torchvision, torchaudio) lets pip replace the CUDA build
an app installed from PyTorch's index with PyPI's: on Windows the CPU-only wheel, on Linux another CUDA build. pip's
log shows it ("Successfully uninstalled torch-2.4.0+cu121"), people describe it ("forcing a non-CUDA version of Torch
to be installed", "overwriting the existing CUDA-enabled PyTorch"); the settled answer is to reinstall torch from
PyTorch's index with the app's own python and to keep torch out of the node's requirements.

pip's resolver names pins that exclude each other: "ERROR: Cannot install -r requirements.txt (line 19) and
tokenizers==0.13.3 because these package versions have conflicting dependencies", then under "The conflict is caused
by:" the user's pin and each package's own requirement ("transformers 4.40.0 depends on tokenizers<0.20 and >=0.19").
The threads settle on the versions that agree: the pin changed to the range the other package states, or dropped.
After an install pip only warns ("protogen 0.3.0 requires protobuf<4.0.0,>=3.20.3, but you have protobuf 4.25.1 which
is incompatible"; before pip 20.3 "has requirement ..., but you'll have ..."): a warning, since a package never
imported does not break, but where that package fails the versions that agree are the fix.
At import the same disagreement stops the program: transformers checks its dependencies ("huggingface-hub>=0.24.0,<1.0
is required for a normal functioning of this module, but found huggingface-hub==0.23.4"), and pkg_resources raises
VersionConflict ("(tokenizers 0.15.0 (...), Requirement.parse('tokenizers<0.14,>=0.11.1'))"); setuptools' installer
said "protobuf 4.25.3 is installed but protobuf==3.20.2 is required by {...}". Each names the range that agrees.

CatBoost keeps GPU training in a separate module that its source build compiles only with a CUDA its build supports
and its own clang toolchain; a build without it (or whose GPU part failed, which the build prints and carries on)
answers task_type='GPU' with "Can't load GPU learning library. Module was not compiled or driver is incompatible with
package". The maintainers' answer is the prebuilt package (pip, the R release binaries), which carries the module.
"""

from __future__ import annotations

from gpudoctor.knowledge.dated import DatedFact
from gpudoctor.knowledge.signatures import Signature

_BUILD = ("build", "pip", "traceback", "other", "powershell", "docker")
_TORCH = r"(?:PyTorch|Pytorch|pytorch|Torch|torch)"
_NOT_THE_DRIVER = ("reinstall the driver", "update the driver")

# The PyPI packages of faiss's GPU build, by the CUDA major they are built for (pypi.org; Linux wheels only: there is no
# official GPU build for Windows or macOS, where WSL2 or conda on Linux is the way). The plain faiss-gpu name on PyPI
# was long an unofficial CUDA 11 wheel for old Pythons; the -cuNN packages name their CUDA.
FAISS_GPU_WHEELS = DatedFact(
    value={"cuda12": "faiss-gpu-cu12", "cuda11": "faiss-gpu-cu11", "latest": "1.14.1.post1"},
    source="https://pypi.org/project/faiss-gpu-cu12/",
    checked="2026-11-27",
)

CUDA_HOME_ADVICE = (
    "Give the build a CUDA toolkit (nvcc) of the CUDA version torch was built for (`python -c \"import torch; "
    "print(torch.version.cuda)\"`) and point CUDA_HOME at it: Linux `export CUDA_HOME=/usr/local/cuda-12.4 "
    "PATH=/usr/local/cuda-12.4/bin:$PATH` after installing that toolkit (NVIDIA's cuda-toolkit-12-4 package); conda "
    "`conda install -c nvidia cuda-toolkit=12.4` in the environment, then `export CUDA_HOME=$CONDA_PREFIX`; Docker a "
    "-devel image (pytorch/pytorch:*-devel, nvidia/cuda:*-devel), since -runtime images have no nvcc; Windows set "
    "CUDA_HOME to the toolkit folder (C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4, as CUDA_PATH "
    "shows). Check that `$CUDA_HOME/bin/nvcc -V` runs, then rebuild with `pip install --no-build-isolation ...`. Or "
    "compile nothing: install the project's prebuilt wheel for your torch, CUDA and Python (flash-attn, mamba-ssm and "
    "causal-conv1d publish them on their GitHub releases).")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.extension-setup-nvcc-version-unreadable",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        patterns=(
            # the traceback's source lines: the setup.py asked $CUDA_HOME/bin/nvcc for its version and the call raised
            r"\bbare_metal_version = get_cuda_bare_metal_version\((?P<home>[\w.]{1,30})\)",
            r"check_output\(\[cuda_dir \+ [\"']/bin/nvcc[\"'], [\"']-V[\"']\]",
            # CUDA_HOME None: the version check after the guarded block reads the unassigned name
            r"(?:NameError|UnboundLocalError): (?:name|local variable|cannot access local variable) "
            r"'bare_metal_version'",
        ),
        severity="fail",
        cause=("A CUDA extension's setup.py (flash-attn, mamba-ssm, causal-conv1d, apex or one copied from them) ran "
               "$CUDA_HOME/bin/nvcc -V to read the toolkit's version and found no nvcc there: CUDA_HOME is unset, "
               "wrong (a PATH-style value), or points at a CUDA without its compiler (a -runtime image, the driver's "
               "libraries alone)."),
        advice=CUDA_HOME_ADVICE,
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/locuslab/open-unlearning/issues/50", "https://github.com/locuslab/open-unlearning/pull/51",
                 "https://github.com/Dao-AILab/causal-conv1d/issues/6", "https://github.com/state-spaces/mamba/issues/18",
                 "https://pytorch.org/docs/stable/cpp_extension.html"),
        checked="2026-11-27",
        examples=("wheels/open-unlearning-50-flash-attn-bare-metal-nvcc-missing.txt",
                  "wheels/nanotron-167-flash-attn-nvcc-not-in-usr-local-cuda.txt",
                  "wheels/flash-attention-264-cuda-home-leading-colon.txt"),
    ),
    Signature(
        code="wheels.faiss-cpu-build-imported",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        patterns=(
            r"(?:module '?faiss'?|'module' object) has no attribute '(?P<attr>StandardGpuResources|GpuIndex\w{0,24}|"
            r"index_cpu_to_(?:all_)?gpus?\w{0,12}|GpuClonerOptions|GpuMultipleClonerOptions|GpuResources\w{0,12})'",
            r"Failed to load GPU Faiss: (?P<why>[^\n]{1,200})",
        ),
        severity="fail",
        cause=("The faiss module Python imported is a CPU-only build (faiss-cpu, alone or installed over the GPU "
               "package, which installs the same module), so its GPU classes are missing and nothing runs on the "
               "GPU."),
        advice=("Keep one faiss, the GPU build for your CUDA: `pip uninstall -y faiss-cpu faiss-gpu faiss` (repeat "
                "until pip finds none; both install the same module), then on Linux `pip install "
                f"{FAISS_GPU_WHEELS.value['cuda12']}` for CUDA 12 ({FAISS_GPU_WHEELS.value['cuda11']} for CUDA 11), "
                "or in conda `conda install -c pytorch -c nvidia faiss-gpu` (remove faiss-cpu from the environment "
                "first). There is no official GPU build for Windows or macOS: use WSL2 or Linux. Check with `python "
                "-c \"import faiss; print(faiss.get_num_gpus())\"`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/facebookresearch/faiss/issues/2892", "https://github.com/facebookresearch/faiss/issues/3656",
                 "https://github.com/facebookresearch/deepcluster/issues/56",
                 "https://github.com/facebookresearch/faiss/blob/main/INSTALL.md", FAISS_GPU_WHEELS.source),
        checked="2026-11-27",
        examples=("wheels/faiss-2892-cpu-package-hides-gpu-build.txt",
                  "wheels/deepcluster-56-faiss-cpu-no-standardgpuresources.txt"),
    ),
    Signature(
        code="wheels.pynvml-module-shadowed",
        cause_id="package-version-conflict",
        kinds=("any",),
        patterns=(
            r"module '?pynvml'? has no attribute '(?P<attr>_?nvml\w{1,60})'",
            r"'module' object has no attribute '(?P<attr>nvml(?:Device|System|Unit|Init|Shutdown)\w{0,60})'",
        ),
        severity="fail",
        cause=("The pynvml module that loaded has no {attr}: several packages install a module of that name (NVIDIA's "
               "nvidia-ml-py, the deprecated pynvml package, nvidia-ml-py3, py3nvml), and an old copy shadows the "
               "nvidia-ml-py the program was written against."),
        advice=("See which are installed (`pip list | grep -i nvml`), remove the old ones and reinstall NVIDIA's "
                "bindings: `pip uninstall -y pynvml nvidia-ml-py3 py3nvml`, then `pip install -I -U nvidia-ml-py` "
                "(in a conda environment the same pip commands inside it); a tool that pins an old binding (an old "
                "gpustat or nvitop) is upgraded instead."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/gpuopenanalytics/pynvml/issues/47", "https://pypi.org/project/nvidia-ml-py/"),
        checked="2026-11-27",
        examples=("cuda/pynvml-47-no-nvmlgetfunctionpointer-unofficial-pynvml.txt",),
    ),
    Signature(
        code="wheels.torch-cpu-version-shown",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # a bare PyTorch-family version with the +cpu local version: an app's System Info ("2.0.0+cpu Autocast half");
        # lines with torch before it (pip list, collect_env, xformers' "you have") are frameworks.torch-cpu-build's, and
        # a printed repr ('2.2.2+cpu') is mostly someone showing a CPU set-up on purpose.
        patterns=(r"^(?:(?![Tt]orch)(?!you have )[^\n]){0,160}?(?<![\w.+'-])(?P<version>[0-2]\.\d{1,2}\.\d{1,2}\+cpu)"
                  r"(?![\w.+'-])",),
        severity="warn",
        cause=("The PyTorch this shows ({version}) is the CPU-only build, so the app runs on the CPU whatever GPU the "
               "machine has."),
        advice=("Put the CUDA build of torch into the environment the app runs (its own venv or embedded Python: use "
                "that python -m pip): `pip uninstall -y torch torchvision torchaudio`, then `pip install torch "
                "torchvision torchaudio --index-url https://download.pytorch.org/whl/cu121` (the cuXXX of a CUDA your "
                "driver supports), or, for an app whose installer picks torch (SD.Next, InvokeAI), uninstall torch in "
                "its venv and rerun the installer with the GPU visible. On Windows plain `pip install torch` always "
                "gets the +cpu build."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/vladmandic/sdnext/issues/409", "https://pytorch.org/get-started/locally/"),
        checked="2026-11-27",
        examples=("frameworks/sdnext-409-installer-put-cpu-torch-2-0-0.txt",),
    ),
    Signature(
        code="wheels.pip-removed-cuda-torch",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # pip's own line when a requirement makes it replace the installed torch: "Successfully uninstalled
        # torch-2.4.0+cu121" (ComfyUI-Manager installing a node's requirements, an app's requirements.txt).
        patterns=(r"Successfully uninstalled torch-(?P<old>\d{1,2}\.\d{1,2}(?:\.\d{1,2})?\+cu\d{2,3})\b",),
        severity="warn",
        cause=("pip removed the CUDA build of torch ({old}) to satisfy another requirement (a custom node's or app's "
               "requirements.txt naming torch); what it installed instead came from PyPI: the CPU-only build on "
               "Windows, another CUDA build on Linux, so the GPU is lost or the other torch packages no longer match."),
        advice=("Unless you asked for another torch, put the one the app needs back from PyTorch's index with the app's "
                "own python (ComfyUI portable: `python_embeded\\python.exe -m pip install torch torchvision torchaudio "
                "--index-url https://download.pytorch.org/whl/cu121`, the cuXXX your version had), and install the "
                "node's or app's requirements without letting them touch torch: delete the torch, torchvision and "
                "torchaudio lines from its requirements.txt, or pin them with a constraints file (`pip freeze | grep "
                "^torch > constraints.txt`, on Windows `findstr`, then `pip install -r requirements.txt -c "
                "constraints.txt`)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/Comfy-Org/ComfyUI-Manager/issues/1136", "https://github.com/1hew/ComfyUI-1hewNodes/issues/3",
                 "https://pip.pypa.io/en/stable/user_guide/#constraints-files"),
        checked="2026-11-27",
        examples=("frameworks/comfyui-manager-1136-node-install-removes-cuda-torch.txt",),
    ),
    Signature(
        code="wheels.requirements-replaced-cuda-torch-described",
        described=True,
        cause_id="torch-cpu-build",
        kinds=("any",),
        patterns=(
            # "forcing a non-CUDA version of Torch to be installed", "a non-cuda torch"
            r"\bnon-(?:CUDA|[Cc]uda)\s(?:(?:version|build|variant) of\s)?(?:the\s)?" + _TORCH + r"\b",
            # "it uninstalls torch ... and installs the non-cuda version" (torch named first; w40c)
            r"\b" + _TORCH + r"\b[^\n]{0,100}?\bnon-(?:CUDA|[Cc]uda|GPU|gpu)\s(?:version|build|variant|wheel)\b",
            # "`torch 2.9.1` (no CUDA)"
            r"\b" + _TORCH + r"[`'\"]?\s[`'\"]?\d{1,2}\.\d{1,2}[\w.]{0,12}[`'\"]?\s\((?:no|without|non-)\s?(?:CUDA|cuda)\)",
            # "overwriting the user's existing CUDA-enabled PyTorch installation", "replaced my cuda torch"
            r"\b(?:[Oo]verwr[io]t\w{0,4}|[Rr]eplac\w{1,3}|[Uu]ninstall\w{0,3}|[Dd]owngrad\w{1,3})\b[^\n]{0,50}?\b(?:CUDA|cuda)"
            r"(?:[- ]enabled)?\s(?:(?:version|build) of\s)?" + _TORCH + r"\b",
            # "uninstall the `torch-2.11.0+cu128` and replace it with `torch-2.12.0`": a CUDA build named as uninstalled
            # or replaced by a version without a local +cu tag (PyPI's, CPU-only on Windows); without the verb, "tested
            # with torch==2.0.1+cu118, also works with torch 2.1.0" is no replacement
            r"\b(?:[Uu]ninstall\w{0,3}|[Rr]emov\w{1,3}|[Rr]eplac\w{1,3}|[Oo]verwr[io]t\w{0,4})\b[^\n]{0,30}?"
            r"\b[Tt]orch[-= ]=?(?P<old>\d{1,2}\.\d{1,2}(?:\.\d{1,2})?\+cu\d{2,3})\W{0,3}[^\n]{0,60}?\b(?:with|by)\s\W{0,2}"
            r"[Tt]orch[-= ]=?(?P<new>\d{1,2}\.\d{1,2}(?:\.\d{1,2})?)(?![\w.+])",
            # "<=2.1 will uninstall torch 2.1.2+cu118 and leave users without cuda": a pin or a requirement named as
            # uninstalling a +cu build, the same line saying CUDA is then gone (a CPU-only build, not "the cpu path")
            r"\b(?:[Uu]ninstall\w{0,3}|[Rr]emov\w{1,3}|[Rr]eplac\w{1,3}|[Oo]verwr[io]t\w{0,4})\b[^\n]{0,30}?\b[Tt]orch[-= ]=?"
            r"(?P<old_build>\d{1,2}\.\d{1,2}(?:\.\d{1,2})?\+cu\d{2,3})\b[^\n]{0,60}?\b(?:without (?:CUDA|cuda)|"
            r"(?:CPU|cpu)[- ](?:only|build|version|wheel)\b)",
            # "when you run your requirements file it uninstalls the pytorch version for cuda and reinstalls it for
            # CPU": the CUDA build named after torch, the CPU one it was replaced by after it (w49b)
            r"\b(?:[Uu]ninstall\w{0,3}|[Rr]emov\w{1,3}|[Rr]eplac\w{1,3}|[Oo]verwr[io]t\w{0,4})\b[^\n]{0,30}?\b" + _TORCH
            + r"\b[^\n]{0,20}?\b(?:for|with) (?:CUDA|[Cc]uda|GPU|gpu)\b[^\n]{0,60}?\b(?:re-?install\w{0,3}|install\w{0,3}|"
            r"replac\w{1,3})\b[^\n]{0,20}?\b(?:for|with) (?:the )?(?:CPU|cpu)\b",
        ),
        severity="warn",
        cause=("The description suggests a requirements file (a custom node's, an app's) made pip replace the CUDA "
               "build of torch with PyPI's, which has no CUDA on Windows, so the app now runs on the CPU or fails with "
               "\"Torch not compiled with CUDA enabled\"."),
        advice=("Reinstall torch, torchvision and torchaudio from PyTorch's index with the app's own python (`python -m "
                "pip install torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu126`, the cuXXX "
                "the app used; ComfyUI portable: python_embeded\\python.exe -m pip ...), then keep the node's "
                "requirements from touching torch: remove its torch lines, install the package with `--no-deps`, or "
                "install them with a constraints file of "
                "the torch you have (`pip install -r requirements.txt -c constraints.txt`)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/1hew/ComfyUI-1hewNodes/issues/3", "https://github.com/zhongpei/Comfyui_image2prompt/issues/79",
                 "https://github.com/meizhong986/WhisperJAV/issues/334",
                 "https://github.com/nerfstudio-project/nerfstudio/pull/2861", "https://github.com/IGLICT/SketchDream/issues/4",
                 "https://pytorch.org/get-started/locally/"),
        checked="2026-11-27",
        examples=("frameworks/comfyui-1hewnodes-3-requirements-overwrite-cuda-torch.txt",
                  "frameworks/comfyui-image2prompt-79-node-forces-non-cuda-torch.txt",
                  "frameworks/whisperjav-334-clearervoice-replaces-cu128-torch.txt",
                  "frameworks/nerfstudio-2861-pin-uninstalls-cu118-torch.txt",
                  "frameworks/sketchdream-4-pip-requirements-swap-cuda-torch-for-cpu-prose.txt"),
    ),
    Signature(
        code="wheels.pip-resolver-pins-conflict",
        cause_id="package-version-conflict",
        refines=("wheels.pip-cannot-install-conflicting-pins",), refines_within=8,
        kinds=("pip", "build", "other", "powershell", "docker", "traceback"),
        # a line of pip's "The conflict is caused by:" block; xformers' pins on torch are wheels.xformers-pins-another-
        # torch's line
        patterns=(r"^\W{0,6}(?!xformers )(?P<pkg>[A-Za-z][\w.-]{0,60}) (?P<ver>\d[\w.+!-]{0,30}) depends on "
                  r"(?P<dep>[A-Za-z][\w-]{0,60}(?:\[[\w,-]{1,40}\])?)(?P<spec>[<>=!~][^\n]{0,80})",),
        severity="fail",
        cause=("pip cannot install these pins together: {pkg} {ver} needs {dep}{spec}, and the requirements (or "
               "another package) ask for a {dep} outside that range."),
        advice=("Make the pins agree: give {dep} a version {pkg} {ver} accepts ({dep}{spec}): change or drop that pin "
                "in requirements.txt or environment.yml, or choose the {pkg} release that accepts the {dep} you "
                "pinned (`pip index versions {pkg}`, its release notes); then rerun the install."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/GaParmar/img2img-turbo/issues/10", "https://github.com/jinfenglin/TraceBERT/issues/1",
                 "https://github.com/zjunlp/EasyEdit/issues/268",
                 "https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts"),
        checked="2026-11-27",
        examples=("wheels/img2img-turbo-10-tokenizers-pin-vs-transformers.txt",
                  "wheels/tracebert-1-tokenizers-070-vs-transformers-280.txt",
                  "wheels/easyedit-268-tokenizers-pin-excluded-by-transformers.txt"),
    ),
    Signature(
        code="wheels.pip-cannot-install-conflicting-pins",
        cause_id="package-version-conflict",
        kinds=("pip", "build", "other", "powershell", "docker", "traceback"),
        patterns=(r"ERROR: Cannot install (?P<what>[^\n]{1,200}?) because these package versions have conflicting "
                  r"dependencies",),
        severity="fail",
        cause="pip found no set of versions that satisfies {what}: two of the pins exclude each other.",
        advice=("Make the pins of {what} agree. pip's \"The conflict is caused by:\" lines below it name the pin and "
                "the package whose own requirement excludes it: change that pin to the range the other package states, "
                "or drop it and let pip choose, or pick the release of the other package that accepts it; then rerun "
                "the install."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/cubiq/ComfyUI_FaceAnalysis/issues/38", "https://github.com/jinfenglin/TraceBERT/issues/1",
                 "https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts"),
        checked="2026-11-27",
        examples=("wheels/comfyui-faceanalysis-38-conflicting-diffusers-pins.txt",),
    ),
    Signature(
        code="wheels.pip-installed-version-outside-range",
        cause_id="package-version-conflict",
        kinds=("pip", "build", "other", "powershell", "docker", "traceback"),
        # pip's check after installing; torch, torchvision and torchaudio pins have rows of their own (the torch
        # build pairs, xformers, vLLM)
        patterns=(r"(?P<pkg>[A-Za-z][\w.-]{0,60}) (?P<ver>\d[\w.+!-]{0,30}) (?:requires|has requirement) "
                  r"(?!torch(?:vision|audio)?[<>=!~ ,])(?P<dep>[A-Za-z][\w-]{0,60}(?:\[[\w,-]{1,40}\])?)"
                  r"(?P<spec>[<>=!~][^\n]{0,120}?), but you(?: have|'ll have) [\w.-]{1,60} (?P<have>[\w.+!-]{1,40}) "
                  r"which is incompatible",),
        severity="warn",
        cause=("pip left {dep} {have} installed, outside the range {pkg} {ver} declares ({spec}); where {pkg} is "
               "used, the two may not work together."),
        advice=("If {pkg} is the package that fails, make the two agree: install a {dep} in its range ({spec}) or the "
                "{pkg} release that accepts {dep} {have} (`pip install -U {pkg}`, its release notes); `pip check` "
                "lists every such pair. A package the program never imports can be left as it is."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/fischor/protogen-python/issues/13", "https://github.com/google/clusterfuzz/issues/354",
                 "https://pip.pypa.io/en/stable/cli/pip_check/"),
        checked="2026-11-27",
        examples=("wheels/protogen-13-protobuf-4-outside-protogen-030-pin.txt",),
    ),
    Signature(
        code="wheels.installed-version-outside-required-range",
        cause_id="package-version-conflict",
        kinds=("any",),
        patterns=(
            # transformers' dependency check at import (utils/versions.py)
            r"(?P<dep>[A-Za-z][\w.-]{0,60})(?P<spec>[<>=!~][^\s]{1,80}) is required for a normal functioning of this "
            r"module, but found [\w.-]{1,60}==(?P<have>[\w.+!-]{1,40})",
            # pkg_resources (VersionConflict, ContextualVersionConflict)
            r"VersionConflict: \((?P<dep>[A-Za-z][\w.-]{0,60}) (?P<have>\d[\w.+!-]{0,40}) \([^)\n]{0,200}\), "
            r"Requirement\.parse\([\"'][A-Za-z][\w.-]{0,60}(?P<spec>[<>=!~][^'\"\n]{0,80})",
            # setuptools' easy_install
            r"\b(?P<dep>[A-Za-z][\w.-]{0,60}) (?P<have>\d[\w.+!-]{0,40}) is installed but [A-Za-z][\w.-]{0,60}"
            r"(?P<spec>[<>=!~][^\s]{1,80}) is required by",
        ),
        severity="fail",
        cause="{dep} {have} is installed, but a package in use needs {dep}{spec}: the two versions do not agree.",
        advice=("Make them agree in the environment the program runs (a portable app: its own python, e.g. "
                "python_embeded\\python.exe -m pip ...): install the {dep} it needs (`pip install \"{dep}{spec}\"`), "
                "or upgrade the package that raised it to a release that accepts {dep} {have} (for transformers' "
                "check, `pip install -U transformers`, as its message says); `pip check` then lists anything else "
                "that disagrees."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/YanWenKun/Hunyuan3D-2-WinPortable/issues/104",
                 "https://github.com/lldacing/ComfyUI_PuLID_Flux_ll/issues/39",
                 "https://github.com/huggingface/transformers/blob/main/src/transformers/utils/versions.py"),
        checked="2026-11-27",
        examples=("wheels/hunyuan3d-winportable-104-hub-1-2-3-above-transformers-range.txt",
                  "wheels/pulid-flux-ll-39-hub-0234-below-transformers-range.txt"),
    ),
    Signature(
        code="wheels.catboost-gpu-module-missing",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        patterns=(r"Can't load GPU learning library\. Module was not compiled or (?:CUDA version/)?driver\s{1,3}is "
                  r"incompatible with package",),
        severity="fail",
        cause=("CatBoost found no usable GPU module: a source build made without CUDA (or whose GPU part failed: a "
               "CUDA its build does not support, gcc instead of its clang toolchain), or a prebuilt package whose CUDA "
               "needs a newer NVIDIA driver."),
        advice=("Use CatBoost's prebuilt package, which carries the GPU module: `pip install -U catboost` (Linux and "
                "Windows x86_64; R: the release's binary package) instead of a source build. A source build needs "
                "-DHAVE_CUDA=yes with -DCUDA_ROOT at a CUDA its build supports and its clang toolchain; its output says "
                "\"GPU version build failed\" when the module was left out. Where the prebuilt package says this, its "
                "CUDA needs a newer driver branch than the one installed (compare nvidia-smi's CUDA Version)."),
        action="configure",
        rules_out=("the GPU itself",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/catboost/catboost/issues/410", "https://github.com/catboost/catboost/issues/695",
                 "https://catboost.ai/docs/en/installation/python-installation-method-pip-install"),
        checked="2026-11-27",
        examples=("wheels/catboost-410-gpu-library-gcc-build-needs-clang.txt",),
    ),
)
