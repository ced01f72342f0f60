"""WSL: what a WSL distribution does not provide, as programs meet it (rows of the wsl area, joined into wsl.SIGNATURES).

Written blind for issue 25 (thirteenth wave). The CUDA on WSL guide's known limitations (pinned system memory limited,
no CUDA IPC, no concurrent managed access) are read by other rows where CUDA's own error says so; these rows read the
programs that turn a limitation off on WSL and then fail on its absence, and the daemons WSL 1 cannot run.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.vllm-uva-unavailable",
        cause_id="pinned-memory-limited",
        kinds=("any",),
        # vLLM's UvaBuffer raises RuntimeError("UVA is not available") where is_uva_available() is false, which on WSL 2
        # follows is_pin_memory_available(): off unless VLLM_WSL2_ENABLE_PIN_MEMORY=1 (vllm#41496), and refused on WSL
        # kernels before 4.19.121. The V2 model runner allocates such buffers at init_device (vllm#47387, #54652); the
        # traceback's own line names the buffer where the paste is cut before the error.
        patterns=(r"RuntimeError: UVA is not available",
                  r"\b_uva_buf = UvaBuffer\("),
        contexts=("wsl",),
        severity="fail",
        cause="vLLM's V2 model runner needs UVA (pinned, zero-copy host memory), which vLLM leaves off under WSL 2 unless "
              "asked, so the engine failed at start-up (UVA is not available).",
        advice=("Turn pinned memory on for vLLM under WSL 2: `export VLLM_WSL2_ENABLE_PIN_MEMORY=1` (in Docker, `-e "
                "VLLM_WSL2_ENABLE_PIN_MEMORY=1`), which needs a WSL kernel of 4.19.121 or newer (`uname -r`; else `wsl "
                "--update` from Windows); or run the V1 model runner (`VLLM_USE_V2_MODEL_RUNNER=0`), or upgrade vLLM to a "
                "release that falls back to it by itself."),
        action="configure",
        rules_out=("the GPU's memory", "the model"),
        never_suggest=("--gpu-memory-utilization", "reinstall the driver", "install the Linux NVIDIA driver"),
        sources=("https://github.com/vllm-project/vllm/issues/43381", "https://github.com/vllm-project/vllm/issues/54652",
                 "https://github.com/vllm-project/vllm/issues/47387", "https://github.com/vllm-project/vllm/issues/50239",
                 "https://github.com/vllm-project/vllm/pull/47579", "https://github.com/vllm-project/vllm/pull/41496",
                 "https://github.com/syv-ai/qwen38-27b-rtx3090/pull/9", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/vllm-43381-wsl2-uva-not-available-qwen3.txt", "wsl/vllm-54652-wsl2-v2-runner-uva-buffer.txt"),
    ),
    Signature(
        code="wsl.docker-daemon-unreachable",
        cause_id="wsl1",
        kinds=("any",),
        # The docker CLI's own words when no daemon listens on the socket, in a text that shows WSL: under WSL 1 dockerd
        # cannot run at all (no netfilter, no cgroups: wsl.docker-daemon-in-wsl1 reads its start-up errors); under WSL 2
        # the daemon is Docker Desktop's (not running, or its WSL integration off) or one never started (no systemd).
        patterns=(r"Cannot connect to the Docker daemon at unix:///var/run/docker\.sock",),
        contexts=("wsl",),
        severity="fail",
        cause="No Docker daemon runs for this WSL distribution: under WSL 1 Docker Engine cannot run at all, and under WSL "
              "2 Docker Desktop is not running (or not integrated with this distribution) or dockerd was never started.",
        advice=("In PowerShell run `wsl -l -v`: at VERSION 1, convert the distribution with `wsl --set-version <distro> 2` "
                "(Docker Engine needs WSL 2's kernel) or use Docker Desktop's WSL 2 back end. At VERSION 2 with Docker "
                "Desktop, start it and turn on Settings > Resources > WSL integration for this distribution; with Docker "
                "Engine installed in the distribution, start it (`sudo service docker start`, or `[boot] systemd=true` in "
                "/etc/wsl.conf, then `wsl --shutdown`, for systemctl) and read /var/log/docker.log if it stops again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("install the Linux NVIDIA driver", "nvidia-ctk runtime configure"),
        sources=("https://github.com/MicrosoftDocs/WSL/issues/468", "https://github.com/ricklamers/gridstudio/issues/1",
                 "https://github.com/docker/for-linux/issues/1005", "https://github.com/LongLiveCHIEF/wsl2-docker-for-win/issues/6",
                 "https://docs.docker.com/desktop/features/wsl/"),
        checked="2026-11-26",
        examples=("wsl/msdocs-wsl-468-cannot-connect-docker-daemon.txt",
                  "wsl/gridstudio-1-wsl-cannot-connect-docker-daemon.txt"),
    ),
    Signature(
        code="wsl.nvml-query-unsupported",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # NVML's per-process and utilization queries, which the CUDA on WSL guide lists as not yet supported: in WSL 2 they
        # answer Not Supported or Unknown, and monitors that call them on start-up (dask.distributed's SystemMonitor,
        # has_cuda_context) fail. Read where a traceback or a prompt shows the call, in a text that shows WSL.
        patterns=(r"\bnvmlDeviceGet(?:ComputeRunningProcesses|GraphicsRunningProcesses|UtilizationRates)"
                  r"(?:_v[23])?\(",),
        contexts=("wsl",),
        severity="fail",
        cause="WSL 2's NVML does not answer per-process and utilization queries (NVIDIA's CUDA on WSL guide lists them "
              "as not supported), so the tool that asked for them failed; the GPU and CUDA work.",
        advice=("Turn the tool's NVML monitoring off or let it skip those queries: Dask, "
                "`DASK_DISTRIBUTED__DIAGNOSTICS__NVML=False`, or upgrade distributed, which skips NVML monitoring under WSL; "
                "gpustat, nvitop and nvtop show N/A there. For per-process GPU use, run `nvidia-smi.exe` on Windows."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "install the Linux NVIDIA driver"),
        sources=("https://github.com/NVIDIA/cudf/issues/9955", "https://github.com/dask/distributed/issues/5628",
                 "https://github.com/dask/distributed/pull/5568", "https://github.com/dask/distributed/issues/5342",
                 "https://github.com/dask/distributed/pull/5343", "https://github.com/rapidsai/dask-cuda/issues/816",
                 WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/cudf-9955-dask-cudf-scheduler-nvml-wsl2.txt",),
    ),
    Signature(
        code="wsl.profiling-counters-refused",
        cause_id="profiling-permission",
        kinds=("any",),
        # Inside WSL 2 the GPU performance counters belong to the Windows driver: the Linux module option that
        # cuda.profiling-counters-restricted names (NVreg_RestrictProfilingToAdminUsers) has no module to apply to, and
        # some counter sessions (CUPTI's periodic sampler, NVPW_*) are refused through WSL 2's paravirtualized GPU
        # whatever the setting. Nsight Compute prints ERR_NVGPUCTRPERM, NVPerf-based tools NVPA_STATUS_INSUFFICIENT_PRIVILEGE.
        patterns=(r"\bERR_NVGPUCTRPERM\b", r"\bNVPA_STATUS_INSUFFICIENT_PRIVILEGE\b"),
        contexts=("wsl",),
        refines=("cuda.profiling-counters-restricted",),
        severity="warn",
        cause="Inside WSL 2 the profiler was refused the GPU's performance counters: they are governed by the Windows "
              "driver (there is no Linux nvidia module to set options on), and some counter sessions are not available "
              "through WSL 2 at all; CUDA programs themselves run normally.",
        advice=("On Windows allow the counters to every user: NVIDIA Control Panel > Desktop > Enable Developer Settings, "
                "then Developer > Manage GPU Performance Counters > Allow access to the GPU performance counters to all "
                "users, apply, and `wsl --shutdown`. If the tool still reports it, that profiling is not available "
                "through WSL 2: profile on Windows itself (Nsight Compute's Windows build, `ncu.exe`) or on a native "
                "Linux host."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("modprobe", "update-initramfs", "install the Linux driver inside WSL"),
        sources=("https://github.com/systalyze/utilyze/issues/4", WSL_GUIDE,
                 "https://developer.nvidia.com/nvidia-development-tools-solutions-err_nvgpuctrperm-permission-issue-performance-counters"),
        checked="2026-11-26",
        examples=("wsl/utilyze-4-wsl2-cupti-sampler-insufficient-privilege.txt",),
    ),
)
