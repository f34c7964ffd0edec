"""The controller's parts: each is one concern of pacing a table for the window, and the
controller (``app/play/controller.py``) is made of them."""
