"""Install Godot 4.6 into a private, cached prefix from Debian's testing distribution (on
Windows, and on Linux without a Debian archive, the official build: see godot_release.py).

Debian stable ships no Godot 4, and testing's build needs a newer glibc than stable has. The
installer therefore resolves the package closure with a private apt configuration (its own
sources list, lists, an empty dpkg status and cache, so the system's apt state is untouched),
downloads the packages, unpacks them into the prefix and writes a launcher script that runs the
engine with the prefix's own loader and libraries.

Versions are resolved at install time; nothing here names a file or a version. Run it as
``agent-bridge install-godot`` (``--render`` adds the CPU renderer for screenshots).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from agent_client.engine import godot_release
from agent_client.engine.paths import default_godot_prefix, on_windows
from agent_client.wire.errors import AgentBridgeError

SUITE = "forky"
KEYRING = Path("/usr/share/keyrings/debian-archive-keyring.gpg")
ENGINE_PACKAGE = "godot"
# Packages the engine's closure pulls in that a headless run never touches (maintainer-script
# helpers, fonts, the GPU driver stack). Dropping them halves the download.
HEADLESS_SKIP = re.compile(
    r"^(debconf|sysvinit-utils|lsb-base|x11-common|fonts-.*|fontconfig-config|pci\.ids"
    r"|mesa-.*|libllvm\d+|libz3-\d+|libgbm1|libdrm.*|libsensors.*|xkb-data)$"
)
# What the CPU renderer (llvmpipe, under Xvfb) needs on top of the headless set.
RENDER_PACKAGES = ["libgl1", "libglx-mesa0", "libegl1", "libegl-mesa0", "libgl1-mesa-dri"]
RENDER_SKIP = re.compile(r"^(debconf|sysvinit-utils|lsb-base|x11-common|fonts-.*)$")


class InstallError(AgentBridgeError, RuntimeError):
    """The engine could not be installed; the message says which step failed."""


def find_debian_mirror() -> str:
    """Return the Debian archive URI this machine's apt already uses.

    Reusing the configured mirror keeps the installer working behind whatever mirror or proxy
    the machine is set up with. ``AGENT_BRIDGE_DEBIAN_MIRROR`` overrides it.
    """
    override = os.environ.get("AGENT_BRIDGE_DEBIAN_MIRROR")
    if override:
        return override.rstrip("/")
    candidates: list[str] = []
    sources = [Path("/etc/apt/sources.list"), *sorted(Path("/etc/apt/sources.list.d").glob("*"))]
    for source in sources:
        if not source.is_file():
            continue
        text = source.read_text(errors="replace")
        candidates += re.findall(r"^\s*URIs:\s*(\S+)", text, flags=re.M)
        candidates += re.findall(r"^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)", text, flags=re.M)
    for uri in candidates:
        if uri.rstrip("/").endswith("/debian"):
            return uri.rstrip("/")
    raise InstallError(
        "No Debian archive found in /etc/apt sources; set AGENT_BRIDGE_DEBIAN_MIRROR to the "
        "URI of a Debian mirror (the part before /dists)."
    )


class PrivateApt:
    """apt-get with its own sources, lists, status and cache under ``root``."""

    def __init__(self, root: Path, mirror: str) -> None:
        self.root = root
        etc = root / "etc"
        for folder in (
            etc / "preferences.d",
            root / "lists" / "partial",
            root / "cache" / "archives" / "partial",
            root / "debs",
        ):
            folder.mkdir(parents=True, exist_ok=True)
        status = root / "status"
        if not status.exists():
            status.write_text("")
        signed = f" [signed-by={KEYRING}]" if KEYRING.exists() else ""
        (etc / "sources.list").write_text(f"deb{signed} {mirror} {SUITE} main\n")
        self.options = [
            f"-oDir::Etc::SourceList={etc / 'sources.list'}",
            f"-oDir::Etc::SourceParts={etc / 'sources.list.d'}",
            f"-oDir::Etc::Preferences={etc / 'preferences'}",
            f"-oDir::Etc::PreferencesParts={etc / 'preferences.d'}",
            f"-oDir::State::Lists={root / 'lists'}",
            f"-oDir::State::status={status}",
            f"-oDir::Cache={root / 'cache'}",
            "-oAPT::Architecture=amd64",
            "-oAPT::Install-Recommends=false",
            "-oDebug::NoLocking=true",
        ]

    def run(self, *args: str, cwd: Path | None = None) -> str:
        command = ["apt-get", "-q", *self.options, *args]
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
        if done.returncode != 0:
            raise InstallError(f"`apt-get {' '.join(args)}` failed:\n{done.stderr[-2000:]}")
        return done.stdout

    def update(self) -> None:
        """Fetch the package lists. A Release file past its Valid-Until date (a snapshot
        mirror, or a clock running ahead) is used anyway, with a warning: the packages are
        still checked against the archive's signatures."""
        try:
            self.run("update")
        except InstallError as failed:
            if "is expired" not in str(failed):
                raise
            _log(
                "warning: the archive's Release file is past its Valid-Until date (a snapshot "
                "mirror, or a clock ahead); using it, packages are still signature-checked"
            )
            self.options.append("-oAcquire::Check-Valid-Until=false")
            self.run("update")

    def closure(self, packages: list[str]) -> list[str]:
        """Every package (name=version) that installing ``packages`` on an empty system needs."""
        plan = self.run("-s", "install", *packages)
        return [
            f"{name}={version}"
            for name, version in re.findall(r"^Inst (\S+) \((\S+)", plan, flags=re.M)
        ]


def _log(message: str) -> None:
    print(f"[install-godot] {message}", flush=True)


def _unpack(debs: list[Path], prefix: Path) -> None:
    for deb in debs:
        subprocess.run(["dpkg-deb", "-x", str(deb), str(prefix)], check=True)


def _write_launcher(prefix: Path) -> Path:
    libdir = prefix / "usr/lib/x86_64-linux-gnu"
    launcher = prefix / "bin" / "godot"
    launcher.parent.mkdir(parents=True, exist_ok=True)
    # The engine needs the prefix's newer glibc, so it runs under the prefix's own loader.
    launcher.write_text(
        "#!/bin/sh\n"
        f'P="{prefix}"\n'
        'L="$P/usr/lib/x86_64-linux-gnu"\n'
        'export LIBGL_DRIVERS_PATH="$L/dri"\n'
        'export __EGL_VENDOR_LIBRARY_DIRS="$P/usr/share/glvnd/egl_vendor.d"\n'
        'exec "$L/ld-linux-x86-64.so.2" --library-path "$L:$L/pulseaudio" '
        '"$P/usr/bin/godot" "$@"\n'
    )
    launcher.chmod(0o755)
    if not (libdir / "ld-linux-x86-64.so.2").exists():
        raise InstallError(f"The unpacked prefix has no loader at {libdir}")
    return launcher


def _engine_version(launcher: Path) -> str:
    done = subprocess.run(
        [str(launcher), "--headless", "--version"], capture_output=True, text=True, timeout=60
    )
    version = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    if done.returncode != 0 or not version.startswith("4."):
        raise InstallError(f"The installed engine did not start:\n{done.stdout}{done.stderr}")
    return version


def _as_root() -> list[str] | None:
    """The prefix that runs a command as root: none for root, ``sudo -n`` where that needs no
    password; None when this user cannot."""
    if os.geteuid() == 0:  # type: ignore[attr-defined,unused-ignore]
        return []
    if (
        shutil.which("sudo")
        and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0
    ):
        return ["sudo", "-n", "env", "DEBIAN_FRONTEND=noninteractive"]
    return None


def _ensure_xvfb() -> None:
    """Xvfb comes from the machine's own distribution (it is not tied to the engine's glibc)."""
    if shutil.which("Xvfb"):
        return
    root = _as_root()
    if root is None:
        raise InstallError("Rendering needs Xvfb: install the 'xvfb' package and run again.")
    _log("installing xvfb from the system's package sources")
    for step in (
        [*root, "apt-get", "-q", "update"],
        [*root, "apt-get", "-q", "install", "-y", "--no-install-recommends", "xvfb", "xauth"],
    ):
        done = subprocess.run(
            step,
            capture_output=True,
            text=True,
            env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
        )
        if done.returncode != 0:
            raise InstallError(f"`{' '.join(step)}` failed:\n{done.stderr[-2000:]}")


def install(prefix: Path, *, render: bool = False, force: bool = False) -> Path:
    """Install the engine into ``prefix`` (cached) and return its launcher script.

    Args:
        prefix: The private folder the engine is unpacked into.
        render: Also install the CPU renderer and Xvfb, for screenshots.
        force: Reinstall even when a working engine is already there.

    Raises:
        InstallError: A step failed; the message carries apt's or the engine's output.
    """
    if sys.platform != "linux":
        raise InstallError(
            "The installer works on Debian-like Linux; elsewhere set GODOT_BIN "
            "to a Godot 4.6 binary from godotengine.org."
        )
    launcher = prefix / "bin" / "godot"
    marker = prefix / ("render.ok" if render else "headless.ok")
    if launcher.exists() and marker.exists() and not force:
        _log(f"already installed: {launcher}")
        if render:
            _ensure_xvfb()
        return launcher
    if not shutil.which("apt-get") or not shutil.which("dpkg-deb"):
        raise InstallError("apt-get and dpkg-deb are needed; set GODOT_BIN instead.")
    apt = PrivateApt(prefix / "apt", find_debian_mirror())
    _log(f"resolving {ENGINE_PACKAGE} from Debian {SUITE}")
    apt.update()
    wanted = [ENGINE_PACKAGE, *(RENDER_PACKAGES if render else [])]
    skip = RENDER_SKIP if render else HEADLESS_SKIP
    closure = [p for p in apt.closure(wanted) if not skip.match(p.split("=")[0])]
    debs_dir = apt.root / "debs"
    have = {d.name.split("_")[0] for d in debs_dir.glob("*.deb")}
    missing = [p for p in closure if p.split("=")[0] not in have]
    _log(f"{len(closure)} packages needed, {len(missing)} to download")
    if missing:
        apt.run("download", *missing, cwd=debs_dir)
    names = {p.split("=")[0] for p in closure}
    debs = [d for d in sorted(debs_dir.glob("*.deb")) if d.name.split("_")[0] in names]
    _log(f"unpacking {len(debs)} packages into {prefix}")
    _unpack(debs, prefix)
    launcher = _write_launcher(prefix)
    _log(f"engine {_engine_version(launcher)} ready: {launcher}")
    if render:
        _ensure_xvfb()
    marker.write_text("ok\n")
    if render:
        (prefix / "headless.ok").write_text("ok\n")
    return launcher


def uses_official_build(official: bool) -> bool:
    """Whether to install the official build rather than Debian's: when asked, on Windows,
    and on Linux without a Debian archive (Ubuntu CI runners, say)."""
    if official or on_windows() or sys.platform != "linux":
        return True
    try:
        find_debian_mirror()
    except InstallError:
        return True
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="agent-bridge install-godot", description=__doc__)
    parser.add_argument("--prefix", type=Path, default=default_godot_prefix())
    parser.add_argument(
        "--render",
        action="store_true",
        help="also install the CPU renderer and Xvfb (for screenshots)",
    )
    parser.add_argument("--force", action="store_true", help="reinstall")
    parser.add_argument(
        "--official",
        action="store_true",
        help="install the official build from the engine's releases (the default on Windows "
        "and on Linux without a Debian archive)",
    )
    options = parser.parse_args(argv)
    prefix = options.prefix.resolve()
    try:
        if uses_official_build(options.official):
            system = "windows" if on_windows() else sys.platform
            launcher = godot_release.install_release(prefix, system=system, log=_log)
            if options.render and system == "linux":
                _ensure_xvfb()
        else:
            launcher = install(prefix, render=options.render, force=options.force)
    except (InstallError, godot_release.ReleaseError, OSError) as exc:
        print(f"install-godot: {exc}", file=sys.stderr)
        return 1
    print(launcher)
    return 0


if __name__ == "__main__":
    sys.exit(main())
