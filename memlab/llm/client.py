"""The ChatModel protocol, an OpenAI-compatible HTTP client for it, and a scripted fake.

``OpenAICompatChat`` speaks ``POST {base_url}/chat/completions`` through ``memlab.apiclient`` (the
session, timeouts and HTTP error mapping it shares with the API embedders), so it works against
OpenAI, LM Studio, Ollama, vLLM or llama.cpp servers. It retries what is worth
retrying (429, 408, 409, 5xx, timeouts, connection errors, malformed or refused answers) with
exponential backoff (``memlab.retry``; ``retries`` counts the tries after the first, so
``attempts = retries + 1``) within an optional overall ``deadline_s``, and raises ``LLMError`` (or ``LLMRefusal`` / ``LLMOutputError``) after the
last try. When a ``schema`` or ``tools`` is given the answer is parsed and validated here (so a
malformed answer is retried), and ``ChatResult.parsed`` holds the validated object. Callers
still treat the result as untrusted: the consolidator validates again against its own schema.

Small local servers (issue 38): ``max_tokens`` bounds every answer, and an answer cut off by
it (``finish_reason == "length"``) that does not parse says so; a server that rejects
``response_format`` with an HTTP 400 is asked again once without it (plain JSON by prompt), and
the client remembers; ``context_window()`` reads the server's context size (llama.cpp's
``/props`` ``n_ctx``, or ``meta.n_ctx`` of ``/models``) so that a caller can page its prompt.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, runtime_checkable

from memlab.apiclient import ApiClient, Refused, Retryable
from memlab.llm.errors import LLMError, LLMOutputError, LLMRefusal, LLMUnavailable
from memlab.llm.parse import extract_json_object, parse_json, validate
from memlab.retry import DeadlineExceeded, RetryPolicy, deadline_in, remaining

Message = Mapping[str, Any]


@dataclass(frozen=True)
class ChatResult:
    text: str
    tool_args: dict[str, Any] | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    tool_name: str | None = None
    parsed: dict[str, Any] | None = None  # validated JSON when a schema or tools were given
    calls: int = 1  # HTTP requests this answer cost, retries included


@runtime_checkable
class ChatModel(Protocol):
    def complete(
        self,
        messages: Sequence[Message],
        schema: Mapping[str, Any] | None = None,
        tools: Sequence[Mapping[str, Any]] | None = None,
    ) -> ChatResult:
        """One assistant turn for ``messages``; JSON matching ``schema`` or a call of one of ``tools``."""
        ...


class _Truncated(LLMOutputError):
    """Unparsable because ``max_tokens`` cut it off (``finish_reason == "length"``)."""


@dataclass
class _Spent:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def add_usage(self, payload: Mapping[str, Any]) -> None:
        usage = payload.get("usage") or {}
        self.prompt_tokens += int(usage.get("prompt_tokens") or 0)
        self.completion_tokens += int(usage.get("completion_tokens") or 0)


class OpenAICompatChat:
    """ChatModel over an OpenAI-compatible ``/chat/completions`` endpoint.

    ``retries`` is the number of retries after the first attempt. ``response_format`` is how a
    ``schema`` is requested: "json_schema" (OpenAI, vLLM, LM Studio, recent Ollama),
    "json_object" (older servers) or "none" (prompt only; parsing still validates).
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str = "none",
        timeout_s: float = 60.0,
        retries: int = 3,
        backoff_s: float = 0.5,
        temperature: float = 0.0,
        max_tokens: int | None = None,
        response_format: str = "json_schema",
        max_backoff_s: float = 30.0,
        sleep: Callable[[float], None] = time.sleep,
        deadline_s: float | None = None,
    ) -> None:
        self.http = ApiClient(base_url, api_key, timeout_s)
        self.base_url = self.http.base_url
        self.model = model
        self.api_key = api_key
        self.timeout_s = timeout_s
        self.retries = retries
        self.backoff_s = backoff_s
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.response_format = response_format
        self.max_backoff_s = max_backoff_s
        self.deadline_s = deadline_s  # one complete() call, every try and pause included
        self._sleep = sleep
        self.name = f"openai-compat:{model}"
        self.schema_refused = False  # the server answered HTTP 400 to response_format: plain JSON since
        self._window: int | None | bool = False  # False: not asked yet

    def complete(
        self,
        messages: Sequence[Message],
        schema: Mapping[str, Any] | None = None,
        tools: Sequence[Mapping[str, Any]] | None = None,
    ) -> ChatResult:
        body = self._body(messages, schema, tools)
        spent = _Spent()
        deadline = deadline_in(self.deadline_s)
        policy = RetryPolicy(self.retries + 1, self.backoff_s, self.max_backoff_s)

        def once() -> ChatResult:
            try:
                payload = self._post(body, spent, remaining(deadline))
            except LLMError as exc:
                if not (_BAD_REQUEST in str(exc) and body.pop("response_format", None) is not None):
                    raise
                self.schema_refused = True  # e.g. an older server without json_schema: prompt-only JSON
                payload = self._post(body, spent, remaining(deadline))
            return _interpret(payload, schema, tools)

        try:
            result = self.http.call(once, policy, retry_on=self._worth_retrying, deadline=deadline, sleep=self._sleep)
        except DeadlineExceeded as exc:
            raise _final_error(exc.__cause__ or exc, spent, f"deadline {self.deadline_s}s reached") from exc
        except (Retryable, LLMOutputError, LLMRefusal) as exc:
            raise _final_error(exc, spent) from exc
        return replace(
            result,
            calls=spent.calls,
            prompt_tokens=spent.prompt_tokens,
            completion_tokens=spent.completion_tokens,
        )

    def _worth_retrying(self, exc: BaseException) -> bool:
        # an answer cut off at max_tokens comes back the same at temperature 0: asking again wastes the cap
        if isinstance(exc, _Truncated) and self.temperature == 0:
            return False
        return isinstance(exc, Retryable | LLMOutputError | LLMRefusal)

    def _body(
        self,
        messages: Sequence[Message],
        schema: Mapping[str, Any] | None,
        tools: Sequence[Mapping[str, Any]] | None,
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "messages": [dict(m) for m in messages]}
        body["temperature"] = self.temperature
        if self.max_tokens is not None:
            body["max_tokens"] = self.max_tokens
        if tools:
            specs = [tool_spec(t) for t in tools]
            body["tools"] = specs
            if len(specs) == 1:
                body["tool_choice"] = {"type": "function", "function": {"name": specs[0]["function"]["name"]}}
        elif schema is not None and self.schema_refused:
            pass
        elif schema is not None and self.response_format == "json_schema":
            name = str(schema.get("title", "response"))
            body["response_format"] = {"type": "json_schema", "json_schema": {"name": name, "schema": schema}}
        elif schema is not None and self.response_format == "json_object":
            body["response_format"] = {"type": "json_object"}
        return body

    def context_window(self) -> int | None:
        """The server's context size in tokens, asked once (None: the server does not say).
        ``LLMUnavailable`` when the server accepts and does not answer (asked again next time)."""
        if self._window is False:
            self._window = self._read_window()
        return self._window if isinstance(self._window, int) and not isinstance(self._window, bool) else None

    def _read_window(self) -> int | None:
        root = self.base_url.removesuffix("/v1")
        # a metadata call: bounded by the call's own deadline too, so a silent server costs one short wait
        timeout = min(5.0, self.timeout_s, self.deadline_s or 5.0)
        for url, find in ((f"{root}/props", _props_ctx), (f"{self.base_url}/models", _models_ctx)):
            try:
                payload = self.http.get_json(url, timeout)
            except Retryable as exc:
                raise LLMUnavailable(str(exc)) from exc
            found = find(payload) if payload is not None else None
            if found:
                return found
        return None

    def _post(self, body: dict[str, Any], spent: _Spent, left: float | None = None) -> dict[str, Any]:
        timeout = self.timeout_s if left is None else max(0.05, min(self.timeout_s, left))
        spent.calls += 1
        try:
            payload = self.http.post("chat/completions", body, timeout)
        except Refused as exc:
            raise LLMError(str(exc), spent.calls, spent.prompt_tokens, spent.completion_tokens) from exc
        spent.add_usage(payload)
        return payload

    def close(self) -> None:
        """Close the HTTP session (a later call opens another)."""
        self.http.close()


_BAD_REQUEST = "HTTP 400:"


def _positive_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _props_ctx(payload: Any) -> int | None:
    """llama.cpp's ``GET /props``: ``default_generation_settings.n_ctx``."""
    settings = payload.get("default_generation_settings") if isinstance(payload, dict) else None
    return _positive_int(settings.get("n_ctx")) if isinstance(settings, dict) else None


def _models_ctx(payload: Any) -> int | None:
    """``GET /models`` of llama.cpp (``meta.n_ctx``) or vLLM (``max_model_len``)."""
    rows = payload.get("data") if isinstance(payload, dict) else None
    for row in rows if isinstance(rows, list) else ():
        if isinstance(row, dict):
            meta = row.get("meta")
            found = _positive_int(meta.get("n_ctx") if isinstance(meta, dict) else None) or _positive_int(row.get("max_model_len"))
            if found:
                return found
    return None


def _final_error(last: BaseException | None, spent: _Spent, why: str = "") -> LLMError:
    cls = LLMOutputError if isinstance(last, _Truncated) else type(last) if isinstance(last, LLMError) else LLMUnavailable if isinstance(last, Retryable) else LLMError
    attempts = f"after {spent.calls} attempt{'s' if spent.calls != 1 else ''}" + (f", {why}" if why else "")
    return cls(f"{last} ({attempts})", spent.calls, spent.prompt_tokens, spent.completion_tokens)


def tool_spec(tool: Mapping[str, Any]) -> dict[str, Any]:
    """Accept ``{"name", "description", "parameters"}`` or the full ``{"type": "function", ...}``."""
    if tool.get("type") == "function":
        return dict(tool)
    fn = {"name": tool["name"], "description": tool.get("description", ""), "parameters": tool["parameters"]}
    return {"type": "function", "function": fn}


def _tool_params(tools: Sequence[Mapping[str, Any]] | None, name: str | None) -> Mapping[str, Any] | None:
    specs = [tool_spec(t)["function"] for t in tools or ()]
    for fn in specs:
        if fn["name"] == name or (name is None and len(specs) == 1):
            params: Mapping[str, Any] | None = fn.get("parameters")
            return params
    return None


def _interpret(
    payload: Mapping[str, Any], schema: Mapping[str, Any] | None, tools: Sequence[Mapping[str, Any]] | None
) -> ChatResult:
    """ChatResult from one response body; raises LLMRefusal / LLMOutputError (both retried)."""
    choices = payload.get("choices") or []
    if not choices or not isinstance(choices[0], Mapping):
        raise LLMOutputError("response has no choices")
    message = choices[0].get("message") or {}
    if message.get("refusal") or choices[0].get("finish_reason") == "content_filter":
        raise LLMRefusal(f"model refused: {message.get('refusal') or 'content filter'}")
    text = message.get("content") or ""
    name, raw = _first_call(message)
    if raw is not None:
        args = raw if isinstance(raw, dict) else extract_json_object(str(raw))
        params = _tool_params(tools, name) or schema
        if params is not None:
            validate(args, params)
        return ChatResult(text, args, tool_name=name, parsed=args)
    want = schema if schema is not None else _tool_params(tools, None)
    try:
        parsed = parse_json(text, want) if (want is not None or tools) else None
    except LLMOutputError as exc:
        if choices[0].get("finish_reason") == "length":
            raise _Truncated(f"answer cut off at max_tokens: {exc}") from exc
        raise
    return ChatResult(text, parsed=parsed)


def _first_call(message: Mapping[str, Any]) -> tuple[str | None, Any]:
    """(name, arguments) of the first tool call (or legacy ``function_call``), else (None, None)."""
    calls = message.get("tool_calls") or []
    fn = (calls[0] or {}).get("function") if calls else message.get("function_call")
    if not isinstance(fn, Mapping):
        return None, None
    return fn.get("name"), fn.get("arguments") if fn.get("arguments") is not None else "{}"


Reply = str | Mapping[str, Any] | ChatResult | BaseException


class ScriptedChat:
    """A ChatModel fake for unit tests: answers from a list, records what it was asked.

    A ``str`` reply is assistant text, a mapping is tool-call arguments, a ``ChatResult`` is
    returned as is and an exception is raised. Tokens are estimated as characters / 4.
    """

    name = "scripted"

    def __init__(self, replies: Sequence[Reply]) -> None:
        self._replies = list(replies)
        self.requests: list[tuple[list[dict[str, Any]], Mapping[str, Any] | None, Any]] = []

    @property
    def pending(self) -> int:
        return len(self._replies)

    def complete(
        self,
        messages: Sequence[Message],
        schema: Mapping[str, Any] | None = None,
        tools: Sequence[Mapping[str, Any]] | None = None,
    ) -> ChatResult:
        self.requests.append(([dict(m) for m in messages], schema, tools))
        if not self._replies:
            raise LLMError("ScriptedChat has no reply left", calls=1)
        reply = self._replies.pop(0)
        if isinstance(reply, BaseException):
            raise reply
        if isinstance(reply, ChatResult):
            return reply
        prompt = sum(len(str(m.get("content") or "")) for m in messages) // 4
        if isinstance(reply, Mapping):
            args = dict(reply)
            return ChatResult("", args, prompt, len(json.dumps(args)) // 4, parsed=args)
        return ChatResult(reply, None, prompt, len(reply) // 4)
