"""Issue 25, rows for the family the blind sets 25 to 29 missed (w30b): a Windows NVIDIA driver that Device Manager
stops (rows of the wsl area, joined into the catalogue by signatures/__init__.py).

Code 52 (CM_PROB_UNSIGNED_DRIVER) is Windows refusing the driver's signature at boot: most often a modified driver
(a patcher for CMP mining cards, GPU passthrough or old Windows) signed with a self-made certificate, which loads only
with that certificate trusted and test signing on, and test signing needs Secure Boot off. People report it in their
own words ("Code 52", "error 52 in Device Manager"), so the row reads descriptions; Code 31 and 43 are wsl_drivers.py's.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.windows-driver-signature-code-52",
        cause_id="secure-boot-rejected",
        kinds=("any",),
        # "Code 52" alone is too common a pair of words: each pattern wants the signature or Device Manager beside it.
        patterns=(r"(?:[Cc]ode|[Ee]rror|Код|[Оо]шибк[аиу]) 52\b[^\n]{0,160}(?:signature|подпис|[Dd]evice [Mm]anager)",
                  r"(?:signature|подпис|[Dd]evice [Mm]anager)[^\n]{0,160}(?:[Cc]ode|[Ee]rror|Код|[Оо]шибк[аиу]) 52\b"),
        severity="warn",
        described=True,
        cause=("Windows refused the NVIDIA driver's digital signature (Device Manager Code 52), which suggests a "
               "modified or patched driver whose certificate Windows does not trust at boot, or Secure Boot refusing "
               "a test-signed driver."),
        advice=("Install an unmodified, WHQL-signed NVIDIA driver (a clean install, DDU in Safe Mode first); a patched "
                "driver (CMP cards, passthrough, old Windows) loads only with its certificate imported into Trusted Root "
                "and Trusted Publishers, rebuilt for this driver, and `bcdedit /set testsigning on` with Secure Boot off; "
                "on Windows 7 install the SHA-2 signing update (KB4474419)."),
        action="configure",
        rules_out=("the GPU's hardware",),
        never_suggest=("reseat", "replace the GPU", "install the CUDA toolkit"),
        sources=("https://github.com/sk1080/nvidia-kvm-patcher/issues/3",
                 "https://github.com/dartraiden/NVIDIA-patcher/issues/306",
                 "https://github.com/dartraiden/NVIDIA-WIn7-Win8-Signed-Driver/issues/2",
                 "https://learn.microsoft.com/en-us/windows-hardware/drivers/install/cm-prob-unsigned-driver"),
        checked="2026-11-27",
        examples=("wsl/nvidiakvmpatcher-3-code-52-patched-driver-signature.txt",
                  "wsl/nvidiapatcher-306-cmp40hx-code-52.txt"),
    ),
)
