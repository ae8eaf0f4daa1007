"""Screenshots through the bridge's ``screenshot`` command, copied to where the caller wants."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent_client.wire.protocol import ARTIFACTS_DIR

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient


def save_screenshot(
    client: AgentClient,
    dest: Path,
    *,
    annotate: bool = False,
    target: dict[str, str] | None = None,
    timeout: float | None = None,
) -> Path:
    """Capture the viewport (or one node: ``target={"path": ...}`` or ``{"ref": ...}``) as a
    PNG at ``dest``. The bridge writes into the session's artifacts folder; this copies it.

    Raises:
        UnsupportedError: the game does not render (``--headless``).
        UnknownCommandError: the bridge has no ``screenshot`` command.
    """
    args: dict[str, Any] = dict(target or {})
    if annotate:
        args["annotate"] = True
    data = client.request("screenshot", args, timeout=timeout)
    made = Path(str(data.get("path", "")))
    if not made.is_absolute() and client.session_dir is not None:
        made = client.session_dir / ARTIFACTS_DIR / made
    dest.parent.mkdir(parents=True, exist_ok=True)
    if made.resolve() != dest.resolve():
        shutil.copyfile(made, dest)
    return dest
