"""The one-time project import: when it runs, its progress, and how it fails; the engine is
faked (its output and exit code), so this needs none."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from agent_client import LaunchError
from agent_client.engine import godot_import

PROGRESS_OUTPUT = [
    b"Godot Engine v4.6.3.stable - https://godotengine.org\n",
    b"[   0% ] \x1b[90m\x1b[1mfirst_scan_filesystem\x1b[22m | Started Project initialization"
    b" (5 steps)\x1b[39m\x1b[0m\n",
    b"[  16% ] \x1b[90m\x1b[1mfirst_scan_filesystem\x1b[22m | Loading global class names..."
    b"\x1b[39m\x1b[0m\n",
    b"\x1b[92m[ DONE ]\x1b[39m \x1b[1mfirst_scan_filesystem\x1b[22m\n",
]


class FakeEngine:
    """Stands in for ``subprocess.Popen`` of the engine: prints ``output``, exits ``code``;
    with ``hang``, prints nothing until it is killed."""

    runs: ClassVar[list[list[str]]] = []
    data_homes: ClassVar[list[Path]] = []

    def __init__(self, output: list[bytes], code: int = 0, hang: bool = False) -> None:
        self.output, self.code, self.hang = output, code, hang
        self.killed = threading.Event()

    def __call__(
        self, command: list[str], *, env: dict[str, str], **_options: object
    ) -> FakeEngine:
        FakeEngine.runs.append(command)
        FakeEngine.data_homes.append(Path(env["XDG_DATA_HOME"]))
        assert FakeEngine.data_homes[-1].is_dir()
        self.stdout = self._lines()
        return self

    def _lines(self) -> Iterator[bytes]:
        if self.hang:
            self.killed.wait(10)
            return
        yield from self.output

    def wait(self) -> int:
        return -9 if self.killed.is_set() else self.code

    def kill(self) -> None:
        self.killed.set()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "project.godot").write_text("config_version=5\n")
    (tmp_path / "main.gd").write_text("extends Node\n")
    FakeEngine.runs = []
    FakeEngine.data_homes = []
    return tmp_path


def age(path: Path, seconds: float) -> None:
    """Make ``path`` look ``seconds`` older."""
    when = time.time() - seconds
    os.utime(path, (when, when))


def test_a_project_imported_by_hand_is_not_imported_again(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(godot_import.subprocess, "Popen", FakeEngine([]))
    for source in ("project.godot", "main.gd"):
        age(project / source, 60)
    (project / ".godot").mkdir()
    (project / ".godot" / "uid_cache.bin").write_bytes(b"x")  # the editor's import
    assert godot_import.ensure_imported(project, Path("godot")) is False
    assert FakeEngine.runs == []
    (project / "main.gd").write_text("extends Node2D\n")  # edited since: import again
    assert godot_import.ensure_imported(project, Path("godot")) is True
    assert len(FakeEngine.runs) == 1


def test_a_first_import_reports_its_progress_then_is_not_repeated(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(godot_import.subprocess, "Popen", FakeEngine(PROGRESS_OUTPUT))
    lines: list[str] = []
    assert godot_import.ensure_imported(project, Path("godot"), progress=lines.append)
    assert lines == [
        "  0% first_scan_filesystem: Started Project initialization (5 steps)",
        " 16% first_scan_filesystem: Loading global class names...",
    ]
    assert FakeEngine.runs == [["godot", "--headless", "--path", str(project), "--import"]]
    # The editor's user:// goes to a data folder of its own, gone after (not the person's).
    assert FakeEngine.data_homes[0] != Path.home() and not FakeEngine.data_homes[0].exists()
    assert not godot_import.ensure_imported(project, Path("godot"), progress=lines.append)
    assert len(FakeEngine.runs) == 1 and len(lines) == 2


def test_a_failed_import_says_why(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        godot_import.subprocess,
        "Popen",
        FakeEngine([b"ERROR: cannot open project.godot\n"], code=1),
    )
    with pytest.raises(LaunchError, match=r"failed \(exit 1\):\nERROR: cannot open"):
        godot_import.ensure_imported(project, Path("godot"))
    assert godot_import.last_import(project) is None  # no stamp: it is tried again


def test_an_import_that_hangs_is_stopped(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = FakeEngine([], hang=True)
    monkeypatch.setattr(godot_import.subprocess, "Popen", engine)
    with pytest.raises(LaunchError, match="took over 0 s"):
        godot_import.ensure_imported(project, Path("godot"), timeout=0.2)
    assert engine.killed.is_set()
