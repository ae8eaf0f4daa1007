"""The MCP tools' error answers, without a game: each error becomes its code, its sentence and
the next step an agent should take."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_client.mcp.tools import NEXT_STEP, Play, explain
from agent_client.presentation.errors import UsageError
from agent_client.wire.errors import SessionError, StaleRefError


def test_a_front_end_s_usage_error_keeps_its_code_and_next_step() -> None:
    code, text = explain(UsageError("NO_SESSION", "No game is running."))
    assert code == "NO_SESSION"
    assert text == "NO_SESSION: No game is running.\nNext: " + NEXT_STEP["NO_SESSION"]


def test_a_bridge_error_keeps_its_code_and_anything_else_is_internal() -> None:
    assert explain(StaleRefError("e9 is gone."))[0] == "STALE_REF"
    assert explain(RuntimeError("boom")) == (
        "INTERNAL",
        "INTERNAL: boom\nNext: " + NEXT_STEP["INTERNAL"],
    )


def test_attaching_to_no_session_answers_no_session_with_its_next_step() -> None:
    with pytest.raises(SessionError) as caught:
        Play().attach({"session": "no-such-session-here"})
    code, text = explain(caught.value)
    assert code == "NO_SESSION" and "No running session 'no-such-session-here'" in text
    assert text.endswith("Next: " + NEXT_STEP["NO_SESSION"])


def test_launch_options_that_do_not_go_together_are_invalid_args(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as caught:
        Play().launch({"project": str(tmp_path), "user_data": str(tmp_path), "own_user_data": True})
    code, text = explain(caught.value)
    assert code == "INVALID_ARGS" and "not both" in text
