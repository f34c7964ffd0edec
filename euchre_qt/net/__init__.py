"""The network table: a server that referees tables of people and computer players, and
the client that talks to it. Qt-free; the window's Host/Join runs the client off the GUI
thread.

- ``protocol``: the wire rules (versioned JSON over WebSocket, checked by a JSON schema), limits.
- ``server``: ``TableServer``, many tables at once, each a ``TableSession``.
- ``client``: ``TableClient``, a headless client.
- ``serve``: ``euchre-qt serve``, the dedicated server.

See ``docs/protocol.md``.
"""
