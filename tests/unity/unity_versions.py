"""The Unity versions the package is compiled against here, without Unity.

No Unity and no UnityEngine reference assembly can be had on these machines, so each supported
Unity version is modelled by the API shim in ``shim/`` compiled with that version's facts as
``UNITY_API_*`` symbols (which APIs exist, which are obsolete, which are obsolete as errors). The
package is then compiled against each model with the scripting defines Unity itself would give
its assemblies there: those that the asmdefs' ``versionDefines`` produce for that Unity version
and those package versions. A model is only as true as the facts written in ``MODELS``.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from tests.unity.layout import HERE, PACKAGE

SHIM = HERE / "shim"

# Facts about Unity's API by version (the shim's UNITY_API_* symbols):
#   FIND_BY_TYPE              Object.FindObjectsByType exists (2021.3.18+, 2022.2+)
#   FIND_OF_TYPE_OBSOLETE     Object.FindObjectsOfType is [Obsolete] (2023.1+)
#   ENTITY_ID                 Object.GetEntityId and EntityId exist (6000.2+)
#   INSTANCE_ID_ERROR         Object.GetInstanceID is [Obsolete(error: true)] (6000.5+)
_UNITY_6 = frozenset({"FIND_BY_TYPE", "FIND_OF_TYPE_OBSOLETE"})


@dataclass(frozen=True)
class UnityModel:
    """One Unity version as the shim models it, with the UPM packages installed beside it."""

    version: str
    api: frozenset[str]
    packages: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        with_packages = "+".join(f"{name.rsplit('.', 1)[-1]}-{v}" for name, v in self.packages.items())
        return self.version + (f"+{with_packages}" if with_packages else "")


MODELS = [
    UnityModel("2021.3.0f1", frozenset()),
    UnityModel("2021.3.45f1", frozenset({"FIND_BY_TYPE"})),
    UnityModel("2022.3.50f1", frozenset({"FIND_BY_TYPE"}), {"com.unity.inputsystem": "1.7.0"}),
    UnityModel("6000.0.40f1", _UNITY_6),
    UnityModel("6000.2.0f1", _UNITY_6 | {"ENTITY_ID"}, {"com.unity.inputsystem": "1.14.0"}),
    UnityModel("6000.5.0a1", _UNITY_6 | {"ENTITY_ID", "INSTANCE_ID_ERROR"},
               {"com.unity.inputsystem": "1.14.0"}),
]

# What each define of the package means in API facts: the define must be set exactly where the
# fact holds (checked per model by tests/unity/test_unity_versions.py).
DEFINE_FACTS = {
    "AGENT_BRIDGE_FIND_BY_TYPE": lambda model: "FIND_BY_TYPE" in model.api,
    "AGENT_BRIDGE_ENTITY_ID": lambda model: "ENTITY_ID" in model.api,
    "AGENT_BRIDGE_INPUT_SYSTEM": lambda model: "com.unity.inputsystem" in model.packages,
}

_SUFFIX_RANK = {"a": 0, "b": 1, "f": 2, "c": 2, "p": 3}
_VERSION = re.compile(r"^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:([abfcp])(\d+))?(?:-[0-9A-Za-z.-]+)?$")


def parse_version(text: str) -> tuple[int, ...]:
    """``2021.3.18f1`` -> (2021, 3, 18, 2, 1); missing parts count as the lowest there is."""
    match = _VERSION.match(text.strip())
    if match is None:
        raise ValueError(f"not a Unity or package version: {text!r}")
    major, minor, patch, suffix, number = match.groups()
    release = (_SUFFIX_RANK[suffix], int(number)) if suffix else ((2, 0) if patch else (0, 0))
    return (int(major), int(minor or 0), int(patch or 0), *release)


def in_range(version: str, expression: str) -> bool:
    """Unity's version-define expressions: ``1.2`` (at least), ``[1.2]`` (exactly), and
    intervals ``[a,b]``, ``[a,b)``, ``(a,b]``, ``(a,b)`` (either bound may be empty)."""
    value = parse_version(version)
    expression = expression.strip()
    if expression[:1] not in "[(":
        return value >= parse_version(expression)
    low_closed, high_closed = expression[0] == "[", expression[-1] == "]"
    inner = expression[1:-1]
    if "," not in inner:
        return low_closed and high_closed and value == parse_version(inner)
    low, high = (part.strip() for part in inner.split(",", 1))
    if low and not (value >= parse_version(low) if low_closed else value > parse_version(low)):
        return False
    return not high or (value <= parse_version(high) if high_closed else value < parse_version(high))


def defines_for(asmdef: dict, model: UnityModel) -> list[str]:
    """The scripting defines an asmdef's versionDefines give its assembly under ``model``, after
    the project-wide ones Unity sets (ENABLE_INPUT_SYSTEM where the Input System package is the
    active input handling, as its installer makes it)."""
    defines = ["ENABLE_INPUT_SYSTEM"] if "com.unity.inputsystem" in model.packages else []
    for rule in asmdef.get("versionDefines", []):
        resource = rule["name"]
        installed = model.version if resource == "Unity" else model.packages.get(resource)
        if installed is not None and in_range(installed, rule["expression"]) \
                and rule["define"] not in defines:
            defines.append(rule["define"])
    return defines


def _asmdef(relative: str) -> dict:
    return json.loads((PACKAGE / relative).read_text(encoding="utf-8"))


def _sources(*folders: Path) -> list[str]:
    return sorted(str(path) for folder in folders for path in folder.rglob("*.cs"))


def _csc(out: Path, sources: list[str], refs: list[Path], defines: list[str],
         *extra: str) -> None:
    argv = ["mcs", "-langversion:7.2", "-nologo", "-warnaserror+", "-target:library",
            f"-out:{out}", *extra, *(f"-r:{ref}" for ref in refs),
            *(f"-define:{name}" for name in defines), *sources]
    run = subprocess.run(argv, capture_output=True, text=True, timeout=300, check=False)
    if run.returncode != 0:
        raise AssertionError(f"{out.name} does not compile:\n{run.stdout}\n{run.stderr}")


def build_package(out: Path, model: UnityModel, newtonsoft: Path, nunit: Path) -> dict[str, Path]:
    """Compiles the shim as ``model`` and the whole package (Runtime without UnityEditor, Editor,
    both test assemblies, the Playground sample) against it; every warning is an error, so an
    obsolete API fails."""
    out.mkdir(parents=True, exist_ok=True)
    api = [f"UNITY_API_{fact}" for fact in sorted(model.api)]
    engine = out / "UnityEngine.dll"
    _csc(engine, _sources(SHIM / "engine"), [], api, "-nowarn:1591")
    editor = out / "UnityEditor.dll"
    _csc(editor, _sources(SHIM / "editor"), [engine], api, "-nowarn:1591")
    engine_refs = [engine]
    if "com.unity.inputsystem" in model.packages:
        input_system = out / "Unity.InputSystem.dll"
        _csc(input_system, _sources(SHIM / "inputsystem"), [engine], api, "-nowarn:1591")
        engine_refs.append(input_system)
    built = {name: out / f"{name}.dll" for name in (
        "AgentBridge.Runtime", "AgentBridge.Editor", "AgentBridge.Tests.Runtime",
        "AgentBridge.Tests.Editor", "AgentBridge.Samples.Playground")}
    runtime = built["AgentBridge.Runtime"]
    _csc(runtime, _sources(PACKAGE / "Runtime"), [*engine_refs, newtonsoft],
         defines_for(_asmdef("Runtime/AgentBridge.Runtime.asmdef"), model),
         f"-doc:{out / 'AgentBridge.Runtime.xml'}")
    _csc(built["AgentBridge.Editor"], _sources(PACKAGE / "Editor"),
         [*engine_refs, editor, runtime, newtonsoft],
         defines_for(_asmdef("Editor/AgentBridge.Editor.asmdef"), model))
    _csc(built["AgentBridge.Tests.Runtime"], _sources(PACKAGE / "Tests" / "Runtime"),
         [*engine_refs, runtime, newtonsoft, nunit],
         defines_for(_asmdef("Tests/Runtime/AgentBridge.Tests.Runtime.asmdef"), model))
    _csc(built["AgentBridge.Tests.Editor"], _sources(PACKAGE / "Tests" / "Editor"),
         [runtime, newtonsoft, nunit],
         defines_for(_asmdef("Tests/Editor/AgentBridge.Tests.Editor.asmdef"), model))
    playground = "Samples~/Playground"
    _csc(built["AgentBridge.Samples.Playground"], _sources(PACKAGE / playground), [*engine_refs, runtime],
         defines_for(_asmdef(f"{playground}/AgentBridge.Samples.Playground.asmdef"), model))
    return built
