"""Build hook: compiles the search core (euchre_qt/engine/ai/_search_c/*.c) into the wheel.

With a C compiler at hand (the one this Python was built with, from ``sysconfig``, or
``$CC``) the wheel carries the compiled core and is tagged for this platform; without one
the hook prints a warning and the wheel stays pure Python: the program then thinks with
the pure-Python core, the same answers, slower (euchre_qt/engine/ai/core.py). An editable
install (``pip install -e .``) puts the built module next to its source (git-ignored).
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import subprocess
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE_DIR = "euchre_qt/engine/ai"


def core_sources() -> ModuleType:
    """``euchre_qt/engine/ai/core_sources.py``, loaded by its path (the package is not
    importable while it is being built): which files to compile, and their digest."""
    path = Path(__file__).resolve().parent / PACKAGE_DIR / "core_sources.py"
    spec = importlib.util.spec_from_file_location("_euchre_qt_core_sources", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compile_extension(folder: Path, target: Path) -> str | None:
    """Compile the C files in ``folder`` into the one extension module ``target``; None if
    done, else why not. The module names the digest of the sources it was built from."""
    sources = core_sources()
    config = sysconfig.get_config_vars()
    compiler = os.environ.get("CC") or config.get("CC")
    linker = os.environ.get("LDSHARED") or config.get("LDSHARED")
    if not compiler or not linker:
        return "this Python names no C compiler"
    include = sysconfig.get_paths()["include"]
    flags = shlex.split(config.get("CFLAGS") or "") + shlex.split(config.get("CCSHARED") or "")
    # hidden: the files share their functions with each other, not with other libraries
    flags += ["-O3", "-g0", "-fvisibility=hidden", f'-DSOURCE_DIGEST="{sources.source_digest(folder)}"', f"-I{include}"]
    c_files = sources.c_files(folder)
    if not c_files:
        return f"no C sources in {folder}"
    with tempfile.TemporaryDirectory() as work:
        objects = [str(Path(work) / f"{c_file.stem}.o") for c_file in c_files]
        steps = [[*shlex.split(compiler), *flags, "-c", str(c), "-o", o] for c, o in zip(c_files, objects, strict=True)]
        steps.append([*shlex.split(linker), *objects, "-lm", "-o", str(target)])
        for step in steps:
            try:
                done = subprocess.run(step, capture_output=True, text=True, check=False)
            except OSError as error:
                return f"{step[0]}: {error.strerror}"
            if done.returncode != 0:
                said = (done.stderr or done.stdout).strip()
                return said.splitlines()[-1] if said else f"{step[0]} failed"
    return None


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        sources = core_sources()
        name = sources.MODULE + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")
        if version == "editable":
            target = Path(self.root) / PACKAGE_DIR / name
        else:
            self._work = tempfile.TemporaryDirectory()
            target = Path(self._work.name) / name
        why_not = compile_extension(sources.SOURCE_DIR, target)
        if why_not is not None:
            self.app.display_warning(
                f"euchre-qt: the compiled search core was not built ({why_not}); "
                "the computer players will think with the pure-Python core, the same play, slower."
            )
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version != "editable":
            build_data["force_include"][str(target)] = f"{PACKAGE_DIR}/{name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            work.cleanup()
