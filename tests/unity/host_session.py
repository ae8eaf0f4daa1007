"""Drives AgentBridgeHost.exe through the session files directly, without agent_client: the
checks here depend only on docs/PROTOCOL.md, so the host is verified independently of the
client."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

READY_TIMEOUT = 20.0
RESPONSE_TIMEOUT = 10.0
POLL_S = 0.002


class HostSession:
    """One running host on one session directory."""

    def __init__(self, exe: Path, directory: Path, *extra_args: str) -> None:
        self.directory = directory
        self.cmd = directory / "cmd.jsonl"
        self.resp = directory / "resp.jsonl"
        self.ready = directory / "bridge.json"
        self.log = directory / "engine.log"
        self._argv = ["mono", str(exe), *extra_args, "--agent-mode", f"--agent-dir={directory}"]
        self._offset = 0
        self._next_id = 1
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> dict[str, Any]:
        """Starts the host and returns bridge.json once it appears."""
        self.directory.mkdir(parents=True, exist_ok=True)
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(self._argv, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + READY_TIMEOUT
        while not self.ready.exists():
            if self.process.poll() is not None:
                raise RuntimeError(f"the host exited ({self.process.returncode}):\n"
                                   f"{self.log.read_text()}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"no bridge.json after {READY_TIMEOUT} s:\n"
                                   f"{self.log.read_text()}")
            time.sleep(0.01)
        return json.loads(self.ready.read_text())

    def append(self, data: bytes) -> None:
        with open(self.cmd, "ab") as stream:
            stream.write(data)

    def responses(self, count: int, timeout: float = RESPONSE_TIMEOUT) -> list[dict[str, Any]]:
        """The next ``count`` response lines, waiting for them."""
        deadline = time.monotonic() + timeout
        lines: list[dict[str, Any]] = []
        while len(lines) < count:
            data = self.resp.read_bytes()[self._offset:]
            end = data.rfind(b"\n")
            if end >= 0:
                self._offset += end + 1
                lines.extend(json.loads(line) for line in data[:end].split(b"\n") if line.strip())
                continue
            if time.monotonic() > deadline:
                raise TimeoutError(f"{len(lines)} of {count} responses after {timeout} s")
            time.sleep(POLL_S)
        return lines

    def request(self, cmd: str, **args: Any) -> dict[str, Any]:
        """Sends one request and returns its whole response."""
        request_id = self._next_id
        self._next_id += 1
        self.append(json.dumps({"id": request_id, "cmd": cmd, "args": args}).encode() + b"\n")
        response = self.responses(1)[0]
        assert response["id"] == request_id, response
        return response

    def wait_exit(self, timeout: float = 10.0) -> int:
        assert self.process is not None
        return self.process.wait(timeout)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
