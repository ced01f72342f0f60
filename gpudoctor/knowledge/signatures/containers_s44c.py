"""Issue 25 (writer s44c): container-toolkit lines read from the code that prints them.

nvidia-ctk cdi generate (and the nvidia-cdi-refresh service that runs it from toolkit 1.17/1.18 on) checks its
discovery mode against nvcdi's modes (auto, nvml, wsl, csv, management and the gated ones) and refuses any other with
"invalid discovery mode: <mode>" (cmd/nvidia-ctk/cdi/generate/generate.go, 1.17 on). Toolkit 1.18.0 filled that mode
from config.toml's nvidia-container-runtime.mode, the runtime's own mode (auto, legacy, csv, cdi, jit-cdi), so a host
whose runtime was set to cdi or legacy failed every spec refresh after the upgrade; PR 1377 (backported to the 1.18
branch, 1.18.1) stopped reading it (nvidia-container-toolkit#1376). A mode typed by hand fails the same way.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
_GENERATE_GO = "https://github.com/NVIDIA/nvidia-container-toolkit/blob/main/cmd/nvidia-ctk/cdi/generate/generate.go"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cdi-generate-invalid-mode",
        cause_id="container-toolkit-error",
        kinds=("any",),
        patterns=(r"invalid discovery mode: \"?(?P<mode>[\w-]{1,24})",),
        severity="fail",
        cause=("nvidia-ctk cdi generate (run by hand or by the nvidia-cdi-refresh service) refused the discovery mode "
               "{mode}, so no CDI spec was written: it is a mode of the container runtime (cdi, legacy, jit-cdi), not "
               "one of spec generation. Toolkit 1.18.0 took it from config.toml's nvidia-container-runtime.mode, so "
               "setting the runtime to cdi or legacy breaks every spec refresh after that upgrade."),
        advice=("Update the NVIDIA Container Toolkit to 1.18.1 or newer (`sudo apt-get install --only-upgrade "
                "nvidia-container-toolkit nvidia-container-toolkit-base`, or `sudo dnf upgrade nvidia-container-toolkit`), "
                "which no longer reads the runtime's mode for spec generation, then `sudo systemctl restart "
                "nvidia-cdi-refresh.service`. Until then generate with an explicit discovery mode: `sudo nvidia-ctk cdi "
                "generate --mode=auto --output=/etc/cdi/nvidia.yaml` (the service takes "
                "NVIDIA_CTK_CDI_GENERATE_MODE=auto from /etc/nvidia-container-toolkit/nvidia-cdi-refresh.env). The "
                "runtime's own mode in config.toml can stay as it is."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        versions=("toolkit 1.18.0 reads the runtime mode for spec generation; 1.18.1 and newer do not",),
        sources=(_GENERATE_GO, "https://github.com/NVIDIA/nvidia-container-toolkit/issues/1376",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/pull/1377"),
        checked=CHECKED,
        examples=("containers/nvctk-1376-cdi-refresh-invalid-discovery-mode.txt",),
    ),
)
