"""Values a fact key no longer has, and the texts that still name them.

Once ``user|city`` moved from Berlin to Lisbon, an episode that names Berlin and not Lisbon ("The
clubs in Berlin are the best") speaks from before the change, whether or not a fact was derived
from it. Search ranks such episodes after the current ones and the context shows them under
History with what replaced them; neither presents them as current.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

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
    from memlab.knowledge.names import normalize_name

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


def mentions(text: str, value: str) -> bool:
    """``value`` starts a word of ``text``; a Russian value by its stem ("Казани" names "Казань"),
    and any form the gazetteers know for it ("пескетарианская" names "pescatarian")."""
    from memlab.knowledge.extract.lexicon import forms_of

    low = text.casefold()
    return any(_names(text, low, form) for form in forms_of(value))


def _names(text: str, low: str, form: str) -> bool:
    """A Cyrillic form starts a word (by its stem: inflection follows); a Latin one is a whole word,
    and a short one keeps its case ("Go" is not "go for a walk", "Rust" is not "rusty")."""
    v = form.casefold()
    if re.search("[а-яё]", v):
        if len(v) >= 5 and re.search("[а-яё]$", v):
            v = v[:-1]
        return re.search(rf"(?<!\w){re.escape(v)}", low) is not None
    if len(form) <= 3:
        return re.search(rf"(?<!\w){re.escape(form)}(?!\w)", text) is not None
    return re.search(rf"(?<!\w){re.escape(v)}(?!\w)", low) is not None


def replaced_in(text: str, replaced: dict[str, Node]) -> Node | None:
    """The fact that replaced a value ``text`` names (None when it names none, or also names the
    value that replaced it: "moved from Berlin to Lisbon" carries the update)."""
    for value, now in replaced.items():
        if mentions(text, value) and not mentions(text, str(now.attributes.get("value") or "\0")):
            return now
    return None
