"""Windows-native Python and shells: what Windows says when a DLL of the GPU stack (torch\\lib, CUDA's, numpy's)
cannot be mapped into the process, when nvcc is not on PATH, when a local server's port is reserved, and when a
symbolic link needs Developer Mode (rows of the wsl area, joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SYSTEM_ERROR_CODES = "https://learn.microsoft.com/en-us/windows/win32/debug/system-error-codes--0-499-"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.windows-dll-bad-image",
        cause_id="windows-dll-bad-image",
        kinds=("any",),
        # ERROR_BAD_EXE_FORMAT (193) as ctypes raises it: Windows found a file by that name but it is not an image this
        # 64-bit process can map (a 32-bit copy, another environment's build, a damaged file). torch's _load_dll_libraries
        # appends 'Error loading "...\\torch\\lib\\X.dll" or one of its dependencies.'; numpy's _distributor_init does not.
        # The message text is localised ("%1 不是有效的 Win32 应用程序"), the "[WinError 193]" prefix is not.
        patterns=(r"\[WinError 193\] %1 ",),
        # torch's own row reads the same 'Error loading ...\\torch\\lib' line with a missing VC++ runtime's advice,
        # which is wrong for a bad image.
        refines=("frameworks.torch-dll-load-failed",),
        severity="fail",
        cause="Windows would not load a DLL (or program) the import needs because it is no valid 64-bit image for this "
              "Python (WinError 193): a 32-bit or foreign copy found first on PATH or in a second Python environment "
              "(the user site-packages in AppData\\Roaming\\Python beside Anaconda or a venv), or a damaged file from "
              "an interrupted install.",
        advice=("Check that this is a 64-bit Python (`python -c \"import struct; print(struct.calcsize('P') * 8)\"` "
                "prints 64) and that only one Python environment is on PATH (`where python`, and no packages of "
                "another one in AppData\\Roaming\\Python); then reinstall the package whose DLL failed in that "
                "environment: `pip uninstall torch` and install torch again with pytorch.org's command plus "
                "`--force-reinstall --no-cache-dir` (numpy likewise)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the NVIDIA driver", "install CUDA toolkit", "reinstall Windows"),
        sources=("https://github.com/pytorch/pytorch/issues/27693", "https://github.com/2noise/ChatTTS/issues/886",
                 "https://github.com/patrickloeber/pytorch-chatbot/issues/10", SYSTEM_ERROR_CODES),
        checked="2026-11-26",
        examples=("wsl/pytorch-27693-winerror-193-two-python-environments.txt",
                  "wsl/chattts-886-winerror-193-cublas64-12-dll.txt",
                  "wsl/pytorch-chatbot-10-winerror-193-caffe2-detectron-dll.txt"),
    ),
    Signature(
        code="wsl.windows-torch-dll-procedure-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # ERROR_PROC_NOT_FOUND (127) from torch's _load_dll_libraries: the DLL and its dependencies were found, but one
        # of them is another version than the one torch\\lib's DLL was linked against (DLLs an earlier torch left in
        # torch\\lib, a copy loaded first from PATH or another environment, an older MSVC runtime in the Python
        # folder). The sentence before "Error loading" is localised, the code is not; a repr() of the error doubles
        # the backslashes.
        patterns=(r"\[WinError 127\][^\n\"]{0,160}Error loading \"[^\"\n]{1,300}?\\{1,2}torch\\{1,2}lib\\{1,2}(?P<dll>\w+)\.dll\"",),
        # frameworks.torch-dll-load-failed reads the same line with a missing VC++ runtime's advice (WinError 126).
        refines=("frameworks.torch-dll-load-failed",),
        severity="fail",
        cause="Windows found PyTorch's {dll}.dll but not a function it imports (WinError 127): a DLL it depends on was "
              "loaded in another version, most often DLLs an earlier torch left in torch\\lib, a copy found first "
              "on PATH or in another Python environment, or an older Visual C++ runtime in the Python folder.",
        advice=("Reinstall torch cleanly in the environment that runs the program: `pip uninstall -y torch torchvision "
                "torchaudio`, delete the torch folder left in site-packages, then install torch again with pytorch.org's "
                "command plus `--no-cache-dir`; start it from a terminal where only that environment is active. If it "
                "still fails, install the latest Visual C++ Redistributable (x64) and update Python to the newest "
                "release of its version (no beta)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the NVIDIA driver", "install CUDA toolkit", "reinstall Windows"),
        sources=("https://github.com/zeyad-mansour/lunar/issues/58", "https://github.com/guoyww/AnimateDiff/issues/374",
                 SYSTEM_ERROR_CODES),
        checked="2026-11-26",
        examples=("wsl/lunar-58-winerror-127-c10-cuda-dll-stale-torch.txt",
                  "wsl/animatediff-374-winerror-127-torch-python-dll-vscode.txt"),
    ),
    Signature(
        code="wsl.windows-nvcc-not-found",
        cause_id="windows-nvcc-not-on-path",
        kinds=("any",),
        # cmd.exe's and PowerShell's own "not recognized" for nvcc, in English and the locales pasted most (the same
        # wordings wsl.windows-nvidia-smi-not-found reads). nvcc.exe comes only with the CUDA Toolkit, whose installer
        # sets CUDA_PATH and puts %CUDA_PATH%\\bin on PATH for shells opened afterwards.
        patterns=(r"'nvcc(?:\.exe)?' is not recognized as an internal or external command",
                  r"The term 'nvcc(?:\.exe)?' is not recognized as (?:the )?name of a cmdlet",
                  # one pattern per locale, so that each is keyed on its own words rather than on "'nvcc", which
                  # would cost the prefilter a pass of its own
                  r"'nvcc(?:\.exe)?' n\S{1,4}o \S{1,3} reconhecido como um comando",
                  r"'nvcc(?:\.exe)?' no se reconoce como un comando",
                  r"'nvcc(?:\.exe)?' n\S{1,3}est pas reconnu en tant que commande",
                  r"'nvcc(?:\.exe)?' ist entweder falsch geschrieben oder",
                  r"'nvcc(?:\.exe)?' 不是内部或外部命令"),
        severity="warn",
        cause="Windows found no nvcc on PATH: the CUDA Toolkit, which the NVIDIA driver does not include, is not "
              "installed, or its bin folder is not on this shell's PATH (a terminal opened before the install, or "
              "CUDA_PATH\\bin missing from PATH).",
        advice=("Run `where nvcc` and `echo %CUDA_PATH%` (PowerShell: `$env:CUDA_PATH`): if CUDA_PATH is empty, install "
                "the CUDA Toolkit version the program needs from developer.nvidia.com/cuda-downloads (in a conda "
                "environment `conda install -c nvidia cuda-nvcc`); if it is set, add %CUDA_PATH%\\bin to PATH and open "
                "a new terminal. Only compiling CUDA code needs nvcc (nvidia-smi's 'CUDA Version' does not mean the Toolkit is "
                "installed); PyTorch wheels and prebuilt programs run without it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the NVIDIA driver", "reinstall Windows"),
        sources=("https://github.com/kriegalex/vscode-cuda/issues/9",
                 "https://docs.nvidia.com/cuda/cuda-installation-guide-microsoft-windows/index.html"),
        checked="2026-11-26",
        examples=("wsl/vscodecuda-9-powershell-nvcc-term-not-recognized.txt",),
    ),
    Signature(
        code="wsl.windows-port-excluded",
        cause_id="server-port-in-use",
        kinds=("any",),
        # WSAEACCES (10013) from bind() in a Python server (uvicorn, Gradio, streamlit, aiohttp) on Windows: the port
        # lies in a range Windows reserved for Hyper-V, WSL 2 or Docker (winnat's excluded port ranges), or another
        # program holds it exclusively; netstat shows no owner for a reserved one. uvicorn lower-cases the message.
        # Ollama's own Go wording (listen tcp ...: bind: ...) is ollama.windows-port-reserved's.
        # An outgoing connection a firewall or antivirus blocks gets the same code from connect() (requests' "Failed to
        # establish a new connection: [WinError 10013]", urllib's "urlopen error", httpx's ConnectError): not read here.
        patterns=(r"(?<!new connection: )(?<!urlopen error )(?<!ConnectError: )\[(?:WinError|winerror) 10013\]",),
        severity="fail",
        cause="The server could not listen on its port (WinError 10013): Windows has reserved a port range that "
              "includes it (the NAT service winnat, for Hyper-V, WSL 2 or Docker), or another program holds the port "
              "exclusively, so the program's web UI or API never started.",
        advice=("In an administrator prompt, `netsh interface ipv4 show excludedportrange protocol=tcp` lists the "
                "reserved ranges: start the program on a port outside them (its --port / --server.port option), or "
                "`net stop winnat`, reserve the port (`netsh int ipv4 add excludedportrange protocol=tcp startport=PORT "
                "numberofports=1`) and `net start winnat`; if the port is in no range, `netstat -ano | findstr :PORT` "
                "names the program holding it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Python"),
        sources=("https://github.com/mmz-001/knowledge_gpt/issues/13", "https://github.com/XX-net/XX-Net/issues/13552",
                 "https://github.com/Azure-Samples/azure-search-openai-demo/issues/2155",
                 "https://github.com/forkineye/ESPixelStick/pull/374"),
        checked="2026-11-26",
        examples=("wsl/knowledgegpt-13-winerror-10013-streamlit-port.txt",
                  "wsl/xx-net-13552-bind-10013-reserved-port-range.txt"),
    ),
    Signature(
        code="wsl.windows-symlink-privilege",
        cause_id="windows-symlink-privilege",
        kinds=("any",),
        # ERROR_PRIVILEGE_NOT_HELD (1314) from CreateSymbolicLink: Python's "[WinError 1314]", Rust's "(os error 1314)",
        # and huggingface_hub's own "Windows requires Developer Mode to be activated, or to run Python as an
        # administrator, in order to create symlinks" (model caches link snapshots to blobs; SpeechBrain links its
        # hyperparams). The sentence is localised, the code is not.
        patterns=(r"\[WinError 1314\]", r"\(os error 1314\)",
                  r"Windows requires Developer Mode to be activated, or to run Python as an administrator"),
        severity="fail",
        cause="The program (often a model download into a cache that links files) tried to create a symbolic link, "
              "which Windows lets a normal account do only with Developer Mode on, so it stopped with WinError 1314.",
        advice=("Turn on Developer Mode (Settings > System > For developers; Windows 10: Update & Security > For "
                "developers) and run it again, or run it once from an administrator terminal; with Hugging Face "
                "downloads a current huggingface_hub (`pip install -U huggingface_hub`) copies files instead where "
                "links are refused."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "reinstall Python", "reinstall Windows"),
        sources=("https://github.com/owahltinez/triplet-loss-animal-reid/issues/4",
                 "https://github.com/adalinesimonian/gdvm/issues/5",
                 "https://github.com/easydiffusion/easydiffusion/issues/572",
                 "https://learn.microsoft.com/en-us/windows/apps/get-started/enable-your-device-for-development"),
        checked="2026-11-26",
        examples=("wsl/tripletlossreid-4-winerror-1314-developer-mode.txt",
                  "wsl/gdvm-5-os-error-1314-symlink-developer-mode.txt"),
    ),
)
