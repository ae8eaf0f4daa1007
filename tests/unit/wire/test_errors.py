"""Every wire error code maps to exactly one exception class."""

from __future__ import annotations

import pytest

import agent_client
from agent_client.wire import errors
from agent_client.wire.protocol import ERROR_CODES


@pytest.mark.parametrize("code", ERROR_CODES)
def test_every_protocol_code_has_its_own_class(code: str) -> None:
    cls = errors.ERROR_CLASSES[code]
    assert cls.code == code
    raised = errors.error_from_response({"ok": False, "code": code, "error": "why"})
    assert type(raised) is cls
    assert str(raised) == f"{code}: why"


def test_no_class_serves_two_codes() -> None:
    assert len(set(errors.ERROR_CLASSES.values())) == len(ERROR_CODES)
    assert set(errors.ERROR_CLASSES) == set(ERROR_CODES)


def test_an_unknown_code_still_raises_a_bridge_error() -> None:
    raised = errors.error_from_response({"ok": False, "code": "NEW_CODE", "error": "x"})
    assert type(raised) is errors.BridgeError and raised.code == "NEW_CODE"


def test_timeouts_are_builtin_timeouts_without_shadowing_them() -> None:
    assert issubclass(errors.CommandTimeoutError, TimeoutError)
    assert issubclass(errors.ResponseTimeoutError, TimeoutError)
    assert "TimeoutError" not in errors.__all__


@pytest.mark.parametrize("module", [agent_client, errors], ids=["agent_client", "errors"])
def test_public_names_are_sorted_and_exist(module: object) -> None:
    names = module.__all__
    assert names == sorted(names)
    for name in names:
        assert hasattr(module, name), name


# Exceptions that never leave the module that raises them: the retry loop's control flow.
INTERNAL = {"agent_client.connection.waiting.NotYet", "agent_client.connection.waiting.Expired"}


def test_every_exception_of_the_package_is_an_agent_bridge_error() -> None:
    import importlib
    import inspect
    import pkgutil

    outside = []
    for info in pkgutil.walk_packages(agent_client.__path__, "agent_client."):
        if info.name.endswith("__main__"):
            continue  # it runs the command line
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if not (inspect.isclass(value) and issubclass(value, BaseException)):
                continue
            if value.__module__ != info.name or name.startswith("_"):
                continue
            if issubclass(value, Warning) or f"{info.name}.{name}" in INTERNAL:
                continue
            if not issubclass(value, errors.AgentBridgeError):
                outside.append(f"{info.name}.{name}")
    assert outside == []


def test_the_drawn_tree_names_every_error_class() -> None:
    drawn = set(errors.__doc__.split())  # type: ignore[union-attr]
    classes = {name for name in errors.__all__ if name.endswith("Error")}
    assert classes - drawn == set()
    assert issubclass(errors.SelectorError, ValueError)
