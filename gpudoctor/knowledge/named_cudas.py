"""The CUDA versions a paste names in words or beside each other: the toolkit that compiled the code, the CUDA the
driver runs at most, the CUDA a container image is built on, the memory a person ran out of.

A helper reads "nvcc says release 12.4, nvidia-smi says CUDA Version: 12.2, and it fails with error 222" or "the image
uses CUDA 12.8, some hosts are stuck at CUDA 12.4" and knows the cause before any tool's line names it. These readers
give gpudoctor/knowledge/named_facts.py those facts (w42f); gpudoctor/knowledge/compat_cuda.py judges them. Each
pattern starts with plain characters (a fast scan, see named_facts._each). Pure functions of the text; no I/O.
"""

from __future__ import annotations

import re

Cuda = tuple[int, int]

# The toolkit that compiled the code: nvcc's own line ("Cuda compilation tools, release 12.4, V12.4.131"), its build
# tag ("nvcc==cuda_11.8.r11.8"), the toolkit as people name it ("CUDA toolkit 12.5", "the toolkit version installed
# (12.5)", "nvcc is 12.4", "cuda-toolkit-12-5") and code "compiled with (the latest) CUDA 12.2".
_TOOLKIT = (
    re.compile(r"compilation tools, release (?P<cuda>1\d\.\d)"),
    re.compile(r"cuda_(?P<cuda>1\d\.\d)\.r1\d"),
    re.compile(r"cuda-toolkit-(?P<major>1\d)-(?P<minor>\d)\b"),
    *(re.compile(rf"{name}\b[^\n\d]{{0,32}}?\(?(?P<cuda>1\d\.\d)(?![\d])")
      for name in ("toolkit", "Toolkit", "TOOLKIT", "nvcc")),
    *(re.compile(rf"{verb} (?:the )?(?:latest |newer )?\(?(?:CUDA|cuda|Cuda) ?(?:toolkit )?(?P<cuda>1\d\.\d)")
      for verb in ("compiled with", "built with", "compiled against", "built against")),
)
# The CUDA the driver runs at most, in words: "the GPU nodes are running the CUDA 12.1 driver", "drivers 550.x only
# support cuda upto 12.4", "some instances are stuck at cuda 12.4", "my system only support up to cuda 12.4", and the
# integer cudaDriverGetVersion() gives ("the driver reports CUDA 12020").
_SPOKEN_DRIVER_CUDA = (
    *(re.compile(rf"{prefix} (?:to )?(?:CUDA|cuda|Cuda|coda) ?(?:version )?(?:up ?to )?(?P<cuda>1\d\.\d)")
      for prefix in ("only support", "only supports", "support up", "supports up", "support upto", "supports upto",
                     "stuck at", "stuck on", "stuck with", "supports at most", "support at most", "maximum supported")),
    *(re.compile(rf"{name} (?P<cuda>1\d\.\d) (?:driver|host)\b") for name in ("CUDA", "cuda", "Cuda")),
    re.compile(r"reports CUDA (?P<joined>1[0-3]0[0-9]0)\b"),
    # the host's CUDA as people say it ("the host's CUDA version is 12.2", "host cuda 12.4"): nvidia-smi's, the driver's
    *(re.compile(rf"{name}(?:'s)? (?:CUDA|cuda|Cuda) (?:[Vv]ersion )?(?:is |of )?(?P<cuda>1\d\.\d)")
      for name in ("host", "Host")),
    # nvidia-smi's CUDA told in words ("nvidia-smi shows CUDA 12.2", "nvidia-smi says CUDA Version 12.4")
    re.compile(r"nvidia-smi[^\n\d]{0,40}?(?:CUDA|cuda|Cuda)(?: [Vv]ersion)?:? ?`?(?P<cuda>1\d\.\d)"),
)
# The CUDA a container image is built on, in words ("the default container ... uses cuda version 12.8", "an image built
# on CUDA 12.8", "the docker image requires 12.8"), and NVIDIA's own start-up banner of an nvidia/cuda image
# ("== CUDA ==" ... "CUDA Version 12.2.2").
_SPOKEN_IMAGE_CUDA = (
    *(re.compile(rf"{name}\b[^.\n]{{0,48}}?\b(?:uses|built on|built with|built for|based on|requires|needs|ships) "
                 r"(?:CUDA |cuda |Cuda )?(?:version )?(?P<cuda>1\d\.\d)")
      for name in ("image", "Image", "container", "Container", "docker", "Docker")),
    # the CUDA before the word ("a CUDA 12.8 image", "the cuda 12.6 docker container")
    *(re.compile(rf"{name} ?(?P<cuda>1\d\.\d)(?:\.\d{{1,2}})? (?:based |base |docker |Docker )?(?:image|container)s?\b")
      for name in ("CUDA", "cuda", "Cuda")),
)
_BANNER_CUDA = re.compile(r"== CUDA ==[\s\S]{0,400}?CUDA Version (?P<cuda>1\d\.\d)")
# Running out of GPU memory as people tell it (not the allocator's own line, which rows read): "encountered a CUDA out
# of memory error", "getting CUDA out of memory errors", "ran into CUDA_OUT_OF_MEMORY", "OOM on a 24GB card".
_OUT_OF_GPU_MEMORY = (re.compile(r"(?:CUDA|Cuda|cuda) (?:out of memory|OOM|oom)\b"), re.compile(r"CUDA_OUT_OF_MEMORY"),
                      re.compile(r"OutOfMemoryError"), re.compile(r"out of (?:GPU|gpu) memory"),
                      re.compile(r"(?:GPU|gpu) out of memory"), re.compile(r"out of (?:VRAM|vram)"))


def _versions(patterns, text: str, keep=lambda text, match: True) -> tuple[Cuda, ...]:
    found = []
    for pattern in patterns:
        for match in pattern.finditer(text):
            if not keep(text, match):
                continue
            groups = match.groupdict()
            if groups.get("joined"):
                found.append((int(groups["joined"]) // 1000, int(groups["joined"]) % 1000 // 10))
            elif groups.get("major"):
                found.append((int(groups["major"]), int(groups["minor"])))
            else:
                major, minor = groups["cuda"].split(".")
                found.append((int(major), int(minor)))
    return tuple(dict.fromkeys(found))


def toolkit_cudas(text: str) -> tuple[Cuda, ...]:
    """The CUDA toolkits the paste says compiled its code (nvcc's release, "toolkit 12.5")."""
    return _versions(_TOOLKIT, text)


def spoken_driver_cudas(text: str) -> tuple[Cuda, ...]:
    """The newest CUDA the driver runs, as the paste says it in words ("stuck at cuda 12.4", "the CUDA 12.1 driver"):
    "only supports CUDA 11.8" said of a package is no driver's, so the words before it must name the driver or the
    machine ("drivers 550.x only support cuda upto 12.4", "instances that are stuck at cuda 12.4")."""
    return _versions(_SPOKEN_DRIVER_CUDA, text, _names_the_machine)


_MACHINE_WORDS = ("driver", "Driver", "host", "Host", "system", "machine", "instance", "node", "server", "GPU", "gpu",
                  "nvidia-smi")


def _names_the_machine(text: str, match: re.Match) -> bool:
    line_start = text.rfind("\n", 0, match.start()) + 1
    before = text[max(line_start, match.start() - 60):match.end()]
    return any(word in before for word in _MACHINE_WORDS)


# The failures a driver older than the code's CUDA produces (w42f): the PTX JIT's error 222, CUDA's error 35
# ("insufficient") and 804 (forward compatibility on a GPU without it), PyTorch's "too old" and CUDA not available,
# and the person's "fails to execute code compiled with ...". Looked for in the lowered text. "Too old" only of the
# driver (PyTorch's "The NVIDIA driver on your system is too old"), not "my GPU is too old"; no bare "won't start",
# which any program's failure is told with; "insufficient" only as CUDA's error 35 says it, not Kubernetes'
# "Insufficient nvidia.com/gpu" or "insufficient memory" (rev42b).
DRIVER_FAMILY_FAILURES = ("unsupported toolchain", "error 222", "code: 222", "222 error", "code 222", "(222)",
                          "unsupported_ptx", "unsupportedptx", "unsupported .version", "driver version is insufficient",
                          "insufficient for cuda runtime", "insufficient_driver", "insufficientdriver",
                          "driver on your system is too old", "driver is too old", "driver too old",
                          "error 804", "forward compatibility was attempted", "is_available() is false",
                          "is_available()\nfalse", "is_available()\n>>> false", "cuda is not available",
                          "cuda available: no", "is cuda available: no", "fail to execute", "fails to execute",
                          "failed to execute", "refuses to initiali", "does not start at all")


def driver_family_failure(text: str) -> bool:
    lowered = text.lower()
    return any(words in lowered for words in DRIVER_FAMILY_FAILURES)


def spoken_image_cudas(text: str) -> tuple[Cuda, ...]:
    """The CUDA of the container images the paste names in words or shows by NVIDIA's banner."""
    return _versions((*_SPOKEN_IMAGE_CUDA, _BANNER_CUDA), text)


# The same told more loosely ("OOM on a 3090", "not enough VRAM", "runs out of memory on my RTX 4070"): only where the
# line names the GPU or its memory, since the host's RAM runs out in the same words.
_OUT_OF_MEMORY_LOOSELY = (re.compile(r"OOM\b"), re.compile(r"out of memory\b"), re.compile(r"[Nn]ot enough (?:VRAM|vram)"),
                          re.compile(r"[Nn]ot enough (?:GPU |gpu |video )?memory\b"))
_GPU_MEMORY_WORDS = ("GPU", "gpu", "VRAM", "vram", "CUDA", "cuda", "RTX", "GTX", "graphics card", "显存")


def _on_a_gpu_line(text: str, match: re.Match) -> bool:
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    line = text[max(start, match.start() - 80):(len(text) if end < 0 else min(end, match.end() + 80))]
    return any(word in line for word in _GPU_MEMORY_WORDS)


# Words just before the out-of-memory that make it no report of one (rev42b): asked about or avoided ("so I don't get
# OOM", "to avoid OOM", "not getting out of memory"), over ("fixed the CUDA out of memory"), or the host's ("the host
# ran out of memory", "system RAM out of memory").
_NOT_A_REPORT = re.compile(r"\b(?:avoid|prevent|don'?t get|do not get|not get(?:ting)?|never get|won'?t get|without|no more"
                           r"|no longer|fixed|solved|resolved|host|system|RAM|CPU|swap)\b[^\n.;!?]{0,24}\Z", re.I)
# Denied just before it: "no OOM on 16GB VRAM", "not an OOM".
_DENIED_JUST_BEFORE = re.compile(r"\b(?:no|not(?: an?| any)?)\s{1,3}\Z", re.I)
# The same words just after it naming the host's memory ("out of memory (RAM)", "OOM killer").
_HOST_AFTER = re.compile(r"\A[^\n.;]{0,12}?\b(?:RAM|host|system memory|CPU memory|killer)\b", re.I)


def _a_report(text: str, match: re.Match) -> bool:
    line_start = text.rfind("\n", 0, match.start()) + 1
    before = text[max(line_start, match.start() - 40):match.start()]
    return (not _NOT_A_REPORT.search(before) and not _DENIED_JUST_BEFORE.search(before)
            and not _HOST_AFTER.search(text[match.end():match.end() + 30]))


def out_of_gpu_memory(text: str) -> str | None:
    """The words in which the paste tells of running out of GPU memory, or None."""
    found = [match for pattern in _OUT_OF_GPU_MEMORY for match in pattern.finditer(text) if _a_report(text, match)]
    found += [match for pattern in _OUT_OF_MEMORY_LOOSELY for match in pattern.finditer(text)
              if _on_a_gpu_line(text, match) and _a_report(text, match)]
    return min(found, key=lambda match: match.start())[0] if found else None
