"""Small helpers the phrase rules (rules.py), grounding and the LLM consolidator share: sentence
splitting, the plain-statement test, the clause before a position, the tool lexicon, and merging
entity mentions. Regular expressions only: no parser, no rule table is compiled on import."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memlab.lang.names import normalize_name
from memlab.types import EntityMention

TOOL_LEXICON: dict[str, tuple[str, ...]] = {
    "language": (
        "python", "rust", "go", "golang", "typescript", "javascript", "java", "kotlin", "c++",
        "c#", "f#", "ruby", "elixir", "erlang", "haskell", "scala", "swift", "zig", "julia", "php",
        "perl", "lua", "ocaml", "clojure", "dart", "nim", "c", "r", "питон",
    ),
    "editor": (
        "vim", "neovim", "emacs", "vs code", "vscode", "visual studio code", "pycharm", "intellij", "intellij idea",
        "sublime text", "helix", "zed", "cursor",
    ),
    "os": ("linux", "macos", "mac os", "windows", "ubuntu", "fedora", "debian", "arch linux", "nixos"),
    "database": ("postgres", "postgresql", "mysql", "sqlite", "mongodb", "redis", "clickhouse", "duckdb"),
    "shell": ("bash", "zsh", "fish"),
    "browser": ("firefox", "chrome", "safari", "brave", "vivaldi"),
    "cloud": ("aws", "gcp", "azure"),
}  # fmt: skip
TOOL_CATEGORY = {term: cat for cat, terms in TOOL_LEXICON.items() for term in terms}

_SENT_SPLIT = re.compile(r"(?<=[.!?…])\s+|\n+")
_ABBREV = re.compile(r"(?:\b(?:St|Mr|Mrs|Ms|Dr|Prof|Inc|Ltd|Co|Jr|Sr|vs|etc|e\.g|i\.e|г|ул)\.)$")
_CLAUSE_BOUNDARY = re.compile(
    r"[,;:—–()]|\s-\s|\b(?:but|and|though|although|whereas|while|so|но|а|и|хотя|зато|так что)\b", re.I
)
_QUESTION_OPENER = re.compile(
    r"^\W*(?:should|shall|do|does|did|can|could|would|will|am|is|are|was|were|if|suppose|imagine|what\s+if|"
    r"стоит|если|может|можно|разве|неужели)\b",
    re.I,
)
_LI = re.compile(r"\bли\b", re.I)


def sentences(text: str) -> list[str]:
    """Split into sentences, re-joining splits after abbreviations like "St." or "Dr."."""
    out: list[str] = []
    for piece in _SENT_SPLIT.split(text.replace("’", "'").strip()):
        if out and _ABBREV.search(out[-1]):
            out[-1] = f"{out[-1]} {piece}"
        elif piece.strip():
            out.append(piece.strip())
    return out


def is_plain_statement(sentence: str) -> bool:
    """False for questions and sentences opened as hypotheticals or questions."""
    return "?" not in sentence and not _QUESTION_OPENER.search(sentence) and not _LI.search(sentence)


def clause_prefix(sentence: str, pos: int) -> str:
    """Text of the clause that contains ``pos``, up to ``pos``."""
    start = 0
    for m in _CLAUSE_BOUNDARY.finditer(sentence, 0, pos):
        start = m.end()
    return sentence[start:pos]


def tool_category(value: str) -> str | None:
    return TOOL_CATEGORY.get(" ".join(value.casefold().split()))


def merge_entities(mentions: Sequence[EntityMention]) -> tuple[EntityMention, ...]:
    """One mention per normalised name; a typed fact entity wins over a cue-typed free mention."""
    by_key: dict[str, EntityMention] = {}
    for e in mentions:
        k = normalize_name(e.name)
        if not k:
            continue
        old = by_key.get(k)
        if old is None:
            by_key[k] = e
            continue
        aliases = tuple(dict.fromkeys(old.aliases + e.aliases + ((e.name,) if e.name != old.name else ())))
        better = e if (old.role is None and e.role is not None) or old.type == "concept" else old
        kept = tuple(a for a in aliases if a != better.name)
        by_key[k] = better if kept == better.aliases else replace(better, aliases=kept)  # replace() is slow
    return tuple(by_key.values())
