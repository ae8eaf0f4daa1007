"""Writes the .meta file Unity needs beside every file and folder of the package.

Unity ignores assets without a .meta file in an immutable package (one installed from git or a
registry). GUIDs are derived from the package name and the asset's path, so running this again
changes nothing and every checkout gets the same GUIDs. Existing .meta files are kept.

    python tests/unity/write_meta.py
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "unity_bridge"
PACKAGE_NAME = "com.agentbridge.agent-bridge"

IMPORTERS = {
    ".cs": "MonoImporter",
    ".asmdef": "AssemblyDefinitionImporter",
    ".json": "PackageManifestImporter",
    ".md": "TextScriptImporter",
}
MONO_SETTINGS = ("  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n"
                 "  icon: {instanceID: 0}\n")


def guid(relative: Path) -> str:
    return hashlib.md5(f"{PACKAGE_NAME}/{relative.as_posix()}".encode()).hexdigest()


def meta_text(path: Path) -> str:
    text = f"fileFormatVersion: 2\nguid: {guid(path.relative_to(PACKAGE))}\n"
    importer = "DefaultImporter" if path.is_dir() else IMPORTERS.get(path.suffix, "DefaultImporter")
    if path.is_dir():
        text += "folderAsset: yes\n"
    text += f"{importer}:\n  externalObjects: {{}}\n"
    if importer == "MonoImporter":
        text += MONO_SETTINGS
    return text + "  userData: \n  assetBundleName: \n  assetBundleVariant: \n"


def assets() -> list[Path]:
    """Every file and folder Unity imports: no .meta files, hidden ones or `Name~` folders, except
    what is inside a sample (`Samples~/Name/...`), which Unity copies into the project with its
    .meta files when the sample is imported, so that its scene finds its scripts by GUID."""
    found = []
    for path in sorted(PACKAGE.rglob("*")):
        parts = path.relative_to(PACKAGE).parts
        in_sample = len(parts) > 2 and parts[0] == "Samples~"
        hidden = any(part.startswith(".") or (part.endswith("~") and not in_sample)
                     for part in parts)
        if path.suffix == ".meta" or hidden:
            continue
        found.append(path)
    return found


def main() -> int:
    written = 0
    for path in assets():
        meta = path.with_name(path.name + ".meta")
        if not meta.exists():
            meta.write_text(meta_text(path), encoding="utf-8")
            written += 1
    print(f"wrote {written} .meta file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
