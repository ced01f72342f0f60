"""Kernel and driver, what a distribution prints at boot when no NVIDIA module could be loaded and it falls back to
nouveau (rows of the kernel area, added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.boot-fell-back-to-nouveau",
        cause_id="secure-boot-rejected",
        kinds=("any",),
        # Fedora's nvidia-fallback.service (RPM Fusion, negativo17) when no nvidia module loaded at boot, as users
        # retype it (no full stop, lower case) or as other releases word it ("Missing NVIDIA kernel module,
        # defaulting to Nouveau"). kernel.driver-not-loaded-secure-boot reads the same line where the paste shows
        # Secure Boot on; alone, the line does not say why, and Secure Boot is the usual answer on Fedora.
        patterns=(r"(?:NVIDIA|[Nn]vidia) (?:kernel module|driver) (?:missing|not found)[.,]? [Ff]alling back to [Nn]ouveau",
                  r"[Mm]issing NVIDIA kernel module, defaulting to [Nn]ouveau"),
        severity="warn",
        cause="No NVIDIA module could be loaded at boot, so the system fell back to nouveau: on Fedora most often "
              "Secure Boot refusing the akmods-built module because its key is not enrolled, otherwise a module "
              "akmods has not (or could not) build for this kernel.",
        advice=("Check `mokutil --sb-state`: with Secure Boot on, enroll the akmods key (`sudo mokutil --import "
                "/etc/pki/akmods/certs/public_key.der`, then confirm it in MokManager at the next boot; `sudo kmodgenca` "
                "first if the key does not exist) or turn Secure Boot off; otherwise rebuild the module with `sudo akmods "
                "--force --kernels $(uname -r)`, read its log in /var/cache/akmods/nvidia/ and reboot."),
        action="configure",
        rules_out=("the CUDA toolkit",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/gridhead/nvidia-auto-installer-for-fedora-linux/issues/107",
                 "https://github.com/gridhead/nvidia-auto-installer-for-fedora-linux/issues/64",
                 "https://rpmfusion.org/Howto/Secure%20Boot"),
        checked="2026-11-26",
        examples=("kernel/nvautoinstall-107-secure-boot-falling-back-to-nouveau.txt",),
    ),
)
