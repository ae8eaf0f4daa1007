"""Errors as the front ends show them: a code (the bridge's, or one of the client's own) and a
sentence; and ``UsageError``, the error of a front end that cannot do what it was asked."""

from __future__ import annotations

from agent_client.wire.errors import CodedError

# Codes for the client's failures that carry none (a bridge's error, a CodedError, has one).
CLIENT_CODES = {
    "GameExitedError": "GAME_EXITED",
    "LaunchError": "LAUNCH_FAILED",
    "EngineNotFoundError": "ENGINE_NOT_FOUND",
    "ResponseTimeoutError": "NO_ANSWER",
    "WaitTimeoutError": "TIMEOUT",
    "StrictModeError": "AMBIGUOUS",
    "SelectorError": "BAD_SELECTOR",
}


class UsageError(CodedError):
    """A front end (the command line, the MCP server) cannot do what it was asked: bad
    arguments (``BAD_ARGS``), a missing extra (``MISSING``), ... ``code`` names the case."""


def error_code(error: BaseException, default: str = "ERROR") -> str:
    """The code a front end shows for ``error``: its own ``code``, else its class's."""
    code = getattr(error, "code", None)
    if isinstance(code, str) and code:
        return code
    return CLIENT_CODES.get(type(error).__name__, default)


def sentence(error: BaseException) -> str:
    """The error's message without the code a bridge error's ``str`` starts with."""
    return str(error.args[0]) if error.args else str(error)
