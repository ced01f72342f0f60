"""Issue 25, w40f: Vulkan inside WSL 2 (rows of the wsl area).

The Windows NVIDIA driver gives WSL 2 CUDA (libcuda in /usr/lib/wsl/lib) and graphics through Direct3D 12 only: there is
no NVIDIA Vulkan driver (ICD) in WSL. OpenGL runs on the GPU through Mesa's D3D12 driver, and Vulkan only through
Mesa's experimental dzn ("Dozen", Vulkan over D3D12) driver where the distribution's Mesa is built with it; dzn is not
a conformant Vulkan and lacks ray tracing. So the Vulkan loader finds no driver ("vkCreateInstance: Found no drivers!",
ERROR_INCOMPATIBLE_DRIVER) or only llvmpipe, and programs that need NVIDIA's own Vulkan/RTX driver (Isaac Sim and the
Omniverse kit, CARLA's Unreal engine, SAPIEN) fail in WSL 2 and in containers started there, while CUDA works. A Linux
NVIDIA driver installed in the distribution adds no Vulkan (it cannot load there) and breaks CUDA.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSLG_VULKAN = "https://github.com/microsoft/wslg/issues/40"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.vulkan-no-nvidia-driver",
        cause_id="vulkan-driver-missing",
        kinds=("any",),
        # The Vulkan loader's and vulkaninfo's words, Omniverse's (Isaac Sim) with or without its logger prefix, read in a text that shows WSL (gpudoctor/knowledge/context_table.py).
        patterns=(r"vkCreateInstance: Found no drivers!",
                  r"vkCreateInstance failed with (?:VK_)?ERROR_INCOMPATIBLE_DRIVER\b",
                  r"\bVkResult: ERROR_INCOMPATIBLE_DRIVER\b",
                  r"vkCreateInstance failed\. Vulkan \d\.\d is not supported",
                  r"Cannot find a compatible Vulkan driver \(ICD\)"),
        contexts=("wsl",),
        refines=("containers.vulkan-nvidia-icd-missing",),
        severity="fail",
        cause=("Inside WSL 2 the Vulkan loader found no usable GPU driver: the Windows NVIDIA driver gives WSL CUDA and "
               "Direct3D 12, but no NVIDIA Vulkan driver; Vulkan there comes only from Mesa's experimental dzn driver."),
        advice=("For ordinary Vulkan programs install a Mesa built with the dzn (Vulkan over Direct3D 12) driver "
                "(Ubuntu: `sudo add-apt-repository ppa:kisak/kisak-mesa && sudo apt upgrade`, or ppa:kisak/turtle "
                "on 22.04 and older, which kisak-mesa no longer builds for; then `vulkaninfo "
                "--summary` should list 'Microsoft Direct3D12 (NVIDIA ...)'); it is not a conformant Vulkan and has no "
                "ray tracing. Programs that need NVIDIA's own Vulkan/RTX driver (Isaac Sim and Omniverse, CARLA, "
                "SAPIEN's renderer) do not run in WSL 2 or in containers started from it: run them on a native Linux "
                "host (dual boot or another machine) or use their Windows build. A Linux driver package in the "
                "distribution adds no Vulkan and breaks CUDA in WSL."),
        action="configure",
        rules_out=("CUDA in WSL, which can work beside this",),
        never_suggest=("install the Linux NVIDIA driver", "apt install nvidia-driver"),
        sources=("https://github.com/microsoft/wslg/issues/1254", WSLG_VULKAN,
                 "https://github.com/KhronosGroup/Vulkan-Loader/issues/1455",
                 "https://github.com/microsoft/wslg/issues/1340"),
        checked="2026-11-28",
        examples=("wsl/wslg-1254-vulkaninfo-found-no-drivers-wsl2.txt",),
    ),
)
