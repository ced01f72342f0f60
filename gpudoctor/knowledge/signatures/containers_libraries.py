"""The driver's user-space libraries a container sees: inside a container they must be the host's, injected when it
starts, never a copy of their own (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.nvml-mismatch-in-container",
        cause_id="driver-library-mismatch",
        kinds=("any",),
        # kernel.nvml-driver-library-mismatch's and kernel.api-mismatch's lines in a text that shows a container. The
        # container toolkit's own "nvidia-container-cli: initialization error: nvml error: driver/library version
        # mismatch" is the host's NVML failing before the container starts (the host's reading stays): a container
        # that started and then fails this way holds driver libraries of its own, of another version than the host's
        # kernel module (an image or LXC/LXD container with a driver installed, a build or `docker commit` that baked
        # the injected libraries in).
        patterns=(r"(?<!nvml error: )[Dd]river/library version mismatch",
                  r"NVML library version: (?P<library_version>\d{3}\.\d+(?:\.\d+)?)",
                  r"NVRM: API mismatch: the client (?:'[^'\n]{0,64}' \(pid \d+\) )?has the version "
                  r"(?P<client_version>\d{3}\.\d+(?:\.\d+)?), but this kernel module has the version "
                  r"(?P<version>\d{3}\.\d+(?:\.\d+)?)"),
        # A system container (LXC/LXD/Incus, a Proxmox CT) gets the host's module but, without nvidia.runtime, carries a
        # user-space driver of its own: the same reading (LXD's maintainer asks for the same version inside and out).
        contexts=("container", "system-container"),
        refines=("kernel.nvml-driver-library-mismatch", "kernel.api-mismatch"),
        severity="fail",
        cause="Inside the container the NVIDIA user-space libraries (NVML, libcuda) are of another version than the "
              "host's kernel module: the container carries driver libraries of its own (a driver installed in the "
              "image or LXC/LXD container, or libraries a build or `docker commit` baked in) instead of only the "
              "host's, which the container runtime injects when it starts.",
        advice=("Run `nvidia-smi` on the host first: if it fails the same way, the host's own driver update is "
                "unfinished (its loaded module is older than its libraries) and the host must be restarted before any "
                "container. If it works, make the container use only the host's driver libraries: inside, `ls -l "
                "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so*` and `dpkg -l | grep -i nvidia` show the second version; "
                "remove those driver packages (libnvidia-compute-*, nvidia-utils-*, a .run driver) from the image or "
                "container and rebuild it without them (build without nvidia as the default runtime, never `docker "
                "commit` a running GPU container), then start a new container with `--gpus all`. In LXD/Incus set "
                "`nvidia.runtime=true` and install no driver in the container; in a Proxmox LXC container that binds "
                "/dev/nvidia*, install the host's exact driver version inside with `--no-kernel-module`, and again "
                "after each host driver update. On a managed Kubernetes GPU node (AKS, GKE, EKS) where `nvidia-smi` on "
                "the node itself shows the mismatch, the node carries two drivers (its image's preinstalled one and a "
                "driver installer's or the GPU Operator's): upgrade the node pool to a node image that keeps one driver "
                "(or set the GPU Operator's driver.enabled=false on images that ship a driver) so module and libraries "
                "are the same version, then recreate the pods."),
        action="configure",
        rules_out=("the GPU", "the host's driver installation"),
        never_suggest=("reinstall the driver on the host", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/libnvidia-container/issues/213",
                 "https://github.com/NVIDIA/libnvidia-container/issues/266",
                 "https://github.com/NVIDIA/nvidia-docker/issues/856", "https://github.com/canonical/lxd/issues/3642",
                 "https://github.com/nvidiavgpuarchive/index/issues/1", "https://github.com/E4S-Project/e4s/issues/172",
                 "https://documentation.ubuntu.com/lxd/en/latest/reference/instance_options/#nvidia-and-cuda-configuration"),
        checked="2026-11-26",
        examples=("containers/libnvidiacontainer-213-image-newer-libnvidia-ml-mismatch.txt",
                  "containers/e4s-172-image-bundles-driver-nvml-mismatch.txt"),
    ),    Signature(
        code="containers.cli-nvml-host-mismatch",
        cause_id="driver-library-mismatch",
        kinds=("any",),
        # libnvidia-container's CLI initialises the host's NVML before the container exists and prints NVML's error in
        # lower case: "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch". The
        # mismatch is the host's own (its loaded kernel module is older than its libraries: a driver updated without a
        # reboot), whatever the paste's other lines show, so it takes the host's reading from the container's.
        patterns=(r"nvml error: driver/library version mismatch",),
        refines=("kernel.nvml-driver-library-mismatch", "kernel.api-mismatch"), refines_within=None,
        severity="fail",
        cause="The NVIDIA container toolkit could not start NVML on the host: the host's loaded NVIDIA kernel module is "
              "another version than its driver libraries (a driver update or unattended upgrade not yet followed by a "
              "reboot), so no GPU container can start.",
        advice=("Reboot the host so the updated driver's kernel module is loaded (or, with nothing using the GPU, "
                "reload it: `sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia`), check "
                "that `nvidia-smi` works on the host, then start the container again. If it comes back after a reboot, "
                "the module on disk is stale (`dkms status`, `modinfo -F version nvidia`): rebuild it for the running "
                "kernel."),
        action="reboot",
        rules_out=("the container image", "the container runtime's configuration"),
        never_suggest=("reinstall Docker", "install the driver inside the container"),
        sources=("https://github.com/saharmor/dalle-playground/issues/104",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/394", "https://github.com/labdao/plex/issues/18"),
        checked="2026-11-26",
        examples=("containers/dalleplayground-104-nvml-version-mismatch-compose.txt",),
    ),
    Signature(
        code="containers.cli-driver-files-missing",
        cause_id="driver-library-mismatch",
        kinds=("any",),
        # libnvidia-container lists the driver's libraries for the version the loaded kernel module reports
        # (nvc_info.c) and opens each: a file of that version that is gone means the user-space driver was removed or
        # replaced (an uninstall followed by another install) while the old module stayed loaded.
        patterns=(r"nvidia-container-cli(?:\.real)?: detection error: open failed: (?P<path>/[\w./+-]{1,200}\.so\."
                  r"(?P<version>\d{3}\.\d{1,3}(?:\.\d{1,3})?)): no such file or directory",),
        severity="fail",
        cause="nvidia-container-cli looked for the libraries of driver {version}, the version of the loaded kernel "
              "module, and {path} is gone: that driver's user-space files were removed or replaced by another install "
              "while its module stayed loaded.",
        advice=("Compare the loaded module with the installed driver: `cat /proc/driver/nvidia/version` against "
                "`nvidia-smi` and the packages (`dpkg -l | grep nvidia`, or `rpm -qa | grep nvidia`). Reboot so the "
                "installed driver's module loads; if the driver was half removed, reinstall one driver cleanly (remove "
                "the other install's files), run `sudo ldconfig`, reboot, then start the container again."),
        action="reboot",
        rules_out=("the container image", "the NVIDIA Container Toolkit"),
        never_suggest=("reinstall Docker", "install the driver inside the container"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1404",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/297",  # the same thread, transferred
                 "https://github.com/NVIDIA/libnvidia-container/blob/main/src/nvc_info.c"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1404-detection-open-failed-libnvidia-tls.txt",),
    ),
)
