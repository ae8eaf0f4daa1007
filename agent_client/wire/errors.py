"""Every error the client raises. One class per protocol error code, all under one root.

AgentBridgeError                    anything this package raises
├── BridgeError                     the bridge answered ok=false (.code, .response)
│   ├── ParseError                  PARSE_ERROR
│   ├── InvalidRequestError         INVALID_REQUEST
│   ├── UnknownCommandError         UNKNOWN_COMMAND
│   ├── InvalidArgsError            INVALID_ARGS
│   ├── NotFoundError               NOT_FOUND
│   ├── StaleRefError               STALE_REF
│   ├── NotInteractableError        NOT_INTERACTABLE
│   ├── CommandTimeoutError         TIMEOUT (also a builtin TimeoutError)
│   ├── UnsupportedError            UNSUPPORTED
│   ├── InternalBridgeError         INTERNAL
│   ├── RequestCancelledError       CANCELLED
│   └── ProtocolError               an error answer without the request's id (the bridge
│                                   could not read the line the client sent), or an answer
│                                   the client cannot read (BAD_RESPONSE)
├── LaunchError                     the game could not be started or never got ready
│   └── EngineNotFoundError         no engine binary to start
├── GameExitedError                 the game process ended: crashed or quit (.exit_code,
│                                   .log_tail)
├── ReplayFileError                 a replay file that cannot be played: missing, malformed,
│                                   truncated, of another project, version or format
├── ReplayDivergedError             a replay parted from its recording, or its game logged
│                                   errors (also an AssertionError: a failed replay test)
├── ResponseTimeoutError            no answer in time: the game hangs (also a TimeoutError)
├── StrictModeError                 a locator action matched several nodes (.matches)
├── SelectorError                   a selector that does not parse (also a ValueError)
├── WaitTimeoutError                a client-side wait ran out: an action's target never
│                                   became actionable, an event never came (also a TimeoutError)
└── CodedError                      an error of the client's own, named by a code (.code)
    ├── SessionError                no session, or several that could be meant (NO_SESSION,
    │                               AMBIGUOUS_SESSION)
    ├── ResultsError                a results blob, durations file, shard or report folder
    │                               that cannot be used (BAD_BLOB, BAD_SHARD, ...)
    ├── CoverageError               coverage that cannot be counted or merged (MISSING: no
    │                               GDScript parser; NO_COVERAGE; COVERAGE_MISMATCH)
    └── UsageError                  a front end cannot do what was asked: bad arguments, a
                                    missing extra (agent_client.presentation.errors)

Elsewhere, each beside what raises it: TraceError (a file that is no trace), PngError (a file
that is no PNG this client reads), InstallError and ReleaseError (installing Godot).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "AgentBridgeError",
    "BridgeError",
    "CodedError",
    "CommandTimeoutError",
    "CoverageError",
    "ERROR_CLASSES",
    "EngineNotFoundError",
    "GameExitedError",
    "InternalBridgeError",
    "InvalidArgsError",
    "InvalidRequestError",
    "LaunchError",
    "NotFoundError",
    "NotInteractableError",
    "ParseError",
    "ProtocolError",
    "ReplayDivergedError",
    "ReplayFileError",
    "RequestCancelledError",
    "ResponseTimeoutError",
    "ResultsError",
    "SelectorError",
    "SessionError",
    "StaleRefError",
    "StrictModeError",
    "UnknownCommandError",
    "UnsupportedError",
    "WaitTimeoutError",
    "error_from_response",
]


class AgentBridgeError(Exception):
    """Base class of every error raised by agent_client."""


class BridgeError(AgentBridgeError):
    """The bridge answered a request with ``ok: false``."""

    code = "ERROR"

    def __init__(
        self, message: str, *, code: str | None = None, response: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.response = response or {}

    def __str__(self) -> str:
        return f"{self.code}: {self.args[0]}"


class ParseError(BridgeError):
    """The bridge could not parse a request line as JSON."""

    code = "PARSE_ERROR"


class InvalidRequestError(BridgeError):
    """The line was JSON but not a request (no cmd, bad id, args not an object)."""

    code = "INVALID_REQUEST"


class UnknownCommandError(BridgeError):
    """No command of that name; the message lists close names."""

    code = "UNKNOWN_COMMAND"


class InvalidArgsError(BridgeError):
    """A missing, unknown or wrongly typed argument, or a value that does not convert."""

    code = "INVALID_ARGS"


class NotFoundError(BridgeError):
    """No node at that path, or no such scene, level or item."""

    code = "NOT_FOUND"


class StaleRefError(BridgeError):
    """A ref from an older snapshot, or whose node is gone."""

    code = "STALE_REF"


class NotInteractableError(BridgeError):
    """The target is disabled, hidden, read-only or covered."""

    code = "NOT_INTERACTABLE"


class CommandTimeoutError(BridgeError, TimeoutError):
    """A wait (or an action that settles) ran past its timeout inside the game."""

    code = "TIMEOUT"


class UnsupportedError(BridgeError):
    """The command exists but cannot work in this run (e.g. screenshots when headless)."""

    code = "UNSUPPORTED"


class InternalBridgeError(BridgeError):
    """A bug in the bridge, or a script error in the game's command handler."""

    code = "INTERNAL"


class RequestCancelledError(BridgeError):
    """A ``cancel`` request stopped this request while it was still running."""

    code = "CANCELLED"


class ProtocolError(BridgeError):
    """An error answer carrying no request id, received while a request waited: the bridge
    could not read the line that was sent (``.code`` is the answer's code). Or a response line
    that is not a JSON object, the request's own or one whose id cannot be read (``.code`` is
    ``BAD_RESPONSE``; the message names the line's first bytes): raised at once, never waited
    out as a hang."""


class LaunchError(AgentBridgeError):
    """The game could not be started, or its bridge never reported ready."""


class EngineNotFoundError(LaunchError):
    """No engine binary was given or found."""


class GameExitedError(AgentBridgeError):
    """The game process ended while the client needed it."""

    def __init__(self, message: str, *, exit_code: int | None, log_tail: str) -> None:
        super().__init__(f"{message}\n--- engine log (tail) ---\n{log_tail}".rstrip())
        self.exit_code = exit_code
        self.log_tail = log_tail


class ReplayFileError(AgentBridgeError):
    """A replay file that cannot be played (docs/REPLAY.md): missing, not JSON lines, cut
    short, from another project, or of a format or engine this client cannot replay."""


class ReplayDivergedError(AgentBridgeError, AssertionError):
    """A replay did not reach the recorded state (the first difference is named), or its game
    logged engine errors. An AssertionError, so a replay in a test fails it."""


class ResponseTimeoutError(AgentBridgeError, TimeoutError):
    """No response arrived in time: the game is hung or too busy."""


class StrictModeError(AgentBridgeError):
    """An action or single-node query on a locator that matches more than one node
    (``.matches``: their paths; ``.described``: one readable line each, all of them)."""

    def __init__(
        self,
        message: str,
        *,
        matches: list[str] | None = None,
        described: list[str] | None = None,
    ) -> None:
        super().__init__(message)
        self.matches = matches or []
        self.described = described or []


class SelectorError(AgentBridgeError, ValueError):
    """A selector that does not parse; the message points at the position. Also a ValueError,
    as it was before it joined this tree."""


class WaitTimeoutError(AgentBridgeError, TimeoutError):
    """A wait on the client side ran out of time: an action's target never became actionable,
    or an awaited event or state never came. The message holds the call log."""


class CodedError(AgentBridgeError):
    """An error of the client's own, named by a code as the bridge's errors are (``.code``:
    ``NO_SESSION``, ``BAD_BLOB``, ...), which the command line and the MCP server print."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class SessionError(CodedError):
    """No session to drive: none runs (``NO_SESSION``), or several could be meant and none was
    named (``AMBIGUOUS_SESSION``, listing them)."""


class CoverageError(CodedError):
    """Coverage that cannot be counted or merged: the GDScript parser missing (``MISSING``),
    a game launched without it (``NO_COVERAGE``), two runs of different versions of a script
    (``COVERAGE_MISMATCH``)."""


class ResultsError(CodedError):
    """A test run's result files cannot be used: a results blob (``BAD_BLOB``), a durations
    file (``BAD_DURATIONS``), a shard (``BAD_SHARD``) or a report folder (``BAD_OUTPUT``)."""


ERROR_CLASSES: dict[str, type[BridgeError]] = {
    cls.code: cls
    for cls in (
        ParseError,
        InvalidRequestError,
        UnknownCommandError,
        InvalidArgsError,
        NotFoundError,
        StaleRefError,
        NotInteractableError,
        CommandTimeoutError,
        UnsupportedError,
        InternalBridgeError,
        RequestCancelledError,
    )
}


def error_from_response(response: dict[str, Any]) -> BridgeError:
    """The exception for a failure response; an unknown code gives a plain BridgeError."""
    code = str(response.get("code", "ERROR"))
    message = str(response.get("error", "the bridge gave no reason"))
    cls = ERROR_CLASSES.get(code, BridgeError)
    return cls(message, code=code, response=response)
