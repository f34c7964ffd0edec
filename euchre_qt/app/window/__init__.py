"""The main window: its start-up, menus, dialogs and the parts it is made of."""
