"""Russian self-introductions written as a list: "Ринат, 29, пилю бэкенд для Авито", "первокурсница
мехмата МГУ, 19 лет, объясните ...": a bare age between commas beside a stretch that describes the
speaker (a name alone, a job or student noun, a first-person verb)."""

from __future__ import annotations

from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import SPEAKER, Extracted, _job_word
from memlab.knowledge.extract.nlp import Tok, _morph, is_place_name, ru_first_person_verb
from memlab.knowledge.extract.parts import ReaderParts

# the speaker described by the year of study: "первокурсница мехмата", "третьекурсник"
_STUDY_YEAR = ("курсник", "курсница")
_YEARS = frozenset("лет год года".split())


def _age(words: list[Tok]) -> str | None:
    """"29", "19 лет": a stretch that is an age and nothing else."""
    if not words or words[0].pos != "NUM" or not words[0].text.isdigit() or len(words) > 2:
        return None
    if len(words) == 2 and words[1].lower not in _YEARS:
        return None
    n = int(words[0].text)
    return words[0].text if (14 <= n <= 90 if len(words) == 1 else 10 <= n <= 99) else None


def _describes_speaker(reader: ReaderParts, words: list[Tok]) -> bool:
    """A stretch that says who the speaker is: a job or student noun opening it ("первокурсница
    мехмата МГУ", "бэкендер в Авито"), or a first-person verb ("пилю бэкенд")."""
    first = words[0]
    if first.lower in lx.STUDENT_WORDS or first.lower.endswith(_STUDY_YEAR):  # as written: the nominative
        return True
    if first.pos == "NOUN" and first.feats.get("Case") == "Nom" and _job_word(first) and first.lemma not in lx.RELATIONS:
        return True
    return first.lower[-1:] in "юуя" and (ru_first_person_verb(first.text) or first.pos == "VERB" and _may_be_first_person(first.text)) or first.lower == "я"


def _may_be_first_person(word: str) -> bool:
    """pymorphy3 has a first-person singular verb among its readings of ``word`` ("кручу")."""
    morph = _morph()
    return morph is not None and any("VERB" in p.tag and "1per" in p.tag and "sing" in p.tag for p in morph.parse(word.lower()))


def intro_list(reader: ReaderParts) -> Iterator[Extracted]:
    """The age (and, opening the message's sentence, the name) of a self-introduction list."""
    if reader._is_question() or any(
        t.lemma in lx.RELATIONS or t.pos == "PRON" and t.lower not in ("я", "мне", "меня", "мы", "что", "кто") for t in reader.toks
    ):
        return
    parts = [[t for t in p if t.pos != "PUNCT"] for p in reader._stretches(dashes=False)]
    parts = [p for p in parts if p]
    for k, p in enumerate(parts):
        age = _age(p)
        if age is None or any(reader._not_plain(t) for t in p):
            continue
        around = [q for q in (parts[k - 1] if k else None, parts[k + 1] if k + 1 < len(parts) else None) if q]
        name = around[0][0] if k and len(parts[k - 1]) == 1 and parts[k - 1][0].i == 0 else None
        named = name is not None and name.pos == "PROPN" and reader._is_person(name) and name.feats.get("Case", "Nom") == "Nom"
        others = [t for t in reader.toks if t.ent == "PER" and t.feats.get("Case", "Nom") == "Nom" and (name is None or t.i != name.i)]
        if others or not (named or any(_describes_speaker(reader, q) for q in around)):
            continue
        first_person = any(t.lower in ("я", "мне", "меня") or ru_first_person_verb(t.text) for t in reader.toks)
        if named and name is not None and (first_person or any(_describes_speaker(reader, q) for q in around)):
            yield reader.fact(SPEAKER, "name", reader.value_text(name), "person")
            yield reader.fact(SPEAKER, "age", age, "concept")
        elif not named:
            yield reader.fact(SPEAKER, "age", age, "concept")


def student_of(reader: ReaderParts) -> Iterator[Extracted]:
    """ "первокурсница мехмата МГУ, 19 лет", "магистрант ИТМО, пишу диплом": a sentence that opens
    on a student noun with no verb in its stretch names the speaker's university (an organisation
    in the stretch); not when a third-person verb or anyone else is in the sentence."""
    parts = [[t for t in p if t.pos != "PUNCT"] for p in reader._stretches(dashes=False)]
    first = parts[0] if parts and parts[0] else None
    if first is None or first[0].i != 0 or reader._is_question():
        return
    if not (first[0].lower in lx.STUDENT_WORDS or first[0].lower.endswith(_STUDY_YEAR)) or any(t.pos in ("VERB", "AUX") for t in first):
        return
    if any(t.pos in ("VERB", "AUX") and t.feats.get("Person") == "3" or t.lemma in lx.RELATIONS for t in reader.toks):
        return
    if any(t.ent == "PER" and t.feats.get("Case", "Nom") == "Nom" or reader._not_plain(t) for t in reader.toks):
        return
    school = next((t for t in first[1:4] if t.text[:1].isupper() and (reader._org(t) or t.text.isupper()) and reader.tool(t) is None), None)
    if school is not None:
        yield reader.fact(SPEAKER, "university", reader.value_text(school), "organization")


def by_training(reader: ReaderParts) -> list[tuple[str, str]]:
    """(who, what) for each "по образованию X" ("я по образованию юрист", "муж по образованию
    историк"): X is the degree, not the job; whose by the stretch's subject (none: the speaker's,
    when no one else is named before it)."""
    toks = reader.toks
    out: list[tuple[str, str]] = []
    for t in toks[1:]:
        if t.lemma != "образование" or toks[t.i - 1].lower != "по" or t.i + 1 >= len(toks):
            continue
        x = toks[t.i + 1]
        inner = None  # "по образованию я историк", "по образованию сестра юрист": the subject between
        if x.feats.get("Case", "Nom") == "Nom" and t.i + 2 < len(toks) and (x.lower in ("я", "мы") or x.lemma in lx.RELATIONS or x.pos == "PROPN" and reader._is_person(x)):
            inner, x = x, toks[t.i + 2]
        elif t.i >= 3 and x.pos == "PUNCT" and toks[t.i - 2].pos == "NOUN" and not toks[t.i - 2].text[:1].isupper():
            x = toks[t.i - 2]  # "я историк по образованию."
        if x.pos not in ("NOUN", "ADJ") or x.text[:1].isupper() or x.i in reader.quoted or not x.lower.isalpha():
            continue
        if x.feats.get("Case", "Nom") != "Nom" or x.lemma in lx.RELATIONS:
            continue
        part = next((p for p in reader._stretches() if t in p), [])
        if any(reader._not_plain(w) for w in part):
            continue
        if inner is not None:
            who = SPEAKER if inner.lower in ("я", "мы") else reader.subject_phrase(inner)
            if who is not None and (inner.lower not in ("я", "мы") or not any(reader._someone_else(w) for w in toks[: t.i])):
                out.append((who, x.lower))
            continue
        before = [w for w in part if w.i < min(t.i - 1, x.i) and w.pos not in ("ADV", "PART")]
        who = None
        if not before:
            who = SPEAKER if not any(reader._someone_else(w) for w in toks[: t.i]) else None
        elif len(before) <= 2 and before[-1].feats.get("Case", "Nom") == "Nom":
            who = reader.subject_phrase(before[-1])
        if who is not None:
            out.append((who, x.lower))
    return out


_TOWN_MARKS = frozenset("г город из".split())
_TOWN_AFTER = frozenset("из в во".split())


def intro_city(reader: ReaderParts) -> Iterator[Extracted]:
    """The town of a self-introduction list: "Ильдар, 27, сварщик, Уфа", "Гульнара, учительница
    английского, Оренбург", "Джавист в 2ГИС, Новосибирск", "Тамара, 52 года, бухгалтер из Твери":
    a stretch that is a town alone ("из" / "г." / "город" before it may be said), or a job stretch
    ending in "из" / "в" + a town, in a sentence of stretches that describe the speaker (a name
    opening it, an age, a job or student noun, "я", a first-person verb). Not in a question, nor
    when a relative, a pronoun for someone else, another person's name or a verb of someone else's
    is in the sentence ("Двоюродный брат — 29 лет, Казань": the cousin's)."""
    toks = reader.toks
    if reader._is_question() or any(
        t.lemma in lx.RELATIONS or t.pos == "PRON" and t.lower not in ("я", "мне", "меня") or reader._not_plain(t) for t in toks
    ):
        return
    if any(t.pos in ("VERB", "AUX") and not ru_first_person_verb(t.text) and t.feats.get("Person") != "1" for t in toks):
        return
    parts = [p for p in ([t for t in p if t.pos != "PUNCT"] for p in reader._stretches(dashes=False)) if p]
    if len(parts) < 2:
        return
    opening = parts[0][:-1] if len(parts[0]) > 1 and parts[0][-1].lower == "я" else parts[0]  # "Людмила Степановна я"
    named = len(opening) <= 2 and opening[0].i == 0 and all(t.pos == "PROPN" and reader._is_person(t) and not _job_word(t) for t in opening)
    others = [
        t for t in toks if t.ent == "PER" and t.feats.get("Case", "Nom") == "Nom" and not (named and t in parts[0]) and is_place_name(t.text) is not True
    ]
    if others:
        return
    towns: list[Tok] = []
    ages: list[str] = []
    describing = False
    for p in parts:
        town = _town_alone(reader, p)
        if town is not None:
            towns.append(town)
        elif named and p is parts[0]:
            continue  # the name alone says nothing of the speaker yet ("Маша, Москва")
        elif _age(p) is not None or _age_words(p) or any(t.lower == "я" for t in p):
            describing = True
            ages += [a for a in (_age(p),) if a is not None]
        elif _describes_speaker(reader, p) or p[0].i == 0 and p[0].pos == "PROPN" and _job_word(p[0]) and p[0].lemma not in lx.RELATIONS:
            # natasha tags a job noun opening the sentence a name: "Джавист в 2ГИС", "Инженер-технолог"
            describing = True
            last = _town_alone(reader, p[-1:]) if len(p) >= 3 and p[-2].lower in _TOWN_AFTER else None
            if last is not None:
                towns.append(last)  # "бухгалтер из Твери", "шеф-повар в Краснодаре"
    if describing and towns:
        yield reader.fact(SPEAKER, "city", reader.city(towns[0]), "place")
        if named and len(parts) >= 3:  # "Гульнара, учительница английского, Оренбург": her name too
            yield reader.fact(SPEAKER, "name", reader.value_text(opening[0]), "person")
            for age in ages[:1]:  # "Марина, 35, из Твери"
                yield reader.fact(SPEAKER, "age", age, "concept")


def _age_words(words: list[Tok]) -> bool:
    """"шестьдесят шесть лет": an age in number words."""
    return len(words) >= 2 and words[-1].lower in _YEARS and all(w.pos == "NUM" for w in words[:-1])


def _town_alone(reader: ReaderParts, words: list[Tok]) -> Tok | None:
    """The town a stretch is ("Уфа", "из Твери", "г. Уфа", "Набережные Челны"): a name the
    dictionary knows as a place (or a city nickname), no country."""
    while words and words[0].lower in _TOWN_MARKS:
        words = words[1:]
    if not words or len(words) > 2 or not words[0].text[:1].isupper() or any(t.i in reader.quoted for t in words):
        return None
    head = words[-1] if len(words) == 2 and words[0].pos == "ADJ" else words[0]  # "Набережные Челны", "Нижний Новгород"
    if len(words) == 2 and head is words[0]:
        return None
    known = is_place_name(head.text) is True or head.lower in lx.CITY_ALIASES or head.lemma in lx.CITY_ALIASES
    if not known or head.ent == "ORG" or head.ent == "PER" and is_place_name(head.text) is not True:
        return None  # natasha may call a town a person ("Кострома"): the dictionary decides
    if not reader._place(head) and head.ent != "PER":
        return None
    return None if reader.city(head).casefold().replace("ё", "е") in lx.COUNTRIES else head
