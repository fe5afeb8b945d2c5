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


class ReadOnlyMemory(DatabaseError):
    """A write was asked of a database that memlab may only read (file, folder or mode)."""


ReadOnlyDatabaseError = ReadOnlyMemory  # the name before issue 35


class CorruptMemory(DatabaseError):
    """The file is damaged or is not an SQLite database; memlab did not modify it."""


def read_only_hint(path: str | Path) -> str:
    return (
        f"{path}: the database is read-only for this process (the file or its folder is not writable); "
        "reading works with Memory.open(path, read_only=True) (the CLI's search, context, stats and viz "
        "commands do); to write, make the file and its folder writable"
    )


def corrupt_hint(path: str | Path, msg: str) -> str:
    return (
        f"{path}: the database file is damaged or not an SQLite database ({msg}). memlab did not modify "
        f"it; check it with `sqlite3 {path} 'PRAGMA integrity_check'` and restore a backup "
        "(or copy what is readable out with sqlite3's `.recover`)"
    )


def driver_errors() -> tuple[type[BaseException], ...]:
    """The Error class of every driver loaded so far (stdlib sqlite3 always)."""
    import sqlite3

    return (sqlite3.Error, *(d.module.Error for d in _CACHE.values()))


def translate(path: str | Path, exc: BaseException) -> DatabaseError | None:
    """A driver error as memlab's own (``CorruptMemory``, ``ReadOnlyMemory``); None for any other."""
    if isinstance(exc, DatabaseError) or not isinstance(exc, driver_errors()):
        return None
    msg = str(exc)
    if "malformed" in msg or "not a database" in msg or "disk image" in msg:
        return CorruptMemory(corrupt_hint(path, msg))
    if "readonly" in msg or "read-only" in msg:
        return ReadOnlyMemory(read_only_hint(path) + f" ({msg})")
    return None


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
    """A read-only connection. A WAL file whose ``-shm`` we cannot create or write (a read-only
    folder or mount) can only be read as immutable: nobody can be writing it without write access
    to that folder either."""
    uri = f"file:{Path(path).resolve()}?mode=ro"
    kw = {"uri": True, "check_same_thread": False, "isolation_level": None, "timeout": busy_timeout_ms / 1000}
    con = mod.connect(uri, **kw)
    try:
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return con
    except mod.OperationalError as exc:
        con.close()
        msg = str(exc)
        if not ("unable to open" in msg or "readonly" in msg) or writable_problem(path) is None:
            raise
    return mod.connect(uri + "&immutable=1", **kw)


def writable_problem(path: str | Path) -> str | None:
    """Why this process cannot write the database at ``path`` (None: it can). Checked at open, so
    a read-only file or folder is one clear error there, not a lost first write. ``os.access``
    answers for this process as it is (root with its capabilities dropped included)."""
    p = Path(path)
    folder = p.parent
    if _ro_mount(p):
        return f"{folder} is on a read-only file system"
    if p.exists() and not os.access(p, os.R_OK | os.W_OK):
        return f"the file {p} is not writable"
    for side in (Path(f"{p}-wal"), Path(f"{p}-shm")):
        if side.exists() and not os.access(side, os.R_OK | os.W_OK):
            return f"{side} is not writable"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} is not writable (SQLite's WAL creates files beside the database)"
    return None


def check_can_write(path: str | Path) -> None:
    """Raise ``ReadOnlyMemory`` when this process cannot write the database at ``path``."""
    why = writable_problem(path)
    if why is not None:
        raise ReadOnlyMemory(read_only_hint(path) + f" ({why})")


def _ro_mount(path: str | Path) -> bool:
    try:
        return bool(os.statvfs(Path(path).parent).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def wrap_error(path: str | Path, exc: BaseException) -> DatabaseError:
    msg = _explain(path, exc)
    if msg.startswith(read_only_hint(path)):
        return ReadOnlyMemory(msg)
    return CorruptMemory(msg) if msg.startswith(f"{path}: the database file is damaged") else DatabaseError(msg)


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
    if "not a database" in msg or "malformed" in msg or "disk image" in msg:
        return corrupt_hint(path, msg)
    if "locked" in msg or "busy" in msg:
        return f"{path}: the database is locked by another process ({msg}); try again when it is released"
    return f"{path}: {msg}"
