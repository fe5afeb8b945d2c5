"""What a small local server needs from the client (issue 38), against the scripted HTTP server."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from memlab.llm.client import LLMOutputError, OpenAICompatChat
from memlab.testing.openai_server import OpenAICompatServer, ScriptedReply

HI = [{"role": "user", "content": "hello"}]
SCHEMA: dict[str, Any] = {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}


@pytest.fixture
def srv() -> Iterator[OpenAICompatServer]:
    with OpenAICompatServer() as server:
        yield server


def chat(srv: OpenAICompatServer, **kw: Any) -> OpenAICompatChat:
    return OpenAICompatChat(srv.base_url, "m", backoff_s=0.001, sleep=lambda s: None, **kw)


def test_max_tokens_is_always_sent(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(content='{"a": 1}'))
    chat(srv, max_tokens=64).complete(HI, schema=SCHEMA)
    assert srv.requests[-1][1]["max_tokens"] == 64


def test_a_refused_response_format_falls_back_to_plain_json_once(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(status=400, error="response_format not supported"), ScriptedReply(content='{"a": 2}'),
               ScriptedReply(content='{"a": 3}'))  # fmt: skip
    client = chat(srv)
    assert client.complete(HI, schema=SCHEMA).parsed == {"a": 2}
    first, second = (body for _, body in srv.requests)
    assert "response_format" in first and "response_format" not in second and client.schema_refused
    assert client.complete(HI, schema=SCHEMA).parsed == {"a": 3}  # remembered: no second 400
    assert "response_format" not in srv.requests[-1][1] and srv.chat_calls == 3


def test_a_cut_off_answer_is_not_asked_again_at_temperature_0(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(content='{"a": 1', finish_reason="length"), ScriptedReply(content='{"a": 1}'))
    with pytest.raises(LLMOutputError, match="cut off at max_tokens"):
        chat(srv, retries=3).complete(HI, schema=SCHEMA)
    assert srv.chat_calls == 1


def test_empty_and_wrongly_typed_answers_are_untrusted(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(content=""), ScriptedReply(content='{"a": "one"}'))
    with pytest.raises(LLMOutputError, match="expected integer"):
        chat(srv, retries=1).complete(HI, schema=SCHEMA)


def test_no_window_from_a_server_that_does_not_say(srv: OpenAICompatServer) -> None:
    assert chat(srv).context_window() is None


def test_llm_serve_is_wired_with_the_measured_defaults() -> None:
    from memlab.cli import build_parser, cmd_llm_serve
    from memlab.llm.serve import DEFAULT_ARGS, LocalServer

    args = build_parser().parse_args(["llm", "serve", "--port", "9001"])
    assert args.func is cmd_llm_serve and (args.port, args.threads, args.ctx_size) == (9001, 1, 2048)
    srv = LocalServer(port=9001, model="/nowhere/model.gguf")
    assert srv.base_url == "http://127.0.0.1:9001/v1" and DEFAULT_ARGS == ("--no-jinja", "--chat-template", "gemma")
