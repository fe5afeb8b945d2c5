"""Named, ordered schema migrations; applied versions are recorded in ``schema_migrations``.

Add a migration by appending to ``MIGRATIONS``; never edit one that has shipped.
Vector tables are not here: their dimension depends on the embedder (see ``vectors.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


M001_CORE = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE nodes (
    id              INTEGER PRIMARY KEY,
    type            TEXT NOT NULL CHECK (type IN ('episodic','semantic','procedural','opinion')),
    content         TEXT NOT NULL,
    stem            TEXT NOT NULL DEFAULT '',
    event_time      REAL NOT NULL,
    created_at      REAL NOT NULL,
    valid_from      REAL NOT NULL,
    valid_until     REAL,
    invalid_reason  TEXT CHECK (invalid_reason IN ('superseded','forgotten')),
    archived_at     REAL,
    confidence      REAL NOT NULL DEFAULT 1.0,
    base_strength   REAL NOT NULL DEFAULT 1.0,
    decay_rate      REAL NOT NULL DEFAULT 0.1,
    access_count    INTEGER NOT NULL DEFAULT 0,
    last_accessed   REAL,
    source_type     TEXT,
    source_role     TEXT,
    session_id      TEXT,
    fact_key        TEXT,
    attributes      TEXT NOT NULL DEFAULT '{}',
    CHECK ((valid_until IS NULL) = (invalid_reason IS NULL))
);
CREATE INDEX nodes_session ON nodes(session_id, event_time);
CREATE INDEX nodes_type_time ON nodes(type, event_time);
CREATE INDEX nodes_fact_key ON nodes(fact_key) WHERE fact_key IS NOT NULL;

CREATE VIRTUAL TABLE nodes_fts USING fts5(
    stem, content='nodes', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
CREATE TRIGGER nodes_fts_ai AFTER INSERT ON nodes BEGIN
    INSERT INTO nodes_fts(rowid, stem) VALUES (new.id, new.stem);
END;
CREATE TRIGGER nodes_fts_ad AFTER DELETE ON nodes BEGIN
    INSERT INTO nodes_fts(nodes_fts, rowid, stem) VALUES ('delete', old.id, old.stem);
END;
CREATE TRIGGER nodes_fts_au AFTER UPDATE OF stem ON nodes BEGIN
    INSERT INTO nodes_fts(nodes_fts, rowid, stem) VALUES ('delete', old.id, old.stem);
    INSERT INTO nodes_fts(rowid, stem) VALUES (new.id, new.stem);
END;

CREATE TABLE edges (
    id          INTEGER PRIMARY KEY,
    src         INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
    dst         INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
    type        TEXT NOT NULL CHECK (type IN ('temporal','causal','entity','derived_from','supersedes')),
    predicate   TEXT,
    weight      REAL NOT NULL DEFAULT 1.0,
    confidence  REAL NOT NULL DEFAULT 1.0,
    valid_from  REAL,
    valid_until REAL,
    evidence    TEXT,
    created_at  REAL NOT NULL,
    UNIQUE (src, dst, type)
);
CREATE INDEX edges_dst ON edges(dst, type);

CREATE TABLE entities (
    id              INTEGER PRIMARY KEY,
    canonical_name  TEXT NOT NULL,
    type            TEXT NOT NULL CHECK (type IN ('person','organization','place','project','tool','concept')),
    summary         TEXT,
    mention_count   INTEGER NOT NULL DEFAULT 0,
    first_seen      REAL,
    last_seen       REAL,
    created_at      REAL NOT NULL,
    merged_into     INTEGER REFERENCES entities(id),
    attributes      TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE entity_aliases (
    alias_norm  TEXT NOT NULL,
    entity_id   INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    alias       TEXT NOT NULL,
    PRIMARY KEY (alias_norm, entity_id)
) WITHOUT ROWID;
CREATE INDEX entity_aliases_entity ON entity_aliases(entity_id);

CREATE TABLE node_entities (
    node_id    INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
    entity_id  INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    role       TEXT,
    PRIMARY KEY (node_id, entity_id)
) WITHOUT ROWID;
CREATE INDEX node_entities_entity ON node_entities(entity_id, node_id);

CREATE TABLE sessions (
    id               TEXT PRIMARY KEY,
    started_at       REAL NOT NULL,
    last_event_at    REAL NOT NULL,
    ended_at         REAL,
    status           TEXT NOT NULL DEFAULT 'open'
                     CHECK (status IN ('open','pending','consolidated','failed')),
    episode_count    INTEGER NOT NULL DEFAULT 0,
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT,
    consolidated_at  REAL
);
CREATE INDEX sessions_status ON sessions(status);

CREATE TABLE node_vectors (
    seq      INTEGER PRIMARY KEY,
    node_id  INTEGER NOT NULL UNIQUE REFERENCES nodes(id) ON DELETE CASCADE,
    vec      BLOB NOT NULL
);
CREATE TRIGGER node_vectors_ad AFTER DELETE ON node_vectors BEGIN
    INSERT INTO meta(key, value) VALUES ('vectors_epoch', '1')
    ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1;
END;
CREATE TABLE entity_vectors (
    entity_id  INTEGER PRIMARY KEY REFERENCES entities(id) ON DELETE CASCADE,
    vec        BLOB NOT NULL
);


CREATE TABLE maintenance_runs (
    id           INTEGER PRIMARY KEY,
    started_at   REAL NOT NULL,
    finished_at  REAL,
    step         TEXT,
    report       TEXT NOT NULL DEFAULT '{}'
);
"""

# Users partition the memory (like Mem0's user_id); a speaker is who said an episode. Facts are
# keyed per subject inside a user, so the fact-key index leads with the user.
M002_USERS = """
ALTER TABLE nodes ADD COLUMN user_id TEXT NOT NULL DEFAULT 'default';
ALTER TABLE nodes ADD COLUMN speaker TEXT;
ALTER TABLE sessions ADD COLUMN user_id TEXT NOT NULL DEFAULT 'default';
ALTER TABLE entities ADD COLUMN user_id TEXT NOT NULL DEFAULT 'default';
DROP INDEX nodes_fact_key;
CREATE INDEX nodes_user_fact_key ON nodes(user_id, fact_key) WHERE fact_key IS NOT NULL;
CREATE INDEX nodes_user_type_time ON nodes(user_id, type, event_time);
CREATE INDEX entities_user ON entities(user_id);
"""

# Multi-granularity text index: every episode is also indexed with its neighbours in the session
# (a LoCoMo answer is often split over consecutive turns, and a question's words over a
# question and its reply). Two windows, each its own FTS5 table so BM25 normalises by that
# window's length: "pair" = the previous turn + the turn; "window" = two before + the turn + one
# after. Kept by triggers on the temporal edge that ingest writes between consecutive episodes of
# a session, so every writer (ingest, bulk loaders) maintains them; rowid = the episode's id.
M003_EPISODE_WINDOWS = """
CREATE VIRTUAL TABLE window_fts_pair USING fts5(stem, tokenize='unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE window_fts_window USING fts5(stem, tokenize='unicode61 remove_diacritics 2');
INSERT INTO window_fts_pair(rowid, stem)
SELECT n.id, coalesce((SELECT p.stem || ' ' FROM edges e JOIN nodes p ON p.id = e.src
                       WHERE e.dst = n.id AND e.type = 'temporal' AND p.type = 'episodic' LIMIT 1), '') || n.stem
FROM nodes n WHERE n.type = 'episodic';
INSERT INTO window_fts_window(rowid, stem)
SELECT n.id,
       coalesce((SELECT pp.stem || ' ' FROM edges e JOIN edges e2 ON e2.dst = e.src AND e2.type = 'temporal'
                 JOIN nodes pp ON pp.id = e2.src
                 WHERE e.dst = n.id AND e.type = 'temporal' AND pp.type = 'episodic' LIMIT 1), '')
       || coalesce((SELECT p.stem || ' ' FROM edges e JOIN nodes p ON p.id = e.src
                    WHERE e.dst = n.id AND e.type = 'temporal' AND p.type = 'episodic' LIMIT 1), '')
       || n.stem
       || coalesce((SELECT ' ' || x.stem FROM edges e JOIN nodes x ON x.id = e.dst
                    WHERE e.src = n.id AND e.type = 'temporal' AND x.type = 'episodic' LIMIT 1), '')
FROM nodes n WHERE n.type = 'episodic';
CREATE TRIGGER window_fts_ai AFTER INSERT ON nodes WHEN new.type = 'episodic' BEGIN
    INSERT INTO window_fts_pair(rowid, stem) VALUES (new.id, new.stem);
    INSERT INTO window_fts_window(rowid, stem) VALUES (new.id, new.stem);
END;
CREATE TRIGGER window_fts_ad AFTER DELETE ON nodes WHEN old.type = 'episodic' BEGIN
    DELETE FROM window_fts_pair WHERE rowid = old.id;
    DELETE FROM window_fts_window WHERE rowid = old.id;
END;
CREATE TRIGGER window_fts_link AFTER INSERT ON edges WHEN new.type = 'temporal'
    AND (SELECT type FROM nodes WHERE id = new.src) = 'episodic'
    AND (SELECT type FROM nodes WHERE id = new.dst) = 'episodic' BEGIN
    UPDATE window_fts_pair
       SET stem = (SELECT stem FROM nodes WHERE id = new.src) || ' ' || (SELECT stem FROM nodes WHERE id = new.dst)
     WHERE rowid = new.dst;
    UPDATE window_fts_window
       SET stem = coalesce((SELECT p.stem || ' ' FROM edges e JOIN nodes p ON p.id = e.src
                            WHERE e.dst = new.src AND e.type = 'temporal' AND p.type = 'episodic' LIMIT 1), '')
                  || (SELECT stem FROM nodes WHERE id = new.src) || ' ' || stem
     WHERE rowid = new.dst;
    UPDATE window_fts_window SET stem = stem || ' ' || (SELECT stem FROM nodes WHERE id = new.dst)
     WHERE rowid = new.src;
END;
"""

# The window rows are built by ingest in Python instead (``memlab.store.windows``), one insert
# per row per transaction: the link trigger rewrote two FTS rows with correlated subqueries on
# every temporal edge, and cut durable ingest to a third. Rows already present keep their text;
# deleting an episode still drops its rows (``window_fts_ad`` stays).
M004_WINDOWS_IN_INGEST = """
DROP TRIGGER IF EXISTS window_fts_link;
DROP TRIGGER IF EXISTS window_fts_ai;
"""

# Consolidation looks up every new fact's exact duplicates by its stemmed text. Through the FTS
# index that was a phrase query over every episode's posting lists (~1 ms a fact at 200K episodes,
# growing with them); the facts alone, indexed by stem, answer the same in microseconds.
M005_FACT_STEM = """
CREATE INDEX nodes_fact_stem ON nodes(stem) WHERE type != 'episodic';
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "m001_core_graph", M001_CORE),
    Migration(2, "m002_users_and_speakers", M002_USERS),
    Migration(3, "m003_episode_windows", M003_EPISODE_WINDOWS),
    Migration(4, "m004_episode_windows_in_ingest", M004_WINDOWS_IN_INGEST),
    Migration(5, "m005_fact_stem_index", M005_FACT_STEM),
)

SCHEMA_TABLE = """CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"""


def applied_versions(con: Any) -> set[int]:
    con.execute(SCHEMA_TABLE)
    return {row[0] for row in con.execute("SELECT version FROM schema_migrations")}


def migrate(con: Any, now: float) -> list[str]:
    """Apply pending migrations, each in its own transaction. Returns the names applied."""
    done = applied_versions(con)
    applied: list[str] = []
    for m in MIGRATIONS:
        if m.version in done:
            continue
        con.execute("BEGIN IMMEDIATE")
        try:
            for statement in _split(m.sql):
                con.execute(statement)
            con.execute(
                "INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)",
                (m.version, m.name, now),
            )
            con.execute("COMMIT")
        except Exception:
            con.execute("ROLLBACK")
            raise
        applied.append(m.name)
    return applied


def _split(sql: str) -> list[str]:
    """Split a script into statements, keeping trigger bodies (BEGIN ... END;) whole."""
    out: list[str] = []
    buf: list[str] = []
    depth = 0
    for line in sql.strip().splitlines():
        buf.append(line)
        stripped = line.strip().upper()
        if stripped.startswith("CREATE TRIGGER"):
            depth = 1
        if depth and stripped == "END;":
            depth = 0
        if not depth and stripped.endswith(";"):
            out.append("\n".join(buf).strip().rstrip(";"))
            buf = []
    if "".join(buf).strip():
        out.append("\n".join(buf).strip())
    return out
