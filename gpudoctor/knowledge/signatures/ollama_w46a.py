"""Issue 25, w46a: an Ollama server that loaded no ggml backend at all.

- No backend loaded. Since early 2025 (0.5.1x) the Ollama server loads its compute backends as libraries from lib/ollama beside the
  binary (libggml-base, libggml-cpu-<variant>.so, cuda_v12/ and cuda_v13/ with libggml-cuda.so) and then logs what it
  loaded on one line (ml/backend/ggml/ggml.go, msg=system): each backend's features, "CPU.0.SSE3=1 CPU.0.AVX2=1 ...
  CUDA.0.ARCHS=...". Where it found none of them, only ggml's built-in part is left and the line reads "msg=system
  CPU.0.LLAMAFILE=1 compiler=cgo(gcc)" (the first such releases printed it as info="CPU : LLAMAFILE = 1 | cgo(clang)"): the directory is
  missing, partial or elsewhere (a tarball extracted under another prefix, an install script that stopped half way, a
  copied binary), so every model runs on the CPU though the GPU was discovered (ollama#14119: lib/ollama held only
  cuda_v12). Reinstalling the whole release fixes it; the driver does not.
- A llama.cpp built for the build machine's CPU. ggml compiles with -march=native unless GGML_NATIVE=OFF, so a binary or
  container image built on a CI runner (a recent Xeon with AVX-512 and AMX) carries those instructions; on a CPU
  without them ggml first prints "AMX is not ready to be used!" (its AMX initialisation, ggml-cpu/amx) and then the
  process dies on an illegal instruction (unsloth#4535, #4683; fixed by images built with GGML_NATIVE=OFF). The same
  line on a CPU that has AMX means a kernel that refuses the AMX state (Linux before 5.16).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
_REINSTALL = ("Reinstall Ollama completely, so that its lib/ollama directory sits beside the binary with every backend: "
              "on Linux remove the old libraries first (`sudo rm -rf /usr/local/lib/ollama`, or /usr/lib/ollama for a "
              "tarball extracted under /usr) and run the install script again (`curl -fsSL https://ollama.com/install.sh "
              "| sh`), or extract the whole release archive (bin/ and lib/ together) under one prefix; on Windows "
              "uninstall, delete %LOCALAPPDATA%\\Programs\\Ollama and install again. `ls /usr/local/lib/ollama` must then "
              "list libggml-base, the libggml-cpu-* variants and the cuda_v12/cuda_v13 directories, and the server log's "
              "msg=system line names CUDA.0.ARCHS. Where a distribution package installed it, use that package's CUDA "
              "build that ships libggml-cuda.so (check with `pacman -Ql ollama-cuda | grep libggml-cuda`, or the package "
              "manager's file list), its previous release until a fixed one is out, or Ollama's install script instead. "
              "On Windows, where lib\\ollama is complete but the log's ggml_backend_load_best lines say each ggml-*.dll "
              "failed to load, a folder on the PATH holds another program's ggml-base.dll: remove it from the PATH (or put "
              "Ollama's lib\\ollama before it) and restart Ollama.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.ggml-built-for-amx-cpu",
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        # ggml-cpu's AMX initialisation (arch_prctl ARCH_REQ_XCOMP_PERM refused), printed only by a build compiled with
        # AMX, i.e. for a Sapphire Rapids or newer Xeon
        patterns=(r"\bAMX is not ready to be used!",),
        severity="fail",
        cause=("This llama.cpp (ggml) build was compiled for a CPU with AMX and AVX-512 (-march=native on the machine that "
               "built it, often a CI runner's Xeon), and this processor or its kernel cannot run AMX, so the process dies "
               "on an illegal instruction once those code paths run."),
        advice=("Run a build that is not tied to the build machine's CPU: an image or release built with "
                "-DGGML_NATIVE=OFF (or with GGML_BACKEND_DL and GGML_CPU_ALL_VARIANTS, which pick the CPU code at run "
                "time), a newer image of the project that is built that way, or llama.cpp built on this machine (`cmake -B "
                "build -DGGML_CUDA=ON -DGGML_NATIVE=ON`). On a Xeon that does have AMX (`grep -o -w amx_tile "
                "/proc/cpuinfo`), the kernel is too old to grant it: use Linux 5.16 or newer. The GPU and driver are not "
                "involved."),
        action="configure",
        rules_out=("a GPU or driver fault", "a damaged model"),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/unslothai/unsloth/issues/4535", "https://github.com/unslothai/unsloth/issues/4683",
                 "https://github.com/ggml-org/llama.cpp/blob/master/ggml/src/ggml-cpu/amx/amx.cpp",
                 "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md"),
        checked=CHECKED,
        examples=("ollama/unsloth-4535-llama-server-amx-not-ready-core-dump-c.txt",),
        # the shell's "Illegal instruction (core dumped)" just after it is this build's crash
        refines=("frameworks.python-illegal-instruction",), refines_within=3,
    ),
    Signature(
        code="ollama.server-loaded-no-ggml-backends",
        cause_id="ollama-install-incomplete",
        kinds=("any",),
        # ggml.go's system line with no backend library loaded: the one built-in LLAMAFILE entry alone, never a
        # backend's features (CPU.0.SSE3=1, CUDA.0.ARCHS=...) nor a second CPU entry (CPU.1.LLAMAFILE=1, which a loaded
        # CPU library adds, even the featureless x64 variant of a very old CPU)
        patterns=(r"\bmsg=system CPU\.0\.LLAMAFILE=1 compiler=cgo\((?:gcc|clang)\)",
                  r"\bmsg=system info=\"CPU : LLAMAFILE = 1 \| cgo\((?:gcc|clang)\)\""),
        severity="fail",
        cause=("The Ollama server found none of its backend libraries (not even a CPU one: its system line lists only "
               "ggml's built-in LLAMAFILE), so lib/ollama beside the binary is missing, partial or elsewhere and every "
               "model runs on the CPU although the GPU was discovered."),
        advice=_REINSTALL,
        action="configure",
        rules_out=("a driver fault", "a GPU discovery fault"),
        never_suggest=("reinstall the driver", "update the driver", "CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/ollama/ollama/issues/14119",
                 "https://github.com/ollama/ollama/blob/main/ml/backend/ggml/ggml.go",
                 "https://github.com/ollama/ollama/blob/main/docs/linux.md"),
        checked=CHECKED,
        examples=("ollama/ollama-14119-install-script-only-cuda-v12-dir-no-backends.txt",),
    ),
)
