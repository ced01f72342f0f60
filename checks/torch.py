"""PyTorch: does torch see every GPU through CUDA, and can torch.distributed use NCCL between them."""

from __future__ import annotations

from gpudoctor.knowledge.driver_support import MINOR_VERSION_COMPAT_BRANCH, driver_install_hint, toolkit_driver
from gpudoctor.knowledge.findings import explained, signature_finding
from gpudoctor.model import Status, check, fail, ok, skip, warn

GET_STARTED = "https://pytorch.org/get-started/locally/"
# PyTorch's CUDA wheel indexes (download.pytorch.org/whl/cuXYZ); which exist depends on the release.
WHEEL_CUDA_VERSIONS = ((11, 8), (12, 1), (12, 4), (12, 6), (12, 8), (12, 9), (13, 0))


def _label(report) -> str:
    version = f"PyTorch {report.torch_version}" if report.torch_version else "PyTorch"
    return f"{version} in {report.python}"


def _version_text(pair) -> str:
    return f"{pair[0]}.{pair[1]}"


def _driver_pair(inventory) -> tuple[int, int] | None:
    v = inventory.cuda_driver_version
    return None if v is None else (v // 1000, (v % 1000) // 10)


def _wheel_for_driver(driver: tuple[int, int], python: str) -> str | None:
    fitting = [v for v in WHEEL_CUDA_VERSIONS if v <= driver]
    if not fitting:
        return None
    major, minor = fitting[-1]
    return (f"{python} -m pip install --force-reinstall torch "
            f"--index-url https://download.pytorch.org/whl/cu{major}{minor}")


def visible_gpu_count(cuda_visible_devices: str | None, gpus) -> int:
    """How many of NVML's GPUs a CUDA program gets under CUDA_VISIBLE_DEVICES.

    CUDA reads the list up to its first invalid entry (an index past the last GPU, "-1", an
    unknown UUID) and ignores the rest; an empty value hides every GPU.
    """
    if cuda_visible_devices is None:
        return len(gpus)
    count = 0
    for entry in cuda_visible_devices.split(","):
        entry = entry.strip()
        if entry.isdigit() and int(entry) < len(gpus):
            count += 1
        elif entry.upper().startswith("GPU-") and any(
                (g.uuid or "").upper().startswith(entry.upper()) for g in gpus):
            count += 1
        elif entry.upper().startswith("MIG-"):
            count += 1
        else:
            break
    return count


def _child_failure(report):
    if report.error.startswith("could not be started"):  # e.g. a snapshot that did not record this run
        return skip(f"{_label(report)}: torch was not asked ({report.error}).", evidence={"error": report.error})
    details = ["gpudoctor ran `import torch` and asked torch about CUDA in a child process of this interpreter."]
    if report.stderr_tail:
        details.append(f"Its last words on stderr: {report.stderr_tail}")
    if report.error.startswith("did not finish"):
        details.append("A hang here usually means CUDA initialisation is stuck: a GPU in a bad state (check "
                       "`nvidia-smi` and `dmesg` for Xid errors), or a network file system holding the Python "
                       "environment. Run `python -c \"import torch; print(torch.cuda.is_available())\"` to see it.")
        return fail(f"{_label(report)}: torch {report.error}.", *details, evidence={"error": report.error})
    if report.error.startswith("crashed"):
        details.append("Run `python -c \"import torch; print(torch.cuda.is_available())\"` with this interpreter to "
                       "see the full error; a crash inside CUDA initialisation often follows a driver update "
                       "without a reboot.")
        return fail(f"{_label(report)}: Python {report.error} while importing torch or initialising CUDA.",
                    *details, evidence={"error": report.error})
    return warn(f"{_label(report)}: could not understand the answer about torch ({report.error}).", *details,
                evidence={"error": report.error})


def _build_vs_driver(report, inventory, platform_kind):
    """A finding when torch's CUDA is newer than the driver supports; None when they fit."""
    build, driver = report.cuda_build_version, _driver_pair(inventory)
    if build is None or driver is None or build <= driver:
        return None
    # Inside WSL 2 the driver is the Windows one.
    needed = toolkit_driver(*build, windows=platform_kind in ("windows", "wsl"))
    branch = int(needed.split(".")[0]) if needed else MINOR_VERSION_COMPAT_BRANCH.get(build[0])
    target = f"{needed} or newer" if needed else f"one that supports CUDA {_version_text(build)}"
    update = f"Either update the driver to {target}."
    if branch:
        update += " " + driver_install_hint(platform_kind, branch)
    wheel = _wheel_for_driver(driver, report.python)
    where = f": `{wheel}` ({GET_STARTED} lists the builds of each release)." if wheel else f" from {GET_STARTED}."
    rebuild = f"Or install a PyTorch build for CUDA {_version_text(driver)} or older{where}"
    evidence = {"torch_cuda": report.cuda_build, "driver_cuda": inventory.cuda_driver_version_text,
                "driver_version": inventory.driver_version, "cuda_available": report.cuda_available}
    summary = (f"{_label(report)} is built for CUDA {report.cuda_build}, but the driver "
               f"({inventory.driver_version}) supports CUDA {inventory.cuda_driver_version_text} at most.")
    if build[0] > driver[0] or not report.cuda_available:
        why = ("A program built for a newer major CUDA version cannot run on this driver."
               if build[0] > driver[0] else "PyTorch could not initialise CUDA with this driver.")
        return fail(summary, why, *report.cuda_warnings, update, rebuild, evidence=evidence)
    return warn(summary,
                "It runs through CUDA minor-version compatibility "
                "(https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html), which has no "
                f"PTX JIT for code newer than CUDA {inventory.cuda_driver_version_text}: kernels that Triton or "
                "torch.compile generate, and GPUs without prebuilt kernels in the wheel, can fail with "
                "'unsupported PTX version'.", update, rebuild, evidence=evidence)


def _arch_supported(sm: str, arch_list) -> bool:
    """Whether a GPU of compute capability `sm` (sm_86) has kernels in a build for `arch_list`.

    A cubin for sm_XY runs on sm_XZ with Z >= Y (same major); PTX for compute_XY is JIT-compiled
    for any newer GPU; 'a'/'f' suffixed targets (sm_90a) run only on exactly that GPU family.
    """
    major, minor = int(sm[3:-1]), int(sm[-1])
    for target in arch_list:
        kind, _, number = target.partition("_")
        digits = "".join(ch for ch in number if ch.isdigit())
        if len(digits) < 2:
            continue
        t_major, t_minor = int(digits[:-1]), int(digits[-1])
        suffixed = digits != number
        if kind == "sm" and t_major == major and (t_minor == minor if suffixed else t_minor <= minor):
            return True
        if kind == "compute" and (t_major, t_minor) <= (major, minor):
            return True
    return False


def _unsupported_devices(report):
    if not report.arch_list:
        return
    for device in report.devices:
        if device.sm and not _arch_supported(device.sm, report.arch_list):
            yield device


def _cuda_unavailable(report, cuda_visible_devices, gpus):
    details = list(report.cuda_warnings)
    if report.cuda_error:
        details.append(f"torch.cuda raised {report.cuda_error}.")
    if cuda_visible_devices is not None and visible_gpu_count(cuda_visible_devices, gpus) == 0:
        details.append(f"CUDA_VISIBLE_DEVICES={cuda_visible_devices!r} in this shell hides every GPU from CUDA "
                       "programs started from it: unset it or list the GPUs (`nvidia-smi -L` shows their UUIDs).")
    if not details:
        details.append("Run `python -c \"import torch; torch.cuda.init()\"` with this interpreter to see why.")
    return fail(f"{_label(report)}: torch.cuda.is_available() is False.", *details,
                evidence={"cuda_build": report.cuda_build, "cuda_visible_devices": cuda_visible_devices})


def _device_count(report, inventory, cuda_visible_devices):
    expected = visible_gpu_count(cuda_visible_devices, inventory.gpus)
    names = ", ".join(d.name or f"device {d.index}" for d in report.devices)
    evidence = {"torch_device_count": report.device_count, "nvml_gpu_count": len(inventory.gpus),
                "cuda_visible_devices": cuda_visible_devices,
                "devices": [{"index": d.index, "name": d.name, "sm": d.sm, "uuid": d.uuid} for d in report.devices]}
    if report.device_count < expected:
        return fail(f"{_label(report)} sees {report.device_count} of the {expected} GPUs the driver shows.",
                    f"torch sees: {names or 'nothing'}.",
                    "NVML lists a GPU that CUDA cannot open: it may be in a bad state (look for Xid errors in "
                    "`dmesg`), in MIG mode, or too old for this PyTorch build. `nvidia-smi` shows its state.",
                    evidence=evidence)
    if expected < len(inventory.gpus):
        return warn(f"{_label(report)} sees {report.device_count} of {len(inventory.gpus)} GPUs: "
                    f"CUDA_VISIBLE_DEVICES={cuda_visible_devices} in this shell hides the others.",
                    "Every CUDA program started from this shell inherits it. Unset it to use all GPUs "
                    "(`unset CUDA_VISIBLE_DEVICES`), or list the ones you want by UUID (`nvidia-smi -L`).",
                    evidence=evidence)
    return None


def _report_findings(report, inventory, cuda_visible_devices, platform_kind):
    if report.error:
        yield _child_failure(report)
        return
    if report.import_error:
        yield fail(f"torch is installed for {report.python} but cannot be imported: {report.import_error}",
                   "A broken or half-upgraded install; reinstall it in that environment (`"
                   f"{report.python} -m pip install --force-reinstall torch`, with the index URL from {GET_STARTED}).",
                   evidence={"import_error": report.import_error})
        return
    if report.hip_build:
        yield skip(f"{_label(report)} is a ROCm (AMD) build; these checks cover NVIDIA CUDA.")
        return
    if inventory.nvml_error or not inventory.gpus:
        yield skip(f"{_label(report)} (CUDA build {report.cuda_build or 'none'}): the driver shows no GPU, so there "
                   "is nothing to compare it with (see gpu.count).",
                   evidence={"cuda_available": report.cuda_available, "device_count": report.device_count})
        return
    if report.cuda_build is None:
        driver = _driver_pair(inventory)
        wheel = _wheel_for_driver(driver, report.python) if driver else None
        yield fail(f"{_label(report)} is a CPU-only build: it cannot use the GPUs.",
                   "pip installs the CPU-only wheel on Windows, and from some indexes on Linux. Install a CUDA build "
                   + (f"for this driver's CUDA {_version_text(driver)}: `{wheel}`" if wheel else f"from {GET_STARTED}")
                   + ".", evidence={"torch_version": report.torch_version})
        return
    mismatch = _build_vs_driver(report, inventory, platform_kind)
    if mismatch is not None:
        yield mismatch
        if mismatch.status is Status.FAIL:
            return
    if not report.cuda_available:
        yield _cuda_unavailable(report, cuda_visible_devices, inventory.gpus)
        return
    counted = _device_count(report, inventory, cuda_visible_devices)
    if counted is not None:
        yield counted
    for device in _unsupported_devices(report):
        yield fail(f"{_label(report)} has no kernels for GPU {device.index} ({device.name}, {device.sm}).",
                   f"This build targets {' '.join(report.arch_list)}; work on this GPU fails with 'no kernel "
                   "image is available for execution on the device'. GeForce RTX 50 and B200 (sm_100, sm_120) "
                   f"need a build for CUDA 12.8 or newer: see {GET_STARTED}.",
                   evidence={"sm": device.sm, "arch_list": list(report.arch_list)})
    if mismatch is None and counted is None:
        names = ", ".join(f"{d.name} ({d.sm})" for d in report.devices)
        yield ok(f"{_label(report)} uses CUDA {report.cuda_build} and sees {report.device_count} "
                 f"GPU{'s' if report.device_count != 1 else ''}: {names}.",
                 f"The driver supports CUDA {inventory.cuda_driver_version_text}; importing torch took "
                 f"{report.import_s} s.",
                 evidence={"torch_version": report.torch_version, "cuda_build": report.cuda_build,
                           "driver_cuda": inventory.cuda_driver_version_text, "device_count": report.device_count})


def _with_known_failures(findings, matches):
    """The known failures in the child's stderr explain its worst finding; alone, they are findings of their own."""
    worst = max(findings, key=lambda f: f.status.rank, default=None)
    if worst is not None and worst.status.rank >= Status.WARN.rank:
        return [explained(f, matches) if f is worst else f for f in findings]
    return findings + [signature_finding(m) for m in matches if m.signature.severity != "info"]


def _no_torch(facts):
    torch = facts.torch
    if not torch.interpreters:
        return skip("No Python interpreter (python3, python) on PATH.")
    if not torch.reports:
        return skip("PyTorch is not installed in the Python on PATH.",
                    f"Interpreters asked: {', '.join(torch.interpreters)}. gpudoctor looks at the environments that "
                    "`python3` and `python` start; activate yours first to check it.",
                    evidence={"interpreters": list(torch.interpreters)})
    return None


@check("torch.cuda", title="PyTorch sees the GPUs through CUDA", needs=("torch", "gpus"), opt_in="frameworks")
def torch_cuda(facts):
    """For each Python environment on PATH that has torch (at most three), runs `import torch` in a
    child process of that interpreter (gpudoctor/torch_child.py, 20 s timeout) and compares what
    torch reports with the driver (NVML):

    - a CPU-only build (torch.version.cuda is None) on a machine with NVIDIA GPUs;
    - torch built for a newer CUDA than the driver supports (torch.version.cuda vs the driver's
      CUDA version from nvmlSystemGetCudaDriverVersion): a newer major version cannot run at all;
      a newer minor version runs through CUDA minor-version compatibility but has no PTX JIT
      (https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html);
    - torch.cuda.is_available() false, with torch's own warning ("The NVIDIA driver on your system
      is too old (found version 12040)");
    - torch.cuda.device_count() against NVML's GPUs minus those CUDA_VISIBLE_DEVICES hides (CUDA
      stops reading that list at its first invalid entry);
    - GPUs whose compute capability the build has no kernels for (torch.cuda.get_arch_list()).

    Skipped when no interpreter on PATH has torch (decided from package metadata, without
    importing it). Whether torch is installed comes from the python_envs fact.
    """
    missing = _no_torch(facts)
    if missing is not None:
        yield missing
        return
    for report in facts.torch.reports:
        findings = list(_report_findings(report, facts.gpus, facts.torch.cuda_visible_devices, facts.platform.kind))
        yield from _with_known_failures(findings, report.signatures)
    if facts.torch.skipped:
        yield skip(f"Not checked (more than {len(facts.torch.reports)} environments with torch): "
                   f"{', '.join(facts.torch.skipped)}.")


def _nccl_finding(report, gpu_count: int, platform_kind: str):
    if report.error or report.import_error or report.cuda_build is None or report.hip_build \
            or not report.cuda_available:
        return skip(f"{_label(report)}: see torch.cuda (torch cannot use CUDA here).")
    evidence = {"distributed_available": report.distributed_available, "nccl_available": report.nccl_available,
                "nccl_version": report.nccl_version}
    if platform_kind == "windows":
        if gpu_count < 2:
            return skip(f"{_label(report)}: one GPU, so no collective communication between GPUs is needed.")
        return warn(f"{_label(report)}: PyTorch on native Windows has no NCCL backend.",
                    "torch.distributed (DDP, FSDP, torchrun) on Windows has only the gloo backend, which passes GPU "
                    "data through CPU memory and is much slower between GPUs.",
                    "For multi-GPU training use init_process_group(backend='gloo') knowingly, or run it in WSL 2, "
                    "where the Linux wheels bring NCCL.", evidence=evidence)
    if not report.distributed_available:
        return fail(f"{_label(report)} is built without torch.distributed.",
                    f"Install an official build from {GET_STARTED}.", evidence=evidence)
    if not report.nccl_available:
        if gpu_count < 2:
            return skip(f"{_label(report)}: NCCL is not available, but there is only one GPU.", evidence=evidence)
        return fail(f"{_label(report)}: torch.distributed has no NCCL backend.",
                    "Multi-GPU training with backend='nccl' fails; install an official CUDA build from "
                    f"{GET_STARTED}.", *([report.nccl_error] if report.nccl_error else []), evidence=evidence)
    return ok(f"{_label(report)}: NCCL {report.nccl_version or '(version unknown)'} is available to torch.distributed.",
              "PyTorch's pip wheels load the NCCL of the nvidia-nccl wheel in the same environment, not a system "
              "libnccl; this is the version DDP, FSDP and torchrun use.", evidence=evidence)


@check("torch.nccl", title="PyTorch's NCCL backend for multi-GPU work", needs=("torch", "gpus"), opt_in="frameworks")
def torch_nccl(facts):
    """Whether torch.distributed can use NCCL, the backend DDP, FSDP and torchrun use between NVIDIA
    GPUs: torch.distributed.is_nccl_available() and torch.cuda.nccl.version(), asked in the same
    child process as torch.cuda.

    On native Windows PyTorch ships without NCCL (only gloo), so multi-GPU training there goes
    through CPU memory; WSL 2 runs the Linux wheels, which include NCCL. With one GPU a missing
    NCCL does not matter and the check is skipped.
    """
    missing = _no_torch(facts)
    if missing is not None:
        yield missing
        return
    gpu_count = len(facts.gpus.gpus)
    for report in facts.torch.reports:
        yield _nccl_finding(report, gpu_count, facts.platform.kind)
