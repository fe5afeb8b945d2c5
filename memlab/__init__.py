"""memlab: a graph cognitive memory for LLM agents on one SQLite file."""

from memlab.clock import Clock, SimulatedClock, SystemClock
from memlab.config import MemoryConfig
from memlab.types import Edge, Entity, Hit, Node, Session

__all__ = [
    "Clock",
    "Edge",
    "Entity",
    "Hit",
    "MemoryConfig",
    "Node",
    "Session",
    "SimulatedClock",
    "SystemClock",
]
__version__ = "0.1.0"
