"""The compiled search core's C sources, and the digest a build of them carries.

The standard library only: ``hatch_build.py`` loads this file by its path while it builds
the wheel (the package is not importable then) and names the digest in the module it
builds; ``core.compiled_core`` compares that digest with the sources beside it, so a module
left from older sources (an editable install not rebuilt) is not used.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

MODULE = "_search"  # euchre_qt.engine.ai._search, built from every .c file in SOURCE_DIR
SOURCE_DIR = Path(__file__).with_name("_search_c")


def c_files(folder: Path = SOURCE_DIR) -> list[Path]:
    """The files the build compiles and links into the one module."""
    return sorted(folder.glob("*.c"))


def source_digest(folder: Path = SOURCE_DIR) -> str:
    """A digest of every C source and header in ``folder``, by name and content."""
    digest = hashlib.sha256()
    for path in sorted([*folder.glob("*.c"), *folder.glob("*.h")]):
        content = path.read_bytes()
        digest.update(f"{path.name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()[:16]
