"""Offline causal links between consecutive episodes, from explicit causal language only.

For each pair (A, B) of consecutive episodes of one session, only the *opening* of B is read:

- B opens with a forward cue that points back at A ("So ...", "That's why ...", "As a result ...",
  "Which led to ...", "Because of that ...", "Поэтому ...", "В результате ...", "Из-за этого ...")
  -> A caused B.
- B opens with an explanation ("Because ...", "Due to ...", "Потому что ...",
  "Так как ...", "Из-за ...") -> B (the reason given) caused A.

Proposals carry confidence 0.4, below the LLM detector's 0.7: a cue is evidence, not proof.

Decision for cues *inside* one message ("I moved to Berlin because the rent was lower"): a causal
edge joins two nodes, and both halves live in one episode, so nothing is proposed across
episodes; ``self_explained`` lists such episodes instead (e.g. to prioritise them for the LLM
detector or to answer "why" from the episode text itself). Questions never count.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from memlab.types import CausalProposal, EpisodeRef, Plan

CUE_CONFIDENCE = 0.4

_LEAD = r"^\W*(?:(?:and|well|ok|okay|и|ну|вот)\W+)?"
_FORWARD = re.compile(
    _LEAD
    + r"(?P<cue>so\b(?!\s+far)|that'?s\s+why|that\s+is\s+why|as\s+a\s+result|which\s+led\s+to|this\s+led\s+to|"
    r"because\s+of\s+(?:that|this|it)|due\s+to\s+(?:that|this)|therefore|hence|consequently|"
    r"поэтому|в\s+результате|из-за\s+(?:этого|того)|вот\s+почему|так\s+что|следовательно)",
    re.I,
)
_BACKWARD = re.compile(
    _LEAD + r"(?P<cue>because|due\s+to|that'?s\s+because|"
    r"потому\s+что|так\s+как|из-за|ведь|дело\s+в\s+том,?\s+что)\b",
    re.I,
)
_INTRA_CUES = (
    r"because|so\s+that|which\s+led\s+to|as\s+a\s+result|that'?s\s+why|due\s+to|"
    r"из-за|поэтому|потому\s+что|в\s+результате|так\s+как"
)
# every position where an intra-message cue starts (zero width, so overlapping cues all count)
_INTRA_AT = re.compile(r"\b(?=(?:" + _INTRA_CUES + r")\b)", re.I)
_WORD = re.compile(r"\w")


@runtime_checkable
class CausalDetector(Protocol):
    name: str  # the report's "detector"
    batch: int  # consecutive pairs per ``detect`` call (an LLM's prompt size, or a scan's read size)

    def detect(self, episodes: Sequence[EpisodeRef]) -> Plan:
        """Causal proposals between the given episodes (in ``Plan.causal``); never writes."""
        ...


def consecutive_pairs(episodes: Sequence[EpisodeRef]) -> list[tuple[EpisodeRef, EpisodeRef]]:
    """Neighbours in time within one session, oldest first."""
    ordered = sorted(episodes, key=lambda e: (e.session_id, e.time, e.id))
    return [(a, b) for a, b in zip(ordered, ordered[1:], strict=False) if a.session_id == b.session_id]


def _is_question(text: str) -> bool:
    return text.rstrip().endswith("?")


def _evidence(cue: str, text: str) -> str:
    snippet = " ".join(text.split())
    return f"{cue.lower()}: {snippet[:160]}"


def cue_link(a: EpisodeRef, b: EpisodeRef, confidence: float = CUE_CONFIDENCE) -> CausalProposal | None:
    """The link that B's opening cue states between A and B, if any."""
    if _is_question(b.content):
        return None
    fwd = _FORWARD.match(b.content)
    if fwd:
        return CausalProposal(a.id, b.id, confidence, _evidence(fwd["cue"], b.content))
    back = _BACKWARD.match(b.content)
    if back:
        return CausalProposal(b.id, a.id, confidence, _evidence(back["cue"], b.content))
    return None


def _states_a_cause(text: str) -> bool:
    """A cue with a word before it on its line ("X because Y"; not "Because Y" alone). Linear in
    the text: the former ``\\w.*?\\bcue`` search retried the lazy scan from every word character,
    quadratic in a cue-less message (measured: 28 s of maintain() at 100K episodes)."""
    for m in _INTRA_AT.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if _WORD.search(text, line_start, m.start()):
            return True
    return False


def self_explained(episodes: Sequence[EpisodeRef]) -> tuple[int, ...]:
    """Ids of episodes that state a cause and its effect inside themselves ("X because Y")."""
    return tuple(e.id for e in episodes if not _is_question(e.content) and _states_a_cause(e.content))


class CueCausalDetector:
    """CausalDetector over consecutive pairs; see the module docstring for the cue lists."""

    name = "cues"
    batch = 1000  # pairs read per call: no prompt to keep small

    def __init__(self, confidence: float = CUE_CONFIDENCE) -> None:
        self.confidence = confidence

    def detect(self, episodes: Sequence[EpisodeRef]) -> Plan:
        links = [cue_link(a, b, self.confidence) for a, b in consecutive_pairs(episodes)]
        sessions = {e.session_id for e in episodes}
        flagged = self_explained(episodes)
        notes = (f"self-explained episodes: {list(flagged)}",) if flagged else ()
        return Plan(
            session_id=sessions.pop() if len(sessions) == 1 else "",
            causal=tuple(x for x in links if x is not None),
            notes=notes,
        )
