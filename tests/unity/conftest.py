"""Fixtures for the Unity bridge checks that run without Unity: the Mono build of the package
against the UnityEngine API shim, its NUnit tests, and the headless console host.

The checks need Mono (mcs, mono, nunit-console). Without it they are skipped with the reason
locally, and fail on CI (``CI`` set), where the machine is expected to have installed it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.unity.layout import BUILD_SCRIPT

MONO_TOOLS = ("mcs", "mono", "nunit-console")
INSTALL_HINT = ("apt-get install -y --no-install-recommends mono-mcs mono-runtime "
                "libmono-system-core4.0-cil libnewtonsoft-json-cil-dev libnunit-cil-dev "
                "nunit-console")


def on_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require_mono() -> None:
    """Skip (locally) or fail (on CI) when a Mono tool is missing."""
    missing = [tool for tool in MONO_TOOLS if shutil.which(tool) is None]
    if not missing:
        return
    message = (f"Mono is needed for the Unity bridge checks; missing: {', '.join(missing)} "
               f"({INSTALL_HINT})")
    if on_ci():
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def unity_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The output folder of tests/unity/build.sh: package/, core/ and host/."""
    require_mono()
    out = tmp_path_factory.mktemp("unity-build")
    result = subprocess.run(["bash", str(BUILD_SCRIPT), str(out)], capture_output=True, text=True,
                            timeout=600, check=False)
    if result.returncode != 0:
        pytest.fail(f"tests/unity/build.sh failed ({result.returncode}):\n{result.stdout}\n"
                    f"{result.stderr}", pytrace=False)
    return out


@pytest.fixture(scope="session")
def host_exe(unity_build: Path) -> Path:
    """AgentBridgeHost.exe: the engine-independent core over the synthetic scene."""
    return unity_build / "host" / "AgentBridgeHost.exe"
