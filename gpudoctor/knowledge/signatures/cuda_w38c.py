"""Issue 25, w38c: people's words that a Windows CUDA build lacks the CUDA runtime DLLs it needs.

Windows CUDA releases of ggml programs (llama.cpp's llama-bN-bin-win-cuda-*.zip, stable-diffusion.cpp's
sd-*-bin-win-cuda12-x64.zip, whisper.cpp's) and of other tools (COLMAP) ship without cudart64_12.dll, cublas64_12.dll
and cublasLt64_12.dll, which come in a separate archive beside the release (cudart-llama-bin-win-cuda-12.4-x64.zip,
cudart-sd-bin-win-cu12-x64.zip) or with the CUDA toolkit; apps that download such a build for you (Open WebUI Desktop)
sometimes forget that archive. The program then does not start ("missing dlls", "cudart64_12.dll missing") or its
server quietly falls back to the CPU. Windows' own dialog ("cudart64_12.dll was not found") is
cuda.windows-cuda-dll-not-found's; this row reads the person's words about it (described=True). The fix is the runtime
archive's DLLs next to the .exe, or the CUDA runtime of that major version on PATH; the GPU's own software is fine.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# The CUDA runtime and math libraries' Windows DLLs as people write them: cudart64_12.dll, cublasLt64_12.dll,
# "cublas_12.dll", "cudart64_110.dll", "cublasxx.dll".
# (No \b: "显示cublasxx.dll不存在" puts CJK, which \w holds, right beside the name.)
_CUDA_DLL = (r"(?<![A-Za-z0-9_])(?:cudart|cublas(?:Lt)?|cufft|curand|cusolver|cusparse|nvrtc|nvJitLink)\w{0,12}\.dll"
             r"(?![A-Za-z0-9_])")
# ("not found cublas64_12.dll": a person's retelling of Windows' "... was not found" dialog, w53a)
_MISSING = (r"(?:\bmissing|\blacks?|\blacking|\bwithout|\bno|\bcan'?t find|\bcannot find|\bcould ?n'?t find|\bnot find|"
            r"\bnot found|\bcan'?t locate|\bcannot locate)")

SIGNATURES = (
    Signature(
        code="cuda.described-cuda-runtime-dlls-missing",
        described=True,
        cause_id="cuda-library-missing",
        kinds=("any",),
        # Where the same text says the engine then ran on the CPU only ("llama-server reverts to CPU-only mode"), the
        # missing DLLs are why.
        refines=("ollama.llama-cpp-not-using-gpu-described",), refines_within=None,
        patterns=(
            # "llama-b3376-bin-win-cuda-cu12.2.0-x64 missing dlls.", "the CUDA build is missing the DLLs", "the cuda
            # version fails with missing DLLs (cudart64_12.dll)"
            r"^(?=[^\n]{0,300}?(?:\b[Cc][Uu][Dd][Aa]|cudart|cublas))[^\n]{0,300}?\bmissing (?:the |some |its |required )?"
            r"(?:CUDA |cuda )?(?:runtime )?(?:DLL|dll|\.dll)'?s?\b",
            # "cudart64_12.dll missing on V3.9.1 for Windows", "cublas64_12.dll is missing", "cublasxx.dll不存在"
            _CUDA_DLL + r"`?(?: (?:is|are|was|were|seems|goes))? ?(?:missing|not included|not bundled|"
            r"不存在|缺失|找不到)",
            _MISSING + r" (?:the )?(?:file )?`?(?:" + _CUDA_DLL + r")",
            # "找不到 cudart64_12.dll", "缺少cublas64_12.dll"
            r"(?:找不到|缺少|缺失|没有)\s?(?:文件\s?)?`?" + _CUDA_DLL,
            # "No CUDA DLL's are included when choosing CUDA 12.4 ... llama.cpp variants"
            r"\b[Nn]o (?:associated )?CUDA(?: [\d.]{2,5})? (?:runtime )?DLL'?s? (?:are |were |is |was )?(?:included|"
            r"bundled|shipped|downloaded)",
        ),
        severity="warn",
        cause=("The description says the CUDA build lacks its CUDA runtime DLLs (cudart, cuBLAS, cuBLASLt): many "
               "Windows CUDA releases ship them as a separate archive or expect the CUDA toolkit, so without them the "
               "program does not start or its CUDA backend does not load and it runs on the CPU."),
        advice=("Put the CUDA runtime DLLs (cudart, cuBLAS, cuBLASLt) of the build's CUDA major version next to its "
                ".exe: download the release's cudart archive (llama.cpp: cudart-llama-bin-win-cuda-<version>-x64.zip; "
                "stable-diffusion.cpp: cudart-sd-bin-win-cu12-x64.zip) and unpack its DLLs into the folder with the program, or install "
                "the CUDA toolkit of that major version (CUDA 12 for *64_12.dll) so its bin folder is on PATH, then "
                "open a new terminal; an app that names the DLLs of one CUDA major version (`nvcc -V` shows yours) "
                "needs that version's DLLs. Copying a DLL of another major version and renaming it does not work."),
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/8443", "https://github.com/ggml-org/llama.cpp/pull/1271",
                 "https://github.com/open-webui/desktop/issues/198", "https://github.com/colmap/colmap/issues/2342",
                 "https://github.com/jianchang512/stt/issues/50", "https://github.com/hyperfield/ai-file-sorter/issues/6"),
        checked="2026-11-28",
        examples=("ollama/llamacpp-8443-win-cuda-release-missing-dlls.txt",
                  "ollama/owuidesktop-198-llama-cuda-variants-no-cudart-dlls.txt",
                  "cuda/colmap-2342-cudart64-12-dll-missing-windows.txt", "cuda/stt-50-cublas-dll-not-present-cuda12-bundle.txt",
                  "ollama/aifilesorter-6-cublas64-12-dll-missing-needs-cuda-toolkit.txt"),
    ),
)
