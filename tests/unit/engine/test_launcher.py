"""Engine discovery, session folders, argument building and the installer's pure parts."""

from __future__ import annotations

import hashlib
import io
import os
import stat
import sys
import zipfile
from pathlib import Path

import pytest

from agent_client import AgentClient, EngineNotFoundError, GameExitedError, LaunchError
from agent_client.engine import godot_install, godot_release, launcher, paths


def make_executable(path: Path) -> Path:
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def test_find_godot_prefers_explicit_then_env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    explicit = make_executable(tmp_path / "explicit")
    from_env = make_executable(tmp_path / "from_env")
    monkeypatch.setenv("GODOT_BIN", str(from_env))
    assert launcher.find_godot(explicit) == explicit
    assert launcher.find_godot() == from_env
    monkeypatch.setenv("GODOT_BIN", str(tmp_path / "missing"))
    with pytest.raises(EngineNotFoundError, match="GODOT_BIN"):
        launcher.find_godot()


def test_godot_argv_puts_bridge_args_after_the_separator(tmp_path: Path) -> None:
    argv = launcher.godot_argv(
        Path("/g/godot"), tmp_path, tmp_path / "s", scene="res://lab.tscn", parent_pid=42
    )
    assert argv[:4] == ["/g/godot", "--headless", "--path", str(tmp_path)]
    separator = argv.index("--")
    assert argv[separator - 1] == "res://lab.tscn"
    assert argv[separator + 1 :] == [
        "--agent-mode",
        f"--agent-dir={tmp_path / 's'}",
        "--agent-time=lockstep",
        "--agent-fps=60",
        "--agent-seed=0",
        "--agent-parent-pid=42",
    ]
    assert argv[argv.index("--fixed-fps") + 1] == "60", "every frame has the same delta"


def test_game_time_options_reach_the_engine_and_the_bridge(tmp_path: Path) -> None:
    time = launcher.GameTime(realtime=True, fps=30, seed=7)
    argv = launcher.godot_argv(Path("/g/godot"), tmp_path, tmp_path / "s", game_time=time)
    assert argv[argv.index("--fixed-fps") + 1] == "30"
    bridge = argv[argv.index("--") + 1 :]
    assert {"--agent-time=realtime", "--agent-fps=30", "--agent-seed=7"} <= set(bridge)


@pytest.mark.parametrize("fps, seed", [(0, 0), (1001, 0), (30.5, 0), (True, 0), (60, "x")])
def test_bad_game_time_options_are_refused(fps: object, seed: object) -> None:
    with pytest.raises(ValueError, match=r"fps|seed"):
        launcher.GameTime(fps=fps, seed=seed)  # type: ignore[arg-type]


def test_render_mode_uses_a_virtual_display_without_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(launcher.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(launcher.sys, "platform", "linux")
    argv = launcher.godot_argv(Path("/g/godot"), tmp_path, tmp_path / "s", render=True)
    assert argv[0] == "xvfb-run" and "--headless" not in argv
    assert argv[argv.index("/g/godot") + 1 : argv.index("/g/godot") + 3] == [
        "--rendering-driver",
        "opengl3",
    ]
    monkeypatch.setenv("DISPLAY", ":7")
    assert launcher.godot_argv(Path("/g/godot"), tmp_path, tmp_path, render=True)[0] == "/g/godot"
    monkeypatch.delenv("DISPLAY")
    monkeypatch.setattr(launcher.shutil, "which", lambda name: None)
    with pytest.raises(launcher.LaunchError, match="install-godot --render"):
        launcher.godot_argv(Path("/g/godot"), tmp_path, tmp_path, render=True)


def test_session_dirs_are_fresh_and_private(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(paths, "sessions_root", lambda: tmp_path / "root")
    first = launcher.new_session_dir("named")
    (first / "cmd.jsonl").write_text("stale\n")
    again = launcher.new_session_dir("named")
    assert again == first and not (again / "cmd.jsonl").exists()
    assert (again / "artifacts").is_dir()
    if os.name == "posix":
        assert stat.S_IMODE(again.stat().st_mode) == 0o700


def test_log_tail_returns_the_last_lines(tmp_path: Path) -> None:
    log = tmp_path / "engine.log"
    log.write_text("".join(f"line {i}\n" for i in range(100)))
    assert launcher.log_tail(log, 2) == "line 98\nline 99"
    assert launcher.log_tail(tmp_path / "none.log") == ""


def test_installer_resolves_the_closure_from_apt_output() -> None:
    plan = (
        "Inst libc6 (2.43-7 Debian:testing [amd64])\n"
        "Conf libc6 (2.43-7 Debian:testing [amd64])\n"
        "Inst godot (4.6.3+ds-2 Debian:testing [amd64])\n"
    )

    class FakeApt(godot_install.PrivateApt):
        def __init__(self) -> None:
            pass

        def run(self, *args: str, cwd: Path | None = None) -> str:
            return plan

    assert FakeApt().closure(["godot"]) == ["libc6=2.43-7", "godot=4.6.3+ds-2"]


def test_installer_skips_what_headless_runs_never_load() -> None:
    for name in ("fonts-dejavu-core", "libllvm21", "mesa-libgallium", "debconf"):
        assert godot_install.HEADLESS_SKIP.match(name), name
    for name in ("libc6", "godot", "libstdc++6", "libx11-6"):
        assert not godot_install.HEADLESS_SKIP.match(name), name


def test_mirror_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENT_BRIDGE_DEBIAN_MIRROR", "http://mirror.invalid/debian/")
    assert godot_install.find_debian_mirror() == "http://mirror.invalid/debian"


def test_session_names_cannot_reach_outside_the_sessions_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(paths, "sessions_root", lambda: tmp_path / "root")
    victim = tmp_path / "victim"
    victim.mkdir()
    for bad in ("../victim", "..", "a/b", "", ".hidden", "-x", "x" * 65):
        with pytest.raises(launcher.LaunchError, match="Bad session name"):
            launcher.new_session_dir(bad)
    assert victim.exists()
    assert launcher.new_session_dir("crystal_vault-2").name == "crystal_vault-2"


def test_a_session_name_never_empties_a_folder_agent_bridge_did_not_make(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(paths, "sessions_root", lambda: tmp_path / "root")
    someone_elses = tmp_path / "root" / "notes"
    someone_elses.mkdir(parents=True)
    (someone_elses / "diary.txt").write_text("mine")
    with pytest.raises(launcher.LaunchError, match="not made by agent-bridge"):
        launcher.new_session_dir("notes")
    assert (someone_elses / "diary.txt").read_text() == "mine"
    made = launcher.new_session_dir("ours")
    assert (made / ".agent-bridge-session").is_file()
    assert launcher.new_session_dir("ours") == made, "a folder it made is emptied and reused"


def test_the_sessions_root_prefers_the_users_runtime_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(paths, "on_windows", lambda: False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert paths.sessions_root() == tmp_path / "agent-bridge"
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "missing"))
    assert paths.sessions_root().name.startswith("agent-bridge-")


@pytest.mark.skipif(os.name != "posix", reason="file modes and owners are POSIX")
def test_session_files_are_private(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(paths, "sessions_root", lambda: tmp_path / "root")
    session = launcher.new_session_dir("modes")
    log = paths.private_file(session / "engine.log")
    for path in (session / ".agent-bridge-session", log):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE((session / "artifacts").stat().st_mode) == 0o700


@pytest.mark.skipif(os.name != "posix", reason="file modes and owners are POSIX")
def test_a_sessions_folder_is_made_private_or_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loose = tmp_path / "loose"
    loose.mkdir(mode=0o755)
    loose.chmod(0o755)
    assert stat.S_IMODE(paths.private_dir(loose).stat().st_mode) == 0o700
    other_user = os.getuid() + 1  # type: ignore[attr-defined,unused-ignore]
    monkeypatch.setattr(paths.os, "getuid", lambda: other_user, raising=False)
    with pytest.raises(PermissionError, match="not a folder of this user"):
        paths.private_dir(loose)  # as if another user had made it first
    monkeypatch.undo()
    link = tmp_path / "link"
    link.symlink_to(loose, target_is_directory=True)
    with pytest.raises(PermissionError):
        paths.private_dir(link)


def test_windows_paths_use_the_users_own_folders(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(paths, "on_windows", lambda: True)
    monkeypatch.setenv("USERNAME", "ada")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    monkeypatch.delenv("AGENT_BRIDGE_HOME", raising=False)
    assert paths.sessions_root().name == "agent-bridge-ada"
    assert paths.data_home() == tmp_path / "Local" / "agent-bridge"
    assert paths.installed_godot() is None
    engine = paths.default_godot_prefix() / "bin" / "Godot_v4.6.3-stable_win64_console.exe"
    engine.parent.mkdir(parents=True)
    engine.write_bytes(b"MZ")
    assert paths.installed_godot() == engine
    assert paths.private_dir(tmp_path / "s").is_dir()  # no POSIX owner check on Windows


def test_a_bridge_that_never_gets_ready_is_a_launch_error(tmp_path: Path) -> None:
    session = tmp_path / "session"
    session.mkdir()
    process = launcher.GameProcess([sys.executable, "-c", "import time; time.sleep(30)"], session)
    with pytest.raises(launcher.LaunchError, match="did not get ready within 0 s"):
        process.wait_ready(0.3)
    assert process.exit_code() is not None  # stopped, not left behind


def test_a_project_without_the_addon_is_refused_naming_the_install_command(tmp_path: Path) -> None:
    (tmp_path / "project.godot").write_text("config_version=5\n[application]\n")
    with pytest.raises(
        LaunchError,
        match=r"run `agent-bridge install .*`, or launch with "
        r"install=True",
    ):
        AgentClient.launch(tmp_path, godot=tmp_path / "never-started")
    with pytest.raises(LaunchError, match=r"no project\.godot"):
        AgentClient.launch(tmp_path / "nothing-here")
    with pytest.raises(EngineNotFoundError, match="not a file"):
        AgentClient.launch(tmp_path, godot=tmp_path / "no-godot", install=True)
    assert (tmp_path / "addons" / "agent_bridge" / "agent_bridge.gd").is_file()


def release_zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_the_official_build_is_verified_then_unpacked(tmp_path: Path) -> None:
    archive = release_zip(
        {
            "Godot_v4.6.3-stable_win64_console.exe": b"MZ console",
            "Godot_v4.6.3-stable_win64.exe": b"MZ engine",
        }
    )
    name = "Godot_v4.6.3-stable_win64.exe.zip"
    published = {
        name: archive,
        "SHA512-SUMS.txt": f"{hashlib.sha512(archive).hexdigest()}  {name}\n".encode(),
    }
    asked: list[str] = []

    def download(url: str) -> bytes:
        asked.append(url)
        return published[url.rsplit("/", 1)[1]]

    engine = godot_release.install_release(
        tmp_path, system="windows", download=download, log=lambda line: None
    )
    assert engine == tmp_path / "bin" / "Godot_v4.6.3-stable_win64_console.exe"
    assert engine.read_bytes() == b"MZ console"
    assert all(
        url.startswith("https://github.com/godotengine/godot/releases/download/4.6.3-stable/")
        for url in asked
    )
    asked.clear()
    godot_release.install_release(
        tmp_path, system="windows", download=download, log=lambda line: None
    )
    assert asked == []  # already there: nothing downloaded again


@pytest.mark.parametrize("trouble", ["checksum", "unlisted", "escaping", "system"])
def test_a_bad_official_build_is_refused(tmp_path: Path, trouble: str) -> None:
    name = "Godot_v4.6.3-stable_linux.x86_64.zip"
    entry = "../evil" if trouble == "escaping" else "Godot_v4.6.3-stable_linux.x86_64"
    archive = release_zip({entry: b"ELF"})
    digest = "0" * 128 if trouble == "checksum" else hashlib.sha512(archive).hexdigest()
    listed = "other.zip" if trouble == "unlisted" else name
    published = {name: archive, "SHA512-SUMS.txt": f"{digest}  {listed}\n".encode()}
    with pytest.raises(godot_release.ReleaseError):
        godot_release.install_release(
            tmp_path,
            system="plan9" if trouble == "system" else "linux",
            download=lambda url: published[url.rsplit("/", 1)[1]],
            log=lambda line: None,
        )
    assert not (tmp_path / "bin" / "Godot_v4.6.3-stable_linux.x86_64").exists()
    assert not (tmp_path / "evil").exists()
    with pytest.raises(godot_release.ReleaseError, match="plain HTTP"):
        godot_release.fetch("http://example.invalid/godot.zip")


def test_windows_and_non_debian_systems_get_the_official_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(godot_install, "on_windows", lambda: True)
    assert godot_install.uses_official_build(False)
    monkeypatch.setattr(godot_install, "on_windows", lambda: False)
    monkeypatch.setattr(godot_install.sys, "platform", "linux")
    monkeypatch.setenv("AGENT_BRIDGE_DEBIAN_MIRROR", "http://deb.debian.org/debian")
    assert not godot_install.uses_official_build(False)
    assert godot_install.uses_official_build(True)
    monkeypatch.delenv("AGENT_BRIDGE_DEBIAN_MIRROR")

    def no_mirror() -> str:
        raise godot_install.InstallError("no Debian archive")

    monkeypatch.setattr(godot_install, "find_debian_mirror", no_mirror)
    assert godot_install.uses_official_build(False)


def test_a_windows_player_build_is_an_exe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    player = tmp_path / "Game.exe"
    player.write_bytes(b"MZ")
    other = tmp_path / "notes.txt"
    other.write_text("not a game")
    monkeypatch.setattr(launcher, "on_windows", lambda: True)
    assert launcher.project_kind(player) == "unity-player"
    with pytest.raises(LaunchError, match="neither"):
        launcher.project_kind(other)


def test_an_expired_release_file_is_used_with_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[list[str]] = []

    class ExpiringApt(godot_install.PrivateApt):
        def __init__(self) -> None:
            self.options = []

        def run(self, *args: str, cwd: Path | None = None) -> str:
            calls.append([*self.options, *args])
            if "-oAcquire::Check-Valid-Until=false" not in self.options:
                raise godot_install.InstallError("E: Release file for forky is expired")
            return ""

    ExpiringApt().update()
    assert calls == [["update"], ["-oAcquire::Check-Valid-Until=false", "update"]]
    assert "past its Valid-Until date" in capsys.readouterr().out

    class Broken(ExpiringApt):
        def run(self, *args: str, cwd: Path | None = None) -> str:
            raise godot_install.InstallError("E: no network")

    with pytest.raises(godot_install.InstallError, match="no network"):
        Broken().update()


def test_a_crash_tail_starts_at_the_crash_header(tmp_path: Path) -> None:
    log = tmp_path / "engine.log"
    backtrace = "".join(f"[{i}] frame {i}\n" for i in range(60))
    log.write_text("loading\nhandle_crash: Program crashed with signal 4\n" + backtrace)
    tail = launcher.log_tail(log)
    assert tail.startswith("handle_crash: Program crashed with signal 4\n")
    assert tail.endswith("[59] frame 59")
    log.write_text("".join(f"line {i}\n" for i in range(100)))  # no crash: the last lines
    assert launcher.log_tail(log, 3) == "line 97\nline 98\nline 99"


def test_a_unity_project_opens_the_scene_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    editor = tmp_path / "Unity"
    editor.write_text("")
    monkeypatch.setattr(launcher, "find_unity_editor", lambda: editor)
    argv = launcher.unity_argv(
        tmp_path / "Game", "unity-project", tmp_path / "s", scene="Assets/Scenes/Menu.unity"
    )
    assert argv[:2] == [str(editor), "-batchmode"]
    assert argv[argv.index("-executeMethod") + 1] == launcher.UNITY_BATCH_METHOD
    assert argv[argv.index("-agentScene") + 1] == "Assets/Scenes/Menu.unity"
    assert "-quit" not in argv, "the entry quits the editor itself, with the game's code"
    player = launcher.unity_argv(tmp_path / "Game.x86_64", "unity-player", tmp_path / "s")
    assert "-agentScene" not in player and "-nographics" in player


def test_each_engines_own_exit_codes_are_explained(tmp_path: Path) -> None:
    import sys

    exits = [sys.executable, "-c", "raise SystemExit(2)"]
    unity = launcher.GameProcess(exits, tmp_path, exit_codes=launcher.UNITY_EXIT_CODES)
    unity.popen.wait(timeout=30)
    with pytest.raises(GameExitedError, match=r"code 2 \(Unity: the scene -agentScene names"):
        unity.check_alive()
    godot = launcher.GameProcess(exits, tmp_path, exit_codes=launcher.GODOT_EXIT_CODES)
    godot.popen.wait(timeout=30)
    with pytest.raises(GameExitedError, match=r"before its bridge was ready .* code 2\.") as exited:
        godot.check_alive()
    assert "Unity" not in str(exited.value), "a Godot game is not told Unity's meanings"
    assert launcher.exit_meaning(-11, {}) == "code -11 (killed by SIGSEGV: the engine crashed)"
    assert launcher.exit_meaning(-15, {}) == "code -15 (killed by SIGTERM)"
    assert launcher.exit_meaning(1, launcher.GODOT_EXIT_CODES).startswith("code 1 (Godot: ")


# --- the game's user:// folder ------------------------------------------------------------------


def test_a_launch_gives_the_game_a_data_folder_of_its_own(tmp_path: Path) -> None:
    seed = tmp_path / "seed"
    (seed / "slots").mkdir(parents=True)
    (seed / "slots" / "1.txt").write_text("one")
    session = tmp_path / "session"
    session.mkdir()
    home = launcher.user_data_home(session, launcher.user_data_seed(seed))
    assert home == session / "user_data" and list(home.iterdir()) == []
    assert (session / "user_seed" / "slots" / "1.txt").read_text() == "one"
    if os.name == "posix":
        assert stat.S_IMODE(home.stat().st_mode) == 0o700
        assert stat.S_IMODE((session / "user_seed").stat().st_mode) == 0o700
    env = launcher.user_data_env(home, {"PATH": "/bin", "XDG_DATA_HOME": "/home/me/.local/share"})
    assert env == {"PATH": "/bin", "XDG_DATA_HOME": str(home), "APPDATA": str(home)}
    argv = launcher.godot_argv(Path("/g/godot"), tmp_path, session, user_dir=home)
    assert argv[-1] == f"--agent-user-dir={home}"
    assert not any(
        arg.startswith("--agent-user-dir") for arg in launcher.bridge_args(session, parent_pid=None)
    ), "the person's own folder: no folder named"


def test_a_seed_that_is_no_folder_or_holds_a_link_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LaunchError, match="not a folder"):
        launcher.user_data_seed(tmp_path / "missing")
    (tmp_path / "seed").mkdir()
    (tmp_path / "seed" / "real.txt").write_text("x")
    if os.name == "posix":
        (tmp_path / "seed" / "link.txt").symlink_to(tmp_path / "seed" / "real.txt")
        with pytest.raises(LaunchError, match=r"holds a link, .*link\.txt"):
            launcher.user_data_seed(tmp_path / "seed")
    with pytest.raises(ValueError, match="not both"):
        AgentClient.launch(tmp_path, user_data=tmp_path / "seed", own_user_data=True)


def test_a_unity_game_cannot_be_given_a_user_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    player = tmp_path / "Game.exe"
    player.write_bytes(b"MZ")
    monkeypatch.setattr(launcher, "on_windows", lambda: True)
    with pytest.raises(LaunchError, match="persistentDataPath, which a launcher cannot move"):
        AgentClient.launch(player, user_data=tmp_path)


def test_a_user_folder_the_engine_did_not_take_is_a_launch_error(tmp_path: Path) -> None:
    elsewhere = {"path": "/home/me/.local/share/godot/app_userdata/G", "isolated": False}
    problem = launcher.user_data_problem({"user_data": elsewhere}, tmp_path)
    assert problem is not None and elsewhere["path"] in problem and str(tmp_path) in problem
    assert "own_user_data=True" in problem
    inside = {"path": str(tmp_path / "godot"), "isolated": True}
    assert launcher.user_data_problem({"user_data": inside}, tmp_path) is None
    assert launcher.user_data_problem({}, tmp_path) is None, "an older bridge does not say"


def test_coverage_names_the_folder_of_the_instrumented_scripts(tmp_path: Path) -> None:
    argv = launcher.godot_argv(Path("/g/godot"), tmp_path, tmp_path / "s", coverage=tmp_path / "c")
    assert argv[-1] == f"--agent-coverage={tmp_path / 'c'}"
    assert not any(
        arg.startswith("--agent-coverage")
        for arg in launcher.bridge_args(tmp_path, parent_pid=None)
    )
