"""The contexts of hosts and builds a text may come from (Jetson and DGX Spark boards, a second NCCL wheel, system
containers, CUDA 12 builds, MXNet, NixOS, macOS), as data in the form of gpudoctor/knowledge/context_table.py, whose
contexts come first: contexts.py reads both, in that order (innermost first)."""

from __future__ import annotations

from gpudoctor.knowledge.context_table import Context

CONTEXTS: tuple[Context, ...] = (
    Context(
        name="jetson",
        meaning="The machine is an NVIDIA Jetson (an Orin, Xavier or Nano module running JetPack, Linux for Tegra), "
                "whose integrated GPU runs only the CUDA, PyTorch and Ollama builds made for its JetPack release: the "
                "generic x86 or server-ARM ones see no GPU there.",
        markers=(
            r"Jetson", r"jetson", r"JETSON",  # the board, jetson-containers, jtop's JETSON_* variables
            r"JetPack", r"Jetpack", r"jetpack", r"JETPACK",
            r"L4T", r"nv_tegra_release", r"-tegra",  # Linux for Tegra: its release file, a kernel "5.15.136-tegra"
            r"AGX Orin", r"Orin Nano", r"Orin NX", r"AGX Xavier", r"Xavier NX", r"Orin \(nvgpu\)",
            r"jtop", r"Jtop",  # jetson-stats' monitor, the tool Jetson owners read the GPU's load with
        ),
        sources=("https://docs.nvidia.com/jetson/archives/r36.4/DeveloperGuide/index.html",
                 "https://docs.nvidia.com/deeplearning/frameworks/install-pytorch-jetson-platform/index.html"),
        checked="2026-11-27",
    ),
    Context(
        name="dgx-spark",
        meaning="The machine is an NVIDIA DGX Spark (the GB10 Grace Blackwell superchip, sm_121, aarch64 DGX OS), whose "
                "collectives across two or more Sparks run on the NCCL build DGX OS ships (or one built for sm_121 "
                "from NVIDIA's Spark playbook); a pip wheel's generic NCCL of the same version is another build.",
        markers=(
            r"DGX Spark", r"DGX-Spark", r"dgx-spark", r"dgx_spark", r"DGX SPARK",
            r"GB10(?!\d)",  # nvidia-smi's "NVIDIA GB10", "GB10 Superchip" (not the GB100 die)
            r"sm_121", r"sm_12\.1", r"SM121", r"sm121",  # its compute capability, 12.1
        ),
        sources=("https://build.nvidia.com/spark/nccl/instructions",
                 "https://github.com/vllm-project/vllm/issues/41725"),
        checked="2026-11-27",
    ),
    Context(
        name="nccl-cu12-wheel",
        meaning="The environment lists pip's nvidia-nccl-cu12 wheel (pip list, pip freeze, collect_env's [pip3] lines), "
                "whose libnccl.so.2 goes to site-packages/nvidia/nccl/lib: another nvidia-nccl-cu* wheel beside it "
                "installs its own build there too, and the framework loads whichever was written last.",
        markers=(r"nvidia-nccl-cu12(?:==| {1,40})\d",),  # w40e, 2026-11-28
        sources=("https://github.com/pytorch/pytorch/issues/119932", "https://github.com/marin-community/marin/issues/7344"),
        checked="2026-11-28",
    ),
    Context(
        name="system-container",
        meaning="The program ran in a system container (LXC/LXD/Incus, a Proxmox CT, distrobox), which gets the host's "
                "/dev/nvidia* nodes bound in but cannot load kernel modules or create device nodes on the host, so what "
                "nvidia-modprobe does for CUDA on the host never happens there.",
        markers=(
            # "lxc exec", lxc.mount.entry in a Proxmox CT's config, "Ollama (lxc)"; not the lxcbr0 bridge NCCL lists.
            r"lxc(?!br)",
            r"LX[CD]", r"lxd", r"incus",  # "an LXC container", "lxd cannot use cuda", Incus (LXD's fork)
            r"pct (?:exec|enter|start|config|set)\b",  # Proxmox's container commands
            r"distrobox",
            r"Proxmox CT\b",  # a Proxmox container named without "LXC" or pct (its config path /etc/pve/lxc/ has "lxc")
        ),
        sources=("https://github.com/89luca89/distrobox/issues/804", "https://github.com/canonical/lxd/issues/5618"),
        checked="2026-11-26",
    ),
    Context(
        name="cuda12-build",
        meaning="The environment's torch, wheel index or toolkit is a CUDA 12 build (cu12x), so a module that needs a "
                "CUDA 13 library is the wrong CUDA variant of its wheel, not a CUDA runtime to add.",
        markers=(
            r"--torch-backend[= ]cu12\d", r"download\.pytorch\.org/whl/cu12\d", r"wheels\.vllm\.ai/\S{0,40}cu12\d",
            r"\+cu12\d(?!\d)",  # torch 2.x+cu128 in pip list, collect_env or a wheel name
            r"CUDA used to build PyTorch\s{0,30}: 12\.",  # collect_env
            # "users on CUDA 12.9"; not any "CUDA 12.x" in prose (it may be the version moved from), nor nvidia-smi's
            # "CUDA Version: 12.x" (the newest CUDA the driver runs, not the environment's build)
            r"on CUDA 12\.\d", r"with CUDA 12\.\d", r"using CUDA 12\.\d", r"release 12\.\d, V12",  # said so; nvcc --version
            r"CUDA 12 environment", r"nvidia-cuda-runtime-cu12",
        ),
        sources=("https://github.com/vllm-project/vllm/issues/42338", "https://pytorch.org/get-started/locally/"),
        checked="2026-11-27",
    ),
    Context(
        name="mxnet",
        meaning="The text is MXNet's (an mxnet-cuXXX wheel, or a build of MXNet): its libmxnet.so links one CUDA "
                "release's runtime and math libraries by version (libcudart.so.10.0 is CUDA 10.0's), so one it cannot "
                "open names the CUDA its variant or build was made for, not a library the driver lacks.",
        markers=(r"mxnet", r"MXNet", r"MXNET", r"Mxnet"),  # the package, its wheels (mxnet-cu102) and its frames
        sources=("https://mxnet.apache.org/versions/1.8.0/get_started", "https://github.com/apache/mxnet/issues/14206"),
        checked="2026-11-27",
    ),
    Context(
        name="cuda-works-when-tried",
        meaning="The person says torch.cuda.is_available() is True when they try it by hand, so the PyTorch installed "
                "is a CUDA build and the GPU works: a run of the program that finds no CUDA hides the GPU from itself.",
        markers=(
            # "torch.cuda.is_available() return true", "is_acailable() is True" (typed by hand), "= True"; never xformers'
            # "should be True but is False", nor mps', xpu's, distributed's, mkldnn's, mkl's or openmp's (w39a, rev39a)
            r"is_a(?<!mps\.is_a)(?<!xpu\.is_a)(?<!distributed\.is_a)(?<!dist\.is_a)(?<!mkldnn\.is_a)(?<!mkl\.is_a)"
            r"(?<!openmp\.is_a)\w{1,6}able\(\)[`'\"]?[ \t]{0,3}(?:is|returns?|returned|gives?|gave|prints?|printed|"
            r"shows?|outputs?|=|==|:|->|返回|为|是)?[ \t]{0,3}(?:always |still )?[`'\"]?(?:True|true|TRUE)(?![A-Za-z])",
        ),
        sources=("https://github.com/greatlog/SWAHR-HumanPose/issues/12",),
        checked="2026-11-27",
    ),
    Context(
        name="cuda11-or-later-installed",
        meaning="The machine's CUDA toolkit (or cuDNN) is release 11 or later (8 or later), as the person lists it or nvcc "
                "prints it, so a framework asking for a CUDA 10 or cuDNN 7 library is the build for that older CUDA.",
        markers=(
            # the person's list of the environment ("CUDA：11.3", "cuda11.1", "CUDA 12.4 installed"); never nvidia-smi's
            # "CUDA Version: 12.4" (the newest CUDA the driver runs) nor Paddle's "Driver API Version: 11.2"
            r"CUDA[ _:：-]{0,3}v?1[1-3]\.\d", r"cuda[ _:：-]{0,3}v?1[1-3]\.\d", r"Cuda[ _:：-]{0,3}v?1[1-3]\.\d",
            r"CUDNN[ _:：v-]{0,3}[89]\.\d", r"cuDNN[ _:：v-]{0,3}[89]\.\d", r"cudnn[ _:：v-]{0,3}[89]\.\d",
            r"release 1[1-3]\.\d, V1[1-3]",  # nvcc --version
        ),
        sources=("https://www.paddlepaddle.org.cn/documentation/docs/en/install/pip/windows-pip_en.html",
                 "https://github.com/PaddlePaddle/Paddle/issues/33523"),
        checked="2026-11-27",
    ),
    Context(
        name="nixos",
        meaning="The text comes from NixOS (or a Nix shell), where the NVIDIA driver's user-space libraries live only in "
                "/run/opengl-driver/lib, outside the paths a program built by Nix searches unless its package adds "
                "them (addDriverRunpath) or LD_LIBRARY_PATH names them.",
        markers=(
            r"NixOS", r"nixos-rebuild", r"/nix/store/", r"nix-shell", r"nixpkgs", r"/run/opengl-driver",
            r"nix develop", r"configuration.nix", r"flake.nix",
        ),
        sources=("https://nixos.org/manual/nixos/stable/#sec-gpu-accel",
                 "https://github.com/NixOS/nixpkgs/pull/377684"),
        checked="2026-11-27",
    ),
    Context(
        name="macos",
        meaning="The text comes from a Mac (Apple silicon or Intel), which has no NVIDIA GPU or driver: Docker Desktop, "
                "Colima or OrbStack run containers in a Linux VM without one, so a container's GPU request cannot be "
                "met there (the outermost context: the Mac hosts the VM that runs the containers).",
        markers=(
            r"macOS", r"MacOS", r"Mac OS", r"mac OS", r"OS X", r"OSX",  # the system, as people write it
            r"MacBook", r"Macbook", r"macbook", r"Mac mini", r"Mac Studio", r"iMac",
            r"Apple M1", r"Apple M2", r"Apple M3", r"Apple M4", r"Apple M5", r"Apple silicon", r"Apple Silicon",
            r"M1 Mac", r"M2 Mac", r"M3 Mac", r"M4 Mac", r"mac m1", r"mac m2", r"mac m3", r"mac m4", r"Mac M1", r"Mac M2",
            r"Mac M3", r"Mac M4",
            r"on a Mac\b", r"on a mac\b", r"on mac\b", r"on Mac\b", r"on my Mac\b", r"on my mac\b",  # "I'm on mac"
            r"on an Apple", r"Docker Desktop for Mac", r"Docker Desktop on Mac",
            r"darwin/arm64", r"darwin/amd64", r"-apple-darwin", r"Darwin Kernel",  # docker version, uname -a, triples
            r"\"/Users/", r"'/Users/", r"File \"/Users/", r" /Users/",  # a Mac home (C:\Users and /mnt/c/Users are not)
            r"/opt/homebrew/", r"Python.framework/",
            r"colima", r"Colima", r"orbstack", r"OrbStack",
        ),
        sources=("https://docs.docker.com/desktop/features/gpu/",
                 "https://github.com/matatonic/openedai-speech/issues/78"),
        checked="2026-11-27",
    ),
    Context(
        name="linux-desktop",
        meaning="The GPU also drives a Linux desktop (Xorg or a Wayland compositor started by a display manager), so "
                "the NVIDIA driver's run-time watchdog ends any CUDA kernel that runs longer than a few seconds on it; "
                "Windows' TDR registry keys do not apply there.",
        markers=(
            # the desktop's own processes and services as people and nvidia-smi's process list name them (w43a,
            # 2026-11-28); never "X11" or "X server" alone, which WSL users' VcXsrv and X forwarding also print
            r"/usr/lib/xorg/Xorg", r"/usr/bin/Xorg", r"Xorg ", r"display-manager", r"display manager",
            r"lightdm", r"gdm3", r"sddm", r"gnome-shell", r"kwin_wayland", r"X-window server",
            # people's words for running the work inside or outside the desktop ("crashes from within X", "works
            # from a tty", "startx"; w44e, 2026-11-28)
            # (not "under X", a placeholder in "under X GB"; nor "in a tty", "X session", "X desktop", which a headless
            # server over SSH ("no X desktop installed") and WSL's X forwarding ("X session via VcXsrv") say too; rev44a)
            r"from within X\b", r"startx", r"from a tty", r"from the tty",
        ),
        sources=("https://nvidia.custhelp.com/app/answers/detail/a_id/3029/~/using-cuda-and-x",
                 "https://github.com/ComputationalRadiationPhysics/picongpu/issues/2704"),
        checked="2026-11-28",
    ),
    Context(
        name="omniverse-kit",
        meaning="The program is an NVIDIA Omniverse Kit application (Isaac Sim, Isaac Lab on top of it, USD Composer), "
                "validated with one NVIDIA driver branch (R580 for Isaac Sim 5.x and Kit 107): on a newer branch its "
                "RTX renderer may crash, or it may find no CUDA device, while other CUDA programs run.",
        markers=(
            # the application's names as people and its logs write them (w46e, 2026-11-28): "Isaac Sim 5.1.0",
            # "IsaacSim", "isaacsim==5.1.0", "Issac Sim" (a common misspelling), "Isaac Lab", "omni.isaac.*" extensions
            r"Isaac ?Sim", r"Issac ?Sim", r"isaacsim", r"isaac sim", r"Isaac ?Lab", r"isaaclab", r"omni\.isaac",
            r"Omniverse", r"omni\.kit\.", r"carb\.crashreporter",
        ),
        sources=("https://docs.isaacsim.omniverse.nvidia.com/5.1.0/installation/requirements.html",
                 "https://docs.omniverse.nvidia.com/dev-guide/latest/common/technical-requirements.html"),
        checked="2026-11-28",
    ),
    Context(
        name="data-parallel",
        meaning="The program runs its model under torch.nn.DataParallel in one process, which scatters every batch over "
                "the device_ids it was given (a config's GPU count or list, or all GPUs): an index beyond the GPUs "
                "this process sees comes from that list, not from a launcher's ranks.",
        markers=(
            # DataParallel's own frames in a traceback (Linux and Windows paths), and the call in the script (w53b)
            r"parallel/data_parallel\.py", r"parallel\\data_parallel\.py", r"nn\.DataParallel\(", r"DataParallel\(model",
        ),
        sources=("https://pytorch.org/docs/stable/generated/torch.nn.DataParallel.html",
                 "https://github.com/zylo117/Yet-Another-EfficientDet-Pytorch/issues/216"),
        checked="2026-11-28",
    ),
    Context(
        name="spconv",
        meaning="The program runs sparse convolutions through spconv (and its cumm kernels: OpenPCDet, CenterPoint, "
                "Point Transformer, BEVFusion), whose prebuilt wheels and libraries carry kernels for a fixed list "
                "of GPU architectures: a kernel missing for this GPU is spconv's build, not torch's.",
        markers=(
            # its Python package's frames and classes, its C++ namespace and sources (w54b)
            r"spconv[\\/.]", r"spconv::", r"spconv-cu1\d{1,2}\b", r"SparseConvTensor", r"cumm[\\/]",
        ),
        sources=("https://github.com/traveller59/spconv", "https://github.com/NVIDIA-AI-IOT/Lidar_AI_Solution/issues/321"),
        checked="2026-11-28",
    ),
)
