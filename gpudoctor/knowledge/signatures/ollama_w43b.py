"""Issue 25, w43b: llama.cpp builds that use CPU instructions the processor lacks, as the kernel and Windows report it.

A prebuilt llama.cpp (Ollama's runners, the llama.cpp container images, llama-cpp-python wheels, koboldcpp, LocalAI,
ramalama's images) is compiled for AVX, AVX2, FMA, F16C and at times AVX-512. On a processor without them (Ivy Bridge
and older Intel, Phenom and older AMD, Celeron and Pentium parts without AVX, a VM that hides them, or a CPU whose CPUID
claims AVX-512 it cannot run) the first such instruction kills the process even when the GPU was found and every layer
is offloaded, because ggml's CPU backend still runs part of the work:
- Linux's kernel log: "traps: llama-run[1907] trap invalid opcode ip:... error:0 in libggml-cpu.so[...]" (the process
  prints nothing, or "Illegal instruction (core dumped)");
- Windows: STATUS_ILLEGAL_INSTRUCTION, 0xC000001D, as an exit code (-1073741795, 3221225501) or in an app's crash report.
A build made for this CPU (built here with GGML_NATIVE, or with the instructions turned off; koboldcpp's --noavx2 and
--failsafe; an Ollama release that picks its CPU runner at run time) fixes it; the GPU and the driver are not involved.
The cause id is cpu-instructions-missing, as for TensorFlow's wheels: TAXONOMY.md's tie-break says so.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
_ADVICE = ("Check what the CPU offers (`grep -o -w 'avx\\|avx2\\|fma\\|f16c\\|avx512f' /proc/cpuinfo | sort -u`, or CPU-Z "
           "on Windows) and run a build made for it: build llama.cpp on this machine (`cmake -B build -DGGML_CUDA=ON "
           "-DGGML_NATIVE=ON`, or with -DGGML_AVX2=OFF -DGGML_FMA=OFF -DGGML_F16C=OFF / -DGGML_AVX512=OFF), reinstall "
           "llama-cpp-python the same way (`CMAKE_ARGS=\"-DGGML_CUDA=on -DGGML_NATIVE=on\" pip install --force-reinstall "
           "--no-cache-dir llama-cpp-python`), start koboldcpp with --noavx2 (or --failsafe without any AVX), and update "
           "Ollama to a release that chooses its CPU runner at run time; in a VM pass the host CPU's features through "
           "(CPU type \"host\"). LM Studio's runtimes and its hardware survey all need AVX2: where the CPU has it but it is "
           "switched off in the BIOS/UEFI, turn it back on; on a CPU without it, LM Studio cannot run them.")

# rev44b: a CPU said to lack AVX2 in another program's thread (TensorFlow's wheels, a browser, an emulator, a game)
# is not a llama.cpp app's, nor is an error that claims it of a CPU the person says has it ("but it clearly does").
_LLM_CPU = (r"^(?![^\n]{0,400}?(?:[Tt]ensor[Ff]low|\btorch\b|PyTorch|Chrome|[Ee]mulator|Android|\bgames?\b|"
            r"clearly (?:does|has|supports)|\bbut (?:it|mine) (?:does|has)\b|says (?:that )?(?:my|the) (?:CPU|processor)|"
            r"claims))[^\n]{0,400}?")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.ggml-invalid-opcode-trap",
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        # the kernel's trap line (arch/x86/kernel/traps.c: "traps: %s[%d] trap invalid opcode ip:... error:0 in LIB[...]")
        # for a ggml library or a llama.cpp or Ollama process
        patterns=(r"\btrap invalid opcode ip:[0-9a-f]{1,16}[^\n]{0,80}? in (?P<library>libggml[\w.-]{0,40}|libllama[\w.-]{0,30}|"
                  r"libllava[\w.-]{0,30}|ollama[\w.-]{0,30}|llama-[\w.-]{1,30}|llama_cpp[\w.-]{0,30})\[",
                  r"\btraps: (?P<process>llama-[\w.-]{1,30}|ollama[\w.-]{0,30}|koboldcpp[\w.-]{0,20})\[\d{1,8}\] trap invalid "
                  r"opcode\b"),
        severity="fail",
        cause=("The CPU met an instruction it does not have (invalid opcode) in llama.cpp's code: this build's CPU part was "
               "compiled for AVX, AVX2, FMA or AVX-512 that this processor (or the VM's virtual CPU) lacks, so the process "
               "died even though the GPU was found."),
        advice=_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault", "a damaged model"),
        never_suggest=("reinstall the driver", "update the driver", "redownload the model"),
        sources=("https://github.com/containers/ramalama/issues/1145", "https://github.com/ggml-org/llama.cpp/issues/12866",
                 "https://github.com/ollama/ollama/issues/2187",
                 "https://github.com/torvalds/linux/blob/master/arch/x86/kernel/traps.c"),
        checked=CHECKED,
        examples=("ollama/ramalama-1145-invalid-opcode-libggml-cpu-no-avx.txt",),
        refines=("ollama.runner-terminated",), refines_within=None,
    ),
    Signature(
        code="ollama.windows-status-illegal-instruction",
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        # NTSTATUS 0xC000001D STATUS_ILLEGAL_INSTRUCTION as crash reports and exit codes print it
        # w44a: also "0xc000001d - Illegal Instruction", "0xC000001D: illegal instruction" (a wheel's crash report)
        patterns=(r"\b0x[cC]000001[dD](?: ?[(:-] ?| )?(?:[Ii]llegal [Ii]nstruction|STATUS_ILLEGAL_INSTRUCTION)\b",
                  # w48a: "an exit code of `-1073741795`. This translates to `0xC000001D` in HEX, meaning Illegal
                  # Instruction" (the code quoted, and its name a few words after it)
                  r"\bexit(?:ed with)? code:? ?(?:of |was |is )?[`'\"]?(?:-1073741795|3221225501)\b",
                  r"\b0x[cC]000001[dD][`'\"]?[^\n]{0,40}?\b(?:[Ii]llegal [Ii]nstruction|STATUS_ILLEGAL_INSTRUCTION)\b",
                  # w46a: the same code where an app reports it as its error or status ("Problem loading model with error
                  # 3221225501", "exit status 3221225501", "returned -1073741795")
                  r"\b(?:[Ee]rror(?: code)?|exit status|status|returned|return code)[: ]{1,3}(?:-1073741795|3221225501)\b",
                  # rev44b: the same code as Python's faulthandler prints it (Modules/faulthandler.c has no name for it:
                  # "Windows fatal exception: code " and the number, decimal in older releases, hex in newer) and as
                  # Event Viewer's Application Error (event 1000) does ("Exception code: 0xc000001d")
                  r"\bWindows fatal exception: code (?:3221225501|0x[cC]000001[dD])\b",
                  r"\bException code: 0x[cC]000001[dD]\b"),
        severity="fail",
        # rev44b: the code is any program's (a TensorFlow or PyTorch wheel's too), so the cause names no library
        cause=("Windows stopped the program on an illegal instruction (0xC000001D): code it loads (most often a "
               "prebuilt llama.cpp library, a wheel or an app's build) uses CPU instructions (AVX2, AVX-512, FMA) "
               "that this processor cannot run."),
        advice=_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/dougeeai/llama-cpp-python-wheels/issues/10",
                 "https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-erref/596a1078-e883-4972-9bbc-49e60bebca55"),
        checked=CHECKED,
        examples=("ollama/llamacpp-wheels-10-illegal-instruction-0xc000001d-avx512.txt",
                  "ollama/jamepeng-llamacpppython-19-windows-wheel-0xc000001d-old-cpu.txt",
                  "ollama/rocm-6628-llamacpp-prebuilt-avx512-zen3-c000001d.txt"),
    ),
    Signature(
        code="ollama.app-cuda-runtime-no-supported-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # an app's own prebuilt llama.cpp CUDA runtime turning the GPU away for its architecture: LM Studio's CUDA
        # runtimes ("No supported Cuda GPUs found on device", Volta and older after their sm lists shrank), and apps
        # that gate their bundled runtime on the CUDA it was built with ("compute 6.1 is not supported by the bundled
        # CUDA 13 llama runtime": CUDA 13 dropped Maxwell, Pascal and Volta)
        patterns=(r"No supported Cuda GPUs found on device",
                  r"compute (?:capability )?\d{1,2}\.\d is not supported by the bundled CUDA \d{1,2}\b"),
        severity="fail",
        cause=("The app's prebuilt llama.cpp CUDA runtime holds no code for this GPU's architecture: the CUDA "
               "release it was built with, or its list of target architectures, leaves this compute capability out, so the "
               "runtime ignores it although the driver and the GPU work."),
        advice=("Check the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap --format=csv`). Then pick a "
                "runtime built for it: in LM Studio, Settings > Runtime (Ctrl+Shift+R), select the Vulkan llama.cpp "
                "runtime or a CUDA llama.cpp runtime version that lists the GPU; in other apps, a llama.cpp build with "
                "CUDA 12.x (CUDA 13 dropped compute capability below 7.5) or Vulkan. Or build llama.cpp yourself for "
                "it (`cmake -B build -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=70`, your GPU's number)."),
        action="configure",
        rules_out=("a driver fault", "a missing CUDA toolkit"),
        never_suggest=("reinstall the driver", "install the CUDA toolkit", "reinstall cuda"),
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1758",
                 "https://github.com/altic-dev/FluidVoice/issues/988",
                 "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html", "https://developer.nvidia.com/cuda-gpus"),
        checked=CHECKED,
        examples=("ollama/lmstudio-1758-cuda-runtime-no-supported-cuda-gpus-volta.txt",
                  "ollama/fluidvoice-988-bundled-cuda13-llama-runtime-gtx1070.txt"),
    ),
    Signature(
        code="ollama.cpu-without-avx2-described",
        described=True,
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        # a person's (or a helper's) words: koboldcpp's GPU presets crash and only its old-CPU modes run ("works only
        # with NoAVX2 Mode", "only the Failsafe mode works"), or the CPU said to be too old for AVX2 ("your CPU is too
        # old to use the AVX2 instruction"); never a question ("is your CPU too old for AVX2?")
        patterns=(r"\b(?:works?|runs?|starts?|loads?) only (?:with|in|on|using) (?:the )?(?:NoAVX2|noavx2|--noavx2|"
                  r"Failsafe|--failsafe|Old ?CPU)\b(?![^\n]{0,120}\?)",
                  r"\b[Oo]nly (?:the )?(?:NoAVX2|noavx2|--noavx2|Failsafe|--failsafe) (?:mode |option |preset )?(?:works?|runs?)\b"
                  r"(?![^\n]{0,120}\?)",
                  r"\bCPU\b[^\n]{0,40}?\b(?:is|'s) (?:too|very) old (?:to use|for|to support|to run) (?:the )?"
                  r"(?:AVX2|AVX-?512|AVX)\b(?![^\n]{0,120}\?)",
                  # w44a: LM Studio's answer ("AVX2 instructions are a hard requirement for LM Studio"), the CPU said to
                  # lack it ("your CPU does not support avx2 instructions", "doesn't have AVX2"), AVX2 switched off in
                  # the firmware ("AVX2 was off in my BIOS"); never a question
                  _LLM_CPU + r"\b(?:AVX2|avx2)\b[^\n]{0,60}?\b(?:is|are) (?:currently )?(?:a )?hard requirement\b"
                  r"(?![^\n]{0,120}\?)",
                  _LLM_CPU + r"\b(?:CPU|processor)\b[^\n]{0,40}?\b(?:does not|doesn't|doesn’t|do not|don't|can't|cannot) "
                  r"(?:support|have) (?:the |any )?(?:AVX2|avx2)\b(?![^\n]{0,120}\?)",
                  _LLM_CPU + r"\b(?:AVX2|avx2)\b[^\n]{0,30}?\b(?:was|is|were) (?:disabled|turned off|switched off|off) in "
                  r"(?:the |my )?(?:BIOS|UEFI|firmware)\b(?![^\n]{0,120}\?)",
                  # w46a: the CPU listed as lacking AVX2 ("CPU: Xeon(R) CPU E5-2470 v2 - No AVX2 support, only AVX1",
                  # "my processor has no AVX2"); AVX-512 is left out here, as most desktop CPUs lack it and people list
                  # that in passing
                  _LLM_CPU + r"\b(?:CPU|processor)\b[^\n]{0,60}?\b(?:[Nn]o|without|lacks|lacking|has no) (?:the )?"
                  r"(?:AVX2|avx2)(?: instructions?| instruction set| support)?\b(?![^\n]{0,120}\?)",
                  # w46a: a build that assumes instructions the CPU lacks ("llama-server thinks AMX exists on a CPU that
                  # doesn't support it and crashes", "uses AVX-512 on a processor that does not have it")
                  _LLM_CPU + r"\b(?:AVX2|AVX-?512\w{0,6}|AMX\w{0,6}|FMA|F16C)\b[^\n]{0,60}?\b(?:on|for) (?:a|my|this|the) "
                  r"(?:CPU|processor) (?:that|which) (?:does ?n[o'’]t|does not|can't|cannot) (?:support|have|run)\b",
                  # w46a: a VM whose virtual CPU hides AVX ("I dont have the AVX enabled in my CPU of the VM", "we don't
                  # have AVX2 exposed in the guest")
                  _LLM_CPU + r"\b(?:do ?n[o'’]?t|did ?n[o'’]?t|does ?n[o'’]?t|do not|did not|does not) have (?:the )?"
                  r"(?:AVX2?|avx2?)(?: instructions?| support)? (?:enabled|exposed|available|turned on)\b[^\n]{0,40}?"
                  r"\b(?:VM|virtual machine|guest)\b"),
        severity="warn",
        cause=("The description suggests the processor lacks AVX2 (or AVX, or the AVX-512/AMX a build assumed): the "
               "app's default llama.cpp builds, its GPU ones included, are compiled for it and crash, so only builds "
               "made for an older CPU run."),
        advice=_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/LostRuins/koboldcpp/issues/366",
                 "https://github.com/LostRuins/koboldcpp/issues/1277",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/951",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/342", "https://lmstudio.ai/docs/app/system-requirements",
                 "https://github.com/gpustack/gpustack/issues/541", "https://github.com/unslothai/unsloth/issues/4683",
                 "https://github.com/ollama/ollama/issues/8399"),
        checked=CHECKED,
        examples=("ollama/koboldcpp-366-xeon-e5-1650-cublas-crash-only-noavx2-prose.txt",
                  "ollama/lmstudio-951-hardware-tab-empty-xeon-x3450-lacks-avx2.txt",
                  "ollama/lmstudio-342-xeon-e5-2697-v2-cpu-gpu-not-detected.txt",
                  "ollama/lmstudio-659-hardware-page-empty-cpu-lacks-avx2.txt",
                  "ollama/gpustack-541-llama-box-avx1-only-xeon-exited-a.txt",
                  "ollama/unsloth-4683-docker-llama-server-amx-illegal-instruction-a.txt",
                  "ollama/ollama-8399-vm-cpu-without-avx-gpu-unused-prose.txt"),
    ),
)
