"""Recording a trace (docs/TRACE.md): every request and answer of a session with its times and
frame, the events, the compact snapshot after each action (it rides on the action's own answer,
so it costs no extra round trip, and is the next action's "before"), the engine log's offsets
during each call, and, when the game renders, a screenshot after each action.

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
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from agent_client.connection.connection import Connection
from agent_client.transport.held_lock import HeldLock
from agent_client.wire.errors import AgentBridgeError
from agent_client.wire.protocol import LOG_FILE, Response

TRACE_DIR = "trace"
FORMAT = 1
# Commands that act on the game: they get an "after" snapshot and, when rendering, a picture.
ACTIONS = frozenset({"click", "hover", "drag", "press", "fill", "select", "set_value", "input"})
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


@dataclass
class _State:
    next_index: int = 1
    next_snapshot: int = 1
    last_snapshot: int | None = None
    render: bool = False
    started: float = field(default_factory=time.time)


class TraceRecorder:
    """Records one session's calls into ``SESSION/trace/``; attach it to the connection."""

    def __init__(self, session_dir: Path, connection: Connection) -> None:
        self.session_dir = session_dir
        self.folder = session_dir / TRACE_DIR
        self.connection = connection
        self._held: HeldLock | None = None
        self._quiet = False
        self._started: float | None = None

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
        recorder._append("trace.jsonl", meta)
        recorder._save_state(state)
        connection.recorder = recorder
        with contextlib.suppress(AgentBridgeError):
            recorder._take_snapshot()
        return recorder

    @classmethod
    def resume(cls, session_dir: Path, connection: Connection) -> TraceRecorder | None:
        """The recorder of a trace another client of the session started, or None."""
        if not (session_dir / TRACE_DIR / "state.json").is_file():
            return None
        recorder = cls(session_dir, connection)
        connection.recorder = recorder
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
            action=cmd in ACTIONS or cmd not in _BRIDGE_COMMANDS,
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
            record["screenshot"] = self._picture(record["index"])
        record["log"] = [call.log_start, self._log_size()]
        self._append("trace.jsonl", record)
        if call.injected and isinstance(data, dict):
            data.pop("snapshot", None)

    # --- saving ---------------------------------------------------------------------------------

    def save(self, path: Path, *, reason: str = "closed") -> Path:
        """Writes ``trace.zip`` at ``path`` (through a temporary name): the record with an
        ``end`` line, the snapshots, the screenshots and the engine log."""
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp")
        import zipfile  # here: a call that attaches to a traced session seldom saves

        with self._lock, zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
            end = {"type": "end", "t": round(self._since_start(), 4), "reason": reason}
            record = (self.folder / "trace.jsonl").read_bytes() + orjson.dumps(end) + b"\n"
            archive.writestr("trace.jsonl", record)
            snapshots = self.folder / "snapshots.jsonl"
            archive.writestr(
                "snapshots.jsonl", snapshots.read_bytes() if snapshots.is_file() else b""
            )
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
        if self._held is not None:
            self._held.close()
            self._held = None
        shutil.rmtree(self.folder, ignore_errors=True)

    # --- helpers --------------------------------------------------------------------------------

    @property
    def _lock(self) -> HeldLock:
        """The lock of the trace folder, which every client of the session records into
        (opened on first use: the folder is made by :meth:`start`)."""
        if self._held is None:
            self._held = HeldLock(self.folder / ".lock")
        return self._held

    def _take_snapshot(self) -> None:
        with self._quietly():
            data = self.connection.request("snapshot", AFTER_VIEW)
        with self._lock:
            state = self._load_state()
            self._store_snapshot(state, data)
            self._save_state(state)

    def _picture(self, index: int) -> str | None:
        name = f"screenshots/{index:05d}.png"
        try:
            with self._quietly():
                shot = self.connection.request("screenshot", {"name": f"trace-{index:05d}"})
            shutil.move(shot["path"], self.folder / name)
        except (AgentBridgeError, OSError, KeyError):
            return None
        return name

    def _store_snapshot(self, state: _State, snapshot: dict[str, Any]) -> int:
        number = state.next_snapshot
        state.next_snapshot += 1
        state.last_snapshot = number
        self._append(
            "snapshots.jsonl",
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

    def _append(self, name: str, record: dict[str, Any]) -> None:
        with open(self.folder / name, "ab") as out:
            out.write(orjson.dumps(record, default=str) + b"\n")

    def _load_state(self) -> _State:
        return _State(**orjson.loads((self.folder / "state.json").read_bytes()))

    def _save_state(self, state: _State) -> None:
        (self.folder / "state.json").write_bytes(orjson.dumps(state.__dict__))

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


# Commands of the bridge that are not actions (game-registered commands count as actions).
_BRIDGE_COMMANDS = frozenset(
    {
        "hello",
        "get_tree",
        "get_node",
        "get_property",
        "set_property",
        "call_method",
        "get_signals",
        "get_events",
        "wait",
        "cancel",
        "change_scene",
        "quit",
        "get_state",
        "list_actions",
        "snapshot",
        "screenshot",
        "set_time_scale",
        "pause",
        "resume",
        "step",
        "step_until",
    }
    | ACTIONS
)


def _iso_time(seconds: float) -> str:
    from datetime import datetime, timezone  # here: only a trace being written needs it

    return datetime.fromtimestamp(seconds, timezone.utc).isoformat()
