"""One way to retry: attempts, exponential backoff, deadlines, and a circuit breaker.

``attempts`` always counts every try, the first included (``attempts=1`` never retries). A
deadline is a ``time.monotonic()`` value: no sleep ever runs past it, and when it has passed no
new try starts. Used by the writer (BEGIN on a locked file), the embed worker and the LLM client,
so that no network failure can hold a caller longer than the deadline it gave.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


class DeadlineExceeded(TimeoutError):
    """The deadline passed before an attempt succeeded; ``__cause__`` is the last error, if any."""


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 3  # total tries, the first included
    backoff_s: float = 0.2  # delay before the second try; doubles each try
    max_backoff_s: float = 30.0
    jitter: float = 0.0  # 0..1: each delay is scaled by a random factor in [1 - jitter, 1]

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ValueError(f"attempts must be >= 1 (the first try counts), got {self.attempts}")

    def delay(self, tries_done: int, retry_after: float | None = None, rng: random.Random | None = None) -> float:
        """The pause after ``tries_done`` failed tries (1 -> backoff_s, 2 -> 2 * backoff_s, ...)."""
        d = self.backoff_s * 2 ** max(0, tries_done - 1)
        if retry_after is not None:
            d = max(d, retry_after)
        d = min(d, self.max_backoff_s)
        if self.jitter > 0:
            d *= 1.0 - self.jitter * (rng or random).random()
        return float(d)


def remaining(deadline: float | None, now: Callable[[], float] = time.monotonic) -> float | None:
    """Seconds left before ``deadline`` (never negative); None when there is no deadline."""
    return None if deadline is None else max(0.0, deadline - now())


def deadline_in(seconds: float | None, now: Callable[[], float] = time.monotonic) -> float | None:
    return None if seconds is None else now() + seconds


def retry_call(
    fn: Callable[[], T],
    policy: RetryPolicy,
    *,
    retry_on: Callable[[BaseException], bool] = lambda exc: isinstance(exc, Exception),
    deadline: float | None = None,
    retry_after: Callable[[BaseException], float | None] = lambda exc: None,
    on_retry: Callable[[int, BaseException], None] | None = None,
    sleep: Callable[[float], None] = time.sleep,
    now: Callable[[], float] = time.monotonic,
) -> T:
    """``fn()`` until it succeeds, ``policy.attempts`` are spent, or ``deadline`` passes.

    Errors that ``retry_on`` rejects propagate at once. After the last try the last error is
    raised; when the deadline cuts the retries short, ``DeadlineExceeded`` from the last error.
    """
    for tries in range(1, policy.attempts + 1):
        try:
            return fn()
        except BaseException as exc:
            if not retry_on(exc) or tries == policy.attempts:
                raise
            pause = policy.delay(tries, retry_after(exc))
            left = remaining(deadline, now)
            if left is not None and pause >= left:
                raise DeadlineExceeded(f"gave up after {tries} of {policy.attempts} tries: {exc}") from exc
            if on_retry is not None:
                on_retry(tries, exc)
            sleep(pause)
    raise AssertionError("unreachable")  # pragma: no cover


class CircuitBreaker:
    """After a failure, skip calls for ``cooldown_s``; then let one call probe the service.

    ``allow()`` says whether to call now; report the outcome with ``success()`` / ``failure()``.
    Thread-safe. ``state`` is "closed" (calls go through) or "open" (calls skipped).
    """

    def __init__(self, cooldown_s: float = 30.0, now: Callable[[], float] = time.monotonic) -> None:
        self.cooldown_s = cooldown_s
        self._now = now
        self._lock = threading.Lock()
        self._open_until: float | None = None
        self.failures = 0
        self.last_error: str | None = None

    @property
    def state(self) -> str:
        with self._lock:
            return "open" if self._open_until is not None and self._now() < self._open_until else "closed"

    def allow(self) -> bool:
        return self.state == "closed"

    def failure(self, error: BaseException | str) -> bool:
        """Open (or re-open) the breaker; True when it was closed before (the first failure)."""
        with self._lock:
            was_closed = self._open_until is None
            self._open_until = self._now() + self.cooldown_s
            self.failures += 1
            self.last_error = error if isinstance(error, str) else repr(error)
            return was_closed

    def success(self) -> None:
        with self._lock:
            self._open_until = None

    reset = success  # an explicit repair request lets the next call probe at once


class CallTimeout(TimeoutError):
    """``call_within``'s budget ran out (not a timeout raised by the call itself)."""


def call_within(fn: Callable[[], T], timeout_s: float, what: str = "call") -> T:
    """``fn()`` on a daemon thread; ``CallTimeout`` after ``timeout_s`` (the thread is abandoned:
    network clients have their own timeout, this is the caller's budget)."""
    box: dict[str, object] = {}
    done = threading.Event()

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:
            box["error"] = exc
        finally:
            done.set()

    threading.Thread(target=run, name=f"memlab-{what}", daemon=True).start()
    if not done.wait(timeout_s):
        raise CallTimeout(f"{what} took longer than {timeout_s:g}s")
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"]  # type: ignore[return-value]
