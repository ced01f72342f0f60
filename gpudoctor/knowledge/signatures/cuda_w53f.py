"""Issue 25, w53f: compute programs that say in their own words that their CUDA is newer than the driver (miners,
renderers, OptiX programs, deviceQuery), and one driver release that broke one program, told in prose.

Miners and renderers ship a CUDA runtime (or an OptiX SDK) of their own and check the driver before they start, each
in its own words rather than the runtime's "CUDA driver version is insufficient": xmrig-cuda, xmr-stak and ccminer's
"Driver does not support CUDA 5.5 API! Update your nVidia driver!", TeamBlackMiner's "Your system does not support
CUDA 11.4 API", ethminer's "Insufficient CUDA driver: 8000" (cudaDriverGetVersion's 1000*major+10*minor), miner
managers' (MultiPoolMiner, NemosMiner, RainbowMiner) "Miner requires CUDA version 9.2.00 or above (installed version is
9.1). Please update your Nvidia drivers.", V-Ray's "CUDA 12 requires minimum driver version: 525.60", OptiX's
optixInit() failing with 7801 (OPTIX_ERROR_UNSUPPORTED_ABI_VERSION: the driver predates the OptiX the program was built
with) and Blender's "OptiX initialization failed because the installed NVIDIA driver is too old". The fix is the driver (a
prebuilt program brings its own runtime: a CUDA toolkit changes nothing), or the program's build for the older CUDA.
A manager compares the versions itself and has got it wrong (CUDA 10.0 read as older than 9.2), so the row reads its
line only where the installed version is really the older one.

Miners tell a driver release that broke them by the hash rate ("halved my hash rate", "dropped from 95 to 57 after updating the NVIDIA driver ... restored after downgrading driver versions to 512.59"),
renderers by a crash or a failed kernel compile that an older release does not have ("hold back on any Nvidia GPU
driver update to v535", "a bug caused by the nvidia drivers"). kernel_w49e's row reads the going-back verbs where the release
follows the verb at once; these read the other wordings, and take the place of the Linux no-reboot reading of "after
updating the NVIDIA driver" where the same paste tells of going back to the release that worked.
"""

from __future__ import annotations

from gpudoctor.knowledge.driver_support import DRIVER_FLOORS
from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_w49e import DRIVER_RELEASE_ADVICE, _RELEASE as _RELEASE_NUMBER

_NV = r"(?:NVIDIA|[Nn]vidia|NVidia|nVidia)"
# A driver release (416.81, 512.95, 510.85.02, 516.xx, v535, 580)
_RELEASE = _RELEASE_NUMBER + r"\b(?! ?(?:MB|GB|W\b|[Ww]att|MHz|mm|MH))"  # not a size, a wattage or a clock
# "the driver", "my NVIDIA drivers", "driver versions", "the Nvidia driver version"
_THE_DRIVER = r"(?:the |my |our )?(?:" + _NV + r" )?(?:GPU |[Gg]raphics |[Dd]isplay )?drivers?(?: versions?)?"
_HASH = r"(?:hash ?rate|[Hh]ash ?[Rr]ate|[Hh]ashrate|MH/s|Mh/s|MH\b|hash ?power|[Hh]ashpower|found solutions)"
_HALVED = (r"(?:halve[sd]?|halfed|halfs|cut in half|dropp?(?:ed|s)?|fell|lower(?:ed|s)?|reduced?|locks?|locked|limited|"
           r"kill(?:ed|s)?|decreased?)")

MINER_DRIVER_ADVICE = (
    "Update the NVIDIA driver to a release that supports the CUDA (or OptiX) version the program was built with: "
    f"{DRIVER_FLOORS}; OptiX 7.x needs R435 to R530 by its minor version, OptiX 8 R535 or newer, OptiX 9.0 R570 and "
    "9.1 R590 (each OptiX SDK's release notes). `nvidia-smi` shows the highest CUDA the driver supports (top right). "
    "Windows: the newest Game Ready or Studio "
    "driver from nvidia.com/drivers or the NVIDIA app (on a mining OS such as HiveOS: `nvidia-driver-update`). Linux: "
    "the distribution's newest driver package (Ubuntu `sudo ubuntu-drivers install`, Arch `sudo pacman -Syu nvidia`), "
    "then reboot. A prebuilt miner or renderer brings its own CUDA runtime, so the CUDA toolkit is not what it lacks; "
    "where the driver cannot be updated, take the program's build for the older CUDA (miners publish one per CUDA "
    "version) or build it with the CUDA the driver supports."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.program-cuda-newer-than-driver",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            # xmrig-cuda, xmr-stak, ccminer: "Driver does not support CUDA 5.5 API! Update your nVidia driver!";
            # TeamBlackMiner: "Error: Your system does not support CUDA 11.4 API"
            r"\b(?:[Dd]river|[Ss]ystem) does not support CUDA (?P<cuda>\d{1,2}\.\d{1,2}) API\b",
            # ethminer: "CUDA error: Insufficient CUDA driver: 9010"
            r"\bInsufficient CUDA driver: ?(?P<driver_api>\d{4,5})\b",
            # MultiPoolMiner and its forks: "Miner (CcminerKlaust) requires CUDA version 9.2.00 or above (installed
            # version is 9.1.00). Please update your Nvidia drivers." (only where the installed one is the older)
            r"\brequires CUDA version (?P<cuda>\d{1,2}\.\d)\d?(?:\.\d{1,5})? or (?:above|newer|higher) \(installed "
            r"version is (?P<installed>\d{1,2}\.\d)\d?(?:\.\d{1,5})?\)",
            # V-Ray GPU: "Error : 5004: CUDA 12 requires minimum driver version: 525.60."
            r"\bCUDA (?P<cuda>\d{1,2}(?:\.\d)?) requires (?:a )?minimum driver version:? ?(?P<need>\d{3}\.\d{1,3})",
            # OptiX: OPTIX_ERROR_UNSUPPORTED_ABI_VERSION (7801), by name or by number; Blender's own sentence
            r"\bOPTIX_ERROR_UNSUPPORTED_ABI_VERSION\b",
            r"\boptixInit(?:WithHandle)?\(\)\)?'? failed with (?:code|error) 7801\b",
            r"\bOptiX initialization failed because the installed (?:NVIDIA )?driver is too old",
        ),
        smaller=(("installed", "cuda"),),
        severity="fail",
        cause=("The program was built with a newer CUDA (or OptiX) than the installed NVIDIA driver supports, and says "
               "so in its own words: its GPU backend is disabled or finds no device until the driver is updated."),
        advice=MINER_DRIVER_ADVICE,
        action="configure",
        rules_out=("a missing CUDA toolkit", "the GPU"),
        never_suggest=("install the CUDA toolkit", "reinstall CUDA"),
        sources=("https://github.com/sp-hash/TeamBlackMiner/issues/102",
                 "https://github.com/xbbricker/ccminer-cryptonight-mac/issues/4",
                 "https://github.com/ethereum-mining/ethminer/issues/557",
                 "https://github.com/owl-project/NVISII/issues/40",
                 "https://github.com/MultiPoolMiner/MultiPoolMiner/issues/2176",
                 "https://raytracing-docs.nvidia.com/optix9/guide/index.html"),
        checked="2026-11-28",
        examples=("cuda/teamblackminer-102-system-does-not-support-cuda-11-4-api.txt",
                  "cuda/ccminermac-4-driver-does-not-support-cuda-5-5-api.txt",
                  "cuda/ethminer-557-insufficient-cuda-driver-8000-windows.txt",
                  "cuda/nvisii-40-optixinit-failed-code-7801-driver-below-450.txt"),
    ),
    Signature(
        code="cuda.driver-release-broke-program-described",
        described=True,
        cause_id="driver-release-regression",
        kinds=("any",),
        patterns=(
            # "after downgrading driver versions to 512.59", "Reverting the driver
            # to 472.12 fixes the issue", "rolled my Nvidia driver back to 566.36" (each verb its own pattern)
            *(r"\b" + verb + r" " + _THE_DRIVER + r" (?:back )?to (?:the )?(?:version |v)?" + _RELEASE
              for verb in (r"[Dd]owngrad(?:e|ed|ing)", r"[Rr]evert(?:ed|ing|s)?", r"[Rr]olled back", r"[Rr]olling back",
                           r"[Rr]ollback", r"[Rr]eturn(?:ed|ing)?")),
            *(r"\b" + verb + r" " + _THE_DRIVER + r" back to (?:the )?(?:version |v)?" + _RELEASE
              for verb in (r"[Rr]olled", r"[Rr]olling")),
            # "driver version 510.85.02 halves hash rate", "the 512.95 driver halved the hashrate"
            *(r"\b(?:[Dd]rivers?(?: version)? " + _RELEASE + r"|" + _RELEASE + r" drivers?)[^\n]{0,40}?\b" + verb +
              r"\b[^\n]{0,30}?" + _HASH for verb in (r"halve[sd]?", r"halfed", r"cut in half")),
            # "newest navaida driver halfed my hash rate", "new drivers halved my hashrate"
            *(r"\b(?:[Nn]ew(?:er|est)?|[Ll]atest|[Rr]ecent) (?:\w{3,12} )?drivers? (?:update )?" + verb +
              r" (?:my |the |our )?" + _HASH for verb in (r"halve[sd]?", r"halfed", r"dropped", r"reduced?",
                                                          r"decreased?", r"killed", r"locked")),
            # "my hashrate dropped from 95 to 57 after updating the NVIDIA driver"
            r"\b" + _HASH + r"[^\n]{0,80}?\b(?:after|since|with) (?:updating|upgrading|installing|the update to|"
            r"update to|upgrade to) " + _THE_DRIVER,
            # "I have just updated my RTX 3060 driver to the latest one ... However, after doing so, my MH/s halved"
            r"\b(?:[Uu]pdat(?:ed|ing)|[Uu]pgrad(?:ed|ing)|[Ii]nstall(?:ed|ing))\b[^\n]{0,60}?\bdrivers?\b[^\n]{0,120}?"
            + _HASH + r" (?:has |have |had |got |was |were )?(?:been )?" + _HALVED + r"\b",
            # "hold back on any Nvidia GPU driver update to v535"
            r"\bhold back (?:on )?(?:any |the )?(?:" + _NV + r" )?(?:GPU )?drivers? (?:update|upgrade)",
            # "There was a bug caused by the nvidia drivers", "a regression introduced by the latest NVIDIA driver"
            r"\b(?:bug|regression|crash(?:es)?) (?:was |is )?(?:caused|introduced) by (?:the )?(?:latest |new(?:er|est)? "
            r"|recent )?" + _NV + r" drivers?\b",
            # "The previous driver had no problem", "the older drivers work fine"
            r"\b[Tt]he (?:previous|prior|older|old|last) (?:" + _NV + r" )?drivers? (?:version )?(?:had no (?:problems?|"
            r"issues?)|(?:works?|worked|was|were|runs?|ran) (?:fine|perfectly|without (?:any )?(?:problems?|issues?)))",
            # "on 522.30 drivers goes fine .. dont update", "works fine with the 472.12 driver, do not upgrade"
            r"\b(?:on|with) (?:the )?" + _RELEASE + r" drivers? (?:it )?(?:goes|works?|worked|runs?|ran|is|was) (?:fine|"
            r"perfectly|great|ok|OK)\b[^\n]{0,40}?\b(?:do ?n'?t|do not|never) (?:update|upgrade)\b",
            # "Drivers 416.16 thru hot fix 416.64 have no problems with the RTX 2070"
            r"\b[Dd]rivers? " + _RELEASE + r"[^\n]{0,40}? (?:have|has|had) no (?:problems?|issues?)\b",
            # "Downgrading to an older driver such as 470.141.03", "went back to the previous driver, 552.44"
            # (w54c)
            *(r"\b" + verb + r" to (?:an? |the )?(?:older|previous|earlier|prior|last) (?:" + _NV + r" )?drivers?"
              r"(?: versions?| releases?)?(?: such as| like|,)? \(?(?:version |v)?" + _RELEASE
              for verb in (r"[Dd]owngrad(?:e|ed|ing)", r"[Rr]evert(?:ed|ing|s)?", r"[Rr]olled back",
                           r"[Gg](?:o|oing|oes|went) back", r"[Rr]eturn(?:ed|ing)?")),
            # "rolling back from .81 to .64"
            *(r"\b" + verb + r" back from (?:driver )?(?:[3-6]\d{2})?\.\d{2,3} to (?:[3-6]\d{2})?\.\d{2,3}\b"
              for verb in (r"[Rr]olled", r"[Rr]olling")),
        ),
        severity="warn",
        cause=("The description suggests one NVIDIA driver release broke the program (a hash rate halved or at zero, a "
               "crash or a kernel that no longer compiles) while the release before it worked: a bug or change of that "
               "driver release, not of the card, the program or its settings."),
        advice=DRIVER_RELEASE_ADVICE,
        action="configure",
        # the program's own failure where the paste says which driver release broke it (w54c: an illegal address)
        refines=("kernel.driver-updated-without-reboot", "cuda.illegal-address"),
        refines_within=None,
        rules_out=("the card", "the miner's settings"),
        never_suggest=("reinstall Windows", "reinstall CUDA"),
        sources=("https://github.com/NebuTech/NBMiner/issues/902",
                 "https://github.com/nicehash/NiceHashQuickMiner/issues/877",
                 "https://github.com/develsoftware/GMinerRelease/issues/787",
                 "https://github.com/nicehash/NiceHashQuickMiner/issues/692",
                 "https://github.com/mitsuba-renderer/mitsuba3/issues/826",
                 "https://github.com/ethereum-mining/ethminer/issues/1679",
                 "https://github.com/trexminer/T-Rex/issues/843",
                 "https://github.com/nicehash/NiceHashQuickMiner/issues/943",
                 "https://github.com/mhssamadani/Autolykos2_NV_Miner/pull/54"),
        checked="2026-11-28",
        examples=("cuda/nbminer-902-hashrate-drop-driver-516-downgrade-512-59.txt",
                  "cuda/nicehashqm-877-driver-512-95-halved-mhs.txt",
                  "cuda/gminer-787-driver-512-95-locked-hashrate.txt",
                  "cuda/nhqm-692-hashrate-halved-drivers-above-472-12-win11.txt",
                  "cuda/mitsuba3-826-cuda-compilation-fails-driver-535.txt",
                  "cuda/ethminer-1679-rtx2070-driver-416-81-half-solutions.txt",
                  "cuda/trex-843-newest-driver-halved-hashrate-ergo.txt",
                  "cuda/nicehashqm-943-driver-526-47-crash-kapow-522-30-fine.txt",
                  "cuda/autolykos-54-driver-5xx-prehash-illegal-address-downgrade-470.txt"),
    ),
)
