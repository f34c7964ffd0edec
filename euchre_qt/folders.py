"""Where euchre-qt keeps its files, for every part of it (the window, ``euchre-qt join``,
``euchre-qt serve``): settings in the platform's config folder, everything else (statistics,
the game log, the autosave, seat keys, a server's tables) in its data folder. Both can be
moved with an environment variable, which the tests use to keep every file in their own
folders:

``EUCHRE_QT_CONFIG_DIR``  the folder holding ``settings.ini``
``EUCHRE_QT_DATA_DIR``    the folder holding everything else

No Qt: a terminal subcommand imports it too.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "euchre-qt"


def config_dir() -> Path:
    override = os.environ.get("EUCHRE_QT_CONFIG_DIR")
    if override:
        return Path(override)
    linux = _linux_config_home()
    if linux is not None:
        return linux / APP_NAME
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME))


def _linux_config_home() -> Path | None:
    """On Linux, the XDG rule that platformdirs follows, where it is plain: the window's
    first frame finds the settings file, and need not import platformdirs for it. None
    elsewhere, and for an unusual home (platformdirs decides those)."""
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel"):
        return None
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    if os.path.isabs(xdg):
        return Path(xdg)
    home = os.environ.get("HOME", "")
    return Path(home, ".config") if os.path.isabs(home) else None


def data_dir() -> Path:
    override = os.environ.get("EUCHRE_QT_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME))
