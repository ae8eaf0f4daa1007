"""Install an official Godot build (from the engine's GitHub releases) into the private prefix:
for Windows, and for Linux systems that are not Debian-like (a CI runner on Ubuntu, say).

The archive is checked against the release's own SHA512-SUMS.txt before anything is unpacked.
"""

from __future__ import annotations

import hashlib
import io
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path

from agent_client.wire.errors import AgentBridgeError

RELEASE = "4.6.3"
DOWNLOADS = "https://github.com/godotengine/godot/releases/download/{version}-stable/"
SUMS_FILE = "SHA512-SUMS.txt"
# system -> (archive, the binary in it the launcher runs)
ASSETS = {
    "windows": (
        "Godot_v{version}-stable_win64.exe.zip",
        "Godot_v{version}-stable_win64_console.exe",
    ),
    "linux": ("Godot_v{version}-stable_linux.x86_64.zip", "Godot_v{version}-stable_linux.x86_64"),
}
Fetch = Callable[[str], bytes]


class ReleaseError(AgentBridgeError, RuntimeError):
    """The official build could not be fetched, verified or unpacked."""


def fetch(url: str) -> bytes:
    """The body at ``url`` (https only)."""
    if not url.startswith("https://"):
        raise ReleaseError(f"Refusing to download over plain HTTP: {url}")
    with urllib.request.urlopen(url, timeout=300) as response:
        return bytes(response.read())


def engine_binary(prefix: Path, system: str, version: str = RELEASE) -> Path:
    """Where the installed engine binary is (whether or not it is there yet)."""
    return prefix / "bin" / ASSETS[system][1].format(version=version)


def install_release(
    prefix: Path,
    *,
    system: str,
    version: str = RELEASE,
    download: Fetch = fetch,
    log: Callable[[str], None] = print,
) -> Path:
    """Download, verify and unpack the official build for ``system`` into ``prefix/bin``;
    returns the engine binary. Does nothing when it is already there.

    Raises:
        ReleaseError: no build for this system, a download failed, or the archive does not
            match its published checksum.
    """
    if system not in ASSETS:
        raise ReleaseError(
            f"No official Godot build is installed for {system!r} here: set "
            "GODOT_BIN to a Godot 4.6 binary from godotengine.org."
        )
    binary = engine_binary(prefix, system, version)
    if binary.is_file():
        log(f"already installed: {binary}")
        return binary
    base = DOWNLOADS.format(version=version)
    archive_name = ASSETS[system][0].format(version=version)
    expected = _published_sum(download(base + SUMS_FILE).decode("utf-8", "replace"), archive_name)
    log(f"downloading {archive_name}")
    archive = download(base + archive_name)
    if hashlib.sha512(archive).hexdigest() != expected:
        raise ReleaseError(
            f"{archive_name} does not match its SHA-512 in {SUMS_FILE}: not unpacked."
        )
    with zipfile.ZipFile(io.BytesIO(archive)) as unpacked:
        for member in unpacked.namelist():
            # Only plain file names: an archive entry must not reach outside the prefix.
            if Path(member).name != member:
                raise ReleaseError(f"Unexpected entry {member!r} in {archive_name}.")
        binary.parent.mkdir(parents=True, exist_ok=True)
        unpacked.extractall(binary.parent)
    if not binary.is_file():
        raise ReleaseError(f"{archive_name} holds no {binary.name}.")
    if system != "windows":
        binary.chmod(0o755)
    return binary


def _published_sum(sums: str, archive_name: str) -> str:
    for line in sums.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].lstrip("*") == archive_name:
            return parts[0].lower()
    raise ReleaseError(f"{SUMS_FILE} lists no {archive_name}.")
