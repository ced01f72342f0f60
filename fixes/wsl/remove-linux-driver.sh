#!/usr/bin/env bash
# gpudoctor-fix: wsl.remove-linux-driver
# title: Remove a Linux NVIDIA driver installed inside WSL
# platform: wsl
# phase: driver
# elevation: root
# after: wsl-shutdown
# changes: purges installed packages matching nvidia-driver-*, nvidia-dkms-*, nvidia-kernel-*, libnvidia-compute-*, libnvidia-gl-*, nvidia-utils-*, xserver-xorg-video-nvidia-*
# changes: purges cuda-drivers, cuda-drivers-* and the cuda / cuda-X-Y meta-packages that pull a driver in (never cuda-toolkit-*)
# changes: purges each package named with --package (one that owns a stray NVIDIA library, e.g. Debian's libcuda1), when installed
# changes: runs ldconfig to refresh the library cache
# param: --package NAME  also purge this installed package (it owns an NVIDIA library outside /usr/lib/wsl/lib)
# usage: remove-linux-driver.sh [--package NAME]... [--dry-run]
#
# Inside WSL 2 the Windows NVIDIA driver provides the GPU: its libcuda.so and
# nvidia-smi appear under /usr/lib/wsl/lib. A Linux driver package installed in the
# distribution shadows that libcuda with one that cannot talk to the GPU, so CUDA
# fails ("no CUDA-capable device", error 100/999). NVIDIA's CUDA on WSL User Guide
# (https://docs.nvidia.com/cuda/wsl-user-guide/index.html, "Getting Started") says
# not to install any NVIDIA Linux display driver inside WSL 2.
# After this fix, run `wsl.exe --shutdown` from Windows and reopen the distribution.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/fixlib.sh
. "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/../lib/fixlib.sh"

named=()
while (( $# )); do
    case $1 in
        --dry-run) DRY_RUN=1 ;;
        --package)
            (( $# >= 2 )) || usage_error "--package needs a package name"
            [[ $2 =~ ^[a-z0-9][a-z0-9+.-]*(:[a-z0-9]+)?$ ]] || usage_error "invalid package name '$2'"
            named+=("${2%%:*}"); shift ;;
        -h|--help) print_help; exit 0 ;;
        *) usage_error "unknown argument '$1'" ;;
    esac
    shift
done

is_wsl || die "this is not WSL: on native Linux the NVIDIA driver packages are needed, so nothing was removed"
have dpkg-query || die "dpkg-query not found: this fix supports Debian/Ubuntu distributions only"

# Packages that make up (or pull in) a Linux NVIDIA driver. cuda-toolkit-* is not here:
# the toolkit is fine inside WSL and does not contain a driver.
driver_re='^(nvidia-driver-.+|nvidia-dkms-.+|nvidia-kernel-.+|libnvidia-compute-.+|libnvidia-gl-.+|nvidia-utils-.+|xserver-xorg-video-nvidia-.+|cuda-drivers|cuda-drivers-.+|cuda|cuda-[0-9]+-[0-9]+)$'

# ${binary:Package} keeps the :i386 qualifier of foreign-architecture packages, so
# apt-get purges exactly what dpkg reports.
listing=$(dpkg-query -W -f='${binary:Package} ${Status}\n') || die "dpkg-query could not list the installed packages"
found=()
while read -r pkg status; do
    [[ $status == *' installed' ]] || continue   # skip config-files / not-installed
    if [[ ${pkg%%:*} =~ $driver_re ]]; then found+=("$pkg"); continue; fi
    for name in "${named[@]}"; do
        if [[ ${pkg%%:*} == "$name" ]]; then found+=("$pkg"); fi
    done
done <<< "$listing"

if (( ${#found[@]} == 0 )); then
    say "nothing to do: no Linux NVIDIA driver packages are installed inside WSL (already clean)"
    exit 0
fi

require_root
mapfile -t found < <(printf '%s\n' "${found[@]}" | sort -u)
say "Linux NVIDIA driver packages found inside WSL: ${found[*]}"
say "They shadow the Windows driver's libcuda (/usr/lib/wsl/lib) and break CUDA; purging them."

export DEBIAN_FRONTEND=noninteractive
run apt-get purge -y "${found[@]}"
run ldconfig

if [[ ! -e $ROOT/usr/lib/wsl/lib/libcuda.so.1 ]]; then
    warn "$ROOT/usr/lib/wsl/lib/libcuda.so.1 is missing: install or update the NVIDIA driver on Windows"
fi
if (( DRY_RUN )); then
    say "dry run: nothing was changed"
else
    say "done. Next: from Windows (PowerShell or cmd) run: wsl.exe --shutdown   then reopen this distribution"
fi
