"""Values a fact key no longer has, and the texts that still name them.

Once ``user|city`` moved from Berlin to Lisbon, an episode that names Berlin and not Lisbon ("The
clubs in Berlin are the best") speaks from before the change, whether or not a fact was derived
from it. Search ranks such episodes after the current ones and the context shows them under
History with what replaced them; neither presents them as current.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from memlab.clock import iso
from memlab.lang.names import normalize_name
from memlab.lang.values import forms_of, match_form, members_of, mentions
from memlab.retrieval.focus import USER, bare, names, names_relation
from memlab.types import Node


def replaced_values(store: Any, facts: Sequence[Node], user_id: str) -> dict[str, Node]:
    """The values the keys of ``facts`` (active facts) once had, each with the fact that holds
    the key now; a value that is current under some key is left out."""
    by_key = {n.fact_key: n for n in facts if n.fact_key}
    if not by_key:
        return {}
    current = {str(n.attributes.get("value") or "").casefold() for n in facts}
    out: dict[str, Node] = {}
    for key, value in store.replaced_values(list(by_key), user_id):
        if value.casefold() not in current and len(value) > 1:
            out[value] = by_key[key]
    return _with_aliases(store, out, current, user_id)


def _with_aliases(store: Any, replaced: dict[str, Node], current: set[str], user_id: str) -> dict[str, Node]:
    """``replaced`` plus the entity aliases of each value: after Konstantin, called Kostya, stopped
    being the manager, "Had a one-on-one with Kostya" speaks of him too. Aliases of a current value
    are left out."""
    if not replaced:
        return replaced
    keys = {normalize_name(v): v for v in [*replaced, *current] if v}
    found = store.aliases_of(list(keys), user_id)
    now = {a.casefold() for k, v in keys.items() if v.casefold() in current for a in found.get(k, [])} | current
    out = dict(replaced)
    for k, value in keys.items():
        if value in replaced:
            for alias in found.get(k, []):
                if alias.casefold() not in now and len(alias) > 1:
                    out.setdefault(alias, replaced[value])
    return out


def earlier_values(older: Sequence[Node], newest: Sequence[Node]) -> dict[str, Node]:
    """The values of ``older`` facts, each with the newest fact (a question asked for the newest
    pet: the others are still true, but not the answer); values the newest has are left out."""
    if not older or not newest:
        return {}
    current = {str(n.attributes.get("value") or "").casefold() for n in newest}
    return {
        v: newest[0]
        for n in older
        if (v := str(n.attributes.get("value") or "")) and len(v) > 1 and v.casefold() not in current
    }


def mark_replaced(text: str, replaced: Mapping[str, Node]) -> str:
    """``text`` with each value it names that a fact no longer has marked where it stands, with
    what holds now: "я разработчик в Авито [no longer current; since 2024-05-14: Wildberries]". A
    line quoted as evidence of a current fact may still carry a value another key lost; the mark
    keeps it from reading as current."""
    out = text
    for value, now in replaced.items():
        current = str(now.attributes.get("value") or "")
        mark = f" [no longer current; since {iso(now.valid_from)[:10]}: {current or now.content}]"
        out = _mark_after(out, forms_of(value), current, mark)
    return out


def _mark_after(text: str, forms: Sequence[str], current: str, mark: str) -> str:
    """``text`` with ``mark`` after the first of ``forms`` it names; as it is when it also names
    ``current`` (the text carries the update itself: "moved from Berlin to Lisbon")."""
    if current and mentions(text, current):
        return text
    low = text.lower()  # the match's offsets are the text's only while the lengths agree
    found = next((m for f in forms if (m := match_form(text, low, f)) is not None), None) if len(low) == len(text) else None
    return text if found is None else text[: found.end()] + mark + text[found.end() :]


def replaced_in(text: str, replaced: dict[str, Node]) -> Node | None:
    """The fact that replaced a value ``text`` names (None when it names none, or also names the
    value that replaced it: "moved from Berlin to Lisbon" carries the update)."""
    for value, now in replaced.items():
        if mentions(text, value) and not mentions(text, str(now.attributes.get("value") or "\0")):
            return now
    return None


def said_before(
    links: Mapping[int, list[tuple[str, str, str]]],
    lead: Sequence[Node],
    episodes: Sequence[Node],
    derived: Mapping[int, set[str]],
    *,
    asked: bool = False,
) -> dict[int, Node]:
    """Episodes a lead fact's subject said before it that name another value of the same kind,
    each with that fact: after "moved to Denver" became the city, "I'm based in Austin, TX" speaks
    of an earlier one even when no fact was read from it. Only single-valued keys; only episodes
    no fact on that attribute came from (``derived``: ``store.derived_keys`` of the episodes; those
    are judged by their facts) and that do not also name the value. ``asked``: the question asks for the
    lead's attribute, so whatever its subject said before the current value was stated is earlier
    than the answer, whether or not a value of the same kind can be recognised in it ("the Aviva
    canteen does a good curry" before "week two at Experian"). ``links``: ``store.linked_entities``
    of the lead facts and the episodes (or more)."""
    facts = [f for f in lead if f.fact_key and ":" not in f.fact_key.split("|", 1)[1]]
    if not facts or not episodes:
        return {}
    candidates = [e for e in episodes if e.source_role != "assistant"]
    out: dict[int, Node] = {}
    for f in facts:
        subject, attribute = (f.fact_key or "|").split("|", 1)
        own = [(alias, kind) for alias, kind, role in links.get(f.id, []) if role == attribute]
        kinds, values = {k for _, k in own}, {a for a, _ in own}
        value = str(f.attributes.get("value") or "")
        members = [m for m in members_of(attribute) if m.casefold() != value.casefold()]
        for e in candidates:
            if e.id in out or e.event_time >= f.valid_from or not _speaks_of(e, subject):
                continue
            if any(k.split("|", 1)[1] == attribute for k in derived.get(e.id, set())):
                continue  # a fact on this attribute came from it: judged by that fact
            if asked:
                if not (value and mentions(e.content, value)):
                    out[e.id] = f
                continue
            named = {a for a, kind, _ in links.get(e.id, []) if kind in kinds}
            if named and not named & values or members and _another(e.content, members, value):
                out[e.id] = f
    return out


def earlier_names(
    links: Mapping[int, list[tuple[str, str, str]]], before: Mapping[int, Node], episodes: Sequence[Node]
) -> dict[str, Node]:
    """The values of a lead fact's kind that the episodes ``said_before`` found name, each with
    that fact: after "Esme adores her flat in Bath" gave way to "Esme lives in Oslo", "spa weekend
    in Bath booked, Esme's gutted she can't come" names the earlier town, though no fact held it.
    Entities linked as the fact's value is (a place for a town), and gazetteer members; ``links``
    as for ``said_before``."""
    if not before:
        return {}
    text = {e.id: e.content for e in episodes}
    out: dict[str, Node] = {}
    for eid, f in before.items():
        attribute = (f.fact_key or "|").split("|", 1)[1]
        own = {(a, k) for a, k, role in links.get(f.id, []) if role == attribute}
        kinds, values = {k for _, k in own}, {a for a, _ in own}
        value = str(f.attributes.get("value") or "").casefold()
        for alias, kind, _ in links.get(eid, []):
            if kind in kinds and alias not in values and alias != value and len(alias) > 2:
                out.setdefault(alias, f)
        for m in members_of(attribute):
            if m.casefold() != value and mentions(text.get(eid, ""), m):
                out.setdefault(m, f)
    return out


def mark_earlier(text: str, earlier: Mapping[str, Node]) -> str:
    """``text`` with each value ``earlier_names`` found marked where it stands with the fact that
    holds now ("spa weekend in Bath [not the current one; since 2024-05-21: Esme lives in Oslo]")."""
    out = text
    for value, now in earlier.items():
        mark = f" [not the current one; since {iso(now.valid_from)[:10]}: {now.content}]"
        out = _mark_after(out, (value,), str(now.attributes.get("value") or ""), mark)
    return out


def _another(text: str, members: Sequence[str], value: str) -> bool:
    """``text`` names one of ``members`` and not ``value`` ("I use Chrome for everything" before
    "User's browser is Firefox")."""
    return not (value and mentions(text, value)) and any(mentions(text, m) for m in members)


def _speaks_of(episode: Node, subject: str) -> bool:
    """The episode's first person is ``subject``, or ``subject`` is the speaker's relative and the
    episode names the relation ("my mum lives in Cardiff" before "User's mother lives in Swansea")."""
    me = _subject(episode)
    if subject == me:
        return True
    owner, _, relation = subject.partition("'s ")
    if not relation:  # a named person: "Marcus is on nights at Tesco" before "Marcus works at Lidl"
        return subject != USER and names(episode.content, bare(subject))
    if owner != me:
        return False
    return names_relation(episode.content, relation)


def _subject(episode: Node) -> str:

    return (episode.speaker or USER).casefold()
