"""One HTTP client for OpenAI-compatible servers, shared by the chat model and the embedders.

``ApiClient`` holds what both need and nothing of either: the base URL and key, one lazily
opened ``httpx`` session (imported on first use, thread-safe, closed by ``close()``), the
per-request timeout, the retries (``memlab.retry``: ``call`` retries ``Retryable`` only) and the
mapping of HTTP failures to two errors: ``Retryable`` (timeouts, connection errors, 408, 409,
429, 5xx, a body that is not a JSON object) and ``Refused`` (any other 4xx: asking again gets
the same answer). Each caller turns them into its own errors (``LLMError``, ``EmbedderError``).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from memlab.retry import RetryPolicy, retry_call

T = TypeVar("T")
RETRY_STATUS = frozenset({408, 409, 429})


class Retryable(Exception):
    """A failure worth another try; ``retry_after`` is the server's Retry-After in seconds."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Refused(Exception):
    """The server answered an HTTP 4xx that another try would get again (bad request, bad key)."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(f"HTTP {status}: {detail}")
        self.status = status
        self.detail = detail


class ApiClient:
    """``POST {base_url}/{path}`` with JSON in and out, on one session per client."""

    def __init__(self, base_url: str, api_key: str = "", timeout_s: float = 60.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout_s = timeout_s
        self._session: Any = None
        self._lock = threading.Lock()

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}

    def session(self) -> Any:
        """The ``httpx.Client`` (opened on first use)."""
        if self._session is None:
            with self._lock:
                if self._session is None:
                    import httpx

                    self._session = httpx.Client(timeout=self.timeout_s)
        return self._session

    def close(self) -> None:
        with self._lock:
            if self._session is not None:
                self._session.close()
                self._session = None

    def post(self, path: str, body: Mapping[str, Any], timeout: float | None = None) -> dict[str, Any]:
        """The JSON object the server answers; ``Retryable`` or ``Refused`` when there is none."""
        import httpx

        wait = self.timeout_s if timeout is None else timeout
        try:
            response = self.session().post(f"{self.base_url}/{path}", json=body, headers=self.headers(), timeout=wait)
        except httpx.TimeoutException as exc:
            raise Retryable(f"timed out after {wait:g}s ({type(exc).__name__})") from exc
        except httpx.TransportError as exc:
            raise Retryable(f"transport error: {exc}") from exc
        return checked(response.status_code, response.text, response.headers.get("retry-after"))

    def get_json(self, url: str, timeout: float) -> Any:
        """The JSON body of ``GET url`` when the answer is 200, else None (metadata reads:
        ``Retryable`` only when the server accepts and does not answer within ``timeout``)."""
        import httpx

        try:
            response = self.session().get(url, headers=self.headers(), timeout=timeout)
            return response.json() if response.status_code == 200 else None
        except httpx.TimeoutException as exc:
            raise Retryable(f"no answer from {url} within {timeout:g}s ({type(exc).__name__})") from exc
        except (httpx.HTTPError, ValueError):
            return None

    @staticmethod
    def call(
        fn: Callable[[], T],
        policy: RetryPolicy,
        *,
        retry_on: Callable[[BaseException], bool] = lambda exc: isinstance(exc, Retryable),
        deadline: float | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> T:
        """``fn()`` under ``policy`` (``memlab.retry``), honouring a ``Retryable``'s Retry-After."""
        return retry_call(
            fn,
            policy,
            retry_on=retry_on,
            deadline=deadline,
            retry_after=lambda exc: exc.retry_after if isinstance(exc, Retryable) else None,
            sleep=sleep,
        )


def checked(status: int, text: str, retry_after: str | None = None) -> dict[str, Any]:
    """The JSON object of a response body, or the error its status and body say."""
    if status in RETRY_STATUS or status >= 500:
        raise Retryable(f"HTTP {status}: {error_message(text)}", _seconds(retry_after))
    if status >= 400:
        raise Refused(status, error_message(text))
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Retryable(f"response is not JSON: {text[:200]!r}") from exc
    if not isinstance(payload, dict):
        raise Retryable("response is not a JSON object")
    return payload


def error_message(text: str) -> str:
    """The ``error.message`` of an OpenAI-style error body, else the body's start."""
    try:
        err = json.loads(text).get("error")
    except (json.JSONDecodeError, AttributeError):
        return text[:200]
    return str(err.get("message", err)) if isinstance(err, dict) else str(err)


def _seconds(value: str | None) -> float | None:
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None
