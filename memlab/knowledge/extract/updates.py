"""Updates read against what is already known: "traded the Civic in. driving a Tesla Model 3 now".

The clause reader knows a fact only when a sentence states it in a shape it was taught. An update
is easier than that: memory already holds ``user|car = Honda Civic``, so a later message by the
same person that marks a change ("now", "new", "switched", "теперь", "сменил", "ушёл из") and
names exactly one *other* value of the same kind (a car brand, a language, a city, an
organisation, a person) states the new value. The known fact supplies the attribute and the kind;
the message supplies the change and the value.

Precision first: nothing when the message is a question, a condition, a wish or a plan, is about
someone else, negates the value, or names two candidates.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import takewhile

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import _PAST_ADJ, _VISIT_WORDS, EMPLOY_VERBS
from memlab.knowledge.extract.clauses import SPEAKER, Extracted, Reader, quoted_ranges
from memlab.knowledge.extract.nlp import Sent, Tok, is_city_name, is_place_name, ru_lemmas
from memlab.lang import wordlists as wl

CHANGE_CUES = wl.all_words("change_cues")
# particles a Russian word carries in one token: "Наконец-то своё жильё", "перешла-таки"
_PARTICLES = ("-то", "-таки")
# the tagger misreads some Russian reflexive verbs ("обживаемся" as a noun): such a cue verb also by its stem
_CUE_STEMS = tuple(w[:-4] for w in sorted(CHANGE_CUES) if w.endswith("ться") and len(w) >= 9)
_SINCE_WHEN = wl.words("en", "since_when")
# a time since the change counted up to now also marks it: "first week in Glasgow done", "уже две
# недели как в Wildberries", "в Калининграде уже вторую неделю"
_TIME_NOUNS = frozenset("day week month weekend день неделя месяц".split())
_COUNT_UP = frozenset("first second third первый второй третий уже".split())
_NOT_NOW = wl.all_words("not_now")
_MOVE_VERBS = wl.all_words("updates_move_verbs")
_FROM_WORDS = wl.all_words("from_words")
_NAME_KINDS = {
    "city": ("LOC",),
    "employer": ("ORG",),
    "university": ("ORG", "LOC"),
    "partner": ("PER",),
    "spouse": ("PER",),
    "manager": ("PER",),
    "gym": ("ORG", "LOC", "PER"),
}
# a pet that died or went to live elsewhere: its fact ends (the
# consolidator), and a pet named in the same message may replace it
PET_GONE = re.compile(
    r"\b(passed away|died|put (?:down|to sleep)|we lost|no longer with us|went to live with|rehomed|crossed the rainbow)\b"
    r"|\b(?:RIP|R\.I\.P|rip)(?= [A-Z])|\bpassed(?= (?:on|last|this|yesterday|recently|peacefully|in (?:his|her) sleep)\b|[.,!;]| *$)"
    r"|(?<!\w)(умер|умерла|не стало|больше нет|усыпили|отдали|забрала? (?:мама|папа|бабушка|дедушка))"
    r"|(?<!\w)(улетела?|сбежала?|убежала?|потерял(?:ся|ась)|пропала?)(?!\w)",
    re.IGNORECASE,
)
# ... unless it is back or it happens now and then: "опять сбежал", "пропал, но нашёлся"
PET_BACK = re.compile(r"(?<!\w)(?<!не )(опять|снова|вернул|нашёл|нашел|нашл)", re.IGNORECASE)  # not «так и не вернулась»
_TOOL_KINDS = frozenset(lx.TOOLS)
_NAME_TYPE = {"city": "place", "employer": "organization", "university": "organization", "gym": "organization"}
_NAME_TYPE.update(partner="person", spouse="person", manager="person")


def updates(
    sents: Sequence[Sent], speaker_facts: Mapping[str, Sequence[tuple[str, str]]], text: str
) -> list[Extracted]:
    """The new values ``sents`` (one message) state for facts already known about its speaker
    (``"speaker"``), the speaker's relatives (``"speaker's sister"``) or people it names (``"ruth"``):
    ``speaker_facts`` maps each such subject to its ``(attribute, value)`` pairs."""
    cued = _cued(sents) or _restates_favourite(sents)
    low = text.casefold()
    quoted = quoted_ranges(text)
    readers = [Reader(s, quoted) for s in sents]
    out: list[Extracted] = []
    pet_gone = bool(pet_gone_sentences(text))
    for subject, facts in speaker_facts.items():
        for attribute, old in facts:
            given_up = _gives_up(readers, old) or attribute.startswith("pet_") and pet_gone
            if not given_up and attribute.startswith("pet_"):
                continue  # one pet more is no pet less: «теперь у нас Маркиза гостит»
            if not cued and not given_up and not _acquires(readers, attribute):
                continue  # "снёс убунту, поставил Fedora", "caved and got an iPhone 15" mark the change themselves
            if (_open(attribute) or attribute == "hobby") and not (
                _names_kind(low, attribute) or _names_old(low, old) or given_up
                or attribute == "usual_order" and _names_drink(sents)
            ):
                continue  # an open-class value needs its attribute said or the old value given up: on LoCoMo
                # any noun of a "now" clause became a favourite recipe or a hobby ("... is beds")
            found = {
                (value, vtype, tok.head == tok.i or _changes(r.toks[tok.head]))
                for k, r in enumerate(readers)
                if _plain(r)
                for value, vtype, tok in (
                    _pastime_candidates(r, attribute, old, given_up) if attribute in PASTIME_KINDS
                    else _open_candidates(r, attribute, old) if _open(attribute)
                    else _candidates(r, attribute, old, [t for x in readers[k + 1 :] for t in x.toks], low)
                )
                if _about(subject, readers[:k], r, tok, attribute, old) and not _under_blocked_verb(r, tok)
                and not (attribute == "city" and _a_stay(r, tok))
            }
            said_as = _pet_species(readers, attribute) if attribute.startswith("pet_") else attribute
            if not found and attribute in ("sport", "instrument") and given_up:
                # "climbing's done for me ..., it's all pottery now": a sport given up for a hobby
                found = {
                    (value, vtype, tok.head == tok.i or _changes(r.toks[tok.head]))
                    for k, r in enumerate(readers) if _plain(r)
                    for value, vtype, tok in _pastime_candidates(r, "hobby", old)
                    if _about(subject, readers[:k], r, tok, "hobby", old) and not _under_blocked_verb(r, tok)
                }  # fmt: skip
                said_as = "hobby"
            if len({(v, t) for v, t, _ in found}) > 1:  # "перевёлся в ВШЭ на ФКН": the one the change governs
                found = {x for x in found if x[2]}
            if len({(v, t) for v, t, _ in found}) == 1:
                value, vtype, _ = found.pop()
                out.append(Extracted(subject, said_as, value, vtype, text))
    return out


# one holds one phone and one car: getting a new one replaces the old ("caved and got an iPhone 15")
_ACQUIRE = frozenset("get buy order купить взять приобрести заказать".split())


def _acquires(readers: Sequence[Reader], attribute: str) -> bool:
    """The speaker gets a phone or a car: the thing is the object of a verb of getting or buying
    said by the speaker ("caved and got an iPhone 15", "купил Камри"), in a sentence with nobody
    else in it (not "Сосед тоже Солярис купил", not "bought my dad a Galaxy")."""
    if attribute not in ("phone", "car"):
        return False
    for r in readers:
        for t in r.toks:
            v = r.toks[t.head]
            if v.lemma not in _ACQUIRE or v.pos != "VERB" or t.dep not in ("obj", "dobj", "nsubj"):
                continue
            thing = (r.tool_value(t) or ("", ""))[0] == attribute or attribute == "car" and _ru_model(t) is not None
            subjects = [c for c in r.s.children(v, "nsubj") if c.i != t.i]
            mine = all(c.lower in ("i", "we", "я", "мы") for c in subjects) and (t.dep != "nsubj" or r.s.lang == "ru")
            alone = not any(x.lemma in lx.RELATIONS or x.lower in _THIRD or x.dep in ("iobj", "dative") for x in r.toks)
            if thing and mine and alone:
                return True
    return False


_GIVE_AWAY = frozenset("отдать продать подарить give sell gift".split())
_STAY_WORDS = wl.all_words("stay_words")


def _a_stay(r: Reader, t: Tok) -> bool:
    """The town ``t`` is a stay in its comma-bounded stretch: a visit word, or days or weeks spent
    there ("back from a week in Lisbon, now home again", "неделю грелись в Анапе, а теперь опять
    домой")."""
    lo = max((x.i for x in r.toks[: t.i] if x.text in _CLAUSE_BREAKS), default=-1) + 1
    hi = min((x.i for x in r.toks[t.i :] if x.text in _CLAUSE_BREAKS), default=len(r.toks))
    stretch = r.toks[lo:hi]
    return any(x.lemma in _VISIT_WORDS or _spent(r, x) for x in stretch) or any(
        x.lower == "back" and y.lower == "from" for x, y in zip(stretch, stretch[1:], strict=False)
    )


def _spent(r: Reader, x: Tok) -> bool:
    """``x`` counts days or weeks spent: "a week", "five days", "неделю" (the Russian accusative of
    time), not when the move happened ("last week", "на прошлой неделе")."""
    if x.lemma not in _STAY_WORDS:
        return False
    before = r.toks[x.i - 1] if x.i else None
    if before is not None and before.lower in ("last", "this", "next", "that", "every", "прошлой", "этой", "той", "каждую"):
        return False
    if before is not None and (before.lower in lx.ORDINALS or before.lemma in lx.RU_ORDINALS) or any(
        t.lower in ("уже", "already") for t in r.toks[max(0, x.i - 3) : x.i]
    ):
        return False  # "в Калининграде уже вторую неделю, обживаюсь": counted since the move
    if r.s.lang == "ru":
        return x.feats.get("Case") == "Acc" or before is not None and before.pos == "NUM"
    return before is not None and (before.pos == "NUM" or before.lower in ("a", "an", "couple", "few"))


def _cued(sents: Sequence[Sent]) -> bool:
    """The message marks a change: a cue word, a Russian verb of switching over ("переключилась",
    "пересел": the prefix пере- on a verb with a place to go), or a time counted since the change."""
    for s in sents:
        for t in s.toks:
            if t.lower in CHANGE_CUES or t.lemma in CHANGE_CUES or _switch_over(s, t):
                return True
            if s.lang == "ru" and t.lower.endswith(_PARTICLES) and t.lower.rsplit("-", 1)[0] in CHANGE_CUES:
                return True
            if s.lang == "ru" and t.pos != "VERB" and len(t.lower) >= 7 and t.lower.startswith(_CUE_STEMS):
                return True
            if t.lower == "since" and any(x.lower in _SINCE_WHEN for x in s.toks[t.i + 1 : t.i + 3]):
                return True
            if t.lower == "days" and t.i and s.toks[t.i - 1].lower == "these":
                return True
            if t.lemma == "время" and t.i and s.toks[t.i - 1].lemma == "последний":  # "последнее время"
                return True
            if t.lemma in _TIME_NOUNS and any(x.lower in _COUNT_UP or x.lemma in _COUNT_UP for x in s.toks[max(t.i - 3, 0) : t.i]):
                return True
            if s.lang == "ru" and t.lemma in _TIME_NOUNS and t.i + 1 < len(s.toks) and s.toks[t.i + 1].lower == "как":
                return True  # «Месяц как в «DNS»», «неделю как в Казани»: time counted since the change
            if s.lang == "en" and _en_cue(s, t):
                return True
    return False


# English changes said without a cue word of CHANGE_CUES: "back to vegetarian", "eating fish again",
# "I've taken up rowing", "we ended up with a parrot", "fully vegan since the 1st"
_EN_PARTICLE_CUES = {"take": "up", "end": "up", "switch": "over", "move": "on", "win": "over"}  # "Helix has won me over"


def _en_cue(s: Sent, t: Tok) -> bool:
    nxt = s.toks[t.i + 1] if t.i + 1 < len(s.toks) else None
    if t.lower == "again" or t.lower == "back" and nxt is not None and nxt.lower in ("to", "on", "into"):
        return True
    if t.lower == "since" and nxt is not None and nxt.lower == "the" and t.i + 2 < len(s.toks):
        return s.toks[t.i + 2].lower in lx.ORDINALS or s.toks[t.i + 2].lower.rstrip("stndrh").isdigit()
    particle = _EN_PARTICLE_CUES.get(t.lemma)
    return t.pos == "VERB" and particle is not None and any(c.lower == particle for c in s.children(t, "prt", "compound:prt"))


_PAST_ENDINGS = ("л", "ла", "ли", "ло", "лся", "лась", "лись")


def _switch_over(s: Sent, t: Tok) -> bool:
    """"перебралась на Kotlin", "пересел в VS Code": пере- + a verb whose object is where one went."""
    if s.lang != "ru" or t.pos != "VERB" or not t.lemma.startswith("пере") or t.feats.get("Tense") != "Past":
        return False
    if not t.lower.endswith(_PAST_ENDINGS):  # the tagger calls "переезжай" a past participle
        return False
    return any(c.lemma in ("в", "на") for o in s.children(t) for c in s.children(o, "case"))


def _plain(r: Reader) -> bool:
    """A sentence that may state a current fact: no question, wish, plan or condition in it."""
    words = {t.lower for t in r.toks} | {t.lemma for t in r.toks}
    return not words & _NOT_NOW and not r.s.text.rstrip().endswith("?") and not _ahead(r)


def _ahead(r: Reader) -> bool:
    """A time still to come: "первый рабочий день через месяц", "start next week", "in two weeks"."""
    for t in r.toks:
        after = r.toks[t.i + 1 : t.i + 3]
        if t.lower in ("через", "next", "in") and any(x.lemma in _TIME_NOUNS for x in after):
            if t.lower == "через" and after[0].lower == "день":
                continue  # "хожу через день": every other day, a habit
            if t.lower != "in" or any(x.pos == "NUM" or x.lower in ("a", "two", "few") for x in after):
                return True
    return False


def _under_blocked_verb(r: Reader, t: Tok) -> bool:
    """The value hangs under a verb of telling, wishing or planning ("people keep telling me to
    switch to VS Code but nah"); not merely beside a negated clause ("переехал в Казань, коробки
    не разобраны")."""
    code = r.tool(t) is not None  # "writing Scala" is code, not a message one writes
    above = r.s.ancestors(t)[:3]
    if r.s.lang == "en":  # "Swapped to the cornet, the brass section needed me": a clause of its own, said as done
        cut = next((k for k, x in enumerate(above) if x.dep == "advcl" and x.tag in ("VBD", "VBN")), None)
        above = above[: cut + 1] if cut is not None else above
    if r.s.lang == "en":  # "doctor said to cut back so it's decaf americano": a result clause is said by the speaker
        cut = next((k for k, x in enumerate([t, *above]) if any(c.lower == "so" for c in r.s.children(x, "mark", "cc"))), None)
        above = above[:cut] if cut is not None else above
    return any(
        x.pos in ("VERB", "AUX") and x.lemma in lx.NONFACT_HEADS and not (code and x.lemma in _CODE_VERBS)
        for x in above
    )


_CODE_VERBS = frozenset("write писать написать".split())


def _changes(t: Tok) -> bool:
    return t.lemma in CHANGE_CUES or t.lower in CHANGE_CUES or t.lemma in _MOVE_VERBS


def _about(
    subject: str, before: Sequence[Reader], r: Reader, value: Tok, attribute: str = "", old: str = ""
) -> bool:
    """Up to the value, the message speaks of ``subject`` and of nobody else as a subject: the
    speaker of themself ("Chloe and I split up ... seeing someone new, Grace"), a relative or a
    named person by name or relation word ("Ruth ... she relocated to Boise"). The old value is
    no one else ("Артём в прошлом, теперь у меня Миша"), nor is the attribute's own relation word
    ("новый начальник — Марина")."""
    toks = [(x, t) for x in before for t in x.toks] + [(r, t) for t in r.toks[: value.i]]
    others = [
        t for x, t in toks
        if _other_subject(x, t) and not (old and _is_old(t, old)) and lx.RELATIONS.get(t.lemma, "-") != attribute
    ]  # fmt: skip
    if subject == SPEAKER:
        return not others
    if subject.startswith(f"{SPEAKER}'s "):
        rel = subject.split("'s ", 1)[1]
        said = {lx.RELATIONS[t.lemma] for _, t in toks if t.lemma in lx.RELATIONS}
        kin_others = [t for x, t in toks if t.pos == "PROPN" and t in others and not _kin_name(x, t, rel)]
        return rel in said and said <= {rel, "manager"} and not kin_others
    name = subject.casefold()
    named = any(_is_name(t, name) for _, t in toks)
    return named and all(_is_name(t, name) or t.lower in _THIRD for t in others)


_THIRD = frozenset("he she they он она они".split())


def _kin_name(r: Reader, t: Tok, relation: str) -> bool:
    """``t`` is the name of the relative in apposition: "Серёжа (муж) сменил логан на Камри"."""
    from memlab.knowledge.extract.kin import named_relatives

    return r.s.lang == "ru" and any(
        rel == relation and _is_name(t, name.casefold()) for name, rel in named_relatives([r.s])
    )



def _other_subject(r: Reader, t: Tok) -> bool:
    """``t`` is the subject of a clause and is not the speaker (nor a thing such as "Pixel 8")."""
    if t.lemma in lx.RELATIONS and t.dep in ("obj", "dobj", "iobj"):
        return True  # whom the change befell: "коллегу повысили до тимлида", "they promoted a coworker"
    if r.s.lang == "ru" and t.lemma in lx.RELATIONS and t.pos == "NOUN" and t.dep == "amod" and t.feats.get("Case") == "Nom":
        return True  # natasha hangs a subject on the noun after it: "Сосед тоже Камри купил"
    if not t.dep.startswith("nsubj") or r.tool(t) is not None or t.lower in lx.CAR_BRANDS:
        return False
    if r.s.lang == "ru" and _ru_model(t) is not None:  # natasha's subject "Октавию продал" is the car
        return False
    if t.lower in _THIRD or t.lemma in lx.RELATIONS:
        return True
    if t.pos != "PROPN" or not t.text[:1].isupper():  # the small model tags "reorg" PROPN
        return False
    return not any(x.lower in lx.FIRST_PERSON for x in r.toks if x.head == t.i and x.dep == "conj")  # "Chloe and I"


def _is_name(t: Tok, name: str) -> bool:
    low = t.lower
    return low == name or t.lemma == name or (len(name) >= 4 and low.startswith(name[:-1]) and len(low) <= len(name) + 2)


def _value_like(t: Tok) -> bool:
    return t.pos == "PROPN" and t.lower in lx.CAR_BRANDS


def _is_old(t: Tok, old: str, r: Reader | None = None) -> bool:
    """``t`` names the old value: a word of it, a case form, or the tool it spells ("убунту")."""
    if r is not None and (tool := r.tool_value(t)) is not None and _same(tool[1], old):
        return True
    if len(t.text) < 3 and t.text.casefold() not in old.casefold().split():
        return False  # "an offer from a firm in London": the article "a" is no part of "Aberdeen"
    return any(_same(t.text, w) or _is_name(t, w.casefold()) for w in old.split() if len(w) >= 3)


def _gives_up(readers: Sequence[Reader], old: str) -> bool:
    """The message gives the old value up: a verb of dropping takes it ("gave up on my emacs
    config", "продал Солярис"), or it is what one went from ("ушла из МТС")."""
    return any(_is_old(t, old, r) and _set_aside(r, t) and not r.denied(t) for r in readers for t in r.toks)


def _same(a: str, b: str) -> bool:
    """One value in two forms: contained ("Postgres", "PostgreSQL"), or a Russian case form
    ("Москвой", "Москва"); "viola" is no form of "violin"."""
    x, y = a.casefold(), b.casefold()
    return x in y or y in x or x[:4] == y[:4] and min(len(x), len(y)) >= 5 and not (x + y).isascii()


def _candidates(
    r: Reader, attribute: str, old: str, later: Sequence[Tok] = (), message: str = ""
) -> Iterator[tuple[str, str, Tok]]:
    for value, vtype, tok in _typed(r, attribute, later, message):
        qualifies = attribute in _TOOL_KINDS or attribute in ("car", "diet")  # "a paleo cafe" is no diet
        predicative = r.s.lang == "en" and tok.pos == "ADJ" and r.toks[tok.head].pos in ("VERB", "AUX")  # "so pescatarian I guess"
        if _same(value, old) or _set_aside(r, tok, later) or qualifies and r.modifier(tok) and not predicative:
            continue
        yield value, vtype, tok


def _set_aside(r: Reader, t: Tok, later: Sequence[Tok] = ()) -> bool:
    """The value is the one given up or denied: "sold the Civic", "ушёл из МТС", "not Emacs"."""
    prev = r.toks[t.i - 1] if t.i else None
    offered = _offered(r, t, later)
    if prev is not None and (prev.lower in _FROM_WORDS and not offered or prev.lower in lx.DROP_VERBS):
        return True
    head = r.toks[t.head]
    # a misread object: an accusative, or a thing (a tool, a phone, a car) as the "subject" of a verb of
    # giving away ("старый Honor отдала свекрови")
    thing = t.dep.startswith("nsubj") and head.lemma in _GIVE_AWAY and (r.tool_value(t) is not None or t.lemma in lx.INSTRUMENTS)
    taken = t.dep in ("obj", "dobj") or t.feats.get("Case") == "Acc" and t.dep.startswith("nsubj") or thing
    if taken and (head.lemma in lx.DROP_VERBS or head.lower in lx.DROP_VERBS):
        return True
    if any(c.lemma in _PAST_ADJ for c in r.s.children(t, "amod")):
        return True  # "старый Honor", "my old Pixel": the one replaced
    if any(c.lower in _FROM_WORDS for c in r.s.children(t, "case")) and not offered or t.i in r.quoted:
        return True
    if r.s.lang == "en" and _en_over(r, t):
        return True
    if r.s.lang == "ru" and prev is not None and prev.lower == "с" and _ru_done_with(r, t):
        return True
    if _own_now(r, t):
        return False  # "Rust all the way now 🦀 haven't touched a .ts file": the value's own "now"
    return r.denied(t)


_OVER_WORDS = wl.words("en", "over_words")


def _en_over(r: Reader, t: Tok) -> bool:
    """``t`` is said to be over: the subject of a word of ending, or the one mourned ("RIP Bubbles")."""
    if t.i and r.toks[t.i - 1].lower == "rip":
        return True
    if not t.dep.startswith("nsubj"):
        return False
    head = r.toks[t.head]
    if head.lemma in _OVER_WORDS or head.lower in _OVER_WORDS:
        return True
    return head.lemma == "be" and any(
        c.lower in _OVER_WORDS and c.i > t.i for c in r.s.children(head, "acomp", "advmod", "prep", "attr", "prt")
    )


# "с волейболом завязала", "с Москвой покончено", "С Москвой всё": done with something
_DONE_WITH = frozenset("завязать покончить покончено распрощаться попрощаться".split())


def _ru_done_with(r: Reader, t: Tok) -> bool:
    """``t`` (after "с") is what one is done with: a verb of quitting governs it, or "всё" follows."""
    nxt = r.toks[t.i + 1] if t.i + 1 < len(r.toks) else None
    return r.toks[t.head].lemma in _DONE_WITH or nxt is not None and nxt.lower in ("всё", "все") and (
        t.i + 2 >= len(r.toks) or r.toks[t.i + 2].text in ("—", "-", ",", ".", "!", ":")
    )


def _own_now(r: Reader, t: Tok) -> bool:
    """A "now" of the value's own verbless phrase: "Rust all the way now", "Kotlin every day now, ..."."""
    if any(c.lower in CHANGE_CUES for c in r.s.children(t, "advmod")):
        return True
    for x in r.toks[t.i + 1 : t.i + 6]:
        if x.pos in ("VERB", "AUX") or x.text in (",", ";", "."):
            return False
        if x.lower in ("now", "nowadays", "теперь", "сейчас"):
            return True
    return False


_OFFER = frozenset("offer оффер предложение".split())
_STARTED = frozenset("start started begin began начать выйти работать".split())


def _offered(r: Reader, t: Tok, later: Sequence[Tok] = ()) -> bool:
    """"got the offer from Atlassian and I started", "оффер от Т-Банка ... уже неделю там работаю":
    an offer taken up, not a place left."""
    before = r.toks[max(t.i - 3, 0) : t.i]
    if not any(x.lemma in _OFFER or x.lower in _OFFER for x in before):
        return False
    after = [*r.toks[t.i + 1 :], *later]
    return any((x.lemma in _STARTED or x.lower in _STARTED) and x.feats.get("Tense") != "Fut" for x in after)


def _span(r: Reader, t: Tok) -> list[int]:
    """Indices of ``t`` and its compound/amod modifiers to the left ("Test Automation")."""
    out = [t.i]
    for c in r.s.children(t, "amod", "compound"):
        if c.i < t.i:
            out.extend(_span(r, c))
    return out


def _job_head(t: Tok) -> str | None:
    """The job noun ``t`` names, in its dictionary form ("тимлида" -> "тимлид")."""
    nominal = t.pos == "ADJ" and t.dep in ("obl", "obj", "nmod") and not t.text.isascii()  # natasha: "в сеньоры" ADJ
    if t.pos not in ("NOUN", "PROPN") and not nominal:
        return None
    if t.lemma in lx.JOB_HEADS:
        return t.lemma
    low = t.lower
    found = next((h for h in lx.JOB_HEADS if low.startswith(h) and len(low) - len(h) <= 2 and len(h) >= 5), None)
    if found is None and not t.text.isascii():  # "в мидлы": natasha's lemma is "мидла"
        found = next((w for w in ru_lemmas(t.text) if w in lx.JOB_HEADS), None)
        if found is None and low.endswith(("ы", "и")) and low[:-1] in lx.JOB_HEADS:
            found = low[:-1]  # a plural "в мидлы", "в сеньоры" of a word the dictionary lacks
    return found


# English NER labels are unreliable for unknown names (spaCy sm calls Glasgow a person and Grace
# an organisation), so there a name's kind comes from the word before it
_EN_CUE = {
    "city": ("in", "to", "into"),
    "employer": ("at", "for", "joined", "join", "called"),
    "university": ("at", "to"),
    "partner": ("seeing", "dating", "with", "named", "called", ",", "to"),
    "spouse": ("married", "to", "with", "named", "called"),
    "manager": ("is", "boss", "manager", "named", "called"),
    "gym": ("to", "joined", "join", "at"),
}


def _pet_species(readers: Sequence[Reader], attribute: str) -> str:
    """A new pet's attribute: the one species the message names, if it names one ("meet Ziggy! a
    scruffy little terrier", after a cat), else the old pet's."""
    kinds = {lx.PETS.get(t.lemma) or lx.PETS[t.lower] for r in readers for t in r.toks if t.lemma in lx.PETS or t.lower in lx.PETS}
    return f"pet_{kinds.pop()}" if len(kinds) == 1 else attribute


def pet_gone_sentences(text: str) -> list[str]:
    """The sentences of a message that say a pet died or went elsewhere, and not that it came back."""
    if not PET_GONE.search(text):
        return []
    return [p for p in re.split(r"(?<=[.!?])\s+", text) if PET_GONE.search(p) and not PET_BACK.search(p)]


_HOME_FILLERS = wl.all_words("home_fillers")
_EN_PET_INTROS = frozenset("meet welcome".split())


def _pet_name_slot(r: Reader, t: Tok) -> str | None:
    """The name ``t`` gives a pet with no species said: after «у нас / у меня» (and «теперь»,
    «живёт»; the name as written, whatever case natasha reads), after «назвали» (its dictionary
    form: «назвали Ириской»), or after "meet" / "welcome"; no town, no relative, no known tool."""
    if t.pos not in ("PROPN", "NOUN", "ADJ", "X") or not t.text[:1].isupper() or t.i in r.quoted or t.lemma in lx.RELATIONS:
        return None  # spaCy-sm calls "Meet Bramble!" an adjective
    if r.tool(t) is not None or (is_place_name(t.text) if r.s.lang == "ru" else is_city_name(t.text)):
        return None
    k = t.i - 1
    while k >= 0 and r.toks[k].lower in _HOME_FILLERS:
        k -= 1
    before = r.toks[k] if k >= 0 else None
    if before is None:
        return None
    if r.s.lang == "ru" and before.lower in ("нас", "меня") and k and r.toks[k - 1].lower == "у":
        return t.text
    if r.s.lang == "ru" and before.lemma == "назвать" or r.s.lang == "en" and before.lower in _EN_PET_INTROS:
        return r.value_text(t)
    return None


def _kind_fits(r: Reader, attribute: str, label: str, first: int, later: Sequence[Tok] = ()) -> bool:
    if label not in ("PER", "LOC", "ORG", "MISC", "NORP"):  # spaCy sm calls Atlassian a nationality
        return False
    if r.s.lang == "ru":
        return label in _NAME_KINDS[attribute] or attribute == "employer" and label == "LOC" and _org_not_town(r, first)
    prev = r.toks[first - 1].lower if first else ""
    if prev in ("'s", "is") and first >= 2 and r.toks[first - 2].lower == "name" and attribute in _NAMED:
        return True  # "her name's Maya"
    if prev == "from" and attribute == "employer" and _offered(r, r.toks[first], later):
        return True
    if prev == "to" and attribute in ("employer", "university") and _moved_to_firm(r, first):
        return True  # "Ethan's moved over to Travis Perkins", "has transferred to Sheffield Hallam"
    return prev in _EN_CUE[attribute]


_MOVE_OVER = frozenset("move transfer switch jump defect".split())


def _moved_to_firm(r: Reader, first: int) -> bool:
    """The name after "to" is where a verb of moving over took the subject, and it is no town."""
    t = r.toks[first]
    if not any(x.lemma in _MOVE_OVER for x in r.s.ancestors(t)[:3]):
        return False
    name = " ".join(x.text for x in takewhile(lambda x: x.pos == "PROPN" and x.text[:1].isupper(), r.toks[first:]))
    return bool(name) and is_city_name(name) is not True


_NAMED = frozenset("partner spouse manager".split())


def _org_not_town(r: Reader, first: int) -> bool:
    """natasha calls an organisation LOC ("устроился в Сбер"): a quoted name, or one the dictionary
    does not know as a town that a verb of joining takes."""
    t = r.toks[first]
    if t.text[:1] == "«":
        return True
    head = r.toks[t.head]
    return is_place_name(t.text) is not True and (head.lemma in EMPLOY_VERBS or _changes(head))


def _typed(r: Reader, attribute: str, later: Sequence[Tok] = (), message: str = "") -> Iterable[tuple[str, str, Tok]]:
    """Values of ``attribute``'s kind in the sentence, with the token that carries each."""
    if attribute in _TOOL_KINDS:
        for t in r.toks:
            found = r.tool_value(t)
            if found is not None and found[0] == attribute and not (t.i and r.tool(r.toks[t.i - 1]) == r.tool(t)):
                yield found[1], "tool", t
    elif attribute == "car":
        for t in r.toks:
            head = r.toks[t.head]
            driven = head.lemma in ("drive", "ездить", "водить", "гонять") and t.pos == "PROPN" and r.tool(t) is None
            if driven and t.lower not in lx.CAR_BRANDS:  # "теперь езжу на Octavia", "driving a Maverick now"
                yield r.value_text(t), "tool", t
            model = _ru_model(t) if r.s.lang == "ru" else None
            if model is not None:  # "сменил логан на Камри": a model by its Russian name
                yield model, "tool", t
                continue
            if t.lower in lx.CAR_BRANDS:
                tail = [x.text for x in r.toks[t.i + 1 : t.i + 4] if x.pos == "NUM" or x.text[:1].isupper()]
                brand = r.value_text(t) if r.s.lang == "ru" and not tail else t.text
                yield " ".join([brand[:1].upper() + brand[1:], *tail]), "tool", t
    elif attribute == "diet":
        for t in r.toks:
            canon = lx.DIET_OF.get(t.lower) or lx.DIET_OF.get(t.lemma)
            if canon:
                yield canon, "concept", t
    elif attribute.startswith("pet_"):
        for t in r.toks:
            name = _pet_name_slot(r, t)  # "Сейчас у нас Плюшка, из приюта", "meet Ziggy!"
            if name is not None:
                yield name, "concept", t
    elif attribute == "learning_language":
        for t in r.toks:
            if t.lemma in lx.LANGUAGES or t.lower in lx.LANGUAGES:  # "doing Portuguese now", "на турецкий переключилась"
                yield (t.text[:1].upper() + t.text[1:].lower() if r.s.lang == "en" else t.lemma), "concept", t
    elif attribute == "job_title":
        for t in r.toks:
            job = _job_head(t)
            if job is not None:  # "главный бухгалтер", "Test Automation Lead"
                mods = [c for c in r.s.children(t, "amod", "compound") if c.i < t.i and not _changes(c)]  # not "заделался"
                words = [w for c in mods for w in r.toks[min(_span(r, c)) : c.i + 1]]
                adjectives = [(c.lemma if r.s.lang == "ru" else c.text) for c in words]
                yield " ".join([*adjectives, job if r.s.lang == "ru" else t.text]), "concept", t
    elif attribute == "team":
        for t in r.toks:
            if t.lemma in lx.TEAM_NOUNS:
                mods = [
                    c for c in r.s.children(t)
                    if c.pos in ("NOUN", "PROPN", "ADJ") and c.dep != "nsubj" and c.lower not in CHANGE_CUES and c.lemma not in CHANGE_CUES
                ]
                if len(mods) == 1 and (r.s.lang != "en" or _en_own_team(r, t)):
                    yield r.value_text(mods[0]), "concept", mods[0]
            elif _team_moved_to(r, t) or _en_on_now(r, t, message):  # "перевелась в антифрод", "I'm on search now"
                yield t.lemma, "concept", t
    if attribute == "employer" and r.s.lang == "ru":  # a large employer NER missed: "оффер от Т-Банка"
        for t in r.toks:
            if lx.known_employer(t.lemma, t.lower) and t.text[:1].isupper() and r.s.span_of(t) is None:
                yield r.value_text(t), "organization", t
    if attribute in _NAME_KINDS:  # a gym the dictionary lacks goes by its name too ("switched to Gymbox")
        for first, last, label, normal in r.s.spans:
            if not _kind_fits(r, attribute, label, first, later):
                continue
            span = r.toks[first:last]
            if span[0].lower in lx.FIRST_PERSON or not span[0].text[:1].isupper():
                continue
            if any(r.tool(w) is not None for w in span):  # "moved my whole setup to Zed" is no move
                continue
            value = normal if r.s.lang == "ru" else " ".join(w.text for w in span)
            if attribute == "city":
                value = lx.CITY_ALIASES.get(value.casefold(), value)
            yield re.sub(r"\s+'s$", "", value), _NAME_TYPE[attribute], span[0]


# verbs of moving within a company: the lower-case noun after "в" is the team moved to
_TEAM_MOVES = frozenset("перевестись перевести перейти перекинуть перебросить уйти переводить".split())


_TEAM_PREPS = frozenset("on in to onto into within".split())
_TEAM_VERBS = frozenset("join lead run manage head rejoin".split())


def _en_own_team(r: Reader, t: Tok) -> bool:
    """The team noun ``t`` is one the clause's subject is in: the object of "on / in / to / into"
    ("on the data team now"), joined or led ("joined the platform team"), or "my / our" team.
    An opponent played or a team in a photo is not ("we played a top team", "a photo of a soccer
    team")."""
    if any(c.lower in ("my", "our") for c in r.s.children(t, "nmod:poss")):
        return True
    case = r.s.children(t, "case")
    if case:
        return case[0].lower in _TEAM_PREPS
    return t.dep == "obj" and r.toks[t.head].lemma in _TEAM_VERBS


def _en_on_now(r: Reader, t: Tok, message: str) -> bool:
    """ "I'm on search now", "we're on payments now": a bare lower-case noun after "on", said of the
    speaker with "now" on the same "be" (the team is what memory knows the speaker was on)."""
    if r.s.lang != "en" or t.pos != "NOUN" or t.text[:1].isupper() or r.s.children(t, "det", "nmod:poss", "amod"):
        return False
    be = r.toks[t.head]
    return (
        [c.lower for c in r.s.children(t, "case")] == ["on"] and be.lemma == "be"
        and any(c.lower in ("i", "we") for c in r.s.children(be, "nsubj"))
        and any(c.lower in ("now", "nowadays") for c in r.s.children(be, "advmod"))
        and t.lemma not in _FRAME_NOUNS and t.lemma not in lx.ATTRIBUTE_NOUNS and t.lemma not in _NOT_ON_A_TEAM
        and bool(_TEAM_TALK & set(re.findall(r"[a-z]+", message)))
    )


_NOT_ON_A_TEAM = wl.words("en", "not_on_a_team")
_TEAM_TALK = wl.words("en", "team_talk")


def _team_moved_to(r: Reader, t: Tok) -> bool:
    """ "перевелась в антифрод": a common noun (no job, no organisation, no attribute word) after
    "в" that a verb of moving within the company governs."""
    if r.s.lang != "ru" or t.pos != "NOUN" or t.text[:1].isupper() or t.i in r.quoted:
        return False
    if not any(c.lemma in ("в", "во") for c in r.s.children(t, "case")) or r.toks[t.head].lemma not in _TEAM_MOVES:
        return False
    return (
        _job_head(t) is None
        and t.lemma not in lx.ATTRIBUTE_NOUNS
        and t.lemma not in _FRAME_NOUNS
        and t.lemma not in _NOT_TEAMS
        and t.lemma not in lx.RELATIONS
    )


_NOT_TEAMS = wl.words("ru", "not_teams")


def _ru_model(t: Tok) -> str | None:
    if t.pos not in ("NOUN", "PROPN"):
        return None
    found = lx.CAR_MODELS_RU.get(t.lemma) or lx.CAR_MODELS_RU.get(t.lower)
    return found or next((lx.CAR_MODELS_RU[w] for w in ru_lemmas(t.text) if w in lx.CAR_MODELS_RU), None)


# -- open-class values: a usual order, a favourite (any noun phrase may be one) ---------------------
# a clause ends at these; a value is looked for in the clause that marks the change
_CLAUSE_BREAKS = frozenset(", ; ( ) ! ? .".split())  # "моя любовь — том ям" is one clause
_NOW_WORDS = wl.all_words("updates_now_words")
# "my number one", "моя любовь": a favourite named without the word
_FAVOURITE_LIKE = frozenset([*lx.FAVOURITE, "number", "любовь", "all-time"])
_FRAME_NOUNS = wl.all_words("frame_nouns")
_DETERMINERS = wl.all_words("determiners")
_PRONOUNS = wl.all_words("pronouns")


# the words that name an open-class attribute in a message ("my go-to order", "любимая группа", "хобби")
_KIND_WORDS = {
    "usual_order": ("order", "go-to", "usual", "most days", "every morning", "заказ", "беру", "обычно", "каждое утро"),
    "hobby": ("hobby", "hobbies", "хобби", "увлечение", "увлекаюсь"),
}
_FAVOURITE_WORDS = ("favorite", "favourite", "fave", "number one", "любим", "фаворит")


def _names_kind(low: str, attribute: str) -> bool:
    """The message (``low``: casefolded) names the open-class ``attribute``."""
    if attribute.startswith("favorite_"):
        # "my favorite memories", "one of my favorite necklaces": a favourite of another kind
        kind = attribute.removeprefix("favorite_")
        other = [m.group(1) for m in re.finditer(r"\bfavou?rites?\s+([a-z]+)", low)]
        if other and all(not w.startswith(kind[:4]) and w not in ("now", "one", "by", "of", "too", "again") for w in other):
            return False
        return any(w in low for w in _FAVOURITE_WORDS)
    return any(w in low for w in _KIND_WORDS.get(attribute, ()))


def _names_drink(sents: Sequence[Sent]) -> bool:
    """The message names a drink one orders ("so it's an oat cortado these days", "matcha lattes"):
    a usual order's own kind of value."""
    return any(_drink_word(t.lower) is not None for s in sents for t in s.toks)


def _drink_word(word: str) -> str | None:
    """``word`` as the drink it names, a plural in the singular ("lattes" -> "latte")."""
    if word in lx.DRINKS and word not in lx.DRINK_SECOND_WORDS:
        return word
    if word.endswith("s") and word[:-1] in lx.DRINKS and word[:-1] not in lx.DRINK_SECOND_WORDS:
        return word[:-1]
    return None


def _names_old(low: str, old: str) -> bool:
    """The message (``low``: casefolded) names the known value: in Russian a word of it at a
    word's start, any ending ("вышивание" / "вышиванием"); in English the whole value or its last
    word, the head ("pot pies" names "chicken pot pie"; "extra comfort" does not name "comfort meal")."""
    words = [w for w in old.casefold().split() if len(w) >= 4]
    if re.search("[а-яё]", old.casefold()):
        return any(re.search(rf"(?<!\w){re.escape(w[: max(4, len(w) - 2)])}", low) for w in words)
    if re.search(rf"(?<!\w){re.escape(old.casefold())}", low):
        return True
    head = old.casefold().split()[-1] if old.split() else ""
    return len(head) >= 4 and re.search(rf"(?<!\w){re.escape(head)}(?:e?s)?(?!\w)", low) is not None


def _open(attribute: str) -> bool:
    return attribute == "usual_order" or attribute.startswith("favorite_")


def _restates_favourite(sents: Sequence[Sent]) -> bool:
    """"tacos have overtaken ramen as my number one": naming a favourite again marks its change."""
    for s in sents:
        for t in s.toks:
            if t.lower in lx.FAVOURITE or t.lemma in lx.FAVOURITE or t.lemma == "любовь":
                return True
            if t.lower == "number" and t.i + 1 < len(s.toks) and s.toks[t.i + 1].lower == "one":
                return True
    return False


def _clauses(r: Reader) -> list[list[Tok]]:
    out: list[list[Tok]] = [[]]
    for t in r.toks:
        if t.text in _CLAUSE_BREAKS:
            out.append([])
        else:
            out[-1].append(t)
    return [c for c in out if c]


def _marks_now(clause: Sequence[Tok], attribute: str, s: Sent | None = None) -> bool:
    """The clause says what holds now: "now", "these days", "теперь", a change word (in English
    also "taken up", "back to": ``s`` is the clause's sentence), or (for a favourite) the favourite
    itself ("it's my new all-time favourite")."""
    for t in clause:
        if t.lower in _NOW_WORDS or t.lemma in _NOW_WORDS or t.lower in CHANGE_CUES or t.lemma in CHANGE_CUES:
            return True
        if s is not None and s.lang == "en" and _en_cue(s, t):
            return True
        if attribute.startswith("favorite_") and (t.lower in _FAVOURITE_LIKE or t.lemma in _FAVOURITE_LIKE):
            return True
    return False


def _phrase(r: Reader, t: Tok) -> list[Tok]:
    """``t`` and the words of its name to the left ("decaf americano", "Fontaines D.C.", "том ям")."""
    out = [t]
    i = t.i - 1
    while i >= 0:
        x = r.toks[i]
        if x.text in _CLAUSE_BREAKS or x.lower in _DETERMINERS or x.lower in lx.FIRST_PERSON or x.lower in _NOW_WORDS:
            break
        if lx.DRINK_SECOND_WORDS.get(x.lower) == out[0].lower:  # "флэт уайт", whatever the tagger calls "флэт"
            out.insert(0, x)
            i -= 1
            continue
        if x.pos not in ("ADJ", "NOUN", "PROPN", "X", "DET") or x.lower in _FRAME_NOUNS:
            break
        out.insert(0, x)
        i -= 1
    return out


def _nominal(r: Reader, t: Tok) -> bool:
    """``t`` may end a value's name: a noun or a name that is not the frame, a time or a pronoun,
    nor the object of a preposition that no verb governs ("в наушниках", "for me")."""
    if t.pos not in ("NOUN", "PROPN", "X") or t.lower in _FRAME_NOUNS or t.lemma in _FRAME_NOUNS:
        return False
    if t.lemma in _TIME_NOUNS or t.lower in lx.FIRST_PERSON or t.lemma in lx.RELATIONS:
        return False
    if t.dep.startswith("nsubj") and r.toks[t.head].lemma in lx.NONFACT_HEADS:
        return False  # the one who said it: "doctor said to cut back so it's decaf americano for me now"
    nxt = r.toks[t.i + 1] if t.i + 1 < len(r.toks) else None
    if nxt is not None and nxt.pos in ("NOUN", "PROPN", "X") and nxt.text not in _CLAUSE_BREAKS and nxt.lower not in _FRAME_NOUNS:
        return False  # not the last word of the name: "oat" of "oat latte"
    first = _phrase(r, t)[0]
    prev = r.toks[first.i - 1] if first.i else None
    if prev is not None and prev.pos == "ADP":
        before = r.toks[prev.i - 1] if prev.i else None
        return before is not None and before.pos in ("VERB", "ADJ", "AUX")  # "obsessed with ramen", "switched to"
    return True


def _kind_named(r: Reader, t: Tok) -> bool:
    """``t`` heads the favourite's kind, not its value: "it's my favorite comfort meal" says what
    kind of favourite "it" is."""
    return any(w.lower in lx.FAVOURITE or w.lemma in lx.FAVOURITE for w in _phrase(r, t)[:-1])


def _open_candidates(r: Reader, attribute: str, old: str) -> Iterator[tuple[str, str, Tok]]:
    """The noun phrase a clause that marks the change gives as the value; a pronoun subject
    ("they're my favourite band now") stands for the name before it."""
    seen: list[Tok] = []
    for clause in _clauses(r):
        if not _marks_now(clause, attribute):
            seen.extend(clause)
            continue
        names = [
            t for t in clause
            if _nominal(r, t) and not _set_aside(r, t) and not _is_old(t, old, r) and not _kind_named(r, t)
        ]
        if not names and any(t.lower in _PRONOUNS and t.dep.startswith("nsubj") for t in clause):
            before = [t for t in seen if t.pos == "PROPN" and _nominal(r, t) and not _is_old(t, old, r)]
            names = before[-1:]
        for t in names:
            words = _phrase(r, t)
            if t.pos == "PROPN" and not (r.s.lang == "en" and _drink_word(t.lower)):  # a name is its capitalised words: "Fontaines D.C.", not "massive Fontaines D.C."
                while len(words) > 1 and not words[0].text[:1].isupper():
                    words = words[1:]
            value = " ".join(w.text for w in words)
            if attribute == "usual_order" and r.s.lang == "en" and (one := _drink_word(t.lower)) and one != t.lower:
                value = value[: -len(t.text)] + t.text[: len(one)]  # "matcha lattes" -> "matcha latte": one drink
            if not _same(value, old):
                yield value, "concept", t
        seen.extend(clause)


# -- pastimes: a new sport, hobby or instrument given for a known one ----------------------------
PASTIME_KINDS = {"sport": lx.SPORTS, "instrument": lx.INSTRUMENTS, "hobby": frozenset()}


def with_pastimes(speaker_facts: Mapping[str, Sequence[tuple[str, str]]], keys: Sequence[str]) -> dict[str, list[tuple[str, str]]]:
    """``speaker_facts`` with the speaker's current pastimes (keys ``user|sport:tennis``) as
    ``(sport, tennis)``: a message may replace one ("swapped tennis for climbing")."""
    out = {k: list(v) for k, v in speaker_facts.items()}
    for key in keys:
        attribute, _, value = key.split("|", 1)[1].partition(":")
        if attribute in PASTIME_KINDS and value:
            out.setdefault(SPEAKER, []).append((attribute, value))
    return out


# a sport said by where it is done, once memory knows the speaker does a sport: «Теперь скалодром»,
# «врач отправил в бассейн»
_VENUES = {"скалодром": "скалолазание", "бассейн": "плавание"}


def _pastime_candidates(r: Reader, attribute: str, old: str, given_up: bool = False) -> Iterator[tuple[str, str, Tok]]:
    """A sport or an instrument the dictionary knows, in a clause that marks the change, or anywhere
    in a message that gives the old one up ("Барабаны продал. Купил электрогитару"); a hobby as an
    open-class value ("теперь керамика") that is no known sport or instrument."""
    if attribute == "hobby":
        for value, vtype, t in _open_candidates(r, attribute, old):
            if not any(t.lemma in kinds or t.lower in kinds for kinds in PASTIME_KINDS.values()):
                yield value.casefold() if r.s.lang == "en" else t.lemma, vtype, t
        return
    kinds = PASTIME_KINDS[attribute]
    for clause in _clauses(r):
        if not given_up and not _marks_now(clause, attribute, r.s):
            continue
        for t in clause:
            word = t.lemma if t.lemma in kinds else t.lower if t.lower in kinds else None
            venue = _VENUES.get(t.lemma) if attribute == "sport" else None
            word = word or (venue if venue is not None and venue in kinds else None)  # «Теперь скалодром»
            if word is None or _is_old(t, old, r) or _same(word, old) or _set_aside(r, t):
                continue
            yield lx.instrument_name(word), "concept", t


# -- attribute agreement with what is known: "I'm at Michigan now" of a student is a university ---------
_STUDY_WORDS = frozenset(
    [*lx.STUDENT_WORDS, *lx.SCHOOL_NOUNS, *lx.DEGREE_STAGES]
    + "campus semester term transfer transferred major degree lecture lectures class classes course courses "
    "кампус семестр сессия перевод перевестись курс пара пары лекция лекции учиться".split()
)
_WORK_WORDS = wl.all_words("work_words")


def agree(facts: Sequence[Extracted], known: Mapping[str, str], sents: Sequence[Sent]) -> list[Extracted]:
    """The speaker's facts with an organisation read as an employer ("I'm at Michigan now") given
    as the university instead when the speaker is known to study somewhere, is not known to work
    anywhere, and the message speaks of studying (a campus, a transfer, a semester), not of work."""
    if "university" not in known or "employer" in known:
        return list(facts)
    words = {t.lower for s in sents for t in s.toks} | {t.lemma for s in sents for t in s.toks}
    if not words & _STUDY_WORDS or words & _WORK_WORDS:
        return list(facts)
    return [
        Extracted(f.subject, "university", f.value, f.value_type, f.sentence)
        if f.subject == SPEAKER and f.attribute == "employer" else f
        for f in facts
    ]  # fmt: skip
