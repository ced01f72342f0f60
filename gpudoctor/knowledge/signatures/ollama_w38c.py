"""Issue 25, w38c: what people write when a ggml program runs on the CPU only, and when their app's local model answers
too slowly, in the apps around local LLMs (Xinference, ComfyUI nodes, transcription apps, RAG apps).

A llama.cpp-family engine that was built or installed without CUDA (llama-cpp-python from PyPI, pywhispercpp built
with a flag its whisper.cpp no longer reads, an app's bundled CPU-only whisper.cpp or llama.cpp) runs on the CPU
whatever GPU setting it gets; people say so in their words ("GGUFs ... Insists on using CPU", "pywhispercpp doesn't
use GPU", "the model isn't loading into the GPU"), often in Chinese ("GGUF模型只用CPU", "没有使用GPU"), and often
beside a torch.cuda.is_available() that says True, which is about PyTorch, not the ggml library. The fix is the CUDA
build of that library (CMAKE_ARGS="-DGGML_CUDA=on", GGML_CUDA=1, a CUDA wheel or release) or the app's CUDA engine.

A local model served on the CPU (a CPU-only virtual machine, a small NUC, a model too large for the VRAM) answers
slower than the app's request timeout: "timeout reached" with the Ollama backend and a weak CPU, "Local Ollama is too
slow". The fix is a faster place for the model (GPU, smaller model, shorter prompt: fewer retrieved segments) or a
longer client timeout; the server is not down.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_p15o import LLAMA_CPP_NOT_USING_GPU

LLAMA_CPP_PYTHON = "https://llama-cpp-python.readthedocs.io/en/latest/"
LLAMA_CPP_BUILD = "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md"

# The ggml family as people name it, one pattern per name so that each holds its own literal: llama.cpp, whisper.cpp,
# stable-diffusion.cpp, sd.cpp and their misspellings ("llama.ccp"), the Python bindings, koboldcpp,
# and GGUF models, which only these engines run.
_GGML_NAMES = (r"(?<![/\\.\w-])[A-Za-z][\w-]{1,23}\.cpp\b", r"\b(?:py)?[Ww]hisper-?[Cc]pp\b",
               r"\bllama\.c(?:pp|cp)\b", r"\bllama-c(?:pp|cp)(?:-python)?\b", r"\bllama_c(?:pp|cp)(?:_python)?\b",
               r"\b[Kk]obold[Cc]pp\b", r"\bGGUFs?", r"\bgguf\b",
               r"\bn_gpu_layers\b")
# Where the line says why else it runs on the CPU, or asks how to run on the CPU, it is not this failure: Ollama (its
# own rows), n_gpu_layers left at 0 on a CUDA build (llama-cpp-gpu-layers-not-set), a wish to use the CPU, a machine
# without a GPU.
_NOT_THIS = (r"(?![^\n]{0,600}?(?:(?<![A-Za-z])[Oo]llama(?![A-Za-z])|n_gpu_layers[`'\"]? ?[=:] ?0\b|default `?n_gpu_layers|"
             r"(?:compiled|built|installed)[^\n]{0,40}? with (?:CUDA|cuBLAS|GPU) support|"
             r"(?:switch|go) back to (?:the |using )?CPU|[Ww]ant to (?:use|run on) (?:the |only )?CPU|"
             # "I want to run llama.cpp only on the CPU": a wish, the engine named between
             r"[Ww]ant to (?:use|run) [^\s]{1,30} (?:only )?(?:on|with) (?:the |only )?CPU\b|"
             r"run (?:it |them )?on (?:the )?CPU like|"
             # a machine that has no GPU at all (LLamaSharp's "a device with only CPU but installed cuda backend")
             r"(?:device|machine|computer|laptop|PC|system|server|VM) (?:with|that has|has) only (?:an? |the )?CPU|"
             r"(?:device|machine|computer|laptop|PC|system|server|VM) without (?:an? |any )?(?:NVIDIA |CUDA )?GPU))")
# "CPU-only" alone also names a build or a mode people choose ("supports CPU-only inference"): only where it runs so.
_CPU_ONLY = (r"(?:\bonly (?:on |with |use |uses |using |the )?(?:the )?CPU\b|"
             r"\b(?:runs?|running|ran|works?|working|stuck|is|stays?) (?:on |in )?(?:the )?CPU[- ]only\b|"
             r"\bonly (?:runs?|running|ran|works?|working|uses?|using) (?:on |with )?(?:the )?CPU\b|"
             r"(?:[Nn][o']t|n't|[Nn]ever|[Ff]ail(?:s|ed)? to|[Uu]nable to) (?:seem to )?(?:be )?"
             r"(?:use|using|used|utili[sz]\w{0,3}|load(?:ing|ed)? (?:in|on|onto|into|to)|running on|run on|"
             r"offload\w{0,3} to) (?:the |my |any )?GPU\b|"
             r"\b[Ii]nsists? on (?:using )?(?:the )?CPU\b|\b(?:defaults?|defaulted|falls? back|fell back|reverts?) to "
             r"(?:the )?CPU\b|\bCPU (?:instead of|rather than) (?:the |my )?GPU\b|\bignores? (?:the |my )?GPU\b|"
             r"(?:没有|没|未|不)被?(?:加载到|加载在|用到|用上|使用|调用)了?\s?GPU|(?:加载|跑|运行)(?:到|在)了?\s?CPU|"
             r"只(?:能)?(?:用|使用|跑|在)了?\s?CPU)")

SIGNATURES = (
    Signature(
        # One cause, one fix: the older llama.cpp-only row (its code kept, people quote it) and w38c's reading of the
        # whole ggml family were merged on 2026-11-27 (signatures.MERGED_INTO).
        code="ollama.llama-cpp-not-using-gpu-described",
        described=True,
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        # "GGUFs work only after installing dep llama.cpp... Insists on using CPU", "pywhispercpp doesn't use GPU",
        # "the model isn't loading into the GPU" under a llama_cpp_python script, "llama-server reverts to CPU-only
        # mode" (llama.cpp's CUDA build without its DLLs), "whisper.cpp runs on CPU only", "GGUF模型只用CPU".
        # "llama-ccp-python not using CUDA", "CPU instead of GPY" (LLAMA_CPP_NOT_USING_GPU, ollama_p15o.py).
        patterns=(*(r"^" + _NOT_THIS + r"(?=[^\n]{0,600}?" + _CPU_ONLY + r")[^\n]{0,600}?" + name for name in _GGML_NAMES),
                  *LLAMA_CPP_NOT_USING_GPU),
        severity="warn",
        cause=("The description suggests a llama.cpp-family engine (llama.cpp, whisper.cpp, stable-diffusion.cpp, "
               "llama-cpp-python or pywhispercpp under an app) built or installed without CUDA: it runs on the CPU "
               "whatever GPU setting it is given, while PyTorch beside it may well see the GPU."),
        advice=("Install the CUDA build of that engine, in the environment the app uses. llama-cpp-python (Xinference, "
                "ComfyUI nodes, LangChain's LlamaCpp): `pip uninstall -y llama-cpp-python` then "
                "`CMAKE_ARGS=\"-DGGML_CUDA=on\" pip install llama-cpp-python --force-reinstall --no-cache-dir` "
                "(releases before 0.2.80: -DLLAMA_CUDA=on or -DLLAMA_CUBLAS=on; it needs the CUDA toolkit's nvcc, "
                "with CUDA_HOME and PATH pointing at it; PowerShell: $env:CMAKE_ARGS=...), or a prebuilt CUDA wheel "
                "(`--extra-index-url https://abetlen.github.io/llama-cpp-python/whl/cu124`) matching your Python and "
                "CUDA. pywhispercpp: `GGML_CUDA=1 pip install git+https://github.com/absadiki/pywhispercpp` (the "
                "old WHISPER_CUDA flag is ignored). llama.cpp, whisper.cpp, stable-diffusion.cpp: their CUDA release "
                "(on Windows with its cudart archive) or `cmake -B build -DGGML_CUDA=ON`. An app whose bundled engine "
                "is CPU-only needs its CUDA engine instead (Buzz: the Faster Whisper type, with CUDA installed). "
                "torch.cuda.is_available() being True says nothing about this library. Then offload the layers "
                "(n_gpu_layers=-1, -ngl 99): its load log shows ggml_cuda_init and 'offloaded N/N layers to GPU' once "
                "it has CUDA."),
        action="configure",
        rules_out=("a GPU or its kernel module",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/SeargeDP/ComfyUI_Searge_LLM/issues/54",
                 "https://github.com/abetlen/llama-cpp-python/issues/787",
                 "https://github.com/Brekel/VisionCaptioner/issues/6",
                 "https://github.com/Maximilian-Winter/llama-cpp-agent/issues/57",
                 "https://github.com/absadiki/pywhispercpp/issues/125",
                 "https://github.com/abetlen/llama-cpp-python/issues/1723", LLAMA_CPP_PYTHON, LLAMA_CPP_BUILD),
        checked="2026-11-27",
        examples=("ollama/searge-llm-54-llama-cpp-python-not-using-cuda.txt", "ollama/visioncaptioner-6-gguf-insists-on-cpu.txt",
                  "ollama/llamacppagent-57-model-not-loading-in-gpu.txt", "ollama/pywhispercpp-125-not-using-gpu.txt"),
    ),
)

# People's words that a local model's answer took so long that the client gave up: "timeout reached ... with the Ollama
# backend. The problem is that my CPU is too weak", "Local Ollama is too slow - increase time out", "Ollama ... 会报错超时".
# (The tools' own lines are ollama.client-timeout-slow-local-model's.) An answer that only spins and then ends in a
# connection error is left alone: a stopped server reads the same way.
_OLLAMA = r"(?=[^\n]{0,500}?(?<![A-Za-z])[Oo]llama(?![A-Za-z]))"  # "使用ollama模型": no \b beside CJK
_SLOW = (r"(?=[^\n]{0,500}?(?:\b(?:my |the |a |weak |slow )?CPU (?:is )?(?:too )?(?:weak|slow)\b|\bon (?:the |a |my )?CPU\b|"
         r"\bCPU[- ]only\b|\b(?:too|very|so|really) slow\b|\btakes? (?:forever|ages|too long|a long time|much time)\b|"
         r"\btook (?:forever|ages|too long|a long time|much time)\b|很慢|太慢|很久|好久|半天))")
# Each pattern holds its own key word (the prefilter's; "ollama" is too common a word in healthy logs): a timeout word
# beside a slowness word, a slowness word beside a timeout word, or the Chinese "报错超时" (the request timed out).
# ("slow on CPU but no timeout" is none: no, without or never just before the word.)
_NO = r"(?<![Nn]o )(?<![Nn]ot )(?<!without )(?<![Nn]ever )"
_TIMEOUT_WORDS = (_NO + r"\b[Tt]imed out\b", _NO + r"\b[Tt]imes out\b", _NO + r"\b[Tt]imeout", r"\bReadTimeout\b",
                  r"(?:请求超时|响应超时|回答超时|生成超时|读取超时)")
_TIMED_OUT = (r"(?=[^\n]{0,500}?(?:" + _NO + r"\b[Tt]ime[- ]?outs?\b|" + _NO + r"\b[Tt]imed out\b|" + _NO +
              r"\b[Tt]imes out\b|\bReadTimeout\b|超时))")
_SLOW_WORDS = (r"\b(?:too|very|so|really|extremely|painfully) slow\b", r"\bCPU (?:is )?(?:too )?(?:weak|slow)\b",
               r"\bta(?:kes?|king|ook) forever\b")
# "会报错超时", "总是超时" (not "连接超时", a connect timeout: an address or firewall that drops the connection)
# "经常报超时" (keeps reporting a timeout; w40f)
_CHINESE_TIMED_OUT = r"(?:报错超时|报超时|提示超时|出现超时|显示超时|返回超时|总是超时|经常超时|会超时|就超时)"
SIGNATURES += (
    Signature(
        code="ollama.slow-local-model-timeout-described",
        described=True,
        cause_id="client-timeout-slow-local-model",
        kinds=("any",),
        patterns=(*(r"^" + _OLLAMA + _SLOW + r"[^\n]{0,500}?" + word for word in _TIMEOUT_WORDS),
                  *(r"^" + _OLLAMA + _TIMED_OUT + r"[^\n]{0,500}?" + word for word in _SLOW_WORDS),
                  r"^" + _OLLAMA + r"[^\n]{0,500}?" + _CHINESE_TIMED_OUT),
        severity="warn",
        cause=("The description suggests the local model answers slower than the app waits: on a CPU (a CPU-only "
               "virtual machine or a small box) or partly on the GPU, a long prompt takes minutes, and the client "
               "times out although the Ollama server runs."),
        advice=("Make the answer fit the client's wait: run the model on a GPU (`ollama ps` should show 100% GPU) or "
                "pick a smaller model, and shorten the prompt (in a RAG app such as MaxKB, Dify or RAGFlow send fewer "
                "and shorter knowledge-base segments, a smaller top-k and context), or raise the client's request "
                "timeout (the app's timeout setting: aiac's --timeout, LiteLLM's timeout=, LightRAG's "
                "LLM_TIMEOUT and EMBEDDING_TIMEOUT in its .env, Karakeep's INFERENCE_JOB_TIMEOUT_SEC). On a CPU-only machine "
                "even a 0.5B model needs many seconds per long prompt."),
        action="configure",
        rules_out=("a stopped or unreachable Ollama server",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/gofireflyio/aiac/pull/126", "https://github.com/ragapp/ragapp/issues/29",
                 "https://github.com/linshenkx/prompt-optimizer/issues/106", "https://github.com/autohandai/code-cli/issues/96"),
        checked="2026-11-27",
        examples=("ollama/aiac-126-ollama-timeout-weak-cpu.txt", "ollama/ragapp-29-local-ollama-slow-read-timeout.txt",
                  "ollama/promptoptimizer-106-ollama-30s-timeout.txt"),
    ),
)
