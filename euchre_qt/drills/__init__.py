"""Drills, Qt-free (L4): positions to solve by theme, each with one clearly best choice.

    from euchre_qt.drills.shelf import load
    from euchre_qt.drills.schedule import DrillProgress
    from euchre_qt.drills.words import position_lines, verdict

    shelf = load(path)  # the drills shipped in resources/drills/drills.json
    drill = DrillProgress().next_drill(shelf.drills)
    print("\\n".join(position_lines(drill)))
    print(verdict(drill, drill.answer))

How drills are made and checked: ``judging`` (the honesty rule), ``making`` and
``scripts/make_drills.py``; docs/learning.md has the figures.
"""
