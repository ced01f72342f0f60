#!/usr/bin/env bash
# gpudoctor-fix: linux.set-shell-env
# title: Set or remove an environment variable in the shell profile (managed block)
# platform: wsl linux
# phase: environment
# elevation: none
# after: new-shell
# changes: edits a marked block (# >>> gpudoctor managed >>> ... # <<< gpudoctor managed <<<) in the shell profile, default ~/.bashrc
# changes: sets (export VAR='value'; set -gx VAR 'value' in a fish file) or removes one variable in that block; removes the block when it becomes empty
# changes: with --unset, also comments out the profile's own lines that assign the variable (marked "# disabled by gpudoctor:")
# param: --name VAR  variable to set or remove (CUDA_*, NCCL_*, OLLAMA_* ... from gpudoctor's allow-list)
# param: --value X  value to set; must not contain a single quote or a newline
# param: --unset  remove the variable from the block instead of setting it
# param: --profile FILE  shell profile to edit (default: $HOME/.bashrc; gpudoctor passes the file the user's shell reads: ~/.zshrc, config.fish, or the one that sets the variable)
# usage: set-shell-env.sh --name VAR (--value X | --unset) [--profile FILE] [--dry-run]
#
# Only the lines between the two markers are ever changed; the rest of the profile is
# left byte for byte as it was. The profile is backed up to
# FILE.gpudoctor-bak.<UTC timestamp> and replaced atomically (temp file + rename).
# Values are written in single quotes, so $, `, \ and " stay literal. A profile whose name ends
# in .fish gets fish's syntax. Removing a variable also disables the profile's own assignments
# of it outside the block (commented out, never deleted; the backup holds the original): a
# variable removed from the block alone would still be set by the user's line.
# The new value applies to shells started afterwards (open a new terminal). Services
# such as `ollama serve` under systemd do not read ~/.bashrc: use ollama-service-env.sh.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/fixlib.sh
. "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/../lib/fixlib.sh"

BEGIN_MARK='# >>> gpudoctor managed >>>'
END_MARK='# <<< gpudoctor managed <<<'

name='' value='' has_value=0 unset=0 profile="$HOME/.bashrc"
while (( $# )); do
    case $1 in
        --name) (( $# >= 2 )) || usage_error "--name needs a value"
                name=$2; shift ;;
        --value) (( $# >= 2 )) || usage_error "--value needs a value (use --unset to remove)"
                 value=$2; has_value=1; shift ;;
        --unset) unset=1 ;;
        --profile) (( $# >= 2 )) || usage_error "--profile needs a file name"
                   profile=$2; shift ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) print_help; exit 0 ;;
        *) usage_error "unknown argument '$1'" ;;
    esac
    shift
done

[[ -n $name ]] || usage_error "--name VAR is required"
check_env_name "$name"
(( has_value + unset == 1 )) || usage_error "give exactly one of --value X or --unset"
if (( has_value )); then
    [[ $value != *$'\n'* && $value != *$'\r'* ]] || usage_error "the value must not contain a newline"
    [[ $value != *"'"* ]] || usage_error "the value must not contain a single quote (')"
fi
[[ -n $profile ]] || usage_error "--profile must not be empty"
if [[ -e $profile && ! -f $profile ]]; then die "$profile is not a regular file"; fi

lines=()
if [[ -e $profile ]]; then mapfile -t lines < "$profile"; fi

# Locate the managed block; refuse to guess when the markers are not one clean pair.
begin=-1 end=-1 nbegin=0 nend=0
for i in "${!lines[@]}"; do
    if [[ ${lines[i]} == "$BEGIN_MARK" ]]; then begin=$i; nbegin=$((nbegin + 1)); fi
    if [[ ${lines[i]} == "$END_MARK" ]]; then end=$i; nend=$((nend + 1)); fi
done
if (( nbegin > 1 || nend > 1 || nbegin != nend || end < begin )); then
    die "$profile has a broken gpudoctor managed block (markers missing or repeated); fix it by hand, nothing was changed"
fi

fish=0
if [[ $profile == *.fish ]]; then fish=1; fi
if (( fish )); then
    line_re="^[[:space:]]*set[[:space:]]+-gx[[:space:]]+$name([[:space:]]|\$)"
    new_line="set -gx $name '$value'"
else
    line_re="^[[:space:]]*export[[:space:]]+$name="
    new_line="export $name='$value'"
fi
outside_re="^[[:space:]]*((export|declare[[:space:]]+-x|typeset[[:space:]]+-x)[[:space:]]+)?$name=|^[[:space:]]*set[[:space:]]+(-[A-Za-z]+[[:space:]]+)*$name([[:space:]]|\$)"
DISABLED="# disabled by gpudoctor:"

# Index of the variable's line inside the block (-1: none), and a note if it is also
# assigned outside the block (that assignment is the user's; it is never touched).
found=-1 outside=()
for i in "${!lines[@]}"; do
    if (( begin >= 0 && i > begin && i < end )); then
        if [[ ${lines[i]} =~ $line_re ]]; then found=$i; fi
    elif [[ ${lines[i]} =~ $outside_re ]]; then
        outside+=("$i")
        if (( ! unset )); then
            warn "$name is also assigned outside the managed block ($profile line $((i + 1))); whichever runs last wins"
        fi
    fi
done

if (( unset )); then
    if (( found < 0 && ${#outside[@]} == 0 )); then
        say "nothing to do: $name is not assigned in $profile (already unset there)"
        exit 0
    fi
    for i in "${outside[@]}"; do
        say "disabling $profile line $((i + 1)): ${lines[i]}"
        lines[i]="$DISABLED ${lines[i]}"
    done
fi
if (( unset && found < 0 )); then
    action="disable the assignments of $name in"
    done_msg="disabled the assignments of $name in"
elif (( unset )); then
    unset 'lines[found]'
    lines=("${lines[@]}")
    end=$((end - 1))
    # Drop the whole block when nothing but blank lines is left in it.
    empty=1
    for (( i = begin + 1; i < end; i++ )); do
        if [[ ${lines[i]} =~ [^[:space:]] ]]; then empty=0; fi
    done
    if (( empty )); then
        lines=("${lines[@]:0:begin}" "${lines[@]:end+1}")
    fi
    action="remove $name from"
    done_msg="removed $name from"
else
    if (( found >= 0 )); then
        if [[ ${lines[found]} == "$new_line" ]]; then
            say "nothing to do: $name is already set to '$value' in $profile"
            exit 0
        fi
        lines[found]=$new_line
    elif (( begin >= 0 )); then
        lines=("${lines[@]:0:end}" "$new_line" "${lines[@]:end}")
    else
        lines+=("$BEGIN_MARK" "$new_line" "$END_MARK")
    fi
    action="set $name='$value' in"
    done_msg="set $name='$value' in"
fi

content=''
if (( ${#lines[@]} )); then printf -v content '%s\n' "${lines[@]}"; fi

if (( DRY_RUN )); then
    say "would $action $profile; the managed block would become:"
    in_block=0 shown=0
    for l in "${lines[@]}"; do
        if [[ $l == "$BEGIN_MARK" ]]; then in_block=1; fi
        if (( in_block )); then say "  $l"; shown=1; fi
        if [[ $l == "$END_MARK" ]]; then in_block=0; fi
    done
    if (( ! shown )); then say "  (nothing: the empty block would be removed)"; fi
fi
atomic_write "$profile" "$content"
if (( DRY_RUN )); then
    say "dry run: nothing was changed"
else
    say "done: $done_msg $profile. Open a new shell (or: source $profile) for it to take effect"
fi
