"""The WSL 2 failure families a blind set missed (issue 25, sig-y10): a process killed by the VM's memory limit in any
shell's or tool's words, nvidia-smi off PATH in any shell's words, and TDR's advice naming the serving engines' knob."""

from __future__ import annotations

from gpudoctor.knowledge.contexts import in_text
from gpudoctor.knowledge.matcher import scan
from gpudoctor.knowledge.signatures import by_code

IN_WSL = "Linux DESKTOP-1 5.15.153.1-microsoft-standard-WSL2 #1 SMP x86_64 GNU/Linux\n"


def _codes(text: str) -> set[str]:
    return {found.code for found in scan(text, "paste")}


def test_a_kill_in_any_shells_words_inside_wsl_names_the_vms_memory_limit():
    for line in ("zsh: killed     python server.py --model llama-13b\n",
                 "[1]+  Killed                  python3 webui.py\n",
                 "Loading checkpoint shards:  50%|#####     | 1/2 [00:41<00:41, 41.20s/it]Killed\n",
                 "[ 1234.567890] Out of memory: Killed process 4321 (python3) total-vm:30123456kB\n",
                 'Error: llama runner process has terminated: signal: killed\n',
                 "webui-1 exited with code 137\n",
                 "Process finished with exit code 137 (interrupted by signal 9: SIGKILL)\n",
                 "subprocess.CalledProcessError: Command '['python', 'convert.py']' died with <Signals.SIGKILL: 9>.\n"):
        assert _codes(IN_WSL + line) == {"wsl.killed-memory-limit"}, line


def test_the_same_kill_outside_wsl_is_not_blamed_on_wslconfig():
    assert "wsl.killed-memory-limit" not in _codes("zsh: killed     python server.py\n")
    assert _codes("Error: llama runner process has terminated: signal: killed\n") == {"ollama.runner-killed"}


def test_people_saying_where_it_ran_put_the_paste_in_wsl():
    assert "wsl" in in_text("The process gets killed in WSL while loading the model\n")
    assert "wsl" in in_text("Ubuntu 22.04 on WSL, 32 GB RAM\n")
    assert "wsl" in in_text("I set memory=24GB in .wslconfig\n")
    assert "wsl" in in_text("OS: Ubuntu 22.04 (WSL)\n") and "wsl" in in_text("running ollama on wsl\n")
    assert "wsl" not in in_text("Ubuntu 22.04 on a workstation, WSLg not installed\n")


def test_nvidia_smi_missing_in_sh_and_which_inside_wsl_names_the_path():
    for line in ("sh: 1: nvidia-smi: not found\n", "/usr/bin/which: no nvidia-smi in (/usr/local/bin:/usr/bin)\n"):
        assert _codes(IN_WSL + line) == {"wsl.nvidia-smi-not-on-path"}, line


def test_a_tdr_reset_names_the_serving_engines_batch_settings():
    for code in ("wsl.kernel-launch-timeout", "wsl.display-driver-recovered"):
        advice = by_code(code).advice
        assert "--max-num-batched-tokens" in advice and "--ubatch-size" in advice and "TdrDelay" in advice


def test_nvml_blocked_at_shut_down_is_the_same_block():
    assert _codes(IN_WSL + "Failed to properly shut down NVML: GPU access blocked by the operating system\n") \
        == {"wsl.nvml-access-blocked"}


def test_wsl_exes_own_strings_for_a_missing_feature_are_read():
    # The wordings in WSL's localization resources (localization/strings/en-US/Resources.resw).
    assert _codes('WSL2 is unable to start since virtualization is not enabled on this machine. Please ensure the '
                  '"Virtual Machine Platform" optional component is enabled\n') == {"wsl.vm-platform-unavailable"}
    assert _codes("Failed to start virtual networking - please install the optional component Virtual Machine Platform "
                  "by running: wsl.exe --install --no-distribution\n") == {"wsl.vm-platform-unavailable"}
    for line in ("This application requires the Windows Subsystem for Linux Optional Component. Install it by running: "
                 "wsl.exe --install --no-distribution\n",
                 "Optional components needed to run WSL are not installed.\n",
                 'WSL1 is not supported with your current machine configuration. Please enable the "Windows Subsystem '
                 'for Linux" optional component to use WSL1.\n'):
        assert _codes(line) == {"wsl.subsystem-feature-disabled"}, line


def test_wsls_own_traces_in_a_paste_put_it_in_wsl():
    for text in ("user@DESKTOP-4K2J9QF:~/llama.cpp$ ./llama-server -m model.gguf\n",
                 "me@LAPTOP-7H3KD92M:~$ python app.py\n",
                 "WSL_DISTRO_NAME=Ubuntu-22.04\n",
                 "DISPLAY=:0 WAYLAND_DISPLAY=wayland-0 XDG_RUNTIME_DIR=/mnt/wslg/runtime-dir\n",
                 "Task Manager shows VmmemWSL using 15.8 GB\n",
                 "copied it to \\\\wsl.localhost\\Ubuntu\\home\\me\n",
                 "3d9e:00:00.0 3D controller: Microsoft Corporation Device 008e\n"):
        assert "wsl" in in_text(text), text
    assert "wsl" not in in_text("user@gpu-node-3:~$ python app.py\n")
    assert _codes("user@DESKTOP-4K2J9QF:~$ python app.py\nKilled\n") == {"wsl.killed-memory-limit"}


def test_windows_live_dumps_of_a_tdr_are_read_as_the_reset():
    for line in ("BugCheck 117, {ffffe30a1c2b4010, fffff8061f5e1234, 0, 0}  VIDEO_TDR_TIMEOUT_DETECTED\n",
                 "VIDEO_ENGINE_TIMEOUT_DETECTED (141)\n"):
        assert _codes(line) == {"wsl.display-driver-recovered"}, line
