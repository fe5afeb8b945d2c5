"""LLM-backed consolidation, causal detection and entity summaries. All propose; none writes.

The model's answer is untrusted: it is validated against the prompt's schema, ids it cites are
checked against the episodes it was shown, and anything unusable is dropped with a note. When
the client gives up (timeouts, malformed output, refusals after its retries) a
``ConsolidationError`` is raised: the caller leaves the session unconsolidated and nothing is lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from memlab.knowledge.causal_cues import consecutive_pairs
from memlab.knowledge.plan import (
    CausalProposal,
    ConsolidationContext,
    ConsolidationError,
    EntityMention,
    EpisodeRef,
    FactEnd,
    FactProposal,
    Plan,
)
from memlab.knowledge.rules import merge_entities
from memlab.llm.client import ChatModel, ChatResult
from memlab.llm.errors import LLMError
from memlab.llm.parse import parse_json, validate
from memlab.llm.prompts import causal, consolidate, entity_summary

LLM_CAUSAL_CONFIDENCE = 0.7


@dataclass
class _Tally:
    """Calls and tokens spent, and notes, across the pages of one run."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    notes: list[str] = field(default_factory=list)

    def add(self, result: ChatResult) -> None:
        self.calls += result.calls
        self.prompt_tokens += result.prompt_tokens
        self.completion_tokens += result.completion_tokens


def ask(
    chat: ChatModel,
    messages: list[dict[str, str]],
    schema: Mapping[str, Any],
    tool: Mapping[str, Any] | None,
    tally: _Tally,
    what: str,
) -> dict[str, Any]:
    """One validated answer, or ConsolidationError (the client has already retried)."""
    try:
        result = chat.complete(messages, schema=None if tool else schema, tools=[tool] if tool else None)
        tally.add(result)
        data = result.tool_args if result.tool_args is not None else result.parsed
        if data is None:
            data = parse_json(result.text, schema)
        validate(data, schema)
    except LLMError as exc:
        raise ConsolidationError(f"{what}: {exc}") from exc
    return data


def _pages(episodes: Sequence[EpisodeRef], size: int) -> list[list[EpisodeRef]]:
    ordered = sorted(episodes, key=lambda e: (e.time, e.id))
    return [ordered[i : i + size] for i in range(0, len(ordered), max(1, size))]


def _entity(raw: Mapping[str, Any]) -> EntityMention:
    aliases = tuple(str(a).strip() for a in raw.get("aliases") or () if str(a).strip())
    return EntityMention(str(raw["name"]).strip(), raw["type"], raw.get("role"), aliases)


def _key(raw: Mapping[str, Any], existing: Mapping[int, str | None], tally: _Tally) -> str | None:
    """The fact's key; an update of an existing fact without a key of its own takes that fact's."""
    key = " ".join(str(raw.get("key") or "").lower().split()) or None
    for fid in raw.get("updates") or ():
        if fid not in existing:
            tally.notes.append(f"ignored update of unknown fact #{fid}")
        elif key is None:
            key = existing[fid]
    return key


def to_fact(
    raw: Mapping[str, Any], shown: set[int], existing: Mapping[int, str | None], tally: _Tally
) -> FactProposal | None:
    """A FactProposal from one validated item; None (with a note) if it cites no shown episode."""
    sources = tuple(dict.fromkeys(i for i in raw["source_ids"] if i in shown))
    if not sources:
        tally.notes.append(
            f"dropped fact citing unknown episodes {raw['source_ids']}: {raw['content'][:80]!r}"
        )
        return None
    value = raw.get("value")
    return FactProposal(
        content=" ".join(raw["content"].split()),
        type=raw["type"],
        key=_key(raw, existing, tally),
        value=str(value).strip() if value is not None else None,
        source_ids=sources,
        confidence=float(raw["confidence"]),
        entities=tuple(_entity(e) for e in raw.get("entities") or ()),
    )


def to_ends(
    raw: Sequence[Mapping[str, Any]], shown: set[int], existing: Mapping[int, str | None], tally: _Tally
) -> list[FactEnd]:
    """Ends of shown, keyed existing facts cited by shown episodes; anything else dropped with a note."""
    out = []
    for item in raw:
        key = existing.get(item["fact_id"])
        sources = tuple(dict.fromkeys(i for i in item["source_ids"] if i in shown))
        if key is None or not sources:
            tally.notes.append(f"dropped end of fact #{item['fact_id']}: unknown, keyless, or cites no shown message")
            continue
        out.append(FactEnd(key, sources, item["fact_id"]))
    return out


class LLMConsolidator:
    """Consolidator that asks a ChatModel, one call per page of ``page_size`` episodes.

    ``use_tools=True`` asks for a function call (``emit_plan``) instead of a JSON message.
    """

    name = "llm"

    def __init__(self, chat: ChatModel, page_size: int = 50, use_tools: bool = False) -> None:
        self.chat = chat
        self.page_size = page_size
        self.use_tools = use_tools

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        tally = _Tally()
        facts: list[FactProposal] = []
        mentions: list[EntityMention] = []
        ends: list[FactEnd] = []
        existing = {fid: key for fid, _content, key in context.existing_facts}
        pages = _pages(episodes, self.page_size)
        tool = consolidate.TOOL if self.use_tools else None
        for n, page in enumerate(pages, 1):
            prompt = consolidate.ConsolidatePrompt(page, context.existing_facts, n, len(pages))
            what = f"session {context.session_id} page {n}/{len(pages)}"
            data = ask(self.chat, consolidate.messages(prompt), consolidate.SCHEMA, tool, tally, what)
            shown = {e.id for e in page}
            for raw in data["facts"]:
                fact = to_fact(raw, shown, existing, tally)
                if fact is not None:
                    facts.append(fact)
                    mentions.extend(fact.entities)
            mentions.extend(_entity(e) for e in data.get("entities") or ())
            ends.extend(to_ends(data.get("ends") or (), shown, existing, tally))
        return Plan(
            session_id=context.session_id,
            facts=tuple(facts),
            entities=merge_entities(mentions),
            ends=tuple(ends),
            llm_calls=tally.calls,
            prompt_tokens=tally.prompt_tokens,
            completion_tokens=tally.completion_tokens,
            notes=tuple(tally.notes),
        )


class LLMCausalDetector:
    """CausalDetector that shows the model ``batch`` consecutive pairs per call."""

    name = "llm"

    def __init__(
        self,
        chat: ChatModel,
        batch: int = 50,
        use_tools: bool = False,
        confidence: float = LLM_CAUSAL_CONFIDENCE,
    ) -> None:
        self.chat = chat
        self.batch = batch
        self.use_tools = use_tools
        self.confidence = confidence

    def detect(self, episodes: Sequence[EpisodeRef]) -> Plan:
        tally, links = _Tally(), []
        pairs = consecutive_pairs(episodes)
        tool = causal.TOOL if self.use_tools else None
        for start in range(0, len(pairs), max(1, self.batch)):
            chunk = pairs[start : start + self.batch]
            msgs = causal.messages(causal.CausalPrompt(chunk))
            data = ask(
                self.chat, msgs, causal.SCHEMA, tool, tally, f"causal pairs {start}..{start + len(chunk)}"
            )
            links.extend(self._links(data["links"], chunk, tally))
        sessions = {e.session_id for e in episodes}
        return Plan(
            session_id=sessions.pop() if len(sessions) == 1 else "",
            causal=tuple(dict.fromkeys(links)),
            llm_calls=tally.calls,
            prompt_tokens=tally.prompt_tokens,
            completion_tokens=tally.completion_tokens,
            notes=tuple(tally.notes),
        )

    def _links(
        self,
        raw_links: Sequence[Mapping[str, Any]],
        chunk: Sequence[tuple[EpisodeRef, EpisodeRef]],
        tally: _Tally,
    ) -> list[CausalProposal]:
        allowed = {frozenset((a.id, b.id)) for a, b in chunk}
        out = []
        for raw in raw_links:
            cause, effect = raw["cause_id"], raw["effect_id"]
            if cause == effect or frozenset((cause, effect)) not in allowed:
                tally.notes.append(f"dropped causal link {cause}->{effect}: not a pair shown")
                continue
            out.append(CausalProposal(cause, effect, self.confidence, " ".join(raw["evidence"].split())))
        return out


def summarize_entity(chat: ChatModel, name: str, facts: Sequence[str], entity_type: str | None = None) -> str:
    """A short summary of one entity from its facts (raises ConsolidationError on failure)."""
    msgs = entity_summary.messages(entity_summary.EntitySummaryPrompt(name, facts, entity_type))
    data = ask(chat, msgs, entity_summary.SCHEMA, None, _Tally(), f"summary of {name!r}")
    return " ".join(data["summary"].split())
