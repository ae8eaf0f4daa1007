# Installs what AgentBridge needs on Windows (PowerShell 5.1 or 7):
#   - a virtual environment in .venv holding the Python package with its test and check extras,
#   - Godot 4.6 (the official build, checksum-verified) into a private cached folder, unless
#     GODOT_BIN names an engine.
# The Unity package's Mono checks run on Linux only. Safe to run again.
# Then: .venv\Scripts\python demos\demo_agent_plays.py   and   .venv\Scripts\python -m pytest -n auto
$ErrorActionPreference = "Stop"
Set-Location $PSScriptRoot

function Invoke-Checked {
    param([string]$Program, [string[]]$Arguments)
    & $Program @Arguments
    if ($LASTEXITCODE -ne 0) { throw "$Program $($Arguments -join ' ') failed ($LASTEXITCODE)" }
}

Write-Host "== Python environment (.venv)"
$python = $env:PYTHON
if (-not $python) {
    if (Get-Command py -ErrorAction SilentlyContinue) { $python = "py" } else { $python = "python" }
}
$launcherArgs = @()
if ($python -eq "py") { $launcherArgs = @("-3") }
if (-not (Test-Path ".venv\Scripts\python.exe")) {
    if (Test-Path ".venv") { Remove-Item -Recurse -Force ".venv" }
    Invoke-Checked $python ($launcherArgs + @("-c", "import sys; sys.exit(sys.version_info < (3, 10))"))
    Invoke-Checked $python ($launcherArgs + @("-m", "venv", ".venv"))
}
$venvPython = Join-Path $PSScriptRoot ".venv\Scripts\python.exe"
# compat: the checkout goes on sys.path through a .pth line, not an import hook that costs
# every command-line call about 10 ms of start-up (as install.sh).
Invoke-Checked $venvPython @("-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", ".[dev]",
    "--config-settings", "editable_mode=compat")

Write-Host "== Godot engine"
if ($env:GODOT_BIN) {
    Write-Host "using GODOT_BIN=$env:GODOT_BIN"
} else {
    Invoke-Checked $venvPython @("-m", "agent_client.cli", "install-godot")
}

Write-Host "== Mono: skipped (the Unity package is checked on Linux)"
