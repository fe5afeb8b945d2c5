"""Extraction precision and recall on a labelled statement set (datasets/statements/).

Each line is one chat message with the facts it establishes as currently true
(``{"subject", "attribute", "value"}``; subject "speaker" for first person). An extractor is any
``(text, lang, speaker) -> [(subject, attribute, value)]``. A predicted fact is correct when it
matches a gold fact of the same message on subject, attribute and value (values compared case- and
punctuation-insensitively, gazetteer spellings and contained multi-word names allowed); precision
is over predictions, recall over gold facts, both per language. Lines with no gold facts (negated,
hypothetical, questions, plans, quotes, past, chit-chat) only cost precision.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Triple = tuple[str, str, str]
Extractor = Callable[[str, str, str], Sequence[Triple]]
DEFAULT_PATH = Path(__file__).resolve().parents[2] / "datasets" / "statements" / "statements.jsonl"
_ATTRIBUTE_ALIASES = {
    "language": "programming_language", "os": "operating_system", "pet": "pet", "coffee_order": "usual_order",
}  # dev5 labels a usual coffee order coffee_order
_PUNCT = re.compile(r"[^\w+#]+", re.UNICODE)


def load(path: str | Path = DEFAULT_PATH, split: str | None = None) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if split is None or r["split"] == split]


def _value(v: str) -> str:
    from memlab.lang.values import TOOLS

    key = _PUNCT.sub(" ", v.casefold()).strip()
    for values in TOOLS.values():
        for canon, forms in values.items():
            if key == canon.casefold() or key in forms:
                return canon.casefold()
    return key.replace("ё", "е")


def _attribute(a: str) -> str:
    a = a.casefold().strip()
    if a.startswith("pet_"):
        return a
    return _ATTRIBUTE_ALIASES.get(a, a)


def _subject(s: str) -> str:
    """A subject compared as a name, its relation words by their lexicon sense ("speaker's dad"
    = "speaker's father", "speaker's mum" = "speaker's mother")."""
    from memlab.knowledge.extract.lexicon import RELATIONS

    owner, sep, rel = s.casefold().replace("ё", "е").partition("'s ")
    if sep:
        words = [w for w in rel.split() if w not in _KIN_MODIFIERS] or rel.split()  # "twin brother" = "brother"
        rel = " ".join(_RELATION_FORMS.get(w, RELATIONS.get(w, w)) for w in words)
    else:
        first, _, rest = owner.partition(" ")
        owner = rest if first in _KIN_TITLES and rest else owner  # "Aunt Bea" = "Bea"
    return _PUNCT.sub(" ", owner + sep + rel).strip()


_RELATION_FORMS = {"grandad": "grandfather", "granddad": "grandfather", "nan": "grandmother", "nana": "grandmother"}
_KIN_MODIFIERS = frozenset("twin older younger elder little big baby младший младшая старший старшая".split())
_KIN_TITLES = frozenset("aunt auntie uncle cousin grandma grandpa granny тетя дядя".split())


def same(pred: Triple, gold: Triple) -> bool:
    if _subject(pred[0]) != _subject(gold[0]) or _attribute(pred[1]) != _attribute(gold[1]):
        return False
    p, g = _value(pred[2]), _value(gold[2])
    if p == g:
        return True
    pw, gw = set(p.split()), set(g.split())
    return bool(pw and gw) and (pw <= gw or gw <= pw) and abs(len(pw) - len(gw)) <= 2


@dataclass
class Score:
    predicted: int = 0
    correct: int = 0
    gold: int = 0
    found: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.correct / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.found / self.gold if self.gold else 1.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "predicted": self.predicted,
            "correct": self.correct,
            "gold": self.gold,
            "found": self.found,
        }


def score(extractor: Extractor, rows: Iterable[dict[str, Any]]) -> dict[str, Score]:
    """Scores per language and ``"all"``; each Score keeps its mistakes (for the dev split)."""
    out: dict[str, Score] = {}
    rows = list(rows)
    warm = getattr(extractor, "warm", None)
    if warm is not None:
        warm(rows)
    for r in rows:
        gold = [(f["subject"], f["attribute"], f["value"]) for f in r["facts"]]
        pred: list[Triple] = list(dict.fromkeys((p[0], p[1], p[2]) for p in extractor(r["text"], r["lang"], r.get("speaker", "user"))))
        for key in (r["lang"], "all"):
            s = out.setdefault(key, Score())
            s.predicted += len(pred)
            s.gold += len(gold)
            ok = [p for p in pred if any(same(p, g) for g in gold)]
            hit = [g for g in gold if any(same(p, g) for p in pred)]
            s.correct += len(ok)
            s.found += len(hit)
            if key == "all" and (len(ok) < len(pred) or len(hit) < len(gold)):
                s.errors.append({"id": r["id"], "text": r["text"], "gold": gold, "pred": pred})
    return out


class OfflineExtractor:
    """The offline NLP extractor as the consolidator runs it (subject "speaker" for first person);
    ``warm`` parses every row in batches first, as consolidation does with a page of episodes."""

    def __init__(self, learned: bool | None = None) -> None:
        self._cache: dict[tuple[str, str], list[Triple]] = {}
        self.learned = learned  # the trained fallback beside the rules (None: clauses.LEARNED_DEFAULT)

    def warm(self, rows: Sequence[dict[str, Any]]) -> None:
        from memlab.knowledge.extract.clauses import analyze_many

        for lang in ("en", "ru"):
            texts = [r["text"] for r in rows if r["lang"] == lang]
            for text, (facts, _) in zip(texts, analyze_many(texts, lang, self.learned), strict=True):
                self._cache[(text, lang)] = [(f.subject, f.attribute, f.value) for f in facts]

    def __call__(self, text: str, lang: str, speaker: str) -> list[Triple]:
        if (text, lang) not in self._cache:
            self.warm([{"text": text, "lang": lang}])
        return self._cache[(text, lang)]



class ConsolidatorExtractor:
    """Any consolidator (nlp, llm, nlp+llm) as an extractor: one user message, one plan, its keyed
    facts as triples (the speaker's own are subject "speaker"); ``rejected`` counts what grounding
    turned down."""

    def __init__(self, consolidator: Any) -> None:
        self.consolidator = consolidator
        self.rejected = 0
        self.failed = 0

    def __call__(self, text: str, lang: str, speaker: str) -> list[Triple]:
        from memlab.types import ConsolidationContext, ConsolidationError, EpisodeRef

        who = None if speaker in ("user", "", None) else speaker
        try:
            plan = self.consolidator.consolidate([EpisodeRef(1, text, 0.0, "user", "s", who)], ConsolidationContext("s"))
        except ConsolidationError:
            self.failed += 1
            return []
        self.rejected += len(plan.rejected)
        out = []
        for f in plan.facts:
            subject, _, attribute = (f.key or "|").partition("|")
            if f.value and attribute:
                mine = subject in ("user", "") or subject == (who or "").casefold()
                out.append(("speaker" if mine else subject, attribute, f.value))
        return out


def table(scores: dict[str, dict[str, Score]]) -> str:
    """Markdown: one row per (extractor, language)."""
    lines = ["| extractor | lang | precision | recall | predicted | gold |", "|---|---|---:|---:|---:|---:|"]
    for name, per in scores.items():
        for lang, s in sorted(per.items()):
            lines.append(
                f"| {name} | {lang} | {100 * s.precision:.1f} | {100 * s.recall:.1f} | {s.predicted} | {s.gold} |"
            )
    return "\n".join(lines)


# -- knowledge-update scenarios, replayed as a user lives them ------------------------------------
SCENARIOS_PATH = DEFAULT_PATH.with_name("update_scenarios.jsonl")
DAY = 86400.0
START = 1_714_550_400.0  # 2024-05-01 UTC


def run_scenario(scenario: dict[str, Any], config: Any = None, workdir: str | Path | None = None) -> dict[str, Any]:
    """Turns arrive on their days (each day its own session), a day passes, one nightly
    ``maintain()``, then the question: does the Facts section give the current value and no stale one?"""
    import tempfile

    from memlab.clock import SimulatedClock
    from memlab.config import MemoryConfig
    from memlab.embed.hashing import HashingEmbedder
    from memlab.memory import Memory

    clock = SimulatedClock(START)
    folder = Path(workdir or tempfile.mkdtemp(prefix="memlab-scenario-"))
    db = folder / f"{scenario['id']}.db"
    with Memory.open(db, config or MemoryConfig(), clock=clock, embedder=HashingEmbedder(64)) as m:
        for turn in sorted(scenario["turns"], key=lambda t: t["day"]):
            clock.set(max(clock.now(), START + turn["day"] * DAY))
            speaker = None if turn["speaker"] in ("user", "", None) else turn["speaker"]
            m.ingest(turn["text"], session_id=f"day-{turn['day']}", speaker=speaker)
        clock.advance(DAY)
        m.maintain()
        ctx = m.context(scenario["question"])
    facts = ctx.split("\n\n")[0] if ctx.startswith("## Facts") else ""
    about = [line for line in facts.splitlines()[1:] if _about(line, target_markers(scenario))]
    current = any(names_value(line, scenario["current"]) for line in about)
    stale = any(
        names_value(line, s) for line in about for s in scenario["stale"] if s.casefold() != scenario["current"].casefold()
    )
    others = [x for x in scenario["stale"] if x != scenario["current"]]
    return {
        "id": scenario["id"],
        "ok": current and not stale,
        # the seed check's own test: the whole Facts section, case-sensitive substrings
        "seed_check": scenario["current"] in facts and not any(x in facts for x in others),
        "current_in_facts": current,
        "stale_in_facts": stale,
        "stale_as_current": _stale_as_current(ctx, scenario["stale"], scenario["current"]),
        "facts": facts,
        "context": ctx,
    }


def _stale_as_current(context: str, stale: Sequence[str], current: str) -> bool:
    """``metrics.stale_as_current`` with this set's matching (``names_value``): a Russian value may
    be a stem ("вегетариан" names "вегетарианка"), so whole-word matching would miss a line that
    carries the current value and count the update message itself as stale."""
    from memlab.bench.metrics import outside_history

    olds = [s for s in stale if s.casefold() != current.casefold()]
    return any(
        any(names_value(line, s) for s in olds)
        for line in outside_history(context).splitlines()
        if not names_value(line, current)
    )


def is_update(scenario: dict[str, Any]) -> bool:
    """The stale value was really held: a turn names a stale value before the first turn that
    names the current one (a non-update control states the current value first, and its "stale"
    is a value tempting but never adopted)."""
    turns = sorted(scenario["turns"], key=lambda t: t["day"])

    def said(text: str, value: str) -> bool:  # "Казани" says "Казань": a Russian word by its stem too
        cyrillic = re.search("[а-яё]$", value.casefold()) is not None and len(value) >= 5
        return names_value(text, value) or cyrillic and names_value(text, value[:-1])

    first_current = next((i for i, t in enumerate(turns) if said(t["text"], scenario["current"])), len(turns))
    return any(said(t["text"], s) for t in turns[:first_current] for s in scenario["stale"])


def _tool_forms(value: str) -> tuple[str, ...]:
    """The gazetteer's names for a tool value, as the statement scorer's ``_value`` compares them:
    "Postgres" is named by a line that says "PostgreSQL" (forms under three letters left out)."""
    from memlab.lang.values import TOOLS

    key = _PUNCT.sub(" ", value.casefold()).strip()
    for values in TOOLS.values():
        for canon, forms in values.items():
            if key == canon.casefold() or key in forms:
                return tuple(f for f in (canon, *forms) if len(f) >= 3)
    return ()


def names_value(line: str, value: str) -> bool:
    """``value`` is a word of ``line``; a Russian value may be a stem that every case form shares
    (the dev3/dev4 convention: "Казан" names "Казань" and "Казани"), so up to five more letters
    may follow it."""
    from memlab.bench.metrics import mentions

    line, value = line.replace("ё", "е").replace("Ё", "Е"), value.replace("ё", "е").replace("Ё", "Е")  # Артём = Артем
    if mentions(line, value) or any(mentions(line, form) for form in _tool_forms(value)):
        return True
    if re.fullmatch(r"[a-z]{3,}", value):  # "swim" is named by "swimming", "hike" by "hiking": the activity's forms
        forms = rf"{re.escape(value)}(?:s|es|{re.escape(value[-1])}?ing)|{re.escape(value.removesuffix('e'))}ing"
        return re.search(rf"(?<!\w)(?:{forms})(?!\w)", line, re.IGNORECASE) is not None
    if not re.search("[а-яё]$", value.casefold()):
        return False
    return re.search(rf"(?<!\w){re.escape(value)}[а-яё]{{1,5}}(?!\w)", line, re.IGNORECASE) is not None


_RELATION_WORDS = {
    "sister": ("sister", "сестра"), "brother": ("brother", "брат"), "wife": ("wife", "жена"),
    "husband": ("husband", "муж"), "mother": ("mother", "mom", "мама"), "father": ("father", "dad", "папа"),
    "сестра": ("sister", "сестра"), "брат": ("brother", "брат"), "жена": ("wife", "жена"), "муж": ("husband", "муж"),
    "mum": ("mother", "mom", "mum", "мама"), "mom": ("mother", "mom", "mum", "мама"), "dad": ("father", "dad", "папа"),
    "мама": ("mother", "мама", "мать"), "папа": ("father", "папа", "отец"),
    "son": ("son", "сын"), "daughter": ("daughter", "дочь"), "сын": ("son", "сын"), "доч": ("daughter", "дочь"),
}  # fmt: skip


# the endings a Russian relation noun takes (cases, plurals, diminutives): "сестры", "братьям",
# "дочке", "сынишку", "мамочка"; not a verb or another noun on the same letters ("брать", "женщина",
# "папка" is a folder, but so rare in a question that the diminutives keep "-ка")
_RU_RELATION_ENDINGS = (
    "а у ом ем е ой ою ы и ей ам ям ами ями ах ях ья ьям ьями ьях ьев ьё ю я ери ерью ерей ерям ерями ерях "
    "ка ки ке ку кой ок ишка ишки ишке ишку ишкой ёнка ёнки ёнке ёнку ёнкой ичка ички ичке ичку ичкой "
    "очка очки очке очку очкой овья овей овьям овьями овьях ья "
    "ин ина ино иного иной ину иным иных ины иному кин кина кино киного киной кину киным киных кины киному"
).split()  # the last two rows: possessives, "мамин", "дочкиного", "сестриной"


def _word_re(word: str) -> str:
    """A relation word in any case form: a Cyrillic one by its stem and a noun ending ("сестр" in
    "сестры Даши"; "брат" not in "брать")."""
    if not re.search("[а-яё]", word):
        return rf"\b{word}\b"
    stem = word[:-1] if re.search("[аяыиоеь]$", word) else word
    endings = [*_RU_RELATION_ENDINGS, *(["ь"] if stem == "доч" else [])]
    return rf"\b{stem}(?:{'|'.join(sorted(set(endings), key=len, reverse=True))})?\b"


def _names_after(question: str, pattern: str) -> tuple[str, ...]:
    """Names right after a relation word: "my brother Ollie", "собаку моей сестры Даши"."""
    return tuple(re.findall(pattern + r"\s+([A-ZА-ЯЁ][\w-]+)", question))


def target_markers(scenario: dict[str, Any]) -> tuple[str, ...]:
    """Whose fact the question asks for, as the words a fact line about them starts with: a
    named speaker ("Where does Mark work?"), a relative ("my sister"), else the asker (the user)."""
    q = scenario["question"].casefold()
    names = {t["speaker"] for t in scenario["turns"] if t["speaker"] not in ("user", "")}
    named = [n for n in names if n.casefold() in q or n.casefold()[:-1] in q]  # Марк / Марка
    if named:
        return tuple(named)
    for word, forms in _RELATION_WORDS.items():
        pattern = _word_re(word)
        if re.search(pattern, q):
            relatives = tuple(f"@{n}" for n in _names_after(scenario["question"], pattern))
            return tuple(f"'s {f}" for f in forms) + tuple(f"{f.capitalize()} " for f in forms) + relatives
    mentioned = _people_asked(scenario)
    if mentioned:  # "На каком языке сейчас пишет Ильнур?": a person the turns name, not a speaker
        return tuple(f"@{n}" for n in mentioned)
    asker = scenario.get("asker") or "user"
    if asker != "user":
        return (asker,)
    return (
        "User ", "Пользователь ", "У пользователя ", "Начальник пользователя", "Супруг(а) пользователя",
        "Партнёр пользователя",
    )  # fmt: skip


def _people_asked(scenario: dict[str, Any]) -> tuple[str, ...]:
    """Capitalised words of the question (not its first word) that a turn also names, in any
    case form: the people the question asks about by name."""
    words = re.findall(r"[A-ZА-ЯЁ][a-zа-яё][\w-]*", scenario["question"]) if scenario["question"] else []  # not "OS"
    first = scenario["question"].split(" ", 1)[0] if scenario["question"] else ""
    from memlab.lang.values import _FORMS, NAME_FORMS

    names = {f.casefold() for group in NAME_FORMS for f in group}  # "Катя" is a name, not a value's form

    said = " ".join(t["text"] for t in scenario["turns"])
    values = " ".join([scenario.get("current", ""), *scenario.get("stale", [])]).casefold()
    out = []
    for w in words:
        if w == first and not re.search(rf"[a-zа-яё,]\s+{re.escape(w)}\b", said) and not _ru_first_name(w):
            continue  # the first word is a person where a turn names it mid-sentence or it is a Russian name ("Рома сейчас кем ...?")
        if w.casefold() in ("i", "я") or (w.casefold() in _FORMS and w.casefold() not in names) or w.casefold()[:4] in values:
            continue  # a value asked about ("Should I learn Python?"), not a person
        if any(_same_name(x, w) for x in re.findall(r"[A-ZА-ЯЁ][\w-]+", said)):
            out.append(w)
    return tuple(dict.fromkeys(out))


def _ru_first_name(word: str) -> bool:
    """A Russian word the dictionary reads as a first name (pymorphy3; never without it)."""
    from memlab.knowledge.extract.nlp import ru_name

    return bool(re.fullmatch("[А-ЯЁ][а-яё]+", word)) and ru_name(word) is not None


def _same_name(word: str, name: str) -> bool:
    """Two case forms of one name ("Даши" / "Даша"): equal, or equal but for the last letter of a
    Cyrillic name."""
    a, b = word.casefold(), name.casefold()
    if a == b:
        return True
    if not re.search("[а-яё]", b) or len(a) < 3 or len(b) < 3:
        return False
    return a[:-1] == b[:-1] or any(x[:-1] == y[:-1] for x in _full_forms(a) for y in _full_forms(b))


def _full_forms(name: str) -> set[str]:
    """A Russian name and, for a colloquial diminutive in -ка, the name it shortens ("дашка" ->
    "даша", "витька" -> "витя", "лизка" -> "лиза")."""
    out = {name}
    if name.endswith("ка") and len(name) >= 5:
        base = name[:-2]
        out.add(base[:-1] + "я" if base.endswith("ь") else base + "а")
    return out


_RELATIONS = frozenset(
    "sister brother wife husband mother father son daughter friend cousin uncle aunt colleague coworker "
    "neighbour partner's".split()
)


def _about(line: str, markers: tuple[str, ...]) -> bool:
    """A Facts line is about the target when it opens with the target's subject: "- User lives
    in ...", "- Mark's pet cat is ...", "- User's sister lives in ..." (for a sister), "- Начальник
    пользователя: ..."; "- Mark's sister ..." is not about Mark."""
    head = line[2:]
    for m in markers:
        if m.startswith("@"):  # the relative's own name: "- Ollie drives ...", "- Аня живёт ..." (any case form)
            first, _, rest = head.partition(" ")
            owner = first.removesuffix("'s").removesuffix("’s").rstrip(":,")
            relative = rest.split(" ", 1)[0].removesuffix("'s") in _RELATIONS
            if _same_name(owner, m[1:]) and not (owner != first and relative):
                return True
            # the name after its relation: "- User's brother Kofi works ...", "- Коллега пользователя Ильнур пишет ..."
            kin = re.match(r"(?:User's [\w-]+|[А-ЯЁ][а-яё-]+ пользователя) (\S+)", head)
            if kin and _same_name(kin.group(1).rstrip(":,"), m[1:]):
                return True
            continue
        if m.startswith("'s "):
            if m in head[:40]:
                return True
            continue
        if m == "Пользователь " and re.match(r"Любим(ая|ый|ое|ые) \S+ пользователя\b", head):
            return True  # "- Любимая группа пользователя — Аигел.": the user's favourite, owner in the genitive
        stem = m.rstrip()
        if not head.startswith(stem) or head[len(stem) : len(stem) + 1].isalpha():
            continue
        rest = head[len(stem) :]
        if rest.startswith("'s ") and rest[3:].split(" ", 1)[0] in _RELATIONS:
            continue  # someone else: the target's relative
        return True
    return False


def run_scenarios(split: str | None = None, config: Any = None, path: str | Path = SCENARIOS_PATH) -> list[dict[str, Any]]:
    return [run_scenario(s, config) for s in load(path, split)]
