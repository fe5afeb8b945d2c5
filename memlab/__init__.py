"""memlab: a graph cognitive memory for LLM agents on one SQLite file."""

from memlab.clock import Clock, InvalidTime, SimulatedClock, SystemClock
from memlab.compose import ConfigError, Parts, build_parts
from memlab.config import MemoryConfig
from memlab.ingest import InvalidMessage
from memlab.memory import EmbedderMismatchError, Memory
from memlab.reports import ConsolidationReport, MaintenanceReport, MemoryStats
from memlab.store.connect import CorruptMemory, DatabaseError, ReadOnlyMemory
from memlab.store.writer import WriteFailed
from memlab.types import Edge, Entity, Hit, Node, Session

__all__ = [
    "Clock",
    "ConfigError",
    "ConsolidationReport",
    "CorruptMemory",
    "DatabaseError",
    "Edge",
    "EmbedderMismatchError",
    "Entity",
    "Hit",
    "InvalidMessage",
    "InvalidTime",
    "MaintenanceReport",
    "Memory",
    "MemoryConfig",
    "MemoryStats",
    "Node",
    "Parts",
    "ReadOnlyMemory",
    "Session",
    "SimulatedClock",
    "SystemClock",
    "WriteFailed",
    "build_parts",
]
__version__ = "0.1.0"
