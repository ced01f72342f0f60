"""TensorFlow: does each installed TensorFlow see the GPUs the driver sees, and if not, why."""

from __future__ import annotations

from packaging.version import InvalidVersion, Version

from gpudoctor.knowledge.driver_support import MINOR_VERSION_COMPAT_BRANCH, version_pair
from gpudoctor.model import check, fail, ok, skip, warn


# "TensorFlow 2.10 was the last TensorFlow release that supported GPU on native-Windows."
TENSORFLOW_WINDOWS_DOC = "https://www.tensorflow.org/install/pip#windows-native"
FIRST_WITHOUT_WINDOWS_GPU = Version("2.11")


def _label(report) -> str:
    return f"TensorFlow {report.version} ({report.python})" if report.version else f"TensorFlow ({report.python})"


def _built_for(report) -> str:
    if not report.cuda_build:
        return "no CUDA"
    return f"CUDA {report.cuda_build}" + (f", cuDNN {report.cudnn_build}" if report.cudnn_build else "")


def _child_failure(report):
    details = [f"Its last output:\n{report.stderr_tail}"] if report.stderr_tail else []
    evidence = {"python": report.python, "error": report.error}
    if report.error.startswith("crashed"):
        return fail(f"TensorFlow in {report.python} {report.error} while starting.", *details,
                    "Run `python -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\"` with "
                    "that interpreter to see the whole message.", evidence=evidence)
    return warn(f"TensorFlow in {report.python} could not be asked: it {report.error}.", *details,
                "Run `python -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\"` with "
                "that interpreter; a first import after installing can be slow.", evidence=evidence)


def _windows_without_gpu(report) -> bool:
    try:
        return report.platform == "win32" and Version(report.version) >= FIRST_WITHOUT_WINDOWS_GPU
    except (InvalidVersion, TypeError):
        return False


def _unsupported_build(report, inventory, evidence):
    label = _label(report)
    if _windows_without_gpu(report):
        return fail(f"{label} has no GPU support on native Windows.",
                    "TensorFlow 2.10 was the last release that used GPUs on native Windows; from 2.11 on, the "
                    "Windows wheels are CPU-only.",
                    "Use it inside WSL2 (Ubuntu): `pip install 'tensorflow[and-cuda]'` there uses the Windows driver's "
                    f"GPUs. Source: {TENSORFLOW_WINDOWS_DOC}", evidence=evidence)
    if report.is_cuda_build is False:
        return fail(f"{label} is a build without CUDA: it never uses the GPUs.",
                    "This is tensorflow-cpu, or a wheel for a platform without GPU builds.",
                    "On Linux and WSL2: `pip install 'tensorflow[and-cuda]'`, which also installs the CUDA and cuDNN "
                    "libraries it was built for.", evidence=evidence)
    build, driver = version_pair(report.cuda_build), inventory.cuda_driver_version
    if build and driver is not None and build[0] > driver // 1000:
        return fail(f"{label} is built for CUDA {report.cuda_build}, but the driver ({inventory.driver_version}) "
                    f"supports only CUDA {inventory.cuda_driver_version_text}.",
                    f"Update the driver to the {MINOR_VERSION_COMPAT_BRANCH.get(build[0], 'newest')} branch or newer, or "
                    f"install a TensorFlow built for CUDA {driver // 1000}.", evidence=evidence)
    return None


def _without_native_kernels(report):
    """GPUs newer than every sm_XY TensorFlow was compiled for run on PTX, JIT-compiled at start."""
    sms = [int(c[3:]) for c in report.compute_capabilities if c.startswith("sm_") and c[3:].isdigit()]
    for gpu in report.gpus or ():
        if not sms or gpu.compute_capability is None:
            continue
        capability = gpu.compute_capability[0] * 10 + gpu.compute_capability[1]
        if capability > max(sms):
            major, minor = gpu.compute_capability
            yield warn(f"{_label(report)} has no kernels compiled for {gpu.device_name or gpu.name} (compute "
                       f"capability {major}.{minor}).",
                       f"It was compiled for {', '.join(report.compute_capabilities)}; TensorFlow warns \"CUDA "
                       "kernels will be jit-compiled from PTX, which could take 30 minutes or longer\", and kernels "
                       "fail if the driver cannot compile that PTX.",
                       "Keep the compiled kernels between runs: CUDA caches them in ~/.nv/ComputeCache up to "
                       "CUDA_CACHE_MAXSIZE bytes; set CUDA_CACHE_MAXSIZE=4294967296 (4 GiB) so TensorFlow's fit. A "
                       "TensorFlow release built for this GPU generation avoids the JIT.",
                       evidence={"compute_capability": f"{major}.{minor}",
                                 "built_for": list(report.compute_capabilities)})


def _judge(report, inventory):
    if report.error:
        yield _child_failure(report)
        return
    if report.import_error:
        yield fail(f"TensorFlow is installed in {report.python} but cannot be imported.", report.import_error,
                   evidence={"python": report.python, "import_error": report.import_error})
        return
    evidence = {"python": report.python, "version": report.version, "cuda_build": report.cuda_build,
                "cudnn_build": report.cudnn_build, "tensorflow_gpus": len(report.gpus or ()),
                "nvml_gpus": len(inventory.gpus), "library_log": list(report.library_log),
                "build_info_error": report.build_info_error}
    unsupported = _unsupported_build(report, inventory, evidence)
    if unsupported:
        yield unsupported
        return
    label, seen, present = _label(report), len(report.gpus or ()), len(inventory.gpus)
    if not present:
        yield skip(f"{label}: the driver sees no GPU, so TensorFlow has none to use (see gpu.count).",
                   evidence=evidence)
        return
    if report.gpus is None:
        yield fail(f"{label} could not list its GPUs: {report.list_error}", evidence=evidence)
        return
    if seen == 0:
        yield fail(f"{label} sees no GPU, while the driver sees {present}.",
                   *(f"TensorFlow said: {line}" for line in report.library_log[:3]),
                   f"It was built for {_built_for(report)} and loads those libraries at start; when they are missing "
                   "it silently falls back to the CPU. `pip install 'tensorflow[and-cuda]'` installs matching ones.",
                   "Also check that CUDA_VISIBLE_DEVICES does not hide the GPUs (see env.gpu).", evidence=evidence)
        return
    names = [f"{gpu.name}: {gpu.device_name or 'unnamed'}" for gpu in report.gpus]
    if seen < present:
        yield warn(f"{label} sees {seen} of the {present} GPUs the driver sees.", *names,
                   "CUDA_VISIBLE_DEVICES usually hides the others (see env.gpu).", evidence=evidence)
    else:
        yield ok(f"{label} sees {seen} GPU{'s' if seen != 1 else ''} (built for {_built_for(report)}).", *names,
                 evidence=evidence)
    yield from _without_native_kernels(report)


@check("tensorflow.gpu", title="TensorFlow sees the GPUs", needs=("tensorflow", "gpus"), opt_in="frameworks")
def tensorflow_gpu(facts):
    """For every Python on PATH that has TensorFlow installed (from package metadata, without
    importing it), asks TensorFlow in a child process for its version, the CUDA and cuDNN it was
    built for (tf.sysconfig.get_build_info()) and tf.config.list_physical_devices('GPU'), and
    compares that with the GPUs NVML sees.

    Common reasons for fewer GPUs: the CUDA/cuDNN libraries TensorFlow was built for are missing
    (it logs "Cannot dlopen some GPU libraries" and uses the CPU; `pip install 'tensorflow[and-cuda]'`
    brings them), a CPU-only build, a driver older than the CUDA it was built for, CUDA_VISIBLE_DEVICES,
    and native Windows: TensorFlow 2.10 was the last release with GPU support there, later ones need
    WSL2 (https://www.tensorflow.org/install/pip#windows-native).
    """
    tensorflow, inventory = facts.tensorflow, facts.gpus
    if not tensorflow.reports:
        yield skip("TensorFlow is not installed in any Python on PATH.",
                   evidence={"interpreters": list(tensorflow.interpreters)})
        return
    for report in tensorflow.reports:
        yield from _judge(report, inventory)
    for python in tensorflow.skipped:
        yield skip(f"{python} also has TensorFlow; it was not asked (the first ones on PATH were).")
