"""The matcher on text as people paste it and as logs hold it, with rows of its own (the catalogue's rows are
tested from their corpus files in test_signatures.py)."""

from __future__ import annotations

from pathlib import Path

import sys

import pytest

from gpudoctor.knowledge.log_lines import logical_lines, message_reach, nvrm_run, one_logical_line
from gpudoctor.knowledge.matcher import CompiledCatalogue, scan, scan_bytes
from gpudoctor.knowledge.pattern_keys import key_options, mandatory_words, nested_quantifier, required_literals
from gpudoctor.knowledge.signatures import Signature

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fixtures" / "corpus"))
from excerpts import real_texts  # noqa: E402

XID = r"NVRM: Xid \(PCI:(?P<bus_id>[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2})\): (?P<xid>\d+)"


def _row(code: str, *patterns: str, kinds=("any",)) -> Signature:
    return Signature(code=code, cause_id="app-fault", patterns=patterns, severity="fail", cause="c", advice="a",
                     action="none", kinds=kinds, sources=("https://example.org",), checked="2026-11-25")


TABLE = CompiledCatalogue((
    _row("kernel.xid", XID, kinds=("dmesg", "journal")),
    _row("kernel.legacy-gpu",
         r"NVRM: The NVIDIA (?P<gpu>[^\n]{1,80}) GPU installed in this system is supported through the NVIDIA "
         r"(?P<version>[\dx.]+) Legacy drivers"),
    _row("kernel.open-required", r"requires use of the NVIDIA open kernel modules"),
    _row("frameworks.no-kernel-image",
         r"CUDA error: no kernel image is available for execution on the device CUDA kernel errors might"),
    _row("frameworks.oom", r"torch\.(?:cuda\.)?OutOfMemoryError: CUDA out of memory\. Tried to allocate "
                           r"(?P<size>[\d.]+ [GM]iB) \(GPU (?P<gpu>\d+)"),
    _row("ollama.oom", r"cudaMalloc failed: out of memory"),
))


def codes(text: str, **kwargs) -> list[str]:
    return [found.code for found in scan(text, "test", table=TABLE, **kwargs)]


XID_LINE = "NVRM: Xid (PCI:0000:01:00): 79, pid=1234, name=python, GPU has fallen off the bus."


@pytest.mark.parametrize("line", [
    XID_LINE,
    f"[ 1843.308145] {XID_LINE}",
    f"[Mon Nov 23 10:00:01 2026] {XID_LINE}",
    f"Nov 23 10:00:01 host kernel: {XID_LINE}",
    f"2026-11-23T10:00:01+0100 host kernel: {XID_LINE}",
    f"[ 1843.308145] host kernel: {XID_LINE}",
    f"2026-11-23T10:00:01.123456789Z stderr F {XID_LINE}",
    f"[pod/gpu-0/main] 2026-11-23T10:00:01.1Z {XID_LINE}",
    f"> {XID_LINE}",
    f"> > `{XID_LINE}`",
])
def test_a_kernel_line_is_found_under_every_prefix(line):
    found = scan(line, "paste", table=TABLE)
    assert [m.code for m in found] == ["kernel.xid"]
    assert found[0].fields == {"bus_id": "0000:01:00", "xid": "79"}
    assert found[0].line.startswith("NVRM: Xid"), "the evidence line is the message, undecorated"


@pytest.mark.parametrize(("line", "undecorated_line"), [
    ("node0:24563 NCCL DIAG [INFO] p2p: only 52/56 GPU-to-GPU peer accesses passed verification",
     "NCCL DIAG [INFO] p2p: only 52/56 GPU-to-GPU peer accesses passed verification"),
    ("g3-xlarge:3183:3183 [0] NCCL INFO NET/Plugin : Plugin load returned 2",
     "NCCL INFO NET/Plugin : Plugin load returned 2"),
    ("[rank1]: torch.OutOfMemoryError: CUDA out of memory.", "torch.OutOfMemoryError: CUDA out of memory."),
    ("ollama  | time=2025-01-01T00:00:00Z level=ERROR msg=x", "time=2025-01-01T00:00:00Z level=ERROR msg=x"),
])
def test_nccl_torchrun_and_compose_prefixes_are_removed(line, undecorated_line):
    from gpudoctor.knowledge.log_lines import undecorated

    assert undecorated(line) == undecorated_line


def test_the_match_says_where_it_was_found():
    text = "```\nsome line\n[   12.3] usb 1-1: new device\n" + f"[ 1843.3] {XID_LINE}\n```\n"
    found = scan(text, "pasted: notes.txt", table=TABLE)
    assert (found[0].line_number, found[0].source) == (4, "pasted: notes.txt")


def test_an_nvrm_message_continued_over_several_lines_is_one_line():
    text = ("[  5.1] NVRM: GPU at PCI:0000:01:00: GPU-<uuid>\n"
            "[  5.1] NVRM: The NVIDIA GeForce GTX 770 GPU installed in this system is\n"
            "[  5.1] NVRM:  supported through the NVIDIA 470.xx Legacy drivers. Please\n"
            "[  5.1] NVRM:  visit http://www.nvidia.com/object/unix.html for more\n"
            "[  5.1] NVRM:  information.  The 515.65.01 NVIDIA driver will ignore\n"
            "[  5.1] NVRM:  this GPU.  Continuing probe...\n"
            f"[  5.2] {XID_LINE}\n")
    found = scan(text, "dmesg", table=TABLE)
    assert [m.code for m in found] == ["kernel.legacy-gpu", "kernel.xid"]
    assert found[0].fields == {"gpu": "GeForce GTX 770", "version": "470.xx"}
    assert found[0].line_number == 2, "a new NVRM message is not a continuation of the one above"
    assert found[0].line.endswith("will ignore this GPU.  Continuing probe...")


def test_a_literal_on_a_continuation_line_still_finds_the_message_above():
    head = [f"Nov 23 10:00:0{i} host kernel: usb {i}-1: new device" for i in range(7)]
    text = "\n".join(head + ["Nov 23 10:00:09 host kernel: NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:2b85)",
                             "Nov 23 10:00:09 host kernel: NVRM: installed in this system requires use of the NVIDIA "
                             "open kernel modules."])
    assert codes(text) == ["kernel.open-required"]


def test_an_exception_message_continued_below_its_line_is_one_line():
    text = ("Traceback (most recent call last):\n"
            '  File "train.py", line 3, in <module>\n'
            "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
            "might be incorrect.\n")
    assert codes(text) == ["frameworks.no-kernel-image"]


def test_a_literal_on_the_last_line_an_exception_message_goes_on_over_finds_it():
    # The prefilter's key is on the fourth line below the exception's head: that line stands alone only in
    # appearance; the head above it is what makes it part of one logical line.
    table = CompiledCatalogue((_row("frameworks.watchdog", r"\w+or: failed .{0,80} collective_timeout_watchdog"),))
    assert all(key in "collective_timeout_watchdog" for (key,) in key_options(table.rows[0].patterns[0]))
    message = ["RuntimeError: failed at step 5", "while waiting", "for rank 3 the", "collective_timeout_watchdog fired"]
    text = "\n".join(["Traceback (most recent call last):", '  File "a.py", line 1, in <module>', *message])
    assert [(m.code, m.line_number) for m in scan(text, "stderr", table=table)] == [("frameworks.watchdog", 3)]
    not_an_exception = text.replace("RuntimeError:", "runtime: Error:")
    assert scan(not_an_exception, "stderr", table=table) == ()


@pytest.mark.parametrize(("lines", "reach"), [
    (["ok", "ok", "ok", "ok", "ok", "the line"], "line"),
    (["RuntimeError: x", "ok", "ok", "ok", "ok", "the line"], "line"),  # five lines up: beyond an exception's reach
    (["ok", "RuntimeError: x", "ok", "ok", "ok", "the line"], "window"),
    (["ok", "ok", "ok", "ok", "ok", "ValueError: the line"], "window"),
    (["ok", "ok", "ok", "ok", "ok", "[ 5.1] NVRM: the line"], "nvrm"),
    (["ok", "ok", "ok", "ok", "RuntimeError: x", "[ 5.1] NVRM: the line"], "window"),
])
def test_a_line_is_read_alone_unless_an_nvrm_or_exception_message_may_go_on_over_it(lines, reach):
    text = "\n".join(lines)
    above, start = len(lines[0]) + 1, text.rindex("\n") + 1  # the four lines above the last one, and the last one
    assert message_reach(text, above, start, len(text)) == reach


def test_an_nvrm_line_reaches_the_nvrm_lines_next_to_it_and_no_further():
    lines = ["usb 1-1: new device", *(f"NVRM: part {i}" for i in range(9)), "usb 1-2: new device"]
    text = "\n".join(lines) + "\n"
    start = text.index("NVRM: part 2")
    start_of_run, gone, end = nvrm_run(text, start, text.index("\n", start))
    assert (text[start_of_run:end].splitlines(), gone) == ([f"NVRM: part {i}" for i in range(9)], 2)
    start = text.index("NVRM: part 8")
    start_of_run, gone, end = nvrm_run(text, start, text.index("\n", start))
    assert (text[start_of_run:end].splitlines(), gone) == ([f"NVRM: part {i}" for i in range(2, 9)], 6)


def test_every_exception_of_a_chained_traceback_is_read():
    text = ("Traceback (most recent call last):\n"
            '  File "a.py", line 1, in <module>\n'
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 1; 23.65 GiB total)\n"
            "\n"
            "During handling of the above exception, another exception occurred:\n"
            "\n"
            "Traceback (most recent call last):\n"
            '  File "a.py", line 5, in <module>\n'
            "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
            "CUDA kernel errors might be asynchronously reported at some other API call\n")
    found = scan(text, "stderr", table=TABLE)
    assert [m.code for m in found] == ["frameworks.oom", "frameworks.no-kernel-image"]
    assert found[0].fields == {"size": "20.00 MiB", "gpu": "1"}


def test_rsyslog_escaped_newlines_split_a_traceback_out_of_one_line():
    text = ("Nov 23 10:00:01 host python3[812]: Traceback (most recent call last):#012  File \"a.py\", line 1, in "
            "<module>#012RuntimeError: CUDA error: no kernel image is available for execution on the device#012"
            "CUDA kernel errors might be asynchronously reported at some other API call\n")
    assert codes(text) == ["frameworks.no-kernel-image"]


def test_literal_backslash_n_escapes_split_too():
    text = ('{"log":"RuntimeError: CUDA error: no kernel image is available for execution on the device\\n'
            'CUDA kernel errors might be asynchronously reported\\n","stream":"stderr"}\n')
    assert codes(text) == ["frameworks.no-kernel-image"]


def test_a_cut_line_ends_a_message():
    text = ("RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
            "[...]\n"
            "CUDA kernel errors might be asynchronously reported\n")
    assert codes(text) == []


@pytest.mark.parametrize("fence_line, found", [
    # The error written on the fence's own line (frameworks/rams-13's paste): GitHub hides it as the info string,
    # the person meant it as the message.
    ("```cudaMalloc failed: out of memory", ["ollama.oom"]),
    ("```cudaMalloc failed: out of memory```", ["ollama.oom"]),
    ("~~~ cudaMalloc failed: out of memory", ["ollama.oom"]),
    ("```console", []),  # a language tag is no text
])
def test_text_on_a_fence_line_is_read(fence_line, found):
    assert codes(f"When calling fit() I get an\n{fence_line}\n") == found


def test_a_fence_still_ends_the_message_above_it():
    text = ("RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
            "```python\n"
            "CUDA kernel errors might be asynchronously reported\n")
    assert codes(text) == []


def test_several_outputs_run_together_are_each_read():
    text = ("$ sudo dmesg | grep NVRM\n"
            f"[ 1843.308145] {XID_LINE}\n"
            "$ journalctl -u ollama\n"
            "Nov 23 10:00:01 host ollama[812]: ggml_cuda_init: allocating 100.00 MiB on device 0: "
            "cudaMalloc failed: out of memory\n")
    assert codes(text) == ["kernel.xid", "ollama.oom"]


def test_utf16_with_a_bom_and_crlf_is_read():
    text = f"PS C:\\> wsl dmesg\r\n[ 1843.308145] {XID_LINE}\r\n"
    for data in (b"\xff\xfe" + text.encode("utf-16-le"), text.encode("utf-16-le"), text.encode("utf-8")):
        found = scan_bytes(data, "paste", table=TABLE)
        assert [(m.code, m.line_number) for m in found] == [("kernel.xid", 2)]


def test_a_known_kind_skips_rows_written_for_other_kinds():
    assert codes(XID_LINE, kind="ollama-log") == []
    assert codes(XID_LINE, kind="dmesg") == ["kernel.xid"]


def test_a_flood_of_one_message_is_one_counted_match():
    text = "\n".join(f"[{i}.0] {XID_LINE}" for i in range(5000))
    found = scan(text, "dmesg", table=TABLE)
    assert [(m.code, m.count, m.line_number) for m in found] == [("kernel.xid", 5000, 1)]


def test_different_fields_are_different_matches():
    text = f"{XID_LINE}\n{XID_LINE.replace('0000:01:00', '0000:02:00')}\n"
    assert [m.fields["bus_id"] for m in scan(text, "dmesg", table=TABLE)] == ["0000:01:00", "0000:02:00"]


def test_a_line_longer_than_the_cap_is_cut_before_matching():
    assert codes("x" * 5000 + XID_LINE) == []
    assert codes(XID_LINE + "x" * 5_000_000) == ["kernel.xid"]


def test_text_with_no_literal_matches_nothing():
    assert codes("all good\n" * 1000) == []
    assert codes("") == []


@pytest.mark.parametrize(("pattern", "literals"), [
    (XID, ("(PCI:",)),  # "NVRM:" starts every line the driver writes at boot (matcher.COMMON_WORDS)
    (r"(?:Key was rejected|Loading of \S+ is rejected)", ("rejected",)),
    (r"(?:Key was rejected|Loading of \S+ is refused)", ("refused", "rejected")),
    (r"[Ee]rror: device (?P<gpu>\d+) lost", ("rror:",)),
    (r"no kernel image is available for execution", ("execution",)),
    (r"NVIDIA driver version is insufficient", ("insufficient",)),
    (r"(?i)error", ()),
    (r"\d+\s+\w+", ()),
])
def test_the_prefilters_literals_are_read_from_the_pattern(pattern, literals):
    assert required_literals(pattern) == literals


@pytest.mark.parametrize(("pattern", "words"), [
    (XID, ("(PCI:", "NVRM:", "Xid")),
    (r"(?:Key was rejected|Loading of \S+ is rejected)", ()),
    (r"[Ee]rror: device (?P<gpu>\d+) (?:lost|gone)(?: again)?", ("device", "rror:")),
    (r"(?:cuda )+init(?i:ialised)", ("cuda", "init")),
    (r"(?i)error", ()),
])
def test_a_line_is_searched_only_when_it_holds_every_word_the_pattern_must(pattern, words):
    assert mandatory_words(pattern) == words


@pytest.mark.parametrize(("pattern", "unsafe"), [
    (r"(a+)+b", True),
    (r"(?:\w+\s?)*x", True),
    (r"(?:a|ab)*c", True),
    (r"(\d)\1", True),
    (XID, False),
    (r"foo [^\n]{0,200}bar", False),
])
def test_patterns_that_could_take_more_than_linear_time_are_named(pattern, unsafe):
    assert (nested_quantifier(pattern) is not None) is unsafe


def test_a_literal_on_every_healthy_line_still_lets_the_failure_through():
    # "cudaMalloc" on every line of a healthy log opens no window unless "failed: out of memory" is within
    # reach; the one line that holds both, in the middle, and a message wrapped over NVRM lines are found.
    healthy = "ggml_cuda_init: cudaMalloc 100.00 MiB on device 0 done\n" * 5000
    wrapped = ("NVRM: The NVIDIA GeForce GTX 780 GPU installed in this system is\n"
               "NVRM:  supported through the NVIDIA 470.xx Legacy drivers. Please\n")
    text = healthy + "ggml_cuda_init: cudaMalloc failed: out of memory\n" + healthy + wrapped + healthy
    found = scan(text, "test", table=TABLE)
    assert [(m.code, m.line_number) for m in found] == [("ollama.oom", 5001), ("kernel.legacy-gpu", 10002)]
    assert found[1].fields == {"gpu": "GeForce GTX 780", "version": "470.xx"}


def test_a_healthy_kernel_log_compiles_only_the_patterns_it_may_match():
    # A live check pays for what it compiles on its critical path: the catalogue's ~600 patterns are compiled on
    # first use, and the recorded two-H200 dmesg (no failure in it) wakes only a few.
    from gpudoctor.knowledge.matcher import scan
    from gpudoctor.knowledge.signatures import catalogue

    dmesg = (Path(__file__).parents[1] / "fixtures" / "raw" / "h200x2" / "dmesg.txt").read_text()
    table = CompiledCatalogue(catalogue())
    assert scan(dmesg, "dmesg", "dmesg", table=table) == ()
    patterns = {id(p): p for found in table._by_literal.values() for p in found}.values()
    compiled = [p for p in patterns if p.regex._compiled is not None]
    assert len(patterns) > 400 and len(compiled) <= 10


def test_a_cudnn_load_failing_on_libcuda_so_is_not_read_as_cudnn_missing():
    # CTranslate2 names the cuDNN library it was loading, then the error it got: here libcuda.so's, so cuDNN is
    # installed and the driver's unversioned link is what is missing (facebookresearch/nougat#115).
    from gpudoctor.knowledge.matcher import scan

    text = (Path(__file__).parents[1] / "fixtures" / "corpus" / "wsl" / "nougat-115-libcudnn-cnn-infer-libcuda-so.txt"
            ).read_text().split("\n---\n", 1)[1]
    codes = {found.code for found in scan(text, "paste")}
    assert "cuda.libcuda-unversioned" in codes and "frameworks.cudnn-library-missing" not in codes


def test_a_row_that_compares_two_numbers_matches_only_where_they_are_in_order():
    import dataclasses

    offload = dataclasses.replace(_row("ollama.partial", r"offloaded (?P<on_gpu>\d+)/(?P<layers>\d+) layers to GPU"),
                                  smaller=(("on_gpu", "layers"),))
    table = CompiledCatalogue((offload,))
    log = ("load_tensors: offloaded 33/33 layers to GPU\n"  # all of it: no match
           "load_tensors: offloaded 31/33 layers to GPU\n"  # the same first digit, two layers on the CPU
           "load_tensors: offloaded 30/81 layers to GPU\n")
    found = scan(log, "test", table=table)
    assert [(m.line_number, m.fields["on_gpu"]) for m in found] == [(2, "31"), (3, "30")]


def test_kmsg_escaped_newlines_split_a_wrapped_nvrm_message():
    """/dev/kmsg escapes the newlines of a message the driver wrapped as "\\x0a" (Documentation/ABI/testing/dev-kmsg);
    a log shipper that reads it raw (Talos, some node agents) keeps them so: the real message, so escaped."""
    wrapped = (Path(__file__).resolve().parents[1] / "fixtures" / "raw" / "under_driver"
               / "nvidiaall394_mismatch.txt").read_text().split("\n\n")[0]
    message = "\\x0a".join(line.split("] ", 1)[-1].strip() for line in wrapped.splitlines())
    assert "\n" not in message and message.count("\\x0a") == 4
    found = scan(f"4,812,9424670,-;{message}\n", "kmsg", kind="dmesg")
    assert [m.code for m in found] == ["kernel.api-mismatch"]
    assert found[0].fields == {"client_version": "595.84", "version": "595.80"}  # read across the escapes


@pytest.mark.parametrize("quote", ["\u2019", "\u2018"])
def test_a_forums_typographic_apostrophe_reads_as_the_tools_straight_one(quote):
    """nvidia-smi prints "couldn't"; a forum or word processor pastes it as "couldn’t" (or "couldn‘t")."""
    line = "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest " \
           "NVIDIA driver is installed and running.\n"
    assert "kernel.driver-not-loaded" in {m.code for m in scan(line, "paste")}
    assert "kernel.driver-not-loaded" in {m.code for m in scan(line.replace("'", quote), "paste")}


# A person's description, read by a row of the catalogue that reads descriptions (kernel_a15k.py).
DESCRIPTION = "Since the update the nvidia 550.54 driver won't build with kernel 6.9 here."


def _described_codes(text: str, kind: str | None = None) -> set[str]:
    return {match.code for match in scan(text, "test", kind) if match.signature.described}


def test_a_description_is_read_in_a_paste_but_not_in_a_long_log_or_a_kernel_log():
    from gpudoctor.knowledge.matcher import DESCRIPTION_TEXT_MAX

    assert _described_codes(DESCRIPTION)  # a paste of a few lines: the person's words are read
    padding = "kernel: usb 1-1: new high-speed USB device number 2 using xhci_hcd\n"
    long_log = DESCRIPTION + "\n" + padding * (DESCRIPTION_TEXT_MAX // len(padding) + 1)
    assert not _described_codes(long_log)  # a log: the rows that read descriptions take no pass over it
    assert not _described_codes(DESCRIPTION, kind="dmesg")  # a kernel log line is no one's description


def test_the_prefilter_finds_every_word_an_exceptions_head_ends_with():
    # Where "Error", "Exception"... are (a message may go on below such a line) is read from the prefilter's
    # passes (matcher._Endings), not searched for per line: on every real excerpt and recording, line by line, the
    # same answer as the search; and a part that starts further on searches the lines above its start.
    from gpudoctor.knowledge import matcher
    from gpudoctor.knowledge.log_lines import holds_exception_ending

    texts = real_texts()
    assert len(texts) > 2000
    for text in texts:
        middle = text.find("\n", len(text) // 2) + 1
        for part_start in (0, middle):
            endings = matcher._Endings(part_start)
            for _ in matcher._hit_lines(text, matcher.compiled(), part_start, len(text), set(), endings):
                pass
            line_start = 0
            while line_start < len(text):
                line_end = text.find("\n", line_start)
                line_end = len(text) if line_end < 0 else line_end
                assert endings.between(text, line_start, line_end) == holds_exception_ending(text, line_start, line_end)
                line_start = line_end + 1


def test_a_plain_line_read_alone_gives_the_logical_line_the_general_reading_gives():
    # The matcher reads a window of one line through log_lines.one_logical_line (most windows of a long log); on every
    # line of the corpus and the raw recordings it must give what logical_lines gives, or leave the line to it.
    taken = left = 0
    for text in real_texts():
        for number, line in enumerate(text.split("\n"), start=1):
            single = one_logical_line(line, number)
            if single is None:
                left += 1
                continue
            taken += 1
            assert single == logical_lines([line], number), line
    assert taken > 50_000 and left > 100  # fences, cuts and escaped newlines among them
