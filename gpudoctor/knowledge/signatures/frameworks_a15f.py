"""Issue 25, written blind (helper a15f): ONNX Runtime's CPU and GPU packages installed side by side, as people
describe it and as consoles wrap the warning it prints (rows of the frameworks area, joined into
frameworks.SIGNATURES).

The PyPI packages onnxruntime (CPU, with the Azure provider since 1.16) and onnxruntime-gpu both install the Python
package `onnxruntime`: whichever was installed last, or whose files overwrote the other's, decides which build is
imported, and with the CPU package's files in place get_available_providers() lists only AzureExecutionProvider and
CPUExecutionProvider. Uninstalling one of the two leaves the shared folder half removed, so the fix is to uninstall
both and install onnxruntime-gpu alone (ONNX Runtime's install docs; onnxruntime#26996, #6183, #4809, #3326).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ORT_INSTALL = "https://onnxruntime.ai/docs/install/#python-installs"
ORT_CUDA = "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements"
# The generic rows the description of both packages explains: the provider warnings and the CPU-only session lines.
_PROVIDER_ROWS = ("frameworks.onnxruntime-cuda-provider-failed", "frameworks.onnxruntime-session-cpu-only",
                  "frameworks.onnxruntime-cpu-build-answered")
_NOT_THE_DRIVER = ("reinstall the driver", "update the driver", "downgrade the driver")
# A package name as people write it: plain, in backticks or quotes.
_Q = r"[`'\"‘’]?"
_CPU_PKG = _Q + r"onnxruntime" + _Q + r"(?![-\w.])"
_GPU_PKG = _Q + r"onnxruntime-gpu" + _Q
# the GPU package as its import or dist-info name is written too ("onnxruntime_gpu either wasnt installed", w49b)
_GPU_PKG_ANY = _Q + r"onnxruntime[-_]gpu" + _Q

_ADVICE = ("Keep one ONNX Runtime package: both install the same `onnxruntime` module, and the CPU package's files "
           "hide the GPU build. Run `pip uninstall -y onnxruntime onnxruntime-gpu` (repeat until pip finds neither), "
           "then `pip install onnxruntime-gpu` of the release built for your CUDA and cuDNN (ONNX Runtime's CUDA "
           "provider requirements table), and check that `python -c \"import onnxruntime as o; "
           "print(o.get_available_providers())\"` lists CUDAExecutionProvider. Where another package (rembg, "
           "insightface, a requirements file) pulls the CPU package back in, install its GPU extra or reinstall "
           "onnxruntime-gpu after it.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.onnxruntime-cpu-and-gpu-both-installed",
        refines=_PROVIDER_ROWS, refines_within=None,
        # the wrong variant of the wheel (its CPU build beside the GPU one), as the blind harvesters label it
        # (onnxruntime-gpu alone is the fix, not a CUDA library to add): w38e, 2026-11-27
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        patterns=(
            # the person saying so: "I had installed both onnxruntime and onnxruntime-gpu", "When I install both
            # `onnxruntime` and `onnxruntime-gpu` packages", "onnxruntime-gpu and onnxruntime are both installed"
            r"\bboth " + _CPU_PKG + r",? (?:and|&|\+) " + _GPU_PKG,
            r"\bboth " + _GPU_PKG + r",? (?:and|&|\+) " + _CPU_PKG,
            _CPU_PKG + r",? (?:and|&) " + _GPU_PKG + r"[^\n]{0,30}?\b(?:are both|both|together|co-?exist|coexisting|"
            r"side by side|at the same time|simultaneously)\b",
            _GPU_PKG + r",? (?:and|&) " + _CPU_PKG + r"[^\n]{0,30}?\b(?:are both|both|together|co-?exist|coexisting|"
            r"side by side|at the same time|simultaneously)\b",
            # one install command that asks for both ("pip install onnxruntime-gpu onnxruntime onnxruntime-tools")
            r"\bpip3? install [^\n|;&]{0,80}?\bonnxruntime-gpu\b[^\n|;&]{0,80}?(?<=\s)onnxruntime(?![-\w./=<>~!])",
            r"\bpip3? install [^\n|;&]{0,80}?(?<=\s)onnxruntime(?![-\w./=<>~!])[^\n|;&]{0,80}?\bonnxruntime-gpu\b",
            # the CPU package said to overwrite or sit on top of the GPU one (w49b): "the CPU version of `onnxruntime`
            # overwrites the GPU version" (GLiNER#267), "installing `onnxruntime` on top of `onnxruntime-gpu` will strip
            # the ability ... to use CUDA" (ComfyUI-WD14-Tagger#23)
            _CPU_PKG + r"[^\n]{0,12}? (?:overwrit\w{1,4}|replac\w{1,3}|clobber\w{0,3}|shadow\w{0,3}|hid(?:es|ing)) (?:the )?"
            r"(?:GPU|gpu|CUDA|cuda)[- ](?:version|package|build|one|variant|wheel)\b",
            _CPU_PKG + r" (?:on top of|over|alongside|beside|along with|together with|next to) " + _GPU_PKG_ANY,
            # "If I had already installed onnxruntime-gpu then onnxruntime installs in the same directory overwriting it"
            # (onnxruntime-extensions#404)
            r"\binstalled " + _GPU_PKG_ANY + r"[^\n]{0,30}?\b" + _CPU_PKG + r" (?:installs|is installed|gets installed|"
            r"goes)[^\n]{0,60}?\b(?:overwrit|replac|clobber)\w{1,6}",
        ),
        severity="warn",
        cause=("The description suggests both ONNX Runtime packages, the CPU package onnxruntime and onnxruntime-gpu, "
               "are installed in one environment: they install the same `onnxruntime` module, and where the CPU "
               "package's files win only the Azure and CPU execution providers are there, so CUDAExecutionProvider "
               "is missing and the model runs on the CPU."),
        advice=_ADVICE,
        action="configure",
        rules_out=("a driver fault, when torch sees the GPU",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/microsoft/onnxruntime/issues/26996",
                 "https://github.com/microsoft/onnxruntime/issues/6183",
                 "https://github.com/microsoft/onnxruntime/issues/4809", "https://github.com/urchade/GLiNER/issues/267",
                 "https://github.com/pythongosssss/ComfyUI-WD14-Tagger/issues/23",
                 "https://github.com/microsoft/onnxruntime-extensions/issues/404", ORT_INSTALL),
        checked="2026-11-28",
        examples=("frameworks/onnxruntime-26996-cpu-and-gpu-packages-both-installed.txt",
                  "wheels/gliner-267-gliner-gpu-both-onnxruntime-packages-cpu-device.txt",
                  "frameworks/comfyui-wd14tagger-23-onnxruntime-on-top-of-gpu-prose.txt",
                  "wheels/ortextensions-404-dependency-onnxruntime-overwrites-gpu-prose.txt"),
    ),
    Signature(
        code="frameworks.onnxruntime-provider-warning-wrapped",
        refines=("frameworks.onnxruntime-session-cpu-only",), refines_within=3,
        # the CPU build answered: the wrong variant of the wheel, as frameworks.onnxruntime-cpu-build-answered reads the
        # unwrapped line (w39d, 2026-11-27)
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # onnxruntime_inference_collection.py's UserWarning, "Specified provider 'CUDAExecutionProvider' is not in
        # available provider names.Available providers: '...'", as a console or a forum wraps it (its second half on a
        # line of its own), and with typographic quotes, which frameworks.onnxruntime-cuda-provider-failed's pattern
        # does not read. Only the CPU providers listed: the CPU build answered.
        patterns=(
            r"Specified provider ‘CUDAExecutionProvider’ is not in available provider names",
            r"Specified provider [‘'\"]?CUDAExecutionProvider[’'\"]? is not in available provider\s*$",
            r"^\W{0,4}names\.\s?Available providers: [‘'\"](?:AzureExecutionProvider, )?CPUExecutionProvider[’'\"]",
        ),
        severity="fail",
        cause=("ONNX Runtime was asked for its CUDA execution provider but lists only the Azure and CPU providers: the "
               "CPU package onnxruntime answered (installed alone, or beside onnxruntime-gpu and hiding it), so the "
               "model runs on the CPU."),
        advice=("Check `pip list | grep -i onnxruntime`. " + _ADVICE),
        action="configure",
        rules_out=("a driver fault, when torch sees the GPU",),
        never_suggest=_NOT_THE_DRIVER,
        sources=("https://github.com/s9roll7/animatediff-cli-prompt-travel/issues/206",
                 "https://github.com/microsoft/onnxruntime/issues/6183", ORT_INSTALL, ORT_CUDA),
        checked="2026-11-26",
        examples=("frameworks/animatediff-cli-206-ort-provider-warning-wrapped.txt",),
    ),
)
