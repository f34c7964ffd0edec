"""Thinking in another process, for the window and the network server alike: helper
processes that answer calls over a pipe (``process``), a few of them started as they are
needed (``helpers``), and the computer players' work they do (``players``).

Pure Python, never Qt: a helper process imports this package to serve, and ``net`` uses it.
How a caller waits is its own: the window's worker thread blocks on a ``Call``, the server's
event loop watches the helpers' pipes.
"""
