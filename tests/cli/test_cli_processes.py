"""The ``agent-bridge`` command line, run as a new process per step against a real game:
sessions, cross-process events and screenshots (parsing, targets, output and errors are
tested fast against the fake bridge in tests/unit/cli/test_cli.py)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import orjson
import psutil
import pytest

FIXTURE_GAME = Path(__file__).resolve().parents[1] / "fixture_game"
DEMO_GAME = Path(__file__).resolve().parents[2] / "demos" / "crystal_vault"
USER_DATA_GAME = Path(__file__).resolve().parents[1] / "user_data_game"
CONFORMANCE = "/root/Conformance"


class Cli:
    """Runs ``python -m agent_client.cli`` with a private temporary folder, so its sessions
    and session index are this test module's own."""

    def __init__(self, temp: Path) -> None:
        self.env = {**os.environ, "TMPDIR": str(temp)}
        self.env.pop("AGENT_BRIDGE_SESSION", None)
        self.env.pop("XDG_RUNTIME_DIR", None)  # the sessions root then follows TMPDIR

    def __call__(
        self, *args: str, ok: bool = True, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, "-m", "agent_client.cli", *args],
            capture_output=True,
            text=True,
            env=self.env,
            timeout=120,
            cwd=cwd,
        )
        if ok:
            assert done.returncode == 0, done.stderr
        return done

    def fails(self, *args: str, cwd: Path | None = None) -> str:
        """The one error line of a failing invocation."""
        done = self(*args, ok=False, cwd=cwd)
        assert done.returncode == 1, done.stdout
        lines = done.stderr.splitlines()
        assert len(lines) == 1, done.stderr
        return lines[0]


@pytest.fixture(scope="module")
def cli(tmp_path_factory: pytest.TempPathFactory) -> Cli:
    return Cli(tmp_path_factory.mktemp("cli"))


@pytest.fixture(scope="module")
def session(cli: Cli) -> Iterator[str]:
    """A conformance game started with ``agent-bridge start``; stopped at the end."""
    started = cli("start", str(FIXTURE_GAME), "--session", "conf", "--json")
    info = orjson.loads(started.stdout)
    yield info["dir"]
    cli("stop", "--all")
    assert (
        not psutil.pid_exists(info["pid"])
        or psutil.Process(info["pid"]).status() == psutil.STATUS_ZOMBIE
    )


def ref_of(snapshot: str, line_start: str) -> str:
    found = re.search(re.escape(line_start) + r".*ref=(e\d+)", snapshot)
    assert found, snapshot
    return "@" + found.group(1)


def test_start_makes_the_current_session(cli: Cli, session: str) -> None:
    listed = cli("sessions").stdout
    assert re.search(r"^\* conf  running  pid \d+  .*fixture_game$", listed, re.MULTILINE)
    assert Path(session, "bridge.json").exists()


def test_act_by_ref_then_wait_for_the_event_it_fired(cli: Cli, session: str) -> None:
    play = ref_of(cli("snapshot", "-i").stdout, '- button "Play"')
    clicked = cli("click", play).stdout.splitlines()
    assert clicked[0] == f"ok click {CONFORMANCE}/PlayButton"
    assert any(line.startswith("event #") and " played " in line for line in clicked)
    # The event came with the click's answer, in another process: wait still sees it, once.
    assert " played /root/Conformance [1]" in cli("wait", "--event", "played").stdout
    assert "timed out" not in cli("get", "events").stdout
    assert cli("get", "events").stdout.strip() == "(no new events)"
    error = cli.fails("wait", "--event", "played", "--timeout", "0.3")
    assert error.startswith("error TIMEOUT: No 'played' event within 0.3 s")


def test_time_control_and_unchanged_snapshots(cli: Cli, session: str) -> None:
    assert cli("pause").stdout.startswith("held at frame ")
    assert re.match(r"held at frame \d+ \(stepped 5\)", cli("step", "5").stdout)
    held = cli("hold", "--key", "Space", "--frames", "4").stdout
    assert re.match(r"held Space for 4 frames, now at frame \d+\n", held)
    assert re.match(r"[0-9a-f]{16} at frame \d+ \(\d+ nodes\)\n", cli("digest").stdout)
    assert "error BAD_ARGS" in cli("input-sequence", "/no/such/file.json", ok=False).stderr
    until = cli("step-until", "--node", f"{CONFORMANCE}/PlayButton", "--max-frames", "3")
    assert until.stdout == "met after 0 frames\n"
    missing = cli("step-until", "--node", f"{CONFORMANCE}/Nope", "--max-frames", "3", ok=False)
    assert missing.returncode == 1 and missing.stdout == "not met after 3 frames\n"
    assert cli("resume").stdout.startswith("running at frame ")
    version = cli("snapshot", "--json").stdout
    tree_version = orjson.loads(version)["data"]["tree_version"]
    assert cli("snapshot", "--since", str(tree_version)).stdout == (
        f"unchanged (tree_version {tree_version})\n"
    )


def test_get_setting_prints_the_setting_or_names_the_likeliest(cli: Cli, session: str) -> None:
    answer = orjson.loads(cli("get", "setting", "application/config/name").stdout)
    assert answer == {
        "name": "application/config/name",
        "value": "AgentBridge fixture",
        "type": "String",
        "changed": False,
    }
    assert cli.fails("get", "setting", "application/config/nam").startswith(
        "error NOT_FOUND: There is no project setting 'application/config/nam'. "
        "Did you mean: application/config/name, "
    )


def test_concurrent_invocations_each_get_their_own_answer(cli: Cli) -> None:
    cli("start", str(FIXTURE_GAME), "--session", "lab", "--scene", "res://scenes/lab.tscn")
    try:
        names = [f"Thing{number}" for number in range(8)]
        with ThreadPoolExecutor(len(names)) as pool:
            answers = list(
                pool.map(
                    lambda name: cli("--session", "lab", "call", "spawn", f'{{"name": "{name}"}}'),
                    names,
                )
            )
        for name, answer in zip(names, answers, strict=True):
            assert orjson.loads(answer.stdout) == {"path": f"/root/Lab/{name}"}
        state = orjson.loads(cli("--session", "lab", "get", "state").stdout)
        assert state == {"count": 0, "mode": 0}
    finally:
        cli("stop", "--session", "lab")
    assert "lab" not in cli("sessions").stdout


def test_stop_ends_the_game_and_forgets_the_session(tmp_path: Path) -> None:
    cli = Cli(tmp_path)
    assert cli.fails("snapshot").startswith("error NO_SESSION: No session: start one")
    started = cli("start", str(FIXTURE_GAME)).stdout.splitlines()
    assert started[0].startswith("started session fixture_game (pid ")
    assert started[1] == (
        f"--session fixture_game names it; commands run inside {FIXTURE_GAME} find it by themselves"
    )
    info = orjson.loads(cli("--session", "fixture_game", "call", "hello", "--json").stdout)
    assert info["ok"]
    second = orjson.loads(cli("start", str(FIXTURE_GAME), "--json").stdout)
    assert second["session"] == "fixture_game-2"
    assert cli("sessions").stdout.startswith("  fixture_game "), "two could be meant: no *"
    assert cli.fails("start", str(FIXTURE_GAME), "--session", "fixture_game").startswith(
        "error SESSION_RUNNING:"
    )
    assert cli.fails("stop").startswith(
        "error AMBIGUOUS_SESSION: 2 sessions running (this folder is in no project): "
        f"fixture_game ({FIXTURE_GAME}); fixture_game-2 ({FIXTURE_GAME})."
    )
    assert cli.fails("snapshot", cwd=FIXTURE_GAME / "scenes").startswith(
        f"error AMBIGUOUS_SESSION: 2 sessions started for {FIXTURE_GAME}: "
    )
    assert cli("stop", "--session", "fixture_game-2").stdout == "stopped session fixture_game-2\n"
    assert cli("snapshot").returncode == 0  # the only one running
    assert cli("stop").stdout == "stopped session fixture_game\n"
    assert not Path(second["dir"]).exists()
    assert (
        not psutil.pid_exists(second["pid"])
        or psutil.Process(second["pid"]).status() == psutil.STATUS_ZOMBIE
    )
    assert cli("sessions").stdout.startswith("no sessions")


def test_each_project_folder_drives_its_own_game(tmp_path: Path) -> None:
    """Two people on one machine: commands run in a project's folder go to its game, and
    `stop` there never quits the other one."""
    cli = Cli(tmp_path)
    cli("start", str(FIXTURE_GAME), "--session", "mine")
    cli("start", str(DEMO_GAME), "--session", "theirs")
    try:
        assert "Conformance" in cli("snapshot", cwd=FIXTURE_GAME / "scenes").stdout
        assert "Conformance" not in cli("snapshot", cwd=DEMO_GAME).stdout
        listed = cli("sessions", cwd=FIXTURE_GAME).stdout
        assert re.search(r"^\* mine  running", listed, re.MULTILINE)
        assert re.search(r"^  theirs  running", listed, re.MULTILINE)
        assert cli("stop", cwd=DEMO_GAME).stdout == "stopped session theirs\n"
        assert "Conformance" in cli("snapshot", cwd=tmp_path).stdout, "the only one left"
    finally:
        cli("stop", "--all")


def test_an_installed_game_runs_with_the_bridge(cli: Cli, tmp_path: Path) -> None:
    project = tmp_path / "fresh"
    project.mkdir()
    (project / "project.godot").write_text(
        'config_version=5\n\n[application]\n\nconfig/name="Fresh"\n'
        'run/main_scene="res://main.tscn"\n'
    )
    (project / "main.tscn").write_text(
        '[gd_scene format=3]\n\n[node name="Main" type="Control"]\n\n'
        '[node name="Go" type="Button" parent="."]\noffset_right = 80.0\noffset_bottom = 30.0\n'
        'text = "Go"\n'
    )
    cli("install", str(project))
    cli("start", str(project), "--session", "fresh")
    try:
        assert '- button "Go"' in cli("--session", "fresh", "snapshot").stdout
    finally:
        cli("stop", "--session", "fresh")


def test_screenshots_of_a_rendering_game(cli: Cli, tmp_path: Path) -> None:
    cli("start", str(FIXTURE_GAME), "--render", "--session", "shots")
    try:
        whole = tmp_path / "whole.png"
        assert (
            cli("--session", "shots", "screenshot", str(whole), "--annotate").stdout == f"{whole}\n"
        )
        button = tmp_path / "button.png"
        cli("--session", "shots", "screenshot", str(button), "--target", "#PlayButton")
        for shot in (whole, button):
            assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
        assert button.stat().st_size < whole.stat().st_size
    finally:
        cli("stop", "--session", "shots")


def test_a_traced_session_records_every_step_from_every_process(cli: Cli, tmp_path: Path) -> None:
    from agent_client.trace.view import load_trace

    cli("start", str(FIXTURE_GAME), "--session", "traced", "--trace")
    try:
        snapshot = cli("snapshot", "-i", "--session", "traced").stdout
        cli("click", ref_of(snapshot, '- button "Play"'), "--session", "traced")
        cli("fill", f"{CONFORMANCE}/NameEdit", "Ada", "--session", "traced")
        zipped = tmp_path / "session.zip"
        assert (
            "open it with: agent-bridge trace show"
            in cli("trace", "stop", "--out", str(zipped), "--session", "traced").stdout
        )
        trace = load_trace(zipped)
        assert not trace.cut_off
        # Each command is an entry of its own, at the top of the trace.
        assert trace.steps == []
        assert [trace.calls[n]["cmd"] for _kind, n in trace.top][:3] == [
            "snapshot",
            "click",
            "fill",
        ]
        page = tmp_path / "page.html"
        cli("trace", "show", str(zipped), "--no-open", "--out", str(page))
        assert page.read_text().lower().startswith("<!doctype html>")
        assert cli("trace", "stop", "--session", "traced", ok=False).returncode == 1
    finally:
        cli("stop", "--session", "traced")
    import zipfile

    with zipfile.ZipFile(zipped) as archive:
        calls = [orjson.loads(line) for line in archive.read("trace.jsonl").splitlines()]
    steps = [c["cmd"] for c in calls if c["type"] == "call"]
    assert steps[:3] == ["snapshot", "click", "fill"], steps
    (tmp_path / "bad.zip").write_bytes(b"PK not really")
    assert cli.fails("trace", "show", str(tmp_path / "bad.zip"), "--no-open").startswith(
        "error BAD_TRACE:"
    )


def test_a_started_game_keeps_its_saves_in_its_session(tmp_path: Path) -> None:
    """The game's user:// is the session's own, seeded from --user-data; the person's own
    folder only with --own-user-data."""
    cli = Cli(tmp_path)
    person = tmp_path / "person"
    person.mkdir()
    cli.env.update(XDG_DATA_HOME=str(person), APPDATA=str(person))
    seed = tmp_path / "seed"
    seed.mkdir()
    (seed / "save.txt").write_text("seeded")

    def call(session: str, cmd: str, args: str) -> dict[str, object]:
        answer = orjson.loads(cli("--session", session, "call", cmd, args, "--json").stdout)
        return dict(answer["data"])

    started = orjson.loads(
        cli(
            "start", str(USER_DATA_GAME), "--session", "saves", "--user-data", str(seed), "--json"
        ).stdout
    )
    cli("start", str(USER_DATA_GAME), "--session", "mine", "--own-user-data")
    try:
        found = call("saves", "get_property", '{"path": "/root/Main", "property": "found"}')
        assert found["value"] == "seeded"
        call("saves", "call_method", '{"path": "/root/Main", "method": "save", "args": ["new"]}')
        saves = call("saves", "hello", "{}")["user_data"]
        assert isinstance(saves, dict) and saves["isolated"]
        assert Path(str(saves["path"])).is_relative_to(Path(started["dir"]))
        assert (Path(str(saves["path"])) / "save.txt").read_text() == "new"
        mine = call("mine", "hello", "{}")["user_data"]
        assert isinstance(mine, dict) and not mine["isolated"]
        assert Path(str(mine["path"])).is_relative_to(person)
    finally:
        cli("stop", "--all")
    assert (seed / "save.txt").read_text() == "seeded" and len(list(seed.iterdir())) == 1
    both = cli("start", str(USER_DATA_GAME), "--user-data", str(seed), "--own-user-data", ok=False)
    assert both.returncode == 2 and "not allowed with argument" in both.stderr


DOCTOR_GAME = Path(__file__).resolve().parents[1] / "doctor_game"


def test_doctor_names_the_node_the_field_and_the_cause_and_fails(cli: Cli) -> None:
    done = cli("doctor", str(DOCTOR_GAME), "--frames", "30", ok=False)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    verdicts = {
        line.split(":")[0].split()[-1]: line.split()[0]
        for line in lines
        if line[:4] in ("ok  ", "FAIL")
    }
    assert verdicts == {
        "launch": "ok",
        "read": "ok",
        "repeat": "FAIL",
        "reset": "FAIL",
        "errors": "ok",
        "stop": "ok",
    }, done.stdout
    script_line = next(
        number
        for number, line in enumerate((DOCTOR_GAME / "main.gd").read_text().splitlines(), 1)
        if "Time.get_ticks_msec" in line
    )
    assert any(line.strip().startswith("/root/Main/Uptime: text 'up ") for line in lines), (
        done.stdout
    )
    assert (
        f"likely cause: res://main.gd:{script_line} reads the wall clock (Time.get_ticks_msec)"
        in done.stdout
    )
    assert not any("/root/Main/Box" in line for line in lines), "the box moves the same every run"
    report = orjson.loads(
        cli("doctor", str(DOCTOR_GAME), "--frames", "30", "--json", ok=False).stdout
    )
    assert report["ok"] is False and [v["ok"] for v in report["verdicts"]] == [
        True,
        True,
        False,
        False,
        True,
        True,
    ]


def test_doctor_passes_a_game_that_keeps_every_promise(cli: Cli, tmp_path: Path) -> None:
    game = tmp_path / "steady"
    shutil.copytree(DOCTOR_GAME, game, ignore=shutil.ignore_patterns(".godot", "addons"))
    script = game / "main.gd"
    script.write_text(
        "".join(line for line in script.read_text().splitlines(True) if "Uptime" not in line)
    )
    settings = game / "project.godot"
    settings.write_text(settings.read_text().replace("Doctor game", f"Steady {os.getpid()}"))
    done = cli("doctor", str(game), "--frames", "30", "--install")
    assert done.stdout.rstrip().endswith("6 of 6 hold"), done.stdout


def test_a_sessions_coverage_while_it_runs_and_as_it_stopped(tmp_path: Path) -> None:
    from tests.conftest import COVERAGE_GAME, line_of

    cli = Cli(tmp_path / "temp")
    (tmp_path / "temp").mkdir()
    cli("start", str(COVERAGE_GAME), "--session", "cov", "--coverage")
    cli("call", "cast", '{"element": "fire"}', "--session", "cov")
    live = cli("coverage", "--session", "cov", "--report", "term,lcov", cwd=tmp_path).stdout
    assert re.search(r"^scripts/spell\.gd\s+5\s+3\s+40%", live, re.M), live
    fire = line_of(COVERAGE_GAME / "scripts" / "spell.gd", "return power * 2")
    assert f"DA:{fire},1\n" in (tmp_path / "agent-coverage" / "coverage.lcov").read_text()
    cli("call", "cast", '{"element": "ice"}', "--session", "cov")
    stopped = cli("stop", "--session", "cov", cwd=tmp_path).stdout
    assert "coverage: coverage_game: " in stopped, stopped
    # The final counts (both casts) were saved before the session folder went.
    again = cli("coverage", "agent-coverage/coverage_game.agent-coverage.json", cwd=tmp_path)
    assert re.search(r"^scripts/spell\.gd\s+5\s+1\s+80%", again.stdout, re.M), again.stdout
    error = cli.fails("coverage", "--report", "xml", cwd=tmp_path)
    assert error.startswith("error BAD_ARGS: --report: coverage reports are term, lcov, html")
