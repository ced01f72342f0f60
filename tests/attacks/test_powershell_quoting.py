"""The printed fix plan's PowerShell commands: every value reaches the script literally when the line is
pasted into PowerShell. Read back with tree-sitter's PowerShell grammar: each argument must be one
literal (a bare word or a single-quoted string), never a sub-expression, variable or second command."""

import pytest

from gpudoctor.fixing.catalog import load_catalog
from gpudoctor.fixing.plan import command_line, script_command
from gpudoctor.quoting import powershell_command_line, powershell_quote

HOSTILE_VALUES = [
    "$(Start-Process calc.exe)", "$env:USERPROFILE", "@(calc)", "`$x", "a; calc", "a | calc", "a & calc",
    "it's", "it\u2019s", "\u2018quoted\u2019", "\u201a\u201b", "a,b", "x # comment", "--%", "(calc)", "{calc}",
    "C:\\Program Files\\x.ps1", "\\\\wsl$\\Ubuntu\\x", "", " ", "\"double\"", "'", "''", "-Name", "<in", ">out",
    "CUDA_VISIBLE_DEVICES", "0,1",
]
_LITERALS = {"generic_token", "verbatim_string_characters", "command_parameter"}
_EVALUATED = {"sub_expression", "variable", "expandable_string_literal", "script_block", "array_expression",
              "parenthesized_expression", "expandable_here_string_literal", "ERROR"}


@pytest.fixture(scope="module")
def parser():
    tree_sitter = pytest.importorskip("tree_sitter")
    grammar = pytest.importorskip("tree_sitter_powershell")
    return tree_sitter.Parser(tree_sitter.Language(grammar.language()))


def _arguments(parser, line: str) -> list[str]:
    """The arguments PowerShell passes, as the grammar reads them; fails on anything evaluated."""
    tree = parser.parse(line.encode("utf-8"))
    assert not tree.root_node.has_error, line
    commands, values, stack = [], [], [tree.root_node]
    while stack:
        node = stack.pop()
        assert node.type not in _EVALUATED, (node.type, line)
        if node.type == "command":
            commands.append(node)
        if node.type in _LITERALS:
            values.append((node.start_byte, node.text.decode("utf-8")))
            continue
        stack.extend(node.children)
    assert len(commands) == 1, line
    return [_unquoted(text) for _, text in sorted(values)]


def _unquoted(text: str) -> str:
    if text[:1] not in "'\u2018\u2019\u201a\u201b":
        return text
    body = text[1:-1]
    for quote in "'\u2018\u2019\u201a\u201b":
        body = body.replace(quote * 2, quote)
    return body


@pytest.mark.parametrize("value", HOSTILE_VALUES)
def test_each_value_is_one_literal_argument(parser, value):
    line = powershell_command_line(["powershell.exe", "-File", "C:\\fix.ps1", "-Value", value])
    assert _arguments(parser, line) == ["-File", "C:\\fix.ps1", "-Value", value]


def test_a_quoted_program_is_run_with_the_call_operator():
    assert powershell_command_line(["C:\\Program Files\\x.exe", "a"]) == "& 'C:\\Program Files\\x.exe' a"


def test_single_quotes_are_doubled_and_nothing_else_changes():
    assert powershell_quote("$(calc) it's") == "'$(calc) it''s'"
    assert powershell_quote("plain-word_1.0") == "plain-word_1.0"


def test_the_printed_fix_plan_uses_the_helper():
    spec = next(s for s in load_catalog().values() if s.shell == "powershell")
    printed = command_line(spec, script_command(spec, ["-Value", "$(Start-Process calc.exe)"]))
    assert printed.endswith("-Value '$(Start-Process calc.exe)'")
