"""The app's ground floor: what any of its rooms may use and which uses none of them:
dialog sizes that fit the screen (``sizing``) and the shipped resources found (``resources``)."""
