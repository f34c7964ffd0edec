"""The table server's log: one line per thing an operator may want to know of (a table
created or put away, a client cut off and why, the server started or stopped), as text for a
person or, with ``euchre-qt serve --log-json``, as one JSON object a line for a log collector
(``journalctl -o cat | jq``, Loki, ...)."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

# what every LogRecord carries: anything else on a record came from ``extra=`` and is a field of its own
_STANDARD = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "taskName"}


class JsonLines(logging.Formatter):
    """``{"time": ..., "level": "INFO", "logger": ..., "message": ..., <extra fields>}``."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update({k: v for k, v in record.__dict__.items() if k not in _STANDARD})
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)


def configure(level: int, as_json: bool) -> None:
    """Log to standard error at ``level``, as text or JSON lines."""
    handler = logging.StreamHandler()
    if as_json:
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


__all__ = ["JsonLines", "configure"]
