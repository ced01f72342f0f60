"""Fix scripts shipped with gpudoctor: windows/*.ps1, wsl/*.sh, linux/*.sh (data, runnable by hand)."""
