"""How the command line talks: results on stdout, one ``error CODE: sentence`` line on stderr."""

from __future__ import annotations

import sys
from typing import Any

import orjson

from agent_client.presentation.errors import error_code, sentence


def error_lines(error: BaseException) -> list[str]:
    """``error NOT_FOUND: No node at /root/X.``: the code and the first line of the message;
    for a target that matched several nodes, every match on a line of its own after it."""
    message = sentence(error).strip()
    first = message.splitlines()[0] if message else type(error).__name__
    matches = getattr(error, "described", None) or []
    return [
        f"error {error_code(error)}: {first}",
        *(f"  {number}) {line}" for number, line in enumerate(matches, 1)),
    ]


def show_json(value: Any) -> None:
    sys.stdout.write(orjson.dumps(value, option=orjson.OPT_INDENT_2).decode() + "\n")


def show(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
