"""Issue 25, w49e: one NVIDIA driver release that broke a program, and Flatpak apps that find no NVIDIA driver, told in
people's words (rows of the kernel area).

A driver release sometimes carries a bug of its own that breaks what worked on the release before: its OpenCL compiler
(the 470/471 branch and mul_hi, the 520 New Feature Branch and array arguments), its Vulkan driver (471.xx and device
loss in emulators, the 572 branch and a semaphore path in Cemu, 550.76 and Dota 2's Vulkan start-up) or its shader
compiler. Nothing on the machine is wrong and nothing in the program needs changing: going back to the release that
worked, or on to the release whose notes list the fix, settles it. People tell it by the versions ("reverting back to
566 drivers", "rollback to Nvidia Proprietary Driver: 550.67", "using new driver 512.15 it will crash") or name the
driver's bug ("Recent Nvidia drivers introduced a regression"). A driver updated on Linux without a reboot is told in
the same words ("after the update the game won't start") and is another cause (driver-library-mismatch, fixed by a
reboot), so "broke after the driver update" alone is left unread here.

A Flatpak app sees the host's NVIDIA GL, Vulkan, OpenCL and CUDA driver only through the Flathub extension
org.freedesktop.Platform.GL.nvidia-<version> of the host driver's exact version (kernel_w28a reads flatpak's own and
Mesa's lines for it). Without it the app's words are "the nvidia GPU is not detected", "not detecting the Nvidia
drivers", "no opencl devices found", "Flatpak didn't have the runtime ready"; where the text shows Flatpak (the
"flatpak" context), they mean the extension is missing: `flatpak update` after rebooting into the new driver installs
it once Flathub has published that version.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_w28a import _FLATPAK_ADVICE

_NV = r"(?:NVIDIA|[Nn]vidia|NVidia)"
# A driver release as people write it: 566, 550.67, 471.11, 460.xxx, 47X.XX, 580.126.18, 616.92 (3xx to 6xx branches; not a
# CUDA, kernel or package version).
_RELEASE = r"v?[3-6]\d{2}(?:\.[\dxX]{2,3})?(?:\.[\dxX]{2,3})?"
# "... to the previous NVIDIA driver 550.67", "... to Nvidia Proprietary Driver: 550.67", "... to 566 drivers": a release
# after a verb of going back (each verb its own pattern, so that the prefilter keys on the verb, not on "back").
_TO_RELEASE = (r" to (?:the )?(?:old(?:er)? |previous |last |earlier )?(?:" + _NV + r" )?(?:[Pp]roprietary |[Gg]raphics |"
               r"GPU |[Dd]isplay )?(?:[Dd]rivers?(?: version)?:? )?(?:version )?(?P<release>" + _RELEASE +
               r")\b(?! ?(?:MB|GB|W\b|[Ww]att|MHz|mm))")
_BROKE = (r"(?:crash\w{0,3}|fails?|failing|freez\w{0,3}|hangs?|broke\w{0,2}|breaks|stopped working|does ?n[o']t work|"
          r"won'?t (?:start|launch|work|boot)|disables?)")

DRIVER_RELEASE_ADVICE = (
    "Go back to the driver release that worked (or on to a newer release whose release notes list the fix): the "
    "program and the machine are fine, this driver release has a bug of its own. Linux: install the previous release "
    "and hold it (Ubuntu/Debian: `sudo apt install nvidia-driver-<previous branch>` then `sudo apt-mark hold` the "
    "nvidia packages; Arch: `sudo pacman -U` the previous nvidia/nvidia-utils (and lib32-nvidia-utils) from "
    "/var/cache/pacman/pkg, and IgnorePkg them; Fedora: `sudo dnf downgrade akmod-nvidia xorg-x11-drv-nvidia*`), then "
    "reboot. Windows: download the previous driver from NVIDIA's driver archive and install it with \"Perform a clean "
    "installation\" (or after DDU). Report the release to NVIDIA, and update again once a later release fixes it."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.driver-release-regression-described",
        described=True,
        cause_id="driver-release-regression",
        kinds=("any",),
        patterns=(
            # "reverting back to 566 drivers", "rollback to Nvidia Proprietary Driver: 550.67", "Downgrade to 460.xxx",
            # "went back to the previous driver 572.83", "downgrading back to v565.77"
            *(r"\b" + verb + _TO_RELEASE for verb in (r"[Rr]olled back", r"[Rr]olling back", r"(?:roll|Roll) back",
                                                      r"[Rr]ollback", r"[Dd]owngrad(?:e|ed|ing)(?: back)?",
                                                      r"[Rr]evert(?:ed|ing)?(?: back)?")),
            # "using new driver 512.15 it will crash", "the latest Nvidia driver 576.02 crashes"
            r"\b(?:[Nn]ew(?:er|est)?|[Ll]atest|[Cc]urrent|[Rr]ecent) (?:" + _NV + r" )?drivers? (?:version )?\(?"
            + _RELEASE + r"\)?[^\n]{0,40}?\b" + _BROKE,
            # "Recent Nvidia drivers introduced a regression", "the NVIDIA driver 470 has a bug"
            r"\b" + _NV + r" (?:[Pp]roprietary )?drivers? (?:" + _RELEASE + r" )?(?:introduced|introduces|has|have|had) "
            r"an? (?:regression|bug)\b",
            # "a regression in the latest Nvidia driver", "regression with the NVIDIA drivers"
            r"\b[Rr]egression (?:in|with|of) (?:the )?(?:latest |newest |new |recent |current )?" + _NV +
            r" (?:[Pp]roprietary )?drivers?\b",
        ),
        severity="warn",
        cause=("The description suggests a bug of one NVIDIA driver release: the program worked on the release before "
               "and fails (crashes, Vulkan or OpenCL errors) on the new one, while the machine and the program are "
               "fine."),
        advice=DRIVER_RELEASE_ADVICE,
        action="configure",
        rules_out=("a fault of the program", "a broken driver install"),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/filecoin-project/rust-fil-proofs/issues/1525",
                 "https://github.com/cemu-project/Cemu/issues/1506",
                 "https://github.com/ValveSoftware/Dota-2-Vulkan/issues/445",
                 "https://github.com/yuzu-emu/yuzu/issues/8230",
                 "https://github.com/RPCS3/rpcs3/issues/10696",
                 "https://github.com/openwall/john/issues/5205",
                 "https://github.com/peakminer/peakminer/issues/17"),
        checked="2026-11-28",
        examples=("kernel/filproofs-1525-opencl-broken-recent-nvidia-470-driver-prose.txt",
                  "wsl/cemu-1506-vulkan-fence-error-4-after-566-driver-r572.txt",
                  "kernel/dota2vulkan-445-vulkan-fails-after-550-76-rollback-fixes.txt",
                  "wsl/yuzu-8230-vulkan-crash-512-driver-works-472-prose.txt",
                  "cuda/peakminer-17-driver-616-92-breaks-rolled-back-616-64.txt"),
    ),
    Signature(
        code="kernel.flatpak-no-nvidia-driver-described",
        described=True,
        contexts=("flatpak",),
        cause_id="flatpak-nvidia-gl-extension-missing",
        kinds=("any",),
        patterns=(
            # "The nvidia GPU is not detected, only intel iGPU and LLVM", "Nvidia driver not detected by Flathub Steam"
            r"\b" + _NV + r" (?:GPU|gpu|card|graphics card|drivers?|graphics) (?:is |are |was |were )?(?:still )?"
            r"(?:not detected|not being detected|not recognized|not recognised|not being recognized|not shown|not listed|"
            r"not showing up|not showing)\b",
            # "it is not detecting the Nvidia drivers", "doesn't recognise my NVIDIA GPU"
            r"\b(?:not|n'?t|never) (?:detect|recogni[sz])(?:e|es|ed|ing|s)? (?:the |my |any |an )?"
            + _NV + r" (?:GPU|gpu|card|graphics card|drivers?)\b",
            # "Flatpak didn't have the runtime ready", "flatpak does not have the nvidia driver yet"
            r"\b[Ff]latpak (?:didn'?t|did not|doesn'?t|does not|hasn'?t|has not|won'?t) (?:have|get|got|find|ship)"
            r"(?: yet)? (?:the |a |any )?(?:matching |corresponding |new |nvidia |NVIDIA |Nvidia )?(?:GL )?(?:runtime|"
            r"drivers?|extension)",
            # "Darktable Flatpak doesn't recognise OpenCL", "the flatpak version can't detect my NVIDIA GPU"
            r"\b[Ff]latpak (?:version |build |app |package )?(?:doesn'?t|does not|can'?t|cannot|won'?t|didn'?t|did not) "
            r"(?:recogni[sz]e|detect|see|find|use|enable) (?:the |my |any )?(?:OpenCL|opencl|CUDA|GPU|NVIDIA|[Nn]vidia)\b",
            # "I haven't been able to use half of my flatpak apps", "can't launch any Flatpak apps"
            r"\b(?:haven'?t been able to|unable to|can'?t|cannot|couldn'?t|not able to) (?:use|run|launch|start|open) "
            r"(?:half of |most of |all of |any of |some of |any )?(?:my )?[Ff]latpak (?:apps|applications|games|programs)\b",
        ),
        severity="warn",
        cause=("In a Flatpak, the description suggests the app has no NVIDIA driver in its sandbox: the Flathub "
               "extension org.freedesktop.Platform.GL.nvidia of the host driver's exact version (which carries the GL, "
               "Vulkan, OpenCL and CUDA user-space driver) is not installed, often right after a driver update."),
        advice=_FLATPAK_ADVICE + (" For OpenCL or CUDA the app also needs the GPU's device nodes: `flatpak override "
                                  "--user --device=all <app id>`."),
        action="configure",
        rules_out=("the GPU", "a driver that needs reinstalling"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/arunsivaramanneo/GPU-Viewer/issues/64",
                 "https://github.com/flatpak/flatpak/issues/6512",
                 "https://github.com/Frogging-Family/nvidia-all/issues/91",
                 "https://github.com/flatpak/flatpak/issues/5618",
                 "https://github.com/flatpak/flatpak/issues/2266",
                 "https://github.com/flathub/org.darktable.Darktable/issues/68"),
        checked="2026-11-28",
        examples=("kernel/gpuviewer-64-flatpak-nvidia-not-detected-vdpau-nouveau.txt",
                  "kernel/flatpak-6512-steam-retroarch-no-nvidia-driver-580-126-18-prose.txt",
                  "kernel/nvidiaall-91-obs-flatpak-broke-after-510-update-prose.txt",
                  "kernel/darktableflatpak-68-flatpak-doesnt-recognise-opencl-title.txt"),
    ),
)
