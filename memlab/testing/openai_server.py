"""A local OpenAI-compatible HTTP server for tests: scripted chat replies, deterministic embeddings.

It lets the real ``openai`` client (and anything else that speaks the REST API) run end to end
without the network: ``ThreadingHTTPServer`` bound to 127.0.0.1 on a free port, served from a
daemon thread. Chat replies come from a queue the test fills (``script``) or from a
``responder`` callable; embeddings come from ``HashingEmbedder`` (or any injected embedder), so
the same text always gets the same vector.

    with OpenAICompatServer(embed_dim=64) as srv:
        srv.script(ScriptedReply(content='{"facts": []}'), ScriptedReply(status=429, error="slow down"))
        client = openai.OpenAI(base_url=srv.base_url, api_key="x")
"""

from __future__ import annotations

import base64
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np

from memlab.embed.base import Embedder, truncate
from memlab.embed.hashing import HashingEmbedder

_CREATED = 1_700_000_000  # a fixed timestamp keeps responses deterministic
_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "invalid_request_error",
    404: "invalid_request_error",
    429: "rate_limit_exceeded",
}


@dataclass(frozen=True)
class ScriptedReply:
    """One canned answer. ``status`` != 200 answers with an OpenAI-style error body.

    ``tool_calls`` items are ``{"name": ..., "arguments": dict | str}``; dict arguments are sent
    as a JSON string, as the real API does. ``finish_reason`` defaults to "tool_calls" when there
    are tool calls, else "stop".
    """

    content: str | None = None
    status: int = 200
    error: str | None = None
    delay_s: float = 0.0
    tool_calls: Sequence[Mapping[str, Any]] | None = None
    refusal: str | None = None
    finish_reason: str | None = None


Responder = Callable[[dict[str, Any]], ScriptedReply]


class _HttpError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def error_body(status: int, message: str) -> dict[str, Any]:
    """The error envelope the OpenAI API uses, which its client parses into exceptions."""
    kind = _ERROR_TYPES.get(status, "server_error")
    return {"error": {"message": message, "type": kind, "param": None, "code": str(status)}}


def estimate_tokens(text: str) -> int:
    return max(1, len(text) // 4) if text else 0


def _message_text(messages: Any) -> str:
    if not isinstance(messages, list):
        return ""
    parts = []
    for m in messages:
        content = m.get("content") if isinstance(m, dict) else None
        parts.append(content if isinstance(content, str) else json.dumps(content or ""))
    return "\n".join(parts)


def _tool_call(index: int, call: Mapping[str, Any]) -> dict[str, Any]:
    args = call.get("arguments", {})
    return {
        "id": f"call_{index}",
        "type": "function",
        "function": {"name": call["name"], "arguments": args if isinstance(args, str) else json.dumps(args)},
    }


def chat_completion(reply: ScriptedReply, request: dict[str, Any], number: int) -> dict[str, Any]:
    """A Chat Completions response body for ``reply`` (pure: easy to snapshot)."""
    calls = [_tool_call(i, c) for i, c in enumerate(reply.tool_calls or [])] or None
    finish = reply.finish_reason or ("tool_calls" if calls else "stop")
    prompt = estimate_tokens(_message_text(request.get("messages")))
    tools_text = json.dumps([c["function"] for c in calls]) if calls else ""
    completion = estimate_tokens((reply.content or reply.refusal or "") + tools_text)
    message = {"role": "assistant", "content": reply.content, "tool_calls": calls, "refusal": reply.refusal}
    return {
        "id": f"chatcmpl-{number}",
        "object": "chat.completion",
        "created": _CREATED,
        "model": str(request.get("model", "memlab-test")),
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        },
    }


def _inputs(request: dict[str, Any]) -> list[str]:
    raw = request.get("input")
    texts = [raw] if isinstance(raw, str) else raw
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise _HttpError(400, "'input' must be a string or a list of strings")
    if any(t == "" for t in texts):
        # the real API rejects empty strings; clients must send something (e.g. a space)
        raise _HttpError(400, "'input' must not contain empty strings")
    return texts


def _encode(vector: np.ndarray, fmt: str) -> str | list[float]:
    if fmt == "base64":
        return base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode("ascii")
    return [float(x) for x in vector]


def embeddings_response(
    embedder: Embedder, request: dict[str, Any], honour_dimensions: bool
) -> dict[str, Any]:
    """An Embeddings response body: vectors from ``embedder``, ``dimensions`` optionally honoured."""
    texts = _inputs(request)
    fmt = request.get("encoding_format", "float")
    if fmt not in ("float", "base64"):
        raise _HttpError(400, f"unsupported encoding_format {fmt!r}")
    vectors = embedder.embed_batch(texts) if texts else np.zeros((0, embedder.dim), np.float32)
    dims = request.get("dimensions")
    if honour_dimensions and dims is not None:
        if not isinstance(dims, int) or not 0 < dims <= embedder.dim:
            raise _HttpError(400, f"'dimensions' must be an integer in 1..{embedder.dim}")
        vectors = truncate(vectors, dims) if len(texts) else vectors[:, :dims]
    tokens = sum(estimate_tokens(t) for t in texts)
    return {
        "object": "list",
        "data": [
            {"object": "embedding", "index": i, "embedding": _encode(v, fmt)} for i, v in enumerate(vectors)
        ],
        "model": str(request.get("model", "memlab-test")),
        "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
    }


class OpenAICompatServer:
    """The test server. Construction stores settings; ``start()`` / ``with`` binds and serves.

    Extras beyond the shared interface: ``script_embeddings(*replies)`` queues replies that the
    next /v1/embeddings calls answer with instead of vectors (only ``status``, ``error`` and
    ``delay_s`` matter there), to test retries; ``pending`` counts unused chat replies.
    """

    def __init__(
        self,
        embed_dim: int = 64,
        honour_dimensions: bool = True,
        api_key: str | None = None,
        embedder: Embedder | None = None,
        model: str = "memlab-test",
    ) -> None:
        self.embedder: Embedder = embedder if embedder is not None else HashingEmbedder(embed_dim)
        self.honour_dimensions = honour_dimensions
        self.api_key = api_key
        self.model = model
        self.responder: Responder | None = None
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self.chat_calls = 0
        self.embed_calls = 0
        self._chat_queue: deque[ScriptedReply] = deque()
        self._embed_queue: deque[ScriptedReply] = deque()
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> OpenAICompatServer:
        if self._httpd is None:
            self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(self))
            # a short poll interval makes shutdown() quick (the default 0.5 s adds up in tests)
            self._thread = threading.Thread(
                target=self._httpd.serve_forever, args=(0.02,), name="openai-compat", daemon=True
            )
            self._thread.start()
        return self

    def close(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            if self._thread is not None:
                self._thread.join(timeout=5)
            self._httpd = None

    def __enter__(self) -> OpenAICompatServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def base_url(self) -> str:
        if self._httpd is None:
            raise RuntimeError("server not started: use `with OpenAICompatServer() as srv:`")
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    # -- scripting -----------------------------------------------------------------------------

    def script(self, *replies: ScriptedReply) -> None:
        with self._lock:
            self._chat_queue.extend(replies)

    def script_embeddings(self, *replies: ScriptedReply) -> None:
        with self._lock:
            self._embed_queue.extend(replies)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._chat_queue)

    # -- request handling (called from handler threads) ----------------------------------------

    def _record(self, path: str, body: dict[str, Any]) -> None:
        with self._lock:
            self.requests.append((path, body))

    def _next_chat(self, request: dict[str, Any]) -> ScriptedReply:
        with self._lock:
            self.chat_calls += 1
            reply = self._chat_queue.popleft() if self._chat_queue else None
        if reply is None and self.responder is not None:
            reply = self.responder(request)
        if reply is None:
            raise _HttpError(500, "no reply is scripted: call srv.script(...) or set srv.responder")
        return reply

    def _next_embed(self) -> ScriptedReply | None:
        with self._lock:
            self.embed_calls += 1
            return self._embed_queue.popleft() if self._embed_queue else None

    def handle_post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any], float]:
        """(status, JSON body, seconds to wait before answering) for one POST."""
        if path.endswith("/chat/completions"):
            reply = self._next_chat(body)
            if reply.status != 200:
                return reply.status, error_body(reply.status, reply.error or "scripted error"), reply.delay_s
            return 200, chat_completion(reply, body, self.chat_calls), reply.delay_s
        if path.endswith("/embeddings"):
            scripted = self._next_embed()
            delay = scripted.delay_s if scripted else 0.0
            if scripted is not None and scripted.status != 200:
                return scripted.status, error_body(scripted.status, scripted.error or "scripted error"), delay
            return 200, embeddings_response(self.embedder, body, self.honour_dimensions), delay
        raise _HttpError(404, f"unknown path {path}")

    def handle_get(self, path: str) -> dict[str, Any]:
        if path.endswith("/models"):
            model = {"id": self.model, "object": "model", "created": _CREATED, "owned_by": "memlab"}
            return {"object": "list", "data": [model]}
        raise _HttpError(404, f"unknown path {path}")

    def authorised(self, header: str | None) -> bool:
        return self.api_key is None or header == f"Bearer {self.api_key}"


def _make_handler(server: OpenAICompatServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as httpx expects

        def log_message(self, format: str, *args: Any) -> None:  # quiet test output
            pass

        def _send(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout test)
                self.close_connection = True

        def _read_json(self) -> dict[str, Any]:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw.decode("utf-8")) if raw else {}
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                server._record(self.path, {})
                raise _HttpError(400, f"malformed JSON body: {exc}") from None
            if not isinstance(body, dict):
                server._record(self.path, {})
                raise _HttpError(400, "JSON body must be an object")
            server._record(self.path, body)
            return body

        def _check_auth(self) -> None:
            if not server.authorised(self.headers.get("Authorization")):
                raise _HttpError(401, "Incorrect API key provided")

        def do_POST(self) -> None:
            try:
                body = self._read_json()
                self._check_auth()
                status, payload, delay = server.handle_post(self.path, body)
            except _HttpError as exc:
                self._send(exc.status, error_body(exc.status, exc.message))
                return
            except Exception as exc:  # a failing responder must answer, not hang the client
                self._send(500, error_body(500, f"{type(exc).__name__}: {exc}"))
                return
            if delay > 0:
                time.sleep(delay)
            self._send(status, payload)

        def do_GET(self) -> None:
            try:
                server._record(self.path, {})
                self._check_auth()
                payload = server.handle_get(self.path)
            except _HttpError as exc:
                self._send(exc.status, error_body(exc.status, exc.message))
                return
            self._send(200, payload)

    return Handler
