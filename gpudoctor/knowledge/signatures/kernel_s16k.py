"""Issue 25, sixteenth wave (s16k, written blind): rows read from the code that prints the message.

The nvidia module's PCI probe (kernel-open/nvidia/nv-pci.c, nv_pci_probe) gives up on a GPU on a handful of paths, each
printing its own NVRM reason first (a GPU this driver or module flavour does not support, an invalid BAR, a GPU off
the bus); the kernel's driver core then prints the probe's failure ("nvidia: probe of BUS failed with error -1", since
Linux 6.x "nvidia BUS: probe with driver nvidia failed with error -1"), and the module's init (kernel-open/nvidia/nv.c,
nvidia_init_module) counts: "The NVIDIA probe routine failed for N device(s)", "None of the NVIDIA devices were
initialized" (drivers before about 390: "None of the NVIDIA graphics adapters were initialized!"). When no device
reached the probe at all (another driver holds every GPU, or the only GPUs are legacy ones the probe ignores before
counting them), nv.c prints "No NVIDIA devices probed." (older drivers: "No NVIDIA graphics adapter probed!").

These are the lines people paste when the reason was printed earlier or not at all (a boot screen, a live ISO's loop).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature
from gpudoctor.knowledge.signatures.kernel_modules import NVRM_TEXT

_NV_PCI = "https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/kernel-open/nvidia/nv-pci.c"
_NV_C = "https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/kernel-open/nvidia/nv.c"
# A PCI address as the kernel's driver core prints it ("0000:01:00.0").
_PCI = r"[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.nvidia-probe-failed",
        cause_id="gpu-unsupported-by-driver",
        kinds=("any",),
        patterns=(
            # drivers/base/dd.c since Linux 6.x: "nvidia 0000:01:00.0: probe with driver nvidia failed with error -1"
            # (people retype it from a boot screen with a capital P).
            r"\b[Pp]robe with driver nvidia failed with error -(?P<errno>\d{1,3})\b",
            # the same before it: "nvidia: probe of 0000:01:00.0 failed with error -1"
            r"\bnvidia: probe of " + _PCI + r" failed with error -(?P<errno>\d{1,3})\b",
            # nv.c nvidia_init_module: some devices probed, fewer initialised; then none at all.
            r"NVRM: The NVIDIA probe routine failed for (?P<count>\d{1,3}) device\(s\)",
            r"NVRM: None of the NVIDIA (?:devices|graphics adapters) were initiali[sz]ed",
        ),
        severity="fail",
        cause=("The nvidia module's PCI probe gave up on the GPU, so the driver never took it: most often this driver, "
               "or its open-module flavour, does not support that GPU (a GPU older than Turing, such as a GTX 10-series, "
               "on the -open modules, or a legacy GPU on a newer branch); an invalid PCI BAR or a GPU off the bus end "
               "the probe the same way, and the NVRM line printed just before it names which."),
        advice=("Read the NVRM lines just before the probe failure (`sudo dmesg | grep -i -B8 'probe'`): 'not supported "
                "by open nvidia.ko' or a Maxwell, Pascal or Volta GPU (GTX 900/10-series, Quadro P, Titan V) on the "
                "-open modules needs the proprietary flavour of the branch (nvidia-driver-XXX without -open on "
                "Ubuntu and Pop!_OS, nvidia-dkms instead of nvidia-open, the .run installer with "
                "--kernel-module-type=proprietary; the 580 branch is the last for these GPUs); 'supported through the "
                "NVIDIA 470.xx or 390.xx Legacy drivers' needs that legacy branch; 'BAR is 0M' or 'This PCI I/O region "
                "... is invalid' needs Above 4G Decoding in the firmware (or pci=realloc); 'fallen off the bus' "
                "points at the card's power and seating."),
        action="configure",
        rules_out=("a CUDA toolkit problem",),
        never_suggest=("reinstall CUDA",),
        sources=(_NV_PCI, _NV_C, "https://github.com/pop-os/cosmic-epoch/issues/1886",
                 "https://github.com/pop-os/cosmic-epoch/issues/2146",
                 "https://github.com/Bumblebee-Project/Bumblebee/issues/594",
                 "https://github.com/Bumblebee-Project/Bumblebee/issues/970"),
        checked="2026-11-27",
        examples=("kernel/popcosmic-1886-probe-failed-gtx1060-open.txt",),
    ),
    Signature(
        code="kernel.no-nvidia-devices-probed",
        refines=NO_MODULE_SYMPTOMS, refines_within=None,
        cause_id="nouveau-conflict",
        kinds=NVRM_TEXT,
        # nv.c nvidia_init_module, num_probed_nv_devices == 0: the probe was called for no NVIDIA GPU.
        patterns=(r"NVRM: No NVIDIA (?:devices|graphics adapters?) probed",),
        severity="fail",
        cause=("The nvidia module loaded but its probe ran for no GPU: another driver (nouveau, a framebuffer driver or "
               "vfio-pci) already holds every NVIDIA GPU, or the only GPUs are legacy ones this driver ignores, so "
               "the module gives up and nothing can use the driver."),
        advice=("See which driver holds each GPU (`lspci -k -d 10de:`, line 'Kernel driver in use'): nouveau or a "
                "framebuffer driver: blacklist it (`blacklist nouveau` and `options nouveau modeset=0` in "
                "/etc/modprobe.d/blacklist-nouveau.conf), rebuild the initramfs (`sudo update-initramfs -u` or `sudo "
                "dracut -f`) and reboot; vfio-pci: remove the GPU's ID from vfio-pci.ids; no driver and an NVRM line "
                "naming a legacy branch: install that legacy driver."),
        action="reboot",
        never_suggest=("reinstall CUDA", "disable Secure Boot"),
        sources=(_NV_C, "https://github.com/mattshma/bigdata/issues/133", "https://github.com/MrMEEE/ironhide/issues/41"),
        checked="2026-11-27",
        examples=("kernel/bigdata-133-probe-routine-not-called.txt",),
    ),
)
