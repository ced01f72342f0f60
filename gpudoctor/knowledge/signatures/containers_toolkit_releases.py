"""Failures that one release of the NVIDIA Container Toolkit brought and a later release fixed: the step is the
package version, not the image or the driver (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TOOLKIT_RELEASE_NOTES = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/release-notes.html"
_CONTAINER_TEXT = ("docker", "kubectl", "build", "journal", "other")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cli-imex-channel-all-legacy-image",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # Toolkit 1.17.0 (internal/config/image/cuda_image.go) treated an unset NVIDIA_IMEX_CHANNELS like the other
        # device variables of a "legacy" image (CUDA_VERSION set, no NVIDIA_REQUIRE_CUDA): "all", which
        # libnvidia-container's CLI (src/cli/common.c) cannot parse; toolkit#801 (backported to 1.17) made it "none".
        patterns=(r"error parsing IMEX info: unsupported IMEX channel value: (?P<value>[\w,-]{1,40})",),
        severity="fail",
        cause="NVIDIA Container Toolkit 1.17.0 passed IMEX channel '{value}' to nvidia-container-cli, which cannot parse "
              "it: the toolkit defaulted NVIDIA_IMEX_CHANNELS to all for legacy images (no NVIDIA_REQUIRE_CUDA), so "
              "those GPU containers cannot start.",
        advice=("Update the NVIDIA Container Toolkit to 1.17.2 or later, all four packages together (`sudo apt-get "
                "install --only-upgrade nvidia-container-toolkit nvidia-container-toolkit-base "
                "libnvidia-container-tools libnvidia-container1`, or the node image/AMI that ships it), then restart "
                "Docker or containerd; until then pin 1.16.2, or give the image NVIDIA_REQUIRE_CUDA (or "
                "NVIDIA_IMEX_CHANNELS) in its environment."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        versions=("nvidia-container-toolkit==1.17.0", "nvidia-container-toolkit==1.17.1"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/797",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/pull/801",
                 "https://github.com/pytorch/test-infra/pull/5852", "https://github.com/awslabs/amazon-eks-ami/issues/2062",
                 "https://github.com/opendatahub-io/distributed-workloads/pull/271", TOOLKIT_RELEASE_NOTES),
        checked="2026-11-26",
        examples=("containers/testinfra-5852-imex-channel-all-toolkit-1170.txt",
                  "containers/eksami-2062-imex-channel-all-containerd.txt"),
    ),
    Signature(
        code="containers.runtime-exited-after-package-change",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # The shim's report when nvidia-container-runtime itself exits non-zero before runc ran: the runtime's reason
        # goes to its own log, not to Docker. Seen mostly right after the toolkit packages changed: the 1.10 -> 1.11 RPM
        # upgrade deleted the hook executable it had renamed (nvidia-docker#1682), mixed package versions, a config.toml
        # the new release cannot read. The 2019 form that names the reason ("did not terminate sucessfully: ... inject
        # NVIDIA hook") is containers.runtime-hook-missing's.
        patterns=(r"nvidia-container-runtime did not terminate successfully: exit status (?P<status>\d{1,3})",),
        severity="fail",
        cause="nvidia-container-runtime itself failed (exit status {status}) before the container started; Docker shows "
              "no reason, which goes to the runtime's own log: most often a broken or partial NVIDIA Container Toolkit "
              "upgrade.",
        advice=("Turn on the runtime's log (`debug = \"/var/log/nvidia-container-runtime.log\"` under "
                "[nvidia-container-runtime] in /etc/nvidia-container-runtime/config.toml), retry and read it; after a "
                "package upgrade, reinstall the NVIDIA Container Toolkit packages at one version (`sudo dnf remove "
                "nvidia-container-toolkit && sudo dnf install nvidia-container-toolkit`, or apt's `--reinstall`; "
                "`ls -l /usr/bin/nvidia-container-runtime-hook` must exist), then `sudo nvidia-ctk runtime configure "
                "--runtime=docker` and restart Docker."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/34",
                 "https://github.com/NVIDIA/libnvidia-container/issues/186",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1682",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/104", TOOLKIT_RELEASE_NOTES),
        checked="2026-11-26",
        examples=("containers/nct-34-runtime-did-not-terminate-after-rpm-upgrade.txt",),
    ),
    Signature(
        code="containers.runtime-path-is-hook",
        cause_id="container-no-gpu-runtime",
        kinds=_CONTAINER_TEXT,
        # Docker calls a runtimes entry the way it calls runc (--root, --log, create ...). When daemon.json's "path"
        # names the prestart hook (nvidia-container-toolkit, nvidia-container-runtime-hook) instead of
        # nvidia-container-runtime, the hook's Go flag parser refuses runc's first flag. Retiring the
        # nvidia-container-runtime package (2023) did not retire the runtime binary, which nvidia-container-toolkit ships.
        patterns=(r"nvidia-container-(?P<binary>toolkit|runtime-hook) did not terminate successfully: exit status "
                  r"\d{1,3}: flag provided but not defined: -root",),
        severity="fail",
        cause="Docker's nvidia runtime is set to the NVIDIA prestart hook (nvidia-container-{binary}), not to "
              "nvidia-container-runtime, so Docker calls the hook as an OCI runtime and it refuses runc's arguments.",
        advice=("Point the nvidia runtime back at nvidia-container-runtime: `sudo nvidia-ctk runtime configure "
                "--runtime=docker` (it writes \"path\": \"nvidia-container-runtime\" into /etc/docker/daemon.json; "
                "fix a hand-edited entry the same way), then `sudo systemctl restart docker`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/2b-t/docker-for-robotics/issues/1",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"),
        checked="2026-11-26",
        examples=("containers/dockerforrobotics-1-runtime-path-is-hook.txt",),
    ),
)
