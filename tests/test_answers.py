"""LoCoMo's answer scoring (memlab.bench.answers) and the report without a reader."""

from __future__ import annotations

import pytest

from memlab.bench import report
from memlab.bench.answers import exact_match, multi_hop_f1, normalize_answer, reader_spec, score, token_f1


def test_normalise_as_locomo() -> None:
    assert normalize_answer("The Cat, and a Dog!") == "cat dog"


@pytest.mark.parametrize("pred,gold,f1", [
    ("Vilnius", "Vilnius", 1.0),
    ("in Vilnius, Lithuania", "Vilnius", 2 * (1 / 3) * 1 / (1 / 3 + 1)),
    ("running", "runs", 1.0),  # Porter stems: "run"
    ("Oslo", "Vilnius", 0.0),
    ("", "Vilnius", 0.0),
])  # fmt: skip
def test_token_f1(pred: str, gold: str, f1: float) -> None:
    assert token_f1(pred, gold) == pytest.approx(f1)


def test_multi_hop_and_exact_match() -> None:
    assert multi_hop_f1("hiking, painting", "painting, hiking, chess") == pytest.approx(2 / 3)
    assert score("hiking, painting", ["painting, hiking, chess"], "1")[0] == pytest.approx(2 / 3)
    assert exact_match("the Vilnius.", "Vilnius") and not exact_match("Vilnius city", "Vilnius")
    assert score("Oslo", ["Vilnius", "Oslo"]) == (1.0, True) and score("x", []) == (0.0, False)


def test_reader_table_is_checked() -> None:
    spec = reader_spec({"base_url": "http://127.0.0.1:1/v1", "model": "m", "judge": {"base_url": "u", "model": "j"}})
    assert spec.reader.max_tokens == 32 and spec.judge is not None and spec.judge.max_tokens == 16
    assert spec.described()["reader"]["api_key_env"] == "OPENAI_API_KEY"  # the variable's name, not its value
    with pytest.raises(ValueError, match="base_url and model"):
        reader_spec({"model": "m", "temprature": 0})


def test_without_a_reader_the_columns_are_absent_with_a_note() -> None:
    rec = {"dataset": "d", "method": "m", "metrics": {"overall": {"recall@10": 0.5}}, "reader": None}
    assert "F1" not in report.summary_table([rec]) and "no reader model configured" in report.answer_note([rec])[0]


def test_reader_and_judge_over_http() -> None:
    from types import SimpleNamespace

    from memlab.bench.answers import Reader
    from memlab.testing.openai_server import OpenAICompatServer, ScriptedReply

    with OpenAICompatServer() as srv:
        spec = reader_spec({"base_url": srv.base_url, "model": "r", "context_tokens": 1000,
                            "judge": {"base_url": srv.base_url, "model": "j"}})  # fmt: skip
        srv.script(ScriptedReply(content="In Vilnius."), ScriptedReply(content='{"label": "CORRECT"}'))
        q = SimpleNamespace(text="Where do I live?", answers=("Vilnius",), category="", abstain=False)
        got = Reader(spec).scores(q, "## Facts\n- User lives in Vilnius.\n" + "x " * 5000)
        reader_body, judge_body = (body for _, body in srv.requests if "messages" in body)
    assert got["answer_f1"] == pytest.approx(2 / 3) and got["answer_em"] is False and got["judge"] is True
    assert len(reader_body["messages"][0]["content"]) < 3000 and reader_body["max_tokens"] == 32  # cut to the window
    assert judge_body["response_format"]["json_schema"]["schema"]["properties"]["label"]["enum"] == ["CORRECT", "WRONG"]


def test_a_bad_reader_table_is_a_suite_error() -> None:
    from memlab.bench.suite import SuiteError, parse_suite

    with pytest.raises(SuiteError, match="reader"):
        parse_suite({"reader": {"model": "m"}})
