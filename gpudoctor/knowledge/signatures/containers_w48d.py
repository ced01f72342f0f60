"""Issue 25 (helper w48d): containers without the video capability, pods without the NVIDIA runtime, as people and
their tools say it.

- The NVIDIA Container Toolkit mounts the driver's video libraries (libnvidia-encode, libnvcuvid) only when the
  container's NVIDIA_DRIVER_CAPABILITIES includes video (or all); `--gpus all` and a Compose reservation of
  `capabilities: [gpu]` give compute and utility only. The runtime reads the variable when it creates the container, so
  exporting it inside a running one (`docker exec`, a shell's `export`) changes nothing. People describe the fix in
  their own words ("pass `video` to the list of capabilities"), and apps say it in theirs: Unreal Engine's Pixel
  Streaming "Failed to initialize Pixel Streaming plugin because Nvidia NVENC was not installed"; FFmpeg's own lines
  are read elsewhere (containers_toolkit.py, cuda_w18n.py).

- k3s, RKE2 and the GPU operator register the nvidia runtime in containerd but keep runc the default, so a pod gets
  the driver only when it names `runtimeClassName: nvidia`; charts and controllers that do not (dcgm-exporter, an app's
  worker pods, a scheduler's reservation pod) run without it. People describe it ("set runtimeClass to pod without
  setting default-runtime", "I have to define runtimeClassName in every pod spec"), and the app in the pod says only
  that it could not load NVML: gonvml's "couldn't initialize gonvml: could not load NVML library", go-nvml's
  "unable to initialize NVML: ERROR_LIBRARY_NOT_FOUND". The device plugin's own wording of the same failure is
  containers.device-plugin-no-nvml's (containers.py), whose cause is the node's missing nvidia.com/gpu; these rows
  take its place where the line is another app's.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

# How people name the capability list: the variable, a Compose reservation's `capabilities`, "driver capabilities"
# (often misspelt "capbilities").
_CAPABILITIES = r"(?:NVIDIA_DRIVER_CAPABILITIES|(?:driver )?[Cc]apa?bilit(?:y|ies))"

_RUNTIME_ADVICE = (
    "Give the pod the NVIDIA runtime: either name it in the pod spec (`runtimeClassName: nvidia`; most charts have a "
    "value for it, e.g. Helm `--set runtimeClassName=nvidia`), or make nvidia the node's default runtime so every pod "
    "gets it: k3s `--default-runtime nvidia` (or `default-runtime: nvidia` in /etc/rancher/k3s/config.yaml; RKE2 "
    "/etc/rancher/rke2/config.yaml) and restart k3s/rke2; plain containerd `sudo nvidia-ctk runtime configure "
    "--runtime=containerd --set-as-default` and restart containerd; the GPU operator's toolkit with "
    "CONTAINERD_SET_AS_DEFAULT=true. Check with `kubectl get runtimeclass` and `kubectl exec POD -- nvidia-smi`; the "
    "driver on the host is fine.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.video-capability-missing-described",
        described=True,
        cause_id="nvenc-library-missing",
        # ffmpeg's NVDEC/NVENC path reports the missing video libraries as no CUDA device; the description names why
        refines=("cuda.no-device",), refines_within=None,
        kinds=("any",),
        patterns=(
            # "pass `video` to the list of capabilities", "need add video option to driver capbilities", "adding video
            # to NVIDIA_DRIVER_CAPABILITIES", "you must include video in the capabilities"
            r"\b(?:[Pp]ass|[Aa]dd|[Ii]nclud|[Ss]et|[Ee]nabl|[Nn]eed|[Rr]equir|[Mm]ust include)\w{0,4}\b[^\n]{0,40}?"
            r"[`'\"]?\bvideo\b[`'\"]?(?: option| capability)?[^\n]{0,30}?\b(?:to|in|into|for|on) (?:the |its |your )?"
            r"(?:list of |container'?s? )?" + _CAPABILITIES,
            # "the video capability is missing", "video capability not set"
            r"\bvideo (?:driver )?capabilit(?:y|ies)\b[^\n]{0,40}?\b(?:is |was |were )?(?:missing|not set|not "
            r"(?:included|enabled|passed|given)|needed|required)\b",
            # "NVIDIA_DRIVER_CAPABILITIES lacks video", "the capabilities don't include video"
            _CAPABILITIES + r"[`'\"]?[^\n]{0,50}?\b(?:lacks?|lacking|missing|without|(?:does ?n[o']?t|doesn't|did "
            r"not|didn't) (?:include|contain|have|list))\b[^\n]{0,20}?[`'\"]?video\b",
        ),
        severity="warn",
        cause=("The description says the container lacks the video driver capability: the NVIDIA Container Toolkit then "
               "mounts only the compute and utility libraries, not the video encode/decode ones (libnvidia-encode, "
               "libnvcuvid), so NVENC/NVDEC fail (\"Cannot load libnvidia-encode.so.1\", or CUDA_ERROR_NO_DEVICE "
               "from the hardware decoder) while CUDA itself works."),
        advice=("Give the container the video capability when it is created: `-e NVIDIA_DRIVER_CAPABILITIES="
                "compute,video,utility` (or `all`) on docker run, `NVIDIA_DRIVER_CAPABILITIES=all` in the compose "
                "file's environment, and in a Compose GPU reservation `capabilities: [gpu, compute, video, utility]`; "
                "then recreate it (`docker compose up -d --force-recreate`): setting the variable inside a running "
                "container does nothing."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU's NVENC support"),
        never_suggest=("reinstall the driver", "install the driver in the container"),
        sources=("https://github.com/immich-app/immich/pull/3612",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked=CHECKED,
        examples=("containers/immich-3612-hwaccel-nvenc-video-capability-cuda-no-device.txt",),
    ),
    Signature(
        code="containers.pixel-streaming-nvenc-not-installed",
        cause_id="nvenc-library-missing",
        kinds=("any",),
        # Unreal Engine's Pixel Streaming plugin when it cannot load the driver's NVENC library (libnvidia-encode.so.1,
        # nvEncodeAPI64.dll); in a container, the runtime mounted no video libraries.
        patterns=(r"Pixel ?Streaming\b[^\n]{0,160}?\b(?:Nvidia |NVIDIA )?NVENC (?:was |is )?not (?:installed|available|"
                  r"found|supported)",),
        severity="fail",
        cause=("Pixel Streaming could not load NVIDIA's video encoder library (NVENC: libnvidia-encode.so.1 on Linux, "
               "nvEncodeAPI64.dll on Windows): in a container the NVIDIA runtime did not mount the video libraries "
               "(NVIDIA_DRIVER_CAPABILITIES without video when it was created); on a host the driver's encode library "
               "is not installed."),
        advice=("In a container, set NVIDIA_DRIVER_CAPABILITIES to include video (or all) when the container is created: "
                "`ENV NVIDIA_DRIVER_CAPABILITIES all` in the image's Dockerfile or `-e NVIDIA_DRIVER_CAPABILITIES=all` "
                "with `--gpus all` on docker run; changing it or symlinking libnvidia-encode inside a running container "
                "has no effect. On a Linux host install the driver's encode library (Ubuntu `libnvidia-encode-<branch>`, "
                "part of the full driver); on Windows reinstall the NVIDIA display driver."),
        action="configure",
        rules_out=("the GPU's NVENC support",),
        never_suggest=("install the driver in the container",),
        sources=("https://github.com/adamrehn/pixel-streaming-linux/issues/5",
                 "https://adamrehn.com/articles/pixel-streaming-in-linux-containers/",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked=CHECKED,
        examples=("containers/pixelstreaming-5-ue4-nvenc-not-installed-capabilities-at-start.txt",),
    ),
    Signature(
        code="containers.runtimeclass-not-default-described",
        described=True,
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        patterns=(
            # "set runtimeClass to pod without setting default-runtime", "runtimeClassName works but not the default
            # runtime", "uses runtimeClassName instead of changing the default runtime"
            r"\bruntime ?[Cc]lass(?:[Nn]ame)?\b[^\n]{0,100}?\b(?:without|not|no|instead of|rather than)\b[^\n]{0,30}?"
            r"\bdefault[- _]?runtime\b",
            # "the default runtime is still runc", "default runtime is not nvidia"
            r"\bdefault[- _]?runtime(?:[- _]name)?\b[^\n]{0,20}?\b(?:is|stays|remains|was) (?:still |set to |only )?"
            r"(?:runc|not (?:the )?nvidia)\b",
            # "I have to define runtimeClassName: nvidia in pod specs", "each pod needs runtimeClassName"
            r"\b(?:have|had|has|need|needs|must) to (?:define|specify|set|add|mention|put)\b[^\n]{0,30}?"
            r"\bruntimeClassName\b",
            # "pods without runtimeClassName", "does not set runtimeClassName: nvidia", "missing runtimeClassName"
            r"\b(?:without|missing|lacks?|forgot(?: to set)?|does ?n[o']?t (?:set|specify|have)|doesn't (?:set|specify|"
            r"have)|did not set|didn't set|no) (?:a |the |any )?`?runtimeClassName\b",
        ),
        severity="warn",
        cause=("The description suggests the GPU pods run without the NVIDIA runtime: the cluster's containerd (k3s, "
               "RKE2, or a GPU operator install) has the nvidia runtime registered but runc stays the default, so only "
               "pods that name runtimeClassName: nvidia get the driver's libraries and devices."),
        advice=_RUNTIME_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/dcgm-exporter/issues/102", "https://github.com/k3s-io/k3s/pull/8936",
                 "https://docs.k3s.io/advanced#nvidia-container-runtime-support"),
        checked=CHECKED,
        examples=("containers/dcgmexporter-102-k3s-runtimeclass-not-default-prose.txt",),
    ),
    Signature(
        code="containers.app-pod-nvml-not-loaded",
        cause_id="container-no-gpu-runtime",
        # the device plugin's generic row reads the same words; here the line is another app's pod
        refines=("containers.device-plugin-no-nvml",),
        kinds=("any",),
        patterns=(
            # mindprince/nvidia_gpu_prometheus_exporter and other gonvml users
            r"couldn't initialize gonvml: could not load NVML library",
            # go-nvml's return as an app's wrapper prints it ("while running the app: unable to initialize NVML: ...")
            r"\b[Uu]nable to init(?:ialize)? NVML: ERROR_LIBRARY_NOT_FOUND\b",
        ),
        severity="fail",
        cause=("The program in this pod or container found no NVIDIA driver library (libnvidia-ml.so.1): it was started "
               "without the NVIDIA runtime, which mounts the host driver's libraries, because the node's default runtime "
               "is runc and the pod names no runtimeClassName: nvidia (or Docker's daemon.json lacks the nvidia "
               "default runtime)."),
        advice=_RUNTIME_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "install the driver in the container"),
        sources=("https://github.com/mindprince/nvidia_gpu_prometheus_exporter/issues/13",
                 "https://github.com/NVIDIA/go-nvml"),
        checked=CHECKED,
        examples=("containers/gpuprometheusexporter-13-gonvml-could-not-load-nvml-daemon-json.txt",),
    ),
)
