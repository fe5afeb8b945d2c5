"""The chat model's circuit breaker and a caller's deadline, around any ChatModel (issue 35).

``GuardedChat`` is what the composition root hands to every LLM step. After a call fails because
the server is unreachable or silent (``LLMUnavailable``), the next calls fail at once for
``cooldown_s`` (the embedder's ``memlab.retry.CircuitBreaker``), so a silent server costs one
client deadline per outage, not one per pending session and again per background pass.
``within(deadline)`` bounds every call this thread makes until that ``time.monotonic()`` value
(maintain's overall deadline): a call still running then is abandoned on its daemon thread (it
ends on the client's own timeout) and raises ``LLMUnavailable``. Both leave the sessions pending;
nothing is lost.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from memlab.llm.errors import LLMUnavailable
from memlab.retry import CallTimeout, CircuitBreaker, call_within, remaining


class CallerDeadline(LLMUnavailable):
    """The caller's deadline (``within``) passed before the model answered: no sign of an outage."""


class GuardedChat:
    """A ChatModel with a circuit breaker and an optional per-thread deadline; other attributes
    (``base_url``, ``model``, ``requests``...) are the wrapped model's."""

    def __init__(self, inner: Any, cooldown_s: float = 60.0) -> None:
        self.inner = inner
        self.breaker = CircuitBreaker(cooldown_s)
        self.name = str(getattr(inner, "name", type(inner).__name__))
        self._local = threading.local()

    def __getattr__(self, name: str) -> Any:
        if name == "inner":  # not set yet (copy, pickle): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)

    @contextmanager
    def within(self, deadline: float | None) -> Iterator[None]:
        """Calls from this thread inside the block end by ``deadline`` (None: no bound)."""
        before = getattr(self._local, "deadline", None)
        tighter = deadline if before is None else before if deadline is None else min(before, deadline)
        self._local.deadline = tighter
        try:
            yield
        finally:
            self._local.deadline = before

    def context_window(self) -> int | None:
        """The wrapped model's context size, behind the same breaker and deadline as ``complete``."""
        ask = getattr(self.inner, "context_window", None)
        if not callable(ask):
            return None
        return self._guarded(ask)  # type: ignore[no-any-return]

    def complete(
        self,
        messages: Sequence[Mapping[str, Any]],
        schema: Mapping[str, Any] | None = None,
        tools: Sequence[Mapping[str, Any]] | None = None,
    ) -> Any:
        result = self._guarded(lambda: self.inner.complete(messages, schema, tools))
        self.breaker.success()
        return result

    def _guarded(self, fn: Callable[[], Any]) -> Any:
        """``fn()`` while the breaker allows, by this thread's deadline; an outage opens the breaker."""
        if not self.breaker.allow():
            raise LLMUnavailable(
                f"chat model skipped for {self.breaker.cooldown_s:g} s after it failed "
                f"({self.breaker.last_error}); the session stays pending"
            )
        deadline = getattr(self._local, "deadline", None)
        try:
            return fn() if deadline is None else call_by(fn, deadline)
        except CallerDeadline:  # a slow answer cut short proves no outage
            raise
        except LLMUnavailable as exc:
            self.breaker.failure(exc)
            raise


def guard_chat(chat: Any, cooldown_s: float) -> Any:
    """``chat`` behind a breaker (None stays None; a guarded one is not wrapped twice)."""
    if chat is None or isinstance(chat, GuardedChat):
        return chat
    return GuardedChat(chat, cooldown_s)


def call_by(fn: Callable[[], Any], deadline: float) -> Any:
    """``fn()`` on a daemon thread; ``CallerDeadline`` when ``deadline`` passes first."""
    left = remaining(deadline) or 0.0
    if left <= 0:
        raise CallerDeadline("the caller's deadline passed before the call")
    try:
        return call_within(fn, left, "chat")
    except CallTimeout:
        raise CallerDeadline(f"no answer within the caller's deadline ({left:.1f} s)") from None
