"""Issue 25 (helper w28a): the graphics half of the NVIDIA driver on the desktop, 32-bit libraries and Flatpak.

The driver's user-space libraries come in two halves that packages split: the compute half (libcuda, libnvidia-ml)
and the graphics half (libGLX_nvidia, libnvidia-glcore, libEGL_nvidia, the Vulkan ICD). A 32-bit program (the Steam
client, Wine and Proton's 32-bit games) needs the graphics half built for i386/i686 as well, which distributions ship
as a separate package that nothing pulls in; a Flatpak application needs it inside its sandbox, as the Flathub
extension org.freedesktop.Platform.GL.nvidia-<version> (GL32 for 32-bit) of exactly the host driver's version. What
people paste when that half is missing:

- Mesa's libGL taking over for a program that finds no NVIDIA GL library of its architecture: "libGL error: No
  matching fbConfigs or visuals found" (then "failed to load driver: swrast"), Steam's "glXChooseVisual failed", its
  "You are missing the following 32-bit libraries, and Steam may not run", Wine's "couldn't initialize OpenGL,
  expect problems", and the dynamic loader's "libGL.so.1: wrong ELF class: ELFCLASS64" when only the 64-bit libGL
  is there.
- Inside a Flatpak (flatpak run, Flathub, a manifest's finish-args) the same lines mean the GL.nvidia extension of
  the host's version is not installed: Flathub publishes it some hours after a driver release, `flatpak update`
  installs it, and until the machine reboots after a driver update the loaded module's version (the one Flatpak
  matches) is still the old one. Apps and Flatpak name it themselves too ("Graphics driver 'nvidia-390-59' for
  Flatpak has not been found on your system", "Nothing matches org.freedesktop.Platform.GL.nvidia-... in remote").

The package that carries the 32-bit half on each distribution is the table THIRTY_TWO_BIT below, with its source and
the day it was checked.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# Where each distribution ships the NVIDIA driver's 32-bit GL/Vulkan libraries (checked 2026-11-27 against the source
# named): the package (or setting) to add, of the same version as the 64-bit driver.
THIRTY_TWO_BIT = {
    # Ubuntu's driver packages (ubuntu-drivers, the graphics-drivers PPA): one :i386 package per branch, which nothing
    # depends on (Valve's maintainer in steam-for-linux issues 6789 and 8238).
    "ubuntu": ("sudo dpkg --add-architecture i386 && sudo apt update && sudo apt install libnvidia-gl-<branch>:i386",
               "https://github.com/ValveSoftware/steam-for-linux/issues/8238", "2026-11-27"),
    # Debian's nvidia-driver packages (the 32-bit GL libraries for Steam and Wine; a Debian 12 user's fix in
    # steam-for-linux issue 8827).
    "debian": ("sudo dpkg --add-architecture i386 && sudo apt update && sudo apt install nvidia-driver-libs:i386",
               "https://github.com/ValveSoftware/steam-for-linux/issues/8827", "2026-11-27"),
    # Fedora with RPM Fusion's driver (akmod-nvidia); negativo17's and NVIDIA's own repository name it
    # nvidia-driver-libs.i686 (steam-for-linux issue 3979 for RPM Fusion, two users' confirmed fix; the package name
# nvidia-driver-libs in NVIDIA's RHEL repository and negativo17's in nvidia-container-toolkit issues 1124 and 1732).
    "fedora": ("sudo dnf install xorg-x11-drv-nvidia-libs.i686 (negativo17/NVIDIA repository: nvidia-driver-libs.i686)",
               "https://github.com/ValveSoftware/steam-for-linux/issues/3979", "2026-11-27"),
    # Arch: enable [multilib] in /etc/pacman.conf (the Multilib page); lib32-nvidia-utils must match nvidia-utils'
    # version (the NVIDIA page).
    "arch": ("enable [multilib] in /etc/pacman.conf, then sudo pacman -Syu lib32-nvidia-utils",
             "https://wiki.archlinux.org/title/NVIDIA", "2026-11-27"),
    # Void: the 32-bit package lives in the multilib-nonfree repository (void-packages issue 12923).
    "void": ("sudo xbps-install -S void-repo-multilib-nonfree && sudo xbps-install -S nvidia-libs-32bit",
             "https://github.com/void-linux/void-packages/issues/12923", "2026-11-27"),
    # NixOS 24.11 and later (before: hardware.opengl.driSupport32Bit = true).
    "nixos": ("hardware.graphics.enable32Bit = true; (NixOS before 24.11: hardware.opengl.driSupport32Bit = true;)",
              "https://github.com/NixOS/nixpkgs/issues/213983", "2026-11-27"),
    # Slackware and NVIDIA's .run installer: the installer adds its 32-bit compatibility libraries only where a 32-bit
    # glibc is present (Slackware multilib, libc6:i386), so install that first and rerun the installer.
    "runfile": ("install the 32-bit glibc (Slackware multilib, libc6:i386), then rerun the NVIDIA .run installer and "
                "accept its 32-bit compatibility libraries",
                "https://github.com/ValveSoftware/steam-for-linux/issues/5884", "2026-11-27"),
}

_LABELS = {"ubuntu": "Ubuntu", "debian": "Debian", "fedora": "Fedora (RPM Fusion)", "arch": "Arch",
           "void": "Void", "nixos": "NixOS", "runfile": "Slackware or a .run driver"}
_THIRTY_TWO_BIT_ADVICE = "; ".join(f"{_LABELS[name]}: {what}" for name, (what, _, _) in THIRTY_TWO_BIT.items())

# The lines Mesa's libGL and the Steam client print when a program finds no GL driver of its own architecture.
_NO_GL_OF_THIS_ARCH = (
    r"libGL error: No matching fbConfigs or visuals found",
    r"glXChooseVisual failed",
    r"You are missing the following 32-bit libraries, and Steam may not run",
    r"libGL\.so\.1: wrong ELF class: ELFCLASS64",
    # Wine when its 32-bit (or WoW64) side gets no GL context
    r"X11DRV_WineGL_InitOpenglInfo {1,2}couldn't initialize OpenGL",
)

# The extension as flatpak names it, with the host driver's version (dots as dashes) or, typed by hand, without it.
_FLATHUB_EXTENSION = (r"org\.freedesktop\.Platform\.GL(?:32)?\.nvidia"
                      r"(?:-(?P<version>\d{2,3}-\d{1,3}(?:-\d{1,3})?))?")

_FLATPAK_ADVICE = (
    "Run `flatpak update` (both system and --user installations): it installs org.freedesktop.Platform.GL.nvidia-"
    "<version> (and GL32 for 32-bit apps such as Steam) matching the host driver: `flatpak --gl-drivers` names the "
    "one it wants, `cat /sys/module/nvidia/version` with dots as dashes (by hand: `flatpak install flathub "
    "org.freedesktop.Platform.GL.nvidia-<version>`, with the remote named). After a driver update reboot first, so the loaded module is the "
    "new one; if Flathub has not yet published that version (hours to a day after a driver release) wait and run "
    "`flatpak update` again, or stay on the previous driver; where the remote is not flathub, `flatpak remote-add "
    "--if-not-exists flathub https://flathub.org/repo/flathub.flatpakrepo` first."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.nvidia-32bit-gl-libs-missing",
        cause_id="nvidia-32bit-libs-missing",
        kinds=("any",),
        patterns=_NO_GL_OF_THIS_ARCH,
        severity="warn",
        cause=("An OpenGL program found no NVIDIA GL library of its own architecture and fell back to Mesa's software "
               "renderer: with the NVIDIA driver this is nearly always a 32-bit program (the Steam client, Wine, "
               "32-bit games) on a system with only the driver's 64-bit libraries installed."),
        advice=("Install the NVIDIA driver's 32-bit libraries of the same version as the 64-bit ones, then check with a "
                "32-bit glxinfo: " + _THIRTY_TWO_BIT_ADVICE + ". Inside Flatpak the same lines mean its "
                "org.freedesktop.Platform.GL32.nvidia extension is missing: `flatpak update`; in a Docker container, that the "
                "graphics capability is: `-e NVIDIA_DRIVER_CAPABILITIES=all`."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA",),
        sources=tuple(dict.fromkeys((*(source for _, source, _ in THIRTY_TWO_BIT.values()),
                                     "https://github.com/ValveSoftware/steam-for-linux/issues/6789"))),
        checked="2026-11-27",
        examples=("kernel/steamforlinux-3979-fedora-swrast-nvidia-libs-i686.txt",
                  "kernel/steamforlinux-6789-libnvidia-gl-440-i386-missing.txt",
                  "kernel/voidpackages-12923-wine-fbconfigs-nvidia-libs-32bit.txt"),
    ),
    Signature(
        code="kernel.flatpak-nvidia-gl-extension-not-found",
        cause_id="flatpak-nvidia-gl-extension-missing",
        kinds=("any",),
        patterns=(
            # apps that check for it themselves (Nuvola's runtime)
            r"Graphics driver '(?P<driver>nvidia-\d{2,3}-\d{1,3}(?:-\d{1,3})?)' for Flatpak has not been found",
            # flatpak's own answer when the extension for that version is not (yet) on the remote, or not installed
            r"Nothing matches " + _FLATHUB_EXTENSION,
            r"No remote refs found (?:similar to|for) ['‘\"]?" + _FLATHUB_EXTENSION,
            r"Can't find ref " + _FLATHUB_EXTENSION,
            r"Failed to install " + _FLATHUB_EXTENSION,
            r"[Ee]rror: " + _FLATHUB_EXTENSION + r"[^\n]{0,40}? not installed",
        ),
        severity="fail",
        cause=("Flatpak applications have no NVIDIA OpenGL/Vulkan driver: the Flathub extension "
               "org.freedesktop.Platform.GL.nvidia of exactly the host driver's version is not installed (not yet "
               "published after a driver update, or never pulled), so they fall back to software rendering or fail."),
        advice=_FLATPAK_ADVICE,
        action="configure",
        rules_out=("a driver that needs reinstalling",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/flatpak/flatpak/issues/1702", "https://github.com/flatpak/flatpak/issues/1663",
                 "https://github.com/flathub/org.freedesktop.Platform.GL.nvidia/issues/287",
                 "https://github.com/flatpak/flatpak/issues/2231",
                 "https://github.com/flathub/org.freedesktop.Platform.GL.nvidia/issues/36",
                 "https://github.com/flathub/org.freedesktop.Platform.GL.nvidia/issues/151"),
        checked="2026-11-27",
        examples=("kernel/flatpak-1702-nuvola-gl-nvidia-390-59-not-found.txt",
                  "kernel/flatpak-1663-nuvola-gl-nvidia-390-48-flatpak-update.txt",
                  "kernel/flathub-glnvidia-151-no-remote-refs-525-85-05.txt",
                  "kernel/flathub-glnvidia-36-cant-find-ref-flatpak-update.txt"),
    ),
    Signature(
        code="kernel.flatpak-gl-fallback-no-nvidia-extension",
        cause_id="flatpak-nvidia-gl-extension-missing",
        kinds=("any",),
        contexts=("flatpak",),
        refines=("kernel.nvidia-32bit-gl-libs-missing",),
        patterns=_NO_GL_OF_THIS_ARCH + (
            # Qt's GLX integration in a Flatpak app that finds no GL driver
            r"qglx_findConfig: Failed to finding matching FBConfig",
        ),
        severity="fail",
        cause=("A Flatpak application found no NVIDIA GL driver inside its sandbox and fell back to Mesa's software "
               "renderer: the org.freedesktop.Platform.GL.nvidia extension (GL32 for 32-bit apps) of the host "
               "driver's exact version is not installed."),
        advice=_FLATPAK_ADVICE,
        action="configure",
        rules_out=("a driver that needs reinstalling",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/flatpak/flatpak/issues/138",
                 "https://github.com/flathub/org.freedesktop.Platform.GL.nvidia/issues/287"),
        checked="2026-11-27",
        examples=("kernel/flatpak-138-fbconfigs-swrast-needs-gl-nvidia.txt",),
    ),
)
