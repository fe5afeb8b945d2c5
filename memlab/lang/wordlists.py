"""Word lists and small word tables as data files, one per list and language.

``data/<lang>/<name>.txt`` holds a list: one entry a line, ``#`` lines are comments, and the first
line says what the list is for and who reads it. An entry whose spaces matter (a cue matched as a
substring, "imagine ") is written as a JSON string, in double quotes. ``data/<lang>/<name>.json``
holds a table (word -> word): an object whose ``"_about"`` says the same. A list said the same way
in every language the extractor reads is split by language under one name; ``all_words`` and its
kin join them (a new language adds its own file beside them). Read once, cached.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

LANGS = ("en", "ru")


def _file(lang: str, name: str, ext: str) -> str | None:
    path = resources.files("memlab.lang").joinpath("data", lang, f"{name}.{ext}")
    return path.read_text(encoding="utf-8") if path.is_file() else None


@cache
def phrases(lang: str, name: str) -> tuple[str, ...]:
    """The entries of ``data/<lang>/<name>.txt`` in file order (FileNotFoundError if none)."""
    text = _file(lang, name, "txt")
    if text is None:
        raise FileNotFoundError(f"no word list data/{lang}/{name}.txt")
    lines = (line.rstrip("\n") for line in text.splitlines())
    return tuple(_entry(line) for line in lines if line.strip() and not line.startswith("#"))


def _entry(line: str) -> str:
    if line.startswith('"'):
        value = json.loads(line)
        if not isinstance(value, str):
            raise ValueError(f"not a string: {line!r}")
        return value
    return line.strip()


@cache
def words(lang: str, name: str) -> frozenset[str]:
    """``phrases`` as a set: ``words("ru", "employers")``."""
    return frozenset(phrases(lang, name))


@cache
def table(lang: str, name: str) -> dict[str, str]:
    """The table ``data/<lang>/<name>.json`` (without its ``_about``); the caller must not change it."""
    text = _file(lang, name, "json")
    if text is None:
        raise FileNotFoundError(f"no word table data/{lang}/{name}.json")
    data = json.loads(text)
    return {k: str(v) for k, v in data.items() if k != "_about"}


def _langs(name: str, ext: str) -> list[str]:
    found = [lang for lang in LANGS if resources.files("memlab.lang").joinpath("data", lang, f"{name}.{ext}").is_file()]
    if not found:
        raise FileNotFoundError(f"no data/<lang>/{name}.{ext} for any of {LANGS}")
    return found


@cache
def all_phrases(name: str) -> tuple[str, ...]:
    """The list ``name`` of every language that has it, in ``LANGS`` order."""
    return tuple(p for lang in _langs(name, "txt") for p in phrases(lang, name))


@cache
def all_words(name: str) -> frozenset[str]:
    """The list ``name`` of every language that has it, as one set: ``all_words("job_heads")``."""
    return frozenset(all_phrases(name))


@cache
def all_table(name: str) -> dict[str, str]:
    """The table ``name`` of every language that has it, as one (``LANGS`` order)."""
    out: dict[str, str] = {}
    for lang in _langs(name, "json"):
        out.update(table(lang, name))
    return out
