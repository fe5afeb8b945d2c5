from __future__ import annotations

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
