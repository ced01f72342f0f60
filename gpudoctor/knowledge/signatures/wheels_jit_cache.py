"""PyTorch's just-in-time extension cache holding a folder without the library a failed build never wrote.

torch.utils.cpp_extension.load() compiles an extension (DeepSpeed's fused_adam, cpu_adam, transformer_inference;
StyleGAN's fused and upfirdn2d) into TORCH_EXTENSIONS_DIR, ~/.cache/torch_extensions/py<XY>_cu<ZZZ>/<name>/ by default,
and imports <name>.so from there. A build that failed (an old gcc, no nvcc, another CUDA than torch's, or a rank killed
mid-build) leaves the folder and its build.ninja behind without the library; later runs, and the other ranks of a
multi-GPU job that waited for the first to build it, then fail on the import alone, often without the compiler's error
in the paste. Reinstalling the package does not touch the cache; removing the op's folder makes the next run build it
again and show why it fails.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

JIT_CACHE_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.jit-extension-library-missing",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # the import of the cached library: <dir>/torch_extensions/py38_cu118/fused_adam/fused_adam.so, or a custom
        # TORCH_EXTENSIONS_DIR named torch_ext... (one folder level optional)
        patterns=(r"torch_ext\w{0,12}(?:/[\w.-]{1,40})?/\w{1,60}/(?P<op>\w{1,60})\.so: cannot open shared object file",),
        severity="fail",
        cause=("PyTorch's just-in-time build of the extension {op} never produced {op}.so: an earlier compilation in "
               "the extensions cache failed, and every run since finds the folder without the library."),
        advice=("Remove the op's cached build (`rm -r ~/.cache/torch_extensions/*/{op}`, or that folder under "
                "TORCH_EXTENSIONS_DIR) and run once with a single process so it is rebuilt; if the rebuild fails, fix "
                "what its first compiler error names (a gcc too old or too new for nvcc, no nvcc, CUDA_HOME pointing at "
                "another CUDA than torch.version.cuda). For DeepSpeed ops, building at install time avoids the cache: "
                "`DS_BUILD_FUSED_ADAM=1 pip install deepspeed --no-build-isolation`."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/QwenLM/Qwen3/issues/350", "https://github.com/liucongg/ChatGLM-Finetuning/issues/91",
                 "https://github.com/NVlabs/stylegan2-ada-pytorch/issues/11",
                 "https://pytorch.org/docs/stable/cpp_extension.html"),
        checked="2026-11-26",
        examples=("wheels/qwen-350-fused-adam-so-missing-multi-gpu.txt",
                  "wheels/chatglm-finetuning-91-fused-adam-so-missing-old-gcc.txt"),
    ),
)
