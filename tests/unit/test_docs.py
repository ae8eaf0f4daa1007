"""The documentation builds without a warning (mkdocs --strict: broken links, docstrings
mkdocstrings cannot read), and the README's set-up commands are the ones CI runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_docs_build_without_warnings(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    reference = (tmp_path / "api" / "client" / "index.html").read_text(encoding="utf-8")
    assert "launch_command" in reference and "wait_for_event" in reference


def setup_commands() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.DOTALL)]


def test_the_readme_has_two_set_up_commands_and_ci_runs_them() -> None:
    install, tests = setup_commands()
    assert install.startswith("./install.sh && .venv/bin/python ")
    assert tests.startswith(".venv/bin/python -m pytest")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "bash install.sh" in ci
    # CI runs the README's test command as it is, in a scrubbed environment (env -i ...).
    lines = [line.strip() for line in ci.splitlines()]
    assert tests in lines
    assert lines[lines.index(tests) - 2].startswith("env -i HOME=")
