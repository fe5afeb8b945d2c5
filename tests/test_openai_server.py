"""The local OpenAI-compatible test server, exercised through the real ``openai`` client and raw HTTP."""

from __future__ import annotations

import json
from typing import Any

import httpx
import numpy as np
import openai
import pytest

from memlab.embed.base import truncate
from memlab.embed.hashing import HashingEmbedder
from memlab.testing.openai_server import OpenAICompatServer, ScriptedReply


def _client(srv: OpenAICompatServer, key: str = "test", **kw: object) -> openai.OpenAI:
    return openai.OpenAI(base_url=srv.base_url, api_key=key, max_retries=0, **kw)  # type: ignore[arg-type]


def _user(text: str) -> Any:
    return [{"role": "user", "content": text}]


def test_embeddings_base64_round_trip_matches_hashing_embedder() -> None:
    texts = ["the cat sat", "Кошка сидела", "emoji 🐈"]
    with OpenAICompatServer(embed_dim=64) as srv, _client(srv) as client:
        resp = client.embeddings.create(model="m", input=texts)  # client asks for base64
        got = np.array([d.embedding for d in resp.data], dtype=np.float32)
        assert srv.requests[-1][1]["encoding_format"] == "base64"
    np.testing.assert_allclose(got, HashingEmbedder(64).embed_batch(texts), atol=1e-7)
    assert [d.index for d in resp.data] == [0, 1, 2]
    assert resp.usage.total_tokens > 0


def test_embeddings_float_format_and_dimensions_honoured() -> None:
    with OpenAICompatServer(embed_dim=64) as srv:
        body = {"model": "m", "input": "hello world", "dimensions": 16, "encoding_format": "float"}
        data = httpx.post(f"{srv.base_url}/embeddings", json=body).json()
    vec = np.array(data["data"][0]["embedding"], dtype=np.float32)
    np.testing.assert_allclose(
        vec, truncate(HashingEmbedder(64).embed_batch(["hello world"]), 16)[0], atol=1e-6
    )


def test_server_can_ignore_dimensions() -> None:
    with OpenAICompatServer(embed_dim=64, honour_dimensions=False) as srv, _client(srv) as client:
        resp = client.embeddings.create(model="m", input="hello", dimensions=16)
    assert len(resp.data[0].embedding) == 64


def test_empty_string_input_is_rejected_like_the_real_api() -> None:
    with OpenAICompatServer() as srv, _client(srv) as client:
        with pytest.raises(openai.BadRequestError):
            client.embeddings.create(model="m", input=["ok", ""])


def test_scripted_replies_come_back_in_order_then_500() -> None:
    with OpenAICompatServer() as srv, _client(srv) as client:
        srv.script(
            ScriptedReply(content="first"),
            ScriptedReply(tool_calls=[{"name": "emit_plan", "arguments": {"facts": [1]}}]),
            ScriptedReply(refusal="I can't help with that"),
        )
        a, b, c = (client.chat.completions.create(model="m", messages=_user("hi")) for _ in range(3))
        with pytest.raises(openai.InternalServerError, match="no reply is scripted"):
            client.chat.completions.create(model="m", messages=_user("hi"))
        assert srv.chat_calls == 4
    assert a.choices[0].message.content == "first" and a.choices[0].finish_reason == "stop"
    call: Any = b.choices[0].message.tool_calls[0]  # type: ignore[index]
    assert b.choices[0].finish_reason == "tool_calls"
    assert call.function.name == "emit_plan" and json.loads(call.function.arguments) == {"facts": [1]}
    assert c.choices[0].message.refusal == "I can't help with that" and c.choices[0].message.content is None
    assert a.usage is not None and a.usage.total_tokens == a.usage.prompt_tokens + a.usage.completion_tokens


def test_responder_is_used_when_queue_is_empty() -> None:
    with OpenAICompatServer() as srv, _client(srv) as client:
        srv.responder = lambda req: ScriptedReply(content=req["messages"][-1]["content"].upper())
        srv.script(ScriptedReply(content="scripted"))
        first = client.chat.completions.create(model="m", messages=_user("echo"))
        second = client.chat.completions.create(model="m", messages=_user("echo"))
    assert (first.choices[0].message.content, second.choices[0].message.content) == ("scripted", "ECHO")


def test_429_is_a_rate_limit_error() -> None:
    with OpenAICompatServer() as srv, _client(srv) as client:
        srv.script(ScriptedReply(status=429, error="rate limited"))
        with pytest.raises(openai.RateLimitError, match="rate limited"):
            client.chat.completions.create(model="m", messages=_user("hi"))


def test_delay_triggers_client_timeout() -> None:
    with OpenAICompatServer() as srv, _client(srv, timeout=0.2) as client:
        srv.script(ScriptedReply(delay_s=1.0, content="late"))
        with pytest.raises(openai.APITimeoutError):
            client.chat.completions.create(model="m", messages=_user("hi"))


def test_api_key_is_enforced() -> None:
    with OpenAICompatServer(api_key="sekret") as srv:
        with _client(srv, key="wrong") as bad, pytest.raises(openai.AuthenticationError):
            bad.models.list()
        with _client(srv, key="sekret") as good:
            assert [m.id for m in good.models.list().data] == ["memlab-test"]


def test_malformed_json_is_400_and_recorded() -> None:
    with OpenAICompatServer() as srv:
        resp = httpx.post(f"{srv.base_url}/chat/completions", content=b"{not json")
        assert resp.status_code == 400
        assert "malformed JSON" in resp.json()["error"]["message"]
        assert srv.requests == [("/v1/chat/completions", {})]
        assert srv.chat_calls == 0


def test_scripted_embedding_errors_then_recovery() -> None:
    with OpenAICompatServer() as srv, _client(srv) as client:
        srv.script_embeddings(ScriptedReply(status=503, error="warming up"))
        with pytest.raises(openai.InternalServerError, match="warming up"):
            client.embeddings.create(model="m", input="x")
        assert len(client.embeddings.create(model="m", input="x").data) == 1
        assert srv.embed_calls == 2


def test_base_url_before_start_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="not started"):
        _ = OpenAICompatServer().base_url
