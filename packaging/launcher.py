"""The PyInstaller bundle's entry point: ``euchre-qt`` with the same options as the wheel's command.

``euchre-qt --smoke-test`` runs the packaging smoke test (``euchre_qt.smoke``: the real
program, checked from inside its window, then closed; exit 0 or 1). ``packaging/build.py``
and CI run it on the freshly built bundle with ``QT_QPA_PLATFORM=offscreen``.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    # A frozen program's helper processes start this same executable: let them do their
    # work and exit here, before any of the program runs.
    multiprocessing.freeze_support()
    if "--smoke-test" in sys.argv[1:]:
        from euchre_qt.smoke import main as smoke

        sys.exit(smoke([a for a in sys.argv[1:] if a != "--smoke-test"]))
    from euchre_qt.__main__ import main

    sys.exit(main())
