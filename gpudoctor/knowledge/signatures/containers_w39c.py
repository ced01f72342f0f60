"""Issue 25, w39c: nvidia-docker 1.0's driver volume after a driver update (rows of the containers area, joined into
containers.SIGNATURES).

nvidia-docker 1.0's plugin (nvidia-docker-plugin) gives containers the driver's user-space files through a Docker volume
named after the driver's version, `nvidia_driver_<version>`, which it provisions when it starts. After the driver is
updated or reinstalled, a plugin still running from before knows no volume for the new version, and a container created
under the old driver still names the old version's volume; either way Docker answers "no such volume:
nvidia_driver_<version>" and the container gets no driver libraries matching the loaded kernel module
(nvidia-docker#80, #493; nvidia-docker 2.0 and the NVIDIA Container Toolkit mount the driver's files and have no such
volume). The plugin's "VolumeDriver.Create: internal error" when the volume cannot be built at all is
containers.nvidia-docker1-volume-cross-device's.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.nvidia-docker1-stale-driver-volume",
        cause_id="driver-library-mismatch",
        kinds=("any",),
        # Docker's answer for the volume the container names ("docker: Error response from daemon: no such volume:
        # nvidia_driver_352.79.", "Error response from daemon: get nvidia_driver_381.22: no such volume: ...").
        patterns=(r"no such volume: nvidia_driver_(?P<version>\d{3}\.\d{1,3}(?:\.\d{1,3})?)",),
        severity="fail",
        cause=("nvidia-docker 1.0 has no driver volume nvidia_driver_{version}: the NVIDIA driver was updated or "
               "reinstalled, and either the nvidia-docker plugin still runs from before the change or the container "
               "was created under the old driver, so it cannot get driver libraries matching the loaded kernel module."),
        advice=("Compare {version} with the driver `nvidia-smi` shows now. If they differ, the container was created "
                "under the old driver: start a new container from its image (`docker commit` the old one first to keep "
                "its state). If they are the same, restart the plugin so it provisions the installed driver's volume "
                "(`sudo systemctl restart nvidia-docker`, `sudo restart nvidia-docker` under Upstart) or run `sudo "
                "nvidia-docker volume setup`, then run the container again. Replacing nvidia-docker 1.0 with the NVIDIA "
                "Container Toolkit (`docker run --gpus all`, nvidia-docker 2.0 or later) ends these volumes."),
        action="configure",
        rules_out=("the GPU", "the image"),
        never_suggest=("reinstall Docker", "downgrade the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/80", "https://github.com/NVIDIA/nvidia-docker/issues/493",
                 "https://github.com/NVIDIA/nvidia-docker/wiki/nvidia-docker-plugin"),
        checked="2026-11-27",
        examples=("containers/nvidiadocker-80-no-such-volume-driver-352-reinstalled.txt",
                  "containers/nvidiadocker-493-old-container-no-such-volume-381.txt"),
    ),
)
