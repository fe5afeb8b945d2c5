"""Whose fact, and which one, a question asks for: the focus of the context's Facts section.

Facts are keyed ``subject|attribute`` (``mark|city``, ``user's sister|employer``). A question
names its subject as a person ("Where does Mark live now?", "Где живёт Марк?"), a relative of the
user ("my sister", "моя сестра") or the user ("I", "мне"), and its attribute by a cue word
("live" -> city, "работаю" -> employer, "language" -> programming_language). The context puts
the facts that match both first, and the facts about other people below them, so that "User's
brother works at Yandex" never sits beside the answer to "Where do I work?".

Word lists only: no parser on the read path. A question with no recognised subject keeps every
fact in retrieval order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from memlab.lang.translit import latin_forms
from memlab.lang.values import FAVOURITE_NOUNS_RU

USER = "user"

# attribute -> cue pattern (case-folded text; English words, Russian stems)
_CUES: dict[str, str] = {
    "city": r"\b(live[sd]?|(?<!a )living|based|resid\w*|city|town|hometown|mov(e|ed|ing)|home)\b|жив|город|переех|прожива|обитает",
    "employer": r"\b(work(s|ing)?|job|company|employer|employed|office)\b|работ|компани|устро|трудит",
    "job_title": r"\b(role|position|title|job|profession|for a living|do(es)? for work)\b|\bwhat (does|do) \w+ do\b|должност|професси|\bкем\b",
    "programming_language": r"\b(languages?|cod(e|ing)|program(s|ming)?|write|writing|script\w*|stack)\b|язык|пиш|писать|напис|программир|кодит",
    "editor": r"\b(editors?|ides?)\b|редактор|\bide\b",
    "operating_system": r"\b(os|operating system|install\w*|distro|setup)\b|операционн|систем|дистрибутив|установ|\bос\b",
    "database": r"\b(database|db)\b|\bбд\b|баз\w* данных|\bбаз(а|у|е|ой|ы)\b",
    "phone": r"\b(phones?|smartphone|mobile)\b|телефон|смартфон",
    "car": r"\b(cars?|drive[sn]?|driving|vehicle|ride)\b|машин|автомобил|ездит|езжу|ездишь|тачк",
    "diet": r"\b(diet|eat|eating|cook\w*|food|meals?|dinner|lunch|breakfast|recipes?|restaurant|menu)\b|диет|\bем\b|есть|готов|еда|еду|ужин|обед|рецепт|питани",
    "hobby": r"\b(hobby|hobbies|free time|weekends?|gift|pastime|into)\b|хобби|увлек|увлеч|свободн|подар",
    "sport": r"\b(sports?|play|gym|train\w*|exercise)\b|спорт|занима|трениров",
    "instrument": r"\b(instrument|play)\b|инструмент|играет|играю",
    "likes": r"\b(favou?rite|like|love|fan)\b|любим|нрав",
    "pet": r"\b(pets?|dog|cat|puppy|kitten)\b|питом|собак|кошк|\bкот(ы|а|у|ом|е|ов|ик\w*|[её]н\w*)?\b",
    "team": r"\bteam\b|команд",
    "university": r"\b(stud(y|ies|ying)|university|college|school|degree)\b|учит|учусь|вуз|университет|институт|колледж|техникум|учебн\w* заведени",
    "manager": r"\b(manager|boss|report to|supervisor|lead)\b|начальни|руководител|шеф|тимлид",
    "partner": r"\b(partner|girlfriend|boyfriend|dating|date)\b|девушк|парень|партн|встречает",
    "spouse": r"\b(wife|husband|married|spouse)\b|жена|жены|муж\b|мужа|женат|замуж",
    "age": r"\b(old|age)\b|лет|возраст",
    "name": r"\bname\b|зовут|имя",
    "usual_order": r"\b(order|usual(ly)?|coffee|drinks?|cafe|café|latte)\b|кофе|напит|заказ|кофейн",
    "gym": r"\bgym\b|\bзал\b|фитнес|качалк",
    "project_status": r"\bstatus\b|статус",
}
_KIND_WORDS = frozenset({"project"})  # the extractor keys a project's facts "project <name>|..."


def _bounded(pattern: str) -> str:
    """The pattern with each bare top-level alternative (a Russian stem) held to a word start:
    "жив" is in "живёт", not in "придерживается"."""
    parts, depth, cur = [], 0, ""
    for ch in pattern:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "|" and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return "|".join(p if p.startswith("\\b") else rf"(?<!\w){p}" for p in parts)


_CUE_RE = {a: re.compile(_bounded(p)) for a, p in _CUES.items()}
# attributes written under another name by other consolidators (the phrase rules, the agent tools)
_ALIASES = {"language": "programming_language", "os": "operating_system", "company": "employer"}
_SINGLE_VALUED_FAMILY = {"hobby": ("hobby", "sport", "likes"), "sport": ("sport", "hobby"), "pet": ("pet",)}

# relation -> how a question names it (English word, Russian stem)
_RELATIONS: dict[str, str] = {
    "sister": r"\bsister\b|сестр", "brother": r"\bbrother\b|\bбрат", "wife": r"\bwife\b|\bжен[аеуыо]",
    "husband": r"\bhusband\b|\bмуж[аеу]?\b", "mother": r"\b(mother|mom|mum)\b|\bмам|\bмат[ьеи]",
    "father": r"\b(father|dad)\b|\bпап|\bотц|\bотец", "son": r"\bson\b|\bсын", "daughter": r"\bdaughter\b|\bдоч",
    "friend": r"\bfriend\b|\bдруг|подруг", "colleague": r"\b(colleague|coworker|co-worker)\b|коллег",
    "manager": r"\b(manager|boss)\b|начальни|руководител", "partner": r"\b(partner|girlfriend|boyfriend)\b|партн",
    "neighbour": r"\bneighbou?r\b|сосед", "cousin": r"\bcousin\b|кузен|кузин|двоюродн",
    "uncle": r"\buncle\b|\bдяд", "aunt": r"\baunt\b|\bт[её]т", "roommate": r"\b(roommate|flatmate)\b",
    "girlfriend": r"\bgirlfriend\b|девушк", "boyfriend": r"\bboyfriend\b|\bпарн",
}  # fmt: skip
# relations stored as the owner's attribute (user|manager = Olga), not as a subject of their own
_RELATION_ATTRIBUTES = frozenset("manager wife husband partner girlfriend boyfriend".split())
_REL_RE = {r: re.compile(p) for r, p in _RELATIONS.items()}
_REL_ANY = re.compile("|".join(f"(?:{p})" for p in _RELATIONS.values()))


def names_relation(text: str, relation: str) -> bool:
    """``text`` names ``relation`` ("mother": "my mum", "мамы"); False for a relation not listed."""
    rx = _REL_RE.get(relation)
    return rx is not None and rx.search(text.casefold()) is not None


_FIRST_PERSON = re.compile(
    r"\b(i|me|my|mine|myself|i'm|i've|i'd|im)\b|(?<!\w)(я|мне|меня|мной|мною|мо(й|я|ё|е|и|ю|ей|его|ему|ём|ем|им|их|ими)|сво(й|я|ё|е|и|ю|ей|его|ему|ём|ем|им|их|ими))(?!\w)"
)


_LATEST = re.compile(r"\b(most recent(ly)?|latest|newest|last)\b|(?<!\w)(последн|недавн|новейш)")


@dataclass(frozen=True)
class Focus:
    """The fact-key subjects (case-folded) and attributes a question asks about; empty when
    unknown. ``latest``: the question asks for the newest one ("the pet Mark adopted most recently")."""

    subjects: tuple[str, ...] = ()
    attributes: tuple[str, ...] = ()
    latest: bool = False
    words: tuple[str, ...] = ()  # the question's words, case-folded: "band" asks for favorite_band

    def matches_subject(self, key: str | None) -> bool:
        return bool(key) and subject_of(key or "") in self.subjects

    def matches(self, key: str | None) -> bool:
        if not self.matches_subject(key):
            return False
        return not self.attributes or self.matches_attribute(key)

    def matches_attribute(self, key: str | None) -> bool:
        """The key's attribute is one the question asks for (whoever's it is)."""
        attr = attribute_of(key or "")
        if attr.startswith("favorite_") and _names(attr[len("favorite_") :], self.words):
            return True  # "What band is Jamie into?", "Какая у Саши любимая группа?"
        return any(attr == a or attr.startswith(f"{a}_") for a in self.attributes)


def _names(noun: str, words: Sequence[str]) -> bool:
    """A question word is ``noun`` (or its Russian name) in some inflection: same first letters, at
    most two more or fewer ("book"/"books", "band"/"группу", "book"/"книгу")."""
    nouns = [noun, *(ru for ru, en in FAVOURITE_NOUNS_RU.items() if en == noun)]
    return any(
        w.startswith(n[: max(3, len(n) - 2)]) and abs(len(w) - len(n)) <= 2 for n in nouns for w in words
    )


def subject_of(key: str) -> str:
    return key.split("|", 1)[0].casefold()


def attribute_of(key: str) -> str:
    attr = key.split("|", 1)[1] if "|" in key else ""
    attr = attr.split(":", 1)[0]
    return _ALIASES.get(attr, attr)


def attributes_asked(question: str) -> tuple[str, ...]:
    q = question.casefold()
    found: list[str] = []
    for attr, rx in _CUE_RE.items():
        if rx.search(q):
            found.extend(_SINGLE_VALUED_FAMILY.get(attr, (attr,)))
    return tuple(dict.fromkeys(found))


def _named(q: str, name: str) -> bool:
    """``name`` occurs as a word in ``q``; a Russian inflection of it counts ("Марка", "Марку"),
    and so does the other alphabet ("Где живёт Марк?" names the speaker Mark)."""
    n = re.escape(name)
    if name.isascii() and not q.isascii() and not re.search(rf"(?<!\w){n}(?!\w)", q):
        words = re.findall(r"[а-яё]+", q)
        return any(name in latin_forms(w) or name in latin_forms(w[:-1]) for w in words if len(w) >= 3)
    if re.search(rf"(?<!\w){n}(?!\w)", q):
        return True
    stem = re.escape(name[:-1]) if len(name) >= 4 and not name.isascii() else None
    if stem and re.search(rf"(?<!\w){stem}\w{{0,2}}(?!\w)", q):
        return True
    return bool(len(name) >= 3 and not name.isascii() and re.search(rf"(?<!\w){n}\w{{1,2}}(?!\w)", q))


def names(question: str, name: str) -> bool:
    """Whether ``question`` names ``name`` (see ``_named``: inflections and the other alphabet)."""
    return _named(question.casefold(), name.casefold())


def subjects_asked(
    question: str, known: Iterable[str], self_names: Sequence[str] = (), kin: Mapping[str, str] | None = None
) -> tuple[str, ...]:
    """Which known fact subjects the question names: a person (and their relatives when the
    relation is named too), else a relative of the user, else the user, also by the name the user
    gave ("Where does Dana work?" after "I'm Dana"). ``kin``: a named relative's subject -> whose
    relative it is ("kofi" -> "user's brother", the ``relation`` fact), so "my brother" finds Kofi."""
    q = question.casefold()
    known = [k.casefold() for k in known]
    people = [k for k in known if "'s " not in k and k != USER and _named(q, bare(k))]
    if any(_named(q, n.casefold()) for n in self_names) and USER not in people:
        people.append(USER)
    rels = [r for r, rx in _REL_RE.items() if rx.search(q)]
    out: list[str] = []
    for owner in people or ([USER] if _FIRST_PERSON.search(q) or rels else []):
        relatives = [k for k in known if k.startswith(f"{owner}'s ") and k.split("'s ", 1)[1] in rels]
        relatives += [name for name, rel in (kin or {}).items() if rel.casefold() in {f"{owner}'s {r}" for r in rels}]
        out.extend(relatives)
        if all(r in _RELATION_ATTRIBUTES for r in rels):  # "my manager" is the user's fact
            out.append(owner)
    return tuple(dict.fromkeys(out))


def bare(subject: str) -> str:
    """A subject without its kind word: "project falcon" is named by "проекта Falcon" too."""
    kind, _, name = subject.partition(" ")
    return name if kind in _KIND_WORDS and name else subject


def focus_in(store: Any, question: str, user_id: str, as_of: float | None = None) -> Focus:
    """``focus_of`` against one user's facts in ``store``: their subjects and the user's own name."""
    subjects = store.fact_subjects(user_id, as_of)
    names = (
        [str(n.attributes.get("value") or "") for n in store.facts_about([USER], user_id, as_of)
         if attribute_of(n.fact_key or "") == "name"]
        if USER in subjects else []
    )  # fmt: skip
    return focus_of(question, subjects, [n for n in names if n], _kin_in(store, question, subjects, user_id, as_of))


def _kin_in(store: Any, question: str, subjects: Sequence[str], user_id: str, as_of: float | None) -> dict[str, str]:
    """Named relatives -> whose relative they are, from their ``relation`` facts, when the
    question names a relation. A one-person relation (husband, manager) holds only while the
    owner's own fact names them: "Tomasz is User's manager" outlives a new manager Ana."""
    named = [k for k in subjects if "'s " not in k and k != USER]
    if not named or not _REL_ANY.search(question.casefold()):
        return {}
    kin = {  # name -> (owner, relation) of "user's brother"
        subject_of(n.fact_key or ""): (owner.casefold(), relation)
        for n in store.facts_about(named, user_id, as_of)
        if attribute_of(n.fact_key or "") == "relation"
        for owner, sep, relation in [str(n.attributes.get("value") or "").partition("'s ")]
        if sep
    }
    held = {
        (subject_of(n.fact_key or ""), str(n.attributes.get("value") or "").casefold())
        for n in store.facts_about(sorted({owner for owner, _ in kin.values()}), user_id, as_of)
    }
    return {
        name: f"{owner}'s {relation}" for name, (owner, relation) in kin.items()
        if relation not in _RELATION_ATTRIBUTES or (owner, name) in held
    }  # fmt: skip


def focus_of(
    question: str, known_subjects: Sequence[str], self_names: Sequence[str] = (), kin: Mapping[str, str] | None = None
) -> Focus:
    subjects = subjects_asked(question, known_subjects, self_names, kin)
    attributes = attributes_asked(question)
    if not subjects and attributes and USER in (k.casefold() for k in known_subjects):
        subjects = (USER,)  # a request that names no one is the asker's: «что написать в графе «должность»?»
    if not subjects:
        return Focus()
    q = question.casefold()
    return Focus(subjects, attributes, bool(_LATEST.search(q)), tuple(re.findall(r"\w+", q)))
