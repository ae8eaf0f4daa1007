"""Every benchmark script still starts: its imports resolve and it reads its arguments (a
script that broke with a refactor would only show when someone needs its numbers)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
# The scripts, not the modules they share (those have no `__main__` block).
SCRIPTS = sorted(
    path.name for path in BENCH.glob("*.py") if '__name__ == "__main__"' in path.read_text()
)


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_script_starts_and_explains_itself(script: str) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), "--help"],
        cwd=BENCH.parent,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:"), done.stdout
