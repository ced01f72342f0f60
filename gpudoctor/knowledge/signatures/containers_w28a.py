"""Issue 25 (helper w28a): Vulkan programs that find no NVIDIA driver, most often in a container.

Simulators and engines (Isaac Sim and Isaac Lab on Omniverse Kit, Unreal Engine and what is built on it: CARLA,
AirSim), games and vulkaninfo itself reach the GPU through the Vulkan loader, which finds the NVIDIA driver by its
ICD JSON (nvidia_icd.json, nvidia_icd.x86_64.json on RHEL and Fedora) naming libGLX_nvidia.so.0. CUDA needs neither,
so nvidia-smi and CUDA work while Vulkan finds nothing. In a container the NVIDIA Container Toolkit mounts the ICD
JSON and the graphics libraries only when NVIDIA_DRIVER_CAPABILITIES includes graphics (or all; the default is
compute,utility), and only toolkits from 1.12 on (or a CDI spec from `nvidia-ctk cdi generate`) mount the JSON at
all; on a host, a compute-only install (Ubuntu's -server/headless packages without libnvidia-gl, a .run install with
--no-opengl-files) has no ICD. What the programs print:

- vulkaninfo: "vkCreateInstance failed with ERROR_INCOMPATIBLE_DRIVER" (older builds "vulkaninfo.c:921: failed
  with VK_ERROR_INCOMPATIBLE_DRIVER");
- Omniverse Kit: "[carb.graphics-vulkan.plugin] vkCreateInstance failed. Vulkan 1.1 is not supported, or your driver
  requires an update." after "VkResult: ERROR_INCOMPATIBLE_DRIVER";
- Unreal Engine's dialog: "Cannot find a compatible Vulkan driver (ICD)".

Dated facts (checked 2026-11-27): the toolkit's default capabilities and the graphics capability's libraries are in
NVIDIA's container toolkit documentation (docker-specialized); the ICD JSON is mounted from toolkit 1.12.0 on
(nvidia-container-toolkit issue 16).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.vulkan-nvidia-icd-missing",
        cause_id="vulkan-driver-missing",
        kinds=("any",),
        patterns=(
            # vulkaninfo (Vulkan-Tools), current and older wording
            r"vkCreateInstance failed with (?:VK_)?(?P<error>ERROR_INCOMPATIBLE_DRIVER|ERROR_INITIALIZATION_FAILED)",
            r"vulkaninfo(?:\.c|\.h|\.cpp)?:\d{1,5}: failed with (?:VK_)?(?P<error>ERROR_INCOMPATIBLE_DRIVER)",
            # Omniverse Kit (Isaac Sim, Isaac Lab) creating its Vulkan instance
            r"\[carb\.graphics-vulkan\.plugin\] vkCreateInstance failed\. Vulkan \d\.\d is not supported",
            r"\[carb\.graphics-vulkan\.plugin\] VkResult: (?P<error>ERROR_INCOMPATIBLE_DRIVER)",
            # Unreal Engine 4/5 (CARLA, AirSim, packaged games)
            r"Cannot find a compatible Vulkan driver \(ICD\)",
            # the Vulkan loader itself (Vulkan-Loader's loader.c, any program with VK_LOADER_DEBUG or vulkaninfo) when
            # no ICD JSON is found, or the NVIDIA ICD's library (or the SPIR-V compiler it loads) is not there
            r"vkCreateInstance: Found no drivers!",
            r"(?P<library>libGLX_nvidia\.so\.0|libnvidia-glvkspirv\.so[.\d]{0,12}): cannot open shared object file",
        ),
        severity="fail",
        cause=("The Vulkan loader found no NVIDIA Vulkan driver (ICD): the ICD JSON (nvidia_icd.json) or the "
               "driver's graphics libraries it names (libGLX_nvidia) are missing where the program runs, which is a "
               "container started without the graphics capability, or a compute-only driver install, even though "
               "nvidia-smi and CUDA work."),
        advice=("In a Docker/Podman container or a Kubernetes pod, start it with `-e NVIDIA_DRIVER_CAPABILITIES=all` "
                "(or graphics,compute,utility, plus display for a window) on NVIDIA Container Toolkit 1.12 or later "
                "(or a CDI spec from `sudo nvidia-ctk cdi generate`), which mounts the host's ICD JSON and "
                "libGLX_nvidia; where they are still missing, bind-mount the host's "
                "/usr/share/vulkan/icd.d/nvidia_icd.json (nvidia_icd.x86_64.json on RHEL/Fedora) to "
                "/etc/vulkan/icd.d/nvidia_icd.json. In LXC/Incus bind the same JSON and install the driver's "
                "user-space libraries of the host's exact version. On a host, install the driver's graphics half "
                "(Ubuntu `sudo apt install libnvidia-gl-<branch> libvulkan1`, not a compute-only or "
                "--no-opengl-files install). Then `vulkaninfo --summary` must list the NVIDIA GPU."),
        action="configure",
        rules_out=("a CUDA fault", "a GPU that is too old"),
        never_suggest=("reinstall CUDA", "install the CUDA toolkit"),
        sources=("https://github.com/microsoft/AirSim/issues/4236",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/1124",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/16",
                 "https://github.com/KhronosGroup/Vulkan-Loader/blob/main/loader/loader.c",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked="2026-11-27",
        examples=("containers/airsim-4236-unreal-vulkan-icd-not-mounted.txt",
                  "containers/nvidiactk-1124-rhel8-vulkaninfo-no-icd.txt"),
    ),
)
