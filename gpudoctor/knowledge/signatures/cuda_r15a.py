"""What the generic CUDA out-of-memory row (cuda.out-of-memory) adds for a large language model on a small GPU.

Written for issue 25 (round fifteen, r15a), from threads outside the held-out sets. A PyTorch, vLLM or llama.cpp
program that loads an LLM bigger than the GPU's memory fails with the same out-of-memory lines as any other program,
and a smaller batch does not help it: the weights alone do not fit. The helpers' answer is a model that fits (a
smaller one, or the same one quantized to 8 or 4 bits) or fewer of its layers on the GPU.
"""

from __future__ import annotations

LLM_OUT_OF_MEMORY_ADVICE = (
    "A large language model bigger than the GPU (a 7B model in 16-bit needs about 16 GB) fits only as a smaller or "
    "quantized model: 4-bit or 8-bit (bitsandbytes load_in_4bit, GPTQ, AWQ, a GGUF such as Q4_K_M), or with fewer of "
    "its layers on the GPU (llama.cpp -ngl / n_gpu_layers, device_map=\"auto\" with max_memory), and a shorter "
    "context or max_model_len. vLLM takes --gpu-memory-utilization (gpu_memory_utilization, 0.9 by default) of the "
    "whole GPU whatever else runs on it: beside another process lower it (e.g. 0.6) or give vLLM an idle GPU.")
LLM_OUT_OF_MEMORY_SOURCE = "https://github.com/meta-llama/llama/issues/455"
LLM_OUT_OF_MEMORY_EXAMPLE = "cuda/llama-455-7b-fp16-oom-12gb-gpu.txt"
