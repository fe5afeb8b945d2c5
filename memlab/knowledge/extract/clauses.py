"""Facts from parsed sentences: who (subject), what (attribute), which value, and whether it holds now.

Each predicate of a sentence is read as a clause:

1. **Modality first** (a wrong fact is worse than none): a clause under a question, a condition
   ("if", "если", "бы"), a modal or future auxiliary, a wish, plan or report verb ("want to",
   "going to", "said"), quotation marks, a negation, or a past state ("I lived in Madrid",
   "used to") gives nothing. A past *change* still holds ("I moved to Lisbon", "перешёл на Go").
2. **The subject** from the parse: I / we / я (or a dropped pronoun: an opening verb, Russian
   first-person morphology) is the speaker; "my sister" is "speaker's sister"; "Anna's manager";
   a named person; anything else (he, it, the company) gives nothing.
3. **The attribute** from the verb's lemma and the value's type: a place after live/move/жить is a
   city, an organisation after work/join/работать an employer, a gazetteer value names its own
   category ("doing all my coding in Rust" -> programming_language), a noun after "my" names the
   attribute ("my favourite band is X" -> favorite_band), "I'm a data engineer" a job title.
4. **The value** as a span of the parse (compounds and flat names kept: "Fernwood Labs",
   "Нижний Новгород"), Russian names in the nominative, gazetteer values in canonical spelling.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.nlp import (
    Sent,
    Tok,
    is_common_word,
    is_place_name,
    normalize_en,
    parse,
    parse_many,
    ru_first_person_verb,
    ru_instrumental_noun,
    ru_lemmas,
    ru_name,
    ru_unknown_lemma,
)

SPEAKER = "speaker"
_WORD = re.compile(r"[\w+#\-]+", re.UNICODE)
_QUOTES = {'"': '"', "“": "”", "«": "»", "„": "“", "'": "'"}
_TOOL_INDEX = {
    form: (cat, canon)
    for cat, values in lx.TOOLS.items()
    for canon, forms in values.items()
    for form in forms
}
_MAX_TOOL_WORDS = max(len(f.split()) for f in _TOOL_INDEX)

CITY_VERBS = frozenset(
    "live reside move relocate settle base stay жить проживать переехать перебраться поселиться обосноваться "
    "осесть переселиться обитать".split()
)
EMPLOY_VERBS = frozenset(
    "work join start employ hire intern работать устроиться трудиться перейти выйти".split()
)
TOOL_VERBS = frozenset(
    "write code program use prefer switch move migrate run develop do love build stick work ship hack upgrade "
    "писать программировать кодить использовать пользоваться перейти предпочитать сидеть пересесть "
    "работать перебраться юзать пользуюсь юзаю кодю пишу сижу вернуться install adopt переехать поставить "
    "установить переползти перелезть подсесть мигрировать накатить".split()
)
HAVE_VERBS = frozenset("have get adopt own buy drive rescue завести взять купить водить ездить иметь подарить".split())
STATE_VERBS = frozenset(
    "live work be drive have write use code program own study play reside stay date жить работать быть "
    "водить писать использовать учиться играть иметь пользоваться встречаться".split()
)
CHANGE_VERBS = frozenset(
    "move relocate join start switch adopt get become go marry buy settle turn migrate rescue переехать "
    "перебраться устроиться перейти завести купить стать жениться выйти пересесть обосноваться вернуться".split()
)
ORG_NOUNS = frozenset(
    "startup company agency firm studio shop bank lab consultancy компания фирма стартап агентство".split()
)
_SPEAKER_WORDS = frozenset("i we me я мы".split())
_OWNER_WORDS = frozenset("my our мой моя моё мое мои наш наша наше наши".split())
_NOT_NAME_PARTS = frozenset("meet hey hi welcome hello знакомься знакомьтесь встречайте".split())
_TRIAL_VERBS = frozenset("try attempt test sample попробовать пробовать".split())
_HEDGE_VERBS = frozenset("matter help interest count wonder care know".split())
# words of praise before a noun: "such an inspiring writer" is an opinion of someone, not their job
_PRAISE = frozenset(
    "such inspiring amazing awesome brilliant talented gifted wonderful incredible fantastic phenomenal "
    "terrific outstanding remarkable legendary true real natural born такой такая настоящий настоящая "
    "талантливый талантливая потрясающий потрясающая замечательный замечательная великий великая".split()
)
_SKIP_ADJ = frozenset("new current old former ex first second main own новый нынешний текущий".split())
_PAST_ADJ = frozenset("old former ex previous late бывший прежний старый прошлый предыдущий".split())
_CALENDAR = frozenset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday christmas easter mon tue tues wed thu thur thurs fri sat sun "
    "jan feb mar apr jun jul aug sep sept oct nov dec last next январь февраль март апрель май июнь июль "
    "август сентябрь октябрь ноябрь декабрь понедельник вторник среда четверг пятница суббота воскресенье".split()
)
_RU_VERB_ENDINGS = ("ть", "ти", "ться", "тись", "чь", "чься")
_OTHER_PRONOUNS = frozenset("he she they him her them он она они его её ее их".split())
_INVERSION = frozenset("do does did is are was were can could should would will shall have has had".split())
_EMBEDDED = frozenset("xcomp ccomp advcl pcomp csubj acl obj".split())


# "now" in a stretch of the sentence marks its tool as the current one; drop verbs mark the old one
_USER_NOUNS = frozenset("user fan guy person girl convert diehard loyalist addict пользователь фанат".split())
_RU_ADJ_ENDINGS = ("ий", "ый", "ой", "ая", "яя", "ое", "ее", "ие", "ые", "ую", "их", "ых", "ого", "ому")
# verbs under which a named tool, car or diet is the speaker's own (the present of use)
_USE_VERBS = frozenset(
    "use run write code program drive do eat follow own have main ride daily-drive work live rock keep stick "
    "пользоваться использовать юзать сидеть писать кодить программировать ездить водить гонять работать "
    "придерживаться есть питаться иметь быть жить".split()
)
_RU_THIRD_PERSON = frozenset("него неё нее них ним ней нему ими нею его её ее их".split())
# a verb that is a sport when it takes no object, or a distance ("I run half marathons")
_SPORT_VERBS = {"swim": "swimming", "run": "running", "jog": "running", "плавать": "плавание", "бегать": "бег"}
_RUN_OBJECTS = frozenset("marathon lap mile km k race ultra 5k 10k distance марафон полумарафон километр круг".split())
_REGULARLY = frozenset(
    "every daily weekly morning mornings evening weekend weekends time times week утро вечер день выходные неделя раз".split()
)
_VISIT_WORDS = frozenset(
    "конференция командировка отпуск гость поездка отдых фестиваль trip vacation conference visit holiday".split()
)
_FILLERS = ("btw", "lol", "haha", "tbh", "fwiw", "lmao")  # chat words a parser reads as nouns
_VAGUE = frozenset(
    "one thing part kind sort type bit way stuff lot time place anything everything something".split()
)
_NOW_WORDS = frozenset("now nowadays lately currently теперь сейчас нынче отныне".split())
_NOW_PHRASES = (("these", "days"), ("в", "последнее", "время"), ("these", "past", "weeks"))
# English kin words that mean the speaker's own without "my" ("dad's on Windows 7", "grandma has a parrot")
_BARE_KIN = frozenset("mom mum dad grandma grandpa granny".split())
_NAMING = frozenset("зовут звать назвать назвал назвала назвали named called".split())
_HE_SHE = frozenset("he she он она".split())
_JOB_NOUNS = frozenset("job gig employer company работа компания контора".split())
_FROM_CASES = frozenset("from off с со из".split())
_RU_WORK_AS = frozenset("работать трудиться устроиться подрабатывать".split())  # "работаю курьером"
_BEGIN_VERBS = frozenset("start begin go switch adopt начать перейти сесть стать".split())
_OWN_ATTRIBUTES = frozenset("spouse partner name age manager".split())  # never shared by "both"
_WH = frozenset("what which who where how why что кто где куда почему".split())
_NO_LONGER_CUES = (" anymore ", " any more ", " no longer ", " больше не ", " уже не ")


def _has_phrase(toks: Sequence[Tok], phrases: Sequence[tuple[str, ...]]) -> bool:
    words = [t.lower for t in toks]
    return any(
        words[i : i + len(p)] == list(p)
        for p in phrases
        for i in range(len(words) - len(p) + 1)
        if len(p) > 1
    )


@dataclass(frozen=True)
class Extracted:
    """One fact a sentence states as currently true."""

    subject: str  # "speaker", "speaker's sister", "Anna", "Anna's manager"
    attribute: str
    value: str
    value_type: str  # person | place | organization | tool | concept
    sentence: str


def extract(text: str, lang: str | None = None) -> list[Extracted]:
    """Every fact ``text`` states as currently true (precision first: when unsure, nothing)."""
    return analyze(text, lang)[0]


# interjections and openers the small English NER model takes for names in chat ("Wow", "Congrats")
_NOT_NAMES = frozenset(
    "wow woah whoa hey hi hello bye congrats congratulations thanks thank yeah yes no nope ok okay omg lol "
    "haha gonna wanna gotta yay awesome cool nice great sure oh ah um hmm btw totally definitely absolutely "
    "you i me we they he she it my your our the a an that this those these what so well glad sorry sounds "
    "love happy good bad amazing wonderful thank it this that there here aww awww yep yup bummer looky lemme woohoo yeah oops phew "
    "dude guys bro sis buddy man girl welcome cheers yo".split()
)
NOT_NAMES = _NOT_NAMES  # chat words that are never a person's name (also for fact subjects)
_MENTION_TYPES = {"PER": "person", "LOC": "place", "ORG": "organization"}


Analysis = tuple[list[Extracted], list[tuple[str, str]]]


def analyze(text: str, lang: str | None = None) -> Analysis:
    """(facts, named entities): the facts ``text`` states as current, and the people, places and
    organisations NER finds in it (``(name, type)``; interjections and quoted speech left out)."""
    return read(text, parse(text, lang))


def analyze_many(texts: Sequence[str], lang: str) -> list[Analysis]:
    """``analyze`` for many texts of one language, parsed in one batch."""
    return [read(t, sents) for t, sents in zip(texts, parse_many(list(texts), lang), strict=True)]


def ended(text: str, sents: list[Sent]) -> list[Extracted]:
    """The set-valued facts (sports, instruments) a message says are over ("I quit tennis")."""
    quoted = quoted_ranges(normalize_en(text) if sents and sents[0].lang == "en" else text)
    return [f for sent in sents for f in Reader(sent, quoted).ended()]


def read(text: str, sents: list[Sent]) -> Analysis:
    out: dict[tuple[str, str, str], Extracted] = {}
    mentions: dict[str, tuple[str, str]] = {}
    quoted = quoted_ranges(normalize_en(text) if sents and sents[0].lang == "en" else text)
    said: dict[str, Any] = {}  # what earlier sentences of the message introduced ("We adopted a cat!")
    for sent in sents:
        reader = Reader(sent, quoted, said)
        for fact in reader.facts():
            out.setdefault((fact.subject, fact.attribute, fact.value.casefold()), fact)
        reader.remember_people()
        nick = said.pop("nickname", None)
        if nick is not None:  # "I'm Katherine, but call me Kate": the name in use
            out = {k: f for k, f in out.items() if k[:2] != (SPEAKER, "name") or f.value == nick}
        for first, last, label, normal in sent.spans:
            found = _mention(reader, first, last, label, normal)
            if found is not None:
                mentions.setdefault(found[0].casefold(), found)
    return list(out.values()), list(mentions.values())


def _mention(reader: Reader, first: int, last: int, label: str, normal: str) -> tuple[str, str] | None:
    """A named entity worth keeping: interjections before a name are dropped ("Woah Joanna" ->
    Joanna), and a lone capitalised word opening a sentence ("Dance", "Bummer") is not taken for a
    name: chat capitalises whatever comes first, and the small NER model believes it."""
    etype = _MENTION_TYPES.get(label)
    words = reader.s.toks[first:last]
    while words and (words[0].lower in _NOT_NAMES or words[0].lemma in _CALENDAR):
        words = words[1:]
    if etype is None or not words or len(words) > 4 or any(t.i in reader.quoted for t in words):
        return None
    if reader.s.lang == "en" and _not_a_name_en(words, etype):
        return None
    if len(words) == 1 and reader.s.lang == "en":
        t = words[0]
        opener = all(x.pos in ("PUNCT", "INTJ") for x in reader.s.toks[: t.i])
        if opener or t.pos not in ("PROPN",) or t.lemma in _CALENDAR or t.lower in _NOT_NAMES:
            return None
    if len(words) == 1 and reader.s.lang == "ru" and all(x.pos == "PUNCT" for x in reader.s.toks[: words[0].i]):
        if is_common_word(words[0].text):  # "Пробки сегодня были кошмар": natasha's NER sees a place
            return None
    if reader.s.lang == "ru" and len(words) == last - first:
        name = normal
    else:
        name = " ".join(t.text for t in words if t.text not in ("'s", "’s"))
    name = name.strip(" .,!?'\"«»")
    if not name[:1].isupper() or name.casefold() in _NOT_NAMES or len(name) < 2 or name.isupper():
        return None
    tool = _TOOL_INDEX.get(name.casefold())
    return (tool[1], "tool") if tool else (name, etype)  # NER calls Emacs a person


def _not_a_name_en(words: Sequence[Tok], etype: str) -> bool:
    """English spans the small NER model takes for names that are not: an activity ("Learning
    German"), a plural of a kind taken for a person ("German Shepherds", "Chihuahua mixes"), two
    names joined by "and" ("Overwatch and Apex Legends")."""
    if words[0].tag == "VBG" or words[0].pos == "VERB":
        return True
    if etype == "person" and (words[-1].tag in ("NNS", "NNPS") or words[-1].feats.get("Number") == "Plur"):
        return True
    return len(words) >= 3 and any(t.lower in ("and", "or", "&") for t in words[1:-1])


def quoted_ranges(text: str) -> list[tuple[int, int]]:
    """Character ranges of quoted speech in a message (a quote may span sentences); a quoted
    single name («Тинькофф», "Fernwood") is a name, not speech."""
    out: list[tuple[int, int]] = []
    for m in re.finditer(r'"([^"]+)"|“([^”]+)”|«([^»]+)»|„([^“]+)“|(?<!\w)\'([^\']+)\'(?!\w)', text):
        inner = next(g for g in m.groups() if g is not None)
        words = inner.split()
        if len(words) >= 3 and _is_title(words):
            continue  # «Мастер и Маргарита», "The Name of the Wind": a title, not speech
        if len(words) >= 3 or (len(words) == 2 and words[0].casefold() in ("i", "я", "we", "мы", "i'm")):
            out.append((m.start(), m.end()))
    return out


_TITLE_LINKS = frozenset("of the a an and in on at to for и в на из с о".split())


def _is_title(words: list[str]) -> bool:
    """Capitalised words joined by short links, at most six, not opening in the first person."""
    return (
        len(words) <= 6
        and words[0][:1].isupper()
        and words[0].casefold() not in ("i", "я", "we", "мы", "i'm")
        and all(w[:1].isupper() or w[:1].isdigit() or w.casefold() in _TITLE_LINKS for w in words)
    )


class Reader:
    """Reads the clauses of one sentence."""

    def __init__(
        self, sent: Sent, quoted: list[tuple[int, int]] | None = None, said: dict[str, Any] | None = None
    ) -> None:
        self.said = said if said is not None else {}
        self.s = sent
        self.toks = sent.toks
        self.low = " " + " ".join(t.lower for t in sent.toks) + " "
        ranges = quoted if quoted is not None else quoted_ranges(sent.text)
        base = sent.offset if quoted is not None else 0
        self.quoted = {t.i for t in sent.toks if any(a <= base + t.start < b for a, b in ranges)}

    # -- sentence level --------------------------------------------------------------------------
    def facts(self) -> Iterator[Extracted]:
        if self._is_question() or any(p in self.low for p in lx.PAST_TIME + lx.NOT_REAL):
            return
        found = list(self._facts()) or list(self._switched_to()) or list(self._new_role()) or list(self._new_job())
        found = found or list(self._plain_state())
        found += list(self._nickname())
        found += list(self._birthday())
        found += list(self._learning())
        found += list(self._gapped(found))
        found += list(self._job_place(found))
        found += list(self._shared(found))
        yield from filter(self._sane, found)

    # -- "мы с братом оба в Калуге", "both me and Alex work at Spotify" ---------------------------
    def _companions(self) -> list[Tok]:
        """The people the speaker is joined with: "мы с Сашей", "me and Alex", "Alex and I"."""
        if "companions" in self.__dict__:
            return self.__dict__["companions"]  # type: ignore[no-any-return]
        out: list[Tok] = []
        for t in self.toks:
            head = self.toks[t.head]
            if self.s.lang == "ru":
                with_ = any(c.lemma in ("с", "со") for c in self.s.children(t, "case"))
                after_we = t.i > 1 and self.toks[t.i - 2].lower == "мы" and self.toks[t.i - 1].lower in ("с", "со")
                joined = with_ and (head.lower == "мы" or after_we)  # the parse may hang "с мужем" on the verb
            else:
                joined = t.dep == "conj" and head.lower in ("i", "me", "we") or any(
                    c.lower in ("i", "me") for c in self.s.children(t, "conj")
                )
            if joined and t.lower not in _SPEAKER_WORDS and (t.lemma in lx.RELATIONS or self._is_person(t)):
                out.append(t)
        self.__dict__["companions"] = out
        return out

    def _shared(self, found: list[Extracted]) -> Iterator[Extracted]:
        """With "both"/"оба", a fact of one of the joined subjects holds for all, whichever the
        parse made the subject ("me and Omar both write Elixir", "Jess and I both work at Monzo");
        not a relation, name or age. Without it the labels disagree ("мы с невестой живём в Сочи"):
        the speaker's only."""
        if not any(t.lower in ("both", "оба", "обе", "вдвоём", "вдвоем") for t in self.toks):
            return
        group = [SPEAKER, *(s for c in self._companions() if (s := self.subject_phrase(c)) not in (None, SPEAKER))]
        done = {(f.subject, f.attribute, f.value) for f in found}
        for f in found:
            if f.subject not in group or f.attribute in _OWN_ATTRIBUTES:
                continue
            for who in group:
                if (who, f.attribute, f.value) not in done:
                    done.add((who, f.attribute, f.value))
                    yield self.fact(who, f.attribute, f.value, f.value_type)

    def ended(self) -> Iterator[Extracted]:
        """Sports and instruments the sentence gives up with nothing in their place: "quit tennis",
        "gave up squash", "stopped playing chess", "dropped out of chess club", "теннис забросил"."""
        if self._is_question() or any(p in self.low for p in lx.PAST_TIME + lx.NOT_REAL):
            return
        for v in self.toks:
            gave_up = v.lemma == "give" and any(c.lower == "up" for c in self.s.children(v, "prt", "compound:prt"))
            drops = _lex(v, lx.DROP_VERBS) in lx.DROP_VERBS or v.lemma == "stop" or gave_up
            if not drops or v.i in self.quoted or self._blocked(v):
                continue
            targets = [o for _, o in self.obliques(v)]
            fronted = [o for o in self.s.children(v, "nsubj") if o.lemma in lx.SPORTS | lx.INSTRUMENTS]
            # "теннис забросил": the parse takes a fronted object for the subject of a dropped "я"
            subj = SPEAKER if fronted and self.s.lang == "ru" else self.subject_of(v)
            if subj is None:
                continue
            targets += fronted if self.s.lang == "ru" else []
            targets += [o for x in self.s.children(v, "xcomp") if x.lemma in ("play", "do", "играть", "заниматься")
                        for _, o in self.obliques(x)]  # fmt: skip
            targets += [o for t in targets for o in self.s.children(t, "pobj", "nmod", "compound")]  # "out of chess club"
            for o in targets:
                if o.i in self.quoted:
                    continue
                if o.lemma in lx.SPORTS:
                    yield self.fact(subj, "sport", o.lemma, "concept")
                elif o.lemma in lx.INSTRUMENTS:
                    yield self.fact(subj, "instrument", o.lemma, "concept")

    def _facts(self) -> Iterator[Extracted]:
        seen: set[int] = set()
        for v in self.toks:
            if v.i in seen or not self._is_predicate(v):
                continue
            seen.add(v.i)
            if self._blocked(v):
                continue
            subj = self.subject_of(v)
            yield from filter(self._sane, self._clause(v, subj))
        yield from filter(self._sane, self._appositions())
        yield from self._pet_named()
        for t in self.toks:
            if (
                t.lemma in ("project", "проект")
                and t.i not in self.quoted
                and not self._blocked(self.toks[t.head])
            ):
                yield from self._project_status(t)
        if self.s.lang == "ru":
            yield from self._russian()

    # -- "Wiped Windows, Fedora on everything now": a change the parse has no clause for ----------
    def _switched_to(self) -> Iterator[Extracted]:
        """The speaker's new tool or car, when a stretch of the sentence marked "now" (теперь,
        lately, these days) names exactly one, no one else is its subject, and nothing in it
        negates, conditions, plans or quotes: "honestly Rust is what all my stuff is in now",
        "Продал Солярис, теперь у меня Skoda Octavia". A value the sentence drops ("sold the
        Civic", "снёс винду") is the old one."""
        subject = self._plain_subject() or self._named_subject()
        if subject is None:
            return
        for part in self._stretches():
            if subject != SPEAKER and not self._speaks_of(subject, part):
                continue
            now = any(t.lower in _NOW_WORDS for t in part) or _has_phrase(part, _NOW_PHRASES)
            began = (
                any(  # "Started a gluten-free diet", "went vegan" (done: not "going vegan", "сяду на кето")
                    t.lemma in _BEGIN_VERBS and (t.tag in ("VBD", "VBN") or t.feats.get("Tense") == "Past")
                    for t in part
                )
            )
            if not (now or began):
                continue
            if (
                any(self._not_plain(t) for t in part)
                or part[0].lemma in lx.DROP_VERBS
                or part[0].lower in lx.DROP_VERBS
            ):
                continue
            values = {
                v for t in part
                if t.lower not in _NOW_WORDS and (v := self._state_value(t)) is not None and (now or v[0] == "diet")
            }  # fmt: skip
            if now:
                values |= {("employer", self._called(t) or self.value_text(t), "organization") for t in part if self._now_at(t)}
                values |= {("city", self.city(t), "place") for t in part if self._now_in(t)}
                values |= {("city", c, "place") for t in part if (c := self._bare_place(t, part))}
                values |= {
                    ("sport", t.lemma, "concept")
                    for t in part
                    if t.lemma in lx.SPORTS and t.i not in self.quoted and not self._given_up(t)
                }
            if len(values) == 1:
                attribute, value, vtype = values.pop()
                yield self.fact(subject, attribute, value, vtype)

    # -- "я пишу на Go, а муж на Java": a second subject with the first clause's verb left out ----
    def _gapped(self, found: list[Extracted]) -> Iterator[Extracted]:
        """A later stretch that opens with a subject of its own (a relative, a named person) and
        has no verb of its own takes the attribute of the sentence's fact and a value of the same
        kind: "I'm on Windows 11, my brother's on Ubuntu", "я в Москве, сестра в Питере",
        "у меня винда, у брата убунта". One value per stretch, none under a negation or a plan."""
        by_attribute = {f.attribute: f for f in found}
        if not by_attribute:
            return
        done = {(f.subject, f.attribute) for f in found}
        parts = [p for part in self._stretches(dashes=False) for p in _split_at(part, ("and", "и"))]
        for part in parts[1:]:
            words = [t for t in part if t.pos not in ("CCONJ", "PUNCT") and t.lower not in ("and", "и", "а")]
            head = self._gap_subject(words)
            if head is None or any(self._not_plain(t) for t in part):
                continue
            subject = self.subject_phrase(head) or self._bare_kin(head)
            rest = [t for t in words if t.i > head.i and not self._name_of(t, head)]
            if subject is None or subject == SPEAKER or any(self._someone_else(t) for t in rest):
                continue
            if any(t.pos == "VERB" and t.i not in self.quoted for t in words):
                continue  # a clause of its own: the parse of its verb reads it
            values = {v for t in rest if (v := self._gap_value(t, by_attribute)) is not None}
            if len(values) == 1:
                attribute, value, vtype = values.pop()
                if (subject, attribute) not in done:
                    yield self.fact(subject, attribute, value, vtype)

    def _nickname(self) -> Iterator[Extracted]:
        """The name the speaker goes by: "everyone calls me Seun", "call me Liz", "все зовут меня
        Лёля", "зови меня Гуля", "можно просто Гуля": it replaces the full name said with it (the
        last one said wins: "меня зовут Елизавета, можно просто Лиза")."""
        for t in reversed(self.toks):
            calls = t.lemma in ("call", "звать", "называть") and any(
                c.lower in ("me", "меня") for c in self.s.children(t, "obj", "dobj", "dative", "iobj")
            )
            just = t.lower == "можно" and t.i + 1 < len(self.toks) and self.toks[t.i + 1].lower == "просто"
            if not (calls or just) or t.i in self.quoted or self._blocked(t):
                continue
            after = [x for x in self.toks[t.i + 1 : t.i + 4] if x.lower not in ("me", "меня", "просто", "just")]
            name = after[0] if after else None
            if name is not None and name.pos == "PROPN" and self._is_person(name) and self.tool(name) is None:
                self.said["nickname"] = self.value_text(name)
                yield self.fact(SPEAKER, "name", self.said["nickname"], "person")
                return

    def _learning(self) -> Iterator[Extracted]:
        """The language one is learning: "I'm learning Spanish on Duolingo", "learning Japanese
        now", "учу сербский", "взялся за корейский" (a verb of learning, in the present or just
        begun, with a language for its object; not "learned French at school")."""
        for v in self.toks:
            took_up = v.lemma == "взяться" and v.feats.get("Tense") == "Past"
            if not (v.lemma in lx.LEARN_VERBS or took_up) or v.i in self.quoted or self._blocked(v):
                continue
            if v.tag in ("VBD", "VBN") or v.feats.get("Tense") == "Past" and not took_up:
                continue
            subj = self.subject_of(v)
            cands = [o for case, o in self.obliques(v) if case in ("", "за")]
            cands += [c for c in self.s.children(v, "nsubj") if c.feats.get("Case") == "Acc"]  # "учу немецкий"
            if took_up and v.i + 2 < len(self.toks) and self.toks[v.i + 1].lower == "за":
                cands.append(self.toks[v.i + 2])  # "взялся за корейский", whatever the parse hung it on
            objs = list({o.i: o for o in cands if o.lemma in lx.LANGUAGES or o.lower in lx.LANGUAGES}.values())
            if subj is not None and len(objs) == 1 and not self._given_up(objs[0]):
                o = objs[0]
                value = o.text[:1].upper() + o.text[1:].lower() if self.s.lang == "en" else o.lemma
                yield self.fact(subj, "learning_language", value, "concept")

    def _birthday(self) -> Iterator[Extracted]:
        """A birthday and its date in one stretch: "birthday's on june 12", "my sister's birthday is
        May 3rd", "день рождения у меня 3 апреля"; whose it is by the owner ("my", "у меня", "у
        мамы"), the speaker's when the stretch names nobody else. The date as written."""
        for part in self._stretches():
            noun = next((t for t in part if _birthday_noun(self.toks, t) and t.dep != "compound"), None)
            date = _date_in(part)
            if noun is None or date is None or any(self._not_plain(t) for t in part if not _in_date(self.toks, t)):
                continue
            owner = self.owner_of(noun)
            if owner is None and self.s.lang == "ru":
                at = [t for t in part if any(c.lemma == "у" for c in self.s.children(t, "case"))]
                owner = _ru_owner(self, at[0]) if at else None
            others = [t for t in part if self._someone_else(t)]
            if owner is None and not others or owner == SPEAKER and not any(t.lower in _OTHER_PRONOUNS for t in part):
                yield self.fact(SPEAKER, "birthday", date, "concept")
            elif owner not in (None, SPEAKER):
                yield self.fact(owner, "birthday", date, "concept")

    def _job_place(self, found: list[Extracted]) -> Iterator[Extracted]:
        """A city said with the job title it comes with: "a product manager at a tiny fintech in
        Warsaw", "data engineer in Dubai", "дата-инженер из Казани": a place in the job noun's
        own stretch, after it, hung on the job noun or on the workplace after it (not a country;
        English "from" is where one comes from). The speaker's only: of another person ("my wife
        is a teacher at a school in Leeds") the labels keep the job alone."""
        have = {f.subject for f in found if f.attribute in ("city", "country")}
        for f in [f for f in found if f.attribute == "job_title" and f.subject == SPEAKER not in have]:
            part = next((p for p in self._stretches() if any(self.job_title(t) == f.value for t in p)), [])
            job = next((t for t in part if self.job_title(t) == f.value), None)
            if job is None or any(self._not_plain(t) for t in part):
                continue
            places = [
                t for t in part
                if t.i > job.i and (t.ent in ("LOC", "GPE") or not t.ent and t.pos == "PROPN") and self._place(t) and job.i in self._ancestor_ids(t)
                and {c.lemma for c in self.s.children(t, "case")} & {"in", "в", "во", "из"}
            ]  # fmt: skip
            cities = {c for t in places if (c := self.city(t)).casefold().replace("ё", "е") not in lx.COUNTRIES}
            if len(cities) == 1:
                yield self.fact(f.subject, "city", cities.pop(), "place")

    def _ancestor_ids(self, t: Tok) -> set[int]:
        return {a.i for a in self.s.ancestors(t)}

    def _name_of(self, t: Tok, head: Tok) -> bool:
        """``t`` names ``head``: "мой муж Рома", "my sister Ana"."""
        return t.head == head.i and t.dep in ("appos", "flat", "flat:name", "compound") and self._is_person(t) and t.i == head.i + 1

    def _gap_subject(self, words: list[Tok]) -> Tok | None:
        """The relative or named person a stretch opens with ("my brother's", "у брата", "Maria")."""
        for t in words[:3]:
            if t.lower in _OWNER_WORDS or t.lemma in ("у",) or t.text in ("'s", "’s") or t.pos == "ADJ":
                continue
            if t.dep in ("nmod:poss", "poss") or t.i in self.quoted:
                return None
            if t.lemma in lx.RELATIONS or self._is_person(t) and self._someone_else(t):
                return t
            return None
        return None

    def _bare_kin(self, t: Tok) -> str | None:
        """English "dad's still on Windows 7": a parent named without "my" is the speaker's."""
        if self.s.lang == "en" and t.lower in _BARE_KIN:
            return f"{SPEAKER}'s {lx.RELATIONS[t.lower]}"
        return None

    def _gap_value(self, t: Tok, by_attribute: dict[str, Extracted]) -> tuple[str, str, str] | None:
        tv = self.tool_value(t) if self.tool(t) is not None else None
        if tv is not None and tv[0] in by_attribute:
            return tv[0], tv[1], "tool"
        case = {c.lemma for c in self.s.children(t, "case")}
        instrument = _lex(t, lx.INSTRUMENTS)
        if "instrument" in by_attribute and instrument in lx.INSTRUMENTS and (case & {"на"} or self.s.lang == "en"):
            return "instrument", lx.INSTRUMENT_NAMES.get(instrument, instrument), "concept"
        if "city" in by_attribute and case & {"in", "в", "во"} and self._place(t):
            if self.s.lang == "en" or is_place_name(t.text) is not False:
                return "city", self.city(t), "place"
        if "employer" in by_attribute and case & {"at", "в", "во"} and self._org(t) and not self._place(t):
            return "employer", self.value_text(t), "organization"
        if "employer" in by_attribute and case & {"в", "во"} and self._org(t) and t.ent in ("ORG", "LOC"):
            if is_place_name(t.text) is not True:  # "а жена — в Сбере": natasha's LOC for an organisation
                return "employer", self.value_text(t), "organization"
        title = self.job_title(t) if "job_title" in by_attribute and not case else None
        if title is not None:  # "я тестировщица, а мой муж Рома — дизайнер"
            return "job_title", title, "concept"
        return None

    def _people_before(self, k: int) -> list[str]:
        """The people named before token ``k``: in earlier sentences of the message, then in this one."""
        out = list(self.said.get("people", []))
        for t in self.toks[:k]:
            named = t.dep.startswith("nsubj") and self._is_person(t) and t.lemma not in lx.RELATIONS  # NER: "Jamal" LOC
            if t.i in self.quoted or t.lower in _HE_SHE or t.pos == "PRON" or not (self._someone_else(t) or named):
                continue
            if t.dep in ("nmod:poss", "poss"):
                continue  # "Ingrid's husband": the husband is the one named
            copula = self.toks[t.head] if t.dep == "attr" else t
            if t.lemma in lx.RELATIONS and any(self._is_person(c) for c in self.s.children(copula, "nsubj")):
                continue  # "Sofia is my wife", "Катя — моя сестра": the wife is Sofia
            who = self.subject_phrase(t)
            if who and who != SPEAKER:
                out.append(who)
        return list(dict.fromkeys(out))

    def antecedent_person(self, t: Tok) -> str | None:
        """"he"/"she"/"он"/"она" for the one person the message named before it ("Dan finally
        left the hospital! he's at Brightwire now"); None when there were none or several."""
        people = self._people_before(t.i)
        return people[0] if len(people) == 1 else None

    def remember_people(self) -> None:
        self.said["people"] = self._people_before(len(self.toks))

    def antecedent(self, t: Tok) -> Tok | None:
        """The name "it"/"это" stands for: the last name the sentence gave before it as a verb's
        object ("just finished Piranesi and it's...", "подсел на Кино, теперь это...")."""
        if t.lower not in ("it", "this", "that", "это"):
            return None
        names = [
            x
            for x in self.toks[: t.i]
            if (x.pos == "PROPN" or x.text[:1].isupper() and x.i > 0)
            and x.dep in ("obj", "dobj", "pobj", "obl")
            and x.i not in self.quoted
        ]
        return names[-1] if names else None

    def _given_up(self, t: Tok) -> bool:
        """``t`` is what a verb of giving up takes: "йогу бросила", "quit tennis"."""
        head = self.toks[t.head]
        return head.i != t.i and _lex(head, lx.DROP_VERBS) in lx.DROP_VERBS

    def _now_in(self, t: Tok) -> bool:
        """"да, теперь в Питере": a Russian city the elliptical sentence puts the speaker in."""
        if self.s.lang != "ru" or t.ent != "LOC" or t.i in self.quoted or not self._place(t):
            return False
        if any(x.lemma in _VISIT_WORDS for x in self.toks):
            return False  # "теперь в Питере на конференции": a visit, not a home
        if is_place_name(t.text) is not True or not any(c.lemma in ("в", "во") for c in self.s.children(t, "case")):
            return False
        head = self.toks[t.head]
        return head.i == t.i or _lex(head, CITY_VERBS) in CITY_VERBS

    def _bare_place(self, t: Tok, part: list[Tok]) -> str | None:
        """"yep, Berlin now": an English stretch that is a city name and "now", nothing else."""
        span = self.s.span_of(t)
        if self.s.lang != "en" or span is None or span[0] != t.i or span[2] != "LOC" or t.i in self.quoted:
            return None
        rest = [x for x in part if not span[0] <= x.i < span[1] and x.lower not in _NOW_WORDS]
        if not self._place(t) or not all(x.lower in _NOT_NAMES or x.pos in ("INTJ", "PUNCT") for x in rest):
            return None
        name = " ".join(x.text for x in self.toks[span[0] : span[1]])
        return lx.CITY_ALIASES.get(name.casefold(), name)

    def _now_at(self, t: Tok) -> bool:
        """ "ушёл из Тинькофф, теперь в Ozon", "left Wayfair, at Instacart now": an organisation
        the speaker is at, hung on a verb of leaving or joining (not "теперь в Ozon заказываю")."""
        if t.ent != "ORG" or t.i in self.quoted or not self._org(t) or self._place(t) and self.s.lang == "en":
            return False
        if not any(c.lemma in ("в", "во", "at") for c in self.s.children(t, "case")):
            return False
        head = self.toks[t.head]
        return head.i == t.i or _lex(head, EMPLOY_VERBS | lx.DROP_VERBS) in EMPLOY_VERBS | lx.DROP_VERBS

    def _new_role(self) -> Iterator[Extracted]:
        """ "Got a new manager: Katya, well, Ekaterina officially", "Новый начальник — Вадим": a
        new holder of a role named right after it (the first name given is the one used)."""
        role = self.said.pop("role", None)  # the sentence before ended "new manager:"
        words = [t for t in self.toks if t.pos != "PUNCT"]
        if role is not None and words and self._is_person(words[0]):
            yield self.fact(SPEAKER, role, self.value_text(words[0]), "person")
            return
        fav = self.said.pop("favorite", None)  # the sentence before ended "new favorite band:"
        if fav is not None:
            found = self._title_run(0)
            if found:
                yield self.fact(SPEAKER, fav, found, "concept")
                return
        if any(self._not_plain(t) for t in self.toks):
            return
        for t in self.toks[:-2]:
            if t.lemma not in ("new", "новый") or any(self._someone_else(x) for x in self.toks[: t.i]):
                continue
            named = self._new_named(t)
            if named is not None:
                fav_attribute, k = named
                if k < len(self.toks) and self.toks[k].text in (":", "—", "–", "-"):
                    nxt = next((x for x in self.toks[k + 1 :] if x.pos != "PUNCT"), None)
                    if fav_attribute == "city":  # "новая работа, новый город — Екатеринбург!"
                        if nxt is not None and self._place(nxt) and is_place_name(nxt.text) is not False:
                            yield self.fact(SPEAKER, "city", self.city(nxt), "place")
                        return
                    found = self._title_run(k + 1)
                    if found is None and fav_attribute == "usual_order":  # "new usual order: iced americano"
                        run = list(itertools.takewhile(lambda x: x.pos != "PUNCT", self.toks[k + 1 : k + 6]))
                        noun = next((x for x in reversed(run) if x.pos in ("NOUN", "PROPN")), None)
                        found = self._phrase(noun) if noun is not None else None
                    if found:
                        yield self.fact(SPEAKER, fav_attribute, found, "concept")
                    elif k == len(self.toks) - 1:
                        self.said["favorite"] = fav_attribute
                    return
                continue
            noun = self.toks[t.i + 1]
            attribute = lx.RELATION_FACTS.get(lx.RELATIONS.get(noun.lemma, noun.lemma))
            after = self.toks[t.i + 2 : t.i + 5]
            if attribute is not None and [x.text for x in after] == [":"]:
                self.said["role"] = attribute  # the parser ends the sentence at the colon
                return
            if attribute is None or not after or after[0].text not in (":", "—", "–", "-", "is", "="):
                continue
            name = next((x for x in after[1:] if x.pos != "PUNCT"), None)
            if name is not None and self._is_person(name):
                yield self.fact(SPEAKER, attribute, self.value_text(name), "person")
                return

    def _new_job(self) -> Iterator[Extracted]:
        """ "New job! Tyrell Systems, first day was today.", "новая работа — Яндекс": the
        organisation named right after "new job" (in the same sentence after a colon or dash, or
        opening the next one); nothing under a plan, a question or a negation."""
        words = [t for t in self.toks if t.pos != "PUNCT"]
        if self.said.pop("new_job", False) and words and self._org_name(words[0]):
            if not any(self._not_plain(t) for t in self.toks):
                yield self.fact(SPEAKER, "employer", self._org_name(words[0]) or "", "organization")
            return
        for t in self.toks[:-1]:
            noun = self.toks[t.i + 1]
            if t.lemma not in ("new", "новый") or noun.lemma not in _JOB_NOUNS or t.i in self.quoted:
                continue
            if any(self._someone_else(x) for x in self.toks[: t.i]) or any(self._not_plain(x) for x in self.toks):
                return
            rest = self.toks[t.i + 2 :]
            if rest and rest[0].text in ("!", "."):
                self.said["new_job"] = True
            elif rest and rest[0].text in (":", "—", "–", "-") and len(rest) > 1:
                name = self._org_name(rest[1])
                if name:
                    yield self.fact(SPEAKER, "employer", name, "organization")
            return

    def _org_name(self, t: Tok) -> str | None:
        if t.i in self.quoted or not t.text[:1].isupper() or self.tool(t) is not None or t.lower in _NOT_NAMES:
            return None
        if t.pos not in ("PROPN", "X") and t.ent != "ORG":
            return None
        if self.s.lang == "ru":
            return self.value_text(t)
        return self._title_run(t.i)

    def _new_named(self, t: Tok) -> tuple[str, int] | None:
        """(attribute, index after it) for "new favorite band", "new favorite band alert", "new
        standing order" opening at ``t`` ("new")."""
        k = t.i + 1
        fav = k < len(self.toks) and self.toks[k].lemma in lx.FAVOURITE
        k += fav
        while k < len(self.toks) and self.toks[k].lower in lx.ORDER_WORDS and self.toks[k].lemma != "order":
            k += 1
        if k >= len(self.toks) or self.toks[k].pos != "NOUN":
            return None
        noun = self.toks[k]
        attribute = f"favorite_{noun.lemma}" if fav else lx.ATTRIBUTE_NOUNS.get(noun.lemma)
        if attribute not in ("usual_order", "city", "car", "phone", None) and not attribute.startswith("favorite_"):
            return None
        if attribute is None:
            return None
        k += 1
        return attribute, k + (k < len(self.toks) and self.toks[k].lower == "alert")

    def _title_run(self, k: int) -> str | None:
        """The capitalised name that starts at token ``k``: "Fontaines D.C.", "The Name of the Wind"."""
        words: list[Tok] = []
        for t in self.toks[k:]:
            if t.text[:1].isupper() or t.pos == "NUM" or words and t.lower in ("of", "the", "and", "&", "a"):
                words.append(t)
            else:
                break
        while words and not words[-1].text[:1].isupper() and words[-1].pos != "NUM":
            words.pop()
        if not words or words[0].i in self.quoted:
            return None
        out = ""
        for i, t in enumerate(words):
            glued = i and t.start == words[i - 1].start + len(words[i - 1].text)
            out += t.text if glued or not out else " " + t.text
        return out

    def _plain_state(self) -> Iterator[Extracted]:
        """The speaker's tool, car, diet or sport named in a stretch that speaks in the first
        person (or opens with the value: "Galaxy S21 here") with a verb of use or none at all:
        "most of my day is Java", "my laptop runs Ubuntu", "у меня Kia Rio", "I do keto".
        Past changes, evaluations ("I hate Java") and trials ("tried Rust once") are not states."""
        valued = {t.i for t in self.toks if self._state_value(t) is not None}
        blocked = [t for t in self.toks if t.i not in valued and self._not_plain(t)]
        local = lx.NEGATIONS | lx.MODALS
        if any(t.lower not in local for t in blocked):
            return  # a wish, plan, condition or quote anywhere in the sentence; negation and modals per stretch
        subject = self._plain_subject()
        if subject is None:
            return
        for part in self._stretches():
            if not self._speaks_of(subject, part) or any(t in blocked for t in part):
                continue
            values = {
                (v, t.i) for t in part if (v := self._state_value(t)) is not None and not self.modifier(t)
            }
            verbs = [t for t in part if t.pos == "VERB" and t.i not in {i for _, i in values}]
            if any(
                v.lemma not in _USE_VERBS or v.feats.get("Tense") == "Past" or v.tag in ("VBD", "VBN")
                for v in verbs
            ):
                continue
            kinds = {v for v, _ in values}
            if len(kinds) == 1:
                ((attribute, value, vtype),) = kinds
                yield self.fact(subject, attribute, value, vtype)

    def _speaks_of(self, subject: str, part: list[Tok]) -> bool:
        """The stretch names its subject: the speaker in the first person, a relative by name;
        a named subject of the sentence's main verb goes on through stretches in no person
        ("Серёжа ушёл из МТС, теперь в Ростелекоме")."""
        if subject == SPEAKER:
            return self._first_person(part)
        if "'s " not in subject:
            return not self._first_person(part)
        rel = subject.split("'s ", 1)[1]  # named, or "she"/"она" for the one relative of the sentence
        return any(lx.RELATIONS.get(t.lemma) == rel or t.lower in _OTHER_PRONOUNS for t in part)

    def _plain_subject(self) -> str | None:
        """Whose state a plain sentence gives: the speaker's, or one relative's that the speaker
        owns ("my wife's doing paleo"); None when anyone else is in it."""
        others = [t for t in self.toks if self._someone_else(t)]
        if not others:
            return SPEAKER
        if all(t.lower in _HE_SHE | _RU_THIRD_PERSON | {"his", "him", "her"} for t in others) and not any(
            t.lower in lx.FIRST_PERSON for t in self.toks
        ):
            heads = [t for t in others if t.lower in _HE_SHE and t.dep.startswith("nsubj")]
            found = {self.antecedent_person(t) for t in heads}
            if len(found) == 1 and None not in found:
                return found.pop()  # "he's on SteamOS now", after "Eli sold his PC"
        rels = {
            lx.RELATIONS[t.lemma] for t in others if t.lemma in lx.RELATIONS and self.owner_of(t) == SPEAKER
        }
        rest = [
            t
            for t in others
            if t.lemma not in lx.RELATIONS and t.lower not in _OTHER_PRONOUNS | _RU_THIRD_PERSON
        ]
        if (
            len(rels) == 1
            and not rest
            and not any(t.lower in (lx.FIRST_PERSON - {"we", "мы"}) - _OWNER_WORDS for t in self.toks)
        ):
            return f"{SPEAKER}'s {rels.pop()}"
        return None

    def _named_subject(self) -> str | None:
        """The one person the sentence names, when they are the subject of its main verb and no
        one else (no first person, pronoun or relative) is in it."""
        others = [t for t in self.toks if self._someone_else(t)]
        if len(others) != 1 or any(t.lower in lx.FIRST_PERSON for t in self.toks):
            return None
        t = others[0]
        root = self.toks[t.head]
        if not t.dep.startswith("nsubj") or root.dep != "root" or t.i in self.quoted or not self._is_person(t):
            return None
        if self.s.lang == "ru" and root.feats.get("Person") == "1":
            return None
        return self.value_text(t)

    def modifier(self, t: Tok) -> bool:
        """The value only qualifies another word: "Rust's borrow checker", "iPhone 15 reviews",
        "vegan restaurants", "веганские кафе"."""
        head = self.toks[t.head]
        if (
            head.i == t.i
            or self.tool(head) is not None
            or head.lower in lx.CAR_BRANDS
            or head.lemma in lx.DIET_NOUNS
        ):
            return False  # "a vegan diet", "средиземноморская диета": the value names the diet
        if head.lemma in _USER_NOUNS:
            return False  # "Emacs user since grad school", "a Vim guy"
        value = self._state_value(t)
        if value is not None and value[0] == "diet" and t.i and self.toks[t.i - 1].lower in ("on", "на"):
            return False  # "на кето третий месяц": the parse hangs the diet on the time noun
        if value is not None and head.i > t.i and head.text in value[1]:
            return False  # the head is the model: "Galaxy S21", "Tesla Model 3"
        poss = any(c.text in ("'s", "’s") and c.dep in ("case", "possessive") for c in self.s.children(t))
        return poss or t.dep in ("nmod:poss", "poss", "compound", "amod") or t.pos == "ADJ"

    def _first_person(self, part: list[Tok]) -> bool:
        if any(t.lower in lx.FIRST_PERSON for t in part):
            return True
        if self.s.lang == "ru" and any(t.feats.get("Person") == "1" and t.pos == "VERB" for t in part):
            return True
        words = [t for t in part if t.pos not in ("PUNCT", "DET")]
        if len(words) > 1 and words[0].lower in ("on", "на", "без"):
            words = words[1:]  # "на кето третий месяц", "без глютена уже два года"
        return bool(words) and self._state_value(words[0]) is not None  # "Galaxy S21 here", "Emacs user"

    def _state_value(self, t: Tok) -> tuple[str, str, str] | None:
        found = self._new_value(t)
        if found is not None:
            return found[0], found[1], "tool"
        diet = lx.DIET_OF.get(t.lower) or lx.DIET_OF.get(t.lemma) or self._without(t)
        adjective = self.s.lang == "ru" and t.lower.endswith(_RU_ADJ_ENDINGS)
        if diet and (not adjective or self.toks[t.head].lemma in lx.DIET_NOUNS):  # not "веганские кафе"
            return "diet", diet, "concept"
        return None

    def _without(self, t: Tok) -> str | None:
        """A diet said as what is left out: "gluten free", "dairy-free", "без глютена"."""
        nxt = self.toks[t.i + 1].lower if t.i + 1 < len(self.toks) else ""
        prev = self.toks[t.i - 1].lower if t.i else ""
        free = self.toks[t.i + 1] if nxt == "free" else None
        if free is not None and free.dep in ("amod", "compound") and self.toks[free.head].lemma not in lx.DIET_NOUNS:
            return None  # "gluten free bread"
        if free is not None or prev == "без" and self.s.lang == "ru":
            return lx.FREE_OF.get(t.lemma) or lx.FREE_OF.get(t.lower)
        return None

    def _stretches(self, dashes: bool = True) -> list[list[Tok]]:
        """The sentence cut at commas, dashes, semicolons and "but"/"но"/"а" (without ``dashes``
        a dash stays inside: it marks the verb left out in "а жена — в Сбере")."""
        parts: list[list[Tok]] = [[]]
        cuts = (",", ";", "—", "–", "-", ":", "(", ")") if dashes else (",", ";", ":", "(", ")")
        for t in self.toks:
            if t.text in cuts or t.lower in ("but", "но", "а", "though"):
                parts.append([])
            else:
                parts[-1].append(t)
        return [p for p in parts if p]

    def _not_plain(self, t: Tok) -> bool:
        """A word that keeps a stretch from stating the speaker's own current fact."""
        return (
            t.i in self.quoted
            or t.lower in lx.NEGATIONS | lx.MODALS | lx.FUTURE_AUX | lx.HYPOTHETICAL_MARKS
            or t.lower in ("gonna", "wanna", "maybe", "может", "probably", "наверное")
            or t.lemma in lx.NONFACT_HEADS
            or t.feats.get("Tense") == "Fut"
        )

    def _someone_else(self, t: Tok) -> bool:
        """A person other than the speaker in the sentence: whose change it is, is then unclear
        (not one the speaker is joined with: "мы с мужем", "me and Alex")."""
        if any(t.i == c.i or t.head == c.i and t.dep in ("appos", "flat", "flat:name", "nmod", "compound") for c in self._companions()):
            return False
        return (
            t.lower in _OTHER_PRONOUNS | _RU_THIRD_PERSON | {"you", "ты", "вы", "тебя", "вас", "тебе", "вам"}
            or t.lemma in lx.RELATIONS
            or t.ent == "PER"
            and self.tool(t) is None  # the small model calls Fedora a person
            or self.s.lang == "ru" and t.pos == "PROPN" and self._ru_name(t) is not None  # NER missed "Серёжа"
        )

    def _new_value(self, t: Tok) -> tuple[str, str] | None:
        head = self.toks[t.head]
        if head.lemma in lx.DROP_VERBS and head.i != t.i:
            return None
        prev = self.toks[t.i - 1].lower if t.i else ""
        if prev in ("from", "из", "с", "со", "than", "чем", "of"):
            return None  # "moved off Python", "switched from Vim", "ушёл с винды"
        if t.i and self.tool(t) is not None and self.tool(self.toks[t.i - 1]) == self.tool(t):
            return None  # only the first word of a multi-word name
        found = self.tool_value(t)
        if found is not None and found[0] == "gym" and self._works_at(t):
            return None  # "I work at Equinox": the employer, not a gym
        if found is not None:
            return found
        if t.lower in lx.CAR_BRANDS or self.s.lang == "ru" and t.lemma in lx.CAR_BRANDS:
            tail = []
            for x in self.toks[t.i + 1 : t.i + 4]:
                if not (x.pos == "NUM" or x.text[:1].isupper() or x.lower in lx.MODEL_WORDS):
                    break
                tail.append(x.text)
            brand = self.value_text(t) if self.s.lang == "ru" and not tail else t.text
            return "car", " ".join([brand[:1].upper() + brand[1:], *tail])
        return None

    def _works_at(self, t: Tok) -> bool:
        head = self.toks[t.head]
        return head.lemma in ("work", "работать") and not any(c.lower == "out" for c in self.s.children(head))

    def _is_question(self) -> bool:
        text = self.s.text.strip()
        if (text.endswith("?") or "?" in text[-3:]) and not self._tag_question():
            return True
        return self._asks(self.toks)

    def _tag_question(self) -> bool:
        """The question is only a short tag after a statement ("I'm on Fedora 40, any tips?",
        "мой руководитель — Женя, понятно?"): at most three words after the last comma, none of
        them first person, a name or a value, and a statement before it (not "what ..., guys?")."""
        parts = self._stretches()
        if len(parts) < 2:
            return False
        tag = [t for t in parts[-1] if t.pos != "PUNCT" and "?" not in t.text]
        if not tag or len(tag) > 3:
            return False
        if any(t.lower in lx.FIRST_PERSON or t.text[:1].isupper() and t.i > 0 or self.tool(t) for t in tag):
            return False
        return not self._asks(self.toks[: parts[-1][0].i])

    def _asks(self, toks: Sequence[Tok]) -> bool:
        """Words that open a question: a wh-word, or (English) an auxiliary before its subject
        ("do we use MongoDB or Postgres ...", "is Anna still in Oslo")."""
        words = [t for t in toks if t.pos not in ("PUNCT", "INTJ")]
        if not words or words[0].lower in _WH:
            return True
        inverted = len(words) > 1 and words[0].lower in _INVERSION and words[1].pos in ("PRON", "PROPN", "DET", "NOUN")
        return inverted and self.s.lang == "en"

    # -- predicates and modality ------------------------------------------------------------------
    def _hedge(self, c: Tok) -> bool:
        """A conversational "if" that conditions nothing said: "if that matters", "if it helps",
        "if you must know", "if you're wondering"."""
        subj = self.s.children(c, "nsubj")
        return c.lemma in _HEDGE_VERBS and bool(subj) and subj[0].lower in ("that", "it", "this", "you")

    def _is_predicate(self, t: Tok) -> bool:
        if t.pos in ("VERB", "AUX") and t.dep not in ("aux", "aux:pass", "auxpass", "cop"):
            return True
        return bool(self.s.children(t, "nsubj", "nsubj:pass")) or t.dep == "root"

    def _blocked(self, v: Tok) -> bool:
        """Not a current fact: quoted, negated, conditional, modal, future, wished, planned, past state."""
        if v.i in self.quoted or self._asked(v):
            return True
        if v.lemma in _TRIAL_VERBS and (v.tag in ("VBD", "VBN") or v.feats.get("Tense") == "Past"):
            return True  # "tried a keto diet and hated it", "попробовал Rust": a trial, not a state
        if v.tag == "VBG" and v.lemma in CHANGE_VERBS and self._future_time(v):
            return True  # "we're moving to Amsterdam in march": a plan
        if any(
            any(m.lower in lx.HYPOTHETICAL_MARKS for m in self.s.children(c, "mark")) and not self._hedge(c)
            for c in self.s.children(v, "advcl")
        ):
            return True  # the consequent of a condition: "if Raj becomes CTO we're all writing Zig"
        if any(
            c.lower in ("had", "were", "should")
            and c.i < v.i
            and c.dep in ("aux", "aux:pass", "auxpass")
            and any(n.i > c.i for n in self.s.children(v, "nsubj"))
            for c in self.s.children(v)
        ):
            return True  # inverted condition: "had I stayed in Toronto ..."
        if v.tag == "VBG" and v.lemma in CHANGE_VERBS and not any(c.dep == "aux" for c in self.s.children(v)):
            return True  # "Moving to Lisbon in September!!" announces a plan
        chain = [v, *self.s.ancestors(v)]
        for k, t in enumerate(chain):
            kids = self.s.children(t)
            if any(c.lower in lx.HYPOTHETICAL_MARKS for c in kids) and (
                k == 0 or chain[k - 1].dep in _EMBEDDED
            ):
                return True
            if k and t.lemma in lx.NONFACT_HEADS and chain[k - 1].dep in _EMBEDDED and not self._tail_request(chain[k - 1], t):
                return True
            if (
                k
                and t.lemma in ("say", "tell", "сказать", "говорить")
                and chain[k - 1].dep in ("ccomp", "parataxis")
            ):
                return True
            if k > 1 or k == 1 and v.dep not in ("xcomp", "conj"):
                continue  # negation, modals and tense belong to the clause (and its governing verb)
            if any(
                c.dep in ("aux", "aux:pass", "auxpass") and c.lower in lx.MODALS | lx.FUTURE_AUX for c in kids
            ):
                return True
            if t.lower == "gonna" or (k and t.lemma == "go" and t.tag == "VBG"):
                return True
            if any(
                c.lower in lx.NEGATIONS and c.dep in ("neg", "advmod", "det", "discourse", "dep")
                for c in kids
            ):
                return True
            if t.feats.get("Tense") == "Fut" and not _job_word(t):  # "я девопс": a job noun read as a verb
                return True
        if self._cue_applies(v, _NO_LONGER_CUES, before_is_apart=True):
            return True  # "Not in Madrid anymore — I'm in Seville now": the old value's stretch only
        if self._cue_applies(v, lx.FUTURE_TIME, before_is_apart=False) and not any(
            c in self.low for c in (" now ", " теперь ")
        ):
            return v.feats.get("Tense") != "Past" or v.lemma in ("accept", "sign")
        return self._past_state(v)

    def _tail_request(self, clause: Tok, head: Tok) -> bool:
        """A clause after a comma that the parse made the head of the statement before it, which
        embeds nothing: a request ("I'm a nurse in Leeds, ask me anything", "я продакт,
        спрашивайте"; an imperative without a subject) or a verb with an object of its own; the
        statement stands on its own (not "I think ...", "..., she said")."""
        if head.i < clause.i or not any(t.text in (",", "—", "–", ";") for t in self.toks[clause.i : head.i]):
            return False
        imperative = head.tag == "VB" or head.feats.get("Mood") == "Imp"
        if imperative and not self.s.children(head, "nsubj", "aux") and head.lower != "let":
            return True
        # "I write Swift for the app, my cofounder writes the backend in Go": a verb with an object of
        # its own reports nothing (not "I'm vegan, she wrote")
        return any(c.pos in ("NOUN", "PROPN") for c in self.s.children(head, "obj", "dobj"))

    def _cue_applies(self, v: Tok, cues: Sequence[str], before_is_apart: bool) -> bool:
        """A sentence-wide cue ("anymore", "next week", "скоро") bears on ``v`` unless it sits in
        another stretch that is a clause of its own ("учусь в Бауманке, сессия скоро") or, with
        ``before_is_apart``, in a stretch before the one of ``v`` (a negated old value, then the new one)."""
        if not _has_cue(self.low, cues):
            return False
        parts = self._stretches()
        mine = next((k for k, p in enumerate(parts) if any(t.i == v.i for t in p)), None)
        found = False
        for k, part in enumerate(parts):
            if not _has_cue(" " + " ".join(t.lower for t in part) + " ", cues):
                continue
            found = True
            if k == mine or mine is None:
                return True
            own_subject = any(t.dep.startswith("nsubj") and t.lower not in _SPEAKER_WORDS for t in part)
            if not (own_subject or before_is_apart and k < mine):
                return True
        return not found  # a cue across a cut: as before, for the whole sentence

    def _negated_stretch(self, o: Tok, v: Tok) -> bool:
        """A negation or modal in the comma-bounded stretch of ``o`` that the verb is not in."""
        part = next((p for p in self._stretches() if any(t.i == o.i for t in p)), [])
        if any(t.i == v.i for t in part):
            return False
        return any(t.lower in lx.NEGATIONS | lx.MODALS for t in part)

    def _asked(self, v: Tok) -> bool:
        """A question mark closes the clause of ``v`` with no comma or full stop between
        ("Маша всё ещё в Осло живёт? сто лет не общались"; not "Lisbon? nah, I live in Porto")."""
        for t in self.toks[v.i + 1 :]:
            if "?" in t.text and t.pos == "PUNCT":
                return True
            if t.text in (",", ".", ";", "!", "—", "–") or t.lower in ("but", "но", "а"):
                return False
        return False

    def _future_time(self, v: Tok) -> bool:
        """A time ahead on a verb: "in March", "next month", "soon", "tomorrow"."""
        for _, o in self.obliques(v):
            if o.lemma in _CALENDAR or o.lower in ("soon", "tomorrow", "tonight", "later"):
                return True
        return any(t.lower in ("next", "soon", "tomorrow") for t in self.toks[v.i + 1 :])

    def _past_state(self, v: Tok) -> bool:
        """ "I lived in Madrid", "жил в Казани": a state in the past tense no longer holds; a change
        in the past ("moved", "переехал") does."""
        past = v.tag in ("VBD", "VBN") or v.feats.get("Tense") == "Past"
        if not past:
            cop = self.s.children(v, "cop")
            past = any(c.feats.get("Tense") == "Past" or c.tag == "VBD" for c in cop)
            if not past:
                return False
        if v.lemma in CHANGE_VERBS or v.feats.get("Aspect") == "Perf" and v.lemma not in STATE_VERBS:
            return False
        has_aux = any(c.dep in ("aux",) and c.lemma in ("have", "be") for c in self.s.children(v))
        if has_aux and v.tag in ("VBN", "VBG"):  # "I've been writing", "has been home": still true
            return False
        return v.lemma in STATE_VERBS or v.pos in ("AUX", "NOUN", "PROPN", "ADJ") or v.lemma == "be"

    # -- subjects ---------------------------------------------------------------------------------
    def subject_of(self, v: Tok) -> str | None:
        if self.s.lang == "ru" and v.feats.get("Person") == "1" and v.pos in ("VERB", "AUX"):
            return SPEAKER  # "живём в Новосибирске, морозы норм": a first-person verb is the speaker's
        subj = self.s.children(v, "nsubj", "nsubj:pass")
        if self.s.lang == "ru" and v.pos != "AUX" and ru_first_person_verb(v.text):
            if not any(c.feats.get("Case") in (None, "Nom") for c in subj):
                return SPEAKER  # "пользуюсь Хромом": natasha's third person, its instrumental "subject"
        if subj:
            found = self.subject_phrase(subj[0])
            if found is None and self._ru_opening_verb(v):
                return (
                    SPEAKER  # "Перешёл на TypeScript, весь бэкенд ...": the parse took бэкенд for its subject
                )
            return found
        if v.dep == "xcomp" and v.head != v.i:
            return self.subject_of(self.toks[v.head])
        if v.dep == "conj" and v.head != v.i:
            # "..., and my brother's at Hulu": a new subject the parse left unattached stops inheritance
            gap = self.toks[max(self.toks[v.head].i + 1, v.i - 3) : v.i]
            if any(t.lemma in lx.RELATIONS or t.lower in _OTHER_PRONOUNS for t in gap):
                return None
            return self.subject_of(self.toks[v.head])
        return SPEAKER if self._dropped_first_person(v) else None

    def _dropped_first_person(self, v: Tok) -> bool:
        """Chat drops "I": an opening verb ("Moved to Lisbon"), a Russian first-person form
        ("пишу на Rust"), or verb phrases in a sentence that names no subject at all
        ("Living in Berlin, working at Zalando, coding in Scala")."""
        if self.s.lang == "ru":
            if v.feats.get("Person") == "1":
                return True
            if self._ru_opening_verb(v):
                return True  # natasha tags a capitalised opening verb as a name: "Перешёл на Neovim"
            return v.feats.get("Tense") == "Past" and self._opens(v)
        if v.tag not in ("VBD", "VBG", "VBN", "VB", "VBP"):
            return False
        subjects = [
            t for t in self.toks if t.dep in ("nsubj", "nsubj:pass", "expl") and t.i not in self.quoted
        ]
        got = v.tag == "VBN" and any(
            c.lemma == "get" for c in self.s.children(v, "auxpass", "aux:pass", "aux")
        )
        return self._opens(v) or (
            not subjects and (v.tag in ("VBG", "VBD") or got)
        )  # "Just got promoted to ..."

    def _ru_opening_verb(self, v: Tok) -> bool:
        return (
            self.s.lang == "ru"
            and v.pos == "PROPN"
            and v.dep == "root"
            and v.lemma.endswith(_RU_VERB_ENDINGS)
            and self._opens(v)
        )

    def _opens(self, v: Tok) -> bool:
        """Only adverbs, interjections and punctuation stand before ``v`` ("ok so moved to X")."""
        before = [
            t for t in self.toks[: v.i] if t.pos not in ("PUNCT", "INTJ", "ADV", "CCONJ", "PART", "SCONJ")
        ]
        return all(
            t.lower in ("ok", "so", "well", "yeah", "yes", "btw", "ну", "кстати", "короче", "вот", "в", "итоге")
            for t in before
        )  # "в итоге осел в Ереване"

    def subject_phrase(self, t: Tok) -> str | None:
        if t.lower in _SPEAKER_WORDS:
            return SPEAKER
        if t.lower in _HE_SHE and t.i not in self.quoted:
            return self.antecedent_person(t)
        if t.pos == "PRON" or t.i in self.quoted:
            return None
        if t.lemma in lx.RELATIONS:
            if any(c.lemma in ("двоюродный", "двоюродная") for c in self.s.children(t)):
                return f"{self.owner_of(t) or SPEAKER}'s cousin"
            if t.lemma in ("сосед", "соседка") and any(c.lemma in ("квартира", "комната") for c in self.s.children(t)):
                return f"{self.owner_of(t) or SPEAKER}'s roommate"  # "сосед по квартире"
            name = self._name_child(t)
            if name:
                return name
            if any(c.lemma in _PAST_ADJ for c in self.s.children(t)):
                return None
            owner = self.owner_of(t) or (
                SPEAKER if self.s.lang == "ru" or t.lower in _BARE_KIN else None
            )  # "брат переехал", "grandma has a parrot": my brother, my grandmother
            return f"{owner}'s {self._relation(t)}" if owner else None
        if _job_word(t) and self.owner_of(t) is not None and t.pos == "NOUN" or t.text.isupper() and _job_word(t):
            owner = self.owner_of(t)
            if owner is None:
                return None
            name = self._name_child(t)  # "our CTO Raj writes Zig": Raj; "our CTO writes Scala": speaker's CTO
            return name or f"{owner}'s {t.text if t.text.isupper() else t.lemma}"
        if self._is_person(t):
            return self.value_text(t)
        return None

    def _relation(self, t: Tok) -> str:
        """The relation a noun names, "best friend" for "my best friend", "лучшая подруга"."""
        rel = lx.RELATIONS[t.lemma]
        if rel == "friend" and any(c.lower == "best" or c.lower.startswith("лучш") for c in self.s.children(t, "amod")):
            return "best friend"
        return rel

    def owner_of(self, t: Tok) -> str | None:
        """Whose: "my editor" -> speaker, "Anna's manager" -> Anna, "my brother's band" -> speaker's
        brother; "the database I babysit" -> speaker (a relative clause with a first-person subject)."""
        for c in self.s.children(t, "nmod:poss", "det", "nmod", "poss"):
            if c.lower in _OWNER_WORDS:
                return SPEAKER
            if c.lemma in lx.RELATIONS and c.i < t.i:
                return self.subject_phrase(c)
            if self._is_person(c) and c.i < t.i:
                return self.value_text(c)
            if (
                self.s.lang == "ru" and c.i == t.i + 1 and c.feats.get("Case") == "Gen" and c.ent == "PER"
                and t.feats.get("Case") != "Gen"
            ):  # fmt: skip
                return self.value_text(c)  # "муж Ани", "девушку Кости": the owner follows in the genitive
        for rel in self.s.children(t, "relcl"):
            if any(c.lower in _SPEAKER_WORDS for c in self.s.children(rel, "nsubj")):
                return SPEAKER
        return None

    def _name_child(self, t: Tok) -> str | None:
        for c in self.s.children(t, "appos", "compound", "flat", "flat:name", "npadvmod", "nmod", "oprd"):
            named = (
                c.dep == "appos" and c.pos == "PROPN" and c.text[:1].isupper()
            )  # "my wife Julia" (not the language)
            owner = self.s.lang == "ru" and c.feats.get("Case") == "Gen" and t.feats.get("Case") != "Gen"
            listed = c.dep == "appos" and self.toks[c.i - 1].text == "," and bool(self.s.children(c, "cc"))
            if listed:
                continue  # "my girlfriend, Toby and I": a list of people, Toby is not the girlfriend
            if c.i > t.i and (self._is_person(c) or named) and not self.s.children(c, "case") and not owner:
                return self.value_text(c)  # not "сестра в Питере", not "муж Ани" (Anya's husband)
        nxt = self.toks[t.i + 1] if t.i + 1 < len(self.toks) else None
        if nxt is not None and self.s.lang == "ru" and nxt.feats.get("Case") == "Gen" and t.feats.get("Case") != "Gen":
            nxt = None  # "муж Ани": the owner, not the name
        if nxt is not None and nxt.pos == "PROPN" and self._is_person(nxt):  # the parse missed the apposition
            return self.value_text(nxt)
        pet_named = t.lemma in lx.PETS and nxt is not None and nxt.pos == "PROPN" and nxt.text[:1].isupper()
        return (
            self.value_text(nxt) if pet_named and nxt is not None else None
        )  # "my cat Pixel" (a phone's name)

    def _is_person(self, t: Tok) -> bool:
        """A capitalised proper name that is no gazetteer value (small-model NER types are not
        trusted: it calls Elena an organisation and Porto a person; the cue word types the value)."""
        if self.tool(t) is not None or not t.text[:1].isupper() or t.i in self.quoted:
            return False
        return t.pos in ("PROPN", "NOUN", "X") or t.ent == "PER"

    # -- values -----------------------------------------------------------------------------------
    def value_text(self, t: Tok) -> str:
        """The name ``t`` heads: compounds and flat parts kept, Russian in the nominative."""
        span = self.s.span_of(t)
        if span and self.s.lang == "ru" and span[2] != "MISC":
            span_toks = self.toks[span[0] : span[1]]
            if all(w.feats.get("Case") == "Nom" for w in span_toks):  # already nominative: keep as written
                return " ".join(w.text for w in span_toks)
            names = [self._ru_name(w) for w in span_toks] if span[2] == "PER" else []
            if names and all(names):
                return " ".join(n for n in names if n)  # "на Кристине" -> "Кристина" (natasha keeps "Кристине")
            if span[3] != " ".join(w.text for w in span_toks) and not _misread(span_toks, span[3]):
                return span[3]  # natasha's nominative; when it left the form as is, the lemmas below do
        parts = [t] + [
            c
            for c in self.s.children(t, "compound", "flat", "flat:name", "amod", "nummod", "nmod:poss")
            if (
                c.text[:1].isupper()
                or c.pos in ("PROPN", "NUM")
                or c.dep.startswith("flat")
                or c.dep == "compound"
            )
            and c.lower not in _SKIP_ADJ
            and c.lower not in _OWNER_WORDS
            and c.lower not in _NOT_NAME_PARTS
            and not (c.dep == "compound" and c.pos == "NOUN" and _job_word(c) and c.i < t.i)  # "cofounder Maja"
        ]
        idx = sorted(p.i for p in parts)
        idx = [k for k in idx if self.toks[k].pos != "NUM" or self.toks[k].i > idx[0]]  # "a 2015 VW Golf"
        lo, hi = _contiguous(idx, t.i)
        words = [self._form(self.toks[k]) for k in range(lo, hi + 1)]
        return " ".join(w for w in words if w not in ("'s", "’s")).strip(" .,'\"«»")

    def _form(self, t: Tok) -> str:
        if self.s.lang == "ru" and t.feats.get("Case") == "Nom" and t.text[:1].isupper():
            return t.text  # already the dictionary form; lemmas of rare names go wrong (Света -> свет)
        name = self._ru_name(t) if self.s.lang == "ru" else None
        if name:
            return name
        if self.s.lang == "ru" and re.search("[а-яё]", t.lower) and t.pos in ("PROPN", "NOUN", "ADJ"):
            lemma = t.lemma
            if lemma.endswith(_RU_VERB_ENDINGS) and t.text[:1].isupper():
                return t.text  # an indeclinable name read as a verb form: "в Авито" -> "авить"
            guess = ru_unknown_lemma(t.text) if t.text[:1].isupper() and t.feats.get("Case") != "Nom" else None
            if guess is not None and guess != lemma.replace("ё", "е") and lemma in ru_lemmas(t.text):
                lemma = guess  # a name the dictionary lacks: "в Бауманке" is Бауманка, not "Бауманок"
            if t.text.isupper() and len(t.text) > 1:  # an acronym keeps its capitals: МТС, МГУ, ВШЭ
                return lemma.upper() if len(lemma) == len(t.text) else t.text
            return lemma[:1].upper() + lemma[1:] if t.text[:1].isupper() else lemma
        return t.text

    def _ru_name(self, t: Tok) -> str | None:
        """A person's name in the nominative by the dictionary (the parser's lemma of a rare name
        is often another word: "Света" -> "свет"); only for a proper noun or a PER mention."""
        if t.ent != "PER" and (t.pos != "PROPN" or t.ent):
            return None  # not an organisation or a place NER found ("в «Тинькофф»")
        return ru_name(t.text, t.feats.get("Case", ""), t.feats.get("Gender", ""))

    def tool(self, t: Tok) -> tuple[str, str] | None:
        """(category, canonical name) when ``t`` starts or is part of a gazetteer value (a verb
        never is: "I go to the gym", "we rust-proofed it")."""
        nominal = t.dep.startswith(
            ("nsubj", "obj", "dobj", "pobj", "obl", "attr", "appos", "conj", "compound")
        )
        if t.pos in ("VERB", "AUX") and self.s.lang == "en" and not nominal:
            return None  # "Go for it!" opens a sentence with a capital and is still a verb
        nxt = self.toks[t.i + 1] if t.i + 1 < len(self.toks) else None
        if nxt is not None and nxt.text in ("#", "++") and nxt.start == t.start + len(t.text):
            glued = _TOOL_INDEX.get(t.lower + nxt.text)  # "C#" tokenised as "C" "#"
            if glued:
                return glued
        for n in range(_MAX_TOOL_WORDS, 0, -1):
            for start in range(max(0, t.i - n + 1), t.i + 1):
                words = self.toks[start : start + n]
                if len(words) == n:
                    key = " ".join(w.lower for w in words)
                    found = _TOOL_INDEX.get(key)
                    capitals = len(found[1]) == 1 or key in lx.CAPITALS_ONLY if found else False
                    if found and (not capitals or words[0].text[:1].isupper()):  # "c", "r", "edge": capitals only
                        return found
        if self.s.lang == "ru" and t.lemma in _TOOL_INDEX and t.lemma not in ("c", "r") and (
            t.lemma not in lx.CAPITALS_ONLY or t.text[:1].isupper()
        ):  # "на тайпскрипте"
            return _TOOL_INDEX[t.lemma]
        return None

    def tool_value(self, t: Tok) -> tuple[str, str] | None:
        found = self.tool(t)
        if found is None:  # "a Honor X8": the parse heads the phrase on the model, the brand its compound
            brand = next((c for c in self.s.children(t, "compound") if c.i < t.i and self.tool(c)), None)
            found = self.tool(brand) if brand is not None else None
            if brand is None or found is None or found[0] != "phone":
                return None
            t = brand
        cat, canon = found
        if cat == "phone":  # "iPhone 15", "Pixel 8 Pro", "Xiaomi Redmi Note 12"
            tail: list[str] = []
            named = set(canon.lower().split())
            for x in self.toks[t.i + 1 : t.i + 5]:
                if x.lower in named and not tail:
                    continue  # the rest of the name itself ("Samsung Galaxy")
                if not (
                    x.pos == "NUM"
                    or x.lower in lx.MODEL_WORDS
                    or re.match(r"[A-Z][a-z]*$|[A-Z]\d+\w*$|\d+\w*$", x.text)
                ):
                    break
                glued = tail and x.start == self.toks[x.i - 1].start + len(self.toks[x.i - 1].text)
                tail[-1:] = [tail[-1] + x.text] if glued else [*tail[-1:], x.text]
            canon = " ".join([canon, *tail])
        if cat == "operating_system" and t.i + 1 < len(self.toks) and self.toks[t.i + 1].pos == "NUM":
            canon = f"{canon} {self.toks[t.i + 1].text}" if " " not in canon else canon
        return cat, canon

    def city(self, t: Tok) -> str:
        value = self.value_text(t)
        return lx.CITY_ALIASES.get(value.casefold(), lx.CITY_ALIASES.get(t.lemma, value))

    def _place(self, t: Tok) -> bool:
        return self._name(t) and not (self.s.lang == "ru" and t.ent in ("PER", "ORG"))

    def _org(self, t: Tok) -> bool:
        """A name that may be an organisation; natasha's LOC counts when the dictionary knows no
        place of that name ("работаю в Сбере")."""
        if self.s.lang == "ru" and (t.ent == "PER" or t.ent == "LOC" and is_place_name(t.text) is True):
            return False
        return self._name(t)

    def _name(self, t: Tok) -> bool:
        return (
            self.tool(t) is None
            and t.text[:1].isupper()
            and t.pos not in ("PRON", "DET", "VERB", "AUX")
            and t.ent not in ("TIME", "NUM")
            and t.lemma not in _CALENDAR
        )

    # -- clauses ----------------------------------------------------------------------------------
    def _clause(self, v: Tok, subj: str | None) -> Iterator[Extracted]:
        named = v.lemma == "звать" and not self.s.children(v, "nsubj")  # "Меня зовут Тимур": the owner is the object
        if subj is not None or named:
            yield from self._verb_facts(v, subj or SPEAKER)
        yield from self._copula_facts(v, subj)

    def fact(self, subject: str, attribute: str, value: str, vtype: str) -> Extracted:
        if attribute == "hobby" and value.casefold() in lx.SPORTS:
            attribute = "sport"  # "climbing is my thing now": a sport, whatever the noun said
        if attribute == "city" and value.casefold().replace("ё", "е") in lx.COUNTRIES:
            attribute = "country"  # "я сейчас в Грузии": a country is no city
        return Extracted(subject, attribute.replace(" ", "_"), value, vtype, self.s.text)

    def _sane(self, f: Extracted) -> bool:
        """A fact whose subject is its own value is a misparse ("Сосед тоже Солярис купил")."""
        rel = f.subject.rsplit("'s ", 1)[-1] if "'s " in f.subject else ""
        if rel and lx.RELATION_FACTS.get(rel) == f.attribute and f.attribute in ("partner", "spouse"):
            return False  # "у моей девушки Алины": no partner of the girlfriend
        return f.subject.casefold() != f.value.casefold() and bool(f.value.strip())

    def obliques(self, v: Tok) -> list[tuple[str, Tok]]:
        out = []
        kids = self.s.children(v, "obl", "nmod", "advmod", "obj", "iobj", "xcomp")
        if self.s.lang == "ru":  # "пользуюсь Хромом": an instrumental the parse made the subject
            kids += [c for c in self.s.children(v, "nsubj") if c.feats.get("Case") == "Ins"]
        for o in kids:
            case = next((c.lemma for c in self.s.children(o, "case")), "")
            before = self.toks[o.i - 1] if o.i else None
            if not case and before is not None and before.pos == "ADP" and before.head != v.i and o.pos == "PROPN":
                case = before.lemma  # "не в Москве — я в Калуге живу": the parse hung "в" on the other name
            out.append((case, o))
        return out

    def _verb_facts(self, v: Tok, subj: str) -> Iterator[Extracted]:
        lemma = _lex(v, TOOL_VERBS | CITY_VERBS | EMPLOY_VERBS)
        for case, o in self.obliques(v):
            if o.i in self.quoted or self._negated_stretch(o, v):
                continue  # "сижу на Rust, обратно на плюсы не хочу"
            if case in _FROM_CASES:  # "перешёл с вима на VS Code", "switched from Vim": the old value
                if lemma in TOOL_VERBS:
                    yield from self._to_value_under(o, subj)  # the parse hung "на вим" on "емакса"
                continue
            tv = (
                self.tool_value(o)
                if lemma in TOOL_VERBS or o.dep in ("obl",) and lemma in TOOL_VERBS
                else None
            )
            worked_out = v.lemma == "work" and any(c.lower == "out" for c in self.s.children(v)) or any(
                c.lemma in ("membership", "абонемент") for c in self.s.children(v, "obj", "nsubj")
            )  # "got a membership at Planet Fitness", with the place hung on the verb
            if o.lemma in ("membership", "member", "абонемент"):  # "got a membership at Planet Fitness"
                o = next((x for c, x in self.obliques(o) if c in ("at", "в", "во")), o)
                case, worked_out = "at", True
            if tv is not None and tv[0] == "gym" and v.lemma in ("work", "работать") and not worked_out:
                tv = None  # "I work at Equinox": the employer
            if tv is None and (v.lemma in lx.GYM_VERBS or worked_out) and case in ("at", "to", "в", "во", ""):
                gym = self.tool_value(o)  # "I train at Gold's Gym", "тренируюсь в World Class"
                tv = gym if gym is not None and gym[0] == "gym" else None
            if tv is None and lemma in TOOL_VERBS:
                tv = next(
                    (self.tool_value(g) for g in self.s.children(o, "obl", "nmod") if self.tool(g)), None
                )
            if tv is not None:
                yield self.fact(subj, tv[0], tv[1], "tool")
                continue
            if (
                lemma in CITY_VERBS
                and case in ("in", "to", "at", "into", "of", "out", "в", "во", "на")
                and self._place(o)
            ):
                moves_things = lemma in ("move", "relocate") and any(
                    c.lower not in ("myself", "ourselves", "us") for c in self.s.children(v, "obj")
                )
                if not (lemma == "move" and o.dep == "obj") and not moves_things:
                    yield self.fact(subj, "city", self.city(o), "place")
            elif lemma in EMPLOY_VERBS and (
                case in ("at", "for", "with", "by", "в", "во", "на") or lemma == "join" and o.dep == "obj"
            ):
                org = self._org_value(o)
                if org and o.lemma in lx.GYM_NOUNS and self._called(o) is not None:
                    yield self.fact(subj, "gym", org, "organization")  # "joined a crossfit box called Iron Forge"
                elif org:
                    yield self.fact(subj, "employer", org, "organization")
            if (
                lemma == "work"
                and case in ("of",)
                and any(c.lower == "out" for c in self.s.children(v))
                and self._place(o)
            ):
                yield self.fact(subj, "city", self.city(o), "place")  # "working out of Austin"
            if (
                lemma in ("move", "transfer", "join", "put", "switch")
                and case in ("to", "onto", "on")
                and o.lemma == "team"
            ):
                mods = [c for c in self.s.children(o, "compound", "amod") if c.i < o.i]
                if len(mods) == 1:  # "got moved to the search team"
                    yield self.fact(subj, "team", mods[0].text, "concept")
            if (
                lemma == "end"
                and case == "in"
                and any(c.lower == "up" for c in self.s.children(v))
                and self._place(o)
            ):
                yield self.fact(subj, "city", self.city(o), "place")  # "ended up in Tbilisi"
            if lemma in ("promote", "повысить") and case in ("to", "до") and _job_word(o):
                title = self.job_title(o)  # "got promoted to engineering manager", "повысили до тимлида"
                if title:
                    yield self.fact(
                        SPEAKER if subj in (SPEAKER, None) else subj, "job_title", title, "concept"
                    )
            if case in ("as",) and lemma in ("work", "join", "start", "hire"):
                title = self.job_title(o)
                if title:
                    yield self.fact(subj, "job_title", title, "concept")
            elif lemma in _RU_WORK_AS and not case:
                title = self._ru_role(o)
                if title:  # "работаю в Скайенге методистом", "устроилась бэкенд-разработчиком"
                    yield self.fact(subj, "job_title", title, "concept")
            if (
                lemma in ("report", "подчиняться")
                and (case == "to" or o.feats.get("Case") == "Dat")
                and self._is_person(o)
            ):
                yield self.fact(subj, "manager", self.value_text(o), "person")
            if lemma in ("study", "учиться", "do") and case in ("at", "в", "во") and self._org(o):
                yield self.fact(subj, "university", self.value_text(o), "organization")
            elif lemma == "учиться" and case in ("в", "во", "на") and o.lemma in lx.DEGREE_STAGES:
                school = [c for c in self.s.children(o, "nmod") if self._org(c) and c.feats.get("Case") == "Gen"]
                if school:  # "учусь в магистратуре ВШЭ"
                    yield self.fact(subj, "university", self.value_text(school[0]), "organization")
        yield from self._possession(v, subj)
        if lemma in ("руководить", "manage", "supervise", "lead") and subj != SPEAKER and "'s " not in subj:
            if any(c.lower in ("мной", "me", "нами", "us") for c in self.s.children(v, "obj", "obl", "iobj")):
                yield self.fact(SPEAKER, "manager", subj, "person")  # "мной руководит Ирина Викторовна"
        for o in self.s.children(v, "obj", "obl"):
            diet = self._diet_noun(o)
            if diet:  # "started a vegan diet", "on a keto diet"
                yield self.fact(subj, "diet", diet, "concept")
            if o.lemma in lx.HOME_NOUNS and lemma in (
                "sign",
                "rent",
                "buy",
                "get",
                "find",
                "снять",
                "купить",
            ):
                for g in self.s.children(o, "obl", "nmod"):  # "signed a lease in Berlin"
                    if any(c.lemma in ("in", "в", "во") for c in self.s.children(g, "case")) and self._place(
                        g
                    ):
                        yield self.fact(subj, "city", self.city(g), "place")
        meets = any(c and c not in ("с", "со") for c, _ in self.obliques(v))  # "встречаюсь с Пашей в кафе": a meeting
        if v.lemma in ("date", "встречаться") and not meets and v.feats.get("Tense") != "Past" and v.tag not in ("VBD", "VBN"):
            for case, o in self.obliques(v):  # "I'm dating Chloe", "встречаюсь с Ксюшей"
                if (case in ("с", "со") or o.dep == "obj" and self.s.lang == "en") and self._is_person(o) and o.pos == "PROPN":
                    yield self.fact(subj, "partner", self.value_text(o), "person")
        if v.lemma == "marry":  # "Married Sam in June!", "Tom married Kate"
            for o in self.s.children(v, "obj", "dobj"):
                if self._is_person(o):
                    yield self.fact(subj, "spouse", self.value_text(o), "person")
        if v.lemma in ("ездить", "кататься", "гонять") and v.feats.get("Tense") != "Past":  # "папа ездит на Камри"
            for case, o in self.obliques(v):
                car = self._car(o) if case == "на" and o.text[:1].isupper() else None
                if car:
                    yield self.fact(subj, "car", car, "concept")
        sport = _SPORT_VERBS.get(v.lemma)
        if sport and v.feats.get("Tense") != "Past" and v.tag not in ("VBD", "VBN"):  # "плаваю каждое утро"
            objs = [o for o in self.s.children(v, "obj", "dobj") if o.lemma not in _RUN_OBJECTS | _REGULARLY]
            regular = any(t.lemma in _RUN_OBJECTS | _REGULARLY for t in self.toks)  # "I run late" is no sport
            if not objs and (regular or v.lemma not in ("run", "jog")) and not any(c.lemma in ("for", "into", "out") for c in self.s.children(v, "prep", "prt")):
                yield self.fact(subj, "sport", sport, "concept")
        if lemma in ("ходить", "go"):  # "хожу на йогу", "I go to judo"
            for case, o in self.obliques(v):
                if case in ("на", "to") and o.lemma in lx.SPORTS:
                    yield self.fact(subj, "sport", o.lemma, "concept")
        if v.lower in lx.SPORTS and any(c.lemma == "do" for c in self.s.children(v, "aux")):
            yield self.fact(
                subj, "sport", v.lower, "concept"
            )  # "I do bouldering": parsed as a verb after "do"
        if lemma in ("play", "играть", "do", "practice", "practise", "заниматься"):  # "I do yoga now"
            for o in self.s.children(v, "obj", "obl"):
                instrument = _lex(o, lx.INSTRUMENTS)
                if instrument in lx.INSTRUMENTS and lemma in ("play", "играть"):
                    yield self.fact(subj, "instrument", lx.INSTRUMENT_NAMES.get(instrument, instrument), "concept")
                elif o.lemma in lx.SPORTS:
                    yield self.fact(subj, "sport", o.lemma, "concept")
        if lemma in ("go", "turn", "become", "стать", "перейти") or lemma == "be":
            for c in self.s.children(v, "acomp", "attr", "obl", "xcomp", "obj", "oprd"):
                diet = lx.DIET_OF.get(c.lower) or lx.DIET_OF.get(c.lemma)
                if diet:
                    yield self.fact(subj, "diet", diet, "concept")
                if lemma == "turn" and c.pos == "NUM" and c.text.isdigit():
                    yield self.fact(subj, "age", c.text, "concept")
        if lemma == "call" and any(c.lower == "me" for c in self.s.children(v, "obj")):
            for c in self.s.children(v, "oprd", "xcomp", "attr"):
                if self._is_person(c):
                    yield self.fact(subj, "name", self.value_text(c), "person")
        if lemma == "звать":  # "моего пса зовут Рекс", "девушку Кости зовут Майя"
            named = next(
                (c for c in self.s.children(v, "nsubj", "xcomp", "obl", "obj") if self._is_person(c)), None
            )
            for o in self.s.children(v, "obj"):
                owner = self.owner_of(o)
                if named is None or owner is None or o.i == named.i:
                    continue
                if o.lemma in lx.PETS:
                    yield self.fact(owner, f"pet_{lx.PETS[o.lemma]}", self.value_text(named), "concept")
                elif owner == SPEAKER and lx.RELATION_FACTS.get(lx.RELATIONS.get(o.lemma, "")):
                    yield self.fact(
                        owner, lx.RELATION_FACTS[lx.RELATIONS[o.lemma]], self.value_text(named), "person"
                    )
        if lemma == "звать" and any(c.lower == "меня" for c in self.s.children(v)):
            for c in self.s.children(v, "nsubj", "obj", "xcomp", "obl"):
                if c.pos == "PROPN" or c.ent == "PER":
                    yield self.fact(SPEAKER, "name", self.value_text(c), "person")

    def _to_value_under(self, o: Tok, subj: str) -> Iterator[Extracted]:
        for g in self.s.children(o, "obl", "nmod"):
            if {c.lemma for c in self.s.children(g, "case")} & {"на", "to", "onto"} and self.tool(g):
                tv = self.tool_value(g)
                if tv is not None:
                    yield self.fact(subj, tv[0], tv[1], "tool")

    def _ru_role(self, o: Tok) -> str | None:
        """A role in the instrumental after a verb of work: an animate common noun, or a job
        noun, by the dictionary (natasha often tags "методистом" locative, "бэкенд-разработчиком"
        a verb); the title keeps its adjectives ("главным бухгалтером" -> "главный бухгалтер")."""
        if o.pos == "ADJ" or o.text[:1].isupper() or o.i in self.quoted or not re.fullmatch(r"[а-яё]+(-[а-яё]+)*", o.lower):
            return None
        found = ru_instrumental_noun(o.text)
        if found is None:
            return None
        noun, animate = found
        if not animate and noun.split("-")[-1] not in lx.JOB_HEADS:
            return None
        before = self.toks[o.i - 1] if o.i else None  # "старшим экономистом" (masculine: the lemma agrees)
        mods = [before.lemma] if before is not None and before.pos == "ADJ" and before.lower.endswith(("ым", "им")) else []
        return " ".join([*mods, noun])

    def _called(self, o: Tok) -> str | None:
        if self.s.lang != "en":
            return None
        for c in self.s.children(o, "acl"):
            if c.lower in ("called", "named"):
                target = next((g for g in self.s.children(c, "oprd", "xcomp", "attr", "obj")), None)
                if target is not None and self._name(target):
                    return self.value_text(target)
        return None

    def _pet_named(self) -> Iterator[Extracted]:
        """ "Мы взяли кошку! Зовут Муся", "взял щенка корги, назвал Бублик": the pet the message
        just introduced gets the name right after a verb of naming (by its form: the parse takes a
        capitalised "Зовут" for a name); not "меня зовут", not someone's relative."""
        for v in self.toks:
            if v.i in self.quoted or not (v.lower in _NAMING or v.lemma in _NAMING):
                continue
            if "pet" not in self.said:
                self._pet_before(v)
            if "pet" not in self.said:
                continue
            nxt = next((x for x in self.toks[v.i + 1 : v.i + 3] if x.pos != "PUNCT"), None)
            before = self.toks[v.i - 1].lower if v.i else ""
            if nxt is None or not self._is_person(nxt) or before in ("меня", "нас") or self._blocked(v):
                continue
            owner, species = self.said.pop("pet")
            span = self.s.span_of(nxt)
            name = self._form(nxt) if span and span[0] <= v.i < span[1] else self.value_text(nxt)
            yield self.fact(owner, f"pet_{species}", name, "concept")  # not "Зовут Муся"

    def _pet_before(self, naming: Tok) -> None:
        """A pet noun a verb of getting takes just before the naming verb, when the parse hung it
        elsewhere ("завели кролика!! зовут Блинчик")."""
        for t in reversed(self.toks[: naming.i]):
            species = lx.PETS.get(t.lemma)
            verb = next((x for x in reversed(self.toks[max(0, t.i - 3) : t.i]) if x.pos == "VERB"), None)
            if species and verb is not None and verb.lemma in HAVE_VERBS and not self._blocked(verb):
                owner = self._recipient(verb) or self.subject_of(verb)
                if owner is not None:
                    self.said["pet"] = (owner, species)
                return

    def _recipient(self, v: Tok) -> str | None:
        """Whom a thing was got for: "дочке купили морскую свинку", "подарили бабушке Honor"."""
        if self.s.lang != "ru" or v.lemma not in ("купить", "подарить", "взять", "завести", "отдать"):
            return None
        for c in self.s.children(v, "iobj", "obl"):
            if c.feats.get("Case") == "Dat" and c.lemma in lx.RELATIONS and not self.s.children(c, "case"):
                return self.subject_phrase(c)
        return None

    def _org_value(self, o: Tok) -> str | None:
        called = self._called(o)
        if called is not None:  # "a small MSP called Brightwire": the name, whatever the noun
            return called
        if o.lemma in ORG_NOUNS:  # "a tiny startup called Fernwood Labs", "в компании «Тинькофф»"
            for c in self.s.children(o, "acl", "appos", "nmod", "flat", "flat:name"):
                target = next((g for g in self.s.children(c, "oprd", "xcomp", "attr", "obj")), c)
                if self._org(target):
                    return self.value_text(target)
            return None
        return self.value_text(o) if self._org(o) else None

    def _possession(self, v: Tok, subj: str) -> Iterator[Extracted]:
        if v.lemma not in HAVE_VERBS and not (v.lemma == "я" and self.s.lang == "ru"):
            return
        objects = self.s.children(v, "obj", "nsubj") if self.s.lang == "ru" else self.s.children(v, "obj")
        subj = self._recipient(v) or subj
        for o in objects:
            if o.lower in _SPEAKER_WORDS:
                continue
            species = lx.PETS.get(o.lemma)
            if species:
                name = self._pet_name(o)
                if name:
                    yield self.fact(subj, f"pet_{species}", name, "concept")
                else:  # "We adopted a cat!!" - the next sentence may name it
                    self.said["pet"] = (subj, species)
                continue
            tv = self.tool_value(o)
            if tv and tv[0] == "phone":
                yield self.fact(subj, "phone", tv[1], "tool")
            elif v.lemma in ("drive", "have", "get", "buy", "own", "водить", "купить", "ездить"):
                car = self._car(o)
                if car:
                    yield self.fact(subj, "car", car, "concept")

    def _pet_name(self, pet: Tok, depth: int = 0) -> str | None:
        for c in self.s.children(pet, "acl", "appos", "nmod", "flat", "flat:name", "oprd", "npadvmod"):
            if c.lemma in lx.PETS and c.dep == "appos" and depth == 0:  # "a dog — a beagle named Biscuit"
                found = self._pet_name(c, 1)
                if found:
                    return found
            if self._is_person(c) and c.i > pet.i:
                return self.value_text(c)
            for g in self.s.children(c, "oprd", "xcomp", "attr", "appos", "obj"):
                if self._is_person(g):
                    return self.value_text(g)
        return None

    def _car(self, o: Tok) -> str | None:
        model = lx.CAR_MODELS_RU.get(o.lemma) or lx.CAR_MODELS_RU.get(o.lower)
        if model is None and self.s.lang == "ru":  # natasha's lemma of "Весте" is "вест"
            model = next((lx.CAR_MODELS_RU[w] for w in ru_lemmas(o.text) if w in lx.CAR_MODELS_RU), None)
        if model and self.s.lang == "ru":
            return model
        words = [t for t in self.toks if t.i in _subtree(self.s, o) and t.pos != "DET" and t.pos != "PUNCT"]
        brand = next((k for k, t in enumerate(words) if t.lower in lx.CAR_BRANDS), None)
        if brand is None:
            drives = (
                self.toks[o.head].lemma in ("drive", "водить")
                and o.text[:1].isupper()
                and self.tool(o) is None
            )
            return self.value_text(o) if drives else None  # "Ivan drives a Prius now"
        rest = [
            t.text
            for t in words[brand:]
            if t.text[:1].isupper() or t.pos in ("NUM", "PROPN") or t.lower in lx.CAR_BRANDS
        ]
        return " ".join(rest) or None

    def job_title(self, o: Tok) -> str | None:
        if not _job_word(o):
            return None
        if "-" in o.text and self.s.lang == "ru":  # "продакт-менеджером" -> "продакт-менеджер"
            return o.lemma if o.lemma.split("-")[-1] in lx.JOB_HEADS else o.text.lower()
        mods = [
            c
            for c in self.s.children(o, "compound", "amod", "nmod", "flat")
            if c.i < o.i and c.lower not in _SKIP_ADJ and c.pos not in ("DET", "PRON") and c.lower not in _OWNER_WORDS
        ]
        idx = sorted([o.i, *(m.i for m in mods)])
        lo, hi = _contiguous(idx, o.i)
        words = self.toks[lo : hi + 1]
        if self.s.lang == "ru":
            return " ".join(w.text if w.text.isupper() else w.lemma if w.i == o.i else w.text.lower() for w in words)
        return " ".join(w.text for w in words)

    def _copula_facts(self, v: Tok, subj_text: str | None) -> Iterator[Extracted]:
        """ "my boss is Oleg", "Zed is my editor", "I'm a data engineer", "I'm 34", "I'm in Bangalore"."""
        named = v.lemma in ("call", "name", "звать") and bool(self.s.children(v, "nsubj:pass"))
        if not (
            v.lemma == "be" or named or self.s.children(v, "cop") or v.pos in ("NOUN", "PROPN", "ADJ", "NUM")
        ):
            return
        subj_tok = next(iter(self.s.children(v, "nsubj", "nsubj:pass", "csubj")), None)
        if v.lemma == "be" or named:
            preds = self.s.children(v, "attr", "acomp", "oprd")
            # "I'm Ahmed, data engineer in Dubai": a job noun joined to the name is said of the subject too
            preds += [
                c for b in preds if self._is_person(b) for c in self.s.children(b, "conj", "appos")
                if _job_word(c) and c.lemma not in lx.RELATIONS and not self.s.children(c, "cc", "nsubj")
            ]  # fmt: skip
        else:
            preds = [v]
        if subj_tok is not None and v.lemma == "be" and subj_tok.text[:1].isupper() and self._place(subj_tok):
            if subj_tok.lemma != "home" and any(c.lemma == "home" for c in self.s.children(v)):
                yield self.fact(SPEAKER, "city", self.value_text(subj_tok), "place")  # "Tokyo has been home"
        if subj_tok is not None and subj_tok.lemma == "home" and self.owner_of(subj_tok) in (None, SPEAKER):
            for b in self.s.children(v, "attr"):  # "Home is Berlin now"
                if self._place(b):
                    yield self.fact(SPEAKER, "city", self.city(b), "place")
                    return

        if subj_tok is not None and v.lemma == "be" and self.tool_value(subj_tok) is not None:
            # value first: "Rust is what all my stuff is in now", "MySQL is the database I babysit"
            # the clause itself, not the clauses hanging off it ("..., Python's just for the odd notebook")
            apart = set().union(
                *(_subtree(self.s, c) for c in self.s.children(v, "ccomp", "conj", "parataxis") if c.i < v.i)
            )
            clause = [t for t in _subtree_toks(self.s, v) if t.i != subj_tok.i and t.i not in apart]
            if any(t.lower in ("i", "my") for t in clause) and not any(
                t.lower in lx.NEGATIONS for t in clause
            ):
                cat, canon = self.tool_value(subj_tok)  # type: ignore[misc]
                yield self.fact(SPEAKER, cat, canon, "tool")
                return
        if subj_tok is not None and v.lemma == "be" and subj_tok.lemma == "name" and "pet" in self.said:
            owner_word = next((c.lower for c in self.s.children(subj_tok, "nmod:poss")), "")
            if owner_word in ("her", "his", "its", "their") or any(
                c.lemma in lx.PETS for c in self.s.children(subj_tok)
            ):
                for b in preds:  # "We adopted a cat!! Her name is Miso"
                    if self._is_person(b):
                        owner, species = self.said.pop("pet")
                        yield self.fact(owner, f"pet_{species}", self.value_text(b), "concept")
                        return
        if v.lemma == "be" and subj_text is not None:
            age = self._age_after(v)
            if age:  # "I'm 19 and already tired", "Ahmed's 35 today!"
                yield self.fact(subj_text, "age", age, "concept")
        owned = self._owned_attribute(subj_tok) if subj_tok is not None else None
        for b in preds:
            if owned is not None:  # "my favourite band is Radiohead"
                owner, attribute = owned
                if attribute == "name" and "'s " in owner:  # "my partner's name is Alex" -> partner: Alex
                    base, rel = owner.split("'s ", 1)
                    if rel in lx.RELATION_FACTS and self._is_person(b):
                        yield self.fact(base, lx.RELATION_FACTS[rel], self.value_text(b), "person")
                        continue
                value = self._attribute_value(attribute, b)
                if value:
                    yield self.fact(owner, attribute, value[0], value[1])
                    continue
            role = self._my_role(b)  # "Kate's my manager now"
            if role is not None and subj_tok is not None and self._is_person(subj_tok):
                yield self.fact(SPEAKER, role, self.value_text(subj_tok), "person")
                continue
            role = self._my_role(subj_tok) if subj_tok is not None else None  # "my team lead is Marco now"
            if role is not None and self._is_person(b):
                yield self.fact(SPEAKER, role, self.value_text(b), "person")
                continue
            flipped = self._owned_attribute(b)  # "Zed is my editor now"
            if flipped is not None and subj_tok is not None:
                value = self._attribute_value(flipped[1], subj_tok)
                ante = self.antecedent(subj_tok) if flipped[1].startswith("favorite_") else None
                if value is None and ante is not None:  # "just finished Piranesi and it's my new favorite book"
                    value = self.title(ante), "concept"
                if value:
                    yield self.fact(flipped[0], flipped[1], value[0], value[1])
                continue
            if (
                subj_text is None
                or subj_tok is not None
                and subj_tok.lower not in _SPEAKER_WORDS
                and subj_text == SPEAKER
            ):
                continue
            yield from self._predicative(b, subj_text)
        if v.lemma == "be" and subj_text is not None:
            for case, o in self.obliques(v):
                if not self._negated_stretch(o, v):  # "Not in Madrid anymore — I'm in Seville now"
                    yield from self._located(case, o, subj_text)
            for a in self.s.children(v, "acomp", "advmod"):  # "I'm super into woodworking"
                for case, o in self.obliques(a):
                    if case == "into":
                        yield from self._located(case, o, subj_text)

    def _my_role(self, t: Tok) -> str | None:
        """The fact a relation noun the speaker owns names: "my manager" -> manager, "my team lead"
        -> manager, "my wife" -> spouse; None for anything else."""
        rel = lx.RELATIONS.get(t.lemma)
        if rel is None or self.owner_of(t) != SPEAKER:
            return None
        return lx.RELATION_FACTS.get(rel)

    def _age_after(self, v: Tok) -> str | None:
        """A bare number right after "be" (adverbs allowed between) that no unit follows."""
        for t in self.toks[v.i + 1 : v.i + 4]:
            if t.pos == "ADV" or t.lower in ("still", "already", "now", "just", "only", "almost", "nearly"):
                continue
            if t.pos == "NUM" and t.text.isdigit() and 0 < int(t.text) < 120:
                nxt = self.toks[t.i + 1] if t.i + 1 < len(self.toks) else None
                if (
                    nxt is None
                    or nxt.lower not in lx.UNITS
                    and not (nxt.pos == "NOUN" and nxt.lower not in ("today", "years", "year", "yo", *_FILLERS))
                ):
                    return t.text
            return None
        return None

    def _predicative(self, b: Tok, subj: str) -> Iterator[Extracted]:
        if b.lemma in ("fan", "фанат", "поклонник"):  # "I'm a big fan of pottery"
            for case, o in self.obliques(b):
                if (case in ("of",) or o.feats.get("Case") == "Gen") and o.pos in ("NOUN", "PROPN"):
                    if self.s.children(o, "det", "nmod", "obl") or o.lower in _NOT_NAMES:
                        continue  # "a fan of the genre", "fan of Lord of the Rings": not a clean value
                    tv = self.tool_value(o)
                    if tv is not None:  # "фанат питона", "a big fan of Rust": the tool is theirs
                        yield self.fact(subj, tv[0], tv[1], "tool")
                        continue
                    value = self.value_text(o) if o.text[:1].isupper() else o.lemma
                    yield self.fact(subj, "likes", value, "concept")
            return
        if b.lemma in ("employee", "staffer", "сотрудник", "сотрудница"):  # "an Umbrella Labs employee"
            org = [c for c in self.s.children(b, "compound", "nmod", "amod") if self._org(c)]
            if org:
                yield self.fact(subj, "employer", self.value_text(org[-1]), "organization")
                return
        if any(c.lower in _PRAISE for c in self.s.children(b, "predet", "amod", "det", "advmod")):
            return  # "J.K. Rowling is such an inspiring writer", "ты такой талантливый художник": praise
        school = self._school_after(b)
        if school is not None:  # "a third year at McGill", "a PhD student at Oxford"
            if b.lemma in lx.STUDENT_WORDS:
                yield self.fact(subj, "job_title", self.job_title(b) or b.text, "concept")
            yield self.fact(subj, "university", school, "organization")
            return
        title = self.job_title(b)
        if title:
            yield self.fact(subj, "job_title", title, "concept")
            for case, o in self.obliques(b):
                yield from self._located(case, o, subj)
            return
        diet = lx.DIET_OF.get(b.lower) or lx.DIET_OF.get(b.lemma)
        if diet:
            yield self.fact(subj, "diet", diet, "concept")
        elif b.pos == "NUM" and b.text.isdigit() and 0 < int(b.text) < 120:
            yield self.fact(subj, "age", b.text, "concept")
        elif b.ent == "NORP" and b.pos in ("ADJ", "PROPN", "NOUN") and self.s.lang == "en":
            yield self.fact(subj, "nationality", b.text, "concept")
        elif (
            subj == SPEAKER
            and b.pos == "PROPN"
            and self._is_person(b)
            and self.s.lang == "en"
            and any(c.lower == "i" for c in self.s.children(self.toks[b.head], "nsubj"))
        ):
            yield self.fact(subj, "name", self.value_text(b), "person")
        elif b.lemma in ("home", "дом") and any(c.ent == "LOC" for c in self.s.children(b)):
            pass

    def _school_after(self, b: Tok) -> str | None:
        """The university a student noun is at: "student at McGill", "a third year at Queens"
        (a year of study: an ordinal on "year"), "freshman at NYU"."""
        year = b.lemma == "year" and any(c.lower in lx.ORDINALS for c in self.s.children(b, "amod"))
        if not (year or b.lemma in lx.STUDENT_WORDS):
            return None
        nxt = self.toks[b.i + 1 : b.i + 3]
        if len(nxt) == 2 and nxt[0].lower == "at" and nxt[1].text[:1].isupper() and self.tool(nxt[1]) is None:
            return self.value_text(nxt[1])
        return None

    def _bare_ru_pet(self, t: Tok) -> str | None:
        """Russian chat names the speaker's pets without "мой": "кот Персик и собака Лайма
        подружились" (a pet noun opening the sentence, or joined to one, and no one else in it)."""
        if self.s.lang != "ru" or any(self._someone_else(x) for x in self.toks if x.head != x.i and not self._pet_name_of(x)):
            return None
        first = t if t.i == 0 else self.toks[t.head] if t.dep == "conj" and self.toks[t.head].lemma in lx.PETS else None
        return SPEAKER if first is not None and first.i == 0 and first.dep.startswith("nsubj") else None

    def _pet_name_of(self, x: Tok) -> bool:
        return self.toks[x.head].lemma in lx.PETS and x.dep in ("appos", "flat", "flat:name", "nmod")

    def _pets_listed(self) -> Iterator[Extracted]:
        """ "we have two cats now, Tofu and Tempeh", "у нас две кошки, Фасоль и Горошина": the
        names listed after a comma, to the end of the sentence, for counted pets the speaker has."""
        for t in self.toks:
            if t.lemma not in lx.PETS or t.i in self.quoted or not any(c.pos == "NUM" for c in self.s.children(t)):
                continue
            comma = next((x for x in self.toks[t.i + 1 : t.i + 3] if x.text == ","), None)
            if comma is None:
                continue
            rest = [x for x in self.toks[comma.i + 1 :] if x.text not in (".", "!", "and", "и", ",")]
            if not rest or len(rest) > 4 or not all(x.text[:1].isupper() and x.pos == "PROPN" for x in rest):
                continue
            if any(self._not_plain(x) for x in self.toks) or not self._speaker_has(t):
                continue
            for x in rest:
                yield self.fact(SPEAKER, f"pet_{lx.PETS[t.lemma]}", self._form(x), "concept")

    def _speaker_has(self, t: Tok) -> bool:
        head = self.toks[t.head]
        if self.s.lang == "ru":
            return any(x.lemma in ("я", "мы") and self.toks[x.i - 1].lemma == "у" for x in self.toks[1 : t.i])
        return head.lemma in HAVE_VERBS and self.subject_of(head) == SPEAKER

    def _late_pet(self, pet: Tok) -> bool:
        """"мой старый кот Рыжик любил спать на ноуте", "my old dog Rex loved the beach": a pet
        called old or former, of whom the sentence speaks in the past, is gone."""
        named = self.toks[pet.head] if pet.dep in ("amod", "compound") else pet  # "my old dog Rex": "old" on the name
        if not any(c.lemma in _PAST_ADJ for c in [*self.s.children(pet, "amod"), *self.s.children(named, "amod")]):
            return False
        return any(v.pos in ("VERB", "AUX") and (v.tag in ("VBD",) or v.feats.get("Tense") == "Past") for v in self.toks)

    def _uni_name(self, o: Tok) -> str | None:
        names = [c for c in self.s.children(o, "compound") if c.i == o.i - 1 and self._name(c)]
        return self.value_text(names[0]) if names else None

    def _after_student(self, o: Tok) -> bool:
        at = next((c for c in self.s.children(o, "case") if c.lower == "at"), None)
        return at is not None and at.i > 0 and self._school_after(self.toks[at.i - 1]) is not None

    def _diet_noun(self, o: Tok) -> str | None:
        if o.lemma not in lx.DIET_NOUNS:
            return None
        for c in self.s.children(o):
            joined = " ".join(t.text for t in _subtree_toks(self.s, c)).lower().replace(" - ", "-")
            if d := lx.DIET_OF.get(c.lower) or lx.DIET_OF.get(c.lemma) or lx.DIET_OF.get(joined):
                return d  # "a keto diet", "a gluten-free diet" (parsed gluten <- free <- diet)
        return None

    def _project_status(self, project: Tok) -> Iterator[Extracted]:
        """ "Project Atlas is shipped now", "Проект Atlas сейчас завершён"."""
        name = next(
            (
                c
                for c in self.s.children(project, "appos", "compound", "flat", "flat:name", "nmod")
                if c.text[:1].isupper()
            ),
            None,
        )
        if name is None and project.i + 1 < len(self.toks) and self.toks[project.i + 1].text[:1].isupper():
            name = self.toks[project.i + 1]
        if name is None:
            return
        rest = " " + " ".join(t.lower for t in self.toks[max(project.i, name.i) + 1 :]) + " "
        status = next((p for p in lx.STATUS_PHRASES if f" {p} " in rest), None)
        status = status or next((w for w in rest.split() if w in lx.STATUS_WORDS), None)
        if status:
            yield self.fact(f"project {name.text}", "project_status", status, "concept")

    def _located(self, case: str, o: Tok, subj: str) -> Iterator[Extracted]:
        if o.i in self.quoted:
            return
        diet = self._diet_noun(o)
        if diet and case in ("on", "на"):  # "I'm on a vegan diet"
            yield self.fact(subj, "diet", diet, "concept")
            return
        tv = self.tool_value(o)
        after = self.toks[o.i + 1].lower if o.i + 1 < len(self.toks) else ""
        if tv is not None and case in ("on", "на"):
            yield self.fact(subj, tv[0], tv[1], "tool")
        elif case == "at" and after in ("uni", "university") and self._name(o):  # "at Leeds uni"
            yield self.fact(subj, "university", self.value_text(o), "organization")
        elif case == "at" and o.lemma in ("uni", "university") and (named := self._uni_name(o)) is not None:
            yield self.fact(subj, "university", named, "organization")
        elif case == "at" and self._after_student(o):
            return  # "a second year at Durham": the university, said by _school_after
        elif case == "at" and o.lemma in lx.GYM_NOUNS and (gym := self._called(o)) is not None:
            yield self.fact(subj, "gym", gym, "organization")  # "I'm at a crossfit box called Iron Yard now"
        elif case in ("at", "for") and (self._org(o) or self._called(o)):
            yield self.fact(subj, "employer", self._called(o) or self.value_text(o), "organization")
        elif case in ("in", "в", "во") and self._place(o):
            yield self.fact(subj, "city", self.city(o), "place")
        elif case == "on" and o.lemma == "team":
            name = [
                c for c in self.s.children(o, "compound", "amod")
                if c.lower not in _SKIP_ADJ and (c.pos != "ADJ" or c.text[:1].isupper())  # not "a different team"
            ]  # fmt: skip
            if name:
                yield self.fact(subj, "team", name[0].text, "concept")
        elif case == "into" and tv is None:
            hobby = self._pastime(o)
            if hobby:  # "I'm really into climbing", "super into woodworking now"
                yield self.fact(subj, "hobby", hobby, "concept")

    def _pastime(self, o: Tok) -> str | None:
        """A bare activity noun or gerund ("climbing", "pottery", "board games"), not a person,
        a name, a pronoun or a determined thing ("into this show", "into her")."""
        if o.pos not in ("NOUN", "VERB") or o.text[:1].isupper() or self.s.children(o, "det", "nmod:poss", "poss"):
            return None
        if o.lower in _VAGUE or o.lemma in lx.RELATIONS or self.s.children(o, "relcl", "acl"):
            return None
        mods = [c for c in self.s.children(o, "compound", "amod") if c.i == o.i - 1 and c.pos in ("NOUN", "ADJ")]
        return " ".join([*(m.lower for m in mods), o.lower])

    def _owned_attribute(self, t: Tok) -> tuple[str, str] | None:
        """(owner, attribute) for "my editor", "Anna's manager", "my favourite band", "my dog"."""
        owner = self.owner_of(t)
        if owner is None and (self._opens_with_favourite(t) or self._opens_with(t, "name") or self._opens_hobby(t)):
            owner = SPEAKER  # "favorite book is The Name of the Wind", "Name's Tomasz": the speaker dropped "my"
        if owner is None or any(c.lemma in _PAST_ADJ for c in self.s.children(t)):
            return None
        if t.lemma in lx.RELATION_FACTS:
            return owner, lx.RELATION_FACTS[t.lemma]
        if t.lemma in lx.PETS:
            return owner, f"pet_{lx.PETS[t.lemma]}"
        if t.lemma in ("language", "tongue", "язык") and any(
            c.lemma in lx.NATIVE for c in self.s.children(t)
        ):
            return owner, "native_language"  # "my first language is Spanish", "Hindi is my mother tongue"
        fav = any(c.lemma in lx.FAVOURITE for c in self.s.children(t))
        if fav:
            return owner, lx.ATTRIBUTE_NOUNS.get(t.lemma) if t.lemma == "language" else f"favorite_{lx.FAVOURITE_NOUNS_RU.get(t.lemma, t.lemma)}"  # type: ignore[return-value]
        if t.lemma == "order" and not any(c.lemma in lx.ORDER_WORDS for c in self.s.children(t)):
            return None  # "my order is late": a delivery, not the usual one
        if t.lemma in lx.ATTRIBUTE_NOUNS:
            return owner, lx.ATTRIBUTE_NOUNS[t.lemma]
        return None

    def _opens_with(self, t: Tok, lemma: str) -> bool:
        """``t`` is the subject noun ``lemma`` and the sentence's first word ("Name's Tomasz")."""
        first = next((w for w in self.toks if w.pos != "PUNCT"), None)
        return t is first and t.lemma == lemma and t.dep.startswith("nsubj")

    def _opens_hobby(self, t: Tok) -> bool:
        """ "weekend hobby is woodworking": a hobby noun opening the sentence, a time word before it."""
        words = [w for w in self.toks if w.pos != "PUNCT"]
        lead = words[: t.i - words[0].i] if words else []
        return t.lemma == "hobby" and t.dep.startswith("nsubj") and all(w.lemma in _HOBBY_TIMES for w in lead)

    def _opens_with_favourite(self, t: Tok) -> bool:
        """``t`` is the subject noun of a sentence that opens "favorite N" / "new favorite N"."""
        words = [w for w in self.toks if w.pos != "PUNCT"]
        lead = [w.lemma for w in words[: t.i - words[0].i]] if words else []
        return (
            bool(lead)
            and t.dep.startswith("nsubj")
            and lead[-1] in lx.FAVOURITE
            and set(lead[:-1]) <= {"new"}
        )

    def _attribute_value(self, attribute: str, b: Tok) -> tuple[str, str] | None:
        if b.i in self.quoted:
            return None
        if attribute in ("manager", "spouse", "partner", "mentor", "name") or attribute.startswith("pet_"):
            if not self._is_person(b):  # "a guy named Jonas"
                named = [
                    g
                    for c in self.s.children(b, "acl")
                    if c.lemma in ("name", "call")
                    for g in self.s.children(c, "oprd", "xcomp", "obj")
                ]
                b = named[0] if named else b
            return (self.value_text(b), "person") if self._is_person(b) else None
        tv = self.tool_value(b)
        if tv is not None:
            return (
                (tv[1], "tool") if attribute in (tv[0], "favorite_" + b.lemma) or tv[0] == attribute else None
            )
        if attribute == "city":
            return (self.value_text(b), "place") if self._place(b) else None
        if attribute == "diet":
            d = lx.DIET_OF.get(b.lower)
            return (d, "concept") if d else None
        if attribute in ("sport", "hobby"):  # "swimming is my sport", "cooking is my hobby"
            return (b.lower, "concept") if b.pos in ("NOUN", "VERB", "PROPN") and b.tag != "PRP" else None
        if attribute == "native_language":
            return (b.text, "concept") if b.text[:1].isupper() else None
        if b.pos in ("PRON", "DET") or b.lower in _NOT_NAMES or b.lower in ("it", "this", "that", "mine"):
            return None
        if attribute.startswith("favorite_") and attribute[9:] in lx.TITLED and b.text[:1].isupper():
            return self.title(b), "concept"  # "The Name of the Wind", not "Name"
        open_ended = self.s.lang == "en" and (attribute.startswith("favorite_") or attribute == "usual_order")
        if (
            open_ended
            and b.pos in ("NOUN", "ADJ")
            and b.lemma not in lx.FAVOURITE
            and not {b.lemma, attribute[9:]} & _VAGUE
        ):
            return self._phrase(b), "concept"  # "my favourite food is sushi", "my usual is an oat milk latte"
        if attribute == "gym":
            return (self.value_text(b), "organization") if self._org(b) else None
        if attribute in ("employer", "team") or attribute.startswith("favorite_"):
            return (self.value_text(b), "concept") if b.text[:1].isupper() or b.pos == "PROPN" else None
        return None

    def _phrase(self, b: Tok) -> str:
        """``b`` with the words before it that qualify it: "a flat white" -> "flat white",
        "an oat milk latte" -> "oat milk latte"."""
        skip = ("det", "poss", "nmod:poss", "punct", "case")
        mods = [k for k in _subtree(self.s, b) if k < b.i and self.toks[k].dep not in skip]
        lo, hi = _contiguous(sorted([*mods, b.i]), b.i)
        return " ".join(t.text for t in self.toks[lo : hi + 1])

    def title(self, b: Tok) -> str:
        """The title ``b`` heads: its phrase without clauses hung on it, from a capitalised
        article on ("The Name of the Wind", "Piranesi")."""
        cut = set().union(
            *(
                _subtree(self.s, c)
                for c in self.s.children(b, "relcl", "acl", "advcl", "appos", "cc", "conj", "punct")
            )
        )
        idx = sorted(k for k in _subtree(self.s, b) if k not in cut)
        lo, hi = _contiguous(idx, b.i)
        while lo < b.i and not self.toks[lo].text[:1].isupper():
            lo += 1  # "a", "the" in lower case are not part of the title
        while hi > b.i and self.toks[hi].pos == "PUNCT":
            hi -= 1
        out = ""
        for k in range(lo, hi + 1):
            t = self.toks[k]
            glued = k > lo and t.start == self.toks[k - 1].start + len(self.toks[k - 1].text)
            out += t.text if glued or not out else " " + t.text
        return out.strip(" ,'\"«»")

    def _russian(self) -> Iterator[Extracted]:
        yield from _ru_facts(self)
        yield from self._ru_native()
        yield from self._ru_hobby()

    def _ru_hobby(self) -> Iterator[Extracted]:
        """ "хобби — рыбалка", "моё хобби — вязание", "готовка — моё хобби": the noun across the dash
        from "хобби"; whose by "мой" / "у X", the speaker's when no one else is in the stretch."""
        for part in self._stretches(dashes=False):
            a = next((t for t in part if t.lemma in ("хобби", "увлечение") and t.i not in self.quoted), None)
            dash = next((t for t in part if t.text in ("—", "–", "-")), None)
            if a is None or dash is None or any(self._not_plain(t) for t in part):
                continue
            side = [t for t in part if (t.i > dash.i) == (a.i < dash.i)]
            nouns = [t for t in side if t.pos == "NOUN" and t.feats.get("Case") == "Nom" and t.lemma not in ("хобби", "увлечение")]
            at = next((t for t in part if self.toks[t.i - 1].lower == "у" and t.i > 0), None)
            owner = _ru_owner(self, at) if at is not None else None
            if owner is None and (any(t.lemma == "мой" for t in part) or not any(self._someone_else(t) for t in part)):
                owner = SPEAKER
            if owner is not None and len(nouns) >= 1 and nouns[0] is side[0]:
                yield self.fact(owner, "hobby", nouns[0].lemma, "concept")
        yield from self._ru_demonym()

    def _ru_demonym(self) -> Iterator[Extracted]:
        """ "мой парень Джон американец": a nationality noun right after a name the parse left
        without a predicate."""
        for t in self.toks[1:]:
            prev = self.toks[t.i - 1]
            demonym = _demonym(t) if t.feats.get("Case") == "Nom" and t.i not in self.quoted else None
            if demonym is None or not (prev.pos == "PROPN" and self._is_person(prev)) or prev.feats.get("Case") != "Nom":
                continue
            part = next(p for p in self._stretches() if t in p)
            if not any(self._not_plain(x) or x.pos == "VERB" for x in part):
                yield self.fact(self.value_text(prev), "nationality", demonym, "concept")

    def _ru_native(self) -> Iterator[Extracted]:
        """ "родной язык у меня татарский", "родной у неё армянский": the language adjective after
        "родной" in its stretch; whose by "мой" / "у X" (a pronoun: the one person named before)."""
        for part in self._stretches(dashes=False):
            native = next((t for t in part if t.lemma == "родной" and t.i not in self.quoted), None)
            if native is None or any(self._not_plain(t) for t in part):
                continue
            lang = next((t for t in part if t.i > native.i and t.pos == "ADJ" and t.lemma.endswith(("ский", "цкий"))), None)
            if lang is None:
                continue
            at = next((t for t in part if any(c.lemma == "у" for c in self.s.children(t, "case")) or self.toks[t.i - 1].lower == "у"), None)
            if at is not None and at.lower in _RU_THIRD_PERSON:
                owner = self.antecedent_person(at) or _one_relative(self, at)
            elif at is not None:
                owner = _ru_owner(self, at)
            else:
                owner = SPEAKER if not any(self._someone_else(t) for t in self.toks) else None
            if owner is not None:
                yield self.fact(owner, "native_language", lang.lemma, "concept")

    def _appositions(self) -> Iterator[Extracted]:
        """ "my girlfriend Sofia", "my manager Oleg uses Emacs", "Meet Rex, our new dog": the
        relation is itself a fact."""
        for t in self.toks:
            head = self.toks[t.head]
            if t.lemma in lx.PETS and t.dep in ("amod", "compound") and head.i > t.i and t.i not in self.quoted:
                owner = self.owner_of(head)  # "my parrot Kiwi says ...": the parse makes the noun the name's modifier
                if owner is not None and head.pos == "PROPN" and not self._late_pet(t) and self._is_person(head) and not self._blocked(
                    self.toks[head.head]
                ):
                    called = self.value_text(head)
                    called = called[len(t.text) + 1 :] if called.lower().startswith(t.lower + " ") else called
                    yield self.fact(owner, f"pet_{lx.PETS[t.lemma]}", called, "concept")
                continue
            owner = self.owner_of(t) or self._bare_ru_pet(t) if t.lemma in lx.PETS else None
            if owner is not None and t.i not in self.quoted:
                if self._late_pet(t):
                    continue
                named = head if t.dep == "appos" and self._is_person(head) else None
                name = self.value_text(named) if named is not None else self._name_child(t)
                if name and not self._blocked(self.toks[head.head] if named is not None else head):
                    yield self.fact(owner, f"pet_{lx.PETS[t.lemma]}", name, "concept")
        yield from self._pets_listed()
        for t in self.toks:
            if t.lemma not in lx.RELATIONS and _job_word(t) and t.i not in self.quoted and self.owner_of(t) is not None:
                name, title = self._name_child(t), self.job_title(t)
                if name and title and not any(x.lower in lx.HYPOTHETICAL_MARKS for x in self.toks[: t.i]):
                    yield self.fact(name, "job_title", title, "concept")  # "our CTO Raj"
        for t in self.toks:
            attribute = lx.RELATION_FACTS.get(lx.RELATIONS.get(t.lemma, ""))
            if attribute is None or t.i in self.quoted:
                continue
            name = self._name_child(t)
            with_ = any(c.lemma == "с" for c in self.s.children(t, "case"))
            owner = self.owner_of(t) or (
                SPEAKER if self.s.lang == "ru" and with_ else None
            )  # "живу с мужем Андреем"
            if name is None or owner is None or any(c.lemma in _PAST_ADJ for c in self.s.children(t)):
                continue
            # the relation is presupposed whatever the clause says of it ("my girlfriend Lena says
            # hi", "btw my wife Julia wants to move"); only a condition puts it in doubt
            if any(x.lower in lx.HYPOTHETICAL_MARKS for x in self.toks[: t.i]):
                continue
            yield self.fact(owner, attribute, name, "person")


_HOBBY_TIMES = frozenset("weekend weekday evening summer winter main new current".split())
_MONTHS = frozenset(
    "january february march april may june july august september october november december jan feb mar apr "
    "jun jul aug sep sept oct nov dec января февраля марта апреля мая июня июля августа сентября октября "
    "ноября декабря".split()
)


def _birthday_noun(toks: list[Tok], t: Tok) -> bool:
    nxt = toks[t.i + 1].lower if t.i + 1 < len(toks) else ""
    return t.lemma in ("birthday", "bday", "b-day") or t.lemma == "день" and nxt == "рождения" or t.lower == "др"


def _in_date(toks: list[Tok], t: Tok) -> bool:
    """A month word with a day number beside it ("May 3": not the modal)."""
    near = [toks[k].lower for k in (t.i - 1, t.i + 1) if 0 <= k < len(toks)]
    return t.lower in _MONTHS and any(w.rstrip("stndrh").isdigit() for w in near)


def _date_in(part: list[Tok]) -> str | None:
    """A day of a month, as written: "june 12", "12th of June", "3 апреля" (a month alone is none)."""
    for k, t in enumerate(part):
        if t.lower not in _MONTHS:
            continue
        day = re.compile(r"^([12]?\d|3[01])(st|nd|rd|th)?$")
        if k + 1 < len(part) and day.match(part[k + 1].lower):
            return f"{t.text} {part[k + 1].text}"
        if k and day.match(part[k - 1].lower):
            return f"{part[k - 1].text} {t.text}"
        if k > 1 and part[k - 1].lower == "of" and day.match(part[k - 2].lower):
            return f"{part[k - 2].text} of {t.text}"
    return None


def _misread(words: list[Tok], normal: str) -> bool:
    """natasha's nominative of a one-word name the dictionary lacks is not pymorphy3's best guess
    ("Бауманке" -> "Бауманок", not "Бауманка")."""
    if len(words) != 1:
        return False
    guess = ru_unknown_lemma(words[0].text)
    return guess is not None and guess != normal.casefold().replace("ё", "е") and normal.casefold() in ru_lemmas(words[0].text)


def _has_cue(low: str, cues: Sequence[str]) -> bool:
    """A cue in a space-joined lower-case text, as whole words ("скоро", not "скорой"); a cue
    that ends in a space ("через ") is a word start."""
    return any(re.search(r"(?<!\w)" + re.escape(c.strip()) + ("" if c.endswith(" ") else r"(?!\w)"), low) for c in cues)


def _split_at(part: list[Tok], words: tuple[str, ...]) -> list[list[Tok]]:
    out: list[list[Tok]] = [[]]
    for t in part:
        if t.lower in words:
            out.append([])
        else:
            out[-1].append(t)
    return [p for p in out if p]


def _job_word(t: Tok) -> bool:
    return t.lemma in lx.JOB_HEADS or t.lower in lx.JOB_HEADS or t.lemma.split("-")[-1] in lx.JOB_HEADS


def _lex(t: Tok, table: Any) -> str:
    """The form of ``t`` a lexicon knows: its lemma, or the surface form when the lemmatiser
    failed on it (natasha tags pro-dropped "пользуюсь" as an adverb, "тимлид" as a verb)."""
    if t.lemma in table:
        return t.lemma
    if t.lower in table:
        return t.lower
    return next((x for x in ru_lemmas(t.text) if x in table), t.lemma)


def _contiguous(idx: list[int], anchor: int) -> tuple[int, int]:
    """The run of consecutive indices in ``idx`` that contains ``anchor``."""
    lo = hi = anchor
    s = set(idx)
    while lo - 1 in s:
        lo -= 1
    while hi + 1 in s:
        hi += 1
    return lo, hi


def _subtree_toks(sent: Sent, t: Tok) -> list[Tok]:
    return [sent.toks[i] for i in sorted(_subtree(sent, t))]


def _subtree(sent: Sent, t: Tok) -> set[int]:
    out, frontier = {t.i}, [t]
    while frontier:
        cur = frontier.pop()
        for c in sent.children(cur):
            if c.i not in out:
                out.add(c.i)
                frontier.append(c)
    return out


# -- Russian constructions the parse does not give as verb + argument -------------------------------
_DASH = frozenset("— – - :".split())
_RU_SKIP = frozenset(
    "теперь сейчас уже наконец всё еще ещё тоже же вот новый новая новое основной основная".split()
)


def _ru_owner(reader: Reader, t: Tok) -> str | None:
    """The owner a Russian possessive or dative names: меня/мне -> speaker, Маши -> Маша, мамы -> speaker's mother."""
    if t.lemma in ("я", "мы"):
        return SPEAKER
    if t.lemma in lx.RELATIONS:
        return f"{SPEAKER}'s {lx.RELATIONS[t.lemma]}"
    if reader._is_person(t):
        return reader.value_text(t)
    return None


def _ru_value_after(reader: Reader, a: Tok, kind: str) -> tuple[str, str] | None:
    """The first value after attribute noun ``a`` ("редактор — VS Code", "кот Барсик")."""
    for t in reader.toks[a.i + 1 : a.i + 6]:
        if t.i in reader.quoted or t.text in (",", ".", ";", "!", "?") or t.pos in ("VERB", "AUX"):
            return None
        if (
            t.text in _DASH
            or t.lower in _RU_SKIP
            or t.pos in ("ADV", "ADP")
            or t.lemma in ("у", "я", "мы", "меня")
        ):
            continue
        tv = reader.tool_value(t)
        if tv is not None:
            return (tv[1], "tool") if kind in ("tool", tv[0]) else None
        if t.text[:1].isupper() or re.match("[A-Za-z]", t.text):
            if kind == "car":
                words = [x.text for x in reader.toks[t.i : t.i + 3] if x.text[:1].isupper() or x.pos == "NUM"]
                return " ".join(words), "concept"
            if kind in ("person", "pet") and reader._is_person(t):
                return reader.value_text(t).split(" (")[0], "person"
            if kind == "place" and reader._place(t):
                return reader.city(t), "place"
            if kind == "phone":
                words = [x.text for x in reader.toks[t.i : t.i + 4] if re.match("[A-Za-z0-9]", x.text)]
                return " ".join(words), "tool"
        if t.pos in ("NOUN", "PROPN") and not t.text[:1].isupper() and kind != "tool":
            return None
    return None


def _ru_facts(reader: Reader) -> Iterator[Extracted]:
    toks = reader.toks
    for t in toks:
        if t.i in reader.quoted:
            continue
        # "у меня кот Барсик", "у мамы новый телефон — Samsung", "Начальником у меня теперь Вадим"
        if any(c.lemma == "у" for c in reader.s.children(t, "case")):
            owner = _ru_owner(reader, t)
            if owner is None or reader._blocked(toks[t.head] if t.head != t.i else t):
                continue
            owners = [x.i for x in toks if any(c.lemma == "у" for c in reader.s.children(x, "case"))]
            after = toks[t.i + 1] if t.i + 1 < len(toks) else None
            linked = after is not None and (after.head == t.i or t.head == after.i)
            tv = reader.tool_value(after) if after is not None and linked else None
            if tv is not None:  # "у нас ClickHouse"
                yield reader.fact(owner, tv[0], tv[1], "tool")
            for a in toks:  # the owned noun stands next to its owner, with no other "у X" between
                between = [o for o in owners if min(a.i, t.i) < o < max(a.i, t.i)]
                if (
                    abs(a.i - t.i) <= 4
                    and not between
                    and not any(x.text in ",;" for x in toks[min(a.i, t.i) : max(a.i, t.i)])
                ):
                    yield from _ru_owned(reader, owner, a)
        # "любимая группа теперь Кино": a sentence that opens on a favourite noun is the speaker's
        first = next((x for x in toks if x.pos != "PUNCT"), None)
        if t is first and t.lemma in lx.FAVOURITE and t.head != t.i and not reader._blocked(toks[t.head]):
            yield from _ru_owned(reader, SPEAKER, toks[t.head])
        # "мой дом — Берлин", "Мой основной редактор сейчас — Neovim", "Мой руководитель теперь Александр"
        if t.lemma in ("мой", "наш") and t.head != t.i:
            noun = toks[t.head]
            past = any(c.lemma in _PAST_ADJ for c in reader.s.children(noun))
            if not past and not reader._blocked(toks[noun.head] if noun.head != noun.i else noun):
                yield from _ru_owned(reader, SPEAKER, noun)
        # "мне 29", "сыну 10 лет", "сестре 28"
        num_tok = next(
            (x for x in toks[t.i + 1 : t.i + 3] if x.lower not in _RU_SKIP and x.lower != "сегодня"), None
        )
        if t.feats.get("Case") == "Dat" and num_tok is not None and num_tok.pos == "NUM":
            owner = _ru_owner(reader, t)
            num = num_tok.text
            if owner and num.isdigit() and 0 < int(num) < 120:
                yield reader.fact(owner, "age", num, "concept")
        # "Стеша вегетарианка": the parse makes the name a modifier of the predicate noun
        if t.dep == "root" and (lx.DIET_OF.get(t.lemma) or lx.DIET_OF.get(t.lower)):
            name = next(
                (
                    c
                    for c in reader.s.children(t, "amod", "nsubj", "nmod")
                    if reader._is_person(c) and c.i < t.i
                ),
                None,
            )
            if name is not None and not reader._blocked(t):
                yield reader.fact(
                    reader.value_text(name), "diet", lx.DIET_OF.get(t.lemma) or lx.DIET_OF[t.lower], "concept"
                )
        # "я тестировщица", "Тимур теперь тимлид", "Я пескетарианец", "я в Калининграде"
        if t.dep == "nsubj" and (t.lemma in ("я", "мы") or reader._is_person(t) or t.lemma in lx.RELATIONS):
            subj = reader.subject_phrase(t)
            if subj is not None and not reader._blocked(toks[t.head]):
                yield from _ru_predicate(reader, t, subj)
        # "вышла замуж за Диму", "женился на Ане"
        if t.lemma == "замуж" or t.lemma == "жениться":
            v = toks[t.head] if t.lemma == "замуж" else t
            subj = reader.subject_of(v)
            for o in toks[t.i + 1 : t.i + 4]:
                if subj and reader._is_person(o) and not reader._blocked(v):
                    yield reader.fact(subj, "spouse", reader.value_text(o), "person")
                    break
        if t.lemma == "отчитываться":
            subj = reader.subject_of(t)
            for o in reader.s.children(t, "obl", "iobj", "obj"):
                if subj and o.feats.get("Case") == "Dat" and reader._is_person(o) and not reader._blocked(t):
                    yield reader.fact(subj, "manager", reader.value_text(o), "person")


def _ru_owned(reader: Reader, owner: str, a: Tok) -> Iterator[Extracted]:
    known = {**lx.PETS, **lx.RELATIONS, **lx.ATTRIBUTE_NOUNS}
    lemma = _lex(a, known)
    if lemma != a.lemma:
        a = Tok(a.i, a.text, lemma, a.pos, a.dep, a.head, a.feats, a.ent, a.tag, a.start)
    if a.lemma in lx.PETS:
        found = _ru_value_after(reader, a, "pet")
        if found:
            yield reader.fact(owner, f"pet_{lx.PETS[a.lemma]}", found[0], "concept")
    elif lx.RELATION_FACTS.get(lx.RELATIONS.get(a.lemma, "")) in ("manager", "spouse", "partner"):
        found = _ru_value_after(reader, a, "person")
        if found:
            yield reader.fact(owner, lx.RELATION_FACTS[lx.RELATIONS[a.lemma]], found[0], "person")
    elif a.lemma in ("машина", "автомобиль", "тачка"):
        found = _ru_value_after(reader, a, "car")
        if found:
            yield reader.fact(owner, "car", found[0], "concept")
    elif a.lemma == "телефон":
        found = _ru_value_after(reader, a, "phone")
        if found:
            yield reader.fact(owner, "phone", found[0], "tool")
    elif a.lemma == "дом":
        found = _ru_value_after(reader, a, "place")
        if found:
            yield reader.fact(owner, "city", found[0], "place")
    elif a.lemma == "диета":
        near = [*reader.s.children(a), reader.toks[a.head]]  # "веганская диета" either way round
        diet = next((d for c in near if (d := lx.DIET_OF.get(c.lemma))), None)
        after = [t for t in reader.toks[a.i + 1 : a.i + 4] if lx.DIET_OF.get(t.lemma)]
        diet = diet or (lx.DIET_OF[after[0].lemma] if after else None)
        if diet:
            yield reader.fact(owner, "diet", diet, "concept")
    elif (
        any(c.lemma in lx.FAVOURITE for c in reader.s.children(a, "amod"))
        and a.pos == "NOUN"
        and a.lemma != "язык"
    ):
        title = _ru_title_after(reader, a)  # "моя любимая книга — «Мастер и Маргарита»", "любимая группа теперь Кино"
        this = next((c for c in reader.s.children(a, "nsubj") if c.lower == "это"), None)
        ante = reader.antecedent(this) if this is not None and not title else None
        title = reader.value_text(ante) if ante is not None else title  # "подсел на Кино, теперь это моя любимая группа"
        if title:
            yield reader.fact(owner, f"favorite_{lx.FAVOURITE_NOUNS_RU.get(a.lemma, a.lemma)}", title, "concept")
    elif a.lemma in ("редактор", "язык", "ос", "база"):
        found = _ru_value_after(reader, a, "tool")
        if found:
            cat = reader.tool(next(t for t in reader.toks if t.i > a.i and reader.tool(t)))
            if cat:
                yield reader.fact(owner, cat[0], found[0], "tool")


def _ru_title_after(reader: Reader, a: Tok) -> str | None:
    """The name after a favourite noun: capitalised words and short links ("Мастер и Маргарита"),
    or one common noun ("любимая еда — пельмени"); quotes, dashes and "теперь" skipped."""
    words: list[Tok] = []
    for t in reader.toks[a.i + 1 : a.i + 10]:
        skip = t.lower in _RU_SKIP or t.lower in ("это", "до", "по-прежнему") or t.dep == "fixed"  # "до сих пор"
        if not words and (t.text in _DASH or t.text in '«"“' or skip):
            continue
        if t.text[:1].isupper() or t.pos == "NUM" or words and t.lower in _TITLE_LINKS:
            words.append(t)
            continue
        if not words and t.pos == "NOUN":
            return t.text
        break
    while words and not (words[-1].text[:1].isupper() or words[-1].pos == "NUM"):
        words.pop()
    return " ".join(t.text for t in words) or None


def _heads_of(reader: Reader, t: Tok) -> tuple[int, ...]:
    """Tokens the parser hung on a pronoun subject as modifiers ("я в Тинькофф": the name is the
    pronoun's nmod); a noun's nmod may be its name ("сестра в Питере" read as "сестра Питер")."""
    return tuple(c.i for c in reader.s.children(t, "nmod")) if t.lemma in ("я", "мы") else ()


def _ru_predicate(reader: Reader, subj_tok: Tok, subj: str) -> Iterator[Extracted]:
    clause = []
    for t in reader.toks[subj_tok.i + 1 :]:
        if t.pos == "PUNCT" and t.text not in _DASH:
            break
        clause.append(t)
    if any(t.lower in lx.NEGATIONS or t.feats.get("Tense") == "Fut" and t.pos == "VERB" and not _job_word(t) for t in clause):
        return  # "я на Emacs не пересяду"
    nxt = [
        t
        for t in reader.toks[subj_tok.i + 1 : subj_tok.i + 6]
        if t.text not in _DASH and t.lower not in _RU_SKIP
    ]
    if nxt and nxt[0].head == subj_tok.i and nxt[0].i == subj_tok.i + 1 and subj_tok.lemma in lx.RELATIONS:
        if reader._is_person(nxt[0]) and len(nxt) > 1:
            nxt = nxt[1:]  # "моя девушка Инес португалка": the name, then the predicate
    if not nxt or nxt[0].i in reader.quoted:
        return
    b = nxt[0]
    head = b.lower.split("-")[-1]
    if b.lower in ("его", "её", "ее", "их", "мой", "твой"):
        return  # "я его админ": someone's admin, not a job title
    if b.lemma in lx.JOB_HEADS or head in lx.JOB_HEADS or b.lower in lx.JOB_HEADS:
        title = b.text if "-" in b.text or b.lower in lx.JOB_HEADS else b.lemma
        yield reader.fact(subj, "job_title", title, "concept")
        for t in nxt[1:3]:
            org = next((x for x in reader.toks[t.i + 1 : t.i + 3] if x.pos != "PUNCT"), None)
            if t.lemma in ("в", "во") and org is not None and reader._org(org):  # "дизайнер в «Авито»"
                yield reader.fact(subj, "employer", reader.value_text(org), "organization")
        return
    if subj == SPEAKER and subj_tok.lemma == "я" and b.i == subj_tok.i + 1 and _ru_self_name(reader, b):
        yield reader.fact(SPEAKER, "name", reader.value_text(b), "person")  # "я Айдар, дата-инженер из Казани"
        after = [t for t in reader.toks[b.i + 1 : b.i + 4] if t.pos != "PUNCT"]
        if after and reader.toks[b.i + 1].text == "," and after[0].lower.split("-")[-1] in lx.JOB_HEADS:
            yield reader.fact(SPEAKER, "job_title", after[0].lower, "concept")
        return
    if b.lemma in ("мой", "моя", "наш", "наша") and len(nxt) > 1:  # "Катя теперь мой руководитель"
        attribute = lx.RELATION_FACTS.get(lx.RELATIONS.get(_lex(nxt[1], lx.RELATIONS), ""))
        if attribute and subj != SPEAKER and "'s " not in subj:
            yield reader.fact(SPEAKER, attribute, subj, "person")
        return
    diet = lx.DIET_OF.get(b.lower) or lx.DIET_OF.get(b.lemma)
    if diet:
        yield reader.fact(subj, "diet", diet, "concept")
    elif b.pos in ("NOUN", "PROPN", "VERB") and b.feats.get("Case", "Nom") == "Nom" and _demonym(b) is not None:
        yield reader.fact(subj, "nationality", _demonym(b) or "", "concept")  # "я казашка", "Инес португалка"
    elif b.lemma in ("в", "во") and len(nxt) > 2 and nxt[1].lemma == "команда" and nxt[2].head == nxt[1].i:
        yield reader.fact(subj, "team", nxt[2].lemma, "concept")  # "я в команде платежей"
    elif (
        b.lemma in ("в", "во")
        and len(nxt) > 1
        and (nxt[1].i in (subj_tok.head, *_heads_of(reader, subj_tok)) or _verbless_sibling(reader, subj_tok, nxt[1], clause))
    ):
        # "я в Калининграде"; "я в Озоне", "я в Тинькофф" (an organisation, whatever NER says) is not a city
        o = nxt[1]
        if o.ent == "LOC" and reader._place(o) and is_place_name(o.text) is not False:
            yield reader.fact(subj, "city", reader.city(o), "place")
        elif o.ent in ("ORG", "LOC") and reader._org(o):
            yield reader.fact(subj, "employer", reader.value_text(o), "organization")
    elif b.lemma == "на" and len(nxt) > 1:
        diet = lx.DIET_OF.get(nxt[1].lemma)
        tv = reader.tool_value(nxt[1])
        if diet:
            yield reader.fact(subj, "diet", diet, "concept")
        elif tv is not None:  # "я на Windows 11", "я на IntelliJ IDEA"
            yield reader.fact(subj, tv[0], tv[1], "tool")


def _ru_self_name(reader: Reader, b: Tok) -> bool:
    """"я Айдар": a given name in the nominative right after "я" (not a place, tool or word)."""
    if b.feats.get("Case") not in (None, "Nom") or reader.tool(b) is not None or not b.text[:1].isupper():
        return False
    return b.ent == "PER" or b.pos == "PROPN" and reader._ru_name(b) is not None and b.ent != "LOC"


def _verbless_sibling(reader: Reader, subj_tok: Tok, o: Tok, clause: list[Tok]) -> bool:
    """"я в Твери, брат в Москве, встречаемся ...": the parse hangs both the pronoun and its place
    on a later verb; the stretch up to the comma has no verb of its own."""
    return o.head == subj_tok.head and o.i == subj_tok.i + 2 and not any(t.pos in ("VERB", "AUX") for t in clause)


def _one_relative(reader: Reader, pron: Tok) -> str | None:
    """The one relative named before a pronoun in the sentence ("соседка по квартире ..., у неё")."""
    rels = {who for t in reader.toks[: pron.i] if t.lemma in lx.RELATIONS and (who := reader.subject_phrase(t))}
    return rels.pop() if len(rels) == 1 else None


def _demonym(t: Tok) -> str | None:
    """A Russian nationality noun as written in the nominative ("казашка"; natasha's lemma may be off)."""
    if t.lower in lx.NATIONALITIES_RU:
        return t.lower
    return t.lemma if t.lemma in lx.NATIONALITIES_RU and t.lemma not in ("русский", "русская") else None
