"""Driver choice, pragmas and sqlite-vec loading. The only place that picks a sqlite3 module.

The stdlib ``sqlite3`` of many Pythons (pyenv, macOS) cannot load extensions. When it cannot,
we use a drop-in wheel (``sqlean.py`` or ``pysqlite3-binary``) so that sqlite-vec still loads;
when none can, vectors fall back to an exact numpy index (see ``vectors.py``).
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

DRIVERS = ("sqlite3", "sqlean", "pysqlite3")
_MODULES = {"sqlite3": "sqlite3", "sqlean": "sqlean", "pysqlite3": "pysqlite3.dbapi2"}


class DatabaseError(RuntimeError):
    """The database file cannot be used (corrupt, not a memlab database, locked, wrong embedder)."""


class ReadOnlyDatabaseError(DatabaseError):
    """A write was asked of a database that memlab may only read (file, folder or mode)."""


def read_only_hint(path: str | Path) -> str:
    return (
        f"{path}: the database is read-only for this process (the file or its folder is not writable, "
        "and SQLite's WAL needs to create files beside it). Open it with Memory.open(path, read_only=True) "
        "(the CLI's search, context, stats and viz commands do), or make the file and its folder writable"
    )


@dataclass(frozen=True)
class Driver:
    name: str
    module: Any  # a DB-API module with the sqlite3 interface
    can_load_extensions: bool
    sqlite_version: str

    @property
    def errors(self) -> tuple[type[BaseException], ...]:
        return (self.module.Error,)


def _import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(_MODULES[name])
    except ImportError:
        return None


def _can_load(module: Any) -> bool:
    if not hasattr(module.Connection, "enable_load_extension"):
        return False
    try:
        import sqlite_vec

        con = module.connect(":memory:")
        try:
            con.enable_load_extension(True)
            sqlite_vec.load(con)
            con.enable_load_extension(False)
            con.execute("SELECT vec_version()")
            return True
        finally:
            con.close()
    except Exception:
        return False


_CACHE: dict[str, Driver] = {}


def choose_driver(preference: str = "auto") -> Driver:
    """The first driver, in order of preference, that can load sqlite-vec; else stdlib sqlite3."""
    if preference in _CACHE:
        return _CACHE[preference]
    if preference != "auto" and preference not in DRIVERS:
        raise ValueError(f"unknown sqlite driver {preference!r}; choose one of auto, {', '.join(DRIVERS)}")
    order = DRIVERS if preference == "auto" else (preference,)
    chosen: Driver | None = None
    for name in order:
        module = _import(name)
        if module is None:
            continue
        driver = Driver(name, module, _can_load(module), module.sqlite_version)
        if driver.can_load_extensions or preference != "auto":
            chosen = driver
            break
    if chosen is None:
        import sqlite3

        chosen = Driver("sqlite3", sqlite3, False, sqlite3.sqlite_version)
    _CACHE[preference] = chosen
    return chosen


def connect(
    path: str | Path,
    driver: Driver,
    *,
    readonly: bool = False,
    busy_timeout_ms: int = 5000,
    synchronous: str = "NORMAL",
    load_vec: bool = True,
) -> Any:
    """Open a connection with memlab's pragmas; loads sqlite-vec when the driver can."""
    mod = driver.module
    try:
        if readonly:
            con = _connect_ro(mod, path, busy_timeout_ms)
        else:
            con = mod.connect(
                str(path), check_same_thread=False, isolation_level=None, timeout=busy_timeout_ms / 1000
            )
    except mod.Error as exc:
        raise wrap_error(path, exc) from exc
    try:
        con.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        con.execute("PRAGMA foreign_keys = ON")
        if not readonly:
            mode = con.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise DatabaseError(f"{path}: could not switch to WAL mode (got {mode!r})")
            con.execute(f"PRAGMA synchronous = {synchronous}")
        if load_vec and driver.can_load_extensions:
            import sqlite_vec

            con.enable_load_extension(True)
            sqlite_vec.load(con)
            con.enable_load_extension(False)
    except mod.DatabaseError as exc:
        con.close()
        raise wrap_error(path, exc) from exc
    return con


def _connect_ro(mod: Any, path: str | Path, busy_timeout_ms: int) -> Any:
    """A read-only connection. A WAL file in a folder we cannot write (no -shm to create) can only
    be read as immutable: nobody can be writing it without write access to that folder either."""
    uri = f"file:{Path(path).resolve()}?mode=ro"
    kw = {"uri": True, "check_same_thread": False, "isolation_level": None, "timeout": busy_timeout_ms / 1000}
    con = mod.connect(uri, **kw)
    try:
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return con
    except mod.OperationalError as exc:
        con.close()
        if "unable to open" not in str(exc) or os.access(Path(path).parent, os.W_OK | os.X_OK) and not _ro_mount(path):
            raise
    return mod.connect(uri + "&immutable=1", **kw)


def _ro_mount(path: str | Path) -> bool:
    try:
        return bool(os.statvfs(Path(path).parent).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def wrap_error(path: str | Path, exc: BaseException) -> DatabaseError:
    msg = _explain(path, exc)
    return ReadOnlyDatabaseError(msg) if msg.startswith(read_only_hint(path)) else DatabaseError(msg)


def check_writable(con: Any, path: str | Path, errors: tuple[type[BaseException], ...]) -> None:
    """Take and release the write lock: a read-only file fails here, not on the first lost write."""
    try:
        con.execute("BEGIN IMMEDIATE")
        con.execute("ROLLBACK")
    except errors as exc:
        raise wrap_error(path, exc) from exc


def _explain(path: str | Path, exc: BaseException) -> str:
    msg = str(exc)
    if "readonly" in msg or "read-only" in msg or "unable to open" in msg:
        return read_only_hint(path) + f" ({msg})"
    if "not a database" in msg or "malformed" in msg:
        return f"{path}: the file is not a valid SQLite database ({msg}); memlab did not modify it"
    if "locked" in msg or "busy" in msg:
        return f"{path}: the database is locked by another process ({msg}); try again when it is released"
    return f"{path}: {msg}"
