#!/usr/bin/env bash
# Builds the Unity bridge's checks with Mono; no Unity is needed and nothing is installed here.
#
#   tests/unity/build.sh OUTPUT_DIR
#
# OUTPUT_DIR/core/      Runtime/Core alone, with no UnityEngine reference at all, and the NUnit
#                       tests in Tests/Editor against it (AgentBridge.Tests.Editor.dll).
# OUTPUT_DIR/host/      AgentBridgeHost.exe: the core and the synthetic scene in a console game.
#
# Needs mcs and the Newtonsoft.Json and NUnit 2.6 assemblies (Debian: mono-mcs,
# libnewtonsoft-json-cil-dev, libnunit-cil-dev); NEWTONSOFT_DLL and NUNIT_DLL override where
# they are. Run the tests with: nunit-console OUTPUT_DIR/core/AgentBridge.Tests.Editor.dll
#
# The whole package (Runtime, Editor, both test assemblies) is compiled against the UnityEngine
# API shim once per modelled Unity version by tests/unity/unity_versions.py.
set -euo pipefail

out="${1:?usage: build.sh OUTPUT_DIR}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
pkg="$repo/unity_bridge"
newtonsoft="${NEWTONSOFT_DLL:-/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll}"
nunit="${NUNIT_DLL:-/usr/lib/cli/nunit.framework-2.6.3/nunit.framework.dll}"

for tool in mcs; do
    command -v "$tool" >/dev/null || { echo "build.sh: '$tool' is missing (Debian: apt-get install mono-mcs)" >&2; exit 2; }
done
for dll in "$newtonsoft" "$nunit"; do
    [ -f "$dll" ] || { echo "build.sh: $dll is missing (Debian: libnewtonsoft-json-cil-dev, libnunit-cil-dev)" >&2; exit 2; }
done

# C# 7.2 builds with both mcs and Unity. Every warning is an error.
csc() { mcs -langversion:7.2 -nologo -warnaserror+ "$@"; }
sources() { find "$@" -name '*.cs' | LC_ALL=C sort; }

mkdir -p "$out/core" "$out/host"
out="$(cd "$out" && pwd)"
for dir in core host; do cp "$newtonsoft" "$out/$dir/"; done
cp "$nunit" "$out/core/"

echo "== core: Runtime/Core with no UnityEngine reference, and its NUnit tests"
csc -target:library -nowarn:1591 -out:"$out/core/AgentBridge.Runtime.dll" -r:"$newtonsoft" \
    $(sources "$pkg/Runtime/Core") "$pkg/Runtime/AssemblyInfo.cs"
csc -target:library -out:"$out/core/AgentBridge.Tests.Editor.dll" \
    -r:"$out/core/AgentBridge.Runtime.dll" -r:"$newtonsoft" -r:"$nunit" $(sources "$pkg/Tests/Editor")

echo "== host: AgentBridgeHost.exe"
csc -target:exe -nowarn:1591 -out:"$out/host/AgentBridgeHost.exe" -r:"$newtonsoft" \
    $(sources "$pkg/Runtime/Core" "$pkg/Tests/Editor/Synthetic" "$here/host") "$pkg/Runtime/AssemblyInfo.cs"

echo "built into $out"
