"""The program's files: settings, the autosave, statistics and logs written off the GUI thread, and where they live."""
