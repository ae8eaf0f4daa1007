"""What a failed test leaves behind: the last snapshot, the event log, the engine log, engine
errors with their script stacks and (when the game renders) a screenshot, as files in a folder
and as report text."""

from __future__ import annotations

import contextlib
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import orjson

from agent_client.client.screenshot import save_screenshot
from agent_client.connection.engine_errors import engine_errors
from agent_client.connection.events import format_event
from agent_client.engine.launcher import log_tail
from agent_client.model.nodes import TreeIndex
from agent_client.model.outline import outline
from agent_client.wire.errors import AgentBridgeError
from agent_client.wire.protocol import LOG_FILE

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient

# A game that does not answer within this long is treated as gone while collecting.
PROBE_TIMEOUT = 3.0
REPORT_EVENTS = 30
REPORT_LOG_LINES = 30
SNAPSHOT_LINES = 400


@dataclass
class Evidence:
    """Report sections (title, text) and the files written."""

    sections: list[tuple[str, str]] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)


def responsive(client: AgentClient) -> bool:
    """Whether the game still answers (this also brings in the events it queued)."""
    try:
        client.request("wait", {"frames": 1, "timeout_ms": 1000}, timeout=PROBE_TIMEOUT)
        return True
    except AgentBridgeError:
        return False


def snapshot_text(client: AgentClient) -> str:
    """The bridge's snapshot when it has one, else an outline of ``get_tree``."""
    if client.connection.has_command("snapshot"):
        return str(client.request("snapshot", {}, timeout=PROBE_TIMEOUT)["text"])
    index = TreeIndex(client.request("get_tree", {}, timeout=PROBE_TIMEOUT)["tree"])
    return outline(index, index.root, max_lines=SNAPSHOT_LINES)


def collect(
    client: AgentClient, folder: Path, *, since_seq: int = 0, screenshot: bool = True
) -> Evidence:
    """Write the evidence of a failure into ``folder`` and return it as report sections.
    Never raises for a game that crashed or hangs: what cannot be had is left out."""
    folder.mkdir(parents=True, exist_ok=True)
    evidence = Evidence()
    evidence.sections.append(("game time", describe_time(client)))
    alive = responsive(client)
    if alive:
        try:
            text = snapshot_text(client)
            evidence.files.append(_write(folder / "snapshot.txt", text))
            evidence.sections.append(("snapshot", text))
        except AgentBridgeError as error:
            evidence.sections.append(("snapshot", f"(no snapshot: {error})"))
    errors = engine_errors(client.event_log, since_seq)
    if errors:
        evidence.sections.append(("engine errors", "\n".join(str(error) for error in errors)))
    events = list(client.event_log)
    evidence.files.append(
        _write(
            folder / "events.jsonl",
            "".join(orjson.dumps(event).decode() + "\n" for event in events),
        )
    )
    recent = [format_event(event) for event in events[-REPORT_EVENTS:]]
    evidence.sections.append(
        (f"events (last {len(recent)} of {len(events)})", "\n".join(recent) or "(none)")
    )
    log = client.session_dir / LOG_FILE if client.session_dir else None
    if log is not None and log.exists():
        evidence.files.append(Path(shutil.copyfile(log, folder / LOG_FILE)))
        evidence.sections.append(("engine log (tail)", log_tail(log, REPORT_LOG_LINES)))
    # A headless Godot game has no picture to take: asking would only log a refusal.
    can_draw = client.render or client.info.get("engine") != "godot"
    if alive and screenshot and can_draw and client.connection.has_command("screenshot"):
        with contextlib.suppress(AgentBridgeError):  # headless: no image to take
            evidence.files.append(
                save_screenshot(client, folder / "screenshot.png", timeout=PROBE_TIMEOUT * 3)
            )
    return evidence


def describe_time(client: AgentClient) -> str:
    """How the game's time ran, with the seed to run it again the same way."""
    time = client.connection.time_info or {}
    if not time:
        return f"frame {client.last_frame} (the bridge did not say how its time runs)"
    return (
        f"{time.get('mode', '?')} at {time.get('fps', '?')} frames a second, seed "
        f"{time.get('seed', '?')} (--agent-seed {time.get('seed', 0)} runs it the same way), "
        f"failed at frame {client.last_frame}"
    )


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path
