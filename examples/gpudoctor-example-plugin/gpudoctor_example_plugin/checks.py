"""An example plugin check, registered through the `gpudoctor.checks` entry-point group."""

from gpudoctor.model import check, ok, skip, warn

MIN_MEMORY_MIB = 16 * 1024


@check("example.memory", title="Every GPU has at least 16 GiB of memory", needs=("gpus",))
def enough_memory(facts):
    """Large language models need room: this example warns about GPUs with less than 16 GiB."""
    gpus = facts.gpus.gpus
    if not gpus:
        yield skip("No GPU to look at.")
    for gpu in gpus:
        if gpu.memory_mib is not None and gpu.memory_mib < MIN_MEMORY_MIB:
            yield warn(f"GPU {gpu.index} ({gpu.name}) has only {gpu.memory_mib} MiB.", evidence={"memory_mib": gpu.memory_mib})
        else:
            yield ok(f"GPU {gpu.index} ({gpu.name}) has {gpu.memory_mib} MiB.")
