"""WSL's own warnings about its configuration files (%UserProfile%\\.wslconfig and a distribution's /etc/wsl.conf):
keys it does not know where they were written, and mirrored networking it cannot give (rows of the WSL area, joined
into wsl.SIGNATURES). The wordings are wsl.exe's (localization/strings/*/Resources.resw in microsoft/WSL)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_CONFIG_DOCS = "https://learn.microsoft.com/en-us/windows/wsl/wsl-config"
WSL_NETWORKING_DOCS = "https://learn.microsoft.com/en-us/windows/wsl/networking"
WSL_STRINGS = "https://github.com/microsoft/WSL/blob/master/localization/strings/en-US/Resources.resw"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.config-key-unknown",
        cause_id="wsl-config-invalid",
        kinds=("any",),
        # MessageConfigUnknownKey "Unknown key '{section.key}' in {file}:{line}" for either file, in the locales people
        # paste (Chinese as WSL 2.0-2.3 and 2.4+ word it, Japanese, German, Spanish, Korean, Portuguese), the
        # parser's "Invalid section name"/"Invalid key name", and MessageLocalhostForwardingNotSupportedMirroredMode.
        patterns=(r"Unknown key '(?P<key>[\w.]{1,60})' in (?P<file>[^\n']{0,200}?(?:\.wslconfig|wsl\.conf)):\d{1,4}",
                  r"\.wslconfig:\d{1,4} 中的未知密钥 '(?P<key_zh>[\w.]{1,60})'",
                  r"wsl\.conf:\d{1,4} 中的未知密钥 '[\w.]{1,60}'",
                  r"wslconfig:\d{1,4} 中的键\"[\w.]{1,60}\"未知",
                  r"wsl\.conf:\d{1,4} 中的键\"[\w.]{1,60}\"未知",
                  r"wsl: [\w.]{1,60} の不明なキー '",
                  r"wslconfig:\d{1,4} の不明なキー",
                  r"Unbekannter Schlüssel „[\w.]{1,60}\" in [^\n]{0,200}?wsl",
                  r"Clave '[\w.]{1,60}' desconocida en [^\n]{0,200}?wsl",
                  r"Chave desconhecida \"[\w.]{1,60}\" em [^\n]{0,200}?wsl",
                  r"wslconfig:\d{1,4}에 알 수 없는 키",
                  r"Invalid (?:section|key) name in [^\n]{0,200}?(?:\.wslconfig|wsl\.conf):\d{1,4}",
                  r"wsl2\.localhostForwarding setting has no effect when using mirrored networking",
                  r"wsl2\.localhostForwarding (?:設定は無効です|设置无效|設定沒有作用|setting)"),
        severity="warn",
        cause="WSL skipped a configuration key it does not know in the file and section where it was written (a VM "
              "setting in /etc/wsl.conf, a distribution setting in .wslconfig, an experimental key under [wsl2], a "
              "misspelled name, or localhostForwarding, which mirrored networking ignores), so that setting is not "
              "applied.",
        advice=("Move the key to the file and section Microsoft's WSL config docs name for it: VM settings (memory, "
                "processors, swap, networkingMode, dnsTunneling, firewall, autoProxy, gpuSupport) go under [wsl2] in "
                "%UserProfile%\\.wslconfig on Windows; a distribution's settings ([boot] systemd=true, [automount], "
                "[network], [interop], [user]) go in /etc/wsl.conf inside it; experimental keys (hostAddressLoopback, "
                "and in WSL 2.0 autoMemoryReclaim and sparseVhd) under [experimental]; check the spelling "
                "(networkingMode, not networkMode). Mirrored networking (Windows 11 22H2 or newer only) needs no "
                "localhostForwarding: delete that line. Then run `wsl --shutdown` and open the distribution again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister", "reinstall WSL"),
        sources=("https://github.com/microsoft/WSL/issues/13048", "https://github.com/microsoft/WSL/issues/10965",
                 "https://github.com/microsoft/WSL/issues/11873", WSL_CONFIG_DOCS, WSL_STRINGS),
        checked="2026-11-26",
        examples=("wsl/wsl-13048-unknown-key-wsl2-memory-in-wsl-conf.txt",
                  "wsl/wsl-10965-unknown-key-hostaddressloopback-experimental.txt",
                  "wsl/wsl-11873-unknown-key-boot-systemd-wslconfig-zh.txt"),
    ),
    Signature(
        code="wsl.mirrored-networking-unsupported",
        cause_id="wsl-config-invalid",
        kinds=("any",),
        # MessageMirroredNetworkingNotSupportedReason ("Mirrored networking mode is not supported: <reason>. Falling
        # back to NAT networking.", older: "..., falling back to NAT networking") in the locales people paste, and
        # MessageNetworkInitializationFailedFallback2 for mirrored mode.
        patterns=(r"Mirrored networking mode is not supported(?P<reason>[^\n]{0,160})",
                  r"wsl: 不支持镜像网络模式",
                  r"wsl: Der gespiegelte Netzwerkmodus wird nicht unterstützt",
                  r"wsl: Режим зеркальной сети не поддерживается",
                  r"wsl: 미러된 네트워킹 모드는 지원되지 않음",
                  r"Failed to configure network \(networkingMode [Mm]irrored\), falling back to networkingMode "
                  r"(?P<fallback>\w{1,20})"),
        severity="warn",
        cause="WSL cannot give this Windows mirrored networking (it needs Windows 11 22H2 or newer, and no Windows "
              "Server or Windows 10 build has it), so the VM started in NAT (or no) networking instead.",
        advice=("Mirrored networkingMode needs Windows 11 22H2 or newer (`winver` shows the build; Windows 10 and "
                "Windows Server cannot use it): on this Windows remove networkingMode=mirrored from the [wsl2] section "
                "of %UserProfile%\\.wslconfig and reach WSL's servers through NAT (localhost forwarding, or `netsh "
                "interface portproxy` for the LAN), or upgrade Windows; on Windows 11, `wsl --update` and keep the key "
                "spelled `networkingMode=mirrored` under [wsl2]; then `wsl --shutdown`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister", "reinstall WSL"),
        sources=("https://github.com/microsoft/WSL/issues/11359", "https://github.com/microsoft/WSL/issues/11332",
                 WSL_NETWORKING_DOCS, WSL_STRINGS),
        checked="2026-11-26",
        examples=("wsl/wsl-11359-mirrored-not-supported-windows-10.txt",),
    ),
    Signature(
        code="wsl.custom-kernel-not-found",
        cause_id="wsl-config-invalid",
        kinds=("any",),
        # MessageCustomKernelNotFound / MessageCustomKernelModulesNotFound and the code wsl.exe prints under them
        # (WSL_E_CUSTOM_KERNEL_NOT_FOUND): the kernel= or kernelModules= path of .wslconfig names no file.
        patterns=(r"The custom kernel (?:modules VHD in|specified in) [^\n]{1,200}? was not found: '(?P<path>[^'\n]{1,200})'",
                  r"Wsl/[\w/]{0,60}WSL_E_CUSTOM_KERNEL_NOT_FOUND\b"),
        severity="fail",
        cause="WSL 2 will not start: the custom kernel (or kernel modules VHD) that .wslconfig names is not at that path "
              "(a typo, single backslashes, a moved or deleted file, or an old line copied from another PC).",
        advice=("Fix the kernel= (or kernelModules=) line under [wsl2] in %UserProfile%\\.wslconfig: an absolute "
                "Windows path to the existing file, with doubled backslashes (`kernel=C:\\\\Users\\\\me\\\\bzImage`); "
                "or delete the line to boot WSL's own kernel, which has the GPU support (dxgkrnl) CUDA needs. Then run "
                "`wsl --shutdown` and start the distribution again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister", "reinstall WSL"),
        sources=("https://github.com/microsoft/WSL/issues/10210", "https://github.com/microsoft/WSL/issues/5107",
                 WSL_CONFIG_DOCS, WSL_STRINGS),
        checked="2026-11-26",
        examples=("wsl/wsl-10210-custom-kernel-not-found-path-typo.txt",),
    ),
    Signature(
        code="wsl.sparse-vhd-disabled",
        cause_id="wsl-config-invalid",
        kinds=("any",),
        # MessageSparseVhdDisabled (WSL 2.5+): its first sentence in English, and the command it prints in every
        # locale (WSL 2.5.8 printed it without "true", which wsl.exe then rejects as not a boolean).
        patterns=(r"Sparse VHD support is currently disabled due to potential data corruption",
                  r"wsl\.exe --manage <DistributionName> --set-sparse (?:true )?--allow-unsafe"),
        severity="warn",
        cause="WSL (2.5 and newer) turned sparse virtual disks off because they could corrupt data, so "
              "`--set-sparse true` (and sparseVhd=true in .wslconfig) is refused and the disk stays non-sparse.",
        advice=("Leave the disk non-sparse (the safe default), or, after a backup (`wsl --export <distro> <file>.tar`), "
                "force it with `wsl --manage <distro> --set-sparse true --allow-unsafe` (`true` before --allow-unsafe; "
                "`--set-sparse --allow-unsafe` is rejected as not a boolean)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/13075", WSL_STRINGS),
        checked="2026-11-26",
        examples=("wsl/wsl-13075-sparse-vhd-disabled-allow-unsafe-zh.txt",),
    ),
)
