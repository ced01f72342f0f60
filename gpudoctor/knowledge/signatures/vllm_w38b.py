"""Issue 25, w38b: serving engines on GPUs their kernels were not built for (rows of the vllm area).

Two families the thirty-sixth and thirty-seventh blind sets showed: a kernel library built for one architecture
only (FlashMLA, DeepSeek's MLA decoding kernels, exist for Hopper sm_90 and, later, datacenter Blackwell sm_100;
on an A100/A800, L40 or RTX card its launch fails with CUDA's generic "no kernel image"), where the fix is another
attention backend, not another PyTorch build or driver; and a person asking how to build or run an engine (SGLang,
vLLM) on a consumer Blackwell card (RTX 5060-5090, sm_120) before the engine's regular wheels carried kernels for it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FLASHMLA = "https://github.com/deepseek-ai/FlashMLA"
VLLM_GPU_INSTALL = "https://docs.vllm.ai/en/latest/getting_started/installation/gpu.html"

# The engines people name, as they write them.
_ENGINE = r"(?:sglang|SGLang|SGLANG|Sglang|vllm|vLLM|VLLM|Vllm|lmdeploy|LMDeploy)"
# A consumer Blackwell GPU as people name it: "5090", "RTX 5080", "5070 Ti", "RTX 50-series", "Blackwell", "sm_120".
_RTX50 = (r"(?:(?:RTX |RTX|rtx |rtx)?50[6-9]0(?: Ti|Ti| D)?s?|(?:RTX |RTX|rtx |rtx)50(?:xx|-series| series)|[Bb]lackwell|"
          r"sm_?120|SM_?120)")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.flashmla-needs-hopper",
        refines=("cuda.no-kernel-image",),
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        patterns=(
            # The CUDA check of FlashMLA's own sources, wherever the engine vendors them (FlashMLA/csrc,
            # third_party/FlashMLA, .deps/flashmla-src): "CUDA error (.../csrc/flash_fwd_mla_metadata.cu:76): no kernel
            # image is available for execution on the device", flash_fwd_mla_kernel.h, flash_mla_api.cpp.
            r"\bflash_(?:fwd_)?mla\w{0,40}\.(?:cu|cuh|h|cpp):\d{1,5}\)?:? {0,2}no kernel image is available",
            # vLLM's (and Aphrodite's) own refusal in attention/ops/flashmla.py ("... on Hopper devices."; releases
            # that added sm_100 name both families after "Hopper").
            r"FlashMLA is only supported on Hopper\b",
        ),
        severity="fail",
        cause=("FlashMLA, the MLA attention kernel library this engine was told to use, is built only for Hopper GPUs "
               "(sm_90: H100, H800, H200, H20; newer releases add datacenter Blackwell sm_100), so on this GPU its "
               "kernels do not exist and the launch fails; the driver, CUDA and PyTorch are fine."),
        advice=("Choose an attention backend that supports this GPU instead of FlashMLA: in Chitu "
                "`infer.attn_type=flash_infer` (the maintainers' answer for A800), in SGLang `--attention-backend "
                "flashinfer` (or triton), in vLLM leave VLLM_ATTENTION_BACKEND unset or set it to TRITON_MLA rather "
                "than FLASHMLA (its FLASHINFER_MLA and CUTLASS_MLA backends are for datacenter Blackwell only); keep FlashMLA for Hopper GPUs (`nvidia-smi "
                "--query-gpu=name,compute_cap --format=csv` shows 9.0 there). Community ports for Ampere exist but are "
                "not the upstream library."),
        action="configure",
        rules_out=("the NVIDIA driver", "the PyTorch build"),
        never_suggest=("update the driver", "reinstall the driver", "reinstall PyTorch"),
        sources=(FLASHMLA, "https://github.com/deepseek-ai/FlashMLA/issues/39",
                 "https://github.com/deepseek-ai/FlashMLA/issues/60",
                 "https://github.com/vllm-project/vllm/blob/main/vllm/attention/ops/flashmla.py"),
        checked="2026-11-27",
        examples=("vllm/flashmla-39-test-no-kernel-image-on-non-hopper.txt",),
    ),
    Signature(
        code="vllm.engine-on-rtx50-described",
        described=True,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(
            # "How to build sglang using 5080/5090 gpu", "how to run vLLM on an RTX 5070 Ti", "install vllm for Blackwell"
            r"\b(?:(?:[Bb]uild|[Ii]nstall|[Dd]eploy|[Cc]ompil)(?:e|es|ed|ing|s)?|[Hh]ow (?:to|do I|can I|could I) "
            r"(?:run|use|serve)) (?:the )?" + _ENGINE +
            r"\b[^\n]{0,40}?\b" + _RTX50 + r"(?![\w.])",
            # "vLLM on RTX 5090 not working", "SGLang doesn't support the 5080"
            _ENGINE + r"\b[^\n]{0,60}?\b" + _RTX50 + r"(?![\w.])[^\n]{0,40}?\b(?:not (?:supported|working|work)|"
            r"unsupported|doesn'?t work|does not work|no support|fails?|failed)\b",
            _ENGINE + r"\b[^\n]{0,20}?\b(?:doesn'?t|does not|do not|don'?t|not) (?:yet )?support\b[^\n]{0,20}?\b" + _RTX50 +
            r"(?![\w.])",
            # "there is still no pip install support for sm_120", "no wheel support for sm_120 yet": the install channel
            # an engine ships on; a bare "no support for sm_120" is any program's (frameworks.torch-build-lacks-gpu-arch-
            # described reads PyTorch's)
            r"\b(?:no|without|lacks?|missing)\b[^\n]{0,40}?\b(?:pip(?: install)?|wheels?|prebuilt|PyPI) support (?:for |of )?"
            r"(?:sm_120|sm120|SM_120|SM120|compute capability 12\.0)\b",
        ),
        severity="warn",
        cause=("The description suggests a serving engine on a consumer Blackwell GPU (RTX 50-series, compute "
               "capability 12.0, sm_120): builds made with a CUDA older than 12.8, as the engines' regular wheels and "
               "images were when these cards came out, carry no kernels for it, so it cannot run there."),
        advice=("Use a build with sm_120 kernels, made with CUDA 12.8 or newer, on a driver of branch 570 or newer "
                "(open kernel modules): SGLang's Blackwell image (`docker pull lmsysorg/sglang:blackwell`) or a "
                "release whose wheels are built on cu128 or newer; vLLM: a current release (its cu129/cu130 wheels or "
                "the vllm/vllm-openai image; the PyPI wheels of mid-2025 still lacked sm_120), or build it from source "
                "with PyTorch from the cu128 index "
                "(`pip install torch --index-url https://download.pytorch.org/whl/cu128`, `python use_existing_torch.py`, "
                "TORCH_CUDA_ARCH_LIST=\"12.0\"). `python -c \"import torch; print(torch.cuda.get_arch_list())\"` must "
                "list sm_120."),
        action="configure",
        rules_out=("the GPU itself",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/issues/21453", "https://github.com/sgl-project/sglang/issues/5338",
                 VLLM_GPU_INSTALL),
        checked="2026-11-27",
        examples=("vllm/vllm-21453-sm120-pip-support-rtx50-build.txt",),
    ),
)
