"""Query intent: which graph channels a question needs (why -> causal, when -> temporal, ...).

Labels (memlab.types.INTENTS):

- ``why``: causes, reasons, motives ("why", "what made her...", "по какой причине");
- ``when``: dates, times, order, durations ("when", "how long ago", "в каком году");
- ``who``: people and organisations, relations ("who", "whose", "with whom", "с кем");
- ``what``: a specific fact about a thing, place, event or number ("what", "which", "where",
  "how many", "что", "какой", "где");
- ``general``: open-ended, vague or summary requests ("tell me about Berlin", "the thing with
  the deploy?") where no single channel is better than plain text + vector search.

Two classifiers share one Protocol: a keyword one (regex, EN + RU, microseconds) and an
embedding one (similarity to exemplar questions, cached on disk per embedder).
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from memlab.embed.base import Embedder, embed_one, normalize
from memlab.types import INTENTS


@runtime_checkable
class IntentClassifier(Protocol):
    def classify(self, query: str) -> str: ...


@runtime_checkable
class VectorIntentClassifier(IntentClassifier, Protocol):
    """A classifier that can also read the query's vector (the read path then embeds the query
    even for a recipe without a dense channel, and hands the vector over instead of the text)."""

    def classify_vector(self, query_vec: np.ndarray) -> str: ...


# --- keyword classifier ----------------------------------------------------------------------

# Strong cues name the intent whatever word opens the question ("what was the REASON", "what
# DATE"); they win over interrogatives. Among several cues of one strength, the earliest wins:
# the opening interrogative of a question is its main clause ("when did he say why...").
_STRONG: dict[str, str] = {
    "general": r"what\s+do\s+you\s+(?:know|remember)\s+(?:about|from|of)|tell\s+me\s+(?:about|everything|more)|"
    r"anything\s+(?:about|on|new)|catch\s+me\s+up|any\s+(?:news|updates?)|summari[sz]e|recap|"
    r"what(?:'s|\s+is)\s+(?:going\s+on|up|happening|new)\s+with|what\s+have\s+we\s+(?:talked|been\s+talking)\s+about|"
    r"how\s+(?:is|are)\s+(?:things|it)\s+going|"
    r"что\s+(?:ты\s+)?(?:знаешь|помнишь)\s+(?:о|об|про)|расскажи\s+(?:мне\s+)?(?:о|об|про|подробнее|всё|все)|"
    r"что\s+нового|что\s+там\s+(?:с|со)\b|что\s+происходит|как(?:ие|ая)\s+новост\w*|есть\s+(?:что-то\s+|что-нибудь\s+)?нов\w*|"
    r"что-то\s+нов\w*|о\s+ч[её]м\s+мы\s+(?:говорили|разговаривали)|подытож\w*|резюмируй|"
    r"^\s*что\s+(?:с|со)\s+\w+\s*\??\s*$|помнишь\s*\?\s*$",
    "why": r"what\s+(?:caused|made|led\s+to|prompted|motivated|drove|pushed)|how\s+come|reasons?|"
    r"causes?|because\s+of\s+what|motivations?|what\s+for|for\s+what\s+purpose|justif\w+|"
    r"what(?:'s|\s+is|\s+was)\s+(?:the\s+story\s+)?behind|what\s+was\s+the\s+point|how\s+did\s+.+\s+start|"
    r"по\s+какой\s+причине|из-за\s+чего|с\s+какой\s+целью|причин\w*|для\s+чего|с\s+чего\s+начал\w*|"
    r"подтолкн\w+|заставил\w*|чем\s+объясня\w+",
    "when": r"what\s+(?:date|day|time|year|month|week)|which\s+(?:date|day|year|month|week)|dates?\s+of|"
    r"how\s+long|since\s+when|at\s+what\s+time|before\s+or\s+after|"
    r"how\s+many\s+(?:days|weeks|months|years|hours|minutes)\s+ago|has\s+it\s+been\s+long|"
    r"в\s+како[мй]\s+(?:году|месяце|день|время)|какого\s+числа|как\s+давно|с\s+каких\s+пор|давно|"
    r"во\s+сколько|сколько\s+(?:времени|дней|недель|месяцев|лет|часов|минут)|сколько\s+длил\w*|"
    r"в\s+какой\s+день|в\s+котором\s+часу|к\s+какому\s+сроку|до\s+.+\s+или\s+после|дат[аыуе]\b",
    # a pet's or a thing's name is a fact, not a person ("как зовут кошку")
    "what": r"как\s+зовут\s+(?:\w+\s+)?(?:кошку|кота|собаку|пса|щенка|котёнка|котенка|питомца|попугая|хомяка|лошадь)",
    "who": r"whose|with\s+whom|which\s+(?:person|people|guy|woman|man|colleague|friend)|"
    r"name\s+of\s+the\s+(?:person|guy|woman|man)|what\s+was\s+(?:his|her|their)\s+name|"
    r"с\s+кем|чей|чья|чь[её]|чьи|чью|чьего|чьей|как\s+зовут|как\s+(?:его|её|ее|их)\s+звали|"
    r"как(?:ой|ая)\s+(?:друг|подруга|коллега|сосед|соседка|врач|человек)",
}

_INTERROGATIVES: dict[str, str] = {
    "why": r"why|почему|зачем|отчего",
    "when": r"when|когда",
    "who": r"who|whom|кто|кого|кому|кем|ком",
    "what": r"what|what's|which|where|how\s+many|how\s+much|что|чем|чего|о\s+ч[её]м|как(?:ой|ая|ое|ие|ого|ую|им|ом)|"
    r"котор\w+|где|куда|откуда|сколько",
}


def _compile(cues: Mapping[str, str]) -> list[tuple[str, re.Pattern[str]]]:
    return [(intent, re.compile(rf"(?<!\w)(?:{rx})(?!\w)", re.IGNORECASE)) for intent, rx in cues.items()]


_STRONG_RX = _compile(_STRONG)
_INTERROGATIVE_RX = _compile(_INTERROGATIVES)


def _earliest(patterns: list[tuple[str, re.Pattern[str]]], text: str) -> str | None:
    best: tuple[int, str] | None = None
    for intent, rx in patterns:
        m = rx.search(text)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), intent)
    return best[1] if best else None


class KeywordIntentClassifier:
    """Regex cues in English and Russian: strong phrases first, then the earliest question word."""

    name = "keyword"

    def classify(self, query: str) -> str:
        text = query.replace("ё", "е").replace("Ё", "Е")
        return _earliest(_STRONG_RX, text) or _earliest(_INTERROGATIVE_RX, text) or "general"


# --- embedding classifier --------------------------------------------------------------------

# Exemplars for the embedding classifier, written for it (the evaluation set is separate:
# datasets/intent_queries.jsonl).
DEFAULT_EXEMPLARS: dict[str, tuple[str, ...]] = {
    "why": (
        "Why did she quit her job?",
        "What was the reason for the move?",
        "Why was the release delayed?",
        "What caused the outage last week?",
        "How come he stopped calling?",
        "Explain why the build keeps failing",
        "What made them cancel the trip?",
        "Why do you think he changed his mind?",
        "What led to the breakup?",
        "Why did we switch databases?",
        "Почему она уволилась?",
        "По какой причине перенесли релиз?",
        "Зачем он продал машину?",
        "Из-за чего упал сервер?",
        "Почему мы отказались от этой идеи?",
        "Что стало причиной ссоры?",
        "Отчего он так расстроился?",
        "Объясни, почему сборка падает",
        "Зачем мы переехали в другой офис?",
        "Почему встречу отменили?",
    ),
    "when": (
        "When did she move to Lisbon?",
        "What date is the wedding?",
        "How long ago did we start the project?",
        "When is the next meeting?",
        "What year did he graduate?",
        "When was the last time we talked about it?",
        "Since when has he been vegetarian?",
        "At what time does the flight leave?",
        "Which month did the lease end?",
        "When did the incident happen?",
        "Когда она переехала в Лиссабон?",
        "Какого числа свадьба?",
        "В каком году он закончил университет?",
        "Как давно мы знакомы?",
        "Когда следующая встреча?",
        "С каких пор он не ест мясо?",
        "Во сколько вылет?",
        "Когда мы последний раз это обсуждали?",
        "В какой день был инцидент?",
        "Когда закончилась аренда?",
    ),
    "who": (
        "Who did she go to the concert with?",
        "Who is Marta?",
        "Whose idea was the hackathon?",
        "Who fixed the payment bug?",
        "With whom did he travel to Japan?",
        "Who recommended that book?",
        "Which colleague is leaving?",
        "Who was at the party?",
        "Who is her manager now?",
        "Who did I lend my bike to?",
        "С кем она ходила на концерт?",
        "Кто такая Марта?",
        "Чья это была идея?",
        "Кто починил баг с оплатой?",
        "Кому я одолжил велосипед?",
        "Кто посоветовал эту книгу?",
        "Кто был на вечеринке?",
        "Кто теперь её руководитель?",
        "Как зовут её брата?",
        "С кем он ездил в Японию?",
    ),
    "what": (
        "What is her favourite food?",
        "Where does he live now?",
        "Which laptop did she buy?",
        "What is the name of their dog?",
        "How many kids does he have?",
        "What did we decide about the budget?",
        "What language is the backend written in?",
        "Where did they spend the holidays?",
        "What is the wifi password at the office?",
        "Which hotel did we book?",
        "Какая у неё любимая еда?",
        "Где он сейчас живёт?",
        "Какой ноутбук она купила?",
        "Как зовут их собаку?",
        "Сколько у него детей?",
        "Что мы решили по бюджету?",
        "На каком языке написан бэкенд?",
        "Где они провели отпуск?",
        "Какой отель мы забронировали?",
        "Что она подарила ему на день рождения?",
    ),
    "general": (
        "Tell me about my cousin's wedding",
        "Anything new about the project?",
        "Summarize our last conversation",
        "What do you remember about my sister?",
        "Catch me up on the garden project",
        "Hmm, that business with the plumber?",
        "Remind me about the trip",
        "Give me an overview of my notes",
        "How are things going with the startup?",
        "Thoughts on the new job?",
        "Расскажи о свадьбе кузины",
        "Что нового по проекту?",
        "Подведи итог нашего разговора",
        "Что ты помнишь о моей сестре?",
        "Напомни про поездку",
        "Хм, та история с сантехником?",
        "Как дела со стартапом?",
        "Что там с машиной?",
        "Дай обзор моих заметок",
        "Есть что-нибудь про отпуск?",
    ),
}


def _exemplar_hash(exemplars: Mapping[str, Sequence[str]]) -> str:
    h = hashlib.blake2b(digest_size=8)
    for intent in sorted(exemplars):
        for text in exemplars[intent]:
            h.update(f"{intent}\x1f{text}\x1e".encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name)[:80]


class EmbeddingIntentClassifier:
    """Similarity to labelled exemplar questions; "general" when nothing is close enough.

    Score per intent = mean cosine of the query to that intent's ``top_k`` nearest exemplars.
    Why not a centroid: each intent is multimodal (two languages, many phrasings), and the mean
    of those vectors sits between the clusters, near none of them. Why not plain max-sim: one
    lucky lexical overlap decides. A small top-k mean keeps the cluster structure and smooths
    single outliers. Exemplar vectors are embedded once, lazily, and cached as npz keyed by
    embedder name, dimension and a hash of the exemplar texts.
    """

    def __init__(
        self,
        embedder: Embedder,
        exemplars: Mapping[str, Sequence[str]] | None = None,
        threshold: float = 0.45,
        cache_dir: str | Path | None = None,
        *,
        top_k: int = 3,
    ) -> None:
        self.embedder = embedder
        self.exemplars = {k: tuple(v) for k, v in (exemplars or DEFAULT_EXEMPLARS).items()}
        unknown = sorted(set(self.exemplars) - set(INTENTS))
        if unknown:
            raise ValueError(f"unknown intent(s) {unknown} in exemplars; known: {list(INTENTS)}")
        self.threshold = threshold
        self.cache_dir = Path(cache_dir) if cache_dir is not None else None
        self.top_k = top_k
        self.name = f"embedding[{embedder.name}]"
        self._matrix: np.ndarray | None = None
        self._rows: dict[str, np.ndarray] = {}

    @property
    def cache_path(self) -> Path | None:
        if self.cache_dir is None:
            return None
        key = f"{_safe(self.embedder.name)}-{self.embedder.dim}-{_exemplar_hash(self.exemplars)}"
        return self.cache_dir / f"intent-exemplars-{key}.npz"

    def _load(self) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        if self._matrix is None:
            intents = sorted(self.exemplars)
            texts = [t for i in intents for t in self.exemplars[i]]
            labels = np.array([i for i in intents for _ in self.exemplars[i]])
            self._matrix = _cached_vectors(
                self.cache_path, len(texts), lambda: self.embedder.embed_batch(texts)
            )
            self._rows = {i: np.flatnonzero(labels == i) for i in intents if self.exemplars[i]}
        return self._matrix, self._rows

    def scores(self, query_vec: np.ndarray) -> dict[str, float]:
        """Per-intent score (mean cosine of the top-k exemplars) for one query vector."""
        matrix, rows = self._load()
        sims = matrix @ normalize(np.asarray(query_vec, dtype=np.float32))[0]
        return {intent: float(np.sort(sims[idx])[-self.top_k :].mean()) for intent, idx in rows.items()}

    def classify_vector(self, query_vec: np.ndarray) -> str:
        """Classify an already computed query embedding (same embedder)."""
        scores = self.scores(query_vec)
        if not scores:
            return "general"
        intent, best = max(scores.items(), key=lambda kv: (kv[1], kv[0] == "general"))
        return intent if best >= self.threshold else "general"

    def classify(self, query: str) -> str:
        if not query.strip():
            return "general"
        return self.classify_vector(embed_one(self.embedder, query))


def _read_cache(path: Path, rows: int) -> np.ndarray | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            vectors = np.asarray(data["vectors"], dtype=np.float32)
    except (OSError, ValueError, KeyError, zipfile.BadZipFile):
        return None  # missing or corrupt: recompute and overwrite
    return vectors if vectors.ndim == 2 and vectors.shape[0] == rows else None


def _cached_vectors(path: Path | None, rows: int, compute: Callable[[], np.ndarray]) -> np.ndarray:
    cached = _read_cache(path, rows) if path is not None else None
    if cached is not None:
        return normalize(cached)
    vectors = normalize(np.asarray(compute(), dtype=np.float32))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npz")
        with os.fdopen(fd, "wb") as f:
            np.savez(f, vectors=vectors)
        os.replace(tmp, path)  # atomic: a concurrent reader sees the old file or the new one
    return vectors


def build_intent_classifier(
    name: str,
    embedder: Embedder | None = None,
    threshold: float = 0.45,
    cache_dir: str | Path | None = None,
) -> IntentClassifier:
    """``keyword`` or ``embedding`` (needs an embedder)."""
    if name == "keyword":
        return KeywordIntentClassifier()
    if name == "embedding":
        if embedder is None:
            raise ValueError("the embedding intent classifier needs an embedder")
        return EmbeddingIntentClassifier(embedder, threshold=threshold, cache_dir=cache_dir)
    raise ValueError(f"unknown intent classifier {name!r}; known: ['embedding', 'keyword']")


# --- evaluation ------------------------------------------------------------------------------


def evaluate_intents(classifier: IntentClassifier, rows: Iterable[Mapping[str, str]]) -> dict[str, Any]:
    """Accuracy, confusion matrix (true -> predicted -> count), per-language accuracy, per-intent
    recall, errors and mean microseconds per classification over ``{"query", "intent", "lang"}``
    rows."""
    confusion = {t: dict.fromkeys(INTENTS, 0) for t in INTENTS}
    per_lang: dict[str, list[int]] = {}
    errors: list[dict[str, str]] = []
    elapsed = 0.0
    n = 0
    for row in rows:
        start = time.perf_counter()
        predicted = classifier.classify(row["query"])
        elapsed += time.perf_counter() - start
        n += 1
        confusion[row["intent"]][predicted] += 1
        hit = int(predicted == row["intent"])
        per_lang.setdefault(row.get("lang", "?"), [0, 0])[0] += hit
        per_lang[row.get("lang", "?")][1] += 1
        if not hit:
            errors.append({"query": row["query"], "intent": row["intent"], "predicted": predicted})
    correct = sum(confusion[i][i] for i in INTENTS)
    return {
        "n": n,
        "accuracy": correct / n if n else 0.0,
        "confusion": confusion,
        "per_lang": {lang: {"n": t, "accuracy": c / t} for lang, (c, t) in sorted(per_lang.items())},
        "recall": {i: confusion[i][i] / max(1, sum(confusion[i].values())) for i in INTENTS},
        "us_per_query": elapsed / n * 1e6 if n else 0.0,
        "errors": errors,
    }
