"""How many NVLinks each data-centre GPU has, by the name NVML gives it. Checked 2026-11-25.

Only parts whose links are always wired (SXM modules on an HGX/DGX board): an SXM GPU with a link
down has lost bandwidth. PCIe cards reach NVLink through bridges that may not be installed, so
their count is not an expectation. NVML's own NVML_FI_DEV_NVLINK_LINK_COUNT answers too on newer
drivers (18 on the lent two-H100 host); this table is the second opinion that needs no driver.

Sources: NVIDIA H100 Tensor Core GPU datasheet and "NVIDIA H100 Tensor Core GPU Architecture"
(18 fourth-generation NVLinks, 900 GB/s); NVIDIA H200 datasheet (NVLink 900 GB/s, 18 links as the
H100 SXM5; the two-H200 host's `nvidia-smi nvlink -s` lists links 0-17); NVIDIA A100 Tensor Core
GPU Architecture whitepaper (12 third-generation NVLinks, 600 GB/s); NVIDIA Tesla V100 GPU
Architecture whitepaper (six NVLink 2.0 links, 300 GB/s); NVIDIA Blackwell architecture technical
brief (18 fifth-generation NVLinks on B200, 1.8 TB/s).
"""

from __future__ import annotations

# name prefix as NVML reports it -> NVLinks
SXM_NVLINKS = {
    "NVIDIA H100 80GB HBM3": 18,  # H100 SXM5 (the PCIe card is "NVIDIA H100 PCIe", the NVL "NVIDIA H100 NVL")
    "NVIDIA H200": 18,  # H200 SXM; "NVIDIA H200 NVL" is the PCIe card, matched first below
    "NVIDIA A100-SXM4": 12,
    "Tesla V100-SXM2": 6,
    "NVIDIA B200": 18,
}
_NOT_SXM = ("NVL", "PCIe")


def expected_nvlinks(name: str | None) -> int | None:
    """The NVLinks an SXM GPU of this name has, or None when the table does not say."""
    if not name or any(word in name.split() for word in _NOT_SXM):
        return None
    return next((count for prefix, count in SXM_NVLINKS.items() if name.startswith(prefix)), None)
