"""The README's "Use" example runs as written and prints what its comments show."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def use_example() -> str:
    """The first Python block under the README's "## Use" heading."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Use\n", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def shown_lines(code: str) -> list[str]:
    """The snapshot lines the example's comments show (``# - role "name" [...]``)."""
    return [line.strip()[2:] for line in code.splitlines() if line.strip().startswith("# - ")]


def shape(line: str) -> re.Pattern[str]:
    """A pattern for lines of the same shape: numbers may differ, everything else may not."""
    return re.compile("^" + re.sub(r"-?\d+", lambda _: r"-?\d+", re.escape(line)) + "$")


def test_the_readme_example_prints_what_its_comments_show() -> None:
    code = use_example()
    expected = shown_lines(code)
    assert len(expected) >= 2, "the example no longer shows snapshot lines"
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    printed = run.stdout.splitlines()
    for line in expected:
        pattern = shape(line)
        assert any(pattern.match(out) for out in printed), (
            f"the README shows {line!r}; the example printed:\n{run.stdout}"
        )
