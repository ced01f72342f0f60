"""Windows: failures Windows itself causes for GPU tools on a desktop (rows of the wsl area, joined into wsl.SIGNATURES).

Written blind for issue 25 (thirteenth wave, breadth): antivirus refusing a runner, DLL or package file."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DEFENDER_EXCLUSION = ("https://support.microsoft.com/en-us/windows/"
                      "add-an-exclusion-to-windows-security-811816c0-4dfd-af4a-47e4-c301afe13b26")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.windows-antivirus-blocked-file",
        cause_id="windows-antivirus-blocked",
        kinds=("any",),
        # ERROR_VIRUS_INFECTED (225): Windows refuses CreateFile/LoadLibrary/MoveFile on a file its antivirus flags.
        # Python prints it as [WinError 225] in the system's language; installers and loaders as 'Error 225' or
        # 'code 225' followed by the English text. The Chinese wordings key on the error number.
        patterns=(r"\[WinError 225\]",
                  r"file contains a virus or potentially unwanted software",
                  r"\bERROR_VIRUS_INFECTED\b"),
        severity="fail",
        cause="Windows refused to open, run or rename a file because Windows Defender (or another antivirus program) "
              "flags it as a virus or potentially unwanted software (error 225, ERROR_VIRUS_INFECTED); unsigned "
              "runners, DLLs and package build scripts are often false positives.",
        advice=("Open Windows Security > Virus & threat protection > Protection history to see which file was blocked "
                "and under which threat name. If it comes from the official release or package (check it on "
                "VirusTotal), restore it with Allow on device, add an exclusion for its folder (as administrator: "
                "`Add-MpPreference -ExclusionPath \"<folder>\"`) and run the install or program again; otherwise "
                "download it again from the official source. Turning real-time protection off does not release a "
                "file already quarantined."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver", "CUDA"),
        never_suggest=("reinstall the nvidia driver", "reinstall cuda", "disable windows defender permanently"),
        sources=("https://github.com/easydiffusion/easydiffusion/issues/944",
                 "https://github.com/Nandaka/PixivUtil2/issues/864",
                 "https://github.com/Minidoracat/mcp-feedback-enhanced/issues/84", DEFENDER_EXCLUSION),
        checked="2026-11-26",
        examples=("wsl/easydiffusion-944-pip-winerror-225-virus-basicsr.txt",
                  "wsl/pixivutil2-864-oserror-winerror-225-fanbox-download.txt",
                  "wsl/mcp-feedback-enhanced-84-winerror-225-chinese-defender.txt"),
    ),
)
