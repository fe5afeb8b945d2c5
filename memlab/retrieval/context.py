"""Budgeted context for a prompt: what an agent injects before it answers.

Four Markdown sections share the token budget (simple query 1000 tokens, complex 3000):
Facts 40%, Entity profiles 25%, Temporal context 25%, Evidence/provenance 10%. Sections are
filled in that priority order; inside a section items keep retrieval order and what does not fit
is dropped (the lowest-ranked items first). Budget a section leaves unused flows to the next one
(``carry_over``), so the total never exceeds the budget and no section exceeds its allowance.
Duplicates (same normalised content) appear once. Only active nodes are shown: superseded,
forgotten and archived facts never reach the context by default.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from memlab.clock import iso
from memlab.retrieval import engine
from memlab.retrieval.channels import hop
from memlab.retrieval.complexity import plan_query
from memlab.retrieval.focus import USER, attribute_of, bare, focus_in, names
from memlab.retrieval.staleness import (
    earlier_names,
    earlier_values,
    mark_earlier,
    mark_replaced,
    replaced_in,
    replaced_values,
    said_before,
)
from memlab.retrieval.tokens import TokenCounter, default_counter
from memlab.store import entity_rows as er
from memlab.types import DEFAULT_USER, Hit, Node

if TYPE_CHECKING:
    from memlab.retrieval.retriever import Retriever

SECTIONS: tuple[tuple[str, float], ...] = (
    ("Facts", 0.30),
    ("Related facts", 0.10),
    ("Entity profiles", 0.20),
    ("Temporal context", 0.25),
    ("Evidence", 0.10),
    ("History", 0.05),
)
_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
MAX_ITEM_CHARS = 400


def norm_key(text: str) -> str:
    """Comparison key for de-duplication: case, punctuation and spacing ignored."""
    return _NON_WORD.sub(" ", text.casefold()).strip()


def clip(text: str, n: int = MAX_ITEM_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


class Focused(NamedTuple):
    """What a question's focus makes of the retrieved facts (``ContextProvider._focused``)."""

    lead: Sequence[Node]  # the Facts section
    related: Sequence[Node] = ()  # facts about anyone else: Related facts
    older: Sequence[Node] = ()  # asked for the newest: the others, shown only as history
    subjects: frozenset[str] = frozenset()  # whom the lead is about (empty when nothing leads)
    asked: bool = False  # the lead holds the attribute the question asks for, not just its subject's facts


@dataclass
class Section:
    title: str
    allowance: int
    lines: list[str] = field(default_factory=list)
    used: int = 0


def fill(
    title: str, allowance: int, items: Sequence[tuple[str, str]], counter: TokenCounter, seen: set[str]
) -> Section:
    """Add ``(dedup key, line)`` items in order while they fit; the header counts too."""
    sec = Section(title, allowance)
    header = f"## {title}"
    head_cost = counter.count(header + "\n")
    for key, line in items:
        k = norm_key(key)
        if not k or k in seen:
            continue
        cost = counter.count(line + "\n") + (0 if sec.lines else head_cost)
        if sec.used + cost > allowance:
            continue  # a shorter item further down may still fit
        sec.lines.append(line)
        sec.used += cost
        seen.add(k)
    return sec


def render(sections: Sequence[Section]) -> str | None:
    parts = [f"## {s.title}\n" + "\n".join(s.lines) for s in sections if s.lines]
    return "\n\n".join(parts) if parts else None


class ContextProvider:
    """``ContextProvider(memory).get_context(prompt) -> str | None`` (None when nothing is relevant)."""

    def __init__(
        self,
        retriever: Retriever,
        *,
        budget: int | None = None,
        counter: TokenCounter | None = None,
        recipe: Any = None,
        shares: Sequence[tuple[str, float]] = SECTIONS,
        carry_over: bool = True,
        decay: Any = None,
        limit: int | None = None,
        user_id: str | None = None,
        as_of: float | None = None,
    ) -> None:
        self.retriever = retriever
        self.budget = budget
        self.counter = counter or default_counter()
        self.recipe = recipe
        self.shares = tuple(shares)
        self.carry_over = carry_over
        self.decay = decay
        self.limit = limit
        self.user_id = user_id
        self.as_of = as_of

    # -- public ------------------------------------------------------------------------------------
    def get_context(self, prompt: str) -> str | None:
        return render(self.sections(prompt))

    def sections(self, prompt: str) -> list[Section]:
        """The filled sections for ``prompt`` (empty ones included), in priority order."""
        plan = plan_query(prompt, self.retriever.config)
        budget = self.budget if self.budget is not None else plan.budget_tokens
        hits = engine.search(
            self.retriever,
            prompt,
            limit=self.limit or plan.limit * 2,
            recipe=self.recipe,
            user_id=self.user_id,
            as_of=self.as_of,
            reinforce=False,  # handed over below, once the context is built
        )
        if not hits:
            return []
        items = self._items(hits, prompt)
        if self.retriever.config.reinforce_on_access:
            # queued after the reads: the context never races its own reinforcement write
            self.retriever.record_access([h.node.id for h in hits])
        seen: set[str] = set()
        out: list[Section] = []
        spare = 0
        for title, share in self.shares:
            allowance = int(budget * share) + (spare if self.carry_over else 0)
            sec = fill(title, allowance, items.get(title, []), self.counter, seen)
            spare = allowance - sec.used
            out.append(sec)
        return out

    # -- items per section -------------------------------------------------------------------------
    def _items(self, hits: Sequence[Hit], prompt: str = "") -> dict[str, list[tuple[str, str]]]:
        facts, related, older, subjects, asked = self._focused(
            [h.node for h in hits if h.node.type != "episodic" and h.node.active], prompt
        )
        store = self.retriever.store
        assert store is not None
        episodes = [h.node for h in hits if h.node.type == "episodic" and h.node.active and not _filler(h.node)]
        derived = store.derived_keys([n.id for n in episodes]) if facts else {}
        about = {e: {k.split("|", 1)[0] for k in keys} for e, keys in derived.items()}  # whom its facts are about
        if subjects:  # the question is answered by its subject's facts: statements about others are noise
            episodes = [n for n in episodes if (about[n.id] & subjects if about.get(n.id) else _speaks_to(n, subjects))]
        stale = self._stale([n.id for n in episodes])
        # the older ones' keys too: asked for the newest pet, the dog before the last dog is history
        replaced = replaced_values(store, [*facts, *older], self.user_id or DEFAULT_USER)
        earlier = earlier_values(older, facts)
        for n in episodes:
            if n.id not in stale and replaced_in(n.content, replaced) is not None:
                stale.add(n.id)  # "Still loving Berlin!" after the move: history, not context
            elif n.id not in stale and replaced_in(n.content, earlier) is not None:
                stale.add(n.id)  # "the pet Mark adopted most recently": the older pets are history
        links = store.linked_entities([*(f.id for f in facts), *(n.id for n in episodes)]) if facts else {}
        before = said_before(links, facts, [n for n in episodes if n.id not in stale], derived, asked=asked)
        stale |= set(before)  # "I'm based in Austin" before "moved to Denver": an earlier city, unread
        named_earlier = earlier_names(links, before, episodes)
        history = [n for n in episodes if n.id in stale]
        episodes = [n for n in episodes if n.id not in stale]
        olds = {v.casefold() for v in (*replaced, *earlier)}
        return {
            "Facts": [(n.content, self._fact_line(n)) for n in facts],
            "Related facts": [(n.content, self._related_line(n, replaced)) for n in related],
            "Entity profiles": [
                (k, line) for k, line in self._entity_items([n.id for n in (*facts, *episodes)])
                if k.removeprefix("entity ").casefold() not in olds
            ],
            "Temporal context": [
                (n.content, mark_earlier(_episode_line(n), named_earlier))
                for n in sorted(episodes, key=lambda n: (n.event_time, n.id))
            ],
            "Evidence": self._evidence_items([*facts, *related], replaced, named_earlier),
            "History": self._history_items(history, replaced, earlier, before),
        }

    def _focused(self, facts: list[Node], prompt: str) -> Focused:
        """(Facts, Related facts, older, subjects): when the prompt names whose fact it asks for
        ("Where does Mark live now?", "Где я работаю?"), that subject's facts on the asked attribute
        lead, looked up by key even when retrieval ranked them low, and facts about anyone else move
        to Related facts. A question for the newest one ("the pet Mark adopted most recently") keeps
        the newest; the others on that attribute are ``older``, shown only as history. ``subjects``:
        whom the leading facts are about (empty when none lead). A prompt with no recognised subject
        keeps every fact in retrieval order."""
        store = self.retriever.store
        assert store is not None
        user = self.user_id or DEFAULT_USER
        focus = focus_in(store, prompt, user, self.as_of)
        if not focus.subjects:
            return Focused(facts)
        seen = {n.id: n for n in facts}  # as retrieval read them, before this read reinforced them
        keyed = [seen.get(n.id, n) for n in store.facts_about(focus.subjects, user, self.as_of)]
        lead = [n for n in keyed if focus.matches(n.fact_key)]
        asked = bool(lead) and bool(focus.attributes)
        if not lead:
            lead = [n for n in facts if focus.matches_subject(n.fact_key)]
        if not lead:
            return Focused(facts)
        older: list[Node] = []
        if focus.latest and focus.attributes:
            lead, older = lead[:1], lead[1:]  # newest first: "the pet Mark adopted most recently"
        ids = {n.id for n in (*lead, *older)}
        subjects = frozenset(n.fact_key.split("|", 1)[0].casefold() for n in lead if n.fact_key)
        # another subject's value of the asked attribute is the one a reader would confuse with the
        # answer ("Where does Mark live?" beside "Anna lives in Berlin"): left out, not related
        related = [n for n in facts if n.id not in ids and not (focus.attributes and focus.matches_attribute(n.fact_key))]
        # who someone else is to whom ("Lisa is Anna's friend") answers a question about that person only
        related = [n for n in related if attribute_of(n.fact_key or "") != "relation"]
        return Focused(lead, related, older, subjects, asked)

    def _history_items(
        self,
        episodes: Sequence[Node],
        replaced: dict[str, Node] | None = None,
        earlier: dict[str, Node] | None = None,
        before: dict[int, Node] | None = None,
    ) -> list[tuple[str, str]]:
        """Superseded statements, each with its date and what replaced it, and statements of an
        older value when the question asks for the newest (never shown as current)."""
        assert self.retriever.store is not None
        successors = self.retriever.store.replaced_by([n.id for n in episodes])
        items = []
        for n in sorted(episodes, key=lambda n: (n.event_time, n.id)):
            new = successors.get(n.id)
            now = replaced_in(n.content, replaced or {}) if new is None else None
            if now is not None:
                new = (now.valid_from, now.content)
            newest = replaced_in(n.content, earlier or {}) if new is None else None
            newest = (before or {}).get(n.id) if newest is None and new is None else newest
            if newest is not None:
                state = f"earlier; the newest, since {iso(newest.valid_from)[:10]}: {clip(newest.content, 120)}"
            else:
                state = "no longer current" + (f"; replaced {iso(new[0])[:10]} by: {clip(new[1], 120)}" if new else "")
            who = f" {n.speaker}" if n.speaker else ""
            items.append((f"history {n.id}", f"- {iso(n.event_time)[:10]}{who} ({state}): {clip(_said(n), 160)}"))
        return items

    def _stale(self, episode_ids: Sequence[int]) -> set[int]:
        """Episodes whose every derived fact was superseded ("I prefer Python" after "I write Rust
        now"): history, not context."""
        assert self.retriever.store is not None
        return self.retriever.store.stale_episodes(episode_ids)

    def effective_confidence(self, node: Node) -> float:
        """The decay policy's strength now: computed from the stored base, never compounded with the
        confidence that maintenance cached; ``decay.policy = "none"`` shows the base itself."""
        policy = self.decay if self.decay is not None else self.retriever.decay
        return float(policy.weight(node, self.retriever.clock.now()))

    def _fact_line(self, n: Node) -> str:
        return f"- {clip(n.content)} (since {iso(n.valid_from)[:10]}, confidence {self.effective_confidence(n):.2f})"

    def _related_line(self, n: Node, replaced: dict[str, Node]) -> str:
        """A related fact, marked when it names a value a leading fact replaced ("Dima is a
        programmer" after the partner became Artyom): true of Dima, and Dima is no longer current."""
        now = replaced_in(n.content, replaced)
        line = self._fact_line(n)
        return line if now is None else f"{line} [names an earlier value; since {iso(now.valid_from)[:10]}: {clip(now.content, 120)}]"

    def _entity_items(self, node_ids: Sequence[int]) -> list[tuple[str, str]]:
        assert self.retriever.store is not None
        if not node_ids:
            return []
        items = []
        for eid, name, etype, summary in er.of_nodes(self.retriever.store, _json(node_ids)):
            aliases = [a for a in er.first_aliases(self.retriever.store, eid, 6) if a.casefold() != name.casefold()]
            if not aliases and not summary:
                continue  # "**Luna** (person)" tells the reader nothing and may name an old value
            aka = f"; aka {', '.join(aliases)}" if aliases else ""
            about = f": {clip(summary, 240)}" if summary else ""
            items.append((f"entity {name}", f"- **{name}** ({etype}{aka}){about}"))
        return items

    def _evidence_items(
        self, facts: Sequence[Node], replaced: Mapping[str, Node] | None = None, earlier: Mapping[str, Node] | None = None
    ) -> list[tuple[str, str]]:
        """The episodes each fact came from, quoted; a value in a quote that a fact no longer has
        is marked where it stands ("я разработчик в Авито" proves the job, not the employer)."""
        assert self.retriever.store is not None
        sources = hop(self.retriever, [n.id for n in facts], "derived_from", "out")
        episodes = {n.id: n for n in self.retriever.store.nodes([e for ids in sources.values() for e in ids])}
        items = []
        for f in facts:
            for e in sources.get(f.id, []):
                ep = episodes.get(e)
                if ep is not None:
                    # keyed by the link, not the text: the episode may also be in Temporal context
                    items.append(
                        (
                            f"evidence {f.id} {e}",
                            f"- #{f.id} <- {iso(ep.event_time)[:10]} "
                            f'{_who(ep)}: "{mark_earlier(mark_replaced(clip(_said(ep), 100), replaced or {}), earlier or {})}"',
                        )
                    )
        return items


def _episode_line(n: Node) -> str:
    return f"- {iso(n.event_time)} {_who(n)}: {clip(_said(n))}"


def _said(n: Node) -> str:
    """The message without a leading "Speaker: " its text already carries (a transcript imported
    with names in the lines), since the line names the speaker itself."""
    who = _who(n)
    return n.content[len(who) + 2 :] if n.content.startswith(f"{who}: ") else n.content


def _speaks_to(episode: Node, subjects: frozenset[str]) -> bool:
    """An episode no fact came from stays beside the subjects' facts unless someone else said it
    and it names none of them ("Mark: Saw a dog named Rex at the park" is no part of Julia's pets)."""
    speaker = (episode.speaker or USER).casefold()
    if episode.source_role == "assistant" or speaker in subjects or any(s.startswith(f"{speaker}'s ") for s in subjects):
        return True
    return any(names(episode.content, bare(s)) for s in subjects if s != USER)


def _filler(n: Node) -> bool:
    """An assistant's acknowledgement ("Got it.", "Thanks for sharing!"): no memory in it, only
    tokens taken from the budget. A named speaker (a LoCoMo participant) is never filler."""
    short = len(n.content.split()) <= 4 and not any(c.isdigit() for c in n.content)
    return n.source_role == "assistant" and not n.speaker and short


def _who(n: Node) -> str:
    """Who said it: the speaker's name when memory has one, else the role."""
    return n.speaker or n.source_role or "user"


def _json(ids: Sequence[int]) -> str:
    import json

    return json.dumps(list(ids))


def build_context(retriever: Retriever, prompt: str, **kw: Any) -> str | None:
    """The Markdown context for ``prompt`` (None when memory has nothing relevant)."""
    return ContextProvider(retriever, **kw).get_context(prompt)
