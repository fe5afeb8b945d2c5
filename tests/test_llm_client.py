"""The chat client over real HTTP (local OpenAI-compatible server), parsing and the schema subset."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from memlab.llm.client import (
    ChatModel,
    ChatResult,
    LLMError,
    LLMOutputError,
    LLMRefusal,
    OpenAICompatChat,
    ScriptedChat,
)
from memlab.llm.parse import extract_json_object, first_error, parse_json, strip_think
from memlab.testing.openai_server import OpenAICompatServer, ScriptedReply

HI = [{"role": "user", "content": "hello there"}]
SCHEMA: dict[str, Any] = {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}
TOOL = {"name": "emit", "description": "emit a", "parameters": SCHEMA}


@pytest.fixture
def srv() -> Iterator[OpenAICompatServer]:
    with OpenAICompatServer(embed_dim=16) as server:
        yield server


def chat(srv: OpenAICompatServer, **kw: Any) -> OpenAICompatChat:
    sleeps: list[float] = []
    client = OpenAICompatChat(srv.base_url, "test-model", backoff_s=0.01, sleep=sleeps.append, **kw)
    client.sleeps = sleeps  # type: ignore[attr-defined]
    return client


def test_both_are_chat_models() -> None:
    assert isinstance(OpenAICompatChat("http://127.0.0.1:1/v1", "m"), ChatModel)
    assert isinstance(ScriptedChat([]), ChatModel)


def test_plain_text_and_usage(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(content="hi back"))
    r = chat(srv).complete(HI)
    assert (r.text, r.parsed, r.calls) == ("hi back", None, 1)
    assert r.prompt_tokens > 0 and r.completion_tokens > 0
    path, body = srv.requests[-1]
    assert (
        path.endswith("/chat/completions") and body["model"] == "test-model" and "response_format" not in body
    )


def test_schema_requests_json_schema_and_validates(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(content='{"a": 3}'))
    r = chat(srv).complete(HI, schema=SCHEMA)
    assert r.parsed == {"a": 3}
    assert srv.requests[-1][1]["response_format"]["json_schema"]["schema"] == SCHEMA


def test_malformed_then_good_is_retried(srv: OpenAICompatServer) -> None:
    srv.script(
        ScriptedReply(content="sure! here it is"),
        ScriptedReply(content='{"a": "x"}'),
        ScriptedReply(content='{"a": 1}'),
    )
    client = chat(srv)
    r = client.complete(HI, schema=SCHEMA)
    assert r.parsed == {"a": 1} and r.calls == 3 and srv.chat_calls == 3
    assert client.sleeps == [0.01, 0.02]  # type: ignore[attr-defined]


def test_think_block_and_fence(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(content='<think>maybe {"a": 9}?</think>\n```json\n{"a": 2}\n```'))
    assert chat(srv).complete(HI, schema=SCHEMA).parsed == {"a": 2}


def test_429_then_success_honours_retry_after_bound(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(status=429, error="rate limited"), ScriptedReply(content='{"a": 5}'))
    r = chat(srv).complete(HI, schema=SCHEMA)
    assert r.parsed == {"a": 5} and r.calls == 2


def test_timeout_then_success(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(delay_s=1.0, content='{"a": 0}'), ScriptedReply(content='{"a": 7}'))
    r = chat(srv, timeout_s=0.2).complete(HI, schema=SCHEMA)
    assert r.parsed == {"a": 7} and r.calls == 2


def test_gives_up_after_last_try_with_costs(srv: OpenAICompatServer) -> None:
    srv.script(*[ScriptedReply(status=503, error="overloaded")] * 3)
    with pytest.raises(LLMError, match="HTTP 503: overloaded.*3 attempts") as info:
        chat(srv, retries=2).complete(HI)
    assert info.value.calls == 3 and srv.chat_calls == 3


def test_client_errors_are_not_retried(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(status=400, error="bad request"), ScriptedReply(content="unused"))
    with pytest.raises(LLMError, match="HTTP 400: bad request"):
        chat(srv).complete(HI)
    assert srv.chat_calls == 1


def test_refusal_is_retried_then_raised(srv: OpenAICompatServer) -> None:
    srv.script(
        ScriptedReply(refusal="I can't help with that"), ScriptedReply(refusal="I can't help with that")
    )
    with pytest.raises(LLMRefusal, match="can't help"):
        chat(srv, retries=1).complete(HI, schema=SCHEMA)
    srv.script(ScriptedReply(refusal="no"), ScriptedReply(content='{"a": 1}'))
    assert chat(srv).complete(HI, schema=SCHEMA).parsed == {"a": 1}


def test_persistent_bad_output_raises_output_error(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(content="[1, 2]"), ScriptedReply(content='{"b": 1}'))
    with pytest.raises(LLMOutputError, match="missing required property 'a'"):
        chat(srv, retries=1).complete(HI, schema=SCHEMA)


def test_tool_call_answer(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(tool_calls=[{"name": "emit", "arguments": {"a": 4}}]))
    r = chat(srv).complete(HI, tools=[TOOL])
    assert (r.tool_name, r.tool_args, r.parsed) == ("emit", {"a": 4}, {"a": 4})
    body = srv.requests[-1][1]
    assert (
        body["tools"][0]["function"]["name"] == "emit" and body["tool_choice"]["function"]["name"] == "emit"
    )


def test_tool_call_with_bad_arguments_is_retried(srv: OpenAICompatServer) -> None:
    srv.script(
        ScriptedReply(tool_calls=[{"name": "emit", "arguments": '{"a": '}]),
        ScriptedReply(tool_calls=[{"name": "emit", "arguments": {"a": 1.5}}]),
        ScriptedReply(content='{"a": 8}'),  # a server that ignores tools: content is parsed instead
    )
    r = chat(srv).complete(HI, tools=[TOOL])
    assert r.tool_args is None and r.parsed == {"a": 8} and r.calls == 3


def test_api_key_is_sent() -> None:
    with OpenAICompatServer(api_key="sekrit") as server:
        server.script(ScriptedReply(content="ok"), ScriptedReply(content="ok"))
        assert OpenAICompatChat(server.base_url, "m", api_key="sekrit").complete(HI).text == "ok"
        with pytest.raises(LLMError, match="HTTP 401"):
            OpenAICompatChat(server.base_url, "m", api_key="wrong", retries=0).complete(HI)


def test_scripted_chat_records_and_raises() -> None:
    fake = ScriptedChat(["text", {"a": 1}, LLMRefusal("no")])
    assert fake.complete(HI).text == "text"
    assert fake.complete(HI, tools=[TOOL]).tool_args == {"a": 1}
    with pytest.raises(LLMRefusal):
        fake.complete(HI)
    with pytest.raises(LLMError, match="no reply left"):
        fake.complete(HI)
    assert len(fake.requests) == 4 and fake.requests[1][2] == [TOOL]
    assert ScriptedChat([ChatResult("x", calls=2)]).complete(HI).calls == 2


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1}', {"a": 1}),
        ('Here you go: {"a": {"b": [1, 2]}} hope it helps {"c": 3}', {"a": {"b": [1, 2]}}),
        ('<think>I think {"a": 0} no</think>{"a": 1}', {"a": 1}),
        ('reasoning without an opening tag</think>\n{"a": 1}', {"a": 1}),
        ('```json\n{"a": 1}\n```\n```json\n{"a": 2}\n```', {"a": 1}),
        ('{broken {"a": 1}', {"a": 1}),
    ],
)
def test_extract_json_object(text: str, expected: dict[str, Any]) -> None:
    assert extract_json_object(text) == expected


@pytest.mark.parametrize("text", ["", "no json here", '<think>{"a": 1}', "[1, 2, 3]", '{"a": 1'])
def test_no_object_is_an_output_error(text: str) -> None:
    with pytest.raises(LLMOutputError, match="no JSON object"):
        extract_json_object(text)


def test_strip_think_open_block() -> None:
    assert strip_think("answer <think>never closed") == "answer"


NESTED: dict[str, Any] = {
    "type": "object",
    "required": ["facts"],
    "additionalProperties": False,
    "properties": {
        "facts": {
            "type": "array",
            "minItems": 0,
            "items": {
                "type": "object",
                "required": ["type", "confidence"],
                "properties": {
                    "type": {"enum": ["semantic", "opinion"]},
                    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                    "key": {"type": ["string", "null"]},
                    "ids": {"type": "array", "items": {"type": "integer"}},
                    "name": {"type": "string", "minLength": 1},
                },
            },
        }
    },
}
CASES: list[Any] = [
    {"facts": []},
    {"facts": [{"type": "semantic", "confidence": 0.5, "key": None, "ids": [1, 2], "name": "x"}]},
    {"facts": [{"type": "semantic", "confidence": 1}]},
    {"facts": [{"type": "fact", "confidence": 0.5}]},
    {"facts": [{"type": "opinion", "confidence": 1.5}]},
    {"facts": [{"type": "opinion", "confidence": "high"}]},
    {"facts": [{"type": "opinion", "confidence": True}]},
    {"facts": [{"type": "opinion"}]},
    {"facts": [{"type": "opinion", "confidence": 0.1, "ids": [1, "2"]}]},
    {"facts": [{"type": "opinion", "confidence": 0.1, "ids": [True]}]},
    {"facts": [{"type": "opinion", "confidence": 0.1, "key": 3}]},
    {"facts": [{"type": "opinion", "confidence": 0.1, "name": ""}]},
    {"facts": {}},
    {"facts": [], "extra": 1},
    {},
    [],
]


@pytest.mark.parametrize("value", CASES)
def test_schema_subset_agrees_with_jsonschema(value: Any) -> None:
    import jsonschema

    reference = jsonschema.Draft7Validator(NESTED).is_valid(value)
    assert (first_error(value, NESTED) is None) == reference


def test_schema_error_names_the_path() -> None:
    with pytest.raises(LLMOutputError, match=r"\$\.facts\[0\]\.confidence: expected number, got string"):
        parse_json('{"facts": [{"type": "opinion", "confidence": "high"}]}', NESTED)
