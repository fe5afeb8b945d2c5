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
