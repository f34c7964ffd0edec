"""The program's name in the window's title bar."""

APP_TITLE = "Euchre"
