"""The desktop program (PySide6). Nothing here decides rules: see ``euchre_qt.engine``."""
