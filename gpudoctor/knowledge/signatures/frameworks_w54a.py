"""Issue 25, w54a: headless OpenGL/EGL renderers that cannot open an EGL display on an NVIDIA GPU (rows of the
frameworks area).

nvdiffrast's OpenGL rasterizer (RasterizeGLContext, used by SuGaR, Deep3DFaceRecon and many 3D-generation and
reconstruction projects) aborts in its glutil.cpp with a glog fatal line when EGL cannot give it a
display or cannot initialise the display it got; MuJoCo's and dm_control's EGL back ends (MUJOCO_GL=egl, robosuite,
LIBERO) raise an ImportError when no EGL device display can be initialised, and the C EGL samples and renderers built
from them give up when eglInitialize fails, often after the software EGL's own "DRI2: failed to create dri screen"
warnings, which show that the NVIDIA EGL vendor was not the one loaded. Behind all of them is one gap: the process
did not load the NVIDIA driver's EGL implementation (libEGL_nvidia.so.0, found by glvnd through the vendor file
/usr/share/glvnd/egl_vendor.d/10_nvidia.json), because the driver was installed without its OpenGL/EGL half (Ubuntu's
-server or headless packages without libnvidia-gl-<branch>, a .run install with --no-opengl-files), because the
container was started without the graphics capability, or because only the distribution's software EGL (installed with
the EGL headers) is there. nvdiffrast's CUDA rasterizer needs no EGL at all, which is how most threads settle it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.egl-display-init-failed",
        cause_id="nvidia-egl-libs-missing",
        kinds=("any",),
        patterns=(
            # nvdiffrast's glutil.cpp ("[F glutil.cpp:338] eglInitialize() failed", "[F glutil.cpp:332] eglGetDisplay()
            # failed"), and the same words retyped without glog's prefix
            r"\begl(?:Initialize|GetDisplay)\(\) failed",
            # MuJoCo's EGL back end (mujoco/egl) and dm_control's (dm_control/_render/pyopengl/egl_renderer.py)
            r"\bCannot initialize a (?:EGL device|headless EGL) display\b",
            # the C EGL samples and the renderers built from them (egl_example, iGibson's and PoseCNN's mesh renderer
            # probes), and mujoco-py's EGL shim
            r"\bUnable to initialize EGL\b",
            r"\bCould not (?:initialize EGL|get EGL display)\b",
        ),
        severity="fail",
        cause=("The headless OpenGL renderer could not open an EGL display on the NVIDIA GPU: the process did not load "
               "the NVIDIA driver's own EGL library (libEGL_nvidia.so.0 through glvnd's 10_nvidia.json), because the "
               "driver's OpenGL/EGL half is not installed (a server, headless or --no-opengl-files install), the "
               "container lacks the graphics capability, or only a software EGL is there; CUDA itself works."),
        advice=("For nvdiffrast, the quickest way round is its CUDA rasterizer, which needs no EGL: "
                "`dr.RasterizeCudaContext()` instead of `dr.RasterizeGLContext()` (a project that wraps nvdiffrast "
                "usually has a context or backend option for its renderer and exporter that selects it; projects where "
                "nvdiffrast is optional, such as SuGaR, also run with it uninstalled). To make EGL itself work, give "
                "the process the NVIDIA driver's EGL libraries of the running driver's version: on Ubuntu/Debian "
                "`sudo apt install libnvidia-gl-<branch>` (libnvidia-gl-<branch>-server for a server driver; the branch is in `cat "
                "/proc/driver/nvidia/version`), or reinstall a .run driver with its OpenGL libraries; in Docker run "
                "with `-e NVIDIA_DRIVER_CAPABILITIES=all` (or graphics,compute,utility) and keep glvnd's vendor file "
                "/usr/share/glvnd/egl_vendor.d/10_nvidia.json naming libEGL_nvidia.so.0, as nvdiffrast's Dockerfile "
                "does; `eglinfo -B` (or `LD_DEBUG=libs`) shows which EGL vendor is loaded. For MuJoCo, set "
                "MUJOCO_EGL_DEVICE_ID to a GPU the process can see. Under WSL 2 there is no NVIDIA EGL device: use "
                "the CUDA rasterizer there."),
        action="configure",
        rules_out=("a CUDA fault", "the GPU"),
        never_suggest=("reinstall CUDA", "install the CUDA toolkit"),
        sources=("https://github.com/sicxu/Deep3DFaceRecon_pytorch/issues/2",
                 "https://github.com/Anttwo/SuGaR/issues/236",
                 "https://github.com/erwincoumans/egl_example/issues/3",
                 "https://github.com/NVlabs/nvdiffrast/blob/main/docker/Dockerfile",
                 "https://nvlabs.github.io/nvdiffrast/#linux",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html",
                 "https://mujoco.readthedocs.io/en/stable/python.html#rendering"),
        checked="2026-11-28",
        examples=("frameworks/deep3dfacerecon-2-eglinitialize-failed-after-libegl1-mesa-dev.txt",
                  "frameworks/sugar-236-eglgetdisplay-failed-headless-nvdiffrast.txt",
                  "frameworks/egl-example-3-unable-to-initialize-egl-ubuntu-repo-driver.txt"),
    ),
)
