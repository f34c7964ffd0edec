"""The PyInstaller bundle's entry point: ``euchre-qt`` with the same options as the wheel's command.

``euchre-qt --smoke-test`` runs the packaging smoke test (``euchre_qt.smoke``): start the
window, let the computer make a few moves, render a card, load the icon, exit 0 or 1.
CI runs it on the freshly built bundle with ``QT_QPA_PLATFORM=offscreen``.
"""

import sys

if __name__ == "__main__":
    if "--smoke-test" in sys.argv[1:]:
        from euchre_qt.smoke import main as smoke

        sys.exit(smoke([a for a in sys.argv[1:] if a != "--smoke-test"]))
    from euchre_qt.__main__ import main

    sys.exit(main())
