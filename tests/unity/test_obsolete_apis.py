"""The CI check of issue 16: no API Unity marked obsolete (as an error or about to be) in a
supported version, outside its version-guarded fallback."""

from __future__ import annotations

from tests.unity.layout import PACKAGE
from tests.unity.obsolete_apis import scan, scan_package


def test_the_package_uses_no_obsolete_unity_api() -> None:
    hits = scan_package(PACKAGE)
    assert not hits, "obsolete or risky Unity APIs:\n" + "\n".join(hits)


def test_the_scan_finds_a_use() -> None:
    hits = scan("var all = Object.FindObjectsOfType<Animator>();\nint id = go.GetInstanceID();\n")
    assert [(line, text) for line, text, _ in hits] == [(1, "FindObjectsOfType"),
                                                        (2, "GetInstanceID(")]


def test_the_fallback_for_older_versions_is_allowed_and_only_it() -> None:
    code = """
#if AGENT_BRIDGE_FIND_BY_TYPE
    return Object.FindObjectsByType<T>(FindObjectsSortMode.None);
#else
    return Object.FindObjectsOfType<T>();
#endif
#if !AGENT_BRIDGE_ENTITY_ID
    int id = target.GetInstanceID();
#endif
#if AGENT_BRIDGE_ENTITY_ID
    int wrong = target.GetInstanceID();
#endif
"""
    assert [line for line, _, _ in scan(code)] == [11]


def test_comments_and_strings_are_not_code() -> None:
    code = ('// FindObjectsOfType is obsolete\n/* GetInstanceID() */\n'
            'Log("GetInstanceID() is gone");\n')
    assert scan(code) == []


def test_wait_for_end_of_frame_only_in_the_player_capture() -> None:
    code = "yield return new WaitForEndOfFrame();\n"
    assert scan(code, "ScreenCaptureService.cs") == []
    assert len(scan(code, "WaitCommand.cs")) == 1
