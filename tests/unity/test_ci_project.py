"""The Unity CI set-up that cannot run here: the host project opens the package as testable,
and the workflow runs game-ci on each supported Unity version in both test modes. (No YAML
parser is a dependency of the project, so the workflow is read as text.)"""

from __future__ import annotations

import json
import re

from tests.unity.layout import HERE, PACKAGE, REPO

PROJECT = HERE / "project"
WORKFLOW = REPO / ".github" / "workflows" / "unity.yml"


def test_the_host_project_uses_this_package_as_testable() -> None:
    manifest = json.loads((PROJECT / "Packages" / "manifest.json").read_text(encoding="utf-8"))
    name = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))["name"]
    source = manifest["dependencies"][name]
    assert source.startswith("file:")
    assert (PROJECT / "Packages" / source.removeprefix("file:")).resolve() == PACKAGE
    assert manifest["testables"] == [name]
    assert "com.unity.test-framework" in manifest["dependencies"]


def test_the_workflow_tests_every_supported_version_in_both_modes() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    versions = re.search(r"unityVersion: \[([^\]]+)\]", text)
    modes = re.search(r"testMode: \[([^\]]+)\]", text)
    assert versions is not None and modes is not None
    streams = {version.strip().rsplit(".", 1)[0] for version in versions.group(1).split(",")}
    assert {"2021.3", "2022.3"} <= streams and any(s.startswith("6000.") for s in streams)
    assert {mode.strip() for mode in modes.group(1).split(",")} == {"editmode", "playmode"}
    assert "uses: game-ci/unity-test-runner@v4" in text
    assert "projectPath: tests/unity/project" in text
    assert "python -m pytest tests/unity tests/protocol -q" in text
