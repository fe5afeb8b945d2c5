"""The word lists under memlab/lang/data/<lang>/: each file says what it is for and who reads it,
holds no duplicate, loads, and the Python name it names holds exactly its data."""

from __future__ import annotations

import importlib
import json
import re
from collections import defaultdict
from importlib import resources
from pathlib import Path

import pytest

from memlab.lang import wordlists as wl

DATA = Path(str(resources.files("memlab.lang").joinpath("data")))
FILES = sorted(p for lang in wl.LANGS if (DATA / lang).is_dir() for p in (DATA / lang).iterdir())
READER = re.compile(r"^(memlab(?:\.\w+)+)\.([A-Za-z_]\w*):? ")


def _header(path: Path) -> str:
    if path.suffix == ".json":
        return str(json.loads(path.read_text(encoding="utf-8"))["_about"])
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# "), f"{path.name}: the first line is the header comment"
    return first[2:]


def test_there_are_lists_in_both_languages() -> None:
    assert {p.parent.name for p in FILES} == {"en", "ru"}
    assert all(p.suffix in (".txt", ".json") for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_file_has_header_loads_and_no_duplicates(path: Path) -> None:
    head = _header(path)
    assert READER.match(head), f"{path.name}: the header names its reader (module.NAME: what it is for)"
    lang, name = path.parent.name, path.stem
    if path.suffix == ".txt":
        entries = wl.phrases(lang, name)
        assert entries and all(entries)
        dups = sorted({e for e in entries if entries.count(e) > 1})
        assert not dups, f"{path.name}: duplicates {dups}"
    else:
        raw = path.read_text(encoding="utf-8")
        pairs = json.loads(raw, object_pairs_hook=lambda kv: kv)
        keys = [k for k, _ in pairs]
        assert len(keys) == len(set(keys)), f"{path.name}: duplicate keys"
        assert wl.table(lang, name)


def _readers() -> dict[tuple[str, str], list[Path]]:
    out: dict[tuple[str, str], list[Path]] = defaultdict(list)
    for path in FILES:
        m = READER.match(_header(path))
        assert m
        out[(m.group(1), m.group(2))].append(path)
    return out


@pytest.mark.parametrize("reader", sorted(_readers()), ids=lambda r: f"{r[0].rsplit('.', 1)[-1]}.{r[1]}")
def test_python_name_holds_the_data(reader: tuple[str, str]) -> None:
    paths = _readers()[reader]
    value = getattr(importlib.import_module(reader[0]), reader[1])
    (suffix,) = {p.suffix for p in paths}
    (stem,) = {p.stem for p in paths}
    langs = [lang for lang in wl.LANGS if any(p.parent.name == lang for p in paths)]
    if suffix == ".json":
        merged = {k: v for lang in langs for k, v in wl.table(lang, stem).items()}
        assert value == merged
    elif isinstance(value, frozenset):
        assert value == frozenset(e for lang in langs for e in wl.phrases(lang, stem))
    elif isinstance(value, tuple):
        assert value == tuple(e for lang in langs for e in wl.phrases(lang, stem))
    else:  # a table built from a list ("corolla" -> "Corolla")
        assert list(value.values()) == [e for lang in langs for e in wl.phrases(lang, stem)]


def test_loader_reads_quoted_entries_and_joins_languages() -> None:
    assert "imagine " in wl.all_phrases("not_real") and " бы " in wl.all_phrases("not_real")
    assert wl.all_words("job_heads") == wl.words("en", "job_heads") | wl.words("ru", "job_heads")
    with pytest.raises(FileNotFoundError):
        wl.words("en", "no_such_list")
