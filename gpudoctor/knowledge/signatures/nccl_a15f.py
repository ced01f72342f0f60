"""Issue 25, written blind (helper a15f): a barrier that not every rank reaches, as people describe it (rows of the nccl
area, joined into nccl.SIGNATURES).

torch.distributed.barrier() (and every collective) completes only when every rank of the group calls it, in the same
order. A barrier inside a rank-0-only branch (`if rank == 0: ... dist.barrier()`), one that ranks skip by returning or
leaving a loop early (early stopping, evaluation on the main process only, an uneven last batch), or debugging
barriers placed where ranks arrive at different points leave the ranks that did call it waiting until NCCL's watchdog
times out, or forever (transformers-bloom-inference#40, transformers#1081, isi-nlp/rtg#11, Neuron_SP#73).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TORCH_COLLECTIVES = "https://pytorch.org/docs/stable/distributed.html#collective-functions"
# The call as people quote it, with its parentheses: the bare word "barrier" is in healthy kernel logs ("barriers").
_BARRIER = r"`?(?:(?:dist|torch\.distributed|accelerator|self\.accelerator)\.)?(?:barrier\(\)|wait_for_everyone\(\))`?"
_MAIN = r"(?:rank ?0|rank-0|the (?:main|master) (?:process|rank|node)|(?:main|master) process|local_rank ?0)"
_OTHERS = r"(?:the )?(?:other|rest of the|remaining|non-zero|non-main|non-master|slave) ?(?:ranks?|processes|workers|GPUs)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.barrier-not-called-by-all-ranks",
        refines=("nccl.watchdog-timeout",), refines_within=None,
        cause_id="distributed-misuse",
        kinds=("any",),
        patterns=(
            # "rank 0 calls `dist.barrier()` while other processes don't"; "the master process is waiting at the barrier
            # for ... processes which already exited"
            r"\b" + _MAIN + r"\b[^\n]{0,40}?\b(?:calls?|reach(?:es)?|enters?|hits?|is (?:stuck|waiting|blocked) (?:at|in|on)|"
            r"waits? (?:at|in|on))\b[^\n]{0,20}?" + _BARRIER + r"[^\n]{0,60}?\b" + _OTHERS
            + r"\b[^\n]{0,30}?\b(?:don'?t|do not|doesn'?t|does not|never|not|already (?:exit|left|return|finish))",
            # "`dist.barrier()` at desloc_engine.py:2275 is asymmetric", "barrier calls are unbalanced", "mismatched barrier"
            r"\bbarrier(?:\(\))?`?[^\n]{0,40}? (?:is|are) (?:asymmetric|unbalanced|mismatched)\b",
            r"\b(?:asymmetric|unbalanced|mismatched|unmatched) `?(?:dist\.|torch\.distributed\.)?barrier",
            # "all the processes except the master one already exit ... and thus never enter the symmetric
            # `torch.distributed.barrier()`"
            r"\b(?:never|don'?t|do not|doesn'?t|does not) (?:enter|reach|call|hit|arrive at|get to)(?:es|s)? (?:the )?"
            r"(?:symmetric |matching |same |corresponding )?" + _BARRIER,
            # "barrier() only called on rank 0", "barrier is only reached by the main process"
            _BARRIER + r"[^\n]{0,40}?\bonly (?:called |reached |executed |run )?(?:on|in|by|from) " + _MAIN + r"\b",
        ),
        severity="warn",
        cause=("The description suggests a barrier (or another collective) that not every rank calls: a rank-0-only "
               "branch, an early return or exit on some ranks, or ranks reaching the barrier at different points, so the "
               "ranks that did call it wait for the others until NCCL's watchdog times out, or forever."),
        advice=("Make every rank call the same collectives in the same order: put `dist.barrier()` outside the "
                "`if rank == 0:` branch (do the rank-0 work inside it, then let all ranks call the barrier), do not "
                "return or break out of the training loop on some ranks only (decide early stopping on rank 0 and "
                "broadcast it with dist.broadcast_object_list), and remove debugging barriers from paths the ranks "
                "reach at different times. TORCH_DISTRIBUTED_DEBUG=DETAIL (with NCCL_DEBUG=INFO) names the collective "
                "each rank is in when it hangs."),
        action="configure",
        rules_out=("the GPUs", "the NCCL network or interface set-up", "the driver"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/huggingface/transformers-bloom-inference/pull/40",
                 "https://github.com/huggingface/transformers/pull/1081", "https://github.com/isi-nlp/rtg/issues/11",
                 "https://github.com/dylanyunlon/Neuron_SP/issues/73", TORCH_COLLECTIVES),
        checked="2026-11-26",
        examples=("nccl/bloom-inference-40-barrier-on-rank-0-only.txt",),
    ),
)
