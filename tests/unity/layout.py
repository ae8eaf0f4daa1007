"""Where the Unity bridge's files are, for the checks in this folder."""

from __future__ import annotations

import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PACKAGE = REPO / "unity_bridge"
BUILD_SCRIPT = HERE / "build.sh"
NEWTONSOFT_DLL = Path(os.environ.get("NEWTONSOFT_DLL",
                                     "/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll"))
NUNIT_DLL = Path(os.environ.get("NUNIT_DLL", "/usr/lib/cli/nunit.framework-2.6.3/nunit.framework.dll"))
