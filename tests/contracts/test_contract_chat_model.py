"""The ChatModel contract: ``complete(messages, schema=None, tools=None) -> ChatResult``, the same
tests for the OpenAI-compatible client (against the local test server) and the scripted fake.

Each implementation is built from the same script of answers: text, or a call of a tool.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from memlab.llm.client import ChatModel, ChatResult, LLMError, OpenAICompatChat, ScriptedChat
from memlab.llm.parse import parse_json, validate
from memlab.testing.openai_server import OpenAICompatServer, ScriptedReply

Answer = str | Mapping[str, Any]  # text, or the arguments of a call of TOOL
Build = Callable[[Sequence[Answer]], ChatModel]
SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["city"],
    "properties": {"city": {"type": "string"}},
    "additionalProperties": False,
}
TOOL = {"name": "record_city", "description": "Record the user's city.", "parameters": SCHEMA}
ASK = [{"role": "system", "content": "Answer briefly."}, {"role": "user", "content": "Where do I live?"}]


def _scripted(answers: Sequence[Answer]) -> ChatModel:
    return ScriptedChat(list(answers))


def _over_http(server: OpenAICompatServer) -> Build:
    def build(answers: Sequence[Answer]) -> ChatModel:
        server.script(*[
            ScriptedReply(content=a) if isinstance(a, str)
            else ScriptedReply(tool_calls=[{"name": TOOL["name"], "arguments": dict(a)}])
            for a in answers
        ])  # fmt: skip
        return OpenAICompatChat(server.base_url, "m", retries=0, backoff_s=0.001, timeout_s=5)

    return build


@pytest.fixture(params=["scripted", "openai-compat"])
def build(request: pytest.FixtureRequest) -> Iterator[Build]:
    if request.param == "scripted":
        yield _scripted
        return
    with OpenAICompatServer(embed_dim=8) as srv:  # one per test: nothing queued carries over
        yield _over_http(srv)


def answer_json(result: ChatResult, schema: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON a caller gets: parsed by the model, a tool call, or parsed from the text."""
    data = result.tool_args if result.tool_args is not None else result.parsed
    if data is None:
        data = parse_json(result.text, schema)
    validate(data, schema)
    return data


def test_is_a_chat_model(build: Build) -> None:
    assert isinstance(build([]), ChatModel)


def test_text_answer(build: Build) -> None:
    result = build(["You live in Vilnius."]).complete(ASK)
    assert isinstance(result, ChatResult)
    assert result.text == "You live in Vilnius."
    assert result.tool_args is None
    assert result.calls >= 1 and result.prompt_tokens >= 0 and result.completion_tokens >= 0


def test_json_answer_matches_the_schema(build: Build) -> None:
    result = build([json.dumps({"city": "Vilnius"})]).complete(ASK, schema=SCHEMA)
    assert answer_json(result, SCHEMA) == {"city": "Vilnius"}


def test_tool_call_answer(build: Build) -> None:
    result = build([{"city": "Vilnius"}]).complete(ASK, tools=[TOOL])
    assert result.tool_args == {"city": "Vilnius"}
    assert answer_json(result, SCHEMA) == {"city": "Vilnius"}


def test_answers_in_order(build: Build) -> None:
    chat = build(["one", "two"])
    assert [chat.complete(ASK).text for _ in range(2)] == ["one", "two"]


def test_no_answer_raises_llm_error(build: Build) -> None:
    with pytest.raises(LLMError):
        build([]).complete(ASK)


def test_russian_round_trips(build: Build) -> None:
    assert build(["Вы живёте в Вильнюсе."]).complete(ASK).text == "Вы живёте в Вильнюсе."
