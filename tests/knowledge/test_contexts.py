"""Causes that depend on where the text came from (gpudoctor/knowledge/contexts.py): the contexts found in real
excerpts' other lines, a generic line read generically without them and with the refined row's cause where they
are, and a live host's facts (a recorded WSL 2 snapshot) giving the context its logs do not show."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gpudoctor.knowledge.contexts import CONTEXTS, NAMES, in_text
from gpudoctor.knowledge.findings import signature_finding
from gpudoctor.knowledge.matcher import scan
from gpudoctor.knowledge.signatures import by_code, catalogue

from hosts import HostBuilder

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS / "fixtures" / "corpus"))
sys.path.insert(0, str(TESTS / "ollama_torch"))
from excerpts import read_excerpt, real_texts  # noqa: E402

# A generic line, as it appears in cuml#6218's traceback (tests/fixtures/corpus/wsl), alone.
NO_DEVICE = "numba.cuda.cudadrv.error.CudaSupportError: Error at driver init: Call to cuInit results in " \
            "CUDA_ERROR_NO_DEVICE (100)"


def _codes(text: str, **options) -> list[str]:
    return [found.code for found in scan(text, "paste", **options)]


@pytest.mark.parametrize(("example", "contexts"), [
    ("wsl/cuml-6218-cuinit-no-device-wsl2-wrong-driver.txt", {"wsl"}),  # a path under /mnt/c/Users
    ("wsl/genesis-114-cuinit-no-device-wrong-libcuda.txt", {"wsl", "cuda12-build", "cuda11-or-later-installed"}),  # "run under wsl2"; CUDA 12.x
    ("cuda/pickpytorch-14-nproc-exceeds-visible.txt", {"distributed-launch", "visible-devices"}),
    ("cuda/pytorchexamples-115-visible-devices-2-one-gpu.txt", {"visible-devices"}),  # CUDA_VISIBLE_DEVICES=2
    ("kernel/aks-4870-a10-vgpu-busy-unavailable-unlicensed.txt", {"vgpu"}),  # Standard_NV36ads_A10_v5
    ("cuda/watermarkdm-8-torchrun-nproc-8-invalid-ordinal.txt", {"distributed-launch"}),
    ("containers/nvidiadocker-24-device-flags-without-runtime-error-35.txt", {"container"}),
    ("kernel/start9-3702-secure-boot-mok-not-enrolled.txt", {"secure-boot"}),
    ("wheels/flash-attention-v100-23-uv-build-wheel-no-torch.txt", {"package-build"}),  # uv's build backend error
    ("ollama/ollama-8182-predict-eof-cuda-oom.txt", {"ollama-log", "ollama"}),  # the journal's "ollama[3292]:" prefix
    ("cuda/uninformedstudents-3-invalid-ordinal-cuda1.txt", set()),
    ("cuda/rpgopenremode-9-cudagetdevicecount-insufficient.txt", set()),
])
def test_the_contexts_of_real_excerpts_are_found_in_their_other_lines(example, contexts):
    assert in_text(read_excerpt(example).text) == contexts


def test_every_context_row_names_known_contexts_and_refines_a_generic_row_of_the_same_line():
    rows = [row for row in catalogue() if row.contexts or row.refines]
    assert len(rows) >= 4
    for row in rows:
        assert set(row.contexts) <= set(NAMES) and (row.contexts or row.refines), row.code
        for code in row.refines:
            generic = by_code(code)
            assert generic is not None and not generic.contexts, f"{row.code} refines {code}, not a generic row"
            # A row in context reads the generic row's lines (a pattern of its own, or one narrowed by a condition
            # around it: "... failed: (?!/usr/lib/wsl/)"); one without refines only on a line both match.
            assert not row.contexts or any(mine.find(theirs) >= 0 for mine in row.patterns for theirs in generic.patterns) \
                or row.code == "kernel.driver-not-loaded-secure-boot", f"{row.code} must read the lines {code} reads"
    for context in CONTEXTS:
        assert context.markers and context.sources and context.checked
        for marker in context.markers:  # a class or \b first makes `re` try every position: 40 times slower
            assert not marker.startswith(("\\b", "[", "(", "^", ".")), f"{context.name}: {marker!r}"


def test_a_generic_line_without_its_context_keeps_the_generic_row():
    assert _codes(NO_DEVICE) == ["cuda.no-device"]
    assert _codes("RuntimeError: CUDA error: invalid device ordinal") == ["cuda.invalid-device-ordinal"]


def test_in_its_context_the_refined_row_wins_and_the_generic_one_is_only_evidence():
    found = scan(f"$ uname -r\n5.15.153.1-microsoft-standard-WSL2\n{NO_DEVICE}\n", "paste")
    assert [m.code for m in found] == ["wsl.no-device-linux-libcuda"]
    assert [m.code for m in found[0].refined] == ["cuda.no-device"]
    finding = signature_finding(found[0])
    text = "\n".join(finding.details)
    assert text.count("Next step:") == 1 and by_code("cuda.no-device").advice not in text
    assert "[cuda.no-device] would read this line" in text
    assert finding.evidence["refines"] == ["cuda.no-device"]


def test_a_launcher_reads_invalid_device_ordinal_as_more_ranks_than_gpus():
    text = "torchrun --nproc_per_node=4 train.py\nRuntimeError: CUDA error: invalid device ordinal\n"
    assert _codes(text) == ["cuda.invalid-ordinal-more-ranks-than-gpus"]


def test_contexts_given_by_the_caller_count_as_the_texts_own():
    assert _codes(NO_DEVICE, contexts=frozenset({"wsl"})) == ["wsl.no-device-linux-libcuda"]
    assert _codes(NO_DEVICE, contexts=frozenset({"container"})) == ["containers.started-without-gpus"]
    assert _codes(NO_DEVICE, contexts=frozenset({"secure-boot"})) == ["cuda.no-device"], \
        "no Secure Boot row reads this line: the generic one stays"


def test_pasted_inputs_share_their_contexts():
    from gpudoctor.pasted.signatures import scan_inputs

    found = scan_inputs([("uname.txt", "Linux host 5.15.153.1-microsoft-standard-WSL2 x86_64\n"),
                         ("trace.txt", NO_DEVICE + "\n")])
    assert [(m.code, m.source) for m in found] == [("wsl.no-device-linux-libcuda", "trace.txt")]


# PyTorch's warning when cudaGetDeviceCount fails (c10/cuda/CUDAFunctions.cpp), as the child records it.
TORCH_NO_DEVICE = ("CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions "
                   "before calling NumCudaDevices() that might have already set an error? Error 100: no CUDA-capable "
                   "device is detected")


def _torch_signatures(builder: HostBuilder) -> list[str]:
    from gpudoctor.engine import FactStore, Options
    from gpudoctor.registry import load_registry
    import support

    answer = support.torch_answer(cuda_available=False, device_count=0, devices=[], cuda_warnings=[TORCH_NO_DEVICE])
    store = FactStore(support.with_torch(builder, answer).host(), load_registry().probes, Options())
    return [m.code for report in store.get("torch").reports for m in report.signatures]


def test_a_live_wsl_host_reads_its_logs_in_the_wsl_context():
    assert _torch_signatures(HostBuilder.from_fixture("wsl2-healthy-2gpu.json")) == ["wsl.no-device-linux-libcuda"]
    assert _torch_signatures(HostBuilder.from_fixture("linux-2xh200-nvlink.json")) == ["cuda.no-device"]


def test_explain_says_where_a_context_row_applies_and_what_it_replaces():
    from gpudoctor.describe import explain_signature

    text = explain_signature(by_code("cuda.invalid-ordinal-more-ranks-than-gpus"), width=200)
    assert "Only where the text or the host shows: distributed-launch; there it replaces cuda.invalid-device-ordinal" \
        in text


def test_in_a_container_under_wsl_the_container_reading_wins_alone():
    text = f"$ docker run -it my-image python train.py   # Docker Desktop on WSL2\n{NO_DEVICE}\n"
    assert in_text(text) == {"container", "wsl"}
    assert _codes(text) == ["containers.started-without-gpus"]


def test_a_row_without_context_refines_the_generic_row_of_its_own_line():
    # WinError 1455 names why the DLL did not load (the paging file), so the generic DLL row's advice (a missing
    # Visual C++ runtime) must not stand beside it as a second next step (thu-ml/tianshou#297).
    text = read_excerpt("frameworks/tianshou-297-winerror-1455-paging-file-cudnn-dll.txt").text
    found = {m.code: m for m in scan(text, "paste")}
    assert "frameworks.torch-dll-load-failed" not in found
    assert [m.code for m in found["frameworks.windows-pagefile-too-small"].refined] == ["frameworks.torch-dll-load-failed"]
    alone = 'OSError: [WinError 126] Error loading "C:\\torch\\lib\\fbgemm.dll" or one of its dependencies.'
    assert "frameworks.torch-dll-load-failed" in {m.code for m in scan(alone, "paste")}


def test_markers_grouped_by_first_character_find_what_each_marker_finds():
    # contexts._searches joins markers that open with the same plain character into one regex (fewer passes over a
    # long text): on every real excerpt and recording, the contexts found must be those of one search per marker.
    import re

    from gpudoctor.knowledge import contexts

    one_each = tuple((context.name, tuple(map(re.compile, context.markers))) for context in contexts.CONTEXTS)
    texts = real_texts()
    assert len(texts) > 2000
    for text in texts:
        assert contexts.in_text(text) == frozenset(name for name, markers in one_each
                                                   if any(marker.search(text) for marker in markers))
    searches = sum(len(grouped) for _, grouped in contexts._compiled())
    assert searches < sum(len(context.markers) for context in contexts.CONTEXTS)


def _found_by_the_matcher(text: str) -> frozenset[str]:
    """The contexts the matcher finds in `text`: the markers its prefilter passes find, then the others searched."""
    from gpudoctor.knowledge import contexts, matcher

    present: set[str] = set()
    for _ in matcher._hit_lines(text, matcher.compiled(), 0, len(text), present, matcher._Endings(0)):
        pass
    return frozenset(present) | contexts.in_text_by_other_markers(text, frozenset(NAMES) - present, 0, len(text))


def test_the_matcher_finds_in_its_own_passes_the_contexts_its_markers_put_a_text_in():
    # Most markers are found by the matcher's prefilter (a word every match holds, or its end, is one of its
    # literals) and searched for only in the lines that hold it (contexts.folded_markers): on every real excerpt and
    # recording, what one search per marker finds.
    texts = real_texts()
    assert len(texts) > 2000
    for text in texts:
        assert _found_by_the_matcher(text) == in_text(text)


def test_a_marker_found_by_the_end_of_its_word_is_searched_for_in_that_line():
    # ":11434" (Ollama's port, which healthy Ollama logs hold often) is searched for on its own: the line must hold
    # the marker itself, not only the number.
    assert _found_by_the_matcher("curl http://127.0.0.1:11434/api/tags\n") == {"ollama-api"}
    assert _found_by_the_matcher("listening on port 11434\n") == frozenset()
    assert _found_by_the_matcher("11434\n") == frozenset()
    # "E. Process" (nvidia-smi's compute mode column) is found by "Process", which every match holds
    assert _found_by_the_matcher("|  0  Tesla T4  On  | 00000000:00:04.0 Off |  E. Process |\n") == {"exclusive-compute-mode"}


def test_a_marker_whose_word_healthy_logs_are_full_of_is_searched_for_on_its_own():
    # Every line of an Ollama server log holds "level=INFO": as a literal of the prefilter it would wake the matcher
    # on each of them; the marker is searched for once instead, and the log is still known for what it is.
    from gpudoctor.knowledge import matcher

    line = 'time=2025-12-02T10:21:41.023Z level=INFO source=routes.go:1234 msg="Listening on 127.0.0.1:11434"\n'
    found = {literal for _, literal in matcher._occurrences(line, matcher.compiled(), 0, len(line))}
    assert not {"level=INFO", "routes", "11434"} & found
    assert {"ollama-log", "ollama-api"} <= _found_by_the_matcher(line)


def test_one_gpu_of_several_used_is_ollamas_placement_only_in_a_text_about_ollama():
    said = "I have four 4090 GPUs.\nbut, only one GPU is used."
    assert "ollama.one-gpu-used-described" not in _codes(said)  # PyTorch or llama.cpp: another cause, another fix
    assert "ollama.one-gpu-used-described" in _codes(said + "\nI set the variables in /etc/systemd/system/ollama.service")


def test_a_word_is_found_by_its_end_only_where_that_end_is_rare_in_healthy_logs():
    # "Ollama version" is a marker whose word "Ollama" opens with a character no signature key opens with; its end
    # "llama" is in nearly every line of an Ollama log (llama_model_loader, llama_context...), where each occurrence
    # would cost a trip through Python. The word is then the literal, whole.
    from gpudoctor.knowledge import matcher
    from gpudoctor.knowledge.literal_index import found_by
    from gpudoctor.knowledge.pattern_keys import rare_in_healthy_logs

    assert not rare_in_healthy_logs("llama")
    assert list(found_by([("Ollama", "marker")], {"l"}, rare_in_healthy_logs)) == ["Ollama"]
    assert list(found_by([("HostDriverStore", "marker")], {"o"}, rare_in_healthy_logs)) == ["ostDriverStore"]
    context_keys, ending_keys, _ = matcher.compiled_for_logs()._scan_keys
    shortened = [key for keys in (context_keys, ending_keys) for key, found in keys.items() if any(s for _, s in found)]
    assert shortened and all(map(rare_in_healthy_logs, shortened))
    line = "llama_model_loader: - kv   0: general.architecture str = llama\n"
    assert not {literal for _, literal in matcher._occurrences(line, matcher.compiled_for_logs(), 0, len(line))
                if literal in context_keys and literal not in matcher.compiled_for_logs()._by_literal}
