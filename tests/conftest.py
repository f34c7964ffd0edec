import os

# Every test runs headless, whatever the caller's environment says.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
