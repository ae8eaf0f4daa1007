"""The instrumenter: every line stays where it was, counters go where statements start, and
the map says which counter counts which line, branch and function (read here by feeding it
counts, as the game's would be)."""

from __future__ import annotations

import re

import pytest

from agent_client.coverage.instrument import PREFIX, hits_member, instrument_source
from agent_client.coverage.probes import Count, Decision, ScriptMap

# Every construct the language has, one of each at least.
SOURCE = """\
@tool
class_name Sample
extends Node
## A script with one of everything.

signal hit(amount)
enum Mode { IDLE, RUN }
const LIMIT := 3
@export var speed := 1.5
static var made := 0

var health: int = 3:
	set(value):
		health = clampi(value, 0, LIMIT)
	get: return health


static func make() -> int:
	made += 1
	return made


func step(x: int) -> int:
	@warning_ignore("unused_variable")
	var unused := 1
	if x > 2: return 1
	elif x < 0:
		return -1
	else:
		for i in x: print(i)
	match x:
		0:
			print("zero")
		1, 2:
			print("small")
		var other when other > 10:
			print(other)
	var double := func(a: int) -> int: return a * 2
	var shout := func(text: String) -> String:
		return text.to_upper()
	while x < 3:
		x += 1
	await get_tree().process_frame
	return double.call(x) + shout.call("a").length()


class Inner:
	var value := 0

	static func twice(v: int) -> int:
		return v * 2

	class Deep:
		func noop() -> void:
			pass
"""

INSERTED = re.compile(
    rf"static var {PREFIX}\w+: PackedInt64Array = PackedInt64Array\(range\(\d+\)\.map\("
    r"func\(_i: int\) -> int: return 0\)\); "
    rf"|var {PREFIX}c\d+ := {PREFIX}\w+; "
    rf"|{PREFIX}\w+\[\d+\] \+= 1; "
    rf"|{PREFIX}\w+\[\d+\] \+= int\({PREFIX}loop_\d+\); {PREFIX}loop_\d+ = false; "
    rf"|var {PREFIX}loop_\d+ := true; "
    rf"|var {PREFIX}loop_\d+ := {PREFIX}c\d+\[\d+\]; "
    rf"|{PREFIX}c\d+\[\d+\] \+= int\({PREFIX}c\d+\[\d+\] == {PREFIX}loop_\d+\); "
)


def instrumented(source: str = SOURCE, path: str = "scripts/sample.gd") -> tuple[str, ScriptMap]:
    done = instrument_source(source, f"res://{path}", path, "sha")
    return done.text, done.map


def line_of(code: str, source: str = SOURCE) -> int:
    return next(n for n, line in enumerate(source.split("\n"), 1) if code in line)


def test_the_copy_is_the_source_line_for_line_with_counters_added() -> None:
    text, script_map = instrumented()
    assert text.count("\n") == SOURCE.count("\n"), "no line added or removed"
    assert INSERTED.sub("", text) == SOURCE, "only counters were added"
    assert script_map.probes > 0
    assert f":= {hits_member('res://scripts/sample.gd')}; " in text


def test_counters_are_declared_before_any_static_code_of_each_class() -> None:
    text, _ = instrumented()
    lines = text.split("\n")
    member = hits_member("res://scripts/sample.gd")
    signal = line_of("signal hit")
    # After the header (@tool, class_name, extends), in front of the first member.
    assert lines[signal - 1].startswith(f"static var {member}: PackedInt64Array")
    assert lines[signal - 1].endswith("signal hit(amount)")
    # Each inner class, which cannot see its outer class's statics, has its own.
    assert f"static var {member}_1: " in lines[line_of("var value := 0") - 1]
    assert f"static var {member}_2: " in lines[line_of("func noop") - 1]
    # Each function names its class's array as a local of its own, which its counters use.
    twice = lines[line_of("return v * 2") - 1]
    assert re.fullmatch(
        rf"\t\tvar ({PREFIX}c\d+) := {member}_1; \1\[\d+\] \+= 1; return v \* 2", twice
    )
    assert f":= {member}_2; " in lines[line_of("			pass") - 1]


def test_statement_lines_and_tested_lines_are_counted_declarations_are_not() -> None:
    _, script_map = instrumented()
    counted = set(script_map.lines)
    for code in (
        "health = clampi",
        "get: return health",
        "made += 1",
        "var unused := 1",
        "if x > 2: return 1",
        "elif x < 0:",
        "return -1",
        "for i in x: print(i)",
        "match x:",
        "0:",
        'print("small")',
        "var other when",
        "var double",
        "return text.to_upper()",
        "while x < 3:",
        "x += 1",
        "await get_tree()",
        "return v * 2",
    ):
        assert line_of(code) in counted, code
    for code in ("signal hit", "const LIMIT", "@export var speed", "static var made", "else:"):
        assert line_of(code) not in counted, code
    # The function header lines are functions, not lines.
    assert line_of("func step") not in counted


def counts(script_map: ScriptMap, **probes: int) -> list[int]:
    hits = [0] * script_map.probes
    for name, value in probes.items():
        hits[int(name.removeprefix("p"))] = value
    return hits


def probe_on(script_map: ScriptMap, code: str) -> int:
    count = script_map.lines[line_of(code)]
    assert count.minus == () and len(count.plus) == 1
    return count.plus[0]


def test_if_elif_else_have_an_arm_each_and_an_elif_line_counts_its_tests() -> None:
    _, script_map = instrumented()
    decision = next(d for d in script_map.decisions if d.kind == "if")
    assert decision.line == line_of("if x > 2")
    assert [arm.label for arm in decision.arms] == ["if", f"elif:{line_of('elif x')}", "else"]
    reached = probe_on(script_map, "if x > 2")
    minus_one = probe_on(script_map, "return -1")
    hits = counts(script_map, **{f"p{reached}": 5, f"p{minus_one}": 1})
    # The inline `return 1` is the if branch's entry; 5 reached, 0 took it: 5 tested the elif.
    assert script_map.lines[line_of("elif x")].read(hits) == 5
    assert [arm.count.read(hits) for arm in decision.arms] == [0, 1, 0]


def test_an_if_without_else_has_a_no_branch_arm() -> None:
    source = "func f(x):\n\tif x:\n\t\tprint(x)\n\treturn x\n"
    _, script_map = instrumented(source)
    (decision,) = script_map.decisions
    assert [arm.label for arm in decision.arms] == ["if", "(no branch)"]
    reached = script_map.lines[2].plus[0]
    body = script_map.lines[3].plus[0]
    hits = counts(script_map, **{f"p{reached}": 3, f"p{body}": 1})
    assert [arm.count.read(hits) for arm in decision.arms] == [1, 2]


def test_match_arms_by_pattern_and_no_match_unless_an_arm_catches_all() -> None:
    _, script_map = instrumented()
    decision = next(d for d in script_map.decisions if d.kind == "match")
    assert [arm.label for arm in decision.arms] == [
        "0",
        "1, 2",
        "var other when other > 10",
        "(no match)",
    ]
    source = "func f(x):\n\tmatch x:\n\t\t1: return 1\n\t\t_: return 0\n"
    _, caught = instrumented(source)
    assert [arm.label for arm in caught.decisions[0].arms] == ["1", "_"]


def a_loop(source: str, kind: str) -> tuple[list[str], ScriptMap, Decision, int, int]:
    """A function whose one loop starts on line 2, its body on line 3: the lines of the copy,
    the map, the loop's decision, and the probes of the loop reached and of its body."""
    text, script_map = instrumented(source)
    (decision,) = script_map.decisions
    assert decision.kind == kind
    return text.split("\n"), script_map, decision, *probes_at_lines(script_map, 2, 3)


def probes_at_lines(script_map: ScriptMap, *lines: int) -> list[int]:
    return [script_map.lines[line].plus[0] for line in lines]


def test_a_loop_counts_skipped_at_the_statement_after_it() -> None:
    source = "func f(items):\n\tfor item in items:\n\t\tprint(item)\n\treturn items\n"
    lines, script_map, decision, reached, body = a_loop(source, "for")
    (after,) = probes_at_lines(script_map, 4)
    skipped = decision.arms[1].count.plus[0]
    member = hits_member("res://scripts/sample.gd")
    counts_of = f"{PREFIX}c1"  # the function's local name for the array
    noted = f"{PREFIX}loop_{reached}"
    loop, first, following = lines[1:4]
    # The loop notes its body's count as it starts; the statement after it counts the loop
    # skipped when that count did not move. Nothing is added to a pass through the body.
    assert loop == (
        f"\tvar {counts_of} := {member}; {counts_of}[{reached}] += 1; "
        f"var {noted} := {counts_of}[{body}]; for item in items:"
    )
    assert first == f"\t\t{counts_of}[{body}] += 1; print(item)"
    assert following == (
        f"\t{counts_of}[{skipped}] += int({counts_of}[{body}] == {noted}); "
        f"{counts_of}[{after}] += 1; return items"
    )
    hits = counts(script_map, **{f"p{reached}": 4, f"p{body}": 10, f"p{skipped}": 1})
    assert [(arm.label, arm.count.read(hits)) for arm in decision.arms] == [
        ("entered", 3),
        ("skipped", 1),
    ]


def test_a_loop_that_ends_its_block_counts_entered_with_a_flag() -> None:
    source = "func f(items):\n\twhile items:\n\t\titems.pop_back()\n"
    lines, script_map, decision, reached, body = a_loop(source, "while")
    entered = decision.arms[0].count.plus[0]
    counts_of = f"{PREFIX}c1"
    flag = f"{PREFIX}loop_{reached}"
    loop, first = lines[1:3]
    # The flag is set each time the loop is reached; the first pass through the body counts
    # the loop entered and clears it.
    assert loop.endswith(f"{counts_of}[{reached}] += 1; var {flag} := true; while items:")
    counted = f"{counts_of}[{body}] += 1; {counts_of}[{entered}] += int({flag}); {flag} = false; "
    assert first == f"\t\t{counted}items.pop_back()"
    hits = counts(script_map, **{f"p{reached}": 4, f"p{entered}": 3, f"p{body}": 10})
    assert [(arm.label, arm.count.read(hits)) for arm in decision.arms] == [
        ("entered", 3),
        ("skipped", 1),
    ]


def test_functions_setters_getters_lambdas_and_inner_classes_are_named() -> None:
    _, script_map = instrumented()
    names = {function.name: function.line for function in script_map.functions}
    assert names == {
        "health.set": line_of("set(value):"),
        "health.get": line_of("get: return health"),
        "make": line_of("static func make"),
        "step": line_of("func step"),
        f"<lambda:{line_of('var double')}>": line_of("var double"),
        f"<lambda:{line_of('var shout')}>": line_of("var shout"),
        "Inner.twice": line_of("static func twice"),
        "Inner.Deep.noop": line_of("func noop"),
    }


def test_a_standalone_annotation_stays_on_its_statement() -> None:
    text, _ = instrumented()
    lines = text.split("\n")
    annotation = line_of('@warning_ignore("unused_variable")')
    # The counter goes before the annotation, which still applies to the next statement.
    assert lines[annotation - 1].endswith('; @warning_ignore("unused_variable")')
    assert lines[annotation] == "\tvar unused := 1"


def test_indentation_line_endings_and_a_byte_order_mark_are_kept() -> None:
    source = (
        "\ufeffextends Node\r\n\r\nfunc f(x):\r\n    if x:\r\n        return 1\r\n    return 0\r\n"
    )
    text, script_map = instrumented(source)
    assert text.startswith("\ufeffextends Node\r\n")
    assert INSERTED.sub("", text) == source
    assert sorted(script_map.lines) == [4, 5, 6]


def test_a_script_without_code_is_left_as_it_is() -> None:
    source = 'extends Resource\n\n@export var title := "x"\nconst MAX := 4\n'
    done = instrument_source(source, "res://data.gd", "data.gd")
    assert done.map.probes == 0 and done.text == source and done.counters == ()


def test_a_script_the_parser_cannot_read_says_where() -> None:
    with pytest.raises(ValueError, match="cannot read it"):
        instrument_source("func f(:\n\tpass\n", "res://bad.gd", "bad.gd")


def test_a_map_goes_to_json_and_back() -> None:
    _, script_map = instrumented()
    assert ScriptMap.from_json(script_map.to_json()) == script_map


def test_a_count_never_reads_below_zero() -> None:
    assert Count((0,), (1,)).read([2, 5]) == 0
    assert Count((0, 1), (2,)).read([2, 5, 3]) == 4
