"""Issue 25, w39b: a consumer Blackwell GPU (RTX 50-series, sm_120) behind a build made with CUDA older than 12.8, told
in a person's words (rows of the frameworks area).

PyTorch wheels for CUDA 12.6 and older, and anything built with a CUDA toolkit before 12.8 (an app's bundled torch, a
llama-cpp-python wheel compiled for CUDA 12.2, a container on an older CUDA base), carry no sm_120 code, so an RTX
5060-5090 is either refused (torch's own "sm_120 is not compatible" warning, cuda.torch-arch-not-compiled's line) or,
in an app that hides the warning, sits at 0 % while the work runs on the CPU. People say it in their own words: "the
5070Ti cannot work with CUDA 11.8 ... it requires Torch 12.8", "use torch 12.8 to make it compatible to the RTX 50xx
series", "the 5060 used rate is 0%", "compiled for CUDA 12.2 without Blackwell support". The fix is a build with CUDA
12.8 or newer (PyTorch 2.7+ cu128; cu130 for GB10's sm_121), or the app's own RTX 50 build.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"
PYTORCH_LOCAL = "https://pytorch.org/get-started/locally/"

# A consumer Blackwell GPU as people name it: "5090", "RTX 5070 Ti", "5070Ti", "RTX 50xx series", "50 series",
# "RTX 5000 series" (not the Turing Quadro "RTX 5000" alone), "50系", "sm_120".
_CARDS = "|".join(r"\b(?:RTX ?|rtx ?)?" + card + r"(?: ?Ti| ?D)?s?(?![\w.])" for card in ("5060", "5070", "5080", "5090"))
# (One branch per card: an alternation of "5060|5070|..." is parsed as "50" and a class, too short a key.)
_RTX50 = (r"(?:" + _CARDS + r"|\b50(?:xx|XX|00)?[- ]?[Ss]eries\b|\b(?:50系列|50系显卡|50系卡)|\b(?:RTX ?|rtx ?)?50xx\b|"
          r"\b(?:RTX ?|rtx ?)?50XX\b|\bsm_120\b|\bsm120\b|\bSM_120\b|\bSM120\b)")
# A build with CUDA 12.8 or newer as people write it: "cu128", "CUDA 12.8", "torch 12.8", "cu130".
_NEW_CUDA = (r"(?:\bcu12[89]\b|\bcu13\d\b|\b[Cc]UDA ?12\.8\b|\b[Cc]UDA ?13\.0\b|\b[Tt]orch ?12\.[89]\b|"
             r"\b12\.8 nightly\b)")

# The words of need between the card and the build (either order): "requires", "one needs to grab", "has to use",
# "switch to"; and after the build: "to make it compatible", "is needed for", "required for", "supports".
_NEED = (r"\b(?:requires?|required|needs?|needed|must (?:use|install|be)|ha(?:ve|s) to|only works? with|grab|"
         r"switch(?:ed)? to|upgrade(?:d)? to|move to|necessary)\b")
_NEEDED = (r"\b(?:compatib\w{0,6}|support(?:s|ed)?|needed|required|necessary|works? (?:on|with)|to (?:run|use|work))\b")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.described-rtx50-needs-cuda128-build",
        described=True,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(
            # "The 5070Ti cannot work with CUDA 11.8 ...; it requires Torch 12.8 nightly", "To use RTX 5000 series ...
            # one needs to grab ... cu128". A word of need sits between: an issue template's "GPU: RTX 5090, CUDA 12.8,
            # torch 2.7.0+cu128" is a working set-up, not this cause (rev39a).
            _RTX50 + r"[^\n]{0,100}?" + _NEED + r"[^\n]{0,60}?" + _NEW_CUDA,
            # "use torch 12.8 to make it compatible to the RTX 50xx series", "cu128 is needed for the 5090"
            _NEW_CUDA + r"[^\n]{0,60}?" + _NEEDED + r"[^\n]{0,40}?" + _RTX50,
            # "the 5060 used rate is 0%", "RTX 5080 GPU usage stays at 0 %"
            _RTX50 + r"[^\n]{0,40}?\b(?:usage|used rate|utili[sz]ation|util|load)\b[^\n]{0,20}?(?<![\d.])0 ?%",
            # "a prebuilt wheel compiled for CUDA 12.2 without Blackwell support", "no sm_120 support"
            r"\b(?:without|[Nn]o|lacks?|lacking|missing) (?:Blackwell|sm_120|sm120|SM_120|SM120|RTX 50xx|RTX 50 series|"
            r"RTX 50-series|50 series|50-series) support\b",
        ),
        severity="warn",
        cause=("The description suggests a consumer Blackwell GPU (RTX 50-series, compute capability 12.0, sm_120) "
               "behind a build made with CUDA older than 12.8 (a PyTorch cu121/cu118/cu126 wheel, an app's bundled "
               "torch, an extension or a container image built with an older toolkit), which has no code for it, so "
               "it fails or the work runs on the CPU."),
        advice=("Use a build made with CUDA 12.8 or newer: PyTorch 2.7 or later for cu128 (`pip install "
                "--force-reinstall torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu128`, "
                "then `python -c \"import torch; print(torch.cuda.get_arch_list())\"` must list sm_120), rebuild CUDA "
                "extensions with a 12.8 toolkit (TORCH_CUDA_ARCH_LIST=12.0; llama.cpp-based wheels with "
                "CMAKE_CUDA_ARCHITECTURES=120), base containers on a CUDA 12.8+ image, and for an app that bundles "
                "its own torch install its RTX 50 / CUDA 12.8 build or patch. A GB10 (DGX Spark, sm_121) needs cu130 "
                "builds (CUDA 13). The driver must be 570 or newer."),
        action="configure",
        rules_out=("a broken GPU",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/graphdeco-inria/diff-gaussian-rasterization/issues/97",
                 "https://github.com/deepseek-ai/DeepSeek-VL2/issues/59",
                 PYTORCH_LOCAL),
        checked=CHECKED,
        # (deepseekvl2-59's paste holds torch's own sm_120 warning too, which cuda.torch-capability-not-compatible
        # reads with the same cause; the description then adds nothing.)
        examples=("frameworks/diffgaussianrasterization-97-rtx5070ti-needs-torch-cu128.txt",),
    ),
)
