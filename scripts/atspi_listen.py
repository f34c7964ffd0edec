"""Log what a screen reader hears from euchre-qt over AT-SPI (run with Debian's python3,
which has pyatspi): announcements, focus changes and their names, one line each.

Used by scripts/atspi_check.sh; see docs/accessibility.md.
"""

from __future__ import annotations

import sys
import time

import pyatspi  # type: ignore[import-not-found]

START = time.monotonic()


def describe(source: object) -> str:
    try:
        role = source.getRoleName()  # type: ignore[attr-defined]
        name = source.name  # type: ignore[attr-defined]
        parent = source.parent  # type: ignore[attr-defined]
        index = source.getIndexInParent()  # type: ignore[attr-defined]
        count = parent.childCount if parent is not None else 0
        where = (
            f" ({index + 1} of {count} in {parent.getRoleName()})" if parent is not None and role == "list item" else ""
        )
        return f"{role} {name!r}{where}"
    except Exception as exc:  # an object gone before we could read it is what we look for
        return f"<dead object: {type(exc).__name__}>"


def on_event(event: object) -> None:
    kind = event.type  # type: ignore[attr-defined]
    stamp = f"{time.monotonic() - START:7.2f}"
    if "announcement" in kind:
        print(f"{stamp} SAY   {event.any_data}", flush=True)  # type: ignore[attr-defined]
    elif kind.startswith("object:state-changed:showing") and event.detail1:  # type: ignore[attr-defined]
        try:  # on Linux the game's announcements are notifications that appear (spoken_notice)
            if event.source.getRoleName() == "notification":  # type: ignore[attr-defined]
                print(f"{stamp} SAY   {event.source.name}", flush=True)  # type: ignore[attr-defined]
        except Exception:
            print(f"{stamp} SAY   <dead notification>", flush=True)
    elif kind.startswith("object:state-changed:focused") and event.detail1:  # type: ignore[attr-defined]
        print(f"{stamp} FOCUS {describe(event.source)}", flush=True)  # type: ignore[attr-defined]


def main() -> None:
    for kind in ("object:announcement", "object:state-changed:focused", "object:state-changed:showing"):
        pyatspi.Registry.registerEventListener(on_event, kind)
    print("listening", file=sys.stderr, flush=True)
    pyatspi.Registry.start()


if __name__ == "__main__":
    main()
