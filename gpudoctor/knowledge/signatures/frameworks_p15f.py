"""Issue 25, fifteenth wave (written blind): how people describe in their own words that PyTorch or JAX does not use
the GPU (rows of the frameworks area, joined into frameworks.SIGNATURES).

Many reports hold no error line: an issue title "torch.cuda.is_available() returns False", "PyTorch is not using my
GPU", "JAX is not picking up my GPU". The evidence is a description, so these rows are warnings, and their cause
says what the description suggests: for PyTorch most often a CPU-only wheel in the environment the program runs
(a version ending in +cpu, CUDA None), for JAX a jaxlib without its CUDA plugin. The fail-level rows read the lines
that prove it (Torch not compiled with CUDA enabled, a +cpu version, "CUDA-enabled jaxlib is not installed").
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

PYTORCH_INSTALL = "https://pytorch.org/get-started/locally/"
JAX_INSTALL = "https://docs.jax.dev/en/latest/installation.html"

_TORCH = r"(?:PyTorch|Pytorch|pytorch|Torch|torch)"
_NEGATION = (r"(?:[Nn]ot|(?:[Dd]o|[Dd]oes|[Dd]id|[Ii]s|[Aa]re|[Ww]as|[Ww]ere|[Cc]a|[Ww]o|[Cc]ould|[Ww]ould)n['’]?t|never|"
             r"[Uu]nable to|not able to|fails? to|failed to|[Cc]an ?not|[Cc]annot)\s(?:\w{2,12}\s)?")
_SEE = (r"(?:[Pp]ick(?:ing)? up|[Dd]etect(?:s|ing|ed)?|[Ss]ee(?:s|ing)?|[Ff]ind(?:s|ing)?|[Rr]ecogni[sz](?:e|es|ing)|"
        r"[Uu]s(?:e|es|ing)|[Aa]ccess(?:ing)?|[Uu]tili[sz](?:e|ing))")
_GPU = r"(?:NVIDIA\s|Nvidia\s|nvidia\s)?(?:GPUs?|gpus?|GPu|CUDA|cuda)\b"

# "torch.cuda.is_available() returns False", "... is false", "=false", "returned False.", "always returns False", "gives
# False", "返回False"; not PyTorch's own "... but torch.cuda.is_available() is False" (the deserialize error, its own
# row) nor xformers' "should be True but is False". (containers_w36c.py reads it in a k3s or RKE2 pod too.)
TORCH_CUDA_FALSE = (
    r"(?<!but )(?<![.\w])(?:torch\.)?cuda\.is_available(?:\(\))?\)?[`'\"]?\s{0,3}(?:=|==|:|->|=>|is|was|returns?|returned|"
    r"returning|always returns?|still returns?|gives?|giving|gave|prints?|printed|shows?|outputs?|"
    r"evaluates to|返回|为|是|输出)?\s{0,3}(?:always\s|still\s)?[`'\"]?(?:False|false|FALSE|Flase)(?![A-Za-z])")

P15F_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.torch-cuda-unavailable-described",
        described=True,
        cause_id="torch-cpu-build",
        kinds=("any",),
        patterns=(
            TORCH_CUDA_FALSE,
            # "PyTorch is not using my GPU", "Torch is not detecting cuda", "torch can't find the GPU"
            # (not the Stable Diffusion web UIs' "Torch is not able to use GPU; add --skip-torch-cuda-test", their own row)
            # (nor Forge's and other apps' own raised message, "RuntimeError: PyTorch is not able to access CUDA")
            r"(?<!\(\")(?<!Error: )\b" + _TORCH + r"\b[^\n]{0,40}?\b" + _NEGATION + _SEE + r"\s(?:the\s|my\s|any\s|an?\s)?"
            + _GPU + r"(?![^\n]{0,12}--skip-torch-cuda-test)",
            # "PyTorch uses the CPU instead of the GPU", "torch only runs on CPU", "torch falls back to CPU"
            r"\b" + _TORCH + r"\b[^\n]{0,60}?\b(?:uses?|using|runs? on|running on|ran on|is on)\s(?:the\s)?(?:CPU|cpu)\s"
            r"(?:instead of|rather than|and not)\s(?:the\s|my\s)?(?:GPU|gpu)\b",
            r"\b" + _TORCH + r"\b[^\n]{0,40}?\bfall(?:s|ing)? back to (?:the )?(?:CPU|cpu)\b",
            # "torch 识别不到 GPU", "pytorch无法使用显卡"
            r"(?:torch|pytorch|PyTorch)[^\n]{0,20}?(?:识别不到|检测不到|找不到|无法使用|用不了|调用不了|不能使用)\s?"
            r"(?:GPU|gpu|显卡|CUDA|cuda)",
            # "torch says CUDA is not available", "CUDA not available in PyTorch"
            r"\b" + _TORCH + r"\b[^\n]{0,40}?\bCUDA (?:is )?(?:not|isn't|un)\s?available\b",
            r"\bCUDA (?:is )?(?:not|isn't|un)\s?available (?:in|for|with|to) (?:my |the )?" + _TORCH + r"\b",
        ),
        severity="warn",
        cause=("The description suggests PyTorch reports no usable CUDA device (torch.cuda.is_available() is False), "
               "which most often means the environment the program runs holds a CPU-only PyTorch build (a version "
               "ending in +cpu, torch.version.cuda None), installed by a plain `pip install torch` on Windows, a "
               "mirror, or a requirements file, rather than a fault of the GPU."),
        advice=("Check the torch the program itself imports, with the same python (venv, conda env or the app's "
                "bundled one): `python -c \"import torch; print(torch.__version__, torch.version.cuda, "
                "torch.cuda.is_available())\"`. If the version ends in +cpu (CUDA None), uninstall it (`pip uninstall "
                "-y torch torchvision torchaudio`) and install the CUDA build from the PyTorch index, e.g. `pip install "
                "torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu126` (pick the cuXXX on "
                "pytorch.org's selector that is not newer than the 'CUDA Version' nvidia-smi prints). If it is a +cu "
                "build and still False, compare torch.version.cuda with that 'CUDA Version': a driver older than the "
                "build's CUDA needs a newer NVIDIA driver or a torch built for an older CUDA; check also that "
                "CUDA_VISIBLE_DEVICES does not hide the GPU."),
        action="configure",
        rules_out=("a GPU hardware fault, when nvidia-smi lists the GPU",),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/oobabooga/textgen/issues/791", "https://github.com/pytorch/pytorch/issues/43493",
                 PYTORCH_INSTALL),
        checked="2026-11-26",
        examples=("frameworks/textgen-791-is-available-returned-false-cpu-torch.txt",),
    ),
    Signature(
        code="frameworks.jax-gpu-unused-described",
        described=True,
        cause_id="jax-cpu-build",
        kinds=("any",),
        patterns=(
            # "JAX is not picking up my GPU", "Jax doesn't see my GPU", "jax can't find the GPU"
            r"\b(?:JAX|Jax|jax|jaxlib)\b[^\n]{0,40}?\b" + _NEGATION + _SEE + r"\s(?:the\s|my\s|any\s|an?\s)?" + _GPU,
            # "GPU not detected by JAX", "GPU is not used by jax"
            r"\b(?:GPUs?|gpus?)\s(?:is\s|are\s)?not\s(?:detected|found|recogni[sz]ed|used|visible|seen)\s(?:by|in|with)\s"
            r"(?:JAX|Jax|jax)\b",
            # "JAX only uses the CPU", "JAX is falling back to CPU", "jax runs on CPU instead of GPU"
            r"\b(?:JAX|Jax|jax)\s(?:is\s)?(?:still\s|always\s)?(?:only uses?|uses? only|using|runs? on|running on|"
            r"falls? back to|falling back to|fell back to|defaults? to|defaulting to)\s(?:the\s)?(?:CPU|cpu)\b",
        ),
        severity="warn",
        cause=("The description suggests JAX runs on its CPU backend only, which most often means the installed jaxlib "
               "has no CUDA plugin (a plain `pip install jax`, or a CPU jaxlib pinned by a requirements file), or "
               "that it runs where JAX has no CUDA build (native Windows, macOS)."),
        advice=("Install JAX with its CUDA plugin in the environment the program runs: `pip install -U \"jax[cuda12]\"` "
                "(its CUDA libraries come as pip wheels; only the NVIDIA driver is needed on the host), after removing "
                "a CPU jaxlib that a requirements file pinned; JAX's CUDA builds are for Linux (x86_64, aarch64) and "
                "WSL2, not native Windows or macOS. Check with `python -c \"import jax; print(jax.devices())\"`: it "
                "should list CudaDevice, not CpuDevice."),
        action="configure",
        rules_out=("a GPU hardware fault, when nvidia-smi lists the GPU",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/plusmultiply/TAPS3D/issues/3", "https://github.com/jax-ml/jax/issues/5231",
                 JAX_INSTALL),
        checked="2026-11-26",
        examples=("frameworks/taps3d-3-jax-cpu-only-jaxlib-installed.txt",),
    ),
)
