"""Drills, the program's side: the dialog, the practice in a terminal (``euchre-qt drills``)
and the person's progress kept in the data folder. The drills themselves are Qt-free
(``euchre_qt.drills``); nothing here but ``dialog`` imports Qt."""
