"""Issue 25, w42b: attention kernels a GPU is too old (or too new) for, and GPU memory a person says ran out.

- SageAttention 2.x dispatches on the GPU's architecture and raises "Unsupported CUDA architecture: sm75" (sm70, sm61)
  for anything older than Ampere: its CUDA kernels are built for sm80, sm86, sm89, sm90 and (2.2) sm120 only, and only
  the 1.0.x releases (Triton kernels) run on Turing. A build older than the GPU says the same for sm120/sm100. The
  generic "no kernel image" rows never see this line; people also describe it ("sageattention only supports 30-series
  and newer", "SageAttention 不支持 20 系"). The fix turns on the architecture: the old-GPU case wants SageAttention
  1.0.6 or the PyTorch (sdpa) attention, the new-GPU case a SageAttention build that has the GPU's kernels.
- "OOM on my 4090", "slapped with OOM even with block swap", "OOM ... 32GB VRAM": a person's words for a model that
  does not fit the GPU in a diffusion app or a LoRA trainer, where the fix is the app's own offloading (ComfyUI
  --lowvram/--novram, diffusers CPU offload, a trainer's text-encoder offload and block swap) or fp8/8-bit weights,
  not the driver. LLM servers (Ollama, llama.cpp, vLLM) and host-memory kills have rows of their own.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
SAGE_SOURCES = ("https://github.com/thu-ml/SageAttention/blob/main/sageattention/core.py",
                "https://github.com/kijai/ComfyUI-WanVideoWrapper/issues/717",
                "https://github.com/lllyasviel/FramePack/issues/384", "https://github.com/lllyasviel/FramePack/issues/394",
                "https://github.com/lllyasviel/FramePack/issues/676", "https://github.com/woct0rdho/SageAttention/issues/20")

_SAGE_OLD_GPU = (
    "SageAttention 2.x has CUDA kernels for Ampere (sm80) and newer GPUs only, so on this GPU either uninstall it "
    "(`pip uninstall sageattention` in the app's environment; FlashAttention 2 has the same limit) and let the app use "
    "PyTorch's own attention (sdpa: in ComfyUI drop --use-sage-attention, in a node set attention_mode to sdpa) or "
    "xformers, or install SageAttention 1.0.6 (`pip install sageattention==1.0.6`, Triton kernels, which run on Turing "
    "RTX 20xx / GTX 16xx)")
_SAGE_NEW_GPU = (
    "The installed SageAttention build predates this GPU: install a SageAttention 2.2 or later build made for its "
    "architecture (sm120 needs a wheel built with CUDA 12.8 or later, matching your torch), or use PyTorch's sdpa "
    "attention until then")
# rev42a: sageattn() dispatches on the exact "sm80", "sm86", "sm89", "sm90", "sm120" (2.2's core.py), so the data-centre
# Blackwells (sm100, sm103), Thor (sm110) and GB10/DGX Spark (sm121) are refused by every upstream 2.x release: no
# newer SageAttention 2 build is the fix there.
_SAGE_NO_BUILD = (
    "No upstream SageAttention 2.x release dispatches to this architecture (its kernels cover sm80, sm86, sm89, sm90 "
    "and sm120 only): let the app use PyTorch's sdpa attention (in ComfyUI drop --use-sage-attention, in a node set "
    "attention_mode to sdpa) or FlashAttention, or a SageAttention build that names this GPU's architecture in its "
    "release notes")
# Architecture the line names (digits after "sm", lower case) -> the next step, first prefix that matches (checked
# 2026-11-28 against SageAttention's core.py dispatch: sm80, sm86, sm89, sm90, sm120 in 2.2).
SAGE_ARCH_ADVICE: tuple[tuple[str, str], ...] = (("5", _SAGE_OLD_GPU), ("6", _SAGE_OLD_GPU), ("7", _SAGE_OLD_GPU),
                                                 ("120", _SAGE_NEW_GPU), ("10", _SAGE_NO_BUILD), ("11", _SAGE_NO_BUILD),
                                                 ("12", _SAGE_NO_BUILD))

_SAGE = r"(?:[Ss]age ?[Aa]ttention|SAGE ?ATTENTION|sageattn)"
# rev42a: a line that says it works ("which my 3060 has, and it works great", "my 2080 is fine with xformers") is
# a person describing a set-up that runs, not a refusal.
_NOT_WORKING = r"^(?![^\n]{0,400}?\b(?:works? (?:great|fine|well)|is fine|runs fine|no problems?)\b)[^\n]{0,200}?"
_OLD_GPU = (r"(?:RTX ?20[5-8]0(?: ?Ti| ?SUPER| ?Super)?|20[- ]?(?:series|xx|系)|GTX ?1[06][5-8]0|Turing|Volta|Pascal|V100|"
            r"T4|sm_?7[05]|sm_?6\d|2080|2070|2060)")
_NEWER_ONLY = r"(?:RTX ?30|30[- ]?(?:series|xx|系)|30以上|Ampere|安培|sm_?80|compute capability 8)"

# The OOM words people write, and what the description must not be about: LLM servers (their rows), host memory.
_OOM = r"\b(?:OOM(?:s|ed|ing|'s|'d)?|[Oo]ut of VRAM)\b"
_NOT_OTHER = (r"^(?![^\n]{0,400}?(?:[Oo]llama|llama\.cpp|llama-server|LM Studio|GGUF|gguf|vLLM|vllm|SGLang|sglang|"
              r"OOM[- ]?[Kk]ill|oom[-_]kill|[Kk]illed process|system RAM|host RAM|CPU RAM|host memory|system memory|"
              r"shared memory|/dev/shm|Bus error|"
              r"[Dd]ata[Ll]oader|MAX_JOBS|ninja|nvcc|"
              # rev42a: an OOM denied ("no more OOM", "ran without OOM", "doesn't OOM") is a set-up that runs
              r"\b(?:[Nn]o(?: more)?|[Nn]ot|[Ww]ithout|[Nn]ever|does ?n[o']t|did ?n[o']t|wo ?n't|wo not) (?:an? |any )?OOM))")
_GPU_MODEL = (r"(?:(?:RTX|GTX) ?)?(?:[1-5]0[5-9]0|A100|A10G|A6000|A5000|A4000|H100|H200|L40S|L40|T4|V100|P100)"
              r"(?: ?Ti| ?SUPER| ?Super| ?D| [Mm]obile| [Ll]aptop)?\b")
_VRAM_AMOUNT = r"\b\d{1,3} ?(?:GB|GiB|G)(?: of)? (?:VRAM|vram)\b"
_OFFLOAD_WORDS = (r"\b(?:block[- ]?swap(?:ping)?|blocks_to_swap|offload(?:ing|ed)?|--lowvram|--novram|lowvram|fp8|"
                  r"gradient checkpointing|text encoders?)\b")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.sageattention-unsupported-gpu-arch",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(r"(?<![\w.])Unsupported CUDA architecture: sm_?(?P<sm>\d{2,3})\b",),
        severity="fail",
        cause=("SageAttention has no kernels for this GPU's architecture (sm{sm}): its 2.x releases dispatch only to "
               "Ampere and newer GPUs (sm80, sm86, sm89, sm90, sm120 in 2.2), so an older GPU, a GPU newer than the "
               "build, or an architecture it has no kernels for (sm100, sm121), is refused. The driver and PyTorch are fine."),
        advice="{sage_advice}.",
        lookups=(("sm", "sage_advice", SAGE_ARCH_ADVICE, _SAGE_OLD_GPU),),
        action="configure",
        rules_out=("the driver", "the PyTorch build"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        versions=("sageattention>=2.0",),
        sources=SAGE_SOURCES,
        checked=CHECKED,
        examples=("frameworks/framepack-394-sageattention2-rtx2060-super-sm75.txt",
                  "frameworks/framepack-384-quadro-rtx6000-sageattention-sm75.txt",
                  "frameworks/framepack-676-sageattention-sm60-pascal.txt"),
    ),
    Signature(
        code="frameworks.sageattention-old-gpu-described",
        described=True,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(
            # "sageattention只支持30以上显卡", "SageAttention only supports RTX 30 series and newer"
            _NOT_WORKING + _SAGE + r"[^\n]{0,80}?(?:只支持|仅支持|只能支持|只能用|\bonly (?:supports?|works? (?:on|with))\b|"
            r"\brequires\b|\bneeds\b)[^\n]{0,40}?" + _NEWER_ONLY,
            # "SageAttention 2 does not support the RTX 2080", "sageattn doesn't work on Turing"
            _NOT_WORKING + _SAGE + r"[^\n]{0,80}?(?:\b(?:does ?n[o']t|do ?n[o']t|not|no longer|can ?not|can't) (?:support|"
            r"work (?:on|with)|run on)\b|不支持) (?:(?:the|my|an?|our|your) )?(?:NVIDIA |[Nn]vidia )?(?:GeForce )?" + _OLD_GPU,
            # "Turing (sm75) is not supported by SageAttention", "RTX 2080 can't use sage attention"
            _NOT_WORKING + r"\b" + _OLD_GPU + r"[^\n]{0,80}?(?:\b(?:(?:is|are) not supported|unsupported|(?:does ?n[o']t|can ?not|can't) "
            r"(?:run|use|support))\b|不支持)[^\n]{0,40}?" + _SAGE,
        ),
        severity="warn",
        cause=("The description says SageAttention does not run on this GPU: SageAttention 2.x ships kernels for "
               "Ampere (RTX 30xx, sm80) and newer only, so Turing (RTX 20xx, GTX 16xx, T4), Volta and Pascal GPUs "
               "are refused; the driver is not the cause."),
        advice=_SAGE_OLD_GPU + ".",
        action="configure",
        rules_out=("the driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=SAGE_SOURCES,
        checked=CHECKED,
        examples=("frameworks/wanvideowrapper-717-sageattention-rtx2080-sm75-prose.txt",),
    ),
    Signature(
        code="frameworks.gpu-memory-ran-out-described",
        described=True,
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(
            # "OOM on my 4090", "OOM when trying to train a flux lora on 4060 mobile"
            _NOT_OTHER + r"[^\n]{0,300}?" + _OOM + r"[^\n]{0,120}?\bon (?:a |an |my |the |our |their )?(?:\d{1,3} ?GB )?"
            + _GPU_MODEL,
            # "OOM ... with 32GB VRAM", "24GB VRAM and still out of memory"
            _NOT_OTHER + r"[^\n]{0,300}?" + _OOM + r"[^\n]{0,160}?" + _VRAM_AMOUNT,
            _NOT_OTHER + r"[^\n]{0,300}?" + _VRAM_AMOUNT + r"[^\n]{0,160}?" + _OOM,
            # "slapped with OOM even when I block swap", "offloading the text encoder and still OOM"
            _NOT_OTHER + r"[^\n]{0,300}?" + _OOM + r"[^\n]{0,120}?" + _OFFLOAD_WORDS,
            _NOT_OTHER + r"[^\n]{0,300}?" + _OFFLOAD_WORDS + r"[^\n]{0,120}?" + _OOM,
            # "爆显存了", "显存不足"
            r"(?:爆显存|显存爆了|显存不足|显存不够|显存溢出)",
        ),
        severity="warn",
        cause=("The description says the GPU ran out of memory: the model, with its text encoders and the chosen "
               "resolution, frames or batch, needs more VRAM than the card has free at these settings. The driver is "
               "not the cause."),
        advice=("Lower what sits on the GPU at once: use the app's offloading (ComfyUI --lowvram or --novram; diffusers "
                "pipe.enable_model_cpu_offload() or enable_sequential_cpu_offload(); a trainer's text-encoder offload "
                "(100 %) or cached text-encoder outputs, and block swap / blocks_to_swap for the transformer), load the "
                "model in fp8 or another quantised form with an 8-bit optimizer (AdamW8bit) when training, enable "
                "gradient checkpointing, and lower the resolution, frame count or batch size; close other programs "
                "holding VRAM (`nvidia-smi`). A model whose weights alone exceed the card needs offloading or a bigger "
                "GPU."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://huggingface.co/docs/diffusers/optimization/memory",
                 "https://github.com/bmaltais/kohya_ss/issues/2991", "https://github.com/Comfy-Org/ComfyUI/issues/12047"),
        checked=CHECKED,
        examples=("frameworks/kohyass-2991-flux-lora-4090-oom-despite-block-swap.txt",),
    ),
)
