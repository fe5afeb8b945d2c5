"""Questions, modality and negation: when a clause states nothing current."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import (
    _CALENDAR,
    _EMBEDDED,
    _HEDGE_VERBS,
    _INVERSION,
    _NO_LONGER_CUES,
    _SEASONS,
    _SPEAKER_WORDS,
    _TRIAL_VERBS,
    _WH,
    CHANGE_VERBS,
    STATE_VERBS,
    _has_cue,
    _job_word,
)
from memlab.knowledge.extract.nlp import Tok
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

# "moving to Bergen in the autumn", "переезжаем осенью": a season on a present verb is ahead
# a shift pattern is no time ahead: «график два через два», «сутки через трое»
_SHIFT_PATTERN = re.compile(r"(?<!\w)(?:\d+|один|два|две|три|сутки|день|ночь)\s+через\s+(?:\d+|один|два|две|три|трое|двое|сутки|день|ночь)(?!\w)")
_FETCH_VERBS = frozenset("pick collect fetch".split())  # "picking up the new car on the 15th"
# "если кому интересно", "если честно", "если что": a Russian "если" of conversation, no condition
_RU_HEDGE_TAILS = frozenset("интересно любопытно важно честно что".split())


# verbs whose object is the subject of a small clause: "oat milk doesn't make me vegan" says what
# the speaker is not, so the governing verb's negation is the clause's
_SMALL_CLAUSE_HEADS = frozenset("make render turn call consider".split())


_REPORT_VERBS = wl.words("en", "report_verbs")


_CONFIRM_TAGS = wl.all_words("confirm_tags")


_WHERE = frozenset("where где откуда".split())
_REQUEST_AUX = frozenset("can could would will".split())
_FUTURE_NOT_THIS_YEAR = tuple(c for c in lx.FUTURE_TIME if c != "this year")
_DAY_OF_MONTH = re.compile(r"\d{1,2}(?:st|nd|rd|th)")  # "on the 3rd", "on 15th"
_STARTS = frozenset("start begin join move relocate".split())  # a present of these with a date ahead is a plan


class Modality(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _is_question(self) -> bool:
        text = self.s.text.strip()
        if (text.endswith("?") or "?" in text[-3:]) and not self._tag_question():
            return True
        return self._asks(self.toks) and not self._request_then_statement()

    def _request_then_statement(self) -> bool:
        """ "can u help me redo my headline, im a quantity surveyor at ...": a request of the
        assistant with no question mark, and after a comma a clause with a first-person subject of
        its own; that clause states a fact (English)."""
        words = [t for t in self.toks if t.pos not in ("PUNCT", "INTJ")]
        if self.s.lang != "en" or len(words) < 3 or words[0].lower not in _REQUEST_AUX or words[1].lower not in ("you", "u", "ya"):
            return False
        return any(t.text == "," and k + 1 < len(self.toks) and self.toks[k + 1].lower in ("i", "im", "i'm") for k, t in enumerate(self.toks))

    def asks_where(self) -> bool:
        """A short question of where: "Where am I?", «Где живу?», «Откуда я?»."""
        words = [t for t in self.toks if t.pos != "PUNCT"]
        return self._is_question() and len(words) <= 4 and any(t.lower in _WHERE for t in words)

    def _tag_question(self) -> bool:
        """The question is only a short tag after a statement ("I'm on Fedora 40, any tips?",
        "мой руководитель — Женя, понятно?"): at most three words after the last comma, none of
        them first person, a name or a value, and a statement before it (not "what ..., guys?")."""
        parts = self._stretches()
        if len(parts) < 2:
            return False
        tag = [t for t in parts[-1] if t.pos != "PUNCT" and "?" not in t.text]
        if not tag or len(tag) > 3 or tag[0].pos == "ADP":
            return False  # "на Go кто-нибудь пишет, кроме гугла?": a phrase of the question, not a tag
        if all(t.lower in _CONFIRM_TAGS for t in tag):
            return False  # "Бегемот же кот, да?", "Anna's in Oslo, right?": asks whether the statement holds
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

    def _ru_hedge(self, mark: Tok) -> bool:
        """A Russian "если" that conditions nothing said: "если кому интересно", "если честно",
        "если что": at most two words after it, the last a word of interest or candour, then a
        comma or the end."""
        if mark.lower != "если" or self.s.lang != "ru":
            return False
        tail = list(itertools.takewhile(lambda t: t.pos != "PUNCT", self.toks[mark.i + 1 : mark.i + 4]))
        return 0 < len(tail) <= 2 and tail[-1].lower in _RU_HEDGE_TAILS

    def _conditions(self, mark: Tok) -> bool:
        """A mark that opens a condition ("if", "если"), not a conversational «если что»."""
        return mark.lower in lx.HYPOTHETICAL_MARKS and not self._ru_hedge(mark)

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
        if v.tag == "VBG" and (v.lemma in CHANGE_VERBS or v.lemma in _FETCH_VERBS) and self._future_time(v):
            return True  # "we're moving to Amsterdam in march", "picking up the new car on the 15th": a plan
        if v.tag in ("VB", "VBP", "VBZ") and v.lemma in _STARTS and self._dated_ahead(v):
            return True  # "Start at Tesco as a delivery driver on the 3rd", "I start at Monzo on Monday": ahead
        if any(
            any(self._conditions(m) for m in self.s.children(c, "mark")) and not self._hedge(c)
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
            if k and t.head == chain[k - 1].i and t.dep == "conj":
                break  # "сестра работает в Озоне и говорит, что ...": the parse's cycle; the conjunct governs nothing
            kids = self.s.children(t)
            if any(self._conditions(c) for c in kids) and (
                k == 0 or chain[k - 1].dep in _EMBEDDED
            ):
                return True
            if (
                k and t.lemma in lx.NONFACT_HEADS and chain[k - 1].dep in _EMBEDDED
                and not self._tail_request(chain[k - 1], t) and not self._reports_another(t, chain[k - 1])
                and not self._i_guess(t) and not self._own_clause_before(chain[k - 1], t)
            ):  # fmt: skip
                return True
            if (
                k
                and t.lemma in ("say", "tell", "сказать", "говорить")
                and chain[k - 1].dep in ("ccomp", "parataxis")
                and not self._reports_another(t, chain[k - 1])
                and not (self._dont(t) and self._tail_request(chain[k - 1], t))
            ):
                return True
            small = k == 1 and v.dep == "ccomp" and t.lemma in _SMALL_CLAUSE_HEADS  # "doesn't make me vegan"
            if k > 1 or k == 1 and v.dep not in ("xcomp", "conj") and not small:
                continue  # negation, modals and tense belong to the clause (and its governing verb)
            if k == 1 and v.dep == "conj" and self.s.lang == "en" and self.s.children(v, "nsubj") and not self.s.children(t, "nsubj"):
                continue  # "don't laugh, but I switched to Emacs": a request's negation, not the statement's
            if any(
                c.dep in ("aux", "aux:pass", "auxpass") and c.lower in lx.MODALS | lx.FUTURE_AUX for c in kids
            ):
                return True
            if t.lower == "gonna" or (k and t.lemma == "go" and t.tag == "VBG"):
                return True
            if any(
                c.lower in lx.NEGATIONS and c.dep in ("neg", "advmod", "det", "discourse", "dep") and not self._loose_after_comma(t, c)
                for c in self._with_aux_kids(t, kids)
            ):
                return True
            if t.feats.get("Tense") == "Fut" and not _job_word(t):  # "я девопс": a job noun read as a verb
                return True
        if self._cue_applies(v, _NO_LONGER_CUES, before_is_apart=True):
            return True  # "Not in Madrid anymore — I'm in Seville now": the old value's stretch only
        ahead = self._cue_applies(v, _FUTURE_NOT_THIS_YEAR, before_is_apart=False) or (
            v.pos == "VERB" and self._cue_applies(v, ("this year",), before_is_apart=False)
        )  # "I graduate this year" is ahead; "I'm a primary teacher, Year 6 this year" holds now
        if ahead and not any(c in self.low for c in (" now ", " теперь ")):
            return v.feats.get("Tense") != "Past" or v.lemma in ("accept", "sign")
        return self._past_state(v)

    def _reports_another(self, say: Tok, clause: Tok) -> bool:
        """ "Chen uses PyCharm, he says VS Code is a toy": the report verb after a comma reports the
        clause after it, not the statement before it (the parse hangs both on "says")."""
        if clause.i > say.i or not any(t.text in (",", ";", "—", "–") for t in self.toks[clause.i : say.i]):
            return False
        if say.lemma not in ("say", "reckon", "claim", "think", "believe", "insist") or say.tag not in ("VBZ", "VBD", "VBP"):
            return False  # not "I'm a nurse, tell her I said hi": a message to pass on
        if any(c.lower in ("i", "we") for c in self.s.children(say, "nsubj")):
            return False  # "she lives in Oslo, I think": the speaker's hedge on it
        return any(
            c.i > say.i and (c.dep in ("ccomp", "xcomp") or c.dep in ("obj", "dobj") and c.pos == "NOUN")
            for c in self.s.children(say)
        )  # "Esme's settled into Oslo, she says a coffee costs ...": the parse's object is the next clause

    def _own_clause_before(self, clause: Tok, head: Tok) -> bool:
        """ "my brother Kwame works at Rolls-Royce now, ..., he tried to explain", "I'm a Windows girl,
        we argue about it": a whole clause with its own subject, before a comma, that the parse hung
        on a later verb with a subject of its own (not a verb of saying, thinking or hoping: "she
        lives in Oslo, he thinks" reports it, "I live in Oslo, I guess" hedges it)."""
        if self.s.lang != "en" or clause.i > head.i or head.lemma in _REPORT_VERBS:
            return False
        if not self.s.children(head, "nsubj") or not self.s.children(clause, "nsubj"):
            return False
        return any(t.text in (",", ";") for t in self.toks[clause.i : head.i])

    def _i_guess(self, v: Tok) -> bool:
        """ "guess I'm a Londoner now", "I guess we're Rust people now": a resigned hedge on a
        statement, not a guess at one (not "I guess she lives in Oslo", not "can't guess")."""
        subjects = self.s.children(v, "nsubj")
        kids = self.s.children(v)
        return (
            self.s.lang == "en" and v.lemma == "guess" and v.tag in ("VB", "VBP")
            and all(c.lower == "i" for c in subjects) and not any(c.lower in lx.NEGATIONS | lx.MODALS for c in kids)
            and any(c.dep == "ccomp" and any(n.lower in ("i", "we", "i'm") for n in self.s.children(c, "nsubj")) for c in kids)
        )  # fmt: skip

    def _dont(self, v: Tok) -> bool:
        """A negated request: "don't tell anyone", "do not laugh" (no subject, "do" and the negation before it)."""
        auxes = self.s.children(v, "aux")
        return (
            v.i >= 2 and bool(auxes) and all(a.lower == "do" and a.i == v.i - 2 for a in auxes)
            and self.toks[v.i - 1].lower in ("n't", "not") and not self.s.children(v, "nsubj")
        )  # fmt: skip

    def _tail_request(self, clause: Tok, head: Tok) -> bool:
        """A clause after a comma that the parse made the head of the statement before it, which
        embeds nothing: a request ("I'm a nurse in Leeds, ask me anything", "я продакт,
        спрашивайте"; an imperative without a subject) or a verb with an object of its own; the
        statement stands on its own (not "I think ...", "..., she said")."""
        if head.i < clause.i or not any(t.text in (",", "—", "–", ";") for t in self.toks[clause.i : head.i]):
            return False
        imperative = head.tag == "VB" or head.feats.get("Mood") == "Imp"
        auxes = [] if self._dont(head) else self.s.children(head, "aux")  # "I switched to Emacs, don't tell my team lead"
        if imperative and not self.s.children(head, "nsubj") and not auxes and head.lower != "let":
            return True
        # "I write Swift for the app, my cofounder writes the backend in Go": a verb with an object of
        # its own reports nothing (not "I'm vegan, she wrote")
        return any(c.pos in ("NOUN", "PROPN") for c in self.s.children(head, "obj", "dobj"))

    def _cue_applies(self, v: Tok, cues: Sequence[str], before_is_apart: bool) -> bool:
        """A sentence-wide cue ("anymore", "next week", "скоро") bears on ``v`` unless it sits in
        another stretch that is a clause of its own ("учусь в Бауманке, сессия скоро") or, with
        ``before_is_apart``, in a stretch before the one of ``v`` (a negated old value, then the new one)."""
        if not _has_cue(_SHIFT_PATTERN.sub(" ", self.low), cues):
            return False
        parts = self._stretches()
        mine = next((k for k, p in enumerate(parts) if any(t.i == v.i for t in p)), None)
        found = False
        for k, part in enumerate(parts):
            if not _has_cue(_SHIFT_PATTERN.sub(" ", " " + " ".join(t.lower for t in part) + " "), cues):
                continue
            found = True
            if k == mine or mine is None:
                return True
            own_subject = any(t.dep.startswith("nsubj") and t.lower not in _SPEAKER_WORDS for t in part)
            if not (own_subject or before_is_apart and k < mine):
                return True
        return not found  # a cue across a cut: as before, for the whole sentence

    def denied(self, t: Tok) -> bool:
        """A negation on ``t`` or on the word it hangs from ("not Emacs", "no espresso for me")."""
        chain = [t, *self.s.ancestors(t)][:2]
        return any(
            c.lower in lx.NEGATIONS and not self._after_comma(x, c) for x in chain for c in self._with_aux_kids(x, self.s.children(x))
        )

    def _after_comma(self, head: Tok, c: Tok) -> bool:
        """``c`` comes after a comma that follows ``head``: a clause of its own, whatever the parse
        hung it on ("I swim three mornings a week, so nothing before nine": no swimming denied)."""
        return c.i > head.i and any(x.text in (",", ";", "—", "–") for x in self.toks[head.i + 1 : c.i])

    def _loose_after_comma(self, head: Tok, c: Tok) -> bool:
        """``_after_comma`` for a word the parse left unattached (``dep``)."""
        return c.dep == "dep" and self._after_comma(head, c)

    def _with_aux_kids(self, t: Tok, kids: Sequence[Tok]) -> list[Tok]:
        """``t``'s children and those of its auxiliaries and copula: the parse hangs the "not" of
        "I'm not vegan" from "'m", not from "vegan"."""
        return [*kids, *(g for c in kids if c.dep in ("aux", "cop", "aux:pass", "auxpass") for g in self.s.children(c))]

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
            if o.lemma in _CALENDAR or o.lower in ("soon", "tomorrow", "tonight", "later") or o.lemma in _SEASONS:
                return True
            if _DAY_OF_MONTH.fullmatch(o.lower) and any(c.lower == "on" for c in self.s.children(o, "case")):
                return True  # "on the 15th" of a verb in progress: a date ahead
        return any(t.lower in ("next", "soon", "tomorrow") for t in self.toks[v.i + 1 :])

    def _dated_ahead(self, v: Tok) -> bool:
        """A date after ``v`` anywhere in its sentence ("on the 3rd", "on Monday", "next week"), or
        one on the verb (``_future_time``)."""
        if self._future_time(v):
            return True
        after = self.toks[v.i + 1 :]
        for k, t in enumerate(after[:-1]):
            nxt = after[k + 1]
            the_nth = nxt.lower == "the" and k + 2 < len(after) and _DAY_OF_MONTH.fullmatch(after[k + 2].lower)
            if t.lower == "on" and (nxt.lemma in _CALENDAR or _DAY_OF_MONTH.fullmatch(nxt.lower) or the_nth):
                return True
        return False

    def _past_state(self, v: Tok) -> bool:
        """ "I lived in Madrid", "жил в Казани": a state in the past tense no longer holds; a change
        in the past ("moved", "переехал") does."""
        aux = self.s.children(v, "aux")
        # "I was living in Porto when ...": a past progressive (no perfect "have") is a past state too
        was_ing = v.tag == "VBG" and any(c.tag == "VBD" for c in aux) and not any(c.lemma == "have" for c in aux)
        past = v.tag in ("VBD", "VBN") or v.feats.get("Tense") == "Past" or was_ing
        if not past:
            cop = self.s.children(v, "cop")
            past = any(c.feats.get("Tense") == "Past" or c.tag == "VBD" for c in cop)
            if not past:
                return False
        if v.lemma in CHANGE_VERBS or v.feats.get("Aspect") == "Perf" and v.lemma not in STATE_VERBS:
            return False
        has_aux = any(c.dep in ("aux",) and c.lemma in ("have", "be") for c in self.s.children(v))
        if has_aux and v.tag in ("VBN", "VBG") and not was_ing:  # "I've been writing", "has been home": still true
            return False
        return v.lemma in STATE_VERBS or v.pos in ("AUX", "NOUN", "PROPN", "ADJ") or v.lemma == "be"
