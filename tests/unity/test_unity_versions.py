"""The package compiles against every modelled Unity version (tests/unity/unity_versions.py),
each with the defines its asmdefs' versionDefines give there, and those defines match the API
facts of each version."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unity.conftest import require_mono
from tests.unity.layout import NEWTONSOFT_DLL, NUNIT_DLL
from tests.unity.unity_versions import (
    DEFINE_FACTS,
    MODELS,
    UnityModel,
    _asmdef,
    build_package,
    defines_for,
    in_range,
    parse_version,
)


@pytest.mark.parametrize("model", MODELS, ids=[model.name for model in MODELS])
def test_the_package_compiles_against(model: UnityModel, tmp_path: Path) -> None:
    require_mono()
    built = build_package(tmp_path, model, NEWTONSOFT_DLL, NUNIT_DLL)
    for name, dll in built.items():
        assert dll.is_file(), name


@pytest.mark.parametrize("model", MODELS, ids=[model.name for model in MODELS])
def test_version_defines_follow_the_api(model: UnityModel) -> None:
    defines = defines_for(_asmdef("Runtime/AgentBridge.Runtime.asmdef"), model)
    for define, holds in DEFINE_FACTS.items():
        assert (define in defines) == holds(model), f"{define} under {model.name}: {defines}"


def test_the_models_cover_the_supported_versions() -> None:
    streams = {tuple(parse_version(model.version)[:2]) for model in MODELS}
    assert {(2021, 3), (2022, 3), (6000, 0)} <= streams
    assert any("com.unity.inputsystem" in model.packages for model in MODELS)
    assert any("com.unity.inputsystem" not in model.packages for model in MODELS)


def test_versions_order_as_unity_orders_them() -> None:
    assert parse_version("2021.3.18f1") > parse_version("2021.3.17f1")
    assert parse_version("2022.2.0a1") < parse_version("2022.2.0b1") < parse_version("2022.2.0f1")
    assert parse_version("6000.0.1f1") > parse_version("2023.2.20f1")
    assert parse_version("1.7.0") == (1, 7, 0, 2, 0)
    with pytest.raises(ValueError):
        parse_version("six")


@pytest.mark.parametrize(("version", "expression", "inside"), [
    ("2021.3.18f1", "[2021.3.18f1,2022.1.0a1)", True),
    ("2021.3.17f1", "[2021.3.18f1,2022.1.0a1)", False),
    ("2022.1.5f1", "[2021.3.18f1,2022.1.0a1)", False),
    ("2022.2.0b3", "2022.2.0a1", True),
    ("6000.2.0f1", "6000.2.0a1", True),
    ("6000.1.9f1", "6000.2.0a1", False),
    ("1.7.0", "[1.7.0]", True),
    ("1.7.1", "(1.0.0,1.7.0]", False),
    ("1.0.0", "(1.0.0,)", False),
])
def test_version_define_expressions(version: str, expression: str, inside: bool) -> None:
    assert in_range(version, expression) is inside
