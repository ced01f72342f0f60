"""Whether this machine booted by UEFI with Secure Boot on, from the EFI variables the kernel exposes.

Its own fact, not a part of the kernel driver's: the kernel log is read in the Secure Boot context (a module that
fails to load is then most likely unsigned), and the driver's facts wait for NVML, where this needs two reads of
/sys that take a millisecond.
"""

from __future__ import annotations

from msgspec import Struct

from gpudoctor.host.base import Host
from gpudoctor.probing import provides

EFI = "/sys/firmware/efi"
# The UEFI global variable SecureBoot: four bytes of attributes, then the value (1: on).
SECURE_BOOT_VAR = "/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"


class SecureBoot(Struct, frozen=True):
    efi: bool | None = None  # False: booted by legacy BIOS (no Secure Boot at all); None: not known
    on: bool | None = None  # None: no EFI variable readable


@provides("secure_boot")
def probe_secure_boot(host: Host, facts) -> SecureBoot:
    if facts.get("platform").kind in ("windows", "wsl"):  # the Windows side boots; WSL's kernel has no EFI
        return SecureBoot()
    efi = host.list_dir(EFI)
    if not efi.ok:  # no /sys/firmware/efi: booted without UEFI (legacy BIOS, or a VM like Firecracker)
        return SecureBoot(efi=False if efi.error == "not-found" else None)
    var = host.read_file(SECURE_BOOT_VAR, limit=16)
    if not var.ok or not var.data or len(var.data) < 5:
        return SecureBoot(efi=True)
    return SecureBoot(efi=True, on=var.data[4] == 1)
