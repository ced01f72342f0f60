#!/usr/bin/env bash
# gpudoctor-fix: wsl.install-nccl
# title: Install NCCL (libnccl2, libnccl-dev) built for a given CUDA version
# platform: wsl linux
# phase: nccl
# elevation: root
# after: none
# changes: installs libnccl2=VER and libnccl-dev=VER, VER being the newest version in apt whose string ends in +cudaX.Y
# param: --cuda X.Y  CUDA version NCCL must be built for, e.g. 12.6
# usage: install-nccl.sh --cuda X.Y [--dry-run]
#
# NVIDIA's CUDA apt repository versions NCCL per CUDA release, e.g. 2.23.4-1+cuda12.6.
# A libnccl2 built for another CUDA version than the one the application uses is a
# common cause of "NCCL error: unhandled cuda error" / "invalid device function".
# The repository must already be configured (on WSL: install-cuda-toolkit.sh sets it up
# through the cuda-keyring package) and `apt-get update` must have run.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/fixlib.sh
. "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/../lib/fixlib.sh"

cuda=''
while (( $# )); do
    case $1 in
        --cuda) (( $# >= 2 )) || usage_error "--cuda needs a value, e.g. --cuda 12.6"
                cuda=$2; shift ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) print_help; exit 0 ;;
        *) usage_error "unknown argument '$1'" ;;
    esac
    shift
done

[[ -n $cuda ]] || usage_error "--cuda X.Y is required, e.g. --cuda 12.6"
[[ $cuda =~ ^[0-9]{1,2}\.[0-9]{1,2}$ ]] || usage_error "invalid --cuda '$cuda': expected MAJOR.MINOR such as 12.6"
if ! have apt-cache || ! have apt-get || ! have dpkg-query; then
    die "apt-cache/apt-get/dpkg-query not found: this fix supports Ubuntu/Debian only"
fi

# `apt-cache madison libnccl2` prints one line per available version:
#   libnccl2 | 2.23.4-1+cuda12.6 | https://developer.download.nvidia.com/compute/cuda/repos/wsl-ubuntu/x86_64  Packages
versions=()
others=()
while IFS='|' read -r _ ver _; do
    ver=${ver//[[:space:]]/}
    [[ -n $ver ]] || continue
    if [[ $ver == *"+cuda$cuda" ]]; then
        versions+=("$ver")
    elif [[ $ver == *+cuda* ]]; then
        others+=("cuda${ver##*+cuda}")
    fi
done < <(apt-cache madison libnccl2 2>/dev/null || true)

if (( ${#versions[@]} == 0 )); then
    seen=''
    if (( ${#others[@]} )); then seen=$(printf '%s\n' "${others[@]}" | sort -uV | tr '\n' ' '); fi
    die "no libnccl2 version built for CUDA $cuda in the configured apt repositories${seen:+ (available: ${seen% })}; set up NVIDIA's CUDA repository first (install-cuda-toolkit.sh, or NVIDIA's cuda-keyring for your distribution), run apt-get update, and try again"
fi
ver=$(printf '%s\n' "${versions[@]}" | sort -V | tail -n 1)

pkg_version libnccl2; have2=$PKG_VERSION
pkg_version libnccl-dev; have_dev=$PKG_VERSION
if [[ $have2 == "$ver" && $have_dev == "$ver" ]]; then
    say "nothing to do: libnccl2 and libnccl-dev $ver are already installed"
    exit 0
fi

require_root
say "installing NCCL $ver (installed now: libnccl2 ${have2:-none}, libnccl-dev ${have_dev:-none})"
export DEBIAN_FRONTEND=noninteractive
# --allow-downgrades: the matching build may be older than an installed one for a newer CUDA.
run apt-get install -y --allow-downgrades "libnccl2=$ver" "libnccl-dev=$ver"

if (( DRY_RUN )); then
    say "dry run: nothing was changed"
else
    say "done: NCCL $ver installed"
fi
