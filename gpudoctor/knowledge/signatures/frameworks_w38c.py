"""Issue 25, w38c: a person's words that an app finds no GPU although an NVIDIA card is installed.

Desktop AI apps that bundle a Python backend (text-to-speech and transcription apps, image generators' portable
packages) often ship a CPU-only build by default and offer the CUDA one as a separate download or a separate
installer; until it is installed the app shows "No GPU", "GPU: Not Available", "GPU isn't detected" beside a card that
games and other AI programs use. The person's words name the card ("GPU: Not Available" but I have a RTX2070), and a
newest card's name alone makes the catalogue's conclusion read a build without its architecture
(cuda.named-blackwell-gpu-failing); but a build that lacks a GPU's kernels still finds the GPU (and fails at its first
kernel), while one that finds no GPU at all is the CPU build. The fix is the app's CUDA build or backend.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# The card the person says is there: "a RTX2070", "GeForce GTX 1660", "RTX 4050", "NVIDIA RTX 3080".
_CARD = r"(?:(?:NVIDIA|Nvidia)(?! [Dd]rivers?\b)|GeForce|RTX ?\d{3,4}|GTX ?\d{3,4}|Quadro|Tesla)"
_THOUGH = r"(?:but|although|though|even though|while|despite|and|i use|I use|I have|I've got|with)"

SIGNATURES = (
    Signature(
        code="frameworks.app-reports-no-gpu-with-nvidia-card-described",
        described=True,
        cause_id="torch-cpu-build",
        kinds=("any",),
        patterns=(
            # "it shows No GPU although a GTX 1660 is installed", "No GPU detected, but my GeForce RTX 3060 is installed"
            r"\bNo GPU\b\"?(?: (?:detected|found|available|shown))?[,.]? " + _THOUGH + r"\b[^\n]{0,80}?" + _CARD +
            r"[^\n]{0,60}?\binstalled\b",
            # "it show "GPU: Not Available" but I have a RTX2070 installed", "GPU: None (CPU only)"
            r"\bGPU: ?(?=(?:Not [Aa]vailable|None|Not detected)\b[^\n]{0,40}?\b" + _THOUGH + r"\b[^\n]{0,80}?" + _CARD + r")",
            # "\"GPU isn't detected\" i use (Windows 11, RTX 4050)"
            r"\bGPU(?: isn't| is not| not| wasn't| was not)(?: being)? detected\b(?=\"?[^\n]{0,40}?\b" + _THOUGH + r"\b"
            r"[^\n]{0,80}?" + _CARD + r")",
            # "Still no GPU in the .exe windows installable (uses gpu normally if compiled from source)"
            r"\b[Nn]o GPU in the \.?(?:exe|installer|installable|portable|prebuilt)\b",
            # w40c: "The renderer is using my CPU instead of RTX 5090", "it runs on CPU instead of my 4090": a Python
            # app's words (a llama.cpp front end's CPU fallback is the Ollama rows', so a line naming one is left alone)
            r"^(?![^\n]{0,400}?(?:[Oo]llama|[Ll]lama|LM Studio|GGUF|gguf|[Kk]obold|ONNX|onnx|TensorFlow|tensorflow))[^\n]{0,400}?"
            r"\b(?:runs?|running|ran|uses?|using|used|renders?|rendering|trains?|training)\s(?:on\s)?(?:the\s|my\s)?(?:CPU|cpu)\s"
            r"(?:instead of|rather than)\s(?:the\s|my\s)?(?:" + _CARD + r"|[1-5]0[5-9]0\b)",
        ),
        severity="warn",
        cause=("The description says the app finds no GPU although an NVIDIA card is installed: the app runs a "
               "CPU-only build (its default CPU backend, or a CPU-only PyTorch), which sees no CUDA device whatever the "
               "card; a build that merely lacks the card's kernels would still find it."),
        advice=("Install the app's CUDA build: where the app offers it, its CUDA backend (Voicebox 0.2 and later: "
                "Settings → GPU Acceleration → download the CUDA backend, then restart it) or its CUDA installer "
                "rather than the CPU one; for a Python app, reinstall PyTorch from the CUDA index in the app's own "
                "environment (`pip install --force-reinstall torch torchvision torchaudio --index-url "
                "https://download.pytorch.org/whl/cu128`, the cu128 build also for RTX 50 cards) and check that "
                "`python -c \"import torch; print(torch.__version__, torch.cuda.is_available())\"` prints a +cu "
                "version and True."),
        action="configure",
        rules_out=("the GPU itself",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/jamiepine/voicebox/issues/222", "https://github.com/jamiepine/voicebox/issues/8",
                 "https://github.com/jamiepine/voicebox/issues/192", "https://github.com/jamiepine/voicebox/issues/208",
                 "https://github.com/apple/ml-sharp/issues/18"),
        checked="2026-11-27",
        examples=("frameworks/voicebox-222-gpu-not-detected-cpu-backend.txt",
                  "frameworks/voicebox-8-gpu-not-available-rtx2070-cpu-build.txt",
                  "frameworks/voicebox-192-no-gpu-in-windows-exe-cpu-build.txt",
                  "frameworks/mlsharp-18-renderer-cpu-instead-of-rtx5090-torch-without-cuda.txt"),
    ),
)
