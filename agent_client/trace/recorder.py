"""Recording a trace (docs/TRACE.md): every request and answer of a session with its times and
frame, the events, the compact snapshot after each action (it rides on the action's own answer,
so it costs no extra round trip, and is the next action's "before"), the engine log's offsets
during each call, and, when the game renders, a screenshot after each action.

Calls are grouped under the step that made them (format 2): a locator action, an expectation,
an event wait, a group a test named, or the failure report's own calls. Locators and ``expect``
open steps through :meth:`Connection.trace_step`, which this recorder implements; a step is a
``step`` record when it opens and a ``step_end`` record when it closes, and each call made
while it is open names it. A step that fails keeps its message, the value it saw last and the
snapshot (and, when the game renders, the picture) at that moment.

The recording lives in the session folder (``trace/``) while it runs, so every client of the
session records into it: a pytest test, or the separate processes of a command-line session
(``agent-bridge start --trace``), one step each. :meth:`TraceRecorder.save` writes the
``trace.zip``; a run cut off before that leaves a trace folder that still saves.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import orjson

from agent_client.connection.connection import Connection
from agent_client.transport.held_lock import HeldLock
from agent_client.wire.errors import AgentBridgeError, GameExitedError, ResponseTimeoutError
from agent_client.wire.protocol import LOG_FILE, Response

TRACE_DIR = "trace"
FORMAT = 2
TRACE_FILE = "trace.jsonl"
SNAPSHOTS_FILE = "snapshots.jsonl"
STATE_FILE = "state.json"
# A failed step's message is kept up to this many characters.
ERROR_KEPT = 20_000
# How long the snapshot after a failed step may take (the game may be in trouble).
FAILURE_PROBE_S = 3.0
# Commands that act on the game: they get an "after" snapshot and, when rendering, a picture.
ACTIONS = frozenset({"click", "hover", "drag", "press", "fill", "select", "set_value", "input"})
# Input over frames: actions too (a picture after them), though they answer with no snapshot.
TIMED_INPUT = frozenset({"hold", "input_sequence"})
# Answers bigger than this keep only their shape in the trace (a 10,000-node tree).
DATA_KEPT = 200_000
AFTER_VIEW = {"compact": True}


@dataclass
class Call:
    """One call in flight."""

    cmd: str
    args: dict[str, Any]
    t: float
    log_start: int
    injected: bool = False
    action: bool = False
    step: int | None = None


@dataclass
class _State:
    next_index: int = 1
    next_snapshot: int = 1
    last_snapshot: int | None = None
    render: bool = False
    started: float = field(default_factory=time.time)
    next_step: int = 1


class TraceStep:
    """One open step (what :meth:`Connection.trace_step` returns while a trace records)."""

    def __init__(
        self, recorder: TraceRecorder, name: str, kind: str, args: dict[str, Any] | None
    ) -> None:
        self.recorder = recorder
        self.name = name
        self.kind = kind
        self.args = args
        self.id = 0
        self.facts: dict[str, Any] = {}

    def __enter__(self) -> TraceStep:
        self.recorder._open_step(self)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: object, trace: object) -> None:
        self.recorder._close_step(self, error if isinstance(error, BaseException) else None)


@dataclass
class _Files:
    """The recording's files, opened once and kept open (an append costs one write), closed
    by :meth:`TraceRecorder.stop` or when the recorder is collected."""

    lock: HeldLock
    trace: IO[bytes]
    snapshots: IO[bytes]
    state: IO[bytes]

    def close(self) -> None:
        for file in (self.trace, self.snapshots, self.state):
            file.close()
        self.lock.close()


class TraceRecorder:
    """Records one session's calls into ``SESSION/trace/``; attach it to the connection."""

    def __init__(self, session_dir: Path, connection: Connection) -> None:
        self.session_dir = session_dir
        self.folder = session_dir / TRACE_DIR
        self.connection = connection
        self._files: _Files | None = None
        self._quiet = False
        self._started: float | None = None
        # The steps open in this process, innermost last.
        self._open: list[TraceStep] = []
        # Calls recorded by this process, and the snapshot and picture a failed step took
        # after that many: an enclosing step that fails with it reuses them.
        self._calls = 0
        self._failure_shot: tuple[int, int | None, str | None] | None = None
        # The bridge's own commands (hello lists the game's with "source": "game"); any other
        # command, a game's registered later too, is an action.
        self._bridge_commands: frozenset[str] = frozenset()

    def _attach(self) -> None:
        """Learns the bridge's own commands (before recording, so hello is not recorded) and
        records the connection's calls from now on."""
        with contextlib.suppress(AgentBridgeError):
            self._bridge_commands = frozenset(
                name
                for name, command in self.connection.commands().items()
                if command.get("source", "bridge") == "bridge"
            )
        self.connection.recorder = self

    # --- starting -------------------------------------------------------------------------------

    @classmethod
    def start(
        cls, session_dir: Path, connection: Connection, *, title: str, render: bool
    ) -> TraceRecorder:
        """Begins a trace of the session (an earlier, unsaved one is replaced) and takes the
        first snapshot, the first action's "before"."""
        recorder = cls(session_dir, connection)
        shutil.rmtree(recorder.folder, ignore_errors=True)
        (recorder.folder / "screenshots").mkdir(parents=True, mode=0o700)
        info = {}
        with contextlib.suppress(FileNotFoundError, orjson.JSONDecodeError):
            info = orjson.loads((session_dir / "bridge.json").read_bytes())
        state = _State(render=render)
        meta = {
            "type": "meta",
            "format": FORMAT,
            "protocol": info.get("protocol"),
            "engine": info.get("engine"),
            "engine_version": info.get("engine_version"),
            "game": info.get("game"),
            "title": title,
            "started": _iso_time(state.started),
            "session": str(session_dir),
        }
        recorder.folder.joinpath(TRACE_FILE).write_bytes(orjson.dumps(meta) + b"\n")
        recorder.folder.joinpath(STATE_FILE).write_bytes(orjson.dumps(state.__dict__))
        recorder._attach()
        with contextlib.suppress(AgentBridgeError):
            recorder._take_snapshot()
        return recorder

    @classmethod
    def resume(cls, session_dir: Path, connection: Connection) -> TraceRecorder | None:
        """The recorder of a trace another client of the session started, or None."""
        if not (session_dir / TRACE_DIR / STATE_FILE).is_file():
            return None
        recorder = cls(session_dir, connection)
        recorder._attach()
        return recorder

    # --- recording (called by the connection) ---------------------------------------------------

    def prepare(self, cmd: str, args: dict[str, Any] | None) -> tuple[dict[str, Any], Call | None]:
        """The arguments to send (an action gets a snapshot to answer with) and the call."""
        sent = dict(args or {})
        if self._quiet:
            return sent, None
        call = Call(
            cmd,
            dict(sent),
            self._since_start(),
            self._log_size(),
            action=cmd in ACTIONS or cmd in TIMED_INPUT or cmd not in self._bridge_commands,
            step=self._open[-1].id if self._open else None,
        )
        if cmd in ACTIONS and "snapshot" not in sent:
            sent["snapshot"] = AFTER_VIEW
            call.injected = True
        return sent, call

    def finish(self, call: Call, response: Response | None, error: Exception | None) -> None:
        """Records the call; takes the picture after an action when the game renders."""
        t_end = self._since_start()
        record: dict[str, Any] = {
            "type": "call",
            "id": None,
            "cmd": call.cmd,
            "args": call.args,
            "action": call.action,
            "t": round(call.t, 4),
            "t_end": round(t_end, 4),
        }
        if call.step is not None:
            record["step"] = call.step
        data: Any = None
        if response is not None:
            data = response.get("data")
            record.update(
                id=response.get("id"),
                frame=response.get("frame"),
                ok=response.get("ok"),
                code=response.get("code"),
                error=response.get("error"),
                events=response.get("events", []),
            )
        else:
            record.update(ok=None, error=str(error) if error else "no answer", events=[])
        snapshot = data.get("snapshot") if isinstance(data, dict) else None
        with self._lock:
            state = self._load_state()
            record["index"] = state.next_index
            state.next_index += 1
            if call.action:
                record["before"] = state.last_snapshot
            if isinstance(snapshot, dict) and "text" in snapshot:
                record["after"] = self._store_snapshot(state, snapshot)
            elif call.cmd == "snapshot" and isinstance(data, dict) and "text" in data:
                self._store_snapshot(state, data)
            self._save_state(state)
        if isinstance(data, dict):
            record["changes"] = data.get("changes")
            if "target_rect" in data:
                record["target_rect"] = data["target_rect"]
            shown = {k: v for k, v in data.items() if k not in ("snapshot", "changes")}
            record["data"] = _kept(shown)
        elif data is not None:
            record["data"] = _kept(data)
        if call.action and record.get("ok") and state.render:
            record["screenshot"] = self._picture(f"{record['index']:05d}")
        record["log"] = [call.log_start, self._log_size()]
        self._append(self._io.trace, record)
        self._calls += 1
        if call.injected and isinstance(data, dict):
            data.pop("snapshot", None)

    # --- steps (called by Connection.trace_step) ------------------------------------------------

    def step(self, name: str, kind: str, args: dict[str, Any] | None) -> TraceStep:
        """A step holding the calls made while it is open; see :meth:`Connection.trace_step`."""
        return TraceStep(self, name, kind, args)

    def note(self, facts: dict[str, Any]) -> None:
        """Facts for the innermost open step's end record."""
        if self._open:
            self._open[-1].facts.update(facts)

    def _open_step(self, step: TraceStep) -> None:
        with self._lock:
            state = self._load_state()
            step.id = state.next_step
            state.next_step += 1
            self._save_state(state)
        record = {
            "type": "step",
            "step": step.id,
            "parent": self._open[-1].id if self._open else None,
            "kind": step.kind,
            "name": step.name,
            "args": step.args or {},
            "t": round(self._since_start(), 4),
            "before": state.last_snapshot,
            "log": self._log_size(),
        }
        self._append(self._io.trace, record)
        self._open.append(step)

    def _close_step(self, step: TraceStep, error: BaseException | None) -> None:
        if step in self._open:
            self._open.remove(step)
        record: dict[str, Any] = {
            "type": "step_end",
            "step": step.id,
            "t_end": round(self._since_start(), 4),
            "ok": error is None,
        }
        if error is not None:
            record["error"] = str(error)[:ERROR_KEPT] or type(error).__name__
            record["error_type"] = type(error).__name__
            if not isinstance(error, (GameExitedError, ResponseTimeoutError)):
                record["snapshot"], record["screenshot"] = self._failure_evidence(step)
        record.update({key: _kept(value) for key, value in step.facts.items()})
        record["log"] = self._log_size()
        self._append(self._io.trace, record)

    def _failure_evidence(self, step: TraceStep) -> tuple[int | None, str | None]:
        """The snapshot (and, when the game renders, the picture) after a step failed: the
        state its last attempt saw. A step that fails with a nested one reuses the nested
        one's, when no call came in between."""
        if self._failure_shot is not None and self._failure_shot[0] == self._calls:
            return self._failure_shot[1], self._failure_shot[2]
        if self.connection.closed:
            return None, None
        snapshot: int | None = None
        with contextlib.suppress(AgentBridgeError):
            snapshot = self._take_snapshot(timeout=FAILURE_PROBE_S)
        picture = None
        if snapshot is not None and self._load_state().render:
            picture = self._picture(f"step-{step.id:05d}")
        self._failure_shot = (self._calls, snapshot, picture)
        return snapshot, picture

    # --- saving ---------------------------------------------------------------------------------

    def save(self, path: Path, *, reason: str = "closed") -> Path:
        """Writes ``trace.zip`` at ``path`` (through a temporary name): the record with an
        ``end`` line, the snapshots, the screenshots and the engine log."""
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp")
        import zipfile  # here: a call that attaches to a traced session seldom saves

        with self._lock, zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
            end = {"type": "end", "t": round(self._since_start(), 4), "reason": reason}
            record = (self.folder / TRACE_FILE).read_bytes() + orjson.dumps(end) + b"\n"
            archive.writestr(TRACE_FILE, record)
            snapshots = self.folder / SNAPSHOTS_FILE
            archive.writestr(SNAPSHOTS_FILE, snapshots.read_bytes() if snapshots.is_file() else b"")
            for picture in sorted((self.folder / "screenshots").glob("*.png")):
                archive.write(picture, f"screenshots/{picture.name}")
            log = self.session_dir / LOG_FILE
            archive.writestr("engine.log", log.read_bytes() if log.is_file() else b"")
        os.replace(temporary, path)
        return path

    def stop(self) -> None:
        """Ends the recording: the session records nothing more."""
        if self.connection.recorder is self:
            self.connection.recorder = None
        self.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def close(self) -> None:
        """Closes the recording's files (they open again on the next record)."""
        if self._files is not None:
            self._files.close()
            self._files = None

    # --- helpers --------------------------------------------------------------------------------

    @property
    def _io(self) -> _Files:
        """The files of the trace folder, which every client of the session records into,
        and its lock (opened on first use: the folder is made by :meth:`start`)."""
        if self._files is None:
            self._files = _Files(
                HeldLock(self.folder / ".lock"),
                open(self.folder / TRACE_FILE, "ab", buffering=0),  # noqa: SIM115
                open(self.folder / SNAPSHOTS_FILE, "ab", buffering=0),  # noqa: SIM115
                open(self.folder / STATE_FILE, "r+b", buffering=0),  # noqa: SIM115
            )
            # A recorder nobody stopped (its client was dropped) closes them when collected.
            weakref.finalize(self, self._files.close)
        return self._files

    @property
    def _lock(self) -> HeldLock:
        return self._io.lock

    def _take_snapshot(self, timeout: float | None = None) -> int:
        with self._quietly():
            data = self.connection.request("snapshot", AFTER_VIEW, timeout=timeout)
        with self._lock:
            state = self._load_state()
            number = self._store_snapshot(state, data)
            self._save_state(state)
        return number

    def _picture(self, stem: str) -> str | None:
        """A screenshot as the zip entry ``screenshots/<stem>.png``, or None."""
        name = f"screenshots/{stem}.png"
        try:
            with self._quietly():
                shot = self.connection.request("screenshot", {"name": f"trace-{stem}"})
            shutil.move(shot["path"], self.folder / name)
        except (AgentBridgeError, OSError, KeyError):
            return None
        return name

    def _store_snapshot(self, state: _State, snapshot: dict[str, Any]) -> int:
        number = state.next_snapshot
        state.next_snapshot += 1
        state.last_snapshot = number
        self._append(
            self._io.snapshots,
            {
                "id": number,
                "text": snapshot.get("text", ""),
                "tree_version": snapshot.get("tree_version"),
            },
        )
        return number

    @contextlib.contextmanager
    def _quietly(self) -> Iterator[None]:
        """The recorder's own requests (a snapshot, a picture) are not calls of the trace."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def _append(self, out: IO[bytes], record: dict[str, Any]) -> None:
        # One write of a whole line to a file opened for appending: lines of clients of the
        # session that record at the same time do not interleave.
        out.write(orjson.dumps(record, default=str) + b"\n")

    def _load_state(self) -> _State:
        state = self._io.state
        state.seek(0)
        return _State(**orjson.loads(state.read()))

    def _save_state(self, state: _State) -> None:
        encoded = orjson.dumps(state.__dict__)
        out = self._io.state
        out.seek(0)
        out.write(encoded)
        out.truncate(len(encoded))

    def _since_start(self) -> float:
        if self._started is None:
            try:
                self._started = self._load_state().started
            except (FileNotFoundError, orjson.JSONDecodeError, TypeError):
                return 0.0
        return time.time() - self._started

    def _log_size(self) -> int:
        try:
            return (self.session_dir / LOG_FILE).stat().st_size
        except FileNotFoundError:
            return 0


def _kept(value: Any) -> Any:
    """The answer's data, or its outline when it is huge."""
    encoded = orjson.dumps(value, default=str)
    if len(encoded) <= DATA_KEPT:
        return value
    return {"data_truncated": True, "bytes": len(encoded)}


def _iso_time(seconds: float) -> str:
    from datetime import datetime, timezone  # here: only a trace being written needs it

    return datetime.fromtimestamp(seconds, timezone.utc).isoformat()
