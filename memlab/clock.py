"""Injected time. Nothing in memlab reads the wall clock except ``SystemClock``."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from typing import Protocol, runtime_checkable

DAY = 86400.0


@runtime_checkable
class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the Unix epoch (UTC)."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class SimulatedClock:
    """A clock that only moves when told to: replays a year in seconds."""

    def __init__(self, start: float = 0.0) -> None:
        self._t = float(start)
        self._lock = threading.Lock()

    def now(self) -> float:
        return self._t

    def set(self, t: float) -> None:
        with self._lock:
            if t < self._t:
                raise ValueError(f"SimulatedClock cannot go back in time ({t} < {self._t})")
            self._t = float(t)

    def advance(self, seconds: float) -> float:
        with self._lock:
            if seconds < 0:
                raise ValueError("advance() takes a non-negative number of seconds")
            self._t += seconds
            return self._t


def to_datetime(t: float) -> datetime:
    return datetime.fromtimestamp(t, tz=UTC)


def from_iso(text: str) -> float:
    """Parse an ISO-8601 date or datetime (naive values are taken as UTC)."""
    dt = datetime.fromisoformat(text)
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return dt.timestamp()


def iso(t: float | None) -> str:
    if t is None:
        return "-"
    return to_datetime(t).strftime("%Y-%m-%d %H:%M")


# Later than this is a unit mistake (milliseconds, or a typo), not a time anyone means.
MAX_EPOCH = 32503680000.0  # 3000-01-01


class InvalidTime(ValueError):
    """A time memlab cannot interpret; the message says which forms are accepted."""


def to_epoch(value: float | int | str | datetime, what: str = "time") -> float:
    """Epoch seconds from an aware ``datetime`` (naive = UTC), an ISO-8601 string or epoch seconds.

    Anything else, NaN, infinities and values past the year 3000 (usually milliseconds) are an
    ``InvalidTime`` naming ``what``.
    """
    if isinstance(value, datetime):
        t = (value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp()
    elif isinstance(value, str):
        try:
            t = from_iso(value.strip().replace("Z", "+00:00"))
        except ValueError:
            raise InvalidTime(f"{what}={value!r} is not ISO-8601 (e.g. '2024-05-01' or '2024-05-01T09:30:00+02:00')") from None
    elif isinstance(value, int | float) and not isinstance(value, bool):
        t = float(value)
    else:
        raise InvalidTime(
            f"{what} must be a datetime, an ISO-8601 string or epoch seconds, not {type(value).__name__}"
        )
    if not (-MAX_EPOCH < t < MAX_EPOCH):  # also false for NaN
        if isinstance(value, datetime | str):  # a date, not a unit mistake: say which dates work
            raise InvalidTime(f"{what}={value!r} is out of range: memlab keeps dates from year 941 to 2999")
        raise InvalidTime(f"{what}={value!r} is out of range (epoch seconds, not milliseconds)")
    return t


def maybe_epoch(value: float | int | str | datetime | None, what: str = "time") -> float | None:
    return None if value is None else to_epoch(value, what)
