"""LLM-backed consolidation, causal detection and entity summaries. All propose; none writes.

The model's answer is untrusted: it is validated against the prompt's schema, ids it cites are
checked against the episodes it was shown, each fact must be grounded in what its sources say
(``memlab.knowledge.grounding``: rejected ones are kept in ``Plan.rejected``), and anything
unusable is dropped with a note. A session is paged to fit the server's context window (read
from the server, or given) with ``max_tokens`` left for the answer. When
the client gives up (timeouts, malformed output, refusals after its retries) a
``ConsolidationError`` is raised: the caller leaves the session unconsolidated and nothing is lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from memlab.knowledge.causal_cues import consecutive_pairs
from memlab.knowledge.grounding import StatementCheck, canonical_key, ground, said_values
from memlab.knowledge.grounding import mentions as said
from memlab.knowledge.phrasing import merge_entities
from memlab.llm.client import ChatModel, ChatResult
from memlab.llm.errors import LLMError
from memlab.llm.parse import parse_json, validate
from memlab.llm.prompts import causal, consolidate, entity_summary, render_episode
from memlab.types import (
    CausalProposal,
    ConsolidationContext,
    ConsolidationError,
    Consolidator,
    EntityMention,
    EpisodeRef,
    FactEnd,
    FactProposal,
    Plan,
)

LLM_CAUSAL_CONFIDENCE = 0.7
DEFAULT_WINDOW = 8192  # tokens, when neither the config nor the server says
SHORT_PROMPT_BELOW = 4096  # a window smaller than this gets the short system prompt
PROMPT_MARGIN = 64  # tokens for the chat template's own markup


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


def estimate_tokens(text: str) -> int:
    """Tokens ``text`` may take, erring high: ~4 characters a token in English, fewer in Russian."""
    return len(text) // 3 + 1


def _clip(e: EpisodeRef, tokens: int) -> EpisodeRef:
    keep = max(16, tokens * 3 - 40)
    return replace(e, content=e.content[:keep] + " [...]") if len(e.content) > keep else e


def pages(episodes: Sequence[EpisodeRef], size: int, budget: int | None = None) -> list[list[EpisodeRef]]:
    """Time-ordered pages of at most ``size`` episodes whose rendered lines fit ``budget`` tokens;
    an episode longer than a whole page is clipped to fit (its start is what is kept)."""
    ordered = sorted(episodes, key=lambda e: (e.time, e.id))
    out: list[list[EpisodeRef]] = []
    page: list[EpisodeRef] = []
    used = 0
    for e in ordered:
        cost = estimate_tokens(render_episode(e))
        if budget is not None and cost > budget:
            e, cost = _clip(e, budget), budget
        if page and (len(page) >= max(1, size) or (budget is not None and used + cost > budget)):
            out.append(page)
            page, used = [], 0
        page.append(e)
        used += cost
    return out + [page] if page else out


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


SMALL_PLAN_CONFIDENCE = 0.6  # a small model's reading, grounded but unchecked by anyone else


def small_fact(raw: Mapping[str, Any]) -> FactProposal | None:
    """A FactProposal from one item of the small plan (key, value, source_id)."""
    key = " ".join(str(raw["key"]).casefold().split())
    value = " ".join(str(raw["value"]).split())
    if not key or not value:
        return None
    key = canonical_key(key if "|" in key else f"user|{key}", value) or key
    subject, attribute = key.split("|", 1)
    who = "User" if subject in ("user", "") else subject.title()
    content = f"{who}'s {attribute.replace('_', ' ')}: {value}."
    return FactProposal(content, "semantic", key, value, (int(raw["source_id"]),), SMALL_PLAN_CONFIDENCE)


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
    """Consolidator that asks a ChatModel, one call per page of at most ``page_size`` episodes
    that fits the context window (``context_tokens``; default: what the chat model's
    ``context_window()`` reads from the server, else 8192) with ``max_tokens`` left to answer.

    ``use_tools=True`` asks for a function call (``emit_plan``) instead of a JSON message.
    ``grounding`` (default on) checks every proposed fact against its sources before it enters
    the plan; ``statement`` replaces the offline modality reader (tests).
    """

    name = "llm"

    def __init__(self, chat: ChatModel, page_size: int = 50, use_tools: bool = False,
                 context_tokens: int | None = None, max_tokens: int = 512, grounding: bool = True,
                 statement: StatementCheck | None = None) -> None:  # fmt: skip
        self.chat = chat
        self.page_size = page_size
        self.use_tools = use_tools
        self.context_tokens = context_tokens
        self.max_tokens = max_tokens
        self.grounding = grounding
        self.statement = statement

    def window(self) -> int:
        if self.context_tokens:
            return self.context_tokens
        ask_server = getattr(self.chat, "context_window", None)
        found = ask_server() if callable(ask_server) else None
        return int(found) if isinstance(found, int) and found > 0 else DEFAULT_WINDOW

    def _answer_tokens(self) -> int:
        found = getattr(self.chat, "max_tokens", None)
        return int(found) if isinstance(found, int) and found > 0 else self.max_tokens

    def _layout(self, context: ConsolidationContext) -> tuple[bool, list[tuple[int, str, str | None]], int]:
        """(short prompt?, the existing facts that fit, tokens left for the messages of a page)."""
        window = self.window()
        short = window < SHORT_PROMPT_BELOW
        budget = window - self._answer_tokens() - PROMPT_MARGIN - estimate_tokens(consolidate.system(short))
        existing: list[tuple[int, str, str | None]] = []
        spent = 0
        for fact in context.existing_facts:  # at most a third of what is left
            cost = estimate_tokens(consolidate.render_existing([fact])) + 1
            if spent + cost > budget // 3:
                break
            existing.append(fact)
            spent += cost
        return short, existing, max(64, budget - spent - 40)

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        tally = _Tally()
        facts: list[FactProposal] = []
        mentions: list[EntityMention] = []
        ends: list[FactEnd] = []
        existing = {fid: key for fid, _content, key in context.existing_facts}
        if not episodes:
            return Plan(session_id=context.session_id)
        short, shown_facts, budget = self._layout(context)
        paged = pages(episodes, self.page_size, budget)
        tool = consolidate.TOOL if self.use_tools else None
        for n, page in enumerate(paged, 1):
            prompt = consolidate.ConsolidatePrompt(page, shown_facts, n, len(paged), short)
            what = f"session {context.session_id} page {n}/{len(paged)}"
            shown = {e.id for e in page}
            if short:
                small = consolidate.small_schema(sorted(shown), self._answer_tokens(), said_values(page))
                data = ask(self.chat, consolidate.messages(prompt), small, None, tally, what)
                facts.extend(f for f in (small_fact(raw) for raw in data["facts"]) if f is not None)
                continue
            data = ask(self.chat, consolidate.messages(prompt), consolidate.SCHEMA, tool, tally, what)
            for raw in data["facts"]:
                fact = to_fact(raw, shown, existing, tally)
                if fact is not None:
                    facts.append(fact)
            mentions.extend(_entity(e) for e in data.get("entities") or ())
            ends.extend(to_ends(data.get("ends") or (), shown, existing, tally))
        facts = list({(f.key, (f.value or "").casefold(), f.content): f for f in facts}.values())  # said twice
        rejected: list[str] = []
        if self.grounding:
            facts, rejections = ground(facts, episodes, self.statement)
            rejected = [r.note() for r in rejections]
            named = [m for m in mentions if any(said(e.content, m.name) for e in episodes)]
            if len(named) < len(mentions):
                tally.notes.append(f"dropped {len(mentions) - len(named)} entities named in no message")
            mentions = named
        mentions.extend(m for f in facts for m in f.entities)
        return Plan(
            session_id=context.session_id,
            facts=tuple(facts),
            entities=merge_entities(mentions),
            ends=tuple(ends),
            llm_calls=tally.calls,
            prompt_tokens=tally.prompt_tokens,
            completion_tokens=tally.completion_tokens,
            notes=tuple(tally.notes + rejected),
            rejected=tuple(rejected),
        )


def _subject_attr(key: str | None) -> tuple[str, str] | None:
    if not key or "|" not in key:
        return None
    subject, attribute = key.casefold().split("|", 1)
    return subject.strip(), attribute.strip()


class ProposeAndDispose:
    """``nlp+llm``: the offline reader's facts, plus the grounded LLM facts about what it did not
    read (an LLM fact on a subject and attribute, or with a value, the offline plan already has
    is dropped: the offline reading wins). An LLM failure fails the session (it stays pending)."""

    name = "nlp+llm"

    def __init__(self, llm: LLMConsolidator, offline: Consolidator) -> None:
        self.llm = llm
        self.offline = offline

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        base = self.offline.consolidate(episodes, context)
        proposed = self.llm.consolidate(episodes, context)
        held = {_subject_attr(f.key) for f in base.facts} - {None}
        values = {(f.value or "").casefold() for f in base.facts if f.value}
        added, notes = [], []
        for f in proposed.facts:
            if _subject_attr(f.key) in held or (f.value or "").casefold() in values:
                notes.append(f"offline reading kept over the LLM's {f.key}={f.value!r}")
            else:
                added.append(f)
        return replace(
            base,
            facts=base.facts + tuple(added),
            entities=merge_entities([*base.entities, *(m for f in added for m in f.entities)]),
            llm_calls=proposed.llm_calls,
            prompt_tokens=proposed.prompt_tokens,
            completion_tokens=proposed.completion_tokens,
            notes=base.notes + proposed.notes + tuple(notes),
            rejected=proposed.rejected,
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
