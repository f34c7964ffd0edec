"""Tools for developers and curious players, each a subcommand of ``euchre-qt`` (``cli.py``)
and a module ``python -m`` runs: not part of the game, and nothing in the game imports them."""
