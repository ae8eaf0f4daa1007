"""How locators and expectations compare text: whitespace-normalized, substring and
case-insensitive by default, exact on request, or a regular expression."""

from __future__ import annotations

import re
from typing import Union

TextPattern = Union[str, "re.Pattern[str]"]


def normalize(text: str) -> str:
    """Runs of whitespace (newlines included) become one space; ends are trimmed."""
    return " ".join(text.split())


def text_matches(actual: object, expected: TextPattern, *, exact: bool = False) -> bool:
    """Whether ``actual`` (a node's text) matches ``expected``.

    A pattern is searched in the raw text. A string matches a case-insensitive substring of the
    normalized text, or, with ``exact``, the whole normalized text with its case.
    """
    if not isinstance(actual, str):
        return False
    if isinstance(expected, re.Pattern):
        return expected.search(actual) is not None
    if exact:
        return normalize(actual) == normalize(expected)
    return normalize(expected).lower() in normalize(actual).lower()


def describe(expected: TextPattern) -> str:
    """A pattern or string as Python source, for messages."""
    if isinstance(expected, re.Pattern):
        return f"re.compile({expected.pattern!r})"
    return repr(expected)
