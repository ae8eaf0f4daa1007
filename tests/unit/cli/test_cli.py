"""The ``agent-bridge`` command line in this process, against the fake bridge serving a session
folder: argument parsing, targets, output, errors and events between invocations. (Starting
and stopping real games is in tests/cli.)"""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import orjson
import pytest

from agent_client.cli import main
from tests.fake import FakeBridge, GarblingTransport, SessionServer

CONFORMANCE = "/root/Conformance"


@dataclass
class Run:
    code: int
    out: str
    err: str


class Cli:
    """Runs ``agent-bridge ARGS --session FOLDER`` in this process."""

    def __init__(self, capsys: pytest.CaptureFixture[str], folder: Path) -> None:
        self.capsys = capsys
        self.folder = folder

    def run(self, *args: str) -> Run:
        self.capsys.readouterr()
        try:
            code = main(["--session", str(self.folder), *args])
        except SystemExit as exit_:
            code = int(exit_.code or 0)
        out, err = self.capsys.readouterr()
        return Run(code, out, err)

    def __call__(self, *args: str) -> str:
        done = self.run(*args)
        assert done.code == 0, done.err
        return done.out

    def fails(self, *args: str) -> str:
        """The one error line of a failing invocation."""
        done = self.run(*args)
        assert done.code == 1, done.out
        lines = done.err.splitlines()
        assert len(lines) == 1, done.err
        return lines[0]


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Cli]:
    monkeypatch.setenv("AGENT_BRIDGE_POLLING", "1")
    with SessionServer(FakeBridge(), tmp_path / "session") as server:
        yield Cli(capsys, server.folder)


def ref_of(snapshot: str, line_start: str) -> str:
    found = re.search(re.escape(line_start) + r".*ref=(e\d+)", snapshot)
    assert found, snapshot
    return "@" + found.group(1)


def test_snapshot_and_its_options(cli: Cli) -> None:
    full = cli("snapshot")
    assert full.startswith('- application "AgentBridge fixture"')
    assert '- button "Play" [ref=e' in full and "heading" in full
    interactive = cli("snapshot", "-i", "-c").splitlines()
    assert interactive and all("ref=e" in line for line in interactive)
    assert len(cli("snapshot", "-d", "1").splitlines()) == 2


def test_act_by_ref_then_wait_for_the_event_it_fired(cli: Cli) -> None:
    play = ref_of(cli("snapshot", "-i"), '- button "Play"')
    clicked = cli("click", play).splitlines()
    assert clicked[0] == f"ok click {CONFORMANCE}/PlayButton"
    assert any(line.startswith("event #") and " played " in line for line in clicked)
    # The event came with the click's answer, in another invocation: wait still sees it, once.
    assert " played /root/Conformance [1]" in cli("wait", "--event", "played")
    assert cli("get", "events").strip() == "(no new events)"
    error = cli.fails("wait", "--event", "played", "--timeout", "0.3")
    assert error.startswith("error TIMEOUT: No 'played' event within 0.3 s")


def test_get_events_reports_each_event_once_across_invocations(cli: Cli) -> None:
    cli("press", f"{CONFORMANCE}/PlayButton")
    cli("press", f"{CONFORMANCE}/ToggleButton")
    first = cli("get", "events").splitlines()
    assert [line.split()[3] for line in first] == ["pressed", "played", "toggled", "pressed"]
    assert cli("get", "events").strip() == "(no new events)"
    cli("press", f"{CONFORMANCE}/PlayButton")
    assert " played /root/Conformance [2]" in cli("wait", "--event", "played")
    # wait --event moved the cursor past the 'pressed' before it: nothing is left to report
    assert cli("get", "events").strip() == "(no new events)"


def test_fill_press_and_get_with_paths_refs_and_selectors(cli: Cli) -> None:
    assert cli("fill", "#NameEdit", "Bob").startswith(f"ok fill {CONFORMANCE}/NameEdit")
    name = ref_of(cli("snapshot", "-i"), '- textbox "Your name"')
    assert cli("get", "text", name) == "Bob\n"
    assert cli("press", f"{CONFORMANCE}/ToggleButton").startswith(
        f"ok press {CONFORMANCE}/ToggleButton toggled=true"
    )
    assert cli("get", "property", "HSlider", "value") == "50.0\n"
    node = orjson.loads(cli("get", "node", "Button[text=Play]"))
    assert node["node"]["path"] == f"{CONFORMANCE}/PlayButton"
    tree = cli("get", "tree", CONFORMANCE)
    assert '- button "Play" #PlayButton' in tree and "#HiddenButton [hidden]" in tree


def test_failures_are_one_line_and_a_nonzero_exit(cli: Cli) -> None:
    assert cli.fails("get", "text", "/root/X").startswith("error NOT_FOUND: No node at /root/X")
    assert cli.fails("click", "@e999").startswith("error STALE_REF: No snapshot gave out e999")
    assert cli.fails("call", "nope").startswith("error UNKNOWN_COMMAND:")
    assert cli.fails("call", "wait", "{bad").startswith("error BAD_ARGS:")
    assert cli.fails("call", "wait", "[1]").startswith("error BAD_ARGS:")
    assert cli.fails("press", "#Nope", "--timeout", "0.2").startswith("error TIMEOUT:")
    assert cli.fails("press", "Button[").startswith("error BAD_SELECTOR:")
    assert cli.fails("screenshot", "out.png").startswith("error UNSUPPORTED: Screenshots need")
    assert cli.fails("get", "property", "#PlayButton").startswith("error BAD_ARGS:")
    raw = cli.run("--json", "get", "text", "/root/X")
    assert raw.code == 1 and orjson.loads(raw.out)["code"] == "NOT_FOUND"
    assert cli.run("click").code == 2  # a usage error
    assert cli.run("wait").code == 2


def test_no_session_is_a_clear_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["--session", str(tmp_path / "none"), "snapshot"]) == 1
    assert capsys.readouterr().err.startswith("error NO_SESSION: No running session")


def test_json_prints_the_raw_response(cli: Cli) -> None:
    response = orjson.loads(cli("call", "hello", "--json"))
    assert response["ok"] is True and response["data"]["protocol"] == "agentbridge/1"
    assert re.fullmatch(r"\d+-1", response["id"])  # ids of one process cannot collide


def test_waits(cli: Cli) -> None:
    assert cli("wait", "--settled").startswith("ok after")
    assert cli("wait", "--frames", "3") == "ok after 3 frames\n"
    assert cli("wait", "--text", "Conformance") == f"ok {CONFORMANCE}/Title\n"
    assert cli("wait", "--node", "#PlayButton") == f"ok {CONFORMANCE}/PlayButton\n"
    assert cli.fails("wait", "--text", "Level 9", "--timeout", "0.3").startswith("error TIMEOUT:")


def test_drag_takes_points_and_targets(cli: Cli) -> None:
    assert cli("drag", "#Volume", "30,60").startswith("ok drag")
    assert cli.fails("drag", "#Volume", "@e99").startswith("error STALE_REF:")


def test_install_copies_the_addon_and_registers_the_autoload(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    project = tmp_path / "game"
    project.mkdir()
    (project / "project.godot").write_text(
        'config_version=5\n\n[application]\n\nconfig/name="Game"\n\n[autoload]\n\n'
        'Music="*res://music.gd"\n\n[display]\n\nwindow/size/viewport_width=640\n\n'
        '[editor_plugins]\n\nenabled=PackedStringArray("res://addons/dialogic/plugin.cfg")\n'
    )
    assert main(["install", str(project)]) == 0
    first = capsys.readouterr().out
    assert first.startswith(f"copied {project / 'addons' / 'agent_bridge'}")
    assert "autoload registered" in first
    script = project / "addons" / "agent_bridge" / "agent_bridge.gd"
    stamp = script.stat().st_mtime_ns
    assert main(["install", str(project)]) == 0
    again = capsys.readouterr().out
    assert again.startswith("kept") and "autoload already registered" in again
    assert script.stat().st_mtime_ns == stamp  # unchanged files are not written again
    text = (project / "project.godot").read_text()
    assert text.count("AgentBridge=") == 1
    assert (
        '[autoload]\n\nAgentBridge="*res://addons/agent_bridge/agent_bridge.gd"\n'
        'Music="*res://music.gd"\n' in text
    ), "the bridge is the first autoload: it runs before any of the game's code"
    moved = project / "project.godot"
    moved.write_text(
        text.replace('AgentBridge="*res://addons/agent_bridge/agent_bridge.gd"\n', "").replace(
            'Music="*res://music.gd"\n',
            'Music="*res://music.gd"\nAgentBridge="*res://addons/agent_bridge/agent_bridge.gd"\n',
        )
    )
    assert main(["install", str(project)]) == 0
    assert "autoload registered" in capsys.readouterr().out
    assert moved.read_text() == text, "an install that was not first is moved first"
    assert "[display]\n\nwindow/size/viewport_width=640\n" in text
    assert (
        'enabled=PackedStringArray("res://addons/dialogic/plugin.cfg", '
        '"res://addons/agent_bridge/plugin.cfg")' in text
    ), "the bridge's editor plugin (its export plugin) is enabled beside the game's own"
    stale = project / "addons" / "agent_bridge" / "old_file.gd"
    stale.write_text("# from an older version\n")
    assert main(["install", str(project)]) == 0
    assert capsys.readouterr().out.startswith("copied") and not stale.exists()
    assert main(["install", str(tmp_path)]) == 1
    assert capsys.readouterr().err.startswith("error NOT_FOUND:")


def test_an_ambiguous_target_lists_every_match_with_its_path(cli: Cli) -> None:
    done = cli.run("press", "Button")
    assert done.code == 1
    lines = done.err.splitlines()
    assert lines[0].startswith("error AMBIGUOUS: strict mode violation")
    assert lines[1:] == [
        f'  1) button "Play" #PlayButton  ({CONFORMANCE}/PlayButton)',
        f'  2) button "Disabled" #DisabledButton [disabled]  ({CONFORMANCE}/DisabledButton)',
        f'  3) button "Hidden" #HiddenButton [hidden]  ({CONFORMANCE}/HiddenButton)',
    ]


def test_a_bare_word_that_names_nodes_gets_a_hint_at_once(cli: Cli) -> None:
    started = time.monotonic()
    assert cli.fails("click", "PlayButton") == (
        "error NOT_FOUND: No node is of type 'PlayButton' (a bare word is a type): did you "
        "mean #PlayButton?"
    )
    assert cli.fails("click", "play") == (
        "error NOT_FOUND: No node is of type 'play' (a bare word is a type): did you mean "
        "#PlayButton?"
    )
    assert time.monotonic() - started < 5, "answered without waiting out the timeout"
    assert cli("press", "CheckBox").startswith(f"ok press {CONFORMANCE}/ToggleButton")
    assert cli.fails("press", "Nothing", "--timeout", "0.2").startswith("error TIMEOUT:")


def test_click_a_point_and_press_a_key(cli: Cli) -> None:
    clicked = cli("click", "70,115").splitlines()
    assert clicked[0] == "ok click"
    assert any(" played " in line for line in clicked)
    assert cli("key", "Enter").startswith("ok input key=Enter")
    assert cli("key", "S", "--modifiers", "ctrl,shift").startswith("ok input key=S")
    assert cli("key", "S", "--modifiers", "ctrl", "alt").startswith("ok input key=S")


def test_select_and_set_value(cli: Cli) -> None:
    cli("call", "change_scene", '{"path": "res://scenes/lab.tscn"}')
    chosen = cli("select", "#Choice", "Hard").splitlines()
    assert chosen[0] == 'ok select /root/Lab/UI/Choice selected=1 "Hard"'
    assert any(" item_selected /root/Lab/UI/Choice [1]" in line for line in chosen)
    assert cli("select", "#Levels", "2", "--index").startswith(
        'ok select /root/Lab/UI/Levels selected=2 "Level 3"'
    )
    missing = cli.fails("select", "#Choice", "Nightmare")
    assert missing == (
        'error NOT_FOUND: /root/Lab/UI/Choice has no option "Nightmare". Its options: '
        "'Easy', 'Hard'."
    )
    assert cli.fails("select", "#Choice", "x", "--index").startswith("error BAD_ARGS:")
    cli("call", "change_scene", '{"path": "res://scenes/conformance.tscn"}')
    assert cli("set-value", "#Volume", "75").startswith(
        f"ok set_value {CONFORMANCE}/Volume value=75.0"
    )
    assert "value=100.0 (clamped from 250)" in cli("set-value", "#Volume", "250")
    assert cli.fails("set-value", "#Volume", "loud").startswith("error BAD_ARGS:")
    assert cli.fails("set-value", "#Volume", "#ff0000").startswith("error INVALID_ARGS:")
    assert cli.fails("set-value", "#PlayButton", "3").startswith("error INVALID_ARGS:")


def test_start_refuses_a_project_without_the_addon_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    project = tmp_path / "game"
    project.mkdir()
    (project / "project.godot").write_text("config_version=5\n[application]\n")
    started = time.monotonic()
    assert main(["start", str(project), "--godot", str(tmp_path / "no-engine")]) == 1
    error = capsys.readouterr().err
    assert error.startswith("error LAUNCH_FAILED:")
    assert f"run `agent-bridge install {project}`" in error
    assert time.monotonic() - started < 5
    # --install puts the addon in first (then the missing engine is what stops it)
    assert main(["start", str(project), "--install", "--godot", str(tmp_path / "no-engine")]) == 1
    assert capsys.readouterr().err.startswith("error ENGINE_NOT_FOUND:")
    assert (project / "addons" / "agent_bridge" / "agent_bridge.gd").is_file()


class StartedGame:
    """What ``start`` sees of a game process it launched (the fake bridge plays the game)."""

    pid = 4242

    def __init__(self) -> None:
        self.stopped = False

    def exit_code(self) -> int | None:
        return 0 if self.stopped else None

    def stop(self) -> None:
        self.stopped = True


def test_start_fails_when_the_games_first_answer_cannot_be_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose answers hold a raw control character (a Godot 3 key code in its controls,
    before the bridge escaped them) is not reported started, to then answer every command
    NO_ANSWER: start reads the game's first answer, says why it cannot, and stops the game."""
    from agent_client import AgentClient
    from agent_client.connection.connection import Connection
    from agent_client.engine.sessions import read_index

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    game = StartedGame()

    def launch(project: Path, **options: object) -> AgentClient:
        garbling = GarblingTransport(FakeBridge(), lambda line: line.replace(b"true", b"\x05"))
        return AgentClient(Connection(garbling), process=game)  # type: ignore[arg-type]

    monkeypatch.setattr(AgentClient, "launch", launch)
    assert main(["start", str(tmp_path / "game"), "--session", "g3"]) == 1
    out, err = capsys.readouterr()
    assert "started" not in out
    assert err.startswith("error BAD_RESPONSE: The bridge's answer to request 1 cannot be read:")
    assert "\\x05" in err
    assert game.stopped
    assert "g3" not in read_index()["sessions"]


def test_snapshot_all_is_passed_on(cli: Cli) -> None:
    assert cli("snapshot", "--all") == cli("snapshot", "-a")
    assert cli("snapshot", "-a").startswith('- application "AgentBridge fixture"')


def test_stop_never_touches_what_it_did_not_start(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A planted or stale index entry names a process that is not the game (another start
    time) and a folder agent-bridge did not make: stop kills nothing and deletes nothing."""
    import subprocess
    import sys

    from agent_client.engine import paths, sessions

    monkeypatch.setattr(paths, "sessions_root", lambda: tmp_path / "root")
    bystander = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    keep = tmp_path / "precious"
    keep.mkdir()
    (keep / "work.txt").write_text("keep me")
    try:
        sessions.remember(
            "planted", {"pid": bystander.pid, "created": 1.0, "dir": str(keep), "project": "x"}
        )
        assert main(["stop", "--session", "planted"]) == 0
        assert bystander.poll() is None, "a process with another start time is not the game"
        assert (keep / "work.txt").read_text() == "keep me"
    finally:
        bystander.kill()
        bystander.wait()


@pytest.mark.skipif(not hasattr(__import__("os"), "getuid"), reason="POSIX owners")
def test_a_sessions_root_another_user_made_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    from agent_client.engine import paths

    root = tmp_path / "root"
    root.mkdir(mode=0o700)
    (root / "cli-sessions.json").write_text('{"current": "x", "sessions": {}}')
    monkeypatch.setattr(paths, "sessions_root", lambda: root)
    someone_else = os.getuid() + 1
    monkeypatch.setattr(paths.os, "getuid", lambda: someone_else)
    assert main(["sessions"]) != 0
    assert "not a folder of this user" in capsys.readouterr().err


def test_install_skills_writes_the_skill_and_one_agents_section(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    project = tmp_path / "game"
    project.mkdir()
    (project / "project.godot").write_text("config_version=5\n\n[application]\n")
    (project / "AGENTS.md").write_text("# House rules\n\nUse tabs.\n")
    for _ in range(2):
        assert main(["install", str(project), "--skills"]) == 0
    skill = (project / ".claude" / "skills" / "agent-bridge" / "SKILL.md").read_text()
    assert skill.startswith("---\nname: agent-bridge\ndescription: ")
    assert "agent-bridge snapshot -i -c" in skill and "STALE_REF" in skill
    agents = (project / "AGENTS.md").read_text()
    assert agents.startswith("# House rules\n\nUse tabs.\n")
    assert agents.count("<!-- agent-bridge: start -->") == 1, "written again, not twice"
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["snapshot", "-i"], "snapshot"),
        (["--session", "click", "snapshot"], "snapshot"),
        (["--timeout", "3", "click", "@e2"], "click"),
        (["--session=x", "get", "text", "@e1"], "get"),
        (["--json"], None),
        (["bogus", "click"], None),
    ],
)
def test_the_subcommand_is_found_past_option_values(argv: list[str], expected: str | None) -> None:
    from agent_client.cli.main import ON_GAME, SESSION_FREE
    from agent_client.cli.parser import named_command

    assert named_command(argv, [*SESSION_FREE, *ON_GAME]) == expected


@pytest.mark.parametrize(
    "argv",
    [
        ["--session", "s", "click", "@e2", "--double", "--settled"],
        ["snapshot", "-i", "-c", "--since", "4"],
        ["wait", "--event", "hit", "--timeout", "2"],
        ["step-until", "--node", "/root/A", "--absent"],
        ["trace", "stop", "--out", "t.zip"],
    ],
)
def test_a_parser_built_for_one_subcommand_reads_it_as_the_whole_grammar(argv: list[str]) -> None:
    from agent_client.cli.main import ON_GAME, SESSION_FREE
    from agent_client.cli.parser import build_parser, named_command

    only = named_command(argv, [*SESSION_FREE, *ON_GAME])
    assert only is not None
    assert build_parser(only).parse_args(argv) == build_parser().parse_args(argv)


def test_get_tree_json_keeps_only_the_fields_asked_for(cli: Cli) -> None:
    run = cli.run("get", "tree", "/root/Conformance", "--json", "--fields", "name,path")
    assert run.code == 0, run.err
    tree = orjson.loads(run.out)["data"]["tree"]
    assert set(tree) == {"name", "path", "children"}
    assert all(set(child) <= {"name", "path", "children"} for child in tree["children"])


def test_metrics_and_measure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AGENT_BRIDGE_POLLING", "1")
    bridge = FakeBridge()
    bridge.orphans = [
        {"id": 3, "name": "Spark", "type": "Node2D", "path": "Spark", "top": True},
        {"id": 4, "name": "Trail", "type": "ColorRect", "path": "Spark/Trail", "top": False},
    ]
    with SessionServer(bridge, tmp_path / "session") as server:
        cli = Cli(capsys, server.folder)
        lines = cli("metrics").splitlines()
        assert lines[0].startswith("nodes ") and "(orphan nodes 2)" in lines[0]
        assert lines[1] == "static memory 19.1 MiB (peak 23.8 MiB)" and len(lines) == 3
        listed = cli("metrics", "--orphans").splitlines()
        assert listed[3:] == [
            "orphans:",
            "Spark (Node2D) and 1 node below it: Spark/Trail (ColorRect)",
        ]
        assert orjson.loads(cli("--json", "metrics"))["data"]["orphan_nodes"] == 2
        measured = cli("measure", "30").splitlines()
        assert measured[0] == "30 frames"
        assert measured[1] == "frame   ms p50 1.25, p95 1.25, max 1.25"
        assert cli.run("measure", "0").err.startswith("error BAD_ARGS: Measure at least one")


def test_actions_lists_the_controls_then_what_can_be_done(cli: Cli) -> None:
    listed = cli("actions").splitlines()
    assert listed[:3] == ["controls:", "  jump: Space, pad A", "  move_left: A, left stick left"]
    assert f'press "Play" {CONFORMANCE}/PlayButton' in listed
    assert listed[-1].startswith("commands: ") and "nearby" in listed[-1]


def test_input_actions_and_gamepads(cli: Cli) -> None:
    assert cli("input", "--action", "jump").startswith("ok input action jump (plays jump)")
    assert cli("input", "--action", "move_left", "--pressed", "--strength", "0.5").startswith(
        "ok input"
    )
    assert cli("gamepad", "--joy-button", "a").startswith("ok input joy_button 0 (plays jump)")
    assert cli("gamepad", "--joy-axis", "0", "--value=-1", "--no-pressed").startswith(
        "ok input joy_axis 0 (plays move_left)"
    )
    assert cli.fails("input", "--action", "fly").startswith(
        "error NOT_FOUND: No input action 'fly'"
    )
    assert cli.fails("gamepad", "--joy-button", "z").startswith("error INVALID_ARGS: Unknown joy")
    assert cli.fails("gamepad", "--joy-button", "a", "--device", "99").startswith(
        "error INVALID_ARGS:"
    )
    assert cli.run("gamepad").code == 2  # a button or an axis
    assert cli.run("gamepad", "--joy-button", "a", "--joy-axis", "left_x").code == 2
    assert cli.run("action", "jump", "--hold", "--release").code == 2


def test_old_spellings_still_work_with_one_line_saying_the_new_one(cli: Cli) -> None:
    """Each old subcommand or option does what it did, and says on stderr what to write."""
    cases = [
        (("action", "jump"), "agent-bridge action is now agent-bridge input --action NAME"),
        (("actions",), "agent-bridge actions is now agent-bridge list-actions"),
        (("snapshot", "--depth", "1"), "--depth is now --max-depth"),
        (("get", "tree", "--depth", "1"), "--depth is now --max-depth"),
        (("gamepad", "--button", "a"), "--button is now --joy-button"),
        (("gamepad", "--axis", "0", "--release"), "--axis is now --joy-axis"),
        (("press", "#PlayButton", "--settle"), "--settle is now --settled"),
    ]
    for argv, said in cases:
        done = cli.run(*argv)
        assert done.code == 0, done.err
        assert said in done.err.splitlines()[0], argv
        assert done.err.splitlines()[0].startswith("deprecated: ")
    assert len(cli("snapshot", "--depth", "1").splitlines()) == 2  # as -d 1 does
    released = cli.run("gamepad", "--axis", "0", "--release")
    assert "deprecated: --release is now --no-pressed" in released.err
    assert released.out.startswith("ok input joy_axis 0")


def test_nearby_and_raycast(cli: Cli) -> None:
    cli("call", "change_scene", '{"path": "res://scenes/lab.tscn"}')
    near = cli("nearby", "/root/Lab/Mover").splitlines()
    assert near[0] == "1 near 100,100"
    assert re.fullmatch(
        r'  generic "Coin" @e\d+  60 away toward 1,0  at=160,100  pos=160,100', near[1]
    )
    assert cli("nearby", "130,160", "--radius", "10") == "0 near 130,160\n"
    assert cli("nearby", "--point=-40,100", "--limit", "1").startswith("2 near -40,100 (the")
    assert re.fullmatch(
        r'hit generic "Coin" @e\d+ at 148,100 \(48 away\), normal -1,0; the target is in sight\n',
        cli("raycast", "/root/Lab/Mover", "--to", "/root/Lab/Coin"),
    )
    assert (
        cli("raycast", "--point", "100,100", "--direction=-1,0", "--max-distance", "50")
        == "nothing hit from 100,100 to 50,100\n"
    )
    assert cli.fails("nearby").startswith("error BAD_ARGS: Give a target")
    assert cli.fails("nearby", "/root/Lab/UI").startswith("error INVALID_ARGS:")
    assert cli.fails("raycast", "100,100", "--direction", "1,a").startswith("error BAD_ARGS:")
    assert cli.fails("raycast", "100,100", "--direction", "0,0").startswith("error INVALID_ARGS:")
    assert cli.run("raycast", "100,100").code == 2  # a direction or a target


def test_a_step_polls_without_changing_the_process_environment(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line polls for answers (a new process per step: no watcher threads) by
    asking its own connection to, never by setting a variable every child inherits."""
    import os

    from agent_client.cli.attach import attach

    monkeypatch.delenv("AGENT_BRIDGE_POLLING", raising=False)
    before = dict(os.environ)
    cli("snapshot")
    assert dict(os.environ) == before
    client = attach(cli.folder, 5.0)
    try:
        assert client.connection.transport.notifications is False  # type: ignore[attr-defined]
    finally:
        client.close()
    monkeypatch.setenv("AGENT_BRIDGE_POLLING", "0")  # asked for notifications anyway
    client = attach(cli.folder, 5.0)
    try:
        assert client.connection.transport.notifications is True  # type: ignore[attr-defined]
    finally:
        client.close()


def test_mcp_print_config_names_this_python_and_the_module(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import sys

    assert main(["mcp", "--print-config"]) == 0
    entry = orjson.loads(capsys.readouterr().out)["mcpServers"]["agent-bridge"]
    assert entry["command"] == sys.executable
    assert entry["args"] == ["-m", "agent_client.cli", "mcp"]


@pytest.mark.parametrize(
    ("argv", "name", "value"),
    [
        (["raycast", "1,1", "--direction", "1,0", "--bodies-only"], "areas", False),
        (["step-until", "--node", "/root/A", "--absent"], "present", False),
        (["gamepad", "--joy-button", "a", "--hold"], "pressed", True),
        (["snapshot", "--depth", "2"], "max_depth", 2),
    ],
)
def test_an_old_option_gives_the_parameter_its_new_one_gives(
    argv: list[str], name: str, value: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from agent_client.cli.parser import build_parser

    assert getattr(build_parser().parse_args(argv), name) == value
    assert capsys.readouterr().err.startswith("deprecated: ")


def test_a_command_with_no_subcommand_written_for_it_is_one_made_from_the_table(cli: Cli) -> None:
    """set-property and call-method are plain subcommands: a target first, each other
    parameter an option (a value read as JSON, else as text), the answer printed as JSON."""
    title = f"{CONFORMANCE}/Title"
    assert orjson.loads(cli("set-property", title, "--property", "text", "--value", "Hi")) == {
        "value": "Hi",
        "type": "String",
    }
    assert cli("get", "text", title) == "Hi\n"
    called = cli("call-method", title, "--method", "add_to_group", "--args", '["seen"]')
    assert orjson.loads(called) == {"result": None}
    assert cli.run("set-property", "--property", "text").code == 2  # the target comes first
