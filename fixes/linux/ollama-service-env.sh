#!/usr/bin/env bash
# gpudoctor-fix: linux.ollama-service-env
# title: Set or remove environment variables of the Ollama systemd service
# platform: linux wsl
# phase: services
# elevation: root
# after: restart-ollama
# changes: edits the drop-in /etc/systemd/system/ollama.service.d/zz-gpudoctor.conf ([Service] Environment="VAR=VALUE" lines); removes it when it becomes empty
# changes: runs systemctl daemon-reload and systemctl restart ollama (only when the drop-in changed)
# param: --set VAR=VALUE  set VAR for the service (repeatable); VALUE must not contain " \ % or a newline
# param: --unset VAR  remove VAR from the drop-in (repeatable)
# usage: ollama-service-env.sh (--set VAR=VALUE | --unset VAR)... [--dry-run]
#
# Ollama's FAQ ("How do I configure Ollama server?" > "Setting environment variables on
# Linux", https://github.com/ollama/ollama/blob/main/docs/faq.md) says: when Ollama runs
# as a systemd service, add `Environment="VAR=value"` lines under [Service] (via
# `systemctl edit ollama.service`), then `systemctl daemon-reload` and
# `systemctl restart ollama`. This fix keeps its own drop-in file, zz-gpudoctor.conf, next to
# the override.conf that `systemctl edit` writes, and never touches the other files. Drop-ins
# apply in lexical order, so the zz- prefix makes its values win over override.conf's.
# Lines it does not manage in zz-gpudoctor.conf are kept. Backups are named
# zz-gpudoctor.conf.gpudoctor-bak.<UTC timestamp>; systemd ignores them (not *.conf).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/fixlib.sh
. "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/../lib/fixlib.sh"

DROPIN_DIR="$ROOT/etc/systemd/system/ollama.service.d"
DROPIN="$DROPIN_DIR/zz-gpudoctor.conf"
NAME_RE='[A-Za-z_][A-Za-z0-9_]*'

declare -A want=()     # VAR -> value to set
declare -A drop=()     # VAR -> 1 to remove
order=()               # VARs to set, in command-line order
while (( $# )); do
    case $1 in
        --set) (( $# >= 2 )) || usage_error "--set needs VAR=VALUE"
               [[ $2 == *=* ]] || usage_error "--set needs VAR=VALUE, got '$2'"
               n=${2%%=*} v=${2#*=}
               check_env_name "$n"
               [[ $v != *[$'\n\r"\\%']* ]] || usage_error "the value of $n must not contain \", \\, % or a newline (systemd would read them specially)"
               [[ -z ${want[$n]+x} ]] || usage_error "$n is given twice"
               want[$n]=$v; order+=("$n"); shift ;;
        --unset) (( $# >= 2 )) || usage_error "--unset needs a variable name"
                 check_env_name "$2"
                 drop[$2]=1; shift ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) print_help; exit 0 ;;
        *) usage_error "unknown argument '$1'" ;;
    esac
    shift
done
(( ${#want[@]} + ${#drop[@]} )) || usage_error "nothing asked: give at least one --set VAR=VALUE or --unset VAR"
for n in "${!drop[@]}"; do
    [[ -z ${want[$n]+x} ]] || usage_error "$n is both set and unset"
done

unit=''
for f in "$ROOT/etc/systemd/system/ollama.service" "$ROOT/usr/lib/systemd/system/ollama.service" "$ROOT/lib/systemd/system/ollama.service"; do
    if [[ -e $f ]]; then unit=$f; break; fi
done
[[ -n $unit ]] || die "ollama.service not found: Ollama is not installed as a systemd service (its Linux install script sets that up)"
have systemctl || die "systemctl not found: this fix needs systemd"

old=()
if [[ -e $DROPIN ]]; then mapfile -t old < "$DROPIN"; fi

# Rebuild the file line by line: a variable we set replaces its first Environment line
# in place (later duplicates go), a variable we unset loses all its lines, everything
# else is kept; variables not seen yet are added at the end of the [Service] section.
new=() section='' service_end=-1
declare -A placed=()
for line in "${old[@]}"; do
    if [[ $line =~ ^[[:space:]]*\[(.*)\][[:space:]]*$ ]]; then section=${BASH_REMATCH[1]}; fi
    if [[ $section == Service && $line =~ ^[[:space:]]*Environment=(.*)$ ]]; then
        rest=${BASH_REMATCH[1]}
        if [[ $rest =~ ^\"($NAME_RE)=[^\"]*\"[[:space:]]*$ || $rest =~ ^($NAME_RE)=[^[:space:]\"]*[[:space:]]*$ ]]; then
            n=${BASH_REMATCH[1]}
            if [[ -n ${drop[$n]+x} || -n ${placed[$n]+x} ]]; then continue; fi
            if [[ -n ${want[$n]+x} ]]; then line="Environment=\"$n=${want[$n]}\""; placed[$n]=1; fi
        else
            for n in "${order[@]}" "${!drop[@]}"; do
                if [[ $rest == *"$n="* ]]; then
                    die "cannot safely edit '$line' in $DROPIN (several assignments on one line); split it by hand, nothing was changed"
                fi
            done
        fi
    fi
    new+=("$line")
    if [[ $section == Service && $line =~ [^[:space:]] ]]; then service_end=${#new[@]}; fi
done

add=()
for n in "${order[@]}"; do
    if [[ -z ${placed[$n]+x} ]]; then add+=("Environment=\"$n=${want[$n]}\""); fi
done
if (( ${#add[@]} )); then
    if (( service_end < 0 )); then
        if (( ${#new[@]} == 0 )); then
            new=("# Managed by gpudoctor (ollama-service-env.sh). Other drop-ins in this directory are not touched.")
        fi
        new+=("[Service]" "${add[@]}")
    else
        new=("${new[@]:0:service_end}" "${add[@]}" "${new[@]:service_end}")
    fi
fi

# Empty = nothing but comments, blank lines and section headers left.
empty=1
for line in "${new[@]}"; do
    if [[ ! $line =~ ^[[:space:]]*([#\;].*|\[.*\][[:space:]]*)?$ ]]; then empty=0; fi
done

old_content='' new_content=''
if (( ${#old[@]} )); then printf -v old_content '%s\n' "${old[@]}"; fi
if (( ${#new[@]} )); then printf -v new_content '%s\n' "${new[@]}"; fi

if (( empty )) && [[ ! -e $DROPIN ]]; then
    say "nothing to do: $DROPIN does not exist and there is nothing to set (already unset)"
    exit 0
fi
if (( ! empty )) && [[ -e $DROPIN && $old_content == "$new_content" ]]; then
    say "nothing to do: $DROPIN already has these settings"
    exit 0
fi

require_root
if [[ ! -d $ROOT/run/systemd/system ]]; then
    msg="systemd is not running, so the service cannot be reloaded (on WSL: add [boot] systemd=true to /etc/wsl.conf, then wsl.exe --shutdown)"
    if (( DRY_RUN )); then warn "$msg"; else die "$msg"; fi
fi

for n in "${order[@]}"; do
    for f in "$DROPIN_DIR"/*.conf; do
        if [[ $f != "$DROPIN" && -f $f ]] && grep -q "$n=" "$f"; then
            warn "$(basename -- "$f") also sets $n; drop-ins apply in file-name order, the last one wins"
        fi
    done
done

if (( empty )); then
    remove_file "$DROPIN"
else
    if (( DRY_RUN )); then
        say "new contents of $DROPIN would be:"
        printf '  %s\n' "${new[@]}"
    fi
    atomic_write "$DROPIN" "$new_content"
fi
run systemctl daemon-reload
run systemctl restart ollama

if (( DRY_RUN )); then
    say "dry run: nothing was changed"
else
    say "done: ollama restarted with the new environment (check: systemctl show ollama -p Environment)"
fi
