#!/usr/bin/env bash
# gpudoctor-fix: wsl.install-cuda-toolkit
# title: Install the CUDA toolkit from NVIDIA's WSL-Ubuntu repository (no driver)
# platform: wsl
# phase: toolkit
# elevation: root
# after: new-shell
# changes: downloads and installs NVIDIA's cuda-keyring package (WSL-Ubuntu repository) unless cuda-keyring is already installed
# changes: runs apt-get update
# changes: installs cuda-toolkit-X-Y (never cuda or cuda-drivers, which pull in a Linux driver)
# param: --version X-Y  CUDA toolkit version to install, e.g. 12-8 (12.8 is accepted too)
# usage: install-cuda-toolkit.sh --version X-Y [--dry-run]
#
# Source: NVIDIA "CUDA on WSL User Guide", https://docs.nvidia.com/cuda/wsl-user-guide/index.html
# ("Getting Started with CUDA on WSL 2", step 3, option 1: the WSL-Ubuntu package), and the
# network-deb instructions it links to on https://developer.nvidia.com/cuda-downloads
# (Linux > x86_64 > WSL-Ubuntu > 2.0 > deb (network)):
#   wget https://developer.download.nvidia.com/compute/cuda/repos/wsl-ubuntu/x86_64/cuda-keyring_1.1-1_all.deb
#   sudo dpkg -i cuda-keyring_1.1-1_all.deb && sudo apt-get update && sudo apt-get -y install cuda-toolkit-X-Y
# The WSL-Ubuntu repository carries no Linux driver; installing `cuda` or `cuda-drivers`
# (from any repository) would put one inside WSL and break CUDA, so only the toolkit
# meta-package is installed. Afterwards open a new shell and add /usr/local/cuda/bin to PATH.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/fixlib.sh
. "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/../lib/fixlib.sh"

REPO_URL=https://developer.download.nvidia.com/compute/cuda/repos/wsl-ubuntu/x86_64
KEYRING_DEB=cuda-keyring_1.1-1_all.deb

version=''
while (( $# )); do
    case $1 in
        --version) (( $# >= 2 )) || usage_error "--version needs a value, e.g. --version 12-8"
                   version=$2; shift ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) print_help; exit 0 ;;
        *) usage_error "unknown argument '$1'" ;;
    esac
    shift
done

[[ -n $version ]] || usage_error "--version X-Y is required, e.g. --version 12-8"
[[ $version =~ ^([0-9]{1,2})[.-]([0-9]{1,2})$ ]] \
    || usage_error "invalid --version '$version': expected MAJOR-MINOR such as 12-8"
version="${BASH_REMATCH[1]}-${BASH_REMATCH[2]}"
pkg="cuda-toolkit-$version"

is_wsl || die "this is not WSL: the WSL-Ubuntu CUDA repository is only for WSL 2 (use NVIDIA's repository for your distribution)"
arch=$(uname -m)
[[ $arch == x86_64 ]] || die "NVIDIA's WSL-Ubuntu repository is x86_64 only (this machine is $arch)"
if ! have dpkg-query || ! have apt-get; then
    die "dpkg/apt-get not found: this fix supports Ubuntu/Debian distributions only"
fi

pkg_version "$pkg"
if [[ -n $PKG_VERSION ]]; then
    say "nothing to do: $pkg is already installed ($PKG_VERSION)"
    exit 0
fi

require_root
export DEBIAN_FRONTEND=noninteractive

pkg_version cuda-keyring
if [[ -n $PKG_VERSION ]]; then
    say "cuda-keyring is already installed; not downloading it again"
    if [[ ! -e $ROOT/usr/share/keyrings/cuda-archive-keyring.gpg ]]; then
        warn "cuda-keyring is installed but $ROOT/usr/share/keyrings/cuda-archive-keyring.gpg is missing; apt-get update may fail"
    fi
else
    if have curl; then
        fetch=(curl -fsSL --retry 3 -o)
    elif have wget; then
        fetch=(wget -q -O)
    else
        die "neither curl nor wget is installed: apt-get install -y curl, then run this again"
    fi
    if (( DRY_RUN )); then
        deb="${TMPDIR:-/tmp}/tmp.XXXXXXXXXX/$KEYRING_DEB"
    else
        tmpdir=$(mktemp -d)
        _fix_tmpfiles+=("$tmpdir")
        deb="$tmpdir/$KEYRING_DEB"
    fi
    run "${fetch[@]}" "$deb" "$REPO_URL/$KEYRING_DEB"
    run dpkg -i "$deb"
fi

run apt-get update
run apt-get install -y "$pkg"

if (( DRY_RUN )); then
    say "dry run: nothing was changed"
else
    say "done: $pkg installed. Open a new shell; add the toolkit to PATH if needed:"
    say "  export PATH=/usr/local/cuda/bin:\$PATH"
fi
