"""nvidia-smi's outputs as the NVML answers the `gpus` probe asks for.

nvidia-smi is a front end to NVML: each field it prints is one NVML call's answer (the mapping
follows nvidia-smi's own XML names, nvsmi_device_v13.dtd). So a pasted nvidia-smi becomes the
recorded NVML calls of gpudoctor/probes/gpus.py, and its parsers and the checks judge them.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from gpudoctor.pasted.answers import PastedAnswers
from gpudoctor.probes.gpus import ARCHITECTURE_NAMES, P2P_CAPABILITIES, P2P_STATUS_NAMES, TOPOLOGY_NAMES
from gpudoctor.probes.kernel_driver import NVIDIA_VERSION, read_nvrm

MIB = 1024 * 1024
_ARCHITECTURE_CODES = {name.lower(): code for code, name in ARCHITECTURE_NAMES.items()}
_P2P_CODES = {name: code for code, name in P2P_STATUS_NAMES.items()}
_TOPOLOGY_CODES = {name: code for code, name in TOPOLOGY_NAMES.items() if name != "X"}
# `nvidia-smi topo -p2p r|w|n|a|p` prints one capability; the letter names it (nvidia-smi topo -h).
P2P_LETTERS = {"r": "read", "w": "write", "n": "nvlink", "a": "atomics", "p": "pci"}


def _int(text: str | None) -> int | None:
    match = re.search(r"\d+", text or "")
    return int(match.group()) if match else None


def _cuda_version_code(text: str | None) -> int | None:
    """'12.4' -> 12040, as nvmlSystemGetCudaDriverVersion answers."""
    match = re.match(r"\s*(\d+)\.(\d+)", text or "")
    return int(match.group(1)) * 1000 + int(match.group(2)) * 10 if match else None


def _put_inventory(answers: PastedAnswers, block: str, driver: str | None, cuda: str | None, gpus: list[dict]) -> None:
    """One inventory (from the table, -q or -q -x) as NVML answers, GPU i = the i-th listed (PCI bus order)."""
    answers.nvml(block, "nvmlInit", value=True)
    if driver is not None:  # nvidia-smi prints no header over "No devices were found": the version is not shown
        answers.nvml(block, "nvmlSystemGetDriverVersion", value=driver)
        answers.nvml(block, "nvmlSystemGetCudaDriverVersion", value=_cuda_version_code(cuda))
    answers.nvml(block, "nvmlDeviceGetCount", value=len(gpus))
    for index, gpu in enumerate(gpus):
        put = lambda function, value: answers.nvml(block, function, index, value=value)  # noqa: E731
        put("nvmlDeviceGetName", gpu.get("name"))
        put("nvmlDeviceGetUUID", gpu.get("uuid"))
        if gpu.get("bus_id"):
            put("nvmlDeviceGetPciInfo", {"busId": gpu["bus_id"]})
        if gpu.get("memory_mib") is not None:
            put("nvmlDeviceGetMemoryInfo", {"total": gpu["memory_mib"] * MIB})
        architecture = (gpu.get("architecture") or "").lower()
        put("nvmlDeviceGetArchitecture", _ARCHITECTURE_CODES.get(architecture))
        if gpu.get("utilization") is not None:
            put("nvmlDeviceGetUtilizationRates", {"gpu": gpu["utilization"]})
        for function, key in (("nvmlDeviceGetCurrPcieLinkGeneration", "gen"), ("nvmlDeviceGetMaxPcieLinkGeneration",
                              "max_gen"), ("nvmlDeviceGetGpuMaxPcieLinkGeneration", "gpu_max_gen"),
                              ("nvmlDeviceGetCurrPcieLinkWidth", "width"), ("nvmlDeviceGetMaxPcieLinkWidth", "max_width"),
                              ("nvmlDeviceGetPcieReplayCounter", "replays")):
            put(function, gpu.get(key))


# -- the default table -----------------------------------------------------------------------------
# "NVIDIA-SMI 580.95.05  Driver Version: 580.95.05  CUDA Version: 13.0"; from R610 "NVIDIA-SMI 610.57.04
# KMD Version: 610.57.04  CUDA UMD Version: 13.3" (noonghunna/club-3090#1229): the kernel-mode driver, and the
# CUDA version of the user-mode driver, which NVML's nvmlSystemGetCudaDriverVersion reports.
_TABLE_HEADER = re.compile(
    r"NVIDIA-SMI\s+(\S+)\s+(?:Driver|KMD) Version:\s*(\S+)(?:\s+CUDA (?:UMD )?Version:\s*(\S+))?")
# "|   0  NVIDIA GeForce RTX 3090    Off |   00000000:01:00.0 Off |   N/A |" (names may be cut with "...")
_TABLE_GPU = re.compile(r"^\s*\|\s+(\d+)\s+(.+?)\s+(?:On|Off|WDDM|TCC)\s+\|\s+([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d)")
_TABLE_MEMORY = re.compile(r"(?<!\d)(\d+)MiB[ \t]*/[ \t]*(\d+)MiB[ \t]*\|[ \t]*(\d+)%")


# What nvidia-smi prints when nvmlInit fails, and the NVML error behind it: nvidia-smi prints
# nvmlErrorString() after "Failed to initialize NVML: ", except for a driver it cannot reach, where it
# prints its own sentence. The names are NVML's (nvml.h), as gpudoctor/host/nvml.py records them.
NVML_INIT_FAILURES = (
    ("couldn't communicate with the NVIDIA driver", "NVML_ERROR_DRIVER_NOT_LOADED"),
    ("Failed to initialize NVML: Driver Not Loaded", "NVML_ERROR_DRIVER_NOT_LOADED"),
    ("Failed to initialize NVML: Driver/library version mismatch", "NVML_ERROR_LIB_RM_VERSION_MISMATCH"),
    ("Failed to initialize NVML: GPU access blocked by the operating system", "NVML_ERROR_OPERATING_SYSTEM"),
    ("Failed to initialize NVML: Insufficient Permissions", "NVML_ERROR_NO_PERMISSION"),
    ("Failed to initialize NVML: Unknown Error", "NVML_ERROR_UNKNOWN"),
    ("couldn't find libnvidia-ml.so library", "NVML_ERROR_LIBRARY_NOT_FOUND"),
)


def init_failure(lines: list[str]) -> str | None:
    """The NVML error of an nvidia-smi that could not start, from its message."""
    return next((error for line in lines for text, error in NVML_INIT_FAILURES if text in line), None)


def table(lines: list[str], answers: PastedAnswers, block: str) -> None:
    failure = init_failure(lines)
    if failure is not None:
        answers.put("nvml", ["nvmlInit"], {"value": None, "error": failure}, block)
        return
    driver = cuda = None
    gpus: list[dict] = []
    for line in lines:
        if (header := _TABLE_HEADER.search(line)) and driver is None:
            driver, cuda = header.group(2), header.group(3)
        elif match := _TABLE_GPU.match(line):
            name = match.group(2).strip()
            gpus.append({"name": name, "bus_id": match.group(3)})  # a long name is cut: "NVIDIA GeForce ..."
        elif (memory := _TABLE_MEMORY.search(line)) and gpus and "memory_mib" not in gpus[-1]:
            gpus[-1].update(memory_mib=int(memory.group(2)), utilization=int(memory.group(3)))
    if not gpus and not any("Processes:" in line or "No devices were found" in line for line in lines):
        if driver is None:
            # No header either: nvidia-smi printed nothing of its own ("'nvidia-smi' is not recognized as an internal
            # or external command", "command not found"). That says nothing of NVML; the signatures read the shell.
            return
        answers.nvml(block, "nvmlInit", value=True)  # the paste was cut before the first GPU: the count is unknown
        answers.nvml(block, "nvmlSystemGetDriverVersion", value=driver)
        answers.nvml(block, "nvmlSystemGetCudaDriverVersion", value=_cuda_version_code(cuda))
        return
    _put_inventory(answers, block, driver, cuda, gpus)


# -- nvidia-smi -q -----------------------------------------------------------------------------------
_Q_LINE = re.compile(r"^(\s*)([^:]+?)\s*(?::\s*(.*?))?\s*$")
_Q_GPU = re.compile(r"^GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d)\s*$")
_Q_FIELDS = {  # (section path, key) -> field
    ((), "Product Name"): "name", ((), "Product Architecture"): "architecture", ((), "GPU UUID"): "uuid",
    (("PCI",), "Bus Id"): "bus_id",
    (("PCI", "GPU Link Info", "PCIe Generation"), "Max"): "max_gen",
    (("PCI", "GPU Link Info", "PCIe Generation"), "Current"): "gen",
    (("PCI", "GPU Link Info", "PCIe Generation"), "Device Max"): "gpu_max_gen",
    (("PCI", "GPU Link Info", "Link Width"), "Max"): "max_width",
    (("PCI", "GPU Link Info", "Link Width"), "Current"): "width",
    (("PCI",), "Replays Since Reset"): "replays",
    (("FB Memory Usage",), "Total"): "memory_mib",
    (("Utilization",), "Gpu"): "utilization", (("Utilization",), "GPU"): "utilization",
}
_TEXT_FIELDS = ("name", "architecture", "uuid", "bus_id")


def query(lines: list[str], answers: PastedAnswers, block: str) -> None:
    top: dict[str, str] = {}
    gpus: list[dict] = []
    path: list[tuple[int, str]] = []  # (indent, section) of the GPU's open sections
    for line in lines:
        if gpu := _Q_GPU.match(line.strip()) if not line.startswith(" ") else None:
            gpus.append({"bus_id": gpu.group(1)})
            path = []
            continue
        match = _Q_LINE.match(line)
        if not match or not match.group(2).strip():
            continue
        indent, key, value = len(match.group(1)), match.group(2).strip(), match.group(3)
        if not gpus:
            if value is not None:
                top[key] = value
            continue
        path = [(i, s) for i, s in path if i < indent]
        if value is None:
            path.append((indent, key))
            continue
        field = _Q_FIELDS.get((tuple(s for _, s in path), key))
        if field and value not in ("N/A", ""):
            gpus[-1][field] = value if field in _TEXT_FIELDS else _int(value)
    _put_inventory(answers, block, top.get("Driver Version"), top.get("CUDA Version"), gpus)


# -- nvidia-smi -q -x ----------------------------------------------------------------------------------
_X_FIELDS = {
    "product_name": "name", "product_architecture": "architecture", "uuid": "uuid", "pci/pci_bus_id": "bus_id",
    "pci/pci_gpu_link_info/pcie_gen/max_link_gen": "max_gen",
    "pci/pci_gpu_link_info/pcie_gen/current_link_gen": "gen",
    "pci/pci_gpu_link_info/pcie_gen/max_device_link_gen": "gpu_max_gen",
    "pci/pci_gpu_link_info/link_widths/max_link_width": "max_width",
    "pci/pci_gpu_link_info/link_widths/current_link_width": "width",
    "pci/replay_counter": "replays", "fb_memory_usage/total": "memory_mib", "utilization/gpu_util": "utilization",
}


class BadXml(ValueError):
    pass


def query_xml(lines: list[str], answers: PastedAnswers, block: str) -> None:
    text = "\n".join(line for line in lines if not line.lstrip().startswith("<!DOCTYPE"))
    start, end = text.find("<nvidia_smi_log"), text.rfind("</nvidia_smi_log>")
    if start < 0:
        raise BadXml("no <nvidia_smi_log> element")
    if end < 0:
        raise BadXml("the XML is cut before </nvidia_smi_log>")
    try:
        root = ElementTree.fromstring(text[start:end + len("</nvidia_smi_log>")])
    except ElementTree.ParseError as exc:
        raise BadXml(f"the XML does not parse: {exc}") from None
    gpus = []
    for element in root.findall("gpu"):
        gpu: dict = {}
        for path, field in _X_FIELDS.items():
            value = element.findtext(path)
            if value and value.strip() not in ("N/A", ""):
                gpu[field] = value.strip() if field in _TEXT_FIELDS else _int(value)
        gpus.append(gpu)
    _put_inventory(answers, block, root.findtext("driver_version"), root.findtext("cuda_version"), gpus)


# -- nvidia-smi topo -m and topo -p2p -----------------------------------------------------------------------
_MATRIX_HEADER = re.compile(r"^\s*GPU0(?:\s+GPU\d+)*")


def _matrix(lines: list[str]) -> list[list[str]]:
    """Rows 'GPUi  cell cell ...' of a GPU x GPU matrix, cells as printed (' X ' trimmed)."""
    start = next((i for i, line in enumerate(lines) if _MATRIX_HEADER.match(line)), None)
    if start is None:
        return []
    count = len(re.findall(r"\bGPU\d+\b", lines[start]))
    rows = []
    for line in lines[start + 1:]:
        cells = line.split()
        if cells and re.fullmatch(r"GPU\d+", cells[0]) and len(cells) > count:
            rows.append(cells[1:count + 1])
    return rows


def topology(lines: list[str], answers: PastedAnswers, block: str) -> None:
    """`topo -m`: NV# for pairs joined by NVLinks, else the PCIe path (PIX ... SYS)."""
    rows = _matrix(lines)
    answers.nvml(block, "nvmlInit", value=True)
    answers.nvml(block, "nvmlDeviceGetCount", value=len(rows) or None)
    link_of = {a: 0 for a in range(len(rows))}
    for a, cells in enumerate(rows):
        for b, cell in enumerate(cells):
            if a == b:
                continue
            if cell in _TOPOLOGY_CODES:
                answers.nvml(block, "nvmlDeviceGetTopologyCommonAncestor", a, b, value=_TOPOLOGY_CODES[cell])
            elif links := re.fullmatch(r"NV(\d+)", cell):
                peer_bus = (answers.nvml_value("nvmlDeviceGetPciInfo", b) or {}).get("busId")
                for _ in range(int(links.group(1))):
                    answers.nvml(block, "nvmlDeviceGetNvLinkState", a, link_of[a], value=1)
                    if peer_bus:
                        answers.nvml(block, "nvmlDeviceGetNvLinkRemotePciInfo", a, link_of[a], value={"busId": peer_bus})
                    link_of[a] += 1


def p2p(lines: list[str], answers: PastedAnswers, block: str, command: str | None) -> str:
    """`topo -p2p r|w|n|a|p`: one capability per matrix; returns the capability read."""
    letter = re.search(r"-p2p\s+([rwnap])\b", command or "")
    capability = P2P_LETTERS[letter.group(1)] if letter else "read"
    rows = _matrix(lines)
    answers.nvml(block, "nvmlInit", value=True)
    answers.nvml(block, "nvmlDeviceGetCount", value=len(rows) or None)
    for a, cells in enumerate(rows):
        for b, cell in enumerate(cells):
            if a != b and cell in _P2P_CODES:
                answers.nvml(block, "nvmlDeviceGetP2PStatus", a, b, P2P_CAPABILITIES[capability], value=_P2P_CODES[cell])
    return capability


# -- nvidia-smi -L and nvlink -s ------------------------------------------------------------------------------
_LIST_GPU = re.compile(r"^GPU (\d+): (.+?) \(UUID: (GPU-[0-9a-fA-F-]+)\)")
_LINK = re.compile(r"^\s*Link (\d+): (?:([\d.]+) GB/s|<inactive>)")


def gpu_list(lines: list[str], answers: PastedAnswers, block: str) -> None:
    """`nvidia-smi -L` (name and UUID per GPU) and `nvidia-smi nvlink -s` (the same lines, then each link)."""
    current = None
    count = 0
    for line in lines:
        if gpu := _LIST_GPU.match(line.strip()):
            current = int(gpu.group(1))
            count = max(count, current + 1)
            answers.nvml(block, "nvmlDeviceGetName", current, value=gpu.group(2))
            answers.nvml(block, "nvmlDeviceGetUUID", current, value=gpu.group(3))
        elif (link := _LINK.match(line)) and current is not None:
            answers.nvml(block, "nvmlDeviceGetNvLinkState", current, int(link.group(1)), value=int(bool(link.group(2))))
    answers.nvml(block, "nvmlInit", value=True)
    answers.nvml(block, "nvmlDeviceGetCount", value=count or None)


# -- /proc/driver/nvidia/version -------------------------------------------------------------------------------
def driver_file(lines: list[str], answers: PastedAnswers, block: str) -> None:
    """The file as the kernel_driver probe reads it (its flavour, open or proprietary, stays), and the driver
    version NVML would give, both through the probe's own reader of the file."""
    text = "\n".join(lines) + "\n"
    nvrm = read_nvrm(text)
    if nvrm is None:
        return
    answers.put("file", [NVIDIA_VERSION, 4096, False], {"error": None, "data": text[text.index("NVRM version:"):]},
                block)
    if nvrm.version:
        answers.nvml(block, "nvmlInit", value=True)
        answers.nvml(block, "nvmlSystemGetDriverVersion", value=nvrm.version)
