"""Slurm's own refusals of a gres.conf it cannot read for the GPUs (src/interfaces/gres.c): the node's slurmd stops or
drops the GPU records, so jobs asking for GPUs get none (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

GRES_SOURCE = "https://github.com/SchedMD/slurm/blob/master/src/interfaces/gres.c"
GRES_CONF_DOCS = "https://slurm.schedmd.com/gres.conf.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.slurm-gres-conf-records-ambiguous",
        cause_id="slurm-gres-not-configured",
        kinds=("any",),
        # gres.c (_foreach_gres_conf): several records of one GRES with neither File= nor Type= cannot be told apart
        # (AutoDetect=nvml plus a bare "Name=gpu" line per GPU), and records must all have File= and Type=, or none.
        patterns=(r"gres\.conf duplicate records for (?P<gres>[\w-]{1,40})",
                  r"gres\.conf for (?P<gres>[\w-]{1,40}), some records have \"?(?:File|Type=)\"? specification while others "
                  r"do not"),
        severity="fail",
        cause="slurmd refused this node's gres.conf: its {gres} records cannot be told apart (several lines with neither "
              "File= nor Type=, e.g. a bare Name=gpu per GPU beside AutoDetect), or only some of them name a File= or "
              "Type=, so slurmd stops and the node offers no GPU.",
        advice=("Fix gres.conf on that node: with `AutoDetect=nvml` (or `AutoDetect=nvidia`) remove the bare `Name=gpu` "
                "lines, since AutoDetect finds the GPUs itself; otherwise give every GPU record its own device file, "
                "`Name=gpu Type=<type> File=/dev/nvidia0`, the same keys on every line. Then restart slurmd (`sudo "
                "systemctl restart slurmd`) and check `scontrol show node <node> | grep Gres`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPUs"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ComputeCanada/puppet-magic_castle/issues/27", GRES_SOURCE, GRES_CONF_DOCS),
        checked="2026-11-26",
        examples=("containers/magiccastle-27-gres-conf-duplicate-records-autodetect.txt",),
    ),
    Signature(
        code="containers.slurm-gres-conf-cores-invalid",
        cause_id="slurm-gres-not-configured",
        kinds=("any",),
        # gres.c: a record's Cores=/CPUs= list that the node's core numbering cannot hold ("Invalid GRES data for gpu,
        # CPUs=48-63,176-191", fatal when beyond the CPU count) and the controller's check of the same list against
        # the node's cores ("_node_config_validate: gres/gpu: invalid GRES core specification (...) on node N").
        patterns=(r"Invalid GRES data for (?P<gres>[\w-]{1,40}), (?P<key>Cores|CPUs)=(?P<cpus>[\d,-]{1,80})",
                  r"gres/(?P<gres>[\w-]{1,40}): invalid GRES core specification \((?P<cpus>[\d,-]{1,80})\) on node "
                  r"(?P<node>[\w.-]{1,80})"),
        severity="fail",
        cause="Slurm cannot map the CPU list a gres.conf GPU record gives ({cpus}) onto this node's cores: the list "
              "names CPU ids (hyperthreads) or cores the node does not have, so the GPU's affinity, or the record, is "
              "dropped.",
        advice=("In gres.conf give each GPU its affine cores with `Cores=` as core indices of that node (as `slurmd -C` "
                "counts them, one number per physical core, hyperthreads not counted), not `CPUs=` with hyperthread "
                "ids; or drop the Cores=/CPUs= keys and let `AutoDetect=nvml` fill them. Then restart slurmd and run "
                "`scontrol reconfigure`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPUs"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/deepops/issues/1102", "https://github.com/NVIDIA/deepops/issues/1195",
                 GRES_SOURCE, GRES_CONF_DOCS),
        checked="2026-11-26",
        examples=("containers/deepops-1102-invalid-gres-data-cpus.txt",),
    ),
)
