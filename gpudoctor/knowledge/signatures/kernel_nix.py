"""Kernel and driver, Nix and NixOS: the NVIDIA driver's and CUDA's packages a Nix evaluation refuses (rows of the
kernel area, added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.nix-unfree-package-refused",
        cause_id="nix-unfree-not-allowed",
        kinds=("any",),
        # nixpkgs' check-meta: "error: Package ‘nvidia-x11-560.35.03-6.12.1’ in /nix/store/...-source/pkgs/...
        # has an unfree license (‘unfreeRedistributable’), refusing to evaluate." The driver's user space (also with
        # hardware.nvidia.open), nvidia-settings' libXNVCtrl and cudaPackages are unfree in nixpkgs.
        patterns=(r"Package [‘'](?P<package>[\w.+-]{0,40}(?:nvidia|cuda|cudnn|NVCtrl|nccl|libcu|tensorrt)[\w.+-]{0,60})[’'] "
                  r"in [^\n]{1,300} has an unfree license",),
        severity="fail",
        cause="Nix refuses to evaluate {package}: nixpkgs marks the NVIDIA driver's and CUDA's packages unfree, and "
              "this configuration allows no unfree packages.",
        advice=("Allow them in the configuration that builds it: `nixpkgs.config.allowUnfree = true;` (or an "
                "`nixpkgs.config.allowUnfreePredicate` listing the package names) in configuration.nix or the flake's "
                "nixpkgs import, `{ allowUnfree = true; }` in ~/.config/nixpkgs/config.nix for nix-shell and "
                "nix-build, or `NIXPKGS_ALLOW_UNFREE=1` with `--impure` for one nix command."),
        action="configure",
        rules_out=("the GPU", "the driver"),
        never_suggest=("disable Secure Boot", "blacklist nouveau", "reinstall the driver"),
        sources=("https://github.com/NixOS/nixpkgs/issues/318466", "https://github.com/NixOS/nixpkgs/issues/362500",
                 "https://nixos.org/manual/nixpkgs/stable/#sec-allow-unfree"),
        checked="2026-11-26",
        examples=("kernel/nixpkgs-318466-libxnvctrl-unfree-refusing-to-evaluate.txt",),
    ),
)
