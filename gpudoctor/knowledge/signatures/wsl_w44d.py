"""Issue 25 (helper w44d): WSL 2 containers that cannot be limited to some GPUs; GPU-PV driver copies without a drive letter.

Inside WSL 2 the GPUs reach Linux through the Windows driver's paravirtual interface (/dev/dxg and the libraries in
/usr/lib/wsl/lib), which gives every GPU to whatever opens it: the NVIDIA Container Toolkit's WSL mode mounts that
interface, and the driver does not support filtering devices there, so `--gpus '"device=1"'`, NVIDIA_VISIBLE_DEVICES=1
and the CDI device names all still show every GPU (NVIDIA's answer in nvidia-container-toolkit#21, 2025; the same
report in #70 and #983; only NVIDIA_VISIBLE_DEVICES=none was made to work, PR #2025). People describe it rather than
paste a tool's error (nothing fails: nvidia-smi simply lists both GPUs), so the row reads their words, only where the
text shows WSL: on native Linux the same complaint has other causes (a privileged container, the runtime's
accept-nvidia-visible-devices settings). The way out is the application's own choice (CUDA_VISIBLE_DEVICES, which the
CUDA runtime honours under WSL; nvidia-smi ignores it) or native Linux.

A Hyper-V GPU-PV guest runs the host's driver files, which Easy-GPU-PV's Update-VMGpuPartitionDriver.ps1 copies into the
guest's disk after mounting it on the host; when Windows gives that disk no drive letter, or several, every copy fails
(the "gpu-pv" context: the rows read PowerShell's path errors only in a text about GPU-PV).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.containers_w38a import SIGNATURES as _W38A

# The generic reading of the same complaint (the variable did not limit the container, so a GPU request or privileged
# mode decides): under WSL this row reads its lines too and takes its place, since --gpus device=N cannot work there.
_GENERIC = "containers.visible-devices-setting-ignored-described"
_GENERIC_PATTERNS = next(row.patterns for row in _W38A if row.code == _GENERIC)

# "NVIDIA_VISIBLE_DEVICES value doesn't work", "NVIDIA_VISIBLE_DEVICES is ignored", "--gpus device=1 has no effect"
_NOT_APPLIED = (r"(?:is |are |gets? |being |seems to be |was )?(?:ignored|not (?:respected|honou?red|working|applied)|"
                r"(?:does|do|did)(?: not|n't|n’t) (?:work|apply|take effect|have any effect|limit|restrict|filter)|"
                r"has no effect|makes no difference|won't work|will not work)")

# Easy-GPU-PV's driver refresh when the guest's mounted disk has no drive letter or several (#404, #418, #435, #452 with
# no letter, Windows 11 24H2 and AMD hosts among them; #95, #325 with two, a second VHDX attached; PR #466 fixes both).
_DRIVE_LETTER_ADVICE = (
    "With the VM off, mount its disk once and give the guest's Windows partition (the largest one) a drive letter, and "
    "only it: `$d = Mount-VHD -Path (Get-VMHardDiskDrive -VMName VMNAME)[0].Path -PassThru | Get-Disk; Get-Partition "
    "-DiskNumber $d.Number` then `Set-Partition -DiskNumber $d.Number -PartitionNumber N -NewDriveLetter G` (or Disk "
    "Management, Change Drive Letter and Paths), remove letters other partitions got, `Dismount-VHD` it, detach any "
    "second virtual disk of the VM for the update, and run Update-VMGpuPartitionDriver.ps1 again (the letter is kept "
    "for later mounts; `mountvol /E` turns automount back on). A script version that picks the OS partition itself "
    "(Easy-GPU-PV PR #466) avoids it.")
_DRIVE_LETTER_SOURCES = ("https://github.com/jamesstringer90/Easy-GPU-PV/issues/404",
                         "https://github.com/jamesstringer90/Easy-GPU-PV/issues/435",
                         "https://github.com/jamesstringer90/Easy-GPU-PV/issues/452",
                         "https://github.com/jamesstringer90/Easy-GPU-PV/issues/325",
                         "https://github.com/jamesstringer90/Easy-GPU-PV/pull/466")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.container-gpu-filter-unsupported-described",
        cause_id="wsl-gpu-filter-unsupported",
        kinds=("any",),
        patterns=(
            # a selection that did not narrow, never "all" ("--gpus all doesn't work", "NVIDIA_VISIBLE_DEVICES=all is not
            # working" under WSL are a container without GPUs at all: Docker Desktop's or the toolkit's set-up; rev44a)
            r"NVIDIA_VISIBLE_DEVICES(?!\s?[=:]\s?[\"']?(?:all|void)\b)(?:=\S{1,40})?"
            r"(?: (?:value|env(?:ironment)? ?var(?:iable)?|setting))?[^\n]{0,40}?\b" + _NOT_APPLIED,
            r"(?:--gpus[ =]{1,2}(?![\"']?all\b)|device=\d{1,2})[^\n]{0,60}?\b" + _NOT_APPLIED,
            r"\bignor(?:es|ing|ed) (?:the )?(?:NVIDIA_VISIBLE_DEVICES|--gpus|device selection)",
            # "Returns multiple GPUs, instead of just GPU 1", "nvidia-smi shows both GPUs rather than only one"
            r"\b(?:[Rr]eturns?|[Ss]hows?|[Ll]ists?|[Ss]ees?|[Ee]xposes?|[Gg]ets?|[Dd]isplays?) (?:all|both|multiple|every|"
            r"all of the|all the|two) (?:\w{1,12} )?(?:GPUs?|gpus?|cards?|devices?),? (?:instead of|rather than|not) "
            r"(?:just|only|the one|one|a single|the selected|the specified)",
            # "Unable to limit container to see just a single GPU device"
            r"\b(?:[Uu]nable|can't|cannot|can not|not able|no way) to (?:limit|restrict|isolate|filter) (?:the |a |my |each )?"
            r"containers? to (?:see |use |access )?(?:just |only )?(?:a single|one|1|a specific|one specific|the second|"
            r"the first|its own) (?:\w{1,12} )?GPU",
            # "will WSL2 support GPU filter or GPU isolation", "GPU isolation is not supported in WSL"
            r"\bWSL ?2?\b[^\n]{0,80}\bGPU (?:filter(?:ing)?|isolation)\b",
            r"\bGPU (?:filter(?:ing)?|isolation)\b[^\n]{0,80}\bWSL\b",
            *_GENERIC_PATTERNS,
        ),
        contexts=("wsl",),
        refines=(_GENERIC,),
        described=True,
        severity="warn",
        cause=("The description suggests containers under WSL 2 that see every GPU whatever they ask for: the Windows "
               "driver's WSL interface (/dev/dxg) hands all GPUs to the container and does not support filtering "
               "devices, so --gpus device=N, NVIDIA_VISIBLE_DEVICES and CDI device names cannot limit it."),
        advice=("Under WSL 2, choose the GPU inside the container instead: set CUDA_VISIBLE_DEVICES=N for the process "
                "(`docker run --gpus all -e CUDA_VISIBLE_DEVICES=1 ...`; the CUDA runtime honours it, while nvidia-smi "
                "ignores it and keeps listing every GPU) or the application's own device option (cuda:1); to give "
                "containers separate GPUs that they cannot reach past, run them on native Linux, where --gpus and "
                "NVIDIA_VISIBLE_DEVICES restrict them."),
        action="configure",
        rules_out=("the NVIDIA driver's installation", "the container image"),
        never_suggest=("reinstall the driver", "install the Linux NVIDIA driver"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/21",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/70",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/983",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/pull/2025",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked="2026-11-28",
        examples=("wsl/nvctk-21-wsl2-all-gpus-visible-no-filter-prose.txt",
                  "wsl/nvct-983-wsl-docker-gpus-device-1-shows-all.txt"),
    ),
    Signature(
        code="wsl.gpu-pv-driver-copy-drive-letter",
        cause_id="gpu-pv-vhd-drive-letter",
        kinds=("any",),
        # Easy-GPU-PV's Add-VMGpuPartitionAdapterFiles.psm1 builds every path into the guest as "$DriveLetter:\windows\...":
        # with no letter PowerShell refuses the path (NotSupportedException, "The given path's format is not
        # supported"), with several the array joins into a drive named 'E F'. Read only where the text is about GPU-PV.
        patterns=(
            r"Cannot find drive\. A drive with the name '[A-Z](?: [A-Z]){1,6}' does not exist",
            r"FullyQualifiedErrorId : System\.NotSupportedException,Microsoft\.PowerShell\.Commands\.(?:Copy|New)ItemCommand",
            r"The given path's format is not supported",
        ),
        contexts=("gpu-pv",),
        severity="fail",
        cause=("The GPU-PV script mounted the guest's virtual disk to copy the host's driver files into it, but got no "
               "drive letter for it, or several (a second virtual disk attached, a recovery partition lettered), so "
               "every path it builds into the guest is invalid and no driver file is copied."),
        advice=_DRIVE_LETTER_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "install the NVIDIA driver in the guest"),
        sources=_DRIVE_LETTER_SOURCES,
        checked="2026-11-28",
        examples=("wsl/easygpupv-404-update-driver-vhd-no-drive-letter-24h2.txt",),
    ),
    Signature(
        code="wsl.gpu-pv-driver-copy-drive-letter-described",
        described=True,
        cause_id="gpu-pv-vhd-drive-letter",
        kinds=("any",),
        patterns=(
            # "DriveLetter is empty", "$DriveLetter = (...) returns empty string"
            r"\bDrive ?[Ll]etter\b[^\n]{0,300}?\b(?:is|was|returns?|returned|comes back|came back|stays?) "
            r"(?:an? )?(?:empty|blank|null|nothing)\b",
            # "not assigned a letter on mount", "doesn't set disk drive letter", "does not add driverletter"
            r"\b(?:not|n't|never) (?:be )?(?:assigned|given|set|added|add|assign|give|get|got)\b[^\n]{0,24}?letter",
            # "Drive Letter E F (in my case) cannot be found", "two drive letters returned"
            r"\b[Dd]rive ?[Ll]etters? [A-Z] [A-Z]\b", r"\b(?:two|multiple|several|2) drive letters\b",
        ),
        contexts=("gpu-pv",),
        severity="warn",
        cause=("The description suggests the GPU-PV script's mount of the guest's virtual disk returned no drive letter "
               "or more than one, so its copy of the host's driver files into the guest cannot work."),
        advice=_DRIVE_LETTER_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "install the NVIDIA driver in the guest"),
        sources=_DRIVE_LETTER_SOURCES,
        checked="2026-11-28",
        examples=("wsl/easygpupv-452-vhd-mounted-without-letter-prose.txt",
                  "wsl/easygpupv-325-two-vhdx-two-drive-letters-prose.txt"),
    ),
)
