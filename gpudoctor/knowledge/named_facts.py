"""What a paste names, read as facts: the NVIDIA GPUs, the PyTorch builds, the Python and driver versions.

A helper who reads "GTX 1070, PyTorch 2.8.0 + cu129" knows the failure before any error line: that build has no
kernels for that GPU. The signature rows read the lines tools print; these facts are what the person names around
them (their own words, `pip` pins, `nvidia-smi`'s header, a Windows driver's file version), for the conclusions of
gpudoctor/knowledge/compat.py. Pure functions of the text; no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gpudoctor.knowledge import named_cudas
from gpudoctor.knowledge.build_support import PROGRAM_MIN_CAPABILITY
from gpudoctor.knowledge.contexts import in_text

# The compute capability of each NVIDIA GPU family as people name it (https://developer.nvidia.com/cuda-gpus), and its
# architecture under the names gpudoctor.probes.gpus gives them. A GeForce's number gives its generation.
_GEFORCE_SERIES: tuple[tuple[range, str, tuple[int, int]], ...] = (
    (range(5000, 5100), "Blackwell", (12, 0)),
    (range(4000, 4100), "Ada Lovelace", (8, 9)),
    (range(3000, 3100), "Ampere", (8, 6)),
    (range(2000, 2100), "Turing", (7, 5)),
    (range(1600, 1700), "Turing", (7, 5)),  # GTX 1650, 1660
    (range(1000, 1100), "Pascal", (6, 1)),  # GT 1030 to GTX 1080 Ti
    (range(940, 990), "Maxwell", (5, 2)),  # GTX 950 to 980 Ti
    (range(745, 760), "Maxwell", (5, 0)),  # GTX 745, 750, 750 Ti
    (range(600, 800), "Kepler", (3, 0)),  # GT/GTX 6xx and 7xx (GT 710/730 are sm_35: the same driver branch)
    (range(400, 600), "Fermi", (2, 0)),
    # The Tesla generation (G8x to GT21x; NVIDIA's "legacy" list, last driver R340): GeForce 8 and 9 ("GeForce
    # 9500 GT", "8800 GTX") and 200 ("GTX 260", "GTS 250", "GeForce 210"), compute capability 1.0 to 1.3.
    (range(8000, 10000), "Tesla", (1, 1)),
    (range(200, 300), "Tesla", (1, 3)),
)
# "RTX 8000" and "RTX 9000" are no GeForce 8 or 9 (Quadro RTX 8000 is Turing): those numbers only after these names.
_TESLA_GENERATION_PREFIXES = ("GT", "GTS", "GTX", "GeForce", "Geforce", "geforce", "GEFORCE", "gtx", "Gtx", "gts")
# Data-center, workstation and embedded names, each alternative starting with plain characters (see _each).
_LOWER_TOO = re.compile(r"[A-Z]\d{2,3}")  # K80, P100, A100, H200: read as "k80", "a100" too
_NAMED_MODELS: tuple[tuple[tuple[str, ...], str, tuple[int, int]], ...] = (
    (("GB10", "DGX Spark"), "Blackwell", (12, 1)),
    ((r"RTX PRO \d{4}(?: Blackwell)?",), "Blackwell", (12, 0)),
    # The series as people name it ("my RTX 50 series card", "RTX 50xx", "rtx 5xxx").
    ((r"RTX 50[ -]?[Ss]eries", r"rtx 50[ -]?series", r"RTX 50xx", r"RTX 5xxx", r"rtx 50xx", r"rtx 5xxx",
      # upper-case X as people type it too ("RTX 50XX cards", "RTX 50XX GPU's": selkies-glx#68, agent-cli#467; w49b)
      r"RTX 50XX", r"rtx 50XX",
      # the series by its first model's number ("the RTX5000-series", "RTX 5000 series"): no Quadro RTX 5000 (w52b)
      r"RTX ?5000[ -]?[Ss]eries", r"rtx ?5000[ -]?series",
      # without "RTX" where GPUs or cards follow ("50 series GPUs", "50-series cards"), w40b
      r"50[ -][Ss]eries (?:GPU|gpu|card|Nvidia|NVIDIA)"), "Blackwell", (12, 0)),
    (("GB200", "B200", "B100"), "Blackwell", (10, 0)),
    (("GH200", "H200", "H100", "H800", "H20"), "Hopper", (9, 0)),
    ((r"L40S?", r"RTX \d{4} Ada", "NVIDIA L4"), "Ada Lovelace", (8, 9)),
    (("A100", "A800", "A30"), "Ampere", (8, 0)),
    ((r"RTX A\d{4}", "A40", r"A10G?", "A16"), "Ampere", (8, 6)),
    ((r"Jetson (?:AGX )?Orin", "Orin Nano"), "Ampere", (8, 7)),
    ((r"Quadro RTX \d{4}", "TITAN RTX", "Titan RTX", "T4", "T1000", "T400"), "Turing", (7, 5)),
    ((r"Jetson (?:AGX )?Xavier", "Xavier NX"), "Volta", (7, 2)),
    (("V100S", "V100", "TITAN V", "Titan V"), "Volta", (7, 0)),
    (("P100",), "Pascal", (6, 0)),
    (("P40", "Tesla P4", r"Quadro P\d{3,4}", "TITAN Xp", "Titan Xp", r"MX[1-3]50",
      # the mining cards (GP104, GP106) and their names in lower case (w40b)
      r"P10[46]-[0-9]{3}"), "Pascal", (6, 1)),
    (("Jetson Nano",), "Maxwell", (5, 3)),
    ((r"MX1[13]0",), "Maxwell", (5, 0)),  # GeForce MX110, MX130: GM108
    (("M40", "M60", r"Quadro M\d{3,4}M?"), "Maxwell", (5, 2)),  # "Quadro M1000M": a mobile one
    (("K80",), "Kepler", (3, 7)),
    (("K40", "K20", r"Quadro K\d{3,4}M?",
      # the first GeForce GTX TITAN (GK110, 2013) and the Black and Z after it, never the Maxwell/Pascal TITAN X (w40b)
      r"GTX TITAN(?! ?X)(?: Black| Z)?", r"GTX Titan(?! ?X)(?: Black| Z)?"), "Kepler", (3, 5)),
    ((r"Tesla [CM]20[5-9][05]", r"tesla [cm]20[5-9][05]", r"Quadro [1-6]000M?\b", r"quadro [1-6]000m?\b",
      r"NVS [45]\d{3}M?\b"), "Fermi", (2, 0)),  # Tesla C2050/C2075/M2090, Quadro 6000 (w40b: C2075, lower case)
    # Quadro FX 2800M, 1.0 to 1.3; the mobile ones are named without "Quadro" too ("FX 2800M": AMD's FX CPUs have no M)
    ((r"Quadro FX ?\d{3,4}M?", r"Quadro fx ?\d{3,4}M?", r"quadro fx ?\d{3,4}M?", r"Quadro NVS \d{3}M?",
      r"FX \d{3,4}M"), "Tesla", (1, 1)),
)
# People type the data-center names in lower case too ("tesla k80", "two a100s"); their two-character ones ("t4",
# "a2") are too common in other words to read so.
_MODELS = tuple((re.compile(rf"{name}(?:s\b|\b)"), architecture, capability)
                for alternatives, architecture, capability in _NAMED_MODELS for alternative in alternatives
                for name in dict.fromkeys((alternative, *((alternative.lower(),) if _LOWER_TOO.fullmatch(alternative) else ()))))
# "RTX 3090", "GTX1070", "GeForce 1050ti", "GPU3090" (the person's shorthand), "RTX5090": a prefix that makes the
# number a GeForce (never "RX 570", AMD's). Three digits after "NVIDIA" are a driver branch ("nvidia-470"), so only
# four there.
_GEFORCE = (*(re.compile(rf"{prefix}[ _-]?(?P<number>\d{{3,4}})(?!\d)")
              for prefix in ("RTX", "GTX", "GT", "GeForce", "Geforce", "geforce", "GEFORCE", "rtx", "Rtx", "gtx",
                             "Gtx", "GTS", "gts")),
            *(re.compile(rf"{prefix} ?(?P<number>[1-5]0[5-9]0)(?!\d)") for prefix in ("GPU", "NVIDIA", "Nvidia", "nvidia")))
# A GeForce's four digits with Ti or "card" after them ("1080ti", "the 1070 card"): found by what follows them.
# Also the plural ("two 5090s") and the series written after the number ("5090 rtx").
_NUMBER_THEN_NAME = tuple(re.compile(rf"{name}\b") for name in ("Ti", "ti", "TI", " Ti", " ti", " card", " GPU",
                                                                  " graphics card", " RTX", " rtx", "s",
                                                                  # "four 4090 GPUs", "two 3090 cards" (w36e)
                                                                  " GPUs", " gpus", " cards",
                                                                  # "1050gtx ti", "1070 GTX" (w40b)
                                                                  "gtx", "GTX", " gtx", " GTX"))
_GEFORCE_NUMBER = re.compile(r"(?<![\w.])[1-5]0[5-9]0\Z")
# GeForce 8 and 9 as people write them, the series after the number ("8800 GTX", "9500GT", "9800 GTX+").
_TESLA_NUMBER_THEN_NAME = tuple(re.compile(rf"{name}\b") for name in ("GTX", "GTS", "GT", " GTX", " GTS", " GT"))
_TESLA_NUMBER = re.compile(r"(?<![\w.])[89][1-9]00\Z")

# PyTorch as people name its build: "torch==1.11.0+cu113", "PyTorch 2.8.0 + cu129", collect_env's "PyTorch version:
# 2.8.0+cu129", conda's "pytorch==1.7.0 cudatoolkit=10.1" and "pytorch-cuda=11.8", an index URL ".../whl/cu118".
_TORCH_BUILD = tuple(re.compile(rf"{name}(?: version)?[ =:<>~!]{{0,4}}(?P<version>\d\.\d{{1,2}}(?:\.\d{{1,2}})?)"
                                r"(?: ?\+ ?(?P<tag>cu\d{2,3}|cpu|rocm[\d.]+))?") for name in ("orch", "ORCH"))
_CUDA_TAG = (re.compile(r"whl/(?:nightly/)?(?P<tag>cu\d{3})\b"), re.compile(r"\+(?P<tag>cu\d{3})\b"),
             re.compile(r"cudatoolkit[ =]{1,2}(?P<version>\d{1,2}\.\d)"),
             re.compile(r"pytorch-cuda[ =]{1,2}(?P<version>\d{2}\.\d)"),
             re.compile(r"CUDA used to build PyTorch: (?P<version>\d{2}\.\d)"), re.compile(r"cu(?P<tag>1[0-3]\d)\b"))
_TORCH_NOT_FOUND = re.compile(r"(?:satisfies the requirement|No matching distribution found for) torch ?==? ?"
                              r"(?P<version>\d\.\d{1,2}(?:\.\d{1,2})?)(?:\+(?P<tag>\w+))?")
# pip's list of the torch releases it did find, where it starts with a plain release (PyPI, a mirror, the find-links page
# torch_stable.html: every variant): the first is the first release with a wheel for this Python ("2.2.0, 2.2.0+cpu").
_TORCH_LIST_FIRST = re.compile(r"requirement torch ?==? ?\d\.\d{1,2}(?:\.\d{1,2})?(?:\+\w+)? {1,2}\(from versions: "
                               r"(?P<major>\d)\.(?P<minor>\d{1,2})(?:\.\d{1,2})?[,)]")
# "Python 3.11", "python=3.7", "Python version : 3.12.0", "python3.12", "Python311\" (Windows' install folder), "cp311".
_PYTHON = (re.compile(r"ython(?: version)?[ =:]{0,4}(?P<dotted>3\.\d{1,2})(?!\d)"), re.compile(r"ython3(?P<joined>1\d)\b"),
           re.compile(r"cp3(?P<joined>\d{1,2})\b"))
# The driver's own version: nvidia-smi's header, collect_env's "Nvidia driver version: 470.82.01", a package name,
# "driver 590.44.01", "the 590 driver", "R580". Each name starts a word (a match must), so both cases are listed; a
# Markdown code span may wrap the version ("NVIDIA driver `535.216.01`", skypilot#9406).
_DRIVER = (*(re.compile(rf"{name}[: \t`]{{1,4}}(?P<branch>[2-9]\d\d)\.\d{{1,3}}(?:\.\d{{1,3}})?\b")
             for name in ("Driver Version", "NVIDIA-SMI", "driver", "Driver", "driver version", "Driver version")),
           re.compile(r"nvidia(?:-driver)?-(?P<branch>[3-9]\d\d)(?:-open|-server|xx)?\b"),
           re.compile(r"R(?P<branch>[3-9]\d0)\b"),
           # a branch named alone: "I ran the installer with driver version 575." (debian-nvidia-installer#44, w42e)
           re.compile(r"[Dd]river version (?P<branch>[3-9]\d\d)(?!\d|\.\d)"),
           # a branch as people write it: "Nvidia drivers 550.x", "Driver==515.86.01" (w42f)
           *(re.compile(rf"{name} (?P<branch>[3-9]\d\d)\.x\b") for name in ("driver", "drivers", "Driver", "Drivers")),
           re.compile(r"Driver ?== ?(?P<branch>[3-9]\d\d)\.\d{1,3}"))
_SPOKEN_DRIVER = re.compile(r"driver")  # "the 590 driver", "the 470 series driver": the number read before it
# Arch's legacy packages name a branch "580xx" ("the 580xx series drivers"), and Markdown may wrap it in "_" or "*".
_SPOKEN_BRANCH = re.compile(r"(?<![\w.])[_*]{0,2}(?P<branch>[3-9]\d0)(?:\.\d{1,3}|xx)?[_*]{0,2} (?:series |branch )?\Z")
# The driver's own libcuda, named by its version ("/usr/lib64/libcuda.so.460.106.00"). Inside WSL 2 the driver is the
# Windows one (/usr/lib/wsl/lib/libcuda.so.1, unversioned): a versioned libcuda there is a stray Linux driver's.
_LIBCUDA = re.compile(r"libcuda\.so\.(?P<branch>[3-9]\d\d)\.\d")
# Windows' file version of the driver (Device Manager, dxdiag): its last five digits are the driver's version
# ("31.0.15.3640" is 536.40, "23.21.13.9135" is 391.35; https://nvidia.custhelp.com/app/answers/detail/a_id/5158).
_WINDOWS_DRIVER_FILE = re.compile(r"\.\d{1,2}\.1(?P<high>\d)\.(?P<low>\d{4})\b")
_WINDOWS_FILE_START = re.compile(r"(?<![\w.])(?:2[1-9]|3[0-3])\Z")
# nvidia-smi's header: the newest CUDA the installed driver runs ("Driver Version: 470.82.01    CUDA Version: 11.4").
_DRIVER_CUDA = re.compile(r"Driver Version: ?[\d.]{3,12} +CUDA Version: ?(?P<cuda>\d{2}\.\d)")
# The CUDA a program needs, where the paste names an image built for it ("nvidia/cuda:12.4.1-runtime-ubuntu22.04").
_CUDA_IMAGE = re.compile(r"nvidia/cuda:(?P<cuda>\d{2}\.\d)")
# A CUDA version the paste says something demands ("it wanted CUDA 12.8", "requires CUDA 12.4"), w40b: what a container or
# a program refused to run without, set beside the driver the paste names.
# The subject is the container or image ("it", "the image", "this container"): "flash-attn requires CUDA 11.6" is a
# package's toolkit for building, which an older driver of the same major runs through minor-version compatibility.
_STATED_CUDA = re.compile(r"\b(?:[Ii]t|[Ii]mage|[Cc]ontainer|[Tt]his|[Tt]hat|[Ww]hich|[Tt]ag) (?:wants|wanted|requires|"
                          r"required|needs|needed) CUDA (?P<cuda>1\d\.\d)\b")
# An NGC container release ("nvcr.io/nvidia/tritonserver:21.10-py3-sdk", "nvcr.io/nvidia/pytorch:24.05-py3"), w40b.
_NGC_IMAGE = re.compile(r"nvcr\.io/nvidia/[\w./-]{1,60}:(?P<year>[12]\d)\.(?P<month>0[1-9]|1[0-2])\b")
_OPEN_MODULES = ("nvidia-open", "open kernel module", "pen GPU kernel module", "kernel-open", "-open-dkms",
                 "NVIDIA open kernel")
_OPEN_PACKAGE = re.compile(r"nvidia-driver-\d{3}-(?:server-)?open\b")  # Ubuntu's "nvidia-driver-580-open"
# The serving engines whose kernels need a newer GPU than PyTorch's: as their commands, modules, images and
# log prefixes name them ("vllm serve", "vllm/vllm-openai", "(VllmWorker rank=0)", "python -m sglang.launch_server").
_ENGINES = (("vLLM", ("vllm", "vLLM", "VLLM", "Vllm")), ("SGLang", ("sglang", "SGLang", "SGLANG")))
# A Mac as people name it ("macOS 14.5", "Apple M2", "a Mac M1", "my M3 Mac", "MacBook") or as Python does.
_MACOS = (re.compile(r"macOS\b"), re.compile(r"MacOS\b"), re.compile(r"Mac OS\b"), re.compile(r"Apple M[1-4]\b"),
          re.compile(r"Mac M[1-4]\b"), re.compile(r"M[1-4](?: Pro| Max| Ultra)? Mac\b"), re.compile("MacBook"),
          re.compile(r"darwin\b"), re.compile(r"Darwin\b"), re.compile(r"macosx_\d"))
# A paste about the driver itself (installing it, its version, nvidia-smi, the kernel module), not only a program.
_DRIVER_TROUBLE = ("driver install", "install the driver", "installed driver", "driver installed", "insufficient driver",
                   "legacy driver", "nvidia-smi", "kernel module", "nouveau", "dkms", "ubuntu-drivers", "xorg",
                   "driver version", "driver release", "install driver", "installing driver", "installing the driver",
                   # the driver itself updated or installed by the person ("Updating the nvidia graphics driver to the
                   # newest version", "installing CUDA without the display drivers")
                   "graphics driver", "display driver")
_BEFORE = 16  # characters looked at before a match found by what follows it


def _each(patterns, text: str, word_start: bool = True):
    """Each pattern's matches in `text`. Every pattern starts with plain characters, which `re` finds by a fast scan
    (one alternation with a leading `\\b` took 0.4 s on 256 KB); `word_start`: only matches that start a word."""
    for pattern in patterns:
        for found in pattern.finditer(text):
            if not word_start or found.start() == 0 or not text[found.start() - 1].isalnum():
                yield found


def _before(pattern: re.Pattern, text: str, found: re.Match) -> re.Match | None:
    """`pattern` (anchored at its end) matched on the few characters before `found`."""
    return pattern.search(text[max(found.start() - _BEFORE, 0):found.start()])


@dataclass(frozen=True)
class NamedGpu:
    name: str  # as the text writes it
    architecture: str
    capability: tuple[int, int]
    at: int  # where the text first names it


@dataclass(frozen=True)
class TorchBuild:
    version: str | None  # "2.8.0"; None where only the CUDA build is named
    cuda_tag: str | None  # "cu129"; None where only the version is named


@dataclass(frozen=True)
class NamedFacts:
    gpus: tuple[NamedGpu, ...]
    torch_builds: tuple[TorchBuild, ...]
    torch_not_found: tuple[TorchBuild, ...]  # pins pip found no distribution for
    pythons: tuple[tuple[int, int], ...]
    driver_branches: tuple[int, ...]
    driver_cuda: tuple[int, int] | None  # the newest CUDA the driver runs, from nvidia-smi's header
    image_cudas: tuple[tuple[int, int], ...]  # the CUDA of the images the paste runs
    open_modules: bool
    macos: bool
    engines: tuple[str, ...] = ()  # the LLM serving engines the paste runs ("vLLM", "SGLang")
    torch_lists_from: tuple[tuple[int, int], ...] = ()  # the first release of pip's plain lists of torch versions
    programs: tuple[str, ...] = ()  # the programs of build_support.PROGRAM_MIN_CAPABILITY the paste names
    names_driver: bool = False  # whether the paste speaks of the driver at all
    # whether the paste tells of a job over several GPUs (DDP, torchrun, DeepSpeed, NCCL, tensor parallelism, "4x
    # RTX 4090") that hangs, freezes or deadlocks
    multi_gpu_hang: bool = False
    ngc_releases: tuple[tuple[int, int], ...] = ()  # the NGC container releases (YY, MM) the paste runs
    stated_cudas: tuple[tuple[int, int], ...] = ()  # a CUDA the paste says something demands ("it wanted CUDA 12.8")
    # whether the paste tells of the machine failing at boot or on its display ("error message at boot", "on reboot I
    # get a black screen", "can't boot"): the driver's matter, not a program's (w42e); not on Windows or in the
    # firmware (rev42b)
    boot_trouble: bool = False
    # the cloud machine types whose GPUs sit on NVSwitches (AWS p4d/p5, GCP a2/a3 8-GPU, Azure ND96, OCI BM.GPU.*.8),
    # where CUDA waits for Fabric Manager (w42e)
    nvswitch_instances: tuple[str, ...] = ()
    # whether the paste shows CUDA finding no device or failing to initialise (error 802, "no CUDA-capable device",
    # is_available() False), the failure an NVSwitch machine without Fabric Manager gives (rev42b)
    cuda_not_starting: bool = False
    # whether the person says the trouble is over ("works now", "now fixed", "solved it") (rev42b)
    says_resolved: bool = False
    # w42f: the CUDA toolkits that compiled the code (nvcc's release, "toolkit 12.5"), the newest CUDA the driver runs
    # as said in words ("stuck at cuda 12.4"), the CUDA of images named in words or by NVIDIA's banner, and whether
    # the paste shows a failure of a driver older than its CUDA (error 222 or 804, "insufficient", "too old", CUDA
    # not available): healthy pastes show nvcc newer than nvidia-smi's CUDA all the time, so those need it
    toolkit_cudas: tuple[tuple[int, int], ...] = ()
    spoken_driver_cudas: tuple[tuple[int, int], ...] = ()
    spoken_image_cudas: tuple[tuple[int, int], ...] = ()
    driver_family_failure: bool = False
    out_of_gpu_memory: str | None = None  # the words in which the paste tells of running out of GPU memory
    forward_compat: bool = False  # the paste names CUDA forward compatibility (the cuda-compat package) (rev42b)
    torch_elsewhere: bool = False  # Windows or conda named: a bare torch release's CUDA is not PyPI's Linux default


def read_facts(text: str) -> NamedFacts:
    return NamedFacts(
        gpus=_first_of_each_name(_gpus(text)),
        torch_builds=_unique(_torch_builds(text)),
        torch_not_found=_unique(TorchBuild(found["version"], found["tag"]) for found in _TORCH_NOT_FOUND.finditer(text)),
        pythons=_unique(_pythons(text)),
        driver_branches=_unique((*_driver_branches(text), *_library_branches(text))),
        driver_cuda=_version(_DRIVER_CUDA.search(text)),
        image_cudas=_unique(_version(found) for found in _CUDA_IMAGE.finditer(text)),
        open_modules=any(words in text for words in _OPEN_MODULES) or _OPEN_PACKAGE.search(text) is not None,
        macos=next(_each(_MACOS, text), None) is not None,
        engines=tuple(engine for engine, names in _ENGINES if any(name in text for name in names)),
        torch_lists_from=_unique((int(found["major"]), int(found["minor"])) for found in _TORCH_LIST_FIRST.finditer(text)),
        programs=tuple(program for names, program, *_ in PROGRAM_MIN_CAPABILITY if any(name in text for name in names)),
        names_driver=any(words in text.lower() for words in _DRIVER_TROUBLE),
        multi_gpu_hang=_MULTI_GPU.search(text) is not None and _HANG.search(text) is not None,
        ngc_releases=_unique((int(found["year"]), int(found["month"])) for found in _NGC_IMAGE.finditer(text)),
        stated_cudas=_stated_cudas(text),
        boot_trouble=_BOOT_TROUBLE.search(text) is not None and _BEFORE_THE_DRIVER.search(text) is None,
        nvswitch_instances=_unique(found[0] for found in _NVSWITCH_INSTANCE.finditer(text)),
        cuda_not_starting=any(words in text.lower() for words in _CUDA_NOT_STARTING),
        says_resolved=_RESOLVED.search(text) is not None,
        toolkit_cudas=named_cudas.toolkit_cudas(text),
        spoken_driver_cudas=named_cudas.spoken_driver_cudas(text),
        spoken_image_cudas=named_cudas.spoken_image_cudas(text) if _names_a_container(text) else (),
        driver_family_failure=named_cudas.driver_family_failure(text),
        out_of_gpu_memory=named_cudas.out_of_gpu_memory(text),
        forward_compat=_forward_compat(text.lower()),
        torch_elsewhere=any(words in text for words in _TORCH_ELSEWHERE),
    )


# Cloud machine types of eight (or sixteen) SXM GPUs joined by NVSwitches (w42e: hashcat#3008, p4d.24xlarge).
_NVSWITCH_INSTANCE = re.compile(
    r"\b(?:p4de?\.24xlarge|p5(?:e|en)?\.48xlarge|p6-b200\.48xlarge|a2-(?:highgpu-8g|megagpu-16g|ultragpu-8g)|"
    r"a3-(?:highgpu|megagpu|ultragpu|edgegpu)-8g|(?:Standard_)?ND96(?:a|am|is)?sr_(?:A100_|H100_|H200_)?v[45]|"
    r"BM\.GPU\.(?:A100-v2|H100|H200|B200)\.8|gpu_8x_(?:a100|h100)_sxm\d?)\b")


# CUDA finding no device or failing to initialise, in the lowered text: error 802 and its name, the runtime's and
# programs' "no CUDA-capable device", "cannot find any CUDA-compatible platforms" (hashcat#3008), PyTorch's False.
_CUDA_NOT_STARTING = ("error 802", "802:", "(802)", "code 802", "system not yet initialized", "cuda-capable device",
                      "cuda-compatible", "cuda platform", "no cuda device", "cuda_error_no_device",
                      "is_available() is false", "cuda is not available", "no gpus found", "no gpu found",
                      "no devices found", "cuda initialization", "cuinit", "fabric manager", "fabricmanager")
# The person saying the trouble is over, as people write it in a report that tells the fix.
_RESOLVED = re.compile(r"\b(?:works|working|worked) (?:now|fine now|great now|again)\b|\b(?:now|is) (?:fixed|solved|"
                       r"resolved|working)\b|\b(?:[Ff]ixed|[Ss]olved|[Rr]esolved) (?:it|this|the (?:issue|problem))\b")


# A boot that fails before a Linux NVIDIA driver loads, or on Windows: firmware, POST, an installer of Windows (rev42b).
_BEFORE_THE_DRIVER = re.compile(r"\b(?:Windows|BIOS|UEFI|POST|CSM)\b")


# The machine failing at boot or on its display, as people tell it (w42e: cosmic-epoch#1717 "receive this error message
# at boot", debian-nvidia-installer#44 "On reboot, I get stuck on a black screen").
_BOOT_TROUBLE = re.compile(
    r"\b(?:at|on|during|after) (?:re)?boot(?:ing)?\b|\b(?:can'?t|cannot|won'?t|will not|doesn'?t|does not|fails? to|"
    r"unable to) (?:re)?boot\b|\b[Bb]lack screen\b|\b[Bb]lank screen\b|\blogin loop\b|\b[Ss]tuck (?:at|on|during) "
    r"(?:the )?(?:boot|splash|a black)")


# Where a torch release named without its CUDA is no PyPI Linux wheel: Windows (CPU-only wheels on PyPI before 2.x),
# conda's own builds, a Mac; as installs and collect_env name them, not issue templates' "(`conda`, `pip`, source)".
_TORCH_ELSEWHERE = ("conda install", "conda create", "[conda] pytorch", "[conda] torch", "OS: Microsoft Windows",
                    "Windows 10", "Windows 11", "win_amd64", "on Windows", "macOS")


def _forward_compat(lowered: str) -> bool:
    """Whether the paste runs CUDA forward compatibility, not the 804 it gives on a GPU without it (rev42b)."""
    return (any(words in lowered for words in ("forward compat", "cuda-compat", "compat package"))
            and "forward compatibility was attempted" not in lowered and "error 804" not in lowered)


def _names_a_container(text: str) -> bool:
    return any(word in text for word in _CONTAINER_WORDS) or "== CUDA ==" in text


# A job over several GPUs, as launchers, libraries and people name it (w36e): a launcher or library for several GPUs,
# a count of GPUs or GeForce cards ("4x RTX 4090", "two 3090s", "multiple 4090 gpus"), tensor parallelism.
_MULTI_GPU = re.compile(
    r"\b(?:DDP|ddp|DistributedDataParallel|torchrun|accelerate launch|[Dd]eep[Ss]peed|deepspeed|FSDP|NCCL|nccl|"
    r"all_reduce|allreduce|all-reduce|[Mm]ulti[- ]?(?:GPU|gpu|[Cc]ard)s?|[Tt]ensor[-_ ][Pp]arallel|tensor_parallel_size|"
    r"多卡|多GPU"
    r"|(?:[Mm]ultiple|[Ss]everal|[Tt]wo|[Tt]hree|[Ff]our|[Ee]ight|[Dd]ual|[Bb]oth|[2-8]) ?(?:[xX*×] ?)?(?:NVIDIA )?"
    r"(?:GeForce )?(?:RTX ?)?(?:[1-5]0[5-9]0(?: ?Ti)?s?|GPUs|gpus|cards)\b)")
_HANG = re.compile(r"\b(?:[Hh]angs?|[Hh]anging|[Hh]ung|[Ss]tuck|[Ff]reez(?:es|ing|e)|[Ff]roze|[Ff]rozen|[Dd]eadlock(?:s|ed)?|"
                   r"[Ss]talls?|[Ss]talled|no progress)\b|卡住|卡死")


def _stated_cudas(text: str) -> tuple[tuple[int, int], ...]:
    """The CUDA a container demands, as the paste says it: only in a text about a container or an image, whose
    NVIDIA_REQUIRE_CUDA holds to that release's own driver; a program outside one runs through minor-version
    compatibility on an older branch of the same major, so a person's "needs CUDA 11.8" alone settles nothing."""
    stated = _unique(_version(found) for found in _STATED_CUDA.finditer(text))
    if not stated or not any(word in text for word in _CONTAINER_WORDS):
        return ()
    return stated


_CONTAINER_WORDS = ("docker", "Docker", "container", "Container", "podman", "compose")


def _version(found: re.Match | None) -> tuple[int, int] | None:
    if found is None:
        return None
    major, minor = found["cuda"].split(".")
    return int(major), int(minor)


def _unique(items) -> tuple:
    return tuple(dict.fromkeys(items))


def _first_of_each_name(gpus) -> tuple[NamedGpu, ...]:
    """The first mention of each name, without a name read inside a longer one ("FX 2800M" in "Quadro FX 2800M")."""
    gpus = list(gpus)
    gpus = [gpu for gpu in gpus if not any(other.at < gpu.at < other.at + len(other.name) for other in gpus)]
    first: dict[str, NamedGpu] = {}
    for gpu in sorted(gpus, key=lambda gpu: gpu.at):
        first.setdefault(gpu.name, gpu)
    return tuple(first.values())


def _numbered(text: str) -> list[tuple[re.Match, int]]:
    """The GeForce numbers the text names: after a series prefix, or before a word that makes them one."""
    numbered = [(found, int(found["number"])) for found in _each(_GEFORCE, text)]
    prefixed_ends = {found.end() for found, _ in numbered}  # "RTX 5070 Ti": its Ti is no second GPU
    for names, number_pattern in ((_NUMBER_THEN_NAME, _GEFORCE_NUMBER), (_TESLA_NUMBER_THEN_NAME, _TESLA_NUMBER)):
        for found in _each(names, text, word_start=False):
            number = _before(number_pattern, text, found)
            if number and found.start() not in prefixed_ends:
                numbered.append((found, int(number[0])))
    return numbered


def _workstation_rtx(text: str, found: re.Match) -> bool:
    """"Quadro RTX 5000" (Turing), "RTX 5000 Ada": workstation cards _MODELS reads, no GeForce."""
    return found.re.pattern.startswith(("RTX", "rtx")) and (
        text[max(found.start() - 7, 0):found.start()] == "Quadro " or text.startswith(" Ada", found.end()))


def _geforce(found: re.Match, number: int) -> tuple[str, str, tuple[int, int]] | None:
    """The GeForce a number names (name, architecture, capability); four-digit Tesla-generation numbers ("9500") only
    after a GeForce/GT/GTX name or before GT/GTX ("RTX 8000" is a Quadro)."""
    for series, architecture, capability in _GEFORCE_SERIES:
        if number not in series:
            continue
        if architecture == "Tesla" and number >= 1000 and found.re not in _TESLA_NUMBER_THEN_NAME and \
                not found.re.pattern.startswith(_TESLA_GENERATION_PREFIXES):
            return None
        name = found[0].strip() if found.re in _GEFORCE else f"{number}{found[0]}".strip().removesuffix("s")
        return name, architecture, capability
    return None


def _gpus(text: str):
    for found, number in _numbered(text):
        geforce = None if _workstation_rtx(text, found) else _geforce(found, number)
        if geforce:
            yield NamedGpu(*geforce, found.start())
    for pattern, architecture, capability in _MODELS:
        for found in _each((pattern,), text):
            name = found[0] if found[0].endswith(("series", "Series")) else found[0].removesuffix("s")
            yield NamedGpu(name, architecture, capability, found.start())


def _cuda_tag_of(version: str) -> str:
    """'10.1' -> 'cu101', '11.8' -> 'cu118'."""
    major, minor = version.split(".")[:2]
    return f"cu{major}{minor}"


def _torch_builds(text: str):
    for found in _each(_TORCH_BUILD, text, word_start=False):  # "torch", "pytorch", "PyTorch", "PYTORCH"
        yield TorchBuild(found["version"], found["tag"])
    for found in _each(_CUDA_TAG, text, word_start=False):
        tag = found.groupdict().get("tag")
        version = found.groupdict().get("version")
        if tag and not tag.startswith("cu"):  # a bare "cu118": the word must start there
            if found.start() > 0 and text[found.start() - 1].isalnum():
                continue
            tag = f"cu{tag}"
        yield TorchBuild(None, _cuda_tag_of(version) if version else tag)


def _pythons(text: str):
    for found in _each(_PYTHON, text, word_start=False):
        if found.groupdict().get("dotted"):
            yield tuple(int(part) for part in found["dotted"].split("."))
        else:
            yield (3, int(found["joined"]))


def _library_branches(text: str) -> tuple[int, ...]:
    branches = tuple(int(found["branch"]) for found in _LIBCUDA.finditer(text))
    return branches if branches and "wsl" not in in_text(text, frozenset({"wsl"})) else ()


# A driver the paste names as what something needs or what fixed it ("the toolkit requires driver version 555.42.02",
# "upgrading the driver to 555 fixes it"), not the one installed (w42f): these words in the few characters before it.
_WANTED_DRIVER = re.compile(r"(?:[Rr]equir\w*|[Nn]eeds?|at least|[Mm]inimum(?: of)?|[Uu]pgrad\w*)(?: the| a| an)?"
                            r"(?: NVIDIA| Nvidia| nvidia)?(?: GPU| gpu| graphics)? \Z")


def _driver_branches(text: str):
    for found in _each(_DRIVER, text):
        if not _WANTED_DRIVER.search(text[max(found.start() - 24, 0):found.start()]):
            yield int(found["branch"])
    for found in _SPOKEN_DRIVER.finditer(text):
        spoken = _before(_SPOKEN_BRANCH, text, found)
        if spoken:
            yield int(spoken["branch"])
    for found in _WINDOWS_DRIVER_FILE.finditer(text):
        if _before(_WINDOWS_FILE_START, text, found):
            yield int(found["high"] + found["low"][:2])
