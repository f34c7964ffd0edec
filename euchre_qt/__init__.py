"""euchre-qt: a desktop Euchre game; the rules and computer players live in ``euchre_qt.engine``."""

__version__ = "0.1.0"
APP_ID = "io.github.euchre_qt.EuchreQt"  # the .desktop file, AppStream metainfo and icon name
