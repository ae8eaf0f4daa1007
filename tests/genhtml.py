"""genhtml, the standard lcov reader (Debian's lcov package, which install.sh installs where
it can), which the coverage tests hand their lcov files to. Without it those tests skip,
saying so, unless AGENT_BRIDGE_REQUIRE_LCOV=1 (CI) requires them: then they fail."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REQUIRE = "AGENT_BRIDGE_REQUIRE_LCOV"


def require_genhtml() -> None:
    """Skips the calling test without genhtml, or fails it when it is required.

    Raises:
        pytest.fail.Exception: genhtml is missing and AGENT_BRIDGE_REQUIRE_LCOV=1.
        pytest.skip.Exception: genhtml is missing.
    """
    if shutil.which("genhtml") is not None:
        return
    why = "genhtml (Debian's lcov package: apt-get install lcov) is not installed"
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{why}, and {REQUIRE}=1 requires it.")
    pytest.skip(why)


def genhtml(tracefile: Path, sources: Path, out: Path) -> str:
    """Runs genhtml on ``tracefile`` from ``sources`` (the project: the SF paths are relative
    to it), writing its pages into ``out``; returns what it printed.

    Raises:
        AssertionError: genhtml refused the file (with what it said).
    """
    require_genhtml()
    done = subprocess.run(
        ["genhtml", "--branch-coverage", "-o", str(out), str(tracefile)],
        cwd=sources,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
