"""An Ollama installation that lacks the parts its binary loads at run time: runners and GPU backend libraries.

Written blind for issue 25 (fifth round). Ollama looks for its runners and ggml backends beside its binary
(lib/ollama under the binary's prefix since 0.5, ollama_runners or a temporary payload before; envconfig's
OLLAMA_RUNNERS_DIR in 0.2 and 0.3 printed "unable to locate llm runner directory" when it found none, and the
scheduler "no suitable llama servers found"). A runner that cannot load a shared library exits with the dynamic
loader's status 127 (Linux) or 0xc0000135 (Windows: ollama.windows-runner-dll-missing).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LINUX_DOCS = "https://github.com/ollama/ollama/blob/main/docs/linux.md"

INSTALL_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.runners-missing",
        cause_id="ollama-install-incomplete",
        kinds=("any",),
        patterns=(
            r"unable to locate llm runner directory",
            r"no suitable llama servers found",
            r"(?:llama runner|llama-server) process has terminated: exit status 127\b",
            r"ollama_llama_server: error while loading shared libraries: (?P<library>lib(?:ggml|llama)[\w.-]{0,40})",
        ),
        severity="fail",
        cause=("Ollama's installation is incomplete: the runner or the backend libraries its binary loads from beside "
               "itself (lib/ollama) are missing or elsewhere, so no model runner can start."),
        advice=("Reinstall Ollama whole instead of copying its binary: re-run the install script (`curl -fsSL "
                "https://ollama.com/install.sh | sh`) or extract the complete release archive into one prefix "
                "(`sudo tar -C /usr -xzf ollama-linux-amd64.tgz` puts bin/ollama and lib/ollama side by side); if the "
                "libraries must live elsewhere, point the service's LD_LIBRARY_PATH at that lib/ollama. On Windows "
                "reinstall and check the antivirus quarantine for Ollama's runner files."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/6709", "https://github.com/ollama/ollama/issues/7542",
                 "https://github.com/ollama/ollama/issues/11323", LINUX_DOCS),
        checked="2026-11-26",
        examples=("ollama/ollama-6709-runner-directory-missing-reinstall.txt",
                  "ollama/ollama-7542-runner-exit-127-lib-ollama-not-found.txt"),
        refines=("ollama.runner-terminated",),
    ),
)
