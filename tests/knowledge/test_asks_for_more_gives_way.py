"""A row that asks for more (NCCL's generic error: rerun with NCCL_DEBUG=INFO) gives way to the failure the paste already
shows, and `read` leads with that cause. Lines as lmdeploy#1108 pasted them (turbomind's generic NCCL error, the
process's crash, then NCCL's own WARN line once debugging was on)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from gpudoctor.cli import main
from gpudoctor.knowledge.matcher import scan

GENERIC = ("Failed, NCCL error /lmdeploy/src/turbomind/utils/nccl_utils.cc:296 'unhandled cuda error (run with "
           "NCCL_DEBUG=INFO for details)'")
CRASH = "Illegal instruction (core dumped)"
NCCL_WARN = "init.cc:1582 NCCL WARN Cuda failure 'CUDA driver version is insufficient for CUDA runtime version'"


def codes(text: str) -> dict[str, list[str]]:
    return {found.code: [generic.code for generic in found.refined] for found in scan(text, "paste")}


def test_the_generic_nccl_error_is_evidence_of_the_failure_nccl_itself_names():
    found = codes(f"{GENERIC}\n{CRASH}\n\nNCCL INFO cudaDriverVersion 11070\n{NCCL_WARN}\n")
    assert found["cuda.driver-insufficient"] == ["nccl.generic-error-needs-debug"]
    assert "nccl.generic-error-needs-debug" not in found
    assert found["frameworks.python-illegal-instruction"] == []  # the nearer failure is not NCCL's: not its cause


def test_alone_or_beside_a_failure_that_is_not_nccls_it_still_asks_for_more():
    assert "nccl.generic-error-needs-debug" in codes(f"{GENERIC}\n{CRASH}\n")
    assert "nccl.generic-error-needs-debug" in codes(f"{GENERIC}\n")


def test_read_leads_with_the_cause_that_explains_the_other_lines(tmp_path):
    paste = tmp_path / "paste.txt"
    paste.write_text(f"{GENERIC}\n{CRASH}\n\n{NCCL_WARN}\n", encoding="utf-8")
    document = json.loads(CliRunner().invoke(main, ["read", "--json", str(paste)]).output)
    known = next(check for check in document["checks"] if check["id"] == "read.signatures")
    assert known["summary"].startswith("The NVIDIA driver is older than the CUDA runtime"), known["summary"]


# A row written for a context (nccl.multi-node-system-error-network, the "multi-node" context) is no answer to the
# generic row: refining runs before the contexts are read, so taken as one it would carry the generic match away and
# then be dropped itself where its context is absent (w39g's refining.py change; before it, all three texts read nothing).
SYSTEM_ERROR = ("RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1191, unhandled "
                "system error, NCCL version 2.14.3")


def test_a_context_row_takes_the_generic_error_only_where_its_context_holds():
    across_nodes = codes(f"torchrun --nnodes=2 --node_rank=0 train.py\n{SYSTEM_ERROR}\n")
    assert across_nodes == {"nccl.multi-node-system-error-network": ["nccl.generic-error-needs-debug"]}
    assert codes(f"torchrun --nnodes=1 train.py\n{SYSTEM_ERROR}\n") == {"nccl.generic-error-needs-debug": []}
    assert codes(f"{SYSTEM_ERROR}\n") == {"nccl.generic-error-needs-debug": []}
