"""Issue 25 (helper w43c): the Hugging Face libraries' own warning that their cache folder is not writable.

transformers (utils/hub.py) and huggingface_hub print "There was a problem when trying to write in your cache folder
(PATH). You should set the environment variable TRANSFORMERS_CACHE to a writable directory." (newer releases: "Please,
ensure the directory exists and can be written to.") when the process's user cannot create the hub cache: HOME=/ or
/nonexistent under an arbitrary or system UID (OpenShift, a non-root image), a bind-mounted cache owned by another
UID, a volume Docker created as root. The warning itself does not stop the program (a later download or mkdir does),
so the row warns; the cause is the same unwritable cache as vllm.cache-dir-not-writable's.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.hf-cache-folder-not-writable",
        cause_id="cache-dir-not-writable",
        kinds=("any",),
        patterns=(r"There was a problem when trying to write in your cache folder \((?P<path>[^)\n]{1,200})\)",),
        severity="warn",
        cause=("The Hugging Face libraries cannot write their cache at {path}: the user the process or container runs "
               "as has no write access there (HOME=/ or /nonexistent under an arbitrary UID, a non-root image user, a "
               "mounted cache owned by another UID), so models and tokenizers cannot be downloaded or cached."),
        advice=("Set HF_HOME (it holds the hub cache; TRANSFORMERS_CACHE and HUGGINGFACE_HUB_CACHE are its older "
                "names) to a directory the process's user can write, e.g. `-e HF_HOME=/tmp/hf` or a mounted volume (an "
                "emptyDir in Kubernetes), or chown the mounted cache directory on the host to the container's UID "
                "(`id -u` inside it), or run the container as the directory's owner (`docker run --user $(id -u):$(id -g)`)."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/h2oai/h2ogpt/issues/729", "https://github.com/zylon-ai/private-gpt/issues/1876",
                 "https://huggingface.co/docs/huggingface_hub/package_reference/environment_variables#hfhome"),
        checked="2026-11-28",
        examples=("containers/h2ogpt-729-docker-mounted-cache-huggingface-not-writable.txt",),
    ),
)
