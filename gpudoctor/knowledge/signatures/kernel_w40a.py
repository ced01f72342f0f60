"""Issue 25 (helper w40a): the kernel driver's commonest failures as people tell them, in wordings the older described
rows miss.

The NVIDIA module not built for a new kernel, told in the passive ("NVIDIA DKMS module was not built for the new
kernel", "the nvidia module cannot be built"), as the driver that stops working with the new kernel ("nvidia driver does
not work after new kernel update", "kernel 6.13 doesn't work with nvidia drivers") or as the older kernel that still
works ("Downgrading Kernel fixes issue", "kernel 5.15.0-60 works"): kernel.described-driver-does-not-build-for-kernel
(kernel_w18b.py) and the rows of kernel_p15k.py read the active telling ("the driver does not build for 6.12"). The cause
and the fix are the same: the installed driver branch does not compile against this kernel (or its headers are
missing), so the new kernel boots without the NVIDIA driver. Then the NVIDIA modules that cannot be unloaded because
something holds them, and Flathub's GL.nvidia extension not yet published for a new driver.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_p15k import REBUILD_FOR_KERNEL
from gpudoctor.knowledge.signatures.kernel_w28a import _FLATPAK_ADVICE

# Beside the rebuild: packages of two driver branches or two repositories left side by side keep the rebuild from
# producing one module (tuxedo-control-center#476: 570 beside 580).
_REBUILD_UNMIXED = (REBUILD_FOR_KERNEL + " Where packages of two driver branches or two repositories are mixed (570 "
                    "beside 580; negativo17's packages beside RPM Fusion's akmod-nvidia), remove the strays so that one "
                    "driver from one repository is installed, then rebuild.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.described-nvidia-module-not-built",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            # "NVIDIA DKMS module was not built for the new kernel", "the nvidia module cannot be built", "nvidia kernel
            # module is not compiled", "nvidia-dkms module could not be compiled", "the nvidia driver hasn't been rebuilt"
            r"\b(?:[Nn]vidia|NVIDIA)[\w-]{0,12}(?: (?:dkms|DKMS|kernel|driver))? (?:modules?|drivers?|kmods?) (?:(?:is|was|"
            r"are|were) (?:not|never)|isn'?t|wasn'?t|aren'?t|weren'?t|(?:has|have) (?:not|never) been|hasn'?t been|"
            r"haven'?t been|(?:cannot|can'?t|can not|could not|couldn'?t) be) (?:re)?(?:built|compiled)\b"
            # ("the nvidia driver was not built with support for this GPU" is another failure)
            r"(?! with\b)",
        ),
        severity="warn",
        cause="The description says the NVIDIA kernel module was not built for this kernel (usually a kernel newer "
              "than the installed driver branch supports, or its headers missing), so that kernel runs without it.",
        advice=_REBUILD_UNMIXED,
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/tuxedocomputers/tuxedo-control-center/issues/476",
                 "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/index.html"),
        checked="2026-11-28",
        examples=("kernel/tuxedo-476-nvidia-dkms-module-not-built-new-kernel-mixed-570-580.txt",),
    ),
)

# The NVIDIA modules that cannot be unloaded because something holds them, told in people's words ("optimus-manager
# fails to start because the nvidia module cannot be unloaded", "switching from nvidia mode fails to unload the nvidia
# module", "the system can't seem to unload nvidia_modeset"): kernel.module-in-use reads rmmod's own refusal, and
# kernel.gpu-switcher-module-in-use-described a switcher named beside "in use".
SIGNATURES += (
    Signature(
        code="kernel.described-nvidia-module-cannot-unload",
        described=True,
        cause_id="driver-in-use",
        kinds=("any",),
        patterns=(
            r"\b(?:[Cc]an'?t|[Cc]annot|[Cc]ould not|[Cc]ouldn'?t|[Uu]nable to|[Ff]ails? to|[Ff]ailed to|[Ff]ailing to)"
            r"(?: seem to)? unload (?:the |all )?(?:[Nn]vidia|NVIDIA)[\w-]{0,16}\b",
            r"\b(?:[Nn]vidia|NVIDIA)[\w-]{0,16}(?: kernel)? (?:modules?|drivers?) (?:cannot|can'?t|can not|could not|"
            r"couldn'?t|won'?t|will not|(?:is|are|was|were) not|isn'?t|aren'?t|wasn'?t|weren'?t) (?:be )?unloaded\b",
        ),
        severity="warn",
        cause=("The description says the NVIDIA kernel modules cannot be unloaded: something still holds the GPU (the "
               "display manager or compositor, nvidia-persistenced, a CUDA program, a monitoring tool), so a "
               "hybrid-graphics switch, a driver reinstall or a passthrough hand-over that needs them unloaded fails."),
        advice=("Find what holds the NVIDIA modules and stop it before unloading them: `sudo lsof /dev/nvidia*` or "
                "`sudo fuser -v /dev/nvidia*`, and the Used-by column of `lsmod | grep nvidia` (usually the display "
                "manager or compositor such as SDDM, GDM or a Wayland session, nvidia-persistenced, a CUDA program or a "
                "monitoring tool); then `sudo rmmod nvidia_drm nvidia_modeset nvidia_uvm nvidia` from a text console. "
                "With a hybrid-graphics switcher (optimus-manager, supergfxctl, envycontrol) do not switch live: select "
                "the mode (Hybrid, integrated or nvidia) and reboot or log out, so the modules are unloaded before "
                "anything opens the GPU."),
        action="configure",
        rules_out=("a driver that failed to build", "a GPU fault"),
        never_suggest=("reinstall the driver", "disable Secure Boot"),
        sources=("https://github.com/Askannz/optimus-manager/issues/277",
                 "https://github.com/tinygrad/open-gpu-kernel-modules/pull/20"),
        checked="2026-11-28",
        examples=("kernel/optimus-manager-277-sddm-holds-nvidia-module-cannot-unload.txt",),
    ),
)

# The driver that no longer works with a new kernel, told as the symptom rather than the build ("nvidia driver does not
# work after new kernel update", "kernel 6.13 doesn't work with nvidia drivers"): the new kernel boots without the module
# that DKMS (or the distribution's kmod) did not build for it, because its headers are missing or the driver branch
# does not compile against it.
SIGNATURES += (
    Signature(
        code="kernel.described-nvidia-stops-working-with-new-kernel",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            r"\b(?:[Nn]vidia|NVIDIA)(?: [Dd]rivers?| modules?| dkms| DKMS| GPU)? (?:does not|doesn'?t|do not|don'?t|won'?t|"
            r"will not|did not|didn'?t|stopped to|stops to|no longer) work(?:s|ing)? (?:any ?more )?(?:after|with|on|under) "
            r"(?:an? |the |my |this )?(?:(?:new(?:er|est)?|latest|recent|last) (?:[Ll]inux )?(?:[Kk]ernel|[Ll]inux)\b|"
            r"(?:[Kk]ernel|[Ll]inux)(?: (?:updates?|upgrades?)| ?v?[3-7]\.\d{1,2}\b))",
            # "kernel 6.13 doesn't work with nvidia", "the version 6.13 and 6.13.1 doesn't work with nvidia drivers"
            # (kernel releases only: "version" after "the", "kernel" or "Linux" alone, so "gcc version 5.4" or "Python
            # version 3.12" stays out)
            r"\b(?:(?:[Kk]ernels?|[Ll]inux) v?[3-7]|(?:(?<=\bthe )|(?<=[Kk]ernel )|(?<=[Ll]inux ))version v?[4-7])"
            r"\.\d{1,2}(?:\.\d{1,3})?"
            r"(?:-[\w.+~-]{1,30})?(?:(?:,| and| or| &) v?[4-7]\.\d{1,2}(?:\.\d{1,3})?)? "
            r"(?:does not|doesn'?t|do not|don'?t|won'?t|will not) work with (?:the )?(?:[Nn]vidia|NVIDIA)",
        ),
        severity="warn",
        cause="The description suggests the NVIDIA driver broke with a new kernel: no NVIDIA module was built for that "
              "kernel (its headers missing, or a kernel newer than the driver branch supports), so it boots without "
              "the driver while the previous kernel still works.",
        advice=_REBUILD_UNMIXED,
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/OpenMandrivaAssociation/distribution/issues/1102",
                 "https://github.com/OpenMandrivaAssociation/distribution/issues/678",
                 "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/index.html"),
        checked="2026-11-28",
        examples=("kernel/openmandriva-1102-nvidia-no-module-new-kernel-devel-missing.txt",),
    ),
)

# The same failure told by the kernel that still works: "Downgrading Kernel fixes issue", "kernel 5.15.0-60 works"
# (beside a newer one that does not), "Booting with 6.6 works fine": the NVIDIA module exists for the older kernel
# only, or the driver branch does not support the newer one. A kernel downgrade fixes many other things (amdgpu, Wi-Fi,
# suspend), so the downgrade wants the NVIDIA driver named on its line (NVIDIA, DKMS, a branch such as "470xx" or
# "470.182.03"), and a release that "works" wants its full number ("5.15.0-60", never a casual "kernel 5.15 works").
_DOWNGRADE_FIXES = (
    r"\b(?:[Dd]owngrad(?:ing|ed|e)|[Rr]evert(?:ing|ed)?|[Rr]oll(?:ing|ed)? back|[Gg]o(?:ing)? back|[Ww]ent back)"
    # (the word kernel or Linux is wanted: "downgrading to 4.44 fixed it" is more often a Python package)
    r"(?: back)?(?: to)? (?:the |my |an? )?(?:previous |older |old |last |LTS )?(?:(?:[Kk]ernel|[Ll]inux)(?: v?[3-7]"
    r"\.\d{1,2}(?:\.\d{1,3})?)?|v?[3-7]\.\d{1,2}(?:\.\d{1,3})?(?:-[\w.+~-]{1,30})? kernel)\b[^\n]{0,40}?\b(?:fix(?:es|ed)?|"
    r"solv(?:es|ed)|resolv(?:es|ed)|works?|worked|helps?|helped)\b")
_NVIDIA_NAMED = r"(?:\b(?:[Nn]vidia|NVIDIA|dkms|DKMS|akmods?)|\b[3-5]\d{2}(?:xx\b|\.\d{2,3}))"

SIGNATURES += (
    Signature(
        code="kernel.described-older-kernel-works",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            _NVIDIA_NAMED + r"[^\n]{0,300}?" + _DOWNGRADE_FIXES,
            _DOWNGRADE_FIXES + r"[^\n]{0,200}?" + _NVIDIA_NAMED,
            # Markdown bold may cut the release ("kernel **5.15**.0-60 works")
            r"\b(?:[Kk]ernel |[Ll]inux )(?:[Ll]inux |[Kk]ernel )?\*{0,2}v?[3-7]\.\d{1,2}\*{0,2}(?:\.\d{1,3}(?:-[\w.+~-]{1,30})?|"
            r"-[\w.+~-]{1,30})(?: kernel)? (?:still )?works?\b",
            r"\b[Bb]ooting (?:with|into|in|on|from) (?:the )?(?:[Ll]inux |[Kk]ernel )?v?[3-7]\.\d{1,2}(?:\.\d{1,3})?"
            r"(?:-[\w.+~-]{1,30})?(?: kernel)? (?:still )?works?\b",
        ),
        severity="warn",
        cause="The description says an older kernel still works with the NVIDIA driver while the new one does not: the "
              "NVIDIA module was not built for the new kernel (its headers missing, or a kernel newer than the driver "
              "branch supports), so it boots without the driver.",
        advice=_REBUILD_UNMIXED,
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/Frogging-Family/nvidia-all/issues/167", "https://github.com/linuxmint/cinnamon/issues/11589"),
        checked="2026-11-28",
        examples=("kernel/nvidiaall-167-470-kernel-631-downgrading-kernel-fixes.txt",
                  "kernel/cinnamon-11589-kernel-519-dkms-470-older-kernel-works.txt"),
    ),
)

# Flatpak's NVIDIA GL extension for a new driver, told before Flatpak says anything ("Nvidia released new drivers (390.42),
# which are not yet available in flatpak repositories", "I can't find the nvidia driver 525.60.13 for flatpak at
# flathub"): kernel.flatpak-nvidia-gl-extension-not-found (kernel_w28a.py) reads flatpak's own "Nothing matches" and
# "No remote refs found"; Flathub builds org.freedesktop.Platform.GL.nvidia-<version> hours after a driver release.
# The driver itself, not any NVIDIA tool ("nvidia-smi is not available in flatpak", "the NVIDIA Container Toolkit is not
# available in flatpak" are other questions): "driver(s)" within two words, a driver version, or the extension's name.
_NVIDIA_DRIVER = (r"\b(?:(?:[Nn]vidia|NVIDIA)(?: [\w-]{1,20})?(?: [\w-]{1,20})? drivers?\b|(?:[Nn]vidia|NVIDIA)(?: driver)? "
                  r"[3-9]\d{2}\.\d{2,3}|GL(?:32)?\.nvidia\b)")
_NOT_THERE = (r"\b(?:(?:is|are) not (?:yet )?(?:available|published|there)|not (?:yet )?(?:available|published)|"
              r"can'?t (?:be )?find|cannot find|couldn'?t find|can'?t be found|(?:is|are) missing|not found)\b")
_FLATHUB = r"\b(?:[Ff]latpak|[Ff]lathub|flatpak repositor(?:y|ies))\b"

SIGNATURES += (
    Signature(
        code="kernel.described-flatpak-gl-nvidia-not-published",
        described=True,
        cause_id="flatpak-nvidia-gl-extension-missing",
        kinds=("any",),
        patterns=(
            _NVIDIA_DRIVER + r"[^\n]{0,80}?" + _NOT_THERE + r"[^\n]{0,40}?" + _FLATHUB,
            _NOT_THERE + r"[^\n]{0,20}?" + _NVIDIA_DRIVER + r"[^\n]{0,60}?" + _FLATHUB,
        ),
        severity="warn",
        cause=("The description says Flatpak (Flathub) has no NVIDIA GL extension for the host's driver version yet: "
               "org.freedesktop.Platform.GL.nvidia-<version> is published hours after a driver release (or after a "
               "failed build is re-run), and until then Flatpak apps run without the NVIDIA driver."),
        advice=_FLATPAK_ADVICE,
        action="configure",
        rules_out=("a driver that needs reinstalling",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/flatpak/flatpak/issues/1490",
                 "https://github.com/flathub/org.freedesktop.Platform.GL.nvidia/issues/144"),
        checked="2026-11-28",
        examples=("kernel/flatpak-1490-gl-runtime-390-42-missing.txt",
                  "kernel/flathub-glnvidia-144-nvidia-525-60-13-extension-missing.txt"),
    ),
)
