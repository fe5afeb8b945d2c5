"""memlab: a graph cognitive memory for LLM agents on one SQLite file."""

from memlab.clock import Clock, SimulatedClock, SystemClock
from memlab.config import MemoryConfig
from memlab.memory import EmbedderMismatchError, Memory
from memlab.types import Edge, Entity, Hit, Node, Session

__all__ = [
    "Clock",
    "Edge",
    "EmbedderMismatchError",
    "Entity",
    "Hit",
    "Memory",
    "MemoryConfig",
    "Node",
    "Session",
    "SimulatedClock",
    "SystemClock",
]
__version__ = "0.1.0"
