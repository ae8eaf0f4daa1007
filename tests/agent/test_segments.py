"""A long session with the real bridge: responses pass the 16 MiB segment size and the client
follows the bridge into the next response file without missing an answer or an event."""

from __future__ import annotations

from agent_client import AgentClient
from agent_client.transport import segments


def test_answers_go_on_in_the_next_response_segment(lab: AgentClient) -> None:
    lab.command("grow", count=10_000)  # a tree of about 2 MiB a get_tree
    assert lab.session_dir is not None
    for _ in range(40):
        assert lab.send("get_tree", {"root": "/root/Lab/UI"})["ok"] is True
        if segments.latest_segment(lab.session_dir, "resp") > 0:
            break
    else:
        raise AssertionError("the bridge never started a second response segment")
    lab.call_method("/root/Lab", "set_count", 7)
    assert lab.wait_for_event("value_changed")["args"] == [0, 7]
    assert lab.get_property("/root/Lab", "count") == 7
    assert lab.connection.transport.position >> segments.OFFSET_BITS == 1  # type: ignore[attr-defined]
