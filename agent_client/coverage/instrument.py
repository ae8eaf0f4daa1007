"""A GDScript file made to count its own lines and branches, with every line where it was.

gdtoolkit's parser reads the script; counters go in front of statements on the lines they
are on (``hits[3] += 1; if armed:``, which Godot's parser takes), never on new lines, so
every error, stack and trace of the instrumented script names the user's file and line.
The counters are a static ``PackedInt64Array`` declared in front of the first member of
the script (so it exists before any static initializer runs) and of each inner class, which
cannot see its outer class's statics; the bridge adds a script's arrays up. Each function
names its class's array once, as a local (``var __agent_cov_c3 := <array>``: the same array,
packed arrays are shared, not copied), which a counter reaches faster than a static.

What each probe counts:

- every line that starts a statement, and the first statement of every block (a function's
  entry, a branch taken, a loop's iteration): one probe each;
- ``if``/``elif``/``else``: each branch taken, and "no branch" for an ``if`` without
  ``else``; an ``elif`` line counts the times its condition was tested;
- ``match``: each arm taken, and "no match" unless an arm catches everything (``_``,
  ``var x``); an arm's pattern line counts the times it was tested;
- ``for`` and ``while``: the loop entered or skipped, each time it is reached: the statement
  after the loop counts it skipped when its body's count did not move (a loop that ends its
  block uses a local flag its first pass clears instead);
- functions, setters, getters and lambdas: how often each was entered.

Not counted (docs/COVERAGE.md): class-level variable initializers, expressions' own
branches (``and``, ``or``, ``x if c else y``).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from agent_client.coverage.probes import Arm, Count, Decision, Function, ScriptMap

__all__ = ["Instrumented", "hits_member", "instrument_source"]

# The prefix of every name the instrumenter adds; reset_game leaves such statics alone.
PREFIX = "__agent_cov_"
# Changes whenever a copy or its map would come out differently (cached copies are keyed on it).
VERSION = 4
STATEMENTS = frozenset(
    {
        "pass_stmt",
        "return_stmt",
        "func_var_stmt",
        "break_stmt",
        "breakpoint_stmt",
        "continue_stmt",
        "expr_stmt",
        "const_stmt",
        "if_stmt",
        "while_stmt",
        "for_stmt",
        "for_stmt_typed",
        "match_stmt",
    }
)
COMPOUND = frozenset({"if_stmt", "while_stmt", "for_stmt", "for_stmt_typed", "match_stmt"})
LOOPS = frozenset({"while_stmt", "for_stmt", "for_stmt_typed"})
BRANCHES = frozenset({"if_branch", "elif_branch", "else_branch"})
ARMS = frozenset({"match_branch", "guarded_match_branch"})
# Annotations of the script itself, which must stay before its first member.
SCRIPT_ANNOTATIONS = frozenset({"tool", "icon", "static_unload"})
# Class-level statements that come before the members: the counters go after them.
HEADERS = frozenset({"extends_stmt", "classname_stmt", "classname_extends_stmt"})
LABEL_LENGTH = 60
# Stands for the number of probes in inserted text until the last one is known.
PROBES = "<probes>"


@dataclass(frozen=True)
class Instrumented:
    """The counting copy of a script (``text``), what its counters mean (``map``) and where
    they are: ``counters`` lists ``(class, member)`` for the script (class ``""``) and each
    inner class with code (``"Inner"``, ``"Inner/Deep"``). ``map.probes == 0`` when the
    script has no code to count (the text is then the source)."""

    text: str
    map: ScriptMap
    counters: tuple[tuple[str, str], ...]

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "map": self.map.to_json(), "counters": self.counters}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Instrumented:
        counters = tuple((owner, member) for owner, member in raw["counters"])
        return cls(raw["text"], ScriptMap.from_json(raw["map"]), counters)


def hits_member(res_path: str) -> str:
    """The name of the counter array in the instrumented copy of ``res_path`` (inner classes
    add ``_1``, ``_2``...): one per script, so a script and the script it extends never
    declare the same member."""
    return PREFIX + hashlib.sha1(res_path.encode()).hexdigest()[:10]


def instrument_source(source: str, res_path: str, path: str, sha256: str = "") -> Instrumented:
    """The instrumented copy of ``source``, the script at ``res_path`` (``path`` relative to
    the project, as reports name it).

    Raises:
        ValueError: the GDScript parser cannot read the source (the message says where).
    """
    from gdtoolkit.parser import parser  # the coverage extra; only instrumenting needs it

    bom = source.startswith("\ufeff")
    body = source[1:] if bom else source
    try:
        tree = parser.parse(body if body.endswith("\n") else body + "\n", gather_metadata=True)
    except Exception as error:  # lark's several exceptions; the message names the place
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise ValueError(f"the GDScript parser cannot read it: {first}") from error
    work = _Instrumenter(body, res_path, path, sha256)
    work.program(tree)
    if not work.probes:
        return Instrumented(source, work.map(), ())
    text = ("\ufeff" if bom else "") + work.text()
    return Instrumented(text, work.map(), tuple(work.counters))


@dataclass(frozen=True)
class _Scope:
    member: str  # the counter array of the class the code is in
    prefix: str  # the class path for function names, "Inner." or ""
    local: str = ""  # the function's own name for the array (a local is faster to reach)


class _Instrumenter:
    def __init__(self, source: str, res_path: str, path: str, sha256: str) -> None:
        self.lines = source.split("\n")
        self.res_path = res_path
        self.path = path
        self.sha256 = sha256
        self.hits = hits_member(res_path)
        self.counters: list[tuple[str, str]] = []  # (class path, member) of each array
        self.probes = 0
        self.inserts: list[tuple[int, int, int, str]] = []  # line, column, order, text
        self.line_counts: dict[int, Count] = {}
        self.tested: dict[int, Count] = {}  # elif and pattern lines: times tested
        self.decisions: list[Decision] = []
        self.functions: list[Function] = []
        self.names: Counter[str] = Counter()
        self.used: set[str] = set()  # the members some probe counts in
        self.locals = 0  # functions given a local name for their array
        self.classes = 0  # classes given a counter array

    # --- the result ---------------------------------------------------------------------------

    def map(self) -> ScriptMap:
        lines = {**self.line_counts, **self.tested}
        return ScriptMap(
            path=self.path,
            sha256=self.sha256,
            probes=self.probes,
            lines=dict(sorted(lines.items())),
            decisions=sorted(self.decisions, key=lambda decision: decision.line),
            functions=sorted(self.functions, key=lambda function: function.line),
        )

    def text(self) -> str:
        lines = list(self.lines)
        by_line: dict[int, list[tuple[int, int, str]]] = {}
        for line, column, order, text in self.inserts:
            by_line.setdefault(line, []).append((column, order, text))
        for line, edits in by_line.items():
            content = lines[line - 1]
            # From the right, so the columns to the left stay true; one column's texts in order.
            for column in sorted({edit[0] for edit in edits}, reverse=True):
                texts = "".join(text for col, _, text in sorted(edits) if col == column)
                texts = texts.replace(PROBES, str(self.probes))
                content = content[: column - 1] + texts + content[column - 1 :]
            lines[line - 1] = content
        return "\n".join(lines)

    # --- the tree -------------------------------------------------------------------------------

    def program(self, tree: Any) -> None:
        self.class_body(tree, "", "")

    def class_body(self, node: Any, path: str, prefix: str) -> None:
        """A class's members; then its counter array, in front of its first member, when
        some code of the class counts."""
        scope = _Scope(self.hits + (f"_{self.classes}" if path else ""), prefix)
        self.classes += 1
        self.counters.append((path, scope.member))
        variable = ""
        for child in node.children:
            if not _is_tree(child):
                continue
            if child.data == "class_def":
                name = str(child.children[0])
                self.class_body(child, f"{path}/{name}" if path else name, f"{prefix}{name}.")
            elif child.data == "func_def":
                self.function(child, scope, _function_name(child))
            elif child.data == "static_func_def":
                inner = child.children[0]
                self.function(inner, scope, _function_name(inner))
            elif child.data == "property_body_def":
                for accessor in child.children:
                    if _is_tree(accessor):
                        kind = "set" if accessor.data == "property_custom_setter" else "get"
                        self.function(accessor, scope, f"{variable}.{kind}")
            else:
                if child.data in ("class_var_stmt", "static_class_var_stmt"):
                    variable = _variable_name(child)
                self.walk(child, scope)
        first = _first_member(node)
        if scope.member not in self.used or first is None:
            self.counters.remove((path, scope.member))
            return
        # Zeros without a call: an inner class cannot call its outer class's functions.
        zeros = f"PackedInt64Array(range({PROBES}).map(func(_i: int) -> int: return 0))"
        self.insert(
            first.meta.line,
            first.meta.column,
            f"static var {scope.member}: PackedInt64Array = {zeros}; ",
        )

    def function(self, node: Any, scope: _Scope, name: str) -> None:
        # Each function (a lambda too) names the array once, as a local of a name of its own:
        # no lambda's local shadows its function's.
        self.locals += 1
        entry = self.suite(node, replace(scope, local=f"{PREFIX}c{self.locals}"), declare=True)
        if entry is None:
            return
        full = scope.prefix + name
        self.names[full] += 1
        if self.names[full] > 1:  # two lambdas on one line
            full = f"{full}#{self.names[full]}"
        self.functions.append(Function(full, node.meta.line, Count((entry,))))

    def walk(self, node: Any, scope: _Scope) -> None:
        """The lambdas inside an expression or a statement without blocks."""
        for child in node.children:
            if _is_tree(child):
                self.visit(child, scope)

    def visit(self, node: Any, scope: _Scope) -> None:
        if node.data != "lambda":
            self.walk(node, scope)
            return
        named = [
            token for token in node.children[0].children if getattr(token, "type", "") == "NAME"
        ]
        self.function(node, scope, str(named[0]) if named else f"<lambda:{node.meta.line}>")

    def suite(
        self,
        owner: Any,
        scope: _Scope,
        loop: tuple[str, int] | None = None,
        *,
        declare: bool = False,
    ) -> int | None:
        """Counters in front of the statements of ``owner``'s block: the first one (the
        block's entry), every one that starts a line, every compound one. Returns the probe
        of the block's entry. ``loop``: the block is a loop's body, with its flag and the
        probe that counts the loop entered; ``declare``: a function's body, whose entry
        declares the function's local name for the counters."""
        entry: int | None = None
        statements = self.statements(owner, scope)
        after_loop = ""  # what the statement after a loop starts with: the loop's skip count
        for index, (start, child) in enumerate(statements):
            line = child.meta.line
            new_line = line not in self.line_counts
            if not (entry is None or new_line or child.data in COMPOUND or after_loop):
                self.walk(child, scope)
                continue
            probe = self.new_probe()
            text = after_loop + self.count(probe, scope)
            after_loop = ""
            if entry is None and declare:
                text = f"var {scope.local} := {scope.member}; " + text
            if entry is None and loop is not None:
                flag, entered = loop
                text += f"{scope.local}[{entered}] += int({flag}); {flag} = false; "
            if new_line:
                self.line_counts[line] = Count((probe,))
            if entry is None:
                entry = probe
            if child.data in LOOPS:
                before, after_loop = self.loop(child, scope, probe, index + 1 < len(statements))
                text += before
            elif child.data in COMPOUND:
                self.compound(child, scope, probe)
            else:
                self.walk(child, scope)
            self.insert(start.meta.line, start.meta.column, text)
        return entry

    def statements(self, owner: Any, scope: _Scope) -> list[tuple[Any, Any]]:
        """The statements of ``owner``'s block, each with where it starts (its first
        annotation, when it has some); the other parts (a condition, an iterable, a guard)
        have their lambdas instrumented on the way."""
        found: list[tuple[Any, Any]] = []
        annotations: list[Any] = []
        for child in owner.children:
            if not _is_tree(child):
                continue
            if child.data == "annotation":
                annotations.append(child)
            elif child.data in STATEMENTS:
                found.append((annotations[0] if annotations else child, child))
                annotations = []
            else:
                annotations = []
                self.visit(child, scope)
        return found

    def loop(self, node: Any, scope: _Scope, reached: int, followed: bool) -> tuple[str, str]:
        """A loop's body, and whether it was entered each time it was reached: returns the
        text in front of the loop and the text the statement after it starts with. With a
        statement after it, the loop notes its body's count as it starts, and that statement
        counts the loop skipped when the count did not move (nothing per pass). A loop that
        ends its block sets a local flag as it starts, which its body's first pass clears,
        counting it entered."""
        kind = "while" if node.data == "while_stmt" else "for"
        noted = _flag(reached)
        counts = scope.local
        if followed:
            body = self.suite(node, scope)
            skipped = self.new_probe()
            arms = (
                Arm("entered", Count((reached,), (skipped,))),
                Arm("skipped", Count((skipped,))),
            )
            self.decisions.append(Decision(node.meta.line, kind, arms))
            return (
                f"var {noted} := {counts}[{body}]; ",
                f"{counts}[{skipped}] += int({counts}[{body}] == {noted}); ",
            )
        entered = self.new_probe()
        self.suite(node, scope, loop=(noted, entered))
        arms = (Arm("entered", Count((entered,))), Arm("skipped", Count((reached,), (entered,))))
        self.decisions.append(Decision(node.meta.line, kind, arms))
        return f"var {noted} := true; ", ""

    def compound(self, node: Any, scope: _Scope, reached: int) -> None:
        if node.data == "if_stmt":
            self.if_statement(node, scope, reached)
        else:
            self.match_statement(node, scope, reached)

    def if_statement(self, node: Any, scope: _Scope, reached: int) -> None:
        arms: list[Arm] = []
        taken: list[int] = []
        for branch in node.children:
            if not _is_tree(branch) or branch.data not in BRANCHES:
                continue
            entry = self.suite(branch, scope)
            if entry is None:
                continue
            if branch.data == "elif_branch":
                self.tested[branch.meta.line] = Count((reached,), tuple(taken))
                label = f"elif:{branch.meta.line}"
            else:
                label = "if" if branch.data == "if_branch" else "else"
            arms.append(Arm(label, Count((entry,))))
            taken.append(entry)
        if not any(arm.label == "else" for arm in arms):
            arms.append(Arm("(no branch)", Count((reached,), tuple(taken))))
        self.decisions.append(Decision(node.meta.line, "if", tuple(arms)))

    def match_statement(self, node: Any, scope: _Scope, reached: int) -> None:
        arms: list[Arm] = []
        taken: list[int] = []
        catch_all = False
        for arm in node.children:
            if not _is_tree(arm):
                continue
            if arm.data not in ARMS:
                self.visit(arm, scope)  # the matched expression
                continue
            pattern = arm.children[0]
            entry = self.suite(arm, scope)
            if entry is None:
                continue
            self.tested[pattern.meta.line] = Count((reached,), tuple(taken))
            arms.append(Arm(self.label(arm), Count((entry,))))
            taken.append(entry)
            catch_all = catch_all or (arm.data == "match_branch" and _catches_all(pattern))
        if not catch_all:
            arms.append(Arm("(no match)", Count((reached,), tuple(taken))))
        self.decisions.append(Decision(node.meta.line, "match", tuple(arms)))

    # --- text --------------------------------------------------------------------------------

    def new_probe(self) -> int:
        self.probes += 1
        return self.probes - 1

    def count(self, probe: int, scope: _Scope) -> str:
        self.used.add(scope.member)
        return f"{scope.local}[{probe}] += 1; "

    def insert(self, line: int, column: int, text: str) -> None:
        self.inserts.append((line, column, len(self.inserts), text))

    def label(self, arm: Any) -> str:
        """An arm's pattern as written (and its guard), shortened."""
        text = self.span(arm.children[0])
        if arm.data == "guarded_match_branch":
            text = f"{text} when {self.span(arm.children[1])}"
        text = " ".join(text.split())
        return text if len(text) <= LABEL_LENGTH else text[: LABEL_LENGTH - 1] + "…"

    def span(self, node: Any) -> str:
        """The source of ``node`` (its first line, when it spans several)."""
        meta = node.meta
        number: int = meta.line
        line = self.lines[number - 1]
        start: int = meta.column - 1
        if meta.end_line != meta.line:
            return line[start:].strip()
        end: int = meta.end_column - 1
        return line[start:end]


def _is_tree(node: Any) -> bool:
    return hasattr(node, "data")


def _flag(probe: int) -> str:
    return f"{PREFIX}loop_{probe}"


def _first_member(node: Any) -> Any:
    """Where a class's counter array goes: its first member after the header (``@tool``,
    ``class_name``, ``extends``), with the annotations that belong to that member."""
    children = [child for child in node.children if _is_tree(child)]
    for index, child in enumerate(children):
        if child.data in HEADERS or child.data == "annotation":
            continue
        start = index
        while (
            start > 0
            and children[start - 1].data == "annotation"
            and _annotation_name(children[start - 1]) not in SCRIPT_ANNOTATIONS
        ):
            start -= 1
        return children[start]
    return None


def _annotation_name(annotation: Any) -> str:
    return str(annotation.children[0]) if annotation.children else ""


def _function_name(func_def: Any) -> str:
    header = func_def.children[0]
    return next(str(token) for token in header.children if not _is_tree(token))


def _variable_name(statement: Any) -> str:
    node = statement
    while _is_tree(node):
        names = [child for child in node.children if not _is_tree(child)]
        if names:
            return str(names[0])
        node = node.children[0]
    return "?"


def _catches_all(pattern: Any) -> bool:
    """Whether a pattern matches every value: ``_`` or a bare ``var x``."""
    parts = [child for child in pattern.children if _is_tree(child)]
    return len(parts) == 1 and parts[0].data in ("wildcard_pattern", "var_capture_pattern")
