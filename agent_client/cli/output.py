"""How the command line talks: results on stdout, one ``error CODE: sentence`` line on stderr."""

from __future__ import annotations

import sys
from typing import Any

import orjson

# Codes for failures that are not bridge answers.
CLIENT_CODES = {
    "GameExitedError": "GAME_EXITED",
    "LaunchError": "LAUNCH_FAILED",
    "EngineNotFoundError": "ENGINE_NOT_FOUND",
    "ResponseTimeoutError": "NO_ANSWER",
    "WaitTimeoutError": "TIMEOUT",
    "StrictModeError": "AMBIGUOUS",
    "SelectorError": "BAD_SELECTOR",
}


def error_lines(error: BaseException) -> list[str]:
    """``error NOT_FOUND: No node at /root/X.``: the code and the first line of the message;
    for a target that matched several nodes, every match on a line of its own after it."""
    code = getattr(error, "code", None) or CLIENT_CODES.get(type(error).__name__, "ERROR")
    message = error.args[0] if error.args else str(error)
    first = str(message).strip().splitlines()[0] if str(message).strip() else type(error).__name__
    matches = getattr(error, "described", None) or []
    return [
        f"error {code}: {first}",
        *(f"  {number}) {line}" for number, line in enumerate(matches, 1)),
    ]


def show_json(value: Any) -> None:
    sys.stdout.write(orjson.dumps(value, option=orjson.OPT_INDENT_2).decode() + "\n")


def show(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
