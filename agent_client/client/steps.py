"""Trace steps for locator actions, waits and expectations (docs/TRACE.md).

A method decorated with :func:`traced` is one step of the trace while one records: the calls it
makes are recorded under it, with its name as the test wrote it
(``expect(get_by_text('Game Over')).to_be_visible()``), its arguments, how long it took and
whether it passed. Without a trace it costs one attribute test.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from agent_client.connection.connection import Connection
from agent_client.model.matching import describe

P = ParamSpec("P")
R = TypeVar("R")
# Arguments longer than this are cut in a step's name (the record keeps them whole).
SHOWN_CHARS = 60


class Traced(Protocol):
    """What a class with traced methods tells :func:`traced`."""

    def _step_subject(self) -> tuple[Connection | None, str]:
        """The connection whose trace records the step (None: no step, for a call made by
        another traced method), and what goes before the method's name in the step's name
        (``expect(get_by_text('Score'))``; empty: nothing)."""
        ...


S = TypeVar("S", bound=Traced)


def traced(kind: str) -> Callable[[Callable[Concatenate[S, P], R]], Callable[Concatenate[S, P], R]]:
    """Make a method one trace step of ``kind`` (``action``, ``expect``, ``wait``, ``read``)."""

    def decorate(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
        signature = inspect.signature(method)

        @functools.wraps(method)
        def run(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
            __tracebackhide__ = True  # pytest: a failure's report starts at the test's line
            connection, subject = self._step_subject()
            if connection is None or connection.recorder is None:
                return method(self, *args, **kwargs)
            name = f"{subject}.{method.__name__}" if subject else method.__name__
            with connection.trace_step(
                f"{name}({call_text(args, kwargs)})",
                kind=kind,
                args=arguments(signature, self, args, kwargs),
            ):
                return method(self, *args, **kwargs)

        return run

    return decorate


def shown(value: Any) -> str:
    """A value as a test would write it: a string quoted, a pattern as ``re.compile(...)``,
    a locator as its description, a function by its name."""
    if isinstance(value, (str, re.Pattern)):
        text = describe(value)
    elif callable(value):
        text = getattr(value, "__name__", "function")
    elif vars(type(value)).get("__str__") is not None:
        text = str(value)  # a locator: its description
    else:
        text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "\N{HORIZONTAL ELLIPSIS}"


def call_text(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """The arguments as the call was written: ``'Ada', submit=True``."""
    return ", ".join(
        [shown(value) for value in args]
        + [f"{key}={shown(value)}" for key, value in kwargs.items()]
    )


def arguments(
    signature: inspect.Signature, owner: object, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> dict[str, Any]:
    """The arguments the call passed, by parameter name, as JSON values."""
    try:
        bound = signature.bind_partial(owner, *args, **kwargs).arguments
    except TypeError:  # the call itself is wrong: it raises the same error next
        return {}
    return {key: _json_value(value) for key, value in list(bound.items())[1:]}


def _json_value(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_json_value(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _json_value(item) for key, item in value.items()}
    return shown(value)
