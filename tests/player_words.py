"""What a message to a player must never hold: an error's technical text (errno, codec,
exception names, file paths of temporary files, a line number)."""

from __future__ import annotations

import re

DEVELOPER_TEXT = re.compile(r"Errno|errno|codec|JSON|Error\b|Exception|Traceback|\.tmp|/tmp/|\bline \d+|0x[0-9a-f]")
