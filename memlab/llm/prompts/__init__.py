"""Prompts as pure functions of a typed context, each module beside its response JSON schema.

Every module exposes ``SCHEMA`` (what the answer must match), ``TOOL`` (the same schema as a
function-calling tool) and ``messages(ctx) -> list[dict]``. Nothing here calls a model.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from memlab.clock import iso
from memlab.types import EpisodeRef


def render_episode(e: EpisodeRef) -> str:
    """One line per episode; the id is what the model must cite."""
    text = " ".join(e.content.split())
    return f"[{e.id}] {iso(e.time)} {e.role}: {text}"


def render_episodes(episodes: Iterable[EpisodeRef]) -> str:
    return "\n".join(render_episode(e) for e in episodes)


def as_tool(name: str, description: str, schema: Mapping[str, Any]) -> dict[str, Any]:
    return {"name": name, "description": description, "parameters": dict(schema)}
