"""Issue 25, w52e: the kernel-module families that people tell in their own words (rows of the kernel area).

A kernel newer than the driver: a distribution's update brings a kernel the installed NVIDIA branch was never built or
patched for (the legacy 340/390/470 branches on 6.x and 7.x kernels, a current branch on a kernel released after it),
and people write "may be kernel is too new for this patch?", "does not work with kernel 6.12 or higher", or list the kernel-compatibility patches they tried
(nvidia-470xx-fix-linux-6.19-part1.patch). The module is simply not built for that kernel: a driver or package that
carries the patches for it, or the previous/LTS kernel, settles it.

Unsigned modules under Secure Boot: on atomic images (Silverblue, Kinoite, Bazzite) akmods may build the NVIDIA kmod
without signing it with the enrolled key, and a dual boot or a firmware update can clear the Machine Owner Key list;
people write "it doesn't properly sign the nvidia kernel module", "unsigned kernel modules", "the MOK list was
wiped". Signing the modules with an enrolled key (or enrolling it again) settles it.

nouveau holding the GPU: "nouveau claims the card", "nouveau has to be kept off NVIDIA cards", "nouveau was not
blacklisted after the update": blacklisting nouveau (and rebuilding the initramfs) settles it.

A GPU left in a low performance state under load ("stuck in P8 while training") or slow on the first work after each idle pause ("typically caused by GPU clock frequency"; lock
the clocks with nvidia-smi -lgc), and the health checks that flag persistence mode off ("Persistence Mode not set for GPU 3",
"persistence mode is not enabled on GPU 00000000:0F:00.0"): persistence mode on and the clocks set back settle it.

A power supply too small or too weak, told as its fix ("a bigger PSU fixed it", "after replacing the PSU the
problem disappeared").
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_modules import NVRM_TEXT

_NV = r"(?:NVIDIA|[Nn][Vv]idia)"
# A kernel as people name it: "kernel 6.12", "linux 6.19.6", "Linux6.14", "kernels 6.x".
_KERNEL = r"(?:[Kk]ernels?|[Ll]inux) ?v?[4-7]\.(?:\d{1,2}|x)(?:\.\d{1,3})?(?:-[\w.+~-]{1,30})?"
# A legacy branch as people name it: "470xx", "nvidia-390xx", "legacy 340", "Nvidia 340.108", "nvidia470" (a bare
# "470.82" in an environment listing is left out).
_LEGACY = (r"(?:(?:[Ll]egacy ?|nvidia-?|NVIDIA[- ]?|Nvidia[- ]?)(?:340|390|470)(?:xx|\.\d{2,3}(?:\.\d{2})?)?|"
           r"(?:340|390|470)xx)")
_FAILS = (r"(?:fails?|failed|failing|errors?|broken|breaks|broke|not working|doesn'?t work|does not work|won'?t "
          r"(?:build|compile|install|work|load)|can'?t (?:build|compile|install)|black screens?)")

# After a PSU swap that did not help ("replaced the PSU, still crashes"): not this row's reading.
_NOT_STILL = r"(?![^\n]{0,60}?\b(?:still|didn'?t help|did not help|no change|same (?:issue|problem|crash)))"

KERNEL_TOO_NEW_ADVICE = (
    "The installed NVIDIA driver branch does not build for this kernel: the kernel is newer than the branch supports "
    "(or, for a legacy 340/390/470 branch, newer than its community patches). Boot the previous kernel (or an LTS "
    "kernel: `linux-lts` on Arch, the GA kernel on Ubuntu) and hold it until the distribution's NVIDIA packages support "
    "the new one, or install a driver (a newer branch, or the legacy package that carries the patches for this kernel: "
    "the AUR nvidia-470xx-dkms/nvidia-340xx-dkms, RPM Fusion's or Debian's legacy packages) that builds for it, then "
    "rebuild the module (`sudo dkms autoinstall` / `sudo akmods --force`) and reboot. A legacy branch on a GPU that a "
    "current branch supports: move to the current branch instead."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.kernel-too-new-for-driver-described",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            # "May be kernel is too new for this patch?", "the kernel 6.15 is too new for the driver", "the kernel is
            # simply too new"
            r"\b[Kk]ernel(?: (?:version )?v?[4-7]\.\d{1,2}(?:\.\d{1,3})?(?:-[\w.+~-]{1,30})?)? (?:is|was|seems|might be|"
            r"may be|could be|being)(?: (?:just|simply|probably|still|a bit|way))? (?:too|to) new\b",
            # "too new a kernel", "a too new kernel", "too-new kernel"
            r"\b(?:too|to)[- ]new (?:an? )?(?:[Ll]inux )?[Kk]ernel\b",
            # "It does not work with kernel 6.12 or higher", "won't build on kernels 6.8 and newer", "broken on linux
            # 6.19+"
            r"\b(?:not|n'?t|no longer|never)\b[^\n]{0,30}?\b(?:with|on|for|under|in|against) (?:the )?(?:new(?:er)? )?" +
            _KERNEL + r"(?: (?:or|and) (?:higher|newer|above|later|up)\b|\+)",
            # A legacy branch named beside a kernel and a failure: "nvidia 470xx dkms fails on kernel 6.19",
            # "340.108 patch does not compile for linux 6.8"
            r"\b" + _LEGACY + r"\b[^\n]{0,80}?\b" + _FAILS + r"\b[^\n]{0,60}?\b" + _KERNEL,
            r"\b" + _KERNEL + r"\b[^\n]{0,60}?\b" + _FAILS + r"\b[^\n]{0,60}?" + _LEGACY + r"\b",
            # The kernel-compatibility patches of a legacy branch, listed by someone whose build still fails:
            # "nvidia-470xx-fix-linux-6.19-part1.patch", "nvidia-390xx-fix-linux-6.12.patch", "0004-kernel-6.6.patch"
            r"\bnvidia-(?:340|390|470)xx-fix-linux-[4-7]\.\d{1,2}\b",
            # "the nVidia driver doesn't work out of the box with the 4.20 kernel", "nvidia won't build against the new
            # 6.15 kernel"
            _NV + r"[^\n]{0,30}?\b(?:does not|doesn'?t|won'?t|will not|did not|didn'?t|no longer|fails? to) (?:work|"
            r"build|compile|load)(?: out of the box| anymore| any more)? (?:with|on|for|against|under) (?:the |a |this )?"
            r"(?:new(?:er|est)? |latest )?v?[3-7]\.\d{1,2}(?:\.\d{1,3})?(?:-[\w.+~-]{1,30})? kernels?\b",
            # "the 390.25 driver was never built for kernel 4.16.13", "NVIDIA kmod has not been built for linux 6.19"
            r"\b(?:[3-5]\d{2}(?:\.\d{2,3})?(?:\.\d{2})?|NVIDIA|[Nn]vidia) (?:driver|module|package|kmod)s? (?:(?:was|is|were|has|"
            r"have|had) )?(?:never|not) (?:been )?(?:built|compiled|packaged) (?:for|against|on) (?:the )?(?:new(?:er|"
            r"est)? |latest )?(?:[Kk]ernel|[Ll]inux) ?v?[3-7]\.\d{1,2}\b",
            # "a new nvidia driver 390.77 which is supposed to support newer linux kernels (up to 4.17)"
            r"\bsupports? newer (?:[Ll]inux )?kernels? \(?up to v?[3-7]\.\d{1,2}\b",
        ),
        severity="warn",
        cause=("The description says the NVIDIA driver stopped building or working when the kernel moved on: the "
               "running kernel is newer than the installed driver branch (or a legacy branch's patches) supports, so "
               "no NVIDIA module exists for it."),
        advice=KERNEL_TOO_NEW_ADVICE,
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("replace the GPU", "disable Secure Boot"),
        sources=("https://github.com/joanbm/nvidia-470xx-linux-mainline/issues/10",
                 "https://github.com/archlinux-jerry/nvidia-340xx/issues/12",
                 "https://github.com/archlinux-jerry/nvidia-340xx/issues/9",
                 "https://www.nvidia.com/en-us/drivers/unix/legacy-gpu/"),
        checked="2026-11-28",
        examples=("kernel/nixpkgs-52947-linux-latest-kernel-420-nvidia-not-working-prose.txt",
                  "kernel/openmandriva-2351-nvidia-390-does-not-compile-kernel-416-prose.txt",
                  "kernel/nv470mainline-10-arch-6196-legacy-470xx-build-prose.txt",
                  "kernel/nv340jerry-12-340xx-not-working-kernel-612-prose.txt",
                  "kernel/nv340jerry-9-fedora40-kernel-68-340-compile-prose.txt"),
    ),
    Signature(
        code="kernel.nvidia-module-unsigned-described",
        described=True,
        cause_id="secure-boot-rejected",
        kinds=("any",),
        patterns=(
            # "it doesn't properly sign the nvidia kernel module", "akmods does not sign compiled module", "it does not
            # sign the driver automatically"
            r"\b(?:does not|doesn'?t|did not|didn'?t|do not|don'?t|never|not|fails? to|failed to|won'?t|isn'?t|is not)"
            r" (?:properly |automatically |correctly |actually )?sign(?:s|ing|ed)? (?:the |my |any |its )?(?:"
            r"nvidia|NVIDIA|Nvidia|compiled|built|kernel|akmods?|kmods?|driver|DKMS|dkms)\b",
            # "unsigned nvidia modules", "unsigned kernel modules", "unsigned kmod"
            r"\bunsigned (?:nvidia |NVIDIA |Nvidia |kernel |third-party |DKMS |dkms |akmods? )?(?:modules?|kmods?|drivers?)\b",
            # "the MOK list was wiped after a BIOS update", "my enrolled MOK got reset"
            r"\bMOK(?: keys?| list| database| entries)? (?:(?:was|were|is|are|got|gets|have been|has been) )?(?:cleared|"
            r"wiped|erased|reset|removed|deleted|lost|gone)\b",
            # The key that signs them never enrolled: "I didn't enroll the MOK", "forgot to enroll the key", "the
            # key was never enrolled", "MokManager never showed up after the reboot"
            r"\b(?:didn'?t|did not|never|forgot to|couldn'?t|could not|wasn'?t able to|was not able to) (?:(?:enroll|"
            r"enrol) (?:the |my |a |its )?(?:MOK|[Mm]achine [Oo]wner [Kk]ey|signing key|akmods key|DKMS key|key)|import "
            r"(?:the |my |a )?MOK)\b",
            r"\b(?:MOK|[Ss]igning key|akmods key|DKMS key)\b[^\n]{0,20}? (?:(?:was|is|were|are|has|had) )?(?:not|never) "
            r"(?:been )?(?:enrolled|enroled)\b",
            r"\bMok ?Manager\b[^\n]{0,30}? (?:never|didn'?t|did not|doesn'?t|does not|won'?t) (?:show|appear|come|pop)",
        ),
        severity="warn",
        cause=("The description says the NVIDIA kernel modules are not signed with a key the firmware trusts (never "
               "signed by akmods/DKMS, or their Machine Owner Key was cleared): with Secure Boot on, the kernel refuses "
               "them and the machine falls back to nouveau or no driver."),
        advice=("Sign the modules with an enrolled key: Fedora/atomic images: `sudo kmodgenca -a`, `sudo mokutil --import "
                "/etc/pki/akmods/certs/public_key.der`, reboot and confirm the key in MokManager, then `sudo akmods "
                "--force --rebuild` (on rpm-ostree, make sure the akmods key is available when the kmod is built; "
                "`modinfo -F signer nvidia` must name it); Ubuntu/Debian DKMS: `sudo mokutil --import "
                "/var/lib/shim-signed/mok/MOK.der` (or /var/lib/dkms/mok.pub) and reboot to enrol it. If another OS or a "
                "firmware update cleared the MOK list, enrol the key again the same way. Otherwise turn Secure Boot off."),
        action="configure",
        rules_out=("a GPU fault", "a driver build failure"),
        never_suggest=("reinstall CUDA", "replace the GPU"),
        sources=("https://github.com/CheariX/silverblue-akmods-keys/issues/15",
                 "https://rpmfusion.org/Howto/Secure%20Boot"),
        checked="2026-11-28",
        examples=("kernel/akmodskeys-15-silverblue-nvidia-kmod-not-signed-prose.txt",),
    ),
    Signature(
        code="kernel.nouveau-claims-gpu-described",
        described=True,
        cause_id="nouveau-conflict",
        kinds=("any",),
        patterns=(
            # "nouveau claims the card", "nouveau grabbed the GPU", "nouveau takes over the NVIDIA card"
            r"\b[Nn]ouveau\b[^\n,]{0,20}? (?:claims?|claimed|claiming|grabs?|grabbed|binds? to|bound to|takes? over|"
            r"took over|hijacks?|hijacked) (?:the |my |our |an? |every )?(?:NVIDIA |[Nn]vidia |discrete )?(?:card|GPU|gpu|"
            r"device|graphics card)s?\b",
            # "nouveau has to be kept off NVIDIA cards", "nouveau must be disabled", "nouveau needs to be blacklisted"
            r"\b[Nn]ouveau (?:has|needs|must|should) (?:to )?(?:be )?(?:kept off|kept away|disabled|blacklisted|"
            r"unloaded|removed)\b",
            # "nouveau was not blacklisted after the update", "nouveau is no longer blacklisted", "the nouveau
            # blacklist was lost/removed/gone"
            r"\b[Nn]ouveau\b[^\n,]{0,12}? (?:is|was|gets|got)? ?(?:no longer|not|never) (?:being |getting )?"
            r"(?:blacklisted|disabled) (?:anymore|any more|automatically|after|since|with)\b",
            r"\b[Nn]ouveau blacklist(?: file| entry| config)? (?:is |was |got |has been )?(?:missing|gone|lost|removed|"
            r"deleted|overwritten|not applied|ignored)\b",
        ),
        severity="warn",
        cause=("The description says nouveau takes the NVIDIA GPU (it binds first, evicts the firmware framebuffer and "
               "cannot drive recent GPUs, so the boot hangs on a black screen), so the NVIDIA driver cannot own it."),
        advice=("Blacklist nouveau so the NVIDIA driver takes the GPU: add `blacklist nouveau` and `options nouveau "
                "modeset=0` to /etc/modprobe.d/blacklist-nouveau.conf, rebuild the initramfs (`sudo update-initramfs -u`, "
                "`sudo dracut -f --regenerate-all`, or `sudo mkinitcpio -P`) and reboot; to boot once before that, add "
                "`modprobe.blacklist=nouveau` (or `rd.driver.blacklist=nouveau`) to the kernel command line. Check that "
                "an NVIDIA module exists for the running kernel (`modinfo -F version nvidia`)."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("replace the GPU", "reinstall CUDA"),
        sources=("https://github.com/omacom/omarchy-iso/pull/110",
                 "https://wiki.archlinux.org/title/NVIDIA#Installation"),
        checked="2026-11-28",
        examples=("kernel/omarchyiso-110-nouveau-evicts-framebuffer-prose.txt",),
    ),
    Signature(
        code="kernel.gpu-low-pstate-under-load-described",
        described=True,
        cause_id="persistence-or-clock-state",
        kinds=("any",),
        patterns=(
            # "stuck in P8 while training", "the GPU stays at P8 under load", "drops to P8 during inference"
            r"\b(?:[Ss]tuck|[Ss]tays?|[Ss]tayed|[Rr]emains?|[Rr]emained|[Ll]ocked|[Dd]rops?|[Dd]ropped|[Dd]ropping|"
            r"[Ff]alls?|[Ff]ell) (?:down )?(?:in|at|to|into|on) (?:the )?P(?:8|5|12)\b(?: (?:state|power state|perf "
            r"state|performance state))?[^\n]{0,60}?\b(?:under (?:full )?load|during (?:training|inference|the job|"
            r"jobs|a job|compute|the run)|while (?:training|running|the job|computing)|low performance|slow(?:er|ly| "
            r"down)?|performance (?:drop|loss)|low (?:GPU )?clocks?)",
            # "GPU clock stuck at 210 MHz under load", "clocks locked at idle during training"
            r"\b(?:[Cc]locks?|[Cc]lock speeds?|[Gg]raphics clock|SM clock|core clock)\b[^\n]{0,20}? (?:is |are |was |"
            r"were |gets |got )?(?:stuck|locked|stays|stayed|remains|remained|capped) (?:at|to|on) (?:about |around |"
            r"only )?(?:the )?(?:[1-5]\d{2} ?MHz|idle|the lowest|lowest|minimum|min|base)\b[^\n]{0,40}?\b(?:under "
            r"(?:full )?load|during|while|training|inference|slow)",
            # "the driver drops the clocks to a low power state", "the GPU downclocks to idle clocks between requests"
            r"\b(?:drops?|dropped|dropping|lowers?|lowered|reduces?|reduced|downclocks?|downclocked|throttles?|throttled)"
            r" (?:the |its |GPU |gpu )?(?:clocks?|clock speeds?|frequenc(?:y|ies))? ?(?:down )?to (?:a |the |an )?"
            r"(?:low(?:er|est)?|idle|minimum|power[- ]saving)(?: power)?(?: state| clocks?| level| P-?state)\b",
            # "the GPU is stuck in low power mode while training", "remains in power-saving state under load"
            r"\b(?:[Ss]tuck|[Ll]ocked|[Ss]tays?|[Ss]tayed|[Rr]emains?|[Rr]emained) in (?:a |the |its )?(?:low[- ]power|"
            r"power[- ]saving|idle) (?:mode|state)\b[^\n]{0,60}?\b(?:under (?:full )?load|during|while|training|"
            r"inference|slow|performance)",
            # A helper's reading of slow runs after a pause: "this is typically caused by GPU clock frequency", "due to
            # the GPU clocks ramping up"
            r"\b(?:caused by|due to|because of|related to) (?:the )?(?:GPU|gpu|graphics|SM) clock(?:s| frequenc(?:y|ies)|"
            r" speeds?| throttling| ramp-?up)\b",
            # "the first inference after every idle pays the ramp-up", "latency spike after each pause"
            r"\b(?:[Ff]irst|[Ii]nitial) (?:inference|request|run|call|iteration|batch)e?s? (?:after|following) (?:a |an |"
            r"every |each |the )?(?:idle|pause|delay|break|wait|period of inactivity|wake-?up)\b",
            r"\b(?:[Ss]low(?:er)?|[Ll]atency spikes?|[Ss]pikes?)\b[^\n]{0,40}? after (?:every |each |an? |the )?(?:idle|"
            r"idling|pause|delay|period of inactivity)\b",
        ),
        severity="warn",
        cause=("The description says the GPU sits in a low performance state (P8 or idle clocks) while work runs on it, "
               "or pays a clock ramp-up on the first work after each idle pause, so jobs run slowly although the GPU is "
               "healthy: its clocks drop when idle and its persistence and clock settings are not kept."),
        advice=("Keep the GPU in its working state: `sudo nvidia-smi -pm 1` (persistence on; keep it across reboots with "
                "`sudo systemctl enable --now nvidia-persistenced`), then lock or set its clocks: `sudo nvidia-smi -lgc "
                "<min>,<max>` (a high pair from `nvidia-smi -q -d SUPPORTED_CLOCKS`; `-rgc` undoes it) or, where -lgc is "
                "not supported, `sudo nvidia-smi -ac <mem>,<graphics>`; on Jetson `sudo nvpmodel -m 0` and `sudo "
                "jetson_clocks`. Watch `nvidia-smi -q -d PERFORMANCE,CLOCK`: a clocks-event reason such as HW Slowdown, "
                "SW Thermal or SW Power Cap names a power or cooling limit instead. A tool that forces P8 (nvidia-pstated, "
                "a power-saving daemon) can also hold it: stop it while jobs run."),
        action="configure",
        rules_out=("a GPU fault", "a driver install problem"),
        never_suggest=("reinstall the driver", "replace the GPU"),
        sources=("https://github.com/NVIDIA/TensorRT/issues/2042", "https://github.com/NVIDIA/Isaac-GR00T/issues/379",
                 "https://docs.nvidia.com/deploy/nvidia-smi/index.html",
                 "https://docs.nvidia.com/deploy/driver-persistence/index.html"),
        checked="2026-11-28",
        examples=("kernel/isaacgr00t-379-thor-latency-spike-after-idle-clocks.txt",
                  "kernel/tensorrt-2042-slow-first-inference-after-idle-gpu-clocks-prose.txt"),
    ),
    Signature(
        code="kernel.persistence-mode-off-health-check",
        cause_id="persistence-or-clock-state",
        kinds=("any",),
        patterns=(
            # Azure CycleCloud's health agent: "Persistence Mode not set for GPU 3"; GPUd: "persistence mode is not
            # enabled on GPU 00000000:0F:00.0 (nvidia-smi)"; DCGM/NHC: "Persistence mode is disabled on GPU 1"
            r"\b[Pp]ersistence [Mm]ode (?:is )?(?:not (?:set|enabled)|disabled|off) (?:for|on) GPU\b",
        ),
        severity="warn",
        cause="A health check reports persistence mode off on a GPU, so the driver is torn down between jobs and the "
              "GPU's clock settings are not kept.",
        advice=("Enable persistence mode on every GPU at boot: `sudo systemctl enable --now nvidia-persistenced` (or "
                "`sudo nvidia-smi -pm 1` in the node's start-up script, e.g. the partition's cloud-init), then check "
                "`nvidia-smi -q | grep -i persistence`."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/Azure/cyclecloud-slurm-workspace/issues/349",
                 "https://docs.nvidia.com/deploy/driver-persistence/index.html"),
        checked="2026-11-28",
        examples=("kernel/ccws-349-persistence-mode-not-set-old-gpu-skus.txt",),
    ),
    Signature(
        code="kernel.psu-replaced-fixed-described",
        described=True,
        cause_id="power-insufficient",
        kinds=("any",),
        patterns=(
            # "a bigger PSU fixed it", "with a stronger power supply the crashes are gone"
            r"\b(?:[Bb]igger|[Ll]arger|[Ss]tronger|[Mm]ore powerful|[Hh]igher[- ]wattage|[Bb]eefier|[Nn]ew) (?:PSU|"
            r"[Pp]ower [Ss]upply)\b" + _NOT_STILL + r"[^\n]{0,60}?\b(?:fixed|solved|resolved|cured|stopped|disappeared|gone|went away|"
            r"no (?:more|longer)|works?|worked|stable)\b",
            # "after replacing the PSU the problem disappeared", "changed the power supply and it's gone"
            r"\b(?:[Cc]hang(?:ed|ing)|[Rr]eplac(?:ed|ing)|[Uu]pgrad(?:ed|ing)|[Ss]wapp(?:ed|ing)) (?:out )?(?:the |my |"
            r"our |a )?(?:PSU|psu|[Pp]ower [Ss]upply)\b" + _NOT_STILL + r"[^\n]{0,60}?\b(?:fixed|solved|resolved|disappeared|gone|went "
            r"away|no (?:more|longer)|stable|never (?:crashed|happened))\b",
            # "p510's 490W PSU cannot carry a 135W Xeon plus ...", "the power supply can't handle both cards"
            r"\b(?:PSU|psu|[Pp]ower [Ss]upply)\b[^\n]{0,20}? (?:cannot|can'?t|can not|could not|couldn'?t|is unable to|"
            r"was unable to) (?:carry|handle|power|feed|supply|keep up with|sustain|deliver enough for|cope with)\b",
        ),
        severity="warn",
        cause=("The description says the machine misbehaved under GPU load (shutting down, rebooting, losing a GPU or "
               "a disk) until the power supply was replaced by a stronger one: the PSU could not feed the GPUs' peak "
               "draw with the rest of the machine."),
        advice=("Size the PSU for every GPU's peak draw plus the CPU and drives, with headroom for transient spikes, "
                "and feed each GPU power connector from its own PSU cable; until a larger supply is in, cap the GPUs "
                "(`sudo nvidia-smi -pm 1 && sudo nvidia-smi -pl <watts>`) and rerun the same load to confirm it."),
        action="reseat-or-inspect-hardware",
        rules_out=("a bug in the program", "a driver problem"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/olafkfreund/nixos_config/pull/1418",
                 "https://github.com/tensorflow/tensorflow/issues/8858"),
        checked="2026-11-28",
        examples=("kernel/nixoscfg-1418-490w-psu-two-gpus-power-cuts-prose.txt",),
    ),
    # The GSP firmware file missing (moved here from kernel_modules.py with its relabelling, w52e).
    Signature(
        code="kernel.gsp-firmware-missing",
        refines=("kernel.rm-init-adapter-failed", "kernel.driver-not-loaded"), refines_within=None,
        cause_id="gsp-firmware-error",
        kinds=NVRM_TEXT,
        # The module loads the GSP firmware of its own version from /lib/firmware/nvidia/<version>/: the file is
        # missing where the firmware package was never installed (Debian's firmware-nvidia-gsp, NixOS's datacenter
        # driver without hardware.firmware) or where only another version's firmware is (a half-updated driver, whose
        # API-mismatch lines then take this line as their evidence: kernel.api-mismatch refines it).
        patterns=(
            r"Direct firmware load for nvidia/(?P<version>\d{3}\.\d+(?:\.\d+)?)/gsp(?:_\w{1,20})?\.bin failed with error -2",
            r"firmware: failed to load nvidia/(?P<version>\d{3}\.\d+(?:\.\d+)?)/gsp(?:_\w{1,20})?\.bin \(-2\)",  # Debian's kernels
            r"NVRM: RmFetchGspRmImages: No firmware image found",
        ),
        severity="fail",
        cause="The kernel module found no GSP firmware file of its own version, so the GPU could not start.",
        advice=("Install the GSP firmware of the loaded module's version so /lib/firmware/nvidia/<version>/gsp_*.bin "
                "exists: on Debian/Ubuntu the firmware-nvidia-gsp package of the driver's version, on NixOS add the "
                "driver package's firmware to hardware.firmware (the datacenter driver path leaves it out), elsewhere "
                "reinstall the driver package that ships /lib/firmware/nvidia; if the firmware present is of another "
                "version, make the kernel module and every driver package the same version. Then rebuild the initramfs "
                "where it carries the module, and reboot."),
        action="reboot",
        never_suggest=("blacklist nouveau", "disable Secure Boot"),
        sources=("https://github.com/ublue-os/bazzite/issues/2668", "https://github.com/endlessm/eos-meta/pull/811",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/gsp.html"),
        checked="2026-11-28",
        examples=("kernel/eosmeta-811-gsp-firmware-package-missing.txt",),
    ),
)
