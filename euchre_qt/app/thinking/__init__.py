"""Computer players and analysis think away from the GUI thread: a helper process, and a
worker thread that waits on it."""
