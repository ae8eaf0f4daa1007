"""The Unity package's engine-independent core builds and passes its NUnit tests with no
UnityEngine at all, and the package layout is what Unity's package manager expects."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.unity import write_meta
from tests.unity.layout import PACKAGE

MIN_NUNIT_TESTS = 100
# The project's one version number (issue 11): package.json, pyproject.toml and plugin.cfg.
PROJECT_VERSION = "0.2.0"
ASMDEFS = {
    "Runtime/AgentBridge.Runtime.asmdef": "AgentBridge.Runtime",
    "Editor/AgentBridge.Editor.asmdef": "AgentBridge.Editor",
    "Tests/Runtime/AgentBridge.Tests.Runtime.asmdef": "AgentBridge.Tests.Runtime",
    "Tests/Editor/AgentBridge.Tests.Editor.asmdef": "AgentBridge.Tests.Editor",
}


def test_the_core_and_the_host_build(unity_build: Path) -> None:
    """The whole package is built per modelled Unity version in test_unity_versions.py."""
    assert (unity_build / "core" / "AgentBridge.Runtime.dll").is_file()
    assert (unity_build / "host" / "AgentBridgeHost.exe").is_file()


def test_nunit_suite_passes(unity_build: Path) -> None:
    core = unity_build / "core"
    results = core / "nunit-results.xml"
    run = subprocess.run(
        ["nunit-console", "-nologo", f"-xml={results}", "AgentBridge.Tests.Editor.dll"],
        cwd=core, capture_output=True, text=True, timeout=600, check=False)
    assert results.is_file(), f"nunit-console wrote no results:\n{run.stdout}\n{run.stderr}"
    summary = ElementTree.parse(results).getroot().attrib
    total = int(summary["total"])
    broken = int(summary["failures"]) + int(summary["errors"])
    assert run.returncode == 0 and broken == 0, \
        f"{broken} of {total} NUnit tests failed:\n{run.stdout}"
    assert total >= MIN_NUNIT_TESTS, f"only {total} NUnit tests ran"


def test_core_has_no_unity_dependency() -> None:
    """The build compiles Runtime/Core with no UnityEngine reference; this names the culprit."""
    offenders = []
    for path in (PACKAGE / "Runtime" / "Core").rglob("*.cs"):
        code = [line for line in path.read_text(encoding="utf-8").splitlines()
                if not line.lstrip().startswith("//")]
        if any(re.search(r"\bUnity(Engine|Editor)\b", line) for line in code):
            offenders.append(str(path.relative_to(PACKAGE)))
    assert not offenders, f"Runtime/Core must not use UnityEngine or UnityEditor: {offenders}"


def test_package_manifest() -> None:
    manifest = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "com.agentbridge.agent-bridge"
    assert manifest["unity"] == "2021.3"
    assert "com.unity.nuget.newtonsoft-json" in manifest["dependencies"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", manifest["version"])
    for required in ("README.md", "CHANGELOG.md", "LICENSE.md", "Documentation~"):
        assert (PACKAGE / required).exists(), required
    for sample in manifest["samples"]:
        assert (PACKAGE / sample["path"]).is_dir(), sample
        assert list((PACKAGE / sample["path"]).glob("*.unity")), f"{sample['path']} has no scene"


# A Unity module or package the package's own code needs, and how its use shows in the code.
MODULE_USES = {
    "com.unity.ugui": r"^using UnityEngine\.(UI|EventSystems);",
    "com.unity.modules.uielements": r"^using UnityEngine\.UIElements;",
    "com.unity.modules.animation": r"\bAnimator\b",
    "com.unity.modules.screencapture": r"\bScreenCapture\.",
    "com.unity.modules.imageconversion": r"\bEncodeToPNG\b",
    "com.unity.modules.physics": r"\b(Physics|Physics2D|Rigidbody|Collider)\s*\.",
}


def test_the_manifest_declares_exactly_the_modules_the_code_uses() -> None:
    dependencies = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))["dependencies"]
    code = "\n".join(path.read_text(encoding="utf-8") for folder in ("Runtime", "Editor")
                     for path in (PACKAGE / folder).rglob("*.cs"))
    for module, pattern in MODULE_USES.items():
        used = re.search(pattern, code, re.MULTILINE) is not None
        assert (module in dependencies) == used, f"{module}: used {used}, declared {module in dependencies}"


def test_the_package_version_is_the_project_version() -> None:
    """One version number for the whole project (issue 11): the manifest's is the changelog's
    newest, the project's, and the one a replay file's header names as the bridge's."""
    version = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))["version"]
    assert version == PROJECT_VERSION
    protocol = (PACKAGE / "Runtime/Core/Protocol/ProtocolInfo.cs").read_text(encoding="utf-8")
    assert f'BridgeVersion = "{version}"' in protocol
    newest = re.search(r"^## \[(\d+\.\d+\.\d+)\]", (PACKAGE / "CHANGELOG.md").read_text(encoding="utf-8"),
                       re.MULTILINE)
    assert newest is not None and newest.group(1) == version


def test_meta_guids_are_unique() -> None:
    """Two assets with one GUID make Unity drop one of them."""
    seen: dict[str, str] = {}
    for meta in PACKAGE.rglob("*.meta"):
        guid = re.search(r"^guid: ([0-9a-f]{32})$", meta.read_text(encoding="utf-8"), re.MULTILINE)
        assert guid is not None, meta
        assert guid.group(1) not in seen, f"{meta} and {seen.get(guid.group(1))} share a GUID"
        seen[guid.group(1)] = str(meta)


@pytest.mark.parametrize("path", sorted(ASMDEFS))
def test_assembly_definitions(path: str) -> None:
    asmdef = json.loads((PACKAGE / path).read_text(encoding="utf-8"))
    assert asmdef["name"] == ASMDEFS[path]
    assert list((PACKAGE / path).parent.glob("*.asmdef")) == [PACKAGE / path]
    if path.startswith(("Editor/", "Tests/Editor/")):
        assert asmdef["includePlatforms"] == ["Editor"]
    if path.startswith("Tests/"):
        assert asmdef["defineConstraints"] == ["UNITY_INCLUDE_TESTS"]
        assert "nunit.framework.dll" in asmdef["precompiledReferences"]
        assert asmdef["autoReferenced"] is False
    if path != "Runtime/AgentBridge.Runtime.asmdef":
        assert "AgentBridge.Runtime" in asmdef["references"]


def test_internals_are_visible_to_every_other_assembly() -> None:
    info = (PACKAGE / "Runtime" / "AssemblyInfo.cs").read_text(encoding="utf-8")
    for name in ("AgentBridge.Editor", "AgentBridge.Tests.Editor", "AgentBridge.Tests.Runtime"):
        assert f'InternalsVisibleTo("{name}")' in info


def test_one_exception_class_per_file() -> None:
    for path in (PACKAGE / "Runtime").rglob("*.cs"):
        classes = re.findall(r"class (\w+Exception)\b", path.read_text(encoding="utf-8"))
        assert len(classes) <= 1 and all(name == path.stem for name in classes), path


def test_every_asset_has_a_meta_file() -> None:
    """Unity ignores files without .meta in immutable (git or registry) packages."""
    missing = [str(path.relative_to(PACKAGE)) for path in write_meta.assets()
               if not path.with_name(path.name + ".meta").is_file()]
    assert not missing, f"run tests/unity/write_meta.py; no .meta for: {missing}"
