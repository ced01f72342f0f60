"""Containers without a root daemon: enroot and pyxis under Slurm (and other runtimes that start containers in a user
namespace), where the kernel's namespace policy and the NVIDIA Container Toolkit's handling of unprivileged callers
decide whether a GPU container starts (rows of the containers area, joined into containers.SIGNATURES)."""

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
)
