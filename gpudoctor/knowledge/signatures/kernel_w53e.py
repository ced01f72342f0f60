"""Issue 25, w53e: multi-GPU rigs whose cards fault mid-run, GPUs only a legacy driver branch drives, and one driver
release that broke a program, told the way miners, distribution users and app users tell them (rows of the kernel area).

A CUDA miner (ethminer, excavator, nheqminer, NiceHash QuickMiner, ccminer and their forks) names the kernel that failed
and the line of its source ("CUDA error 'unknown error' in func 'eq_cuda_context::solve' line 985", "CUDA error in func
'dev::eth::CUDAMiner::search' at line 488 : unspecified launch failure"): such a fault in the middle of a run that has
hashed for minutes or days is the rig, not CUDA's set-up (an overclock the card does not hold, a bad riser or splitter,
a card fed badly), and the fix is on the rig; out-of-memory lines of the same format are another cause and are left to
their rows. A GPU that only a legacy branch drives (Kepler: 470; Fermi: 390; Tesla-generation GeForce 8/9/200: 340) is
told by its generation and branch ("the Nvidia 470 driver that supports Kepler", "Fermi users: use Nouveau"), by a
legacy driver that does not recognise it, or, on Debian and SteamOS, by the nvidia-legacy-check package that refuses
to install the current driver. A driver release's own bug is told by a release the program works with and the one it
fails on ("no issues with drivers 470.82 or older", "an ABI break in the 535 driver", "it was the new nvidia drivers").
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_w49e import DRIVER_RELEASE_ADVICE, _NV, _RELEASE

# The faults a miner's kernel reports mid-run that mean the card or the rig (not out of memory, not a missing driver).
_RIG_FAULT = r"(?:unknown error|unspecified launch failure|an illegal (?:memory access|instruction) was encountered)"

# A GPU generation only a legacy branch drives, and such a branch as people write it (470, 390.xx, 470xx, 340.108).
# A driver release as people write it, the 6xx branches of 2026 included ("610.43.02"): kernel_w49e's stops at 5xx.
_RELEASE6 = r"v?[3-6]\d{2}(?:\.[\dxX]{2,3})?(?:\.[\dxX]{2,3})?"
_OLD_GEN = r"(?:Kepler|Fermi)"
_LEGACY_BRANCH = r"(?<![\d.])(?:470|390|340)(?:\.xx|xx|\.\d{2,3}(?:\.\d{2})?)?\b(?! ?(?:MB|GB|W\b|MHz|mm|[Ww]att))"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.miner-kernel-fault-on-rig",
        # A miner's own report of the kernel that died: the generic CUDA rows read the same words as a set-up fault.
        refines=("cuda.unknown-error", "cuda.unspecified-launch-failure", "cuda.illegal-address",
                 "cuda.illegal-instruction"),
        cause_id="gpu-unstable-under-load",
        kinds=("any",),
        patterns=(
            # excavator, nheqminer, NiceHash QuickMiner: "CUDA error 'an illegal instruction was encountered' in func
            # 'cuda_daggerhashimoto::run' line 935"
            r"CUDA error '" + _RIG_FAULT + r"' in func '(?P<kernel>[\w:~<>]{3,80})' line \d+",
            # ethminer, ccminer and their forks: "CUDA error in func 'dev::eth::CUDAMiner::search' at line 488 : unspecified
            # launch failure", ccminer's "Cuda error in func '%s' at line %i : %s.", "Fatal GPU Error : CUDA error in func dev::eth::cudaminer::search at line 504 unknown error"
            r"C(?:UDA|uda) error in func '?(?P<kernel>[\w:~<>]{3,80})'? at line \d+ ?:? " + _RIG_FAULT,
        ),
        severity="fail",
        cause="A GPU of the rig faulted inside the miner's kernel {kernel} in the middle of a run: an overclock or "
              "undervolt that card does not hold, a faulty riser or PCIe splitter, or power delivery to that card "
              "(the miner and the driver are fine).",
        advice=("Make the rig stable: return the failing card to stock clocks and voltage (reset the overclock or "
                "undervolt in the miner's options, MSI Afterburner or nvidia-settings; `sudo nvidia-smi -rgc` and "
                "`sudo nvidia-smi -rmc` reset locked clocks; use a milder overclock profile), then raise it again in "
                "small steps; if it still fails, swap its riser (test each riser one by one, avoid 1-to-4 PCIe "
                "splitters, set the slots to Gen1/Gen2 in the BIOS for x1 risers) and give each riser and card its own "
                "PSU cable."),
        action="reseat-or-inspect-hardware",
        rules_out=("a bug in the miner", "a broken driver install"),
        never_suggest=("reinstall the CUDA toolkit", "reinstall the driver"),
        sources=("https://github.com/nicehash/nheqminer/issues/18",
                 "https://github.com/ethereum-mining/ethminer/issues/620",
                 "https://github.com/ethereum-mining/ethminer/issues/880",
                 "https://github.com/nicehash/NiceHashQuickMiner/issues/277"),
        checked="2026-11-28",
        examples=("cuda/nheqminer-18-cuda-unknown-error-solve-lowered-core-oc.txt",
                  "cuda/nhqm-277-illegal-instruction-daggerhashimoto-unstable-oc.txt",
                  "cuda/ethminer-620-unspecified-launch-failure-bad-riser-4x1060.txt",
                  "cuda/ethminer-880-cuda-unknown-error-overclocked-oldest-card.txt"),
    ),
    Signature(
        code="kernel.legacy-gpu-needs-legacy-branch-described",
        described=True,
        cause_id="gpu-unsupported-by-driver",
        kinds=("any",),
        patterns=(
            # "the Nvidia 470 driver latest that support Kepler GPU", "Drop 390.xx profile for Fermi GPUs"
            _LEGACY_BRANCH + r"[^\n]{0,80}?\b" + _OLD_GEN + r"\b",
            # "legacy Geforce 600/700 cards (Kepler) with special image "-470"", "my Fermi card needs 390xx"
            r"\b" + _OLD_GEN + r"\b[^\n]{0,80}?" + _LEGACY_BRANCH,
            # "TL;DR for Fermi users: Use Nouveau or buy a new GPU."
            r"\b" + _OLD_GEN + r"\b[^\n]{0,60}?\b(?:[Uu]se [Nn]ouveau|[Nn]ouveau or|buy a new(?:er)? (?:GPU|card))\b",
            # "your GPU is abandoned by Nvidia (it's using the Fermi architecture, for which the desktop parts were dropped
            # with the 396 series release)": a generation the driver dropped, not a framework that dropped it
            r"\b" + _OLD_GEN + r"\b(?![^\n]{0,120}?(?:PyTorch|pytorch|torch|TensorFlow|CUDA \d))[^\n]{0,80}?\b(?:abandoned|dropped|"
            r"no longer supported|not supported|unsupported|end of life|EOL)\b[^\n]{0,60}?\b(?:\d{3}(?:\.xx)? (?:series|branch|"
            r"release|drivers?)|[Dd]rivers?)\b",
            # "Legacy390 driver cannot recognize my Card", "the legacy 470 driver does not detect my GPU"
            r"\b[Ll]egacy ?(?:340|390|470)(?:\.xx|xx)? (?:[Nn][Vv][Ii][Dd][Ii][Aa] )?drivers? (?:cannot|can't|can ?not|"
            r"does ?n[o']t|did ?n[o']t|won'?t|fails? to|is unable to) (?:recogni[sz]e|detect|see|find|support)\b",
            # "The description says that the support starts with 750Ti, and I have 730"
            r"\bsupport (?:starts|begins|only starts) (?:with|from|at) (?:the )?(?:GTX ?|GeForce ?)?(?:750 ?Ti|9[5-8]0|"
            r"10[5-8]0)\b[^\n]{0,60}?\b(?:I have|mine is|my card is|my GPU is)\b",
        ),
        severity="warn",
        cause=("The description suggests a GPU that only a legacy NVIDIA driver branch supports (Kepler: 470.xx; Fermi: "
               "390.xx; GeForce 8/9/200-series: 340.xx): the driver the system installs or ships ignores it, and "
               "reinstalling that driver cannot change it."),
        advice=("Install the legacy branch the GPU needs (https://www.nvidia.com/en-us/drivers/unix/legacy-gpu/): "
                "Kepler 470.xx (Ubuntu `nvidia-driver-470` or `-470-server`, Arch `nvidia-470xx-dkms`, Fedora RPM "
                "Fusion `akmod-nvidia-470xx`, Debian `nvidia-tesla-470-driver`), Fermi 390.xx (`nvidia-390xx-dkms`, "
                "`akmod-nvidia-390xx`), older 340.xx; on an image-based system (Bazzite, Silverblue, SteamOS) use an "
                "image built with that branch (Universal Blue's -470 tags) rather than layering it over the image's "
                "driver. Where no package of the branch builds for the kernel any more (390 and 340 are end of life), "
                "use nouveau or a newer GPU."),
        action="configure",
        rules_out=("a broken installation of the current driver", "a GPU fault"),
        never_suggest=("disable Secure Boot", "reinstall CUDA"),
        sources=("https://github.com/ublue-os/bazzite/issues/391", "https://github.com/ublue-os/website/issues/342",
                 "https://github.com/CachyOS/chwd/pull/191", "https://github.com/batocera-linux/batocera.linux/issues/10938",
                 "https://github.com/pdbear/syno_nvidia_gpu_driver/issues/42", "https://github.com/Tk-Glitch/PKGBUILDS/issues/527",
                 "https://www.nvidia.com/en-us/drivers/unix/legacy-gpu/"),
        checked="2026-11-28",
        examples=("kernel/bazzite-391-kepler-gpu-wants-470-driver-image-prose.txt",
                  "kernel/ubluewebsite-342-kepler-latest-image-535-incompatible-470-tag.txt",
                  "kernel/cachyoschwd-191-fermi-390xx-eol-use-nouveau-prose.txt",
                  "kernel/batocera-10938-gt218-legacy390-does-not-recognise-needs-340.txt",
                  "kernel/synonvidia-42-gt730-not-detected-too-old-for-driver-prose.txt",
                  "kernel/tkglitch-527-fermi-abandoned-430-newer-kernels-nouveau-prose.txt"),
    ),
    Signature(
        code="kernel.nvidia-legacy-check-refused",
        cause_id="gpu-unsupported-by-driver",
        kinds=("any",),
        # Debian's (and SteamOS's) nvidia-legacy-check package: its pre-installation script stops the current driver's
        # install when a GPU in the machine is supported only by a legacy branch; apt, dpkg or the installer report it.
        patterns=(
            r"(?:[Ff]ailure trying to run|[Ee]rror processing (?:archive|package))[^\n]{0,200}?\bnvidia-legacy-check",
            r"\bnvidia-legacy-check\b[^\n]{0,80}?(?:pre-installation script|preinst)[^\n]{0,60}?(?:returned error|exit status)",
        ),
        severity="fail",
        cause="The install of the NVIDIA driver stopped at nvidia-legacy-check: a GPU in this machine is supported only "
              "by a legacy driver branch, which this driver package is not.",
        advice=("Install the legacy driver the GPU needs instead (Debian: `nvidia-tesla-470-driver` for Kepler, "
                "`nvidia-legacy-390xx-driver` for Fermi, `nvidia-legacy-340xx-driver` for GeForce 8/9/200-series; "
                "`sudo apt install nvidia-detect && nvidia-detect` names it), or remove the old card if a newer "
                "NVIDIA GPU is the one to drive (SteamOS's installer finishes once it is out)."),
        action="configure",
        never_suggest=("disable Secure Boot", "reinstall CUDA"),
        sources=("https://github.com/ValveSoftware/SteamOS/issues/534",
                 "https://www.nvidia.com/en-us/drivers/unix/legacy-gpu/"),
        checked="2026-11-28",
        examples=("kernel/steamos-534-8400gs-legacy-check-install-fails-355.txt",),
    ),
    Signature(
        code="kernel.driver-release-broke-program-described",
        described=True,
        cause_id="driver-release-regression",
        kinds=("any",),
        patterns=(
            # "There are no issues with NVIDIA drivers 470.82 or older", "works fine with driver 566.36 and earlier"
            r"\b(?:no (?:issues?|problems?|crash(?:es)?)|works? (?:fine |perfectly |well )?|worked (?:fine |perfectly |well )?)"
            r"(?:with|on) (?:the )?(?:" + _NV + r" )?(?:drivers? |version |v)?(?P<release>" + _RELEASE + r") (?:or|and) "
            r"(?:older|earlier|below|before)\b",
            # "After updating to NVIDIA driver 470.86 when launching a game the system crashes"
            r"\b(?:[Aa]fter|[Ss]ince) (?:updating|upgrading|installing|moving|switching) (?:to )?(?:the )?(?:" + _NV +
            r" )?(?:[Dd]rivers? )?(?:version )?(?P<release>" + _RELEASE + r")\b(?! ?(?:MB|GB|W\b|MHz))[^\n]{0,80}?"
            r"(?:crash\w{0,3}|fails?|freez\w{0,3}|hangs?|broke\w{0,2}|stopped working|does ?n[o']t work|no longer works)",
            # "This is due to an inadvertent ABI break in the 535 driver", "a bug in the 560 driver"
            # NVIDIA's own words: "We have discovered a bug in the Game Ready and Studio 595.59 WHQL drivers"
            r"\b(?:ABI break|regression|Regression|bug|Bug) in (?:the )?[^\n]{0,40}?(?<![\d.])(?P<release>" + _RELEASE6 +
            r")(?: WHQL)? (?:drivers?|branch|release|series)\b",
            # "uninstall driver version 535 and install the preceding release"
            r"\binstall(?:ed|ing)? the (?:preceding|previous|prior) (?:driver )?(?:release|version)\b",
            # "It was working until I updated the driver so I am 100% sure the driver is the issue"
            r"\b(?:was|been) working (?:fine |perfectly |well )?until I (?:updated|upgraded|installed) (?:the |my |a )?(?:new(?:er|est)? |"
            r"latest )?(?:" + _NV + r" )?drivers?\b",
            # "after update new driver nvidia. quickminer keep crashing", "new update with newest navaida driver halfed my
            # hash rate": a new driver named as what changed before the failure (not "update to the latest driver", advice)
            r"\b(?:[Aa]fter|[Ss]ince|[Ww]ith) (?:the |an? )?(?:update |updating |installing |upgrading )?(?:to |of )?(?:the )?"
            r"(?:new(?:est)?|latest) (?:\w{3,8} )?drivers?\b[^\n]{0,60}?(?:keeps? crashing|crash(?:es|ed)|stopped working|"
            r"does ?n[o']t work|no longer works|half(?:ed|ved)|halved)",
            # "it was the new nvidia drivers", "the culprit is the latest Nvidia driver"
            r"\b(?:it was|it's|it is|culprit (?:is|was)|caused by|problem (?:is|was)|blame) the (?:new|newest|latest|"
            r"recent|updated) (?:" + _NV + r" )?drivers?\b",
        ),
        severity="warn",
        cause=("The description suggests a bug of one NVIDIA driver release: the program ran on the release before and "
               "fails on this one (crashes, CUDA errors, a lost hashrate), while the machine and the program are fine."),
        advice=DRIVER_RELEASE_ADVICE,
        action="configure",
        rules_out=("a fault of the program", "a broken driver install"),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/citra-emu/citra/issues/5908", "https://github.com/gpuopenanalytics/pynvml/pull/48",
                 "https://github.com/develsoftware/GMinerRelease/issues/195",
                 "https://github.com/develsoftware/GMinerRelease/issues/92",
                 "https://github.com/nicehash/NiceHashQuickMiner/issues/579", "https://github.com/trexminer/T-Rex/issues/843",
                 "https://github.com/Blacktempel/LibreDiagnostics/issues/24",
                 "https://github.com/firoorg/ccminer/issues/54"),
        checked="2026-11-28",
        examples=("kernel/citra-5908-system-crashes-after-driver-470-86-prose.txt",
                  "kernel/pynvml-48-nvml-struct-535-abi-break-downgrade.txt",
                  "kernel/gminer-195-miner-slows-new-nvidia-drivers-older-driver-fixes-prose.txt",
                  "kernel/librediag-24-driver-595-59-pulled-roll-back-591-86.txt"),
    ),
)
