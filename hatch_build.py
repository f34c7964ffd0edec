"""Build hook: compiles the search core (euchre_qt/engine/ai/_search.c) into the wheel.

With a C compiler at hand (the one this Python was built with, from ``sysconfig``, or
``$CC``) the wheel carries the compiled core and is tagged for this platform; without one
the hook prints a warning and the wheel stays pure Python: the program then thinks with
the pure-Python core, the same answers, slower (euchre_qt/engine/ai/core.py). An editable
install (``pip install -e .``) puts the built module next to its source (git-ignored).
"""

from __future__ import annotations

import hashlib
import os
import shlex
import subprocess
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE_DIR = "euchre_qt/engine/ai"
SOURCE = f"{PACKAGE_DIR}/_search.c"
MODULE = "_search"


def source_digest(source: Path) -> str:
    """What the built module says it was built from: ``core.compiled_core`` compares it with
    the source beside it, so a module left from an older source is not used."""
    return hashlib.sha256(source.read_bytes()).hexdigest()[:16]


def compile_extension(source: Path, target: Path) -> str | None:
    """Compile ``source`` to the extension module ``target``; None if done, else why not."""
    config = sysconfig.get_config_vars()
    compiler = os.environ.get("CC") or config.get("CC")
    linker = os.environ.get("LDSHARED") or config.get("LDSHARED")
    if not compiler or not linker:
        return "this Python names no C compiler"
    include = sysconfig.get_paths()["include"]
    flags = shlex.split(config.get("CFLAGS") or "") + shlex.split(config.get("CCSHARED") or "")
    with tempfile.TemporaryDirectory() as work:
        objects = Path(work) / f"{MODULE}.o"
        preprocessor = [f'-DSOURCE_DIGEST="{source_digest(source)}"', f"-I{include}"]
        steps = [
            [*shlex.split(compiler), *flags, "-O3", "-g0", *preprocessor, "-c", str(source), "-o", str(objects)],
            [*shlex.split(linker), str(objects), "-lm", "-o", str(target)],
        ]
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
        name = MODULE + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")
        source = Path(self.root) / SOURCE
        if version == "editable":
            target = Path(self.root) / PACKAGE_DIR / name
        else:
            self._work = tempfile.TemporaryDirectory()
            target = Path(self._work.name) / name
        why_not = compile_extension(source, target)
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
