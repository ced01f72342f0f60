"""Issue 25 (helper w44d): under WSL 2 a container cannot be limited to some of the GPUs (rows of the wsl area).

Inside WSL 2 the GPUs reach Linux through the Windows driver's paravirtual interface (/dev/dxg and the libraries in
/usr/lib/wsl/lib), which gives every GPU to whatever opens it: the NVIDIA Container Toolkit's WSL mode mounts that
interface, and the driver does not support filtering devices there, so `--gpus '"device=1"'`, NVIDIA_VISIBLE_DEVICES=1
and the CDI device names all still show every GPU (NVIDIA's answer in nvidia-container-toolkit#21, 2025; the same
report in #70 and #983; only NVIDIA_VISIBLE_DEVICES=none was made to work, PR #2025). People describe it rather than
paste a tool's error (nothing fails: nvidia-smi simply lists both GPUs), so the row reads their words, only where the
text shows WSL: on native Linux the same complaint has other causes (a privileged container, the runtime's
accept-nvidia-visible-devices settings). The way out is the application's own choice (CUDA_VISIBLE_DEVICES, which the
CUDA runtime honours under WSL; nvidia-smi ignores it) or native Linux.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.containers_w38a import SIGNATURES as _W38A

# The generic reading of the same complaint (the variable did not limit the container, so a GPU request or privileged
# mode decides): under WSL this row reads its lines too and takes its place, since --gpus device=N cannot work there.
_GENERIC = "containers.visible-devices-setting-ignored-described"
_GENERIC_PATTERNS = next(row.patterns for row in _W38A if row.code == _GENERIC)

# "NVIDIA_VISIBLE_DEVICES value doesn't work", "NVIDIA_VISIBLE_DEVICES is ignored", "--gpus device=1 has no effect"
_NOT_APPLIED = (r"(?:is |are |gets? |being |seems to be |was )?(?:ignored|not (?:respected|honou?red|working|applied)|"
                r"(?:does|do|did)(?: not|n't|n’t) (?:work|apply|take effect|have any effect|limit|restrict|filter)|"
                r"has no effect|makes no difference|won't work|will not work)")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.container-gpu-filter-unsupported-described",
        cause_id="wsl-gpu-filter-unsupported",
        kinds=("any",),
        patterns=(
            r"NVIDIA_VISIBLE_DEVICES(?:=\S{1,40})?(?: (?:value|env(?:ironment)? ?var(?:iable)?|setting))?[^\n]{0,40}?\b"
            + _NOT_APPLIED,
            r"(?:--gpus|device=\d{1,2})[^\n]{0,60}?\b" + _NOT_APPLIED,
            r"\bignor(?:es|ing|ed) (?:the )?(?:NVIDIA_VISIBLE_DEVICES|--gpus|device selection)",
            # "Returns multiple GPUs, instead of just GPU 1", "nvidia-smi shows both GPUs rather than only one"
            r"\b(?:[Rr]eturns?|[Ss]hows?|[Ll]ists?|[Ss]ees?|[Ee]xposes?|[Gg]ets?|[Dd]isplays?) (?:all|both|multiple|every|"
            r"all of the|all the|two) (?:\w{1,12} )?(?:GPUs?|gpus?|cards?|devices?),? (?:instead of|rather than|not) "
            r"(?:just|only|the one|one|a single|the selected|the specified)",
            # "Unable to limit container to see just a single GPU device"
            r"\b(?:[Uu]nable|can't|cannot|can not|not able|no way) to (?:limit|restrict|isolate|filter) (?:the |a |my |each )?"
            r"containers? to (?:see |use |access )?(?:just |only )?(?:a single|one|1|a specific|one specific|the second|"
            r"the first|its own) (?:\w{1,12} )?GPU",
            # "will WSL2 support GPU filter or GPU isolation", "GPU isolation is not supported in WSL"
            r"\bWSL ?2?\b[^\n]{0,80}\bGPU (?:filter(?:ing)?|isolation)\b",
            r"\bGPU (?:filter(?:ing)?|isolation)\b[^\n]{0,80}\bWSL\b",
            *_GENERIC_PATTERNS,
        ),
        contexts=("wsl",),
        refines=(_GENERIC,),
        described=True,
        severity="warn",
        cause=("The description suggests containers under WSL 2 that see every GPU whatever they ask for: the Windows "
               "driver's WSL interface (/dev/dxg) hands all GPUs to the container and does not support filtering "
               "devices, so --gpus device=N, NVIDIA_VISIBLE_DEVICES and CDI device names cannot limit it."),
        advice=("Under WSL 2, choose the GPU inside the container instead: set CUDA_VISIBLE_DEVICES=N for the process "
                "(`docker run --gpus all -e CUDA_VISIBLE_DEVICES=1 ...`; the CUDA runtime honours it, while nvidia-smi "
                "ignores it and keeps listing every GPU) or the application's own device option (cuda:1); to give "
                "containers separate GPUs that they cannot reach past, run them on native Linux, where --gpus and "
                "NVIDIA_VISIBLE_DEVICES restrict them."),
        action="configure",
        rules_out=("the NVIDIA driver's installation", "the container image"),
        never_suggest=("reinstall the driver", "install the Linux NVIDIA driver"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/21",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/70",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/983",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/pull/2025",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked="2026-11-28",
        examples=("wsl/nvctk-21-wsl2-all-gpus-visible-no-filter-prose.txt",
                  "wsl/nvct-983-wsl-docker-gpus-device-1-shows-all.txt"),
    ),
)
