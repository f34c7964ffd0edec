"""Recorded games (EGN) opened in the window and shown on the table a move at a time."""
