"""P1: the wheel carries everything, and a non-editable install runs on its own.

Builds the wheel with ``pip wheel --no-deps`` (as ``pip install .`` does), installs it
with its dependencies into a brand-new virtual environment, then, from a temporary
working directory and with no PYTHONPATH (so nothing can be read from this checkout),
runs the ``euchre-qt`` command and ``python -m euchre_qt``, and the packaging smoke test
(``python -m euchre_qt.smoke``: the real window offscreen, a few computer moves, a card
rendered, the icon loaded from the installed resources).

About 30-60 s here: PySide6 comes from the registry or pip's cache, as on a user's machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import euchre_qt
from euchre_qt.engine.ai.core import compiled_core

ROOT = Path(__file__).resolve().parents[2]
SOURCE_RESOURCES = ROOT / "resources"

pytestmark = pytest.mark.slow


def _run(cmd: list[str | Path], *, cwd: Path, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    command = " ".join(map(str, cmd))
    assert result.returncode == 0, (
        f"{command} exited {result.returncode}\n--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"
    )
    return result


def _clean_env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "EUCHRE_QT_"))}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if ".venv" not in p)
    env.update(
        QT_QPA_PLATFORM="offscreen",
        EUCHRE_QT_CONFIG_DIR=str(tmp / "config"),
        EUCHRE_QT_DATA_DIR=str(tmp / "data"),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        # pip's wheel cache is in the run's home, and a wheel of euchre-qt's there would be
        # taken for the program writing into the user's folders (tests/conftest.py)
        PIP_NO_CACHE_DIR="1",
    )
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheelhouse")
    env = _clean_env(out)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", out, ROOT], cwd=out, env=env, timeout=300)
    (built,) = out.glob("euchre_qt-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], Path]:
    """A fresh venv (no system site-packages) with the wheel and its dependencies installed."""
    tmp = tmp_path_factory.mktemp("venv")
    env_dir = tmp / "env"
    venv.EnvBuilder(with_pip=False, system_site_packages=False, clear=True).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    env = _clean_env(tmp)
    # This interpreter's pip installs into the new environment (saves bootstrapping pip there).
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", wheel], cwd=tmp, env=env, timeout=600)
    cwd = tmp / "elsewhere"
    cwd.mkdir()
    return python, env, cwd


def test_wheel_contains_resources_and_entry_point(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        f"euchre_qt/resources/{p.relative_to(SOURCE_RESOURCES).as_posix()}"
        for p in SOURCE_RESOURCES.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert expected, "no resources in the source tree?"
    assert expected <= names, f"missing from the wheel: {sorted(expected - names)}"
    assert {"euchre_qt/__main__.py", "euchre_qt/smoke.py", "euchre_qt/app/cardart/__init__.py"} <= names
    # the published EGN schema that every .egn file is checked against, and its licence
    assert {f"euchre_qt/notation/{n}" for n in ("egn-schema-v1.json", "LICENSE-EGN", "NOTICE")} <= names
    (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "euchre-qt = euchre_qt.__main__:main" in text
    assert not [n for n in names if n.startswith(("tests/", "packaging/", "benchmarks/"))]
    # the compiled search core, where this machine can build it (hatch_build.py)
    if compiled_core() is not None:
        assert [n for n in names if n.startswith("euchre_qt/engine/ai/_search.") and n.endswith((".so", ".pyd"))]
        assert "-none-any" not in wheel.name
    # its C sources build it and stay behind (pyproject's exclude)
    assert not [n for n in names if n.endswith((".c", ".h"))]


def test_installed_package_is_the_wheel_not_the_checkout(installed: tuple[Path, dict[str, str], Path]) -> None:
    python, env, cwd = installed
    code = "import euchre_qt, sys; print(euchre_qt.__file__); print(sys.prefix)"
    file, prefix = _run([python, "-c", code], cwd=cwd, env=env, timeout=60).stdout.split()
    package = Path(file).parent
    assert Path(prefix).resolve() == python.parent.parent.resolve()
    assert "site-packages" in package.parts and not package.is_relative_to(ROOT), package
    shipped = {p.relative_to(package / "resources") for p in (package / "resources").rglob("*") if p.is_file()}
    source = {p.relative_to(SOURCE_RESOURCES) for p in SOURCE_RESOURCES.rglob("*") if p.is_file()}
    assert source <= shipped


def test_command_and_module_start(installed: tuple[Path, dict[str, str], Path]) -> None:
    python, env, cwd = installed
    script = python.parent / ("euchre-qt.exe" if os.name == "nt" else "euchre-qt")
    assert script.exists()
    version = f"euchre-qt {euchre_qt.__version__}"
    assert _run([script, "--version"], cwd=cwd, env=env, timeout=60).stdout.strip() == version
    assert _run([python, "-m", "euchre_qt", "--version"], cwd=cwd, env=env, timeout=60).stdout.strip() == version
    assert "usage: euchre-qt" in _run([script, "--help"], cwd=cwd, env=env, timeout=60).stdout


def test_installed_program_runs_offscreen(installed: tuple[Path, dict[str, str], Path]) -> None:
    python, env, cwd = installed
    out = _run([python, "-m", "euchre_qt.smoke"], cwd=cwd, env=env, timeout=120).stdout
    assert "smoke: passed" in out, out
    core = "compiled" if compiled_core() is not None else "python"
    assert f"smoke: search core {core} (in the helper process)" in out, out
    package_line = next(line for line in out.splitlines() if line.startswith("smoke: package "))
    package = Path(package_line.removeprefix("smoke: package "))
    assert "site-packages" in package.parts and not package.is_relative_to(ROOT), out
    # the program wrote its files where it was told, never into the working directory
    assert not any(cwd.iterdir())


def test_wheel_carries_the_sounds(wheel: Path) -> None:
    from euchre_qt.app.table.sound import EFFECTS

    names = set(zipfile.ZipFile(wheel).namelist())
    sounds = {f"euchre_qt/resources/sounds/{name}.wav" for name in EFFECTS}
    assert sounds <= names, f"missing from the wheel: {sorted(sounds - names)}"
