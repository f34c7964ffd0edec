"""euchre-qt: a desktop Euchre game; the rules and computer players live in ``euchre_qt.engine``."""

__version__ = "0.1.0"
