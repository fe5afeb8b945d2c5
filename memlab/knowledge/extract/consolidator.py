"""NLPConsolidator: the offline consolidator on parsed sentences (spaCy English, natasha Russian).

Every episode spoken by a person (the user, or a named speaker such as a LoCoMo participant or a
synthetic persona; not the assistant) is parsed; each fact it states as current becomes a
proposal keyed ``subject|attribute``. The subject is who the fact is about: the speaker for
first-person statements ("I moved to Oslo" said by Mark -> ``mark|city``), else the person named
("my sister" -> ``mark's sister|city``, "Anna's manager" -> ``anna|manager``), so one person's
update never supersedes another's. Entities come from the facts' subjects and values, the
speakers, and NER (people, places, organisations), never from capitalised words alone.

Facts are written in the message's language with a fixed template per attribute, so the same
fact stated twice is one fact and a Russian question finds a Russian fact.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import replace

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.clauses import NOT_NAMES, SPEAKER, Analysis, Extracted, ended, read
from memlab.knowledge.extract.kin import named_relatives, owner_subject
from memlab.knowledge.extract.nlp import (
    Sent,
    is_city_name,
    is_place_name,
    language,
    parse_many,
    ru_name_gender,
)
from memlab.knowledge.extract.open_clauses import OPEN, open_line
from memlab.knowledge.extract.updates import (
    CHANGE_CUES,
    PET_GONE,
    agree,
    pet_gone_sentences,
    updates,
    with_pastimes,
)
from memlab.knowledge.extract.values import CAR_BRANDS_LATIN
from memlab.lang import wordlists as wl
from memlab.types import ConsolidationContext, EntityMention, EpisodeRef, FactEnd, FactProposal, Plan

NLP_CONFIDENCE = 0.8
USER = "user"
# attributes a person holds several of at once: a new value joins the others instead of replacing
# them, so the value is part of the key ("I'm a fan of pottery" never supersedes "... of jazz")
SET_VALUED = frozenset({"likes", "hobby", "sport", "instrument"})
# ...except a pastime taken up with a change word and no "also": "been really into bouldering
# lately" (after "I play tennis") replaces the old pastime; "I also play chess now" joins it
PASTIMES = frozenset({"hobby", "sport"})
_VAGUE = wl.all_words("consolidator_vague")
# ...and an instrument taken up with a change word replaces the one played before ("гитару
# забросил, теперь у меня укулеле"); only an instrument replaces an instrument
_REPLACEABLE = PASTIMES | {"instrument"}
_ADDITIVE = wl.all_words("additive")
_CHANGE_PHRASES = ("these days", "last few weeks", "последнее время", "в последние")

EN: dict[str, str] = wl.table("en", "fact_lines")
RU: dict[str, str] = wl.table("ru", "fact_lines")
_DIET_RU = wl.table("ru", "diet_names")
_CAR_RU = {canon: word.capitalize() for word, canon in lx.CAR_MODELS_RU.items() if canon.isascii()}
# a brand by its Russian name too ("Mazda (Мазда)"): the first Cyrillic name the table gives each Latin one
_BRAND_RU = {latin: word.capitalize() for word, latin in reversed(CAR_BRANDS_LATIN.items())}
_RU_SUBJECT = {USER: ("Пользователь", "пользователя")}
_RELATION_RU = wl.table("ru", "relation_nouns")


log = logging.getLogger(__name__)


class NLPConsolidator:
    """Offline Consolidator on a dependency parse (see the module docstring). Never writes."""

    name = "nlp"

    def __init__(self, confidence: float = NLP_CONFIDENCE, learned: bool = False) -> None:
        self.confidence = confidence
        self.learned = learned  # the trained fallback beside the rules (consolidation.learned_fallback)

    def warm(self) -> None:
        """Load the parsers now (seconds, once per process), e.g. on a background thread."""
        from memlab.knowledge.extract import nlp

        nlp.warm()

    def ready(self) -> bool:
        """Parsing is fast now (the parsers are loaded): a read may consolidate in line."""
        from memlab.knowledge.extract import nlp

        return nlp.loaded()

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        merged: dict[tuple[str, str], FactProposal] = {}
        ends: dict[str, FactEnd] = {}
        mentions: dict[str, EntityMention] = {}
        spoken = [
            (ep, strip_speaker(ep.content, ep.speaker))
            for ep in sorted(episodes, key=lambda e: (e.time, e.id))
        ]
        spoken = [(ep, text) for ep, text in spoken if speaker_of(ep) is not None]
        analyses = _analyses([text for _, text in spoken], self.learned)
        known = _known(context, spoken, analyses)
        pastimes = _known_pastimes(context, spoken)
        for (ep, text), (lang, (facts, names), sents) in zip(spoken, analyses, strict=True):
            try:
                speaker = speaker_of(ep)
                assert speaker is not None
                if ep.speaker:
                    _mention(mentions, EntityMention(ep.speaker, "person", "speaker"))
                for name, etype in names:
                    _mention(mentions, EntityMention(name, etype))
                for name, alias in _aliases(text, [*(n for n, e in names if e == "person"),
                                                  *(f.value for f in facts if f.value_type == "person")], speaker):
                    _mention(mentions, EntityMention(name, "person", aliases=(alias,)))
                facts = agree(facts, known.get(speaker.casefold(), {}), sents)  # "I'm at Michigan now" of a student
                facts = [_known_name(f, known) for f in facts]  # "Надька" is the Надя memory knows
                found = updates(sents, with_pastimes(_as_speaker(known, speaker), pastimes.get(speaker.casefold(), [])), text)
                facts = _retyped(facts, found, known, speaker)
                stated = {(subject_name(f.subject, speaker).casefold(), f.attribute) for f in facts}
                values = {f.value.casefold() for f in facts}  # one mention has one role: "a puppy named Rex" is no manager
                changed = [
                    f
                    for f in found
                    if (subject_name(f.subject, speaker).casefold(), f.attribute) not in stated
                    and f.value.casefold() not in values
                ]
                for f in ended(text, sents):  # "quit tennis": that sport is over, nothing replaces it
                    key = f"{subject_name(f.subject, speaker).casefold()}|{f.attribute}:{f.value.casefold()}"
                    ends[key] = FactEnd(key, (ep.id,))
                for key in _replaced_pastimes([*facts, *changed], sents, text, speaker, pastimes):
                    ends[key] = FactEnd(key, (ep.id,))
                for key in _departed_pets(text, speaker, known):  # "Mochi passed away", "Луны больше нет"
                    ends[key] = FactEnd(key, (ep.id,))
                for key in _former_relations([*facts, *changed], known.get(speaker.casefold(), {})):
                    ends[key] = FactEnd(key, (ep.id,))  # "dating Leah now": Sam is no longer the girlfriend
                kin = _kin_of(known, sents, speaker)
                for name, owner in kin.items():  # "мой брат Лёша", "my brother Kofi": what the name is to the speaker
                    if (name, owner) in _stated_kin(sents, speaker):
                        _add(merged, self._relation(name, owner, ep.id, lang))
                        known.setdefault(name.casefold(), {})["relation"] = owner
                earlier = _kin_of(known, [], speaker)  # the relatives memory knows by name, this message's now included
                for f in [_named_relative(f, earlier, known, speaker) for f in [*facts, *changed]]:
                    if f.value.casefold() in _VAGUE or f.subject.casefold() in NOT_NAMES:
                        continue  # "Nate's hobby is playing", "on the top team"; "Yep, running" is nobody's
                    proposal = self._proposal(f, speaker, lang, ep.id, _kin_lookup(kin, f.subject))
                    _add(merged, proposal)
                    if proposal.key in ends and ends[proposal.key].source_ids == (ep.id,):
                        # "We lost Marmalade ..., and a kitten called Pudding has been running the house":
                        # the message's new value supersedes the old one; its end would take the new one too
                        del ends[proposal.key]
                    if proposal.key and "|" in proposal.key and f.attribute not in SET_VALUED:
                        known.setdefault(proposal.key.split("|", 1)[0], {})[f.attribute] = f.value
                    for e in proposal.entities:
                        _mention(mentions, e)
            except Exception:  # one message the rules trip over (a parser's odd tree) costs its facts, not the batch's
                log.warning("nlp consolidator: message %s skipped", ep.id, exc_info=True)

        return Plan(
            session_id=context.session_id,
            facts=tuple(merged.values()),
            entities=tuple(_fold_aliases(mentions).values()),
            ends=tuple(ends.values()),
        )

    def _relation(self, name: str, owner: str, ep_id: int, lang: str) -> FactProposal:
        """``name|relation`` = ``owner`` ("user's brother"), written "Лёша — брат пользователя",
        "Kofi is User's brother"."""
        return FactProposal(
            content=f"{name} — {_ru_subject(owner)[1]}." if lang == "ru" else f"{name} is {_en_subject(owner)}.",
            type="semantic",
            key=f"{name.casefold()}|relation",
            value=owner,
            source_ids=(ep_id,),
            confidence=self.confidence,
            entities=(EntityMention(name, "person", "subject"),),
        )

    def _proposal(self, f: Extracted, speaker: str, lang: str, ep_id: int, kin: str | None = None) -> FactProposal:
        subject = subject_name(f.subject, speaker)
        key = f"{subject.casefold()}|{f.attribute}"
        if f.attribute in SET_VALUED:
            key += f":{f.value.casefold()}"
        entities = []
        if f.value_type in ("person", "place", "organization", "tool"):
            entities.append(EntityMention(f.value, f.value_type, f.attribute))
        if subject != USER and "'s " not in subject:
            entities.append(EntityMention(subject, "person", "subject"))
        fact_type = "semantic"
        return FactProposal(
            content=open_line(_shown(subject, lang, kin), f.attribute, f.value, lang) or render(subject, f.attribute, f.value, lang, kin)
            if f.value_type == OPEN else render(subject, f.attribute, f.value, lang, kin),
            type=fact_type,
            key=key,
            value=f.value,
            source_ids=(ep_id,),
            confidence=self.confidence,
            entities=tuple(entities),
        )


def _analyses(texts: list[str], learned: bool = False) -> list[tuple[str, Analysis, list[Sent]]]:
    """(language, analysis, sentences) per text, each language parsed in one batch."""
    langs = [language(t) for t in texts]
    out: list[tuple[str, Analysis, list[Sent]] | None] = [None] * len(texts)
    for lang in dict.fromkeys(langs):
        idx = [i for i, x in enumerate(langs) if x == lang]
        for i, sents in zip(idx, parse_many([texts[i] for i in idx], lang), strict=True):
            try:
                out[i] = (lang, read(texts[i], sents, learned), sents)
            except Exception:  # see NLPConsolidator.consolidate: the message gives nothing, the rest go on
                log.warning("nlp consolidator: a message could not be read", exc_info=True)
                out[i] = (lang, ([], []), sents)
    return [x for x in out if x is not None]


Known = dict[str, dict[str, str]]  # subject (case-folded) -> attribute -> current value


def _known(
    context: ConsolidationContext,
    spoken: Sequence[tuple[EpisodeRef, str]],
    analyses: Sequence[tuple[str, Analysis, list[Sent]]],
) -> Known:
    """The single-valued keyed facts memory holds about the speakers, their relatives and the
    people the episodes name: what an update in these episodes may replace."""
    if context.facts_about is None:
        return {}
    people = {speaker_of(ep) or USER for ep, _ in spoken}
    people |= {name for _, (_, names), _ in analyses for name, etype in names if etype == "person"}
    people |= {
        t.text for _, _, sents in analyses for s in sents for t in s.toks if t.pos == "PROPN"
    }  # NER misses
    people |= {
        f.subject for _, (facts, _), _ in analyses for f in facts if f.subject != SPEAKER and "'s " not in f.subject
    }  # "Ravi moved to the data team": the tagger called Ravi a noun, the reader still found him
    people |= {
        t.text for _, _, sents in analyses for s in sents for t in s.toks
        if t.text[:1].isupper() and t.text.isalpha() and t.pos in ("NOUN", "ADJ", "X")
    }  # fmt: skip  # and when nothing was read of him ("Ravi joined the platform team"), his capital still names him
    people |= {b for p in people if (b := _diminutive_base(p)) is not None}  # "Надька": memory may know Надя
    known: Known = {}
    for key, value in context.facts_about(sorted(p.casefold() for p in people)):
        subject, attribute = key.split("|", 1)
        if ":" not in attribute and attribute not in SET_VALUED:
            known.setdefault(subject, {}).setdefault(attribute, value)
    return known


def _known_pastimes(
    context: ConsolidationContext, spoken: Sequence[tuple[EpisodeRef, str]]
) -> dict[str, list[str]]:
    """The speakers' current pastime keys (``mark|sport:tennis``) by subject."""
    if context.facts_about is None:
        return {}
    people = sorted({(speaker_of(ep) or USER).casefold() for ep, _ in spoken})
    out: dict[str, list[str]] = {}
    for key, _ in context.facts_about(people):
        subject, attribute = key.split("|", 1)
        if attribute.split(":", 1)[0] in _REPLACEABLE and ":" in attribute:
            out.setdefault(subject, []).append(key)
    return out


def _replaced_pastimes(
    facts: Sequence[Extracted], sents: Sequence[Sent], text: str, speaker: str, known: dict[str, list[str]]
) -> list[str]:
    """Keys of the speaker's pastimes that a new one stated with a change word replaces."""
    new = [f for f in facts if f.attribute in _REPLACEABLE and f.subject == SPEAKER]
    if not new:
        return []
    words = {t.lower for s in sents for t in s.toks} | {t.lemma for s in sents for t in s.toks}
    low = text.casefold()
    changed = bool(words & CHANGE_CUES) or any(p in low for p in _CHANGE_PHRASES)
    if not changed or words & _ADDITIVE:
        return []
    me = speaker.casefold()
    keep = {f"{me}|{f.attribute}:{f.value.casefold()}" for f in new} | {
        f"{me}|{a}:{f.value.casefold()}" for f in new for a in PASTIMES
    }
    kinds = {_kind(f.attribute) for f in new}
    return [k for k in known.get(me, []) if k not in keep and _kind(k.split("|", 1)[1].split(":", 1)[0]) in kinds]


def _kind(attribute: str) -> str:
    """A pastime's family: a sport and a hobby replace each other; an instrument only an instrument."""
    return "instrument" if attribute == "instrument" else "pastime"




def _departed_pets(text: str, speaker: str, known: Known) -> list[str]:
    """Keys of the speaker's pets a message says are gone, named by their known names."""
    from memlab.lang.values import mentions

    me = speaker.casefold()
    sentences = pet_gone_sentences(text)  # the name and the cue together
    if not sentences:
        return []
    return [
        f"{subject}|{attribute}"
        for subject, facts in known.items()
        if subject == me or subject.startswith(f"{me}'s ")
        for attribute, value in facts.items()
        if attribute.startswith("pet") and value
        and any(mentions(p, value) or _short_ru_name(p, value) or _species_gone(p, attribute) for p in sentences)
    ]


def _retyped(facts: list[Extracted], found: Sequence[Extracted], known: Known, speaker: str) -> list[Extracted]:
    """A name the sentence reader took for a town the subject moved to, which no town list knows,
    is the workplace memory's reading makes it when the subject is known to work or study somewhere
    and to live nowhere: "Ethan's moved over to Travis Perkins" after "Ethan's at Wickes". (Only
    that confusion: "We adopted a puppy named Rex now!" stays a pet, whoever the manager was.)"""
    out = []
    for f in facts:
        subject = subject_name(f.subject, speaker).casefold()
        held = known.get(subject, {})
        other = next((
            u for u in found
            if u.value.casefold() == f.value.casefold() and u.attribute in ("employer", "university")
            and subject_name(u.subject, speaker).casefold() == subject
        ), None)  # fmt: skip
        town = f.attribute == "city" and _unknown_town(f.value, language(f.sentence))
        out.append(other if other is not None and town and "city" not in held and other.attribute in held else f)
    return out


def _unknown_town(name: str, lang: str) -> bool:
    return (is_place_name(name) if lang == "ru" else is_city_name(name)) is not True


def _known_name(f: Extracted, known: Known) -> Extracted:
    """A Russian familiar diminutive ("Надька", "Сашка", "Светка") as the name memory already
    keys the person by ("Надя", "Саша", "Света"), when memory knows that name and not this form."""
    base = None if f.subject.casefold() in known else _diminutive_base(f.subject)
    return replace(f, subject=base) if base is not None and base.casefold() in known else f


def _diminutive_base(name: str) -> str | None:
    """"Надька" -> "Надя", "Сашка" -> "Саша", "Светка" -> "Света"; None for other words."""
    low = name.casefold()
    if " " in name or not low.endswith("ка") or len(low) < 5 or not re.search("[а-яё]", low):
        return None
    stem = name[:-2]
    return stem[:-1] + "я" if stem.endswith("ь") else stem + "а"


def _former_relations(facts: Sequence[Extracted], own: dict[str, str]) -> list[str]:
    """The ``relation`` keys of the people a one-person relation of the speaker's no longer
    names: a new partner, spouse or manager ends "Sam is User's girlfriend"."""
    one_person = set(lx.RELATION_FACTS.values())
    return [
        f"{old.casefold()}|relation"
        for f in facts
        if f.subject == SPEAKER and f.attribute in one_person
        and (old := own.get(f.attribute)) and old.casefold() != f.value.casefold()
    ]  # fmt: skip


def _species_gone(sentence: str, attribute: str) -> bool:
    """"хомяка отдали в живой уголок": the gone pet named by its species (one pet of a species is held)."""
    species = attribute.removeprefix("pet_").replace("_", " ")
    words = [w for w, sp in lx.PETS.items() if sp == species and re.search("[а-яё]", w) and " " not in w]
    low = sentence.casefold()
    for w in words:
        stem = w[:-1] if w[-1] in "аяоеь" else w[:-2] + w[-1] if w.endswith(("ок", "ёк", "ек")) else w  # "хомячок" -> "хомячка"
        m = re.search(rf"(?<!\w){re.escape(stem)}[а-яё]{{0,3}}(?!\w)", low)
        if m and PET_GONE.search(sentence[m.start() :][:60]):
            return True  # the cue after the species word, in its clause
    return False


def _short_ru_name(text: str, name: str) -> bool:
    """A short Russian name in another case: "Луны больше нет" names "Луна" (``mentions`` takes a
    stem only of five letters or more)."""
    if not re.fullmatch(r"[А-ЯЁ][а-яё]{2,3}", name) or name[-1] not in "аяоеьй":
        return False
    return re.search(rf"(?<!\w){re.escape(name[:-1])}[а-яё]{{1,2}}(?!\w)", text) is not None


def _stated_kin(sents: Sequence[Sent], speaker: str) -> set[tuple[str, str]]:
    return {(name, subject_name(owner_subject(rel), speaker)) for name, rel in named_relatives(sents)}


def _kin_of(known: Known, sents: Sequence[Sent], speaker: str) -> dict[str, str]:
    """Names -> whose relative they are ("Лёша" -> "user's brother"): said in this message
    ("мой брат Лёша") or known from an earlier one; only the speaker's own relatives."""
    me = speaker.casefold()
    out = {
        subject: facts["relation"]
        for subject, facts in known.items()
        if facts.get("relation", "").casefold().startswith(f"{me}'s ")
    }
    out.update(dict(_stated_kin(sents, speaker)))
    return out


def _named_relative(f: Extracted, kin: dict[str, str], known: Known, speaker: str) -> Extracted:
    """A fact about "my dad" is about Keith when memory knows Keith as the speaker's dad ("My dad
    Keith drives an Astra", later "Dad's got a Suzuki Swift now"): one key, so the new car replaces
    the old. Only relations one person holds (a father, a wife, a manager), one name for it, and
    not where memory keys that attribute by the relation itself ("муж ездит на Логане" before
    "Серёжа (муж) сменил логан на Камри": the husband's car is the one to replace)."""
    owner, sep, relation = subject_name(f.subject, speaker).partition("'s ")
    if not sep or relation not in _ONE_PERSON or owner.casefold() != speaker.casefold():
        return f
    if f.attribute in known.get(f"{owner}'s {relation}".casefold(), {}):
        return f
    names = [name for name, rel in kin.items() if rel.casefold() == f"{owner}'s {relation}".casefold()]
    if len(names) != 1:
        return f
    name = names[0]  # memory keys a subject case-folded: "keith" is Keith
    return replace(f, subject=name[:1].upper() + name[1:] if name.islower() else name)


_ONE_PERSON = wl.words("en", "one_person")


def _kin_lookup(kin: dict[str, str], subject: str) -> str | None:
    low = subject.casefold().replace("ё", "е")
    return next((owner for name, owner in kin.items() if name.casefold().replace("ё", "е") == low), None)


def _as_speaker(known: Known, speaker: str) -> dict[str, list[tuple[str, str]]]:
    """``known`` with the speaker's own subject written as the extractor's ``speaker``."""
    me = speaker.casefold()
    out: dict[str, list[tuple[str, str]]] = {}
    for subject, facts in known.items():
        if subject == me:
            name = SPEAKER
        elif subject.startswith(f"{me}'s "):
            name = f"{SPEAKER}'s {subject[len(me) + 3 :]}"
        elif subject == USER or "'s " in subject:
            continue  # the user's (or someone's relative's) facts, spoken of by somebody else
        else:
            name = " ".join(w[:1].upper() + w[1:] for w in subject.split())  # keys are case-folded
        out[name] = list(facts.items())
    return out


def speaker_of(ep: EpisodeRef) -> str | None:
    """Who an episode's first person is: its named speaker, the user, or None (the assistant)."""
    if ep.speaker and ep.speaker.casefold() not in ("assistant", "system", "tool", "user"):
        return ep.speaker
    return USER if ep.role == "user" else None


def strip_speaker(text: str, speaker: str | None) -> str:
    """ "Caroline: I moved to Oslo" -> "I moved to Oslo" (replays prefix the speaker for retrieval)."""
    if speaker and text.startswith(f"{speaker}: "):
        return text[len(speaker) + 2 :]
    return text


def subject_name(subject: str, speaker: str) -> str:
    if subject == SPEAKER:
        return speaker
    if subject.startswith(f"{SPEAKER}'s "):
        return f"{speaker}'s {subject[len(SPEAKER) + 3 :]}"
    return subject


# sports one does rather than plays: activities in -ing, and disciplines without a ball
_DONE_NOT_PLAYED = re.compile(r"ing\b|^(yoga|pilates|crossfit|karate|judo|aikido|taekwondo|kung fu|parkour|athletics|gymnastics|triathlon|ballet)$", re.I)


def render(subject: str, attribute: str, value: str, lang: str, kin: str | None = None) -> str:
    """The fact as a sentence in the message's language (a fixed template per attribute); a
    named relative (``kin``: "user's brother") is written with the relation ("Брат пользователя Лёша")."""
    if lang == "ru" and attribute in RU:
        nom, gen = _ru_subject(subject)
        if kin is not None and "'s " not in subject:
            nom = f"{_ru_subject(kin)[0]} {subject}"
        if attribute == "diet" and value in _DIET_RU:
            value = f"{_DIET_RU[value]} ({value})"  # a Russian fact names the diet in Russian
        if attribute == "car" and value in _CAR_RU:
            value = f"{value} ({_CAR_RU[value]})"  # ... and a car by the model's Russian name ("Renault Logan (Логан)")
        elif attribute == "car" and value.split(" ")[0] in _BRAND_RU:
            value = f"{value} ({_BRAND_RU[value.split(' ')[0]]})"  # or by the brand's ("Mazda (Мазда)")
        gender = ru_name_gender(value) if attribute == "spouse" and subject == USER and kin is None else None
        if gender is not None:  # "Жена пользователя — Марина.": the spouse by the name's gender
            return f"{'Жена' if gender == 'femn' else 'Муж'} пользователя — {value}."
        return RU[attribute].format(s=nom, g=gen, v=value)
    if attribute in EN:
        shown = _en_subject(subject)
        if kin is not None and "'s " not in subject:
            shown = f"{_en_subject(kin)} {subject}"  # "User's brother Kofi works at Nestlé."
        if attribute == "sport" and _DONE_NOT_PLAYED.search(value):
            return f"{shown} does {value}."  # "Melanie does swimming", not "plays swimming"
        return EN[attribute].format(s=shown, v=value)
    words = attribute.replace("_", " ")
    if lang == "ru" and attribute.startswith("favorite_"):  # "Любимая книга пользователя — Щегол."
        noun = attribute[len("favorite_") :]
        noun = lx.FAVOURITE_NOUNS_EN_RU.get(noun, noun)
        adj = (
            "Любимая" if noun.endswith(("а", "я")) else "Любимое" if noun.endswith(("о", "е")) else "Любимый"
        )
        if subject != USER:  # "Саша: любимая группа — Кино." (a name's genitive is not known)
            return f"{_ru_subject(subject)[0]}: {adj.lower()} {noun} — {value}."
        return f"{adj} {noun} {_ru_subject(subject)[1]} — {value}."
    if lang == "ru":
        return f"{_ru_subject(subject)[0]}: {words} — {value}."
    shown = _en_subject(subject) if kin is None or "'s " in subject else f"{_en_subject(kin)} {subject}"
    return f"{shown}'s {words} is {value}."


def _shown(subject: str, lang: str, kin: str | None) -> str:
    """The subject as a fact line opens with it ("User", "User's brother Kofi", «Пользователь»)."""
    if lang == "ru":
        nom = _ru_subject(subject)[0]
        return f"{_ru_subject(kin)[0]} {subject}" if kin is not None and "'s " not in subject else nom
    return f"{_en_subject(kin)} {subject}" if kin is not None and "'s " not in subject else _en_subject(subject)


def _en_subject(subject: str) -> str:
    return "User" if subject == USER else subject.replace(f"{USER}'s ", "User's ")


def _ru_subject(subject: str) -> tuple[str, str]:
    if subject in _RU_SUBJECT:
        return _RU_SUBJECT[subject]
    if "'s " in subject:
        owner, rel = subject.split("'s ", 1)
        owner_gen = "пользователя" if owner == USER else owner
        noun = _RELATION_RU.get(rel, rel)
        return f"{noun.capitalize()} {owner_gen}", f"{noun} {owner_gen}"
    return subject, subject


def _mention(mentions: dict[str, EntityMention], e: EntityMention) -> None:
    k = e.name.casefold()
    old = mentions.get(k)
    if old is None:
        mentions[k] = e
        return
    kept = e if old.role is None and e.role is not None else old
    mentions[k] = replace(kept, aliases=tuple(dict.fromkeys(old.aliases + e.aliases)))


def _fold_aliases(mentions: dict[str, EntityMention]) -> dict[str, EntityMention]:
    """A mention that is another mention's alias ("Kostya" beside "Konstantin, aka Kostya") is
    that entity, not a second one."""
    alias_of = {a.casefold(): k for k, e in mentions.items() for a in e.aliases if a.casefold() != k}
    out: dict[str, EntityMention] = {}
    for k, e in mentions.items():
        if k in alias_of and alias_of[k] in mentions and e.type == mentions[alias_of[k]].type:
            continue
        out[k] = e
    return out


_NAME = r"[A-ZА-ЯЁ][\w'-]+"
# "Konstantin (Kostya)", "Konstantin, Kostya for short", "aka Kostya", "everyone calls him Kostya"
_ALIAS_PATTERNS = (
    re.compile(rf"(?P<name>{_NAME})\s*\((?P<alias>{_NAME})\)"),
    re.compile(rf"(?P<alias>{_NAME}) for short"),
    re.compile(rf"\b(?:aka|a\.k\.a\.)\s+(?P<alias>{_NAME})"),
    re.compile(rf"\b(?:calls?|called|call)\s+(?:him|her|them)\s+(?P<alias>{_NAME})"),
)


def _aliases(text: str, people: Sequence[str], speaker: str) -> list[tuple[str, str]]:
    """(name, alias) pairs a message gives for the one person it names ("I report to Konstantin,
    everyone calls him Kostya"); nothing when it names several or none (whose alias would it be?)."""
    names = list(dict.fromkeys(p for p in people if p.casefold() != speaker.casefold()))
    out = []
    for rx in _ALIAS_PATTERNS:
        for m in rx.finditer(text):
            alias = m.group("alias")
            name = m.groupdict().get("name")
            others = [n for n in names if n.casefold() != alias.casefold()]  # NER may list the alias too
            if name is not None and name in others:
                out.append((name, alias))
            elif name is None and len(others) == 1:
                out.append((others[0], alias))
    return out


def _add(merged: dict[tuple[str, str], FactProposal], p: FactProposal) -> None:
    """A repeated statement of one fact is one proposal with every source; dict order follows
    the newest statement (newer claims come last, so they supersede older ones)."""
    k = (p.key or "", (p.value or "").casefold())
    old = merged.pop(k, None)
    if old is not None:
        p = replace(old, source_ids=tuple(dict.fromkeys(old.source_ids + p.source_ids)))
    merged[k] = p
