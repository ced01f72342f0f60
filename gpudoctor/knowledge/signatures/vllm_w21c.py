"""Issue 25 (helper w21c): Ray's scheduler with no free GPU for a task or actor.

Ray counts GPUs as a resource: each node advertises the GPUs its raylet detected (or `--num-gpus`), and a task or actor
that asks for `num_gpus` waits until that many are free. An actor keeps its GPUs for its whole life, so actors left
running (a notebook cell run twice, a trainer's workers, an actor pool larger than the GPUs) leave nothing for the next
request, and Ray says so in its scheduler's warning (worker.py before Ray 2, the autoscaler's "resource request cannot
be scheduled right now" since) or, in its first releases, refused to create the actor. The GPUs themselves are fine.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.ray-gpu-request-unschedulable",
        cause_id="ray-gpu-resources-held",
        kinds=("any",),
        # Ray 0.2-0.4: "Exception: Could not find a node with enough GPUs or other resources to create this actor."
        # Ray 1.x worker.py: "The actor or task with ID ... cannot be scheduled right now. It requires {CPU: 1.000000},
        # {GPU: 1.000000} for placement, but this node only has remaining {..., 0.000000/1.000000 GPU, ...}" and later
        # "... Required resources for this actor or task: {GPU: 1.000000}"; Ray 2 autoscaler: "(autoscaler +2m17s)
        # Warning: The following resource request cannot be scheduled right now: {'CPU': 1.0, 'GPU': 1.0}." Only
        # requests that name a GPU: a CPU-only request that waits (fractional CPUs) is another story.
        patterns=(r"Could not find a node with enough GPUs or other resources to create this actor",
                  r"resource request cannot be scheduled right now: \{[^}\n]{0,80}'GPU'",
                  r"cannot be scheduled right now\. It requires [^\n]{0,120}\{GPU: \d[\d.]{0,12}\}[^\n]{0,20} for placement",
                  r"Required resources for this actor or task: \{[^}\n]{0,60}\bGPU: \d"),
        severity="warn",
        cause=("Ray has no free GPU for this task or actor: the GPUs its nodes advertise are claimed by other tasks "
               "and actors (an actor keeps its GPUs until it is killed or goes out of scope), or the requests add up "
               "to more GPUs than the cluster has, so the request waits or is refused."),
        advice=("Run `ray status` to see the GPUs in use and the pending demands. Kill the actors you are done with "
                "(`ray.kill(actor)`, or `del` its handle) before creating new ones, create fewer actors, or ask for "
                "less per actor (`num_gpus` may be a fraction such as 0.25 when several share a GPU); add GPU nodes "
                "where the demand is real. If `ray status` shows 0 GPUs on a node that has them, start it with "
                "`ray start --num-gpus=N` and check that `nvidia-smi` works there."),
        action="configure",
        rules_out=("a GPU hardware fault", "GPU memory"),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/ray-project/ray/issues/1229", "https://github.com/ray-project/ray/issues/15594",
                 "https://github.com/YeWR/EfficientZero/issues/44",
                 "https://docs.ray.io/en/latest/ray-core/scheduling/resources.html"),
        checked="2026-11-27",
        examples=("vllm/ray-1229-gpu-actor-not-released-second-actor.txt",
                  "vllm/efficientzero-44-ray-resource-request-cannot-be-scheduled.txt"),
    ),
)
