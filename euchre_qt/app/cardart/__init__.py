"""The card art: the project's own SVG decks in ``resources/`` or an installed theme
(``themes``), the catalogue of backs (``backs``), the cached, threaded renderer the table
uses (``renderer``) and what the window draws with (``artsource``).

Import each name from the module that holds it; the package itself loads nothing.
"""
