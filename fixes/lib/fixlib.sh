# shellcheck shell=bash
# fixlib.sh - small helpers shared by gpudoctor's bash fix scripts.
#
# Sourced (never executed) by fixes/<platform>/*.sh right after `set -euo pipefail`.
# It gives every script the same contract:
#   * DRY_RUN=1 (set by the script's --dry-run): `run` and `atomic_write` only print.
#   * every failure exits non-zero with one `error: ...` line on stderr.
#   * files are backed up to <file>.gpudoctor-bak.<UTC timestamp> and replaced by a
#     temp file in the same directory + mv (rename), so an interruption never leaves a
#     half-written file; temp files are removed on any exit, including Ctrl-C.
#   * system paths go through $ROOT (= $GPUDOCTOR_ROOT, empty normally) so tests can
#     run a script inside a throw-away root directory.

ROOT=${GPUDOCTOR_ROOT:-}
DRY_RUN=0
FIX_NAME=$(basename -- "$0")
# Every variable a fix may set is on this list (shared by set-shell-env.sh and
# ollama-service-env.sh; set-user-env.ps1 carries the same list).
FIX_ENV_ALLOWLIST=(
    CUDA_VISIBLE_DEVICES CUDA_DEVICE_ORDER
    NCCL_P2P_DISABLE NCCL_P2P_LEVEL NCCL_SHM_DISABLE NCCL_IB_DISABLE NCCL_DEBUG
    OLLAMA_SCHED_SPREAD OLLAMA_GPU_OVERHEAD OLLAMA_MAX_LOADED_MODELS OLLAMA_HOST
    CUDA_LAUNCH_BLOCKING NVIDIA_TF32_OVERRIDE WSLENV
)

_fix_tmpfiles=()
_fix_died=0
_fix_last_cmd=''

say()  { printf '%s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

# die MESSAGE [EXIT_CODE]: one-line error on stderr, then exit (default 1).
die() {
    printf 'error: %s\n' "$1" >&2
    _fix_died=1
    exit "${2:-1}"
}

# usage_error MESSAGE: bad command line -> exit 2 with a pointer to --help.
usage_error() { die "$1 (see: $FIX_NAME --help)" 2; }

# Any command that fails without going through die still ends with one error line.
_fix_on_exit() {
    local rc=$? f
    for f in "${_fix_tmpfiles[@]}"; do
        if [[ -e $f || -L $f ]]; then rm -rf -- "$f"; fi
    done
    if (( rc != 0 && _fix_died == 0 )); then
        if (( rc == 130 || rc == 143 )); then
            printf 'error: interrupted; no file was left half-written\n' >&2
        else
            printf 'error: command failed (exit %d): %s\n' "$rc" "${_fix_last_cmd:-unknown}" >&2
        fi
    fi
}
set -o errtrace
trap '_fix_last_cmd=$BASH_COMMAND' ERR
trap _fix_on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# print_help: the script's own header comment block is its help text.
print_help() {
    local line
    while IFS= read -r line; do
        case $line in
            '#!'*) continue ;;
            '#'*) line=${line#\#}; printf '%s\n' "${line# }" ;;
            *) break ;;
        esac
    done < "$0"
}

# quote_cmd ARGS...: shell-quoted command line, for logs.
quote_cmd() {
    local out='' a
    for a in "$@"; do
        if [[ $a =~ ^[A-Za-z0-9_@%+=:,./-]+$ ]]; then out+=" $a"; else out+=" $(printf '%q' "$a")"; fi
    done
    printf '%s' "${out# }"
}

# run CMD ARGS...: run a command that changes the system (or print it under --dry-run).
run() {
    if (( DRY_RUN )); then
        say "would run: $(quote_cmd "$@")"
    else
        say "running: $(quote_cmd "$@")"
        local rc=0
        "$@" || rc=$?
        (( rc == 0 )) || die "$(quote_cmd "$@") failed (exit $rc)"
    fi
}

have() { command -v "$1" >/dev/null 2>&1; }

# require_root: fixes that change the system need uid 0 (a dry run does not).
require_root() {
    if (( DRY_RUN )); then return 0; fi
    local uid
    uid=$(id -u)
    [[ $uid == 0 ]] || die "must run as root (run it again with sudo, or use --dry-run to preview)"
}

# is_wsl: true inside WSL (the kernel release names Microsoft).
is_wsl() {
    local f
    for f in "$ROOT/proc/sys/kernel/osrelease" "$ROOT/proc/version"; do
        if [[ -r $f ]] && grep -qi 'microsoft' "$f"; then return 0; fi
    done
    return 1
}

# in_allowlist NAME: is NAME one of FIX_ENV_ALLOWLIST?
in_allowlist() {
    local n
    for n in "${FIX_ENV_ALLOWLIST[@]}"; do
        if [[ $n == "$1" ]]; then return 0; fi
    done
    return 1
}

# check_env_name NAME: valid identifier and on the allow-list, or die.
check_env_name() {
    [[ $1 =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || usage_error "invalid variable name '$1': must match ^[A-Za-z_][A-Za-z0-9_]*\$"
    in_allowlist "$1" || usage_error "variable '$1' is not one gpudoctor manages (allowed: ${FIX_ENV_ALLOWLIST[*]})"
}

# pkg_version PKG: set PKG_VERSION to the installed version of PKG ('' if not installed).
# Called directly (not in $(...)) so that a dpkg failure can die with one message.
PKG_VERSION=''
# shellcheck disable=SC2034  # PKG_VERSION is read by the scripts that source this file
pkg_version() {
    local out rc=0 status ver
    PKG_VERSION=''
    out=$(dpkg-query -W -f='${Status}\t${Version}\n' "$1" 2>&1) || rc=$?
    (( rc <= 1 )) || die "dpkg-query failed (exit $rc): ${out//$'\n'/ }"
    (( rc == 0 )) || return 0   # 1: "no packages found matching PKG"
    while IFS=$'\t' read -r status ver; do
        if [[ $status == *' installed' ]]; then PKG_VERSION=$ver; return 0; fi
    done <<< "$out"
}

# backup_file FILE: copy FILE to FILE.gpudoctor-bak.<UTC timestamp>; prints the backup path.
backup_file() {
    local f=$1 base bak n=1
    base="$f.gpudoctor-bak.$(date -u +%Y%m%dT%H%M%SZ)"
    bak=$base
    while [[ -e $bak ]]; do bak="$base.$n"; n=$((n + 1)); done
    cp -p -- "$f" "$bak"
    printf '%s\n' "$bak"
}

# remove_stale_temp_files FILE: temp files of FILE that a killed run (kill -9) left behind, older
# than 10 minutes so that another run writing right now keeps its own (same age as gpudoctor/output_file.py).
remove_stale_temp_files() {
    local target=$1 now mtime f
    now=$(date +%s)
    for f in "$(dirname -- "$target")/.$(basename -- "$target").gpudoctor-tmp."*; do
        [[ -f $f && ! -L $f ]] || continue
        mtime=$(stat -c %Y -- "$f" 2>/dev/null) || continue
        if (( now - mtime > 600 )); then rm -f -- "$f"; fi
    done
    return 0
}

# atomic_write FILE CONTENT: back up FILE (if it exists), write CONTENT to a temp file
# in the same directory and rename it over FILE. A symlinked FILE is written through.
atomic_write() {
    local target=$1 content=$2 dir tmp bak
    if [[ -L $target ]]; then target=$(readlink -f -- "$target"); fi
    dir=$(dirname -- "$target")
    if (( DRY_RUN )); then
        if [[ -e $target ]]; then say "would back up $target to $target.gpudoctor-bak.<UTC timestamp>"; fi
        say "would write $target (temp file + rename)"
        return 0
    fi
    [[ -d $dir ]] || mkdir -p -- "$dir"
    remove_stale_temp_files "$target"
    tmp=$(mktemp "$dir/.$(basename -- "$target").gpudoctor-tmp.XXXXXX")
    _fix_tmpfiles+=("$tmp")
    printf '%s' "$content" > "$tmp"
    if [[ -e $target ]]; then
        chmod --reference="$target" -- "$tmp"
        chown --reference="$target" -- "$tmp" 2>/dev/null || true
        bak=$(backup_file "$target")
        say "backup: $bak"
    else
        chmod 0644 -- "$tmp"
    fi
    mv -f -- "$tmp" "$target" || die "could not replace $target; it was left unchanged"
    say "wrote: $target"
}

# remove_file FILE: back up FILE, then delete it.
remove_file() {
    local target=$1 bak
    if (( DRY_RUN )); then
        say "would back up $target to $target.gpudoctor-bak.<UTC timestamp>"
        say "would remove $target"
        return 0
    fi
    bak=$(backup_file "$target")
    say "backup: $bak"
    rm -f -- "$target"
    say "removed: $target"
}
