"""Containers without a root daemon: enroot and pyxis under Slurm (and other runtimes that start containers in a user
namespace), where the kernel's namespace policy and the NVIDIA Container Toolkit's handling of unprivileged callers
decide whether a GPU container starts, and Apptainer, which binds the host's libraries into the image (rows of the
containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ENROOT_REQUIREMENTS = "https://github.com/NVIDIA/enroot/blob/master/doc/requirements.md"
_CONTAINER_TEXT = ("docker", "kubectl", "build", "journal", "other")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.user-namespace-denied",
        cause_id="container-userns-denied",
        kinds=_CONTAINER_TEXT,
        # enroot-nsenter (enroot start, pyxis' srun --container-image) unshares a user namespace before anything else;
        # EPERM/EACCES come from AppArmor's restriction (Ubuntu 23.10 and later) or a zero user.max_user_namespaces,
        # EINVAL from kernels (RHEL 7 family) that have them switched off.
        patterns=(r"enroot-nsenter: failed to create user namespace: (?P<reason>Permission denied|Operation not permitted|"
                  r"Invalid argument)",),
        severity="fail",
        cause="enroot could not create the user namespace it runs every container in ({reason}): unprivileged user "
              "namespaces are forbidden on this node, by AppArmor's restriction or a kernel setting.",
        advice=("Allow unprivileged user namespaces on the node: on Ubuntu 23.10 and later give enroot an AppArmor profile "
                "with `userns` (or put the unprivileged_userns profile in complain mode; "
                "`sysctl kernel.apparmor_restrict_unprivileged_userns` shows the restriction), elsewhere set "
                "`sysctl -w user.max_user_namespaces=15000` (persist it in /etc/sysctl.d) and, on RHEL 7 kernels, "
                "`namespace.unpriv_enable=1`; then `enroot-check --verify` must pass."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver", "rebuild the image"),
        sources=("https://github.com/NVIDIA/enroot/issues/238", "https://github.com/rootless-containers/rootlesskit/pull/421",
                 "https://github.com/nix-community/nix-user-chroot/issues/91", ENROOT_REQUIREMENTS),
        checked="2026-11-26",
        examples=("containers/enroot-238-nsenter-userns-apparmor.txt",),
    ),
    Signature(
        code="containers.cli-unprivileged-lookup-denied",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # libnvidia-container 1.17.7 (May 2025) regressed for unprivileged callers (enroot and pyxis, LXC's hook run
        # with --user): the lookup of the container's files through /proc/PID/root is refused and every GPU container
        # fails to start. Users and cluster vendors pinned 1.17.6; later releases work again.
        patterns=(r"nvidia-container-cli: container error: file lookup failed: [^\n]{1,300}: permission denied",),
        severity="fail",
        cause="nvidia-container-cli was refused access to the container's files when started by an unprivileged runtime "
              "(enroot/pyxis, LXC): the libnvidia-container 1.17.7 regression, not the image or the driver.",
        advice=("Check the toolkit version (`nvidia-container-cli --version`); on 1.17.7 downgrade all four packages to "
                "1.17.6 and hold them (`sudo apt install nvidia-container-toolkit=1.17.6-1 "
                "nvidia-container-toolkit-base=1.17.6-1 libnvidia-container-tools=1.17.6-1 libnvidia-container1=1.17.6-1 "
                "&& sudo apt-mark hold nvidia-container-toolkit nvidia-container-toolkit-base libnvidia-container-tools "
                "libnvidia-container1`), or upgrade to 1.17.8 or later."),
        action="configure",
        rules_out=("the container image", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "rebuild the image"),
        sources=("https://github.com/NVIDIA/enroot/issues/234", "https://github.com/NVIDIA/enroot/issues/232",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/1093",
                 "https://github.com/GoogleCloudPlatform/cluster-toolkit/issues/4144"),
        checked="2026-11-26",
        examples=("containers/enroot-234-pyxis-file-lookup-denied-1177.txt",),
    ),
    Signature(
        code="containers.apptainer-host-lib-needs-newer-glibc",
        cause_id="container-host-lib-glibc",
        kinds=("any",),
        # Apptainer/Singularity bind host libraries into the container under /.singularity.d/libs: --nv's driver and GL
        # libraries (nvliblist.conf: libGLdispatch, libGLX, libEGL...) and fakeroot's faked. They were linked against
        # the host's glibc, so an image with an older glibc fails to load them; the path makes glibc's generic message
        # specific, which is why this row refines the wheel row on the same line.
        patterns=(r"version .?(?P<needed>GLIBC_[\w.]{1,20}).? not found \(required by /\.singularity\.d/libs/"
                  r"(?P<library>[\w.+-]{1,60})\)",),
        refines=("wheels.glibc-too-old-for-wheel",),
        severity="fail",
        cause="Apptainer bound the host's {library} into the container, and it needs {needed}, newer than the image's "
              "glibc: host libraries run inside the image, so its glibc must be at least the host's.",
        advice=("Build the image on a base at least as new as the host (its glibc, `ldd --version` on both, must not be "
                "older). With --nv, if the job needs only CUDA, leave the graphics libraries out of the bind list: "
                "comment libGLdispatch.so, libGLX.so, libEGL.so and libOpenGL.so out of /etc/apptainer/nvliblist.conf "
                "(or use `--nvccli`, which binds the driver's libraries through nvidia-container-cli)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "upgrade glibc by hand"),
        sources=("https://github.com/imgag/megSAP/issues/383", "https://github.com/apptainer/apptainer/issues/1080",
                 "https://github.com/apptainer/apptainer/issues/2103", "https://github.com/apptainer/apptainer/issues/945",
                 "https://apptainer.org/docs/user/latest/gpu.html"),
        checked="2026-11-26",
        examples=("containers/megsap-383-apptainer-host-glibc-newer.txt",),
    ),
    Signature(
        code="containers.apptainer-started-without-nv",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # The generic no-driver answers (the loader's missing libcuda.so.1, TensorFlow's failed dlopen, PyTorch's and
        # CUDA's no driver or device, error 35, a missing nvidia-smi) in an Apptainer/Singularity text: Apptainer binds
        # the host's driver libraries and nvidia-smi into the container only with --nv (or --nvccli), so without it
        # the image has no libcuda at all. Where --nv ran and found nothing, containers.apptainer-nv-no-driver-files
        # reads its warning and takes these lines.
        patterns=(r"(?<!dlerror: )(?<!load library failed: )libcuda\.so\.1: cannot open shared object file",
                  r"Could not (?:load dynamic|dlopen) library 'libcuda\.so\.1'; dlerror: ",
                  r"Found no NVIDIA driver on your system", r"no CUDA-capable device is detected",
                  r"RuntimeError: No CUDA GPUs are available",
                  r"CUDA driver version is insufficient for CUDA runtime version", r"cudaErrorInsufficientDriver",
                  r"\bnvidia-smi: command not found", r"exec: nvidia-smi: not found"),
        contexts=("apptainer",),
        refines=("cuda.libcuda-so1-missing", "cuda.tf-driver-libcuda-not-found", "kernel.driver-not-loaded",
                 "cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.driver-insufficient", "kernel.nvidia-smi-missing"),
        severity="fail",
        cause="The Apptainer/Singularity container has no NVIDIA driver libraries: Apptainer binds the host's driver "
              "(libcuda, nvidia-smi) and GPU devices into the container only when it is started with --nv, so CUDA "
              "inside finds no driver.",
        advice=("Start the container with --nv: `apptainer exec --nv image.sif <command>` (`singularity exec --nv`, "
                "also for run and shell; or --nvccli to set it up with nvidia-container-cli); `apptainer exec --nv "
                "image.sif nvidia-smi` must then list the GPUs. If the command already has --nv, it found no driver "
                "on this node: check `nvidia-smi` and `ldconfig -p | grep libcuda` on the host (run on a GPU node, "
                "not a login node). Do not install a driver in the image."),
        action="configure",
        rules_out=("the host's driver", "the container image's CUDA"),
        never_suggest=("install the driver inside the container", "reinstall the driver", "docker run --gpus"),
        sources=("https://github.com/tmonjo/DeepSpaCE/issues/7",
                 "https://github.com/apptainer/singularity/issues/5935", "https://github.com/rickstaa/panda-autograsp/issues/150",
                 "https://apptainer.org/docs/user/latest/gpu.html"),
        checked="2026-11-26",
        examples=("containers/deepspace-7-apptainer-found-no-nvidia-driver.txt",),
    ),
    Signature(
        code="containers.apptainer-nvccli-setuid",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # Apptainer's own refusals (internal/pkg/util/gpu, the starter's engine config): it runs nvidia-container-cli
        # for --nvccli only in user-namespace mode, never from its setuid starter.
        patterns=(r"nvidia-container-cli not allowed in setuid mode",
                  r"--fakeroot does not support --nvccli in set-uid installations"),
        severity="fail",
        cause="This Apptainer runs with its setuid starter, where --nvccli (GPU setup through nvidia-container-cli) is "
              "not supported, so the container does not start.",
        advice=("Drop --nvccli and start the container with `--nv` alone (Apptainer then binds the host's driver "
                "libraries itself), or run Apptainer without setuid (`apptainer exec --userns --nv --nvccli ...`, or "
                "`allow setuid = no` in apptainer.conf) on a node that allows unprivileged user namespaces "
                "(`sysctl user.max_user_namespaces` above 0; on Ubuntu 23.10 and later the AppArmor userns "
                "restriction)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver", "rebuild the image"),
        sources=("https://github.com/apptainer/apptainer/issues/686", "https://github.com/apptainer/apptainer/issues/593",
                 "https://github.com/NixOS/nixpkgs/pull/279235", "https://apptainer.org/docs/user/latest/gpu.html"),
        checked="2026-11-26",
        examples=("containers/apptainer-686-nvccli-not-allowed-setuid.txt",),
    ),
)
