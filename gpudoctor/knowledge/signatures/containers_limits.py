"""Containers and pods stopped by the limits their runtime sets: a memory cgroup limit reached (rows of the
containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.memory-limit-oom-killed",
        cause_id="host-memory-oom",
        kinds=("any",),
        # The container runtime's own record of a container its memory cgroup killed: the kubelet's reason OOMKilled
        # (`kubectl describe pod`'s "Reason: OOMKilled", `kubectl get pods`' STATUS, the pod yaml's "reason: OOMKilled",
        # people's "was OOMKilled"), `docker inspect`'s "OOMKilled": true (false on every healthy container, so not
        # that), and kubectl's words for its exit status 137 (128 + SIGKILL): describe's "Exit Code: 137" and exec's
        # "command terminated with exit code 137". Docker compose's "<service>-1 exited with code 137" is left to
        # frameworks.process-killed-sigkill (and inside WSL 2 to wsl.killed-memory-limit, the VM's limit).
        patterns=(r"(?<![\"\w])OOMKill(?:ed|ing)\b(?!\"?:\s{0,3}false)", r"\"OOMKilled\":\s{0,3}true\b",
                  r"\bExit Code:\s{1,12}137\b", r"command terminated with exit code 137\b"),
        # frameworks.process-killed-sigkill reads the same kill from the program's side (signal 9, a bare "Killed",
        # exit code 137): the runtime's record says which memory ran out, so it explains those lines.
        refines=("frameworks.process-killed-sigkill",), refines_within=None,
        severity="fail",
        cause="The container was killed (exit code 137, SIGKILL) because it used more host RAM than its memory limit "
              "allows (the container's memory cgroup, or on Docker Desktop the VM's memory): host memory, not GPU "
              "memory, ran out.",
        advice=("Raise the container's memory limit: in Kubernetes resources.limits.memory (and requests.memory) in the "
                "pod spec or the Helm values, with docker run `--memory 32g` (compose: `mem_limit` or deploy.resources."
                "limits.memory), on Docker Desktop Settings > Resources > Memory (with the WSL 2 back end `memory=` in "
                "%UserProfile%\\.wslconfig); or make the process use less RAM (a smaller or quantized model, fewer models "
                "loaded at once, fewer DataLoader workers, low_cpu_mem_usage). Confirm it with `kubectl describe pod` "
                "(Last State: Terminated, Reason: OOMKilled) or `docker inspect -f '{{.State.OOMKilled}}' NAME`; if "
                "that says false, the host itself ran out of RAM (`sudo dmesg -T | grep -i 'killed process'`) or the "
                "container was stopped with SIGKILL."),
        action="configure",
        rules_out=("GPU memory", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "lower gpu_memory_utilization", "reduce the batch size for GPU memory"),
        sources=("https://github.com/opendatahub-io/odh-manifests/issues/704",
                 "https://github.com/llm-d/llm-d-autoscaling/issues/191",
                 "https://github.com/aamsellem/olares-one-market/issues/10",
                 "https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/",
                 "https://docs.docker.com/engine/containers/resource_constraints/#memory"),
        checked="2026-11-26",
        examples=("containers/odhmanifests-704-oomkilled-exit-137-limits.txt",
                  "containers/llmd-autoscaling-191-oomkilled-limit-128mi.txt",
                  "containers/olares-10-vllm-pod-reason-oomkilled.txt"),
    ),
)
