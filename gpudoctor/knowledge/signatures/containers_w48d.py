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
            # "need change ENV NVIDIA_DRIVER_CAPABILITIES compute,utility to ... compute,utility,video", "had to add
            # NVIDIA_DRIVER_CAPABILITIES=all"
            r"\b(?:[Nn]eed(?:s|ed)?|[Hh]a(?:ve|d) to|[Mm]ust|[Ww]ant(?:ed)? to)\b[^\n]{0,20}?\b(?:change|add|set|append|"
            r"use)\b[^\n]{0,120}?NVIDIA_DRIVER_CAPABILITIES[ =:]{1,3}[\"']?(?:[\w,]{0,40}\bvideo\b|all\b)",
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
                 "https://github.com/lambdal/lambda-stack-dockerfiles/issues/14",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked=CHECKED,
        examples=("containers/immich-3612-hwaccel-nvenc-video-capability-cuda-no-device.txt",
                  "containers/lambdastack-14-video-capability-for-hw-jpeg-decode-prose.txt"),
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
    Signature(
        code="containers.gpu-variant-image-tag-missing",
        cause_id="cuda-image-tag-missing",
        kinds=("any",),
        # The GPU build of an app's image is a tag of its own (frigate's stable-tensorrt, tensorflow's latest-gpu,
        # open-webui's cuda, immich's release-cuda); a guessed, doubled or renamed one is not published. nvidia/cuda and
        # NGC's images are containers.cuda-image-tag-missing's (containers_w29c.py), the operator's driver image
        # containers.operator-driver-image-missing's.
        patterns=(
            r"manifest for (?!(?:[\w.-]{1,60}/)?nvidia/)(?P<image>[\w./-]{1,150}):(?P<tag>[\w.-]{0,60}?"
            r"(?:gpu|cuda|tensorrt|trt|nvidia|cudnn|cu1\d{1,2})[\w.-]{0,60}) not found",
            r"reading manifest (?P<tag>[\w.-]{0,60}?(?:gpu|cuda|tensorrt|trt|nvidia|cudnn|cu1\d{1,2})[\w.-]{0,60}) in "
            r"(?!(?:[\w.-]{1,60}/)?nvidia/)(?P<image>[\w./-]{1,150}): manifest unknown",
        ),
        severity="fail",
        cause=("The registry publishes no tag {tag} of {image}, so the pull fails before any GPU is used: an app's GPU "
               "build is a tag of its own whose exact name its docs give, and a guessed, doubled or renamed one does not "
               "exist."),
        advice=("Use the GPU tag the image's documentation or registry page lists (Docker Hub's tag list, the GitHub "
                "package page; `docker manifest inspect {image}:<tag>` checks one), e.g. a stable-/release- prefix or a "
                "version the project still publishes, and fix the tag where a script or saved default wrote it. Nothing "
                "on the host (driver, container toolkit) needs to change."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit", "the GPU"),
        never_suggest=("reinstall the driver", "nvidia-ctk runtime configure"),
        sources=("https://github.com/pop-os/tensorman/issues/36", "https://docs.docker.com/reference/cli/docker/image/pull/"),
        checked=CHECKED,
        examples=("containers/tensorman-36-latest-gpu-tag-written-twice-manifest-unknown.txt",),
    ),
    Signature(
        code="containers.image-tag-manifest-unknown-described",
        described=True,
        cause_id="cuda-image-tag-missing",
        kinds=("any",),
        patterns=(
            # 'yields "manifest unknown" error', "getting a manifest unknow error", "fails with manifest unknown"
            r"\b(?:a|an|the|get|gets|getting|got|yields?|gives?|giving|throws?|returns?|shows?|reports?|with|says?|"
            r"error|errors|message)\s(?:a |an |the |me )?[\"'`]?[Mm]anifest unknown?\b",
            r"\b[Mm]anifest unknown?[\"'`]? (?:error|message|response) (?:when|while|on|for|after)\b",
        ),
        severity="warn",
        cause=("The description says the registry answered \"manifest unknown\": the image tag asked for is not "
               "published there (a tag with a prefix or suffix the project does not use, a GPU variant under another "
               "name, an old CUDA tag NVIDIA deleted, no `latest`), so nothing was pulled and no GPU was involved."),
        advice=("Take the exact tag from the image's registry page or docs (Docker Hub's tag list, the GitHub package "
                "page; for nvidia/cuda the full x.y.z version, flavour and OS, e.g. 12.4.1-runtime-ubuntu22.04) and "
                "check it with `docker manifest inspect IMAGE:TAG` before pulling; the driver and the container toolkit "
                "need no change."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit"),
        never_suggest=("reinstall the driver", "nvidia-ctk runtime configure"),
        sources=("https://github.com/Yeraze/meshmonitor/issues/601",
                 "https://distribution.github.io/distribution/spec/api/#errors"),
        checked=CHECKED,
        examples=("containers/meshmonitor-601-version-tag-v-prefix-manifest-unknown-prose.txt",),
    ),
    Signature(
        code="containers.operator-driver-image-manifest-unknown-described",
        described=True,
        cause_id="operator-driver-image-missing",
        # the driver image it names says which tag is missing; the generic description gives way
        refines=("containers.image-tag-manifest-unknown-described",), refines_within=None,
        kinds=("any",),
        patterns=(
            r"nvcr\.io/nvidia/driver:[\w.-]{1,80}[^\n]{0,200}?\b[Mm]anifest unknown",
            r"\b[Mm]anifest unknown[^\n]{0,200}?nvcr\.io/nvidia/driver:[\w.-]{1,80}",
            # the driver image named by a bare driver version, a tag the operator never pulls and NGC does not publish
            r"\bnvcr\.io/nvidia/driver:\d{3}\.\d{1,3}(?:\.\d{1,3})?(?![\w.-])",
        ),
        severity="warn",
        cause=("The description says the GPU operator's driver image (nvcr.io/nvidia/driver) is not found: the operator "
               "appends the node's OS to driver.version (550.54.14 becomes 550.54.14-ubuntu20.04), and NVIDIA "
               "publishes driver images only for the versions and operating systems it supports, so a tag without the "
               "OS suffix, or for an OS or version not built, does not exist."),
        advice=("Set driver.version to a bare driver version that NGC publishes for the nodes' OS (the tags of "
                "nvcr.io/nvidia/driver, e.g. 550.54.14-ubuntu20.04) and let the operator add the suffix; check that "
                "node-feature-discovery labels the nodes' OS (feature.node.kubernetes.io/system-os_release.ID and "
                ".VERSION_ID) and read the operator pod's log; where the hosts already have a driver, install with "
                "`--set driver.enabled=false`."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/690",
                 "https://catalog.ngc.nvidia.com/orgs/nvidia/containers/driver/tags"),
        checked=CHECKED,
        examples=("containers/gpuoperator-690-driver-tag-without-os-suffix-manifest-unknown-prose.txt",),
    ),
)
