"""The one clock solo reads: the date it writes into journals."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from datetime import datetime, timezone

from solo.errors import UsageError

__all__ = ["now_text"]


def now_text(clock: Callable[[], float] = time.time) -> str:
    """The time solo writes: SOURCE_DATE_EPOCH when set (reproducible journals), else what
    ``clock`` says (seconds since 1970)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    try:
        seconds = int(epoch) if epoch else int(clock())
        return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    except (ValueError, OverflowError, OSError):
        raise UsageError("SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, "
                         "up to the year 9999") from None
