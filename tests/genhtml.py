"""genhtml, the standard lcov reader (Debian's lcov package), which the coverage tests hand
their lcov files to when it is installed (install.sh does not install it: the tests that
need it skip, saying so)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

NEEDS_GENHTML = pytest.mark.skipif(
    shutil.which("genhtml") is None,
    reason="genhtml (Debian's lcov package: apt-get install lcov) is not installed",
)


def genhtml(tracefile: Path, sources: Path, out: Path) -> str:
    """Runs genhtml on ``tracefile`` from ``sources`` (the project: the SF paths are relative
    to it), writing its pages into ``out``; returns what it printed.

    Raises:
        AssertionError: genhtml refused the file (with what it said).
    """
    done = subprocess.run(
        ["genhtml", "--branch-coverage", "-o", str(out), str(tracefile)],
        cwd=sources,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
