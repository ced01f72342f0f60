"""Issue 25, w33b: a person's words that a prebuilt CUDA build (a release archive, a wheel, an app's bundled runtime)
lacks the kernels of their GPU's architecture.

Prebuilt ggml programs (llama.cpp's release archives, llama-cpp-python's cu12x wheels, stable-diffusion.cpp, the apps
that bundle them) are compiled for a list of architectures that changes between releases; a Pascal card (sm_61) or
any GPU the list leaves out then fails at its first CUDA operation, with "no kernel image" or only ggml's bare
"ggml-cuda.cu:NNN: CUDA error". People who look (cuobjdump --list-elf, the release notes) say so in their own words:
"the prebuilt cu125 wheel does NOT include sm_61 kernels" (abetlen/llama-cpp-python#2234). That is a description
(described=True) of the cause, and where it stands beside ggml's bare CUDA error it explains that line, which alone
reads as a fault of the release (ollama.ggml-cuda-error). The fix is the build flag for the architecture named, a
release that carries it, or another backend (Vulkan, CPU); never the driver.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LLAMA_CPP_BUILD = "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md"

# w43b: what a build that lists the architecture means, by its number (prefix of the sm_ number)
_ARCH_BUILDS: tuple[tuple[str, str], ...] = (
    ("1", " For Blackwell that means CUDA 12.8 or newer: PyTorch 2.7 or newer from the cu128 (or newer) index "
          "(`pip install --force-reinstall torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu128`), "
          "an image on an nvidia/cuda:12.8 (or newer) base with such a torch, or a llama.cpp build made with CUDA 12.8+."),
)

SIGNATURES = (
    Signature(
        code="ollama.described-prebuilt-lacks-cuda-arch",
        described=True,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        refines=("ollama.ggml-cuda-error",), refines_within=None,
        # "does NOT include sm_61 (Pascal/GTX 1060) kernels", "doesn't ship sm_75", "did not contain sm_89 kernels".
        # "contains no `sm_75` cubin", "ships no sm_61 kernels"; "lack Turing (sm_75) kernels"; "do **not** contain
        # kernels for compute capability 7.5 (Turing / sm_75)".
        # (Not "does not have sm_80": a GPU that lacks a feature, not a build that lacks kernels.)
        patterns=(r"\b(?:does|do|did)(?: not| NOT|n't) (?:include|ship|contain|carry) (?:any )?(?:the )?"
                  r"(?:kernels? for )?sm_?(?P<arch>\d{2,3})a?\b",
                  r"\b(?:does|do|did)(?: not| NOT|n't) have (?:any )?(?:the )?kernels? for sm_?(?P<arch>\d{2,3})a?\b",
                  r"\b(?:contains?|ships?|has|have|includes?|carries) no `?sm_?(?P<arch>\d{2,3})a?`? (?:cubins?|kernels?)\b",
                  r"\b(?:lacks?|lacking) (?:the )?(?:(?:Maxwell|Pascal|Volta|Turing|Ampere|Ada|Hopper|Blackwell) )?"
                  r"\(?sm_?(?P<arch>\d{2,3})a?\)? (?:kernels?|cubins?)\b",
                  r"\b(?:not|NOT)(?:\*\*)? (?:include|ship|contain|carry|have) kernels? for compute capability \d{1,2}\.\d "
                  r"\((?:Maxwell|Pascal|Volta|Turing|Ampere|Ada|Hopper|Blackwell) ?/ ?sm_?(?P<arch>\d{2,3})\)"),
        severity="warn",
        cause=("The description says the prebuilt CUDA build lacks kernels for sm_{arch}: on a GPU of that compute "
               "capability its CUDA operations have no code to run, whatever the model, context or layer count."),
        advice=("Build it for that architecture: llama.cpp, whisper.cpp or stable-diffusion.cpp with "
                "-DCMAKE_CUDA_ARCHITECTURES={arch} (or native) in a fresh build folder; llama-cpp-python with "
                "CMAKE_ARGS=\"-DGGML_CUDA=on -DCMAKE_CUDA_ARCHITECTURES={arch}\" pip install llama-cpp-python "
                "--no-cache-dir --force-reinstall (PowerShell: $env:CMAKE_ARGS=...); a PyTorch extension with "
                "TORCH_CUDA_ARCH_LIST set to it. Or use a release, wheel or image that still lists sm_{arch} "
                "(`cuobjdump --list-elf` on the library shows what it holds), or the Vulkan or CPU build.{arch_build}"),
        # w43b: Blackwell (sm_100, sm_101, sm_103, sm_110, sm_120, sm_121, the three-digit ones) needs CUDA 12.8 or newer
        lookups=(("arch", "arch_build", _ARCH_BUILDS, ""),),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/2234", "https://github.com/PozzettiAndrea/cuda-wheels/issues/13",
                 "https://github.com/FlashML-org/FreeToken/issues/73", LLAMA_CPP_BUILD),
        checked="2026-11-27",
        examples=("ollama/lcp-2234-cu125-wheel-pascal.txt", "wheels/cudawheels-13-flexgemm-sageattention-no-sm75-titan-rtx.txt",
                  "vllm/freetoken-73-kernel-cache-no-sm75-cubin-rtx2060.txt"),
    ),
)
