"""A seeded synthetic history of personas living for months, with a known ground truth.

Why synthetic data next to LoCoMo: LoCoMo has few facts that change, no Russian and ~5k turns.
Here every fact has a timeline (city, employer, manager, ...), questions are asked at given
times with the current answer *and* the superseded (stale) ones, and the size knob reaches a
million turns through a streaming generator, so one dataset measures knowledge updates,
bilingual retrieval and the scale curve.

What makes it hard on purpose:
- several phrasings per statement in English and Russian (inflected: "в Берлине", "в Варшаву"),
  so no single regex catches them all; answers list every surface form the data uses;
- distractor chatter with the same words ("my friend lives in Berlin", "Berlin has nice museums");
- entities with aliases (manager "Alexander" / "Sasha" / "my boss");
- causal episodes ("the deploy failed because the migration locked the table") for why-questions.

Determinism: only ``random.Random`` instances seeded from strings (stable across runs and
PYTHONHASHSEED) are used; each persona has its own generator, so streaming, merging and
building in memory draw the same numbers. Same seed -> byte-identical JSONL.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from memlab.datasets.phrases import (  # noqa: F401  re-exported: the tables were defined here
    ABSTAIN_EN,
    BOSS_EN,
    BOSS_RU,
    CAUSE_EN,
    CAUSE_RU,
    CHATTER_EN,
    CHATTER_RU,
    EPISODES,
    FRIENDS,
    PERSONAS,
    PROJECTS,
    REPLY_EN,
    REPLY_RU,
    SLOT_BY_NAME,
    SLOTS,
    SURNAMES,
    Episode,
    Slot,
    V,
    _same,
    _v,
)
from memlab.datasets.schema import Dataset, Question, Turn

DAY = 86400.0
HOUR = 3600.0
START = 1704099600.0  # 2024-01-01 09:00 UTC
GENERATOR_VERSION = 1



@dataclass(frozen=True)
class SynthConfig:
    """Every knob of the generator (recorded in the dataset's meta)."""

    seed: int = 0
    personas: int = 3
    days: float | None = 180.0  # None: open-ended (streaming, stop by max_turns)
    lang_mix: float = 0.2  # share of sessions in Russian
    chatter_per_session: int = 6  # mean number of chatter lines per session
    distractor_share: float = 0.35  # share of chatter lines that reuse fact values
    change_every_days: float = 50.0  # mean days between changes of one fact
    facts_per_session: int = 2  # at most this many fact statements per session
    causal_per_session: float = 0.12  # chance of a causal episode in a session
    reply_share: float = 0.7  # chance the assistant answers a user line
    questions_per_persona: int = 40
    start: float = START
    # "base": the phrasings in this file; "heldout": the families in phrases_heldout.py, written
    # blind by someone who never saw the extractor (its authors do not read that file)
    phrasing: str = "base"


@dataclass(frozen=True)
class Statement:
    """A turn that stated a slot's new value (the ground truth's evidence)."""

    slot: str
    value: int
    turn_id: str
    time: float


@dataclass(frozen=True)
class CausalTurn:
    episode: int
    cause: int
    turn_id: str
    time: float


@dataclass(frozen=True)
class Profile:
    index: int
    prefix: str
    name: str
    name_ru: str
    fem: bool
    project: str


def answer_forms(value: V) -> tuple[str, ...]:
    """Every surface form of a value the data may use ("en" first), deduplicated."""
    out: list[str] = []
    for key, form in value.items():
        if not key.startswith("x_") and form not in out:
            out.append(form)
    return tuple(out)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _profile(index: int, rng: random.Random, seed: int) -> Profile:
    first, first_ru, fem = PERSONAS[index % len(PERSONAS)]
    name, name_ru = first, first_ru
    if index >= len(PERSONAS):  # beyond the name list: add a surname to keep names distinct
        sur, sur_ru = SURNAMES[(index // len(PERSONAS) - 1) % len(SURNAMES)]
        name, name_ru = f"{first} {sur}", f"{first_ru} {sur_ru}"
        if index >= len(PERSONAS) * (len(SURNAMES) + 1):
            name, name_ru = f"{name} {index}", f"{name_ru} {index}"
    rng.choice(PROJECTS)  # drawn as before, so the rest of the persona's stream is unchanged
    return Profile(index, f"p{index:03d}", name, name_ru, fem, _project(index, seed))


def _project(index: int, seed: int) -> str:
    """A project no other persona of the dataset has: "Project Falcon is blocked" names the one
    Falcon in a shared memory, so two personas' separate Falcons could not be told apart."""
    first = PROJECTS.index(random.Random(f"memlab-synthetic:{seed}:0").choice(PROJECTS))
    name = PROJECTS[(first + index) % len(PROJECTS)]
    return name if index < len(PROJECTS) else f"{name} {index // len(PROJECTS) + 1}"


class PersonaSim:
    """One persona's life as a lazy stream of turns; records the ground truth as it goes.

    ``statements``, ``causal`` and ``gaps`` (idle stretches between sessions, where questions
    may be asked) fill up while ``turns()`` is consumed.
    """

    def __init__(self, index: int, config: SynthConfig) -> None:
        self.config = config
        self.rng = random.Random(f"memlab-synthetic:{config.seed}:{index}")
        self.profile = _profile(index, self.rng, config.seed)
        self.order = {s.name: self._value_order(s) for s in SLOTS}
        self.episode_order = self.rng.sample(range(len(EPISODES)), len(EPISODES))
        self.statements: list[Statement] = []
        self.causal: list[CausalTurn] = []
        self.gaps: list[tuple[float, float]] = []
        self.current: dict[str, int] = {}

    def _value_order(self, slot: Slot) -> list[int]:
        n = len(slot.values)
        if slot.ordered:
            return list(range(self.rng.randrange(2), n))
        return self.rng.sample(range(n), n)

    def _fields(self, lang: str) -> dict[str, str]:
        p = self.profile
        friend, friend_ru = self.rng.choice(FRIENDS)
        return {
            "a": "а" if p.fem else "",
            "project": p.project,
            "friend": friend,
            "friend_ru": friend_ru,
            "person": p.name,
            "person_ru": p.name_ru,
        }

    # ------------------------------------------------------------ lines of a session

    def _fact_line(self, slot: Slot, value: int, lang: str) -> str:
        templates = slot.say_ru if lang == "ru" else slot.say_en
        if self.config.phrasing == "heldout":
            from memlab.datasets.phrases_heldout import HELDOUT_SAY

            templates = HELDOUT_SAY.get(slot.name, {}).get(lang, templates)
        elif self.config.phrasing != "base":
            raise ValueError(f"phrasing must be 'base' or 'heldout', got {self.config.phrasing!r}")
        return self.rng.choice(templates).format(**slot.values[value], **self._fields(lang))

    def _causal_line(self, ep: Episode, cause: int, lang: str) -> str:
        fields = self._fields(lang)
        en, ru = ep.causes[cause]
        event = (ep.event_ru if lang == "ru" else ep.event_en).format(**fields)
        reason = (ru if lang == "ru" else en).format(**fields)
        template = self.rng.choice(CAUSE_RU if lang == "ru" else CAUSE_EN)
        return template.format(Event=_cap(event), event=event, cause=reason)

    def _chatter_line(self, lang: str) -> str:
        fields = self._fields(lang)
        roll = self.rng.random()
        if roll < self.config.distractor_share:
            slot = self.rng.choice(SLOTS)
            template = self.rng.choice(slot.distract_ru if lang == "ru" else slot.distract_en)
            return _cap(template.format(**self.rng.choice(slot.values), **fields))
        if roll < self.config.distractor_share + 0.08 and "manager" in self.current:
            boss = SLOT_BY_NAME["manager"].values[self.current["manager"]]
            return self.rng.choice(BOSS_RU if lang == "ru" else BOSS_EN).format(**boss)
        return self.rng.choice(CHATTER_RU if lang == "ru" else CHATTER_EN).format(**fields)

    # ------------------------------------------------------------ the timeline

    def _due_changes(self, t: float, pending: dict[str, int], next_change: dict[str, float]) -> None:
        rate = 1.0 / (self.config.change_every_days * DAY)
        for slot in SLOTS:
            while next_change[slot.name] <= t:
                next_change[slot.name] += self.rng.expovariate(rate)
                if self.order[slot.name]:
                    pending[slot.name] = self.order[slot.name].pop(0)

    def _session_plan(self, pending: dict[str, int], lang: str) -> list[tuple[str, Any]]:
        cfg = self.config
        items: list[tuple[str, Any]] = []
        for name in list(pending)[: cfg.facts_per_session]:
            items.append(("fact", (name, pending.pop(name))))
        if self.episode_order and self.rng.random() < cfg.causal_per_session:
            ep = self.episode_order.pop(0)
            items.append(("cause", (ep, self.rng.randrange(len(EPISODES[ep].causes)))))
        c = cfg.chatter_per_session
        n_chat = self.rng.randint(max(0, c - 2), c + 2) if c > 0 else 0
        items.extend(("chat", None) for _ in range(max(n_chat, 0 if items else 1)))
        self.rng.shuffle(items)
        return items

    def _line(self, kind: str, arg: Any, lang: str, turn_id: str, t: float) -> str:
        if kind == "fact":
            name, value = arg
            self.statements.append(Statement(name, value, turn_id, t))
            self.current[name] = value
            return self._fact_line(SLOT_BY_NAME[name], value, lang)
        if kind == "cause":
            ep, cause = arg
            self.causal.append(CausalTurn(ep, cause, turn_id, t))
            return self._causal_line(EPISODES[ep], cause, lang)
        return self._chatter_line(lang)

    def _session(self, n: int, start: float, pending: dict[str, int]) -> list[Turn]:
        lang = "ru" if self.rng.random() < self.config.lang_mix else "en"
        sid = f"{self.profile.prefix}-s{n:05d}"
        turns: list[Turn] = []
        said: set[str] = set()
        t = start
        for kind, arg in self._session_plan(pending, lang):
            tid = f"{sid}-t{len(turns):03d}"
            text = self._line(kind, arg, lang, tid, t)
            for _ in range(3):  # nobody says the same small talk twice in one sitting
                if text not in said:
                    break
                text = self._chatter_line(lang)
            said.add(text)
            turns.append(Turn(tid, sid, self.profile.name, "user", text, t, lang))
            t += float(self.rng.randint(20, 120))
            if self.rng.random() < self.config.reply_share:
                reply = self.rng.choice(REPLY_RU if lang == "ru" else REPLY_EN)
                turns.append(Turn(f"{sid}-t{len(turns):03d}", sid, "assistant", "assistant", reply, t, lang))
                t += float(self.rng.randint(20, 120))
        return turns

    def _gap(self) -> float:
        # Sessions rotate on 30 min idle: gaps are hours (same day) or days, never under 2 hours.
        if self.rng.random() < 0.4:
            return float(self.rng.randint(2 * 3600, 12 * 3600))
        return float(self.rng.randint(int(0.8 * DAY), int(4.5 * DAY)))

    def turns(self) -> Iterator[Turn]:
        """The persona's turns in time order, session after session, until ``config.days``."""
        cfg = self.config
        t = float(round(cfg.start + self.rng.uniform(0, 0.5 * DAY)))
        end = None if cfg.days is None else cfg.start + cfg.days * DAY
        pending = {s.name: self.order[s.name].pop(0) for s in SLOTS}
        rate = 1.0 / (cfg.change_every_days * DAY)
        next_change = {s.name: t + self.rng.expovariate(rate) for s in SLOTS}
        for n in itertools.count():
            if end is not None and t >= end:
                return
            self._due_changes(t, pending, next_change)
            session = self._session(n, t, pending)
            yield from session
            last = session[-1].time
            t = last + self._gap()
            self.gaps.append((last, t))


# ---------------------------------------------------------------- streams


def _sims(config: SynthConfig) -> list[PersonaSim]:
    return [PersonaSim(i, config) for i in range(config.personas)]


def _merge(sims: list[PersonaSim], max_turns: int | None) -> Iterator[Turn]:
    merged = heapq.merge(*(s.turns() for s in sims), key=lambda t: (t.time, t.id))
    return itertools.islice(merged, max_turns) if max_turns is not None else merged


def iter_turns(
    seed: int = 0,
    personas: int = 3,
    days: float | None = 180.0,
    lang_mix: float = 0.2,
    chatter_per_session: int = 6,
    max_turns: int | None = None,
    **knobs: Any,
) -> Iterator[Turn]:
    """Stream turns of all personas merged in time order, holding only a session per persona.

    ``days=None`` runs open-ended; then ``max_turns`` must be set.
    """
    if days is None and max_turns is None:
        raise ValueError("iter_turns(days=None) needs max_turns, or it never ends")
    config = SynthConfig(
        seed=seed,
        personas=personas,
        days=days,
        lang_mix=lang_mix,
        chatter_per_session=chatter_per_session,
        **knobs,
    )
    return _merge(_sims(config), max_turns)


def generate_scale(n_turns: int, seed: int = 0, personas: int | None = None, **knobs: Any) -> Iterator[Turn]:
    """Exactly ``n_turns`` turns for the scale curve (streamed: 1M turns never sit in memory).

    One persona per ~20k turns (at least 3), open-ended in time, so the history grows like a
    population of users rather than one user talking for centuries.
    """
    if n_turns < 0:
        raise ValueError("n_turns must be >= 0")
    n_personas = personas if personas is not None else max(3, math.ceil(n_turns / 20_000))
    return iter_turns(seed=seed, personas=n_personas, days=None, max_turns=n_turns, **knobs)


# ---------------------------------------------------------------- questions


def _date_forms(t: float) -> tuple[str, ...]:
    d = datetime.fromtimestamp(t, tz=UTC)
    return (d.strftime("%Y-%m-%d"), f"{d.day} {d:%B %Y}", f"{d:%B} {d.day}, {d.year}")


def _history(sim: PersonaSim, slot: str, t: float) -> list[Statement]:
    return [s for s in sim.statements if s.slot == slot and s.time < t]


@dataclass
class _Asker:
    """Builds one persona's questions from its recorded ground truth."""

    sim: PersonaSim
    rng: random.Random
    records: dict[str, dict[str, Any]] = field(default_factory=dict)

    def fields(self) -> dict[str, str]:
        p = self.sim.profile
        return {"person": p.name, "person_ru": p.name_ru, "a": "а" if p.fem else "", "project": p.project}

    def _lang(self, ru_template: str | None) -> str:
        return "ru" if ru_template and self.rng.random() < self.sim.config.lang_mix else "en"

    def fact(self, qid: str, t: float) -> Question | None:
        histories = {s.name: _history(self.sim, s.name, t) for s in SLOTS}
        known = [n for n, h in histories.items() if h]
        updated = [n for n in known if len(histories[n]) > 1]
        if not known:
            return None
        steady = [n for n in known if len(histories[n]) == 1]
        pool = updated if updated and (not steady or self.rng.random() < 0.7) else steady or known
        name = self.rng.choice(pool)
        slot, hist = SLOT_BY_NAME[name], histories[name]
        current, stale = hist[-1], hist[:-1]
        lang = self._lang(slot.ask_ru)
        text = (slot.ask_ru if lang == "ru" else slot.ask_en).format(**self.fields())  # type: ignore[union-attr]
        stale_forms = tuple(f for s in stale for f in answer_forms(slot.values[s.value]))
        self.records[qid] = {
            "slot": name,
            "current": slot.values[current.value]["en"],
            "stale": [slot.values[s.value]["en"] for s in stale],
        }
        category = "knowledge-update" if stale else "single-fact"
        return Question(qid, text, t, answer_forms(slot.values[current.value]), stale_forms,
                        (current.turn_id,), slot.intent, category, lang)  # fmt: skip

    def when(self, qid: str, t: float) -> Question | None:
        changes = [
            s for s in self.sim.statements
            if s.time < t and SLOT_BY_NAME[s.slot].when_en and len(_history(self.sim, s.slot, s.time)) > 0
        ]  # fmt: skip
        if not changes:
            return None
        st = self.rng.choice(changes)
        slot = SLOT_BY_NAME[st.slot]
        lang = self._lang(slot.when_ru)
        template = slot.when_ru if lang == "ru" else slot.when_en
        text = template.format(**slot.values[st.value], **self.fields())  # type: ignore[union-attr]
        self.records[qid] = {"slot": st.slot, "current": slot.values[st.value]["en"], "stale": []}
        return Question(qid, text, t, _date_forms(st.time), (), (st.turn_id,), "when", "temporal", lang)

    def why(self, qid: str, t: float) -> Question | None:
        told = [c for c in self.sim.causal if c.time < t]
        if not told:
            return None
        c = self.rng.choice(told)
        ep = EPISODES[c.episode]
        lang = self._lang(ep.ask_ru)
        text = (ep.ask_ru if lang == "ru" else ep.ask_en).format(**self.fields())
        answers = tuple(dict.fromkeys(a.format(**self.fields()) for a in ep.causes[c.cause]))
        self.records[qid] = {"episode": ep.key, "current": answers[0], "stale": []}
        return Question(qid, text, t, answers, (), (c.turn_id,), "why", "causal", lang)

    def abstain(self, qid: str, t: float) -> Question:
        template, intent = self.rng.choice(ABSTAIN_EN)
        self.records[qid] = {"abstain": True}
        return Question(qid, template.format(**self.fields()), t, (), (), (), intent, "abstain", "en", True)

    def ask(self, qid: str, t: float) -> Question | None:
        roll = self.rng.random()
        if roll < 0.62:
            return self.fact(qid, t)
        if roll < 0.78:
            return self.when(qid, t)
        if roll < 0.94:
            return self.why(qid, t)
        return self.abstain(qid, t)


def _question_times(sim: PersonaSim, rng: random.Random, n: int) -> list[float]:
    gaps = sim.gaps[max(1, len(sim.gaps) // 5) : -1] or sim.gaps[:-1]
    if not gaps:
        return []
    times = []
    for _ in range(n):
        lo, hi = rng.choice(gaps)
        times.append(float(rng.randint(int(lo) + 600, max(int(lo) + 600, int(hi) - 600))))
    return sorted(times)


def _questions(sim: PersonaSim) -> tuple[list[Question], dict[str, dict[str, Any]]]:
    rng = random.Random(f"memlab-synthetic:{sim.config.seed}:{sim.profile.index}:questions")
    asker = _Asker(sim, rng)
    out: list[Question] = []
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for t in _question_times(sim, rng, sim.config.questions_per_persona):
        for _ in range(6):  # redraw when nothing can be asked yet, or the same question was asked
            q = asker.ask(f"{sim.profile.prefix}-q{len(out):03d}", t)
            if q is not None and (q.text, q.answers) not in seen:
                seen.add((q.text, q.answers))
                out.append(q)
                break
    return out, asker.records


# ---------------------------------------------------------------- meta and the dataset


def _timeline(sim: PersonaSim) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for slot in SLOTS:
        hist = [s for s in sim.statements if s.slot == slot.name]
        out[slot.name] = [
            {
                "value": slot.values[s.value]["en"],
                "forms": list(answer_forms(slot.values[s.value])),
                "from": s.time,
                "until": hist[i + 1].time if i + 1 < len(hist) else None,
                "turn": s.turn_id,
            }
            for i, s in enumerate(hist)
        ]
    return out


def _entities(sims: list[PersonaSim]) -> list[dict[str, Any]]:
    people = [
        {"name": s.profile.name, "aliases": [s.profile.name_ru], "type": "person", "role": "persona"}
        for s in sims
    ]
    managers = [
        {
            "name": v["en"],
            "aliases": [v["alias"], v["nom"], v["ralias"], "my boss"],
            "type": "person",
            "role": "manager",
        }
        for v in SLOT_BY_NAME["manager"].values
    ]
    projects = sorted({s.profile.project for s in sims})
    return people + managers + [{"name": p, "aliases": [], "type": "project"} for p in projects]


def _meta(config: SynthConfig, sims: list[PersonaSim], records: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {
        "generator": "memlab.datasets.synthetic",
        "version": GENERATOR_VERSION,
        "config": dataclasses.asdict(config),
        "personas": [dataclasses.asdict(s.profile) for s in sims],
        "entities": _entities(sims),
        "timeline": {s.profile.prefix: _timeline(s) for s in sims},
        "causal": {
            s.profile.prefix: [
                {
                    "episode": EPISODES[c.episode].key,
                    "cause": EPISODES[c.episode].causes[c.cause][0],
                    "turn": c.turn_id,
                    "time": c.time,
                }
                for c in s.causal
            ]
            for s in sims
        },  # fmt: skip
        "questions": records,
    }


def generate(
    seed: int = 0,
    personas: int = 3,
    days: float = 180.0,
    lang_mix: float = 0.2,
    chatter_per_session: int = 6,
    **knobs: Any,
) -> Dataset:
    """Build a whole synthetic dataset in memory: turns, questions, ground-truth timeline in meta.

    Extra knobs are the fields of :class:`SynthConfig` (``questions_per_persona``,
    ``change_every_days``, ``distractor_share``, ...).
    """
    config = SynthConfig(
        seed=seed,
        personas=personas,
        days=days,
        lang_mix=lang_mix,
        chatter_per_session=chatter_per_session,
        **knobs,
    )
    sims = _sims(config)
    turns = tuple(_merge(sims, None))
    questions: list[Question] = []
    records: dict[str, dict[str, Any]] = {}
    for sim in sims:
        qs, recs = _questions(sim)
        questions.extend(qs)
        records.update({q.id: {"persona": sim.profile.prefix, **recs[q.id]} for q in qs})
    questions.sort(key=lambda q: (q.time, q.id))
    name = f"synthetic-seed{seed}"
    return Dataset(name=name, turns=turns, questions=tuple(questions), meta=_meta(config, sims, records))
