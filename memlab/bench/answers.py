"""Answer accuracy: a reader model answers each question from a method's context, scored as LoCoMo does.

Scoring follows LoCoMo's official QA scorer (Maharana et al., ACL 2024, "Evaluating Very
Long-Term Conversational Memory of LLM Agents"; snap-research/locomo, ``task_eval/evaluation.py``),
itself the SQuAD scorer (Rajpurkar et al., 2016) with a Porter stemmer, written again here:

- normalise: drop commas, lower case, drop punctuation, drop the words a, an, the, and;
  collapse white space;
- token F1: precision and recall of the stemmed tokens shared by the answer and the gold answer;
- multi-hop questions (LoCoMo category 1): the gold answer is a comma-separated list; each part
  takes its best F1 against the answer's comma-separated parts, and the parts are averaged;
- exact match: the normalised strings are equal.

With several gold forms the best one counts. The reader and the optional judge are OpenAI-
compatible chat models (``memlab.llm.client``); a suite's ``[reader]`` table names them, and
every record says which model, settings and prompt were used.
"""

from __future__ import annotations

import functools
import re
import string
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

# LoCoMo's QA prompt (task_eval/gpt_utils.py), with the context first
READER_PROMPT = (
    "Based on the above context, write an answer in the form of a short phrase for the following "
    "question. Answer with exact words from the context whenever possible."
)
# the LLM-as-judge of Mem0's LoCoMo evaluation, condensed: generous on wording, strict on facts
JUDGE_PROMPT = (
    "You grade an answer to a question about a conversation against the gold answer. Label it CORRECT "
    "if it refers to the same thing as the gold answer (wording, length and format may differ; a date "
    "in another format counts), otherwise WRONG."
)
JUDGE_SCHEMA: dict[str, Any] = {
    "title": "verdict",
    "type": "object",
    "required": ["label"],
    "additionalProperties": False,
    "properties": {"label": {"enum": ["CORRECT", "WRONG"]}},
}
MULTI_HOP = "1"  # LoCoMo's category of questions whose answers list several items
_ARTICLES = re.compile(r"\b(a|an|the|and)\b")
_PUNCT = str.maketrans("", "", string.punctuation)


def normalize_answer(text: str) -> str:
    text = str(text).replace(",", "").lower()
    text = text.translate(_PUNCT)
    return " ".join(_ARTICLES.sub(" ", text).split())


@functools.lru_cache(maxsize=1)
def _porter() -> Any:
    import snowballstemmer

    return snowballstemmer.stemmer("porter")


def _tokens(text: str) -> list[str]:
    return [str(_porter().stemWord(w)) for w in normalize_answer(text).split()]


def token_f1(prediction: str, gold: str) -> float:
    pred, truth = _tokens(prediction), _tokens(gold)
    common = sum((Counter(pred) & Counter(truth)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(truth)
    return 2 * precision * recall / (precision + recall)


def multi_hop_f1(prediction: str, gold: str) -> float:
    preds = [p for p in prediction.split(",") if p.strip()] or [prediction]
    parts = [g for g in gold.split(",") if g.strip()] or [gold]
    return sum(max(token_f1(p, g) for p in preds) for g in parts) / len(parts)


def exact_match(prediction: str, gold: str) -> bool:
    return normalize_answer(prediction) == normalize_answer(gold)


def score(prediction: str, answers: Iterable[str], category: str = "") -> tuple[float, bool]:
    """(token F1, exact match) of ``prediction`` against the best of the gold ``answers``."""
    golds = [str(a) for a in answers]
    if not golds:
        return 0.0, False
    f1 = multi_hop_f1 if category == MULTI_HOP else token_f1
    return max(f1(prediction, g) for g in golds), any(exact_match(prediction, g) for g in golds)


# -- the reader and the judge ------------------------------------------------------------------


@dataclass(frozen=True)
class ModelSpec:
    """An OpenAI-compatible chat model, as plain data (it travels to worker processes)."""

    base_url: str
    model: str
    max_tokens: int = 32
    temperature: float = 0.0
    timeout_s: float = 30.0
    retries: int = 1
    api_key_env: str = "OPENAI_API_KEY"  # read when the client is built (in the worker), never stored

    def client(self) -> Any:
        import os

        from memlab.llm.client import OpenAICompatChat

        key = os.environ.get(self.api_key_env) or "none"
        return OpenAICompatChat(self.base_url, self.model, api_key=key, timeout_s=self.timeout_s,
                                retries=self.retries, temperature=self.temperature,
                                max_tokens=self.max_tokens)  # fmt: skip

    def described(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class ReaderSpec:
    """``[reader]`` of a suite: who answers (and, optionally, who judges) and with what prompt."""

    reader: ModelSpec
    prompt: str = READER_PROMPT
    judge: ModelSpec | None = None
    judge_prompt: str = JUDGE_PROMPT
    context_tokens: int = 0  # the reader's window; 0: ask its server, else 4096

    def described(self) -> dict[str, Any]:
        return {"reader": self.reader.described(), "prompt": self.prompt,
                "judge": self.judge.described() if self.judge else None,
                "judge_prompt": self.judge_prompt if self.judge else None}  # fmt: skip


def reader_spec(table: Mapping[str, Any]) -> ReaderSpec:
    """A ``ReaderSpec`` from a suite's ``[reader]`` table (``[reader.judge]`` optional)."""
    known = {"base_url", "model", "max_tokens", "temperature", "timeout_s", "retries", "api_key_env", "prompt",
             "judge", "judge_prompt", "context_tokens"}  # fmt: skip
    unknown = sorted(set(table) - known)
    if unknown or not table.get("base_url") or not table.get("model"):
        raise ValueError(f"[reader] needs base_url and model; unknown key(s) {unknown}; known: {sorted(known)}")
    model_keys = ("base_url", "model", "max_tokens", "temperature", "timeout_s", "retries", "api_key_env")
    judge = table.get("judge")
    return ReaderSpec(
        reader=ModelSpec(**{k: table[k] for k in model_keys if k in table}),
        prompt=str(table.get("prompt", READER_PROMPT)),
        judge=ModelSpec(**{"max_tokens": 16, **{k: judge[k] for k in model_keys if k in judge}}) if judge else None,
        judge_prompt=str(table.get("judge_prompt", JUDGE_PROMPT)),
        context_tokens=int(table.get("context_tokens", 0)),
    )


class Reader:
    """Answers a question from a context with the reader model; judges it when a judge is set."""

    def __init__(self, spec: ReaderSpec) -> None:
        self.spec = spec
        self.chat = spec.reader.client()
        self.judge = spec.judge.client() if spec.judge else None
        self._window: int | None = None

    def _context_chars(self) -> int:
        if self._window is None:
            self._window = self.spec.context_tokens or self.chat.context_window() or 4096
        prompt_tokens = len(self.spec.prompt) // 3 + 64
        return max(200, (self._window - self.spec.reader.max_tokens - prompt_tokens) * 3)

    def messages(self, question: str, context: str) -> list[dict[str, str]]:
        context = context[: self._context_chars()]  # memlab's context opens with Facts: keep the start
        return [{"role": "user", "content": f"{context}\n\n{self.spec.prompt}\n\nQuestion: {question}\nAnswer:"}]

    def answer(self, question: str, context: str) -> str:
        result = self.chat.complete(self.messages(question, context))
        return " ".join(str(result.text).split())[:300]

    def judged(self, question: str, gold: Iterable[str], answer: str) -> bool | None:
        if self.judge is None:
            return None
        content = f"Question: {question}\nGold answer: {' / '.join(gold)}\nAnswer: {answer}"
        messages = [{"role": "system", "content": self.spec.judge_prompt}, {"role": "user", "content": content}]
        result = self.judge.complete(messages, schema=JUDGE_SCHEMA)
        return bool(result.parsed and result.parsed.get("label") == "CORRECT")

    def scores(self, question: Any, context: str) -> dict[str, Any]:
        """The answer record of one question: F1, EM, the judge's verdict (None when not asked)."""
        from memlab.llm.errors import LLMError

        if not question.answers or getattr(question, "abstain", False):
            return {"answer_f1": None, "answer_em": None, "judge": None, "reader_failed": None}
        try:
            said = self.answer(question.text, context)
            verdict = self.judged(question.text, question.answers, said)
        except LLMError:
            return {"answer_f1": None, "answer_em": None, "judge": None, "reader_failed": True}
        f1, em = score(said, question.answers, question.category)
        return {"answer_f1": f1, "answer_em": em, "judge": verdict, "reader_failed": False, "answer": said}
