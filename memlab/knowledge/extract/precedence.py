"""Which readers' facts a sentence keeps: each reader declares a priority and a policy, one arbiter applies them.

A ``Step`` is one line of a reader table (``Sentences.READERS``): the reader (a method name of
``Reader`` or a function of the reader), its priority (lower runs first, and what runs first
wins where a later policy defers to it) and its policy. The arbiter walks the table in priority
order with the facts found so far; precedence lives in the table, not in the order of calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Any

from memlab.knowledge.extract.basics import SPEAKER, Extracted


class Policy(Enum):
    """How a step's facts meet the facts found before it."""

    FIRST = "first"  # runs only while nothing is found: the first reader of the opening group that finds anything wins
    ALL = "all"  # every fact it gives is kept
    UNSEEN = "unseen"  # keeps the facts of a (subject, attribute) no earlier step gave
    NEW = "new"  # keeps the triples not found yet (the value compared without case)
    ARBITRATE = "arbitrate"  # a general rule over everything found so far: returns the facts that stand


FIRST, ALL, UNSEEN, NEW, ARBITRATE = Policy.FIRST, Policy.ALL, Policy.UNSEEN, Policy.NEW, Policy.ARBITRATE

Read = str | Callable[..., Iterable[Extracted]]


@dataclass(frozen=True)
class Step:
    """One reader's place in the table.

    ``unless``: the step runs only when no fact of these attributes is found yet (only the
    speaker's with ``speaker``). ``once``: an attribute prefix whose facts stand only when no fact
    with it was found before, whoever's ("pet_": one pet naming per sentence). ``sees``: the
    reader is passed the facts found so far (an ``ARBITRATE`` step always is).
    """

    priority: int
    read: Read
    policy: Policy = ALL
    unless: tuple[str, ...] = ()
    speaker: bool = False
    once: str = ""
    sees: bool = False

    @property
    def name(self) -> str:
        return self.read if isinstance(self.read, str) else self.read.__name__

    def runs(self, found: Sequence[Extracted]) -> bool:
        """Whether the step runs at all, given what was found before it."""
        if self.policy is FIRST and found:
            return False
        return not any(f.attribute in self.unless and (not self.speaker or f.subject == SPEAKER) for f in found)

    def keep(self, got: list[Extracted], found: Sequence[Extracted]) -> list[Extracted]:
        """The facts of ``got`` this step's policy lets stand beside ``found``."""
        if self.policy is UNSEEN:
            have = {(f.subject, f.attribute) for f in found}
            got = [f for f in got if (f.subject, f.attribute) not in have]
        elif self.policy is NEW:
            known = {(f.subject, f.attribute, f.value.casefold()) for f in found}
            got = [f for f in got if (f.subject, f.attribute, f.value.casefold()) not in known]
        if self.once and any(f.attribute.startswith(self.once) for f in found):
            got = [f for f in got if not f.attribute.startswith(self.once)]
        return got


def check_table(steps: Sequence[Step]) -> None:
    """A table whose priorities are unique and in order (one line per reader, easy to merge)."""
    order = [s.priority for s in steps]
    if order != sorted(set(order)):
        raise ValueError(f"reader priorities must be unique and ascending: {order}")


def arbitrate(reader: Any, steps: Sequence[Step]) -> list[Extracted]:
    """Run ``steps`` (in priority order) on ``reader`` and return the facts that stand."""
    found: list[Extracted] = []
    for step in steps:
        if not step.runs(found):
            continue
        call = getattr(reader, step.read) if isinstance(step.read, str) else partial(step.read, reader)
        got = list(call(found) if step.sees or step.policy is ARBITRATE else call())
        if step.policy is ARBITRATE:
            found = got
        else:
            found += step.keep(got, found)
    return found
