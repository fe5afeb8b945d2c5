"""The hot path (episode + FTS row + temporal edge, no LLM) and session rotation.

Validation runs on the caller's thread so a bad message raises at the call site; the write
itself is queued to the single writer.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from memlab.clock import InvalidTime
from memlab.lang.text import stem_text
from memlab.store import fact_rows, windows
from memlab.store import store as st

_SURROGATES = re.compile("[\ud800-\udfff]")
ROLES = ("user", "assistant", "system", "tool")


class InvalidMessage(ValueError):
    """A message that memlab refuses to store (the reason is in the text); nothing was written."""


class InvalidMessageTime(InvalidMessage, InvalidTime):
    """A message whose time memlab cannot interpret (both error families catch it)."""


def clean_text(text: Any, max_chars: int) -> tuple[str, dict[str, Any]]:
    """Validate a message; returns the text to store and attributes describing any repair."""
    attrs: dict[str, Any] = {}
    if isinstance(text, bytes | bytearray):
        decoded = bytes(text).decode("utf-8", errors="replace")
        if "\ufffd" in decoded and b"\xef\xbf\xbd" not in text:
            attrs["repaired"] = "invalid UTF-8 replaced with U+FFFD"
        text = decoded
    if not isinstance(text, str):
        raise InvalidMessage(f"message must be str or bytes, got {type(text).__name__}")
    if _SURROGATES.search(text):
        text = _SURROGATES.sub("\ufffd", text)
        attrs["repaired"] = "lone surrogates replaced with U+FFFD"
    if not text.strip():
        raise InvalidMessage("empty or whitespace-only message: nothing to remember")
    if len(text) > max_chars:
        raise InvalidMessage(
            f"message of {len(text)} characters exceeds ingest.max_message_chars={max_chars}; split it"
        )
    return text, attrs


MAX_NAME_CHARS = 200


def check_name(value: str | None, what: str) -> str | None:
    """A user id or speaker name: a non-empty string of at most 200 characters, or None."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME_CHARS:
        raise InvalidMessage(f"{what} must be a non-empty string of at most {MAX_NAME_CHARS} characters, got {value!r}")
    return value.strip()


@dataclass
class _Open:
    id: str
    key: str
    last_at: float
    adopted: bool = False  # left open by an earlier (or another) process: continued only by its id


def split_segment(session_id: str) -> tuple[str, int]:
    """("proj", 2) for "proj#2" (a rotation segment); ("a#b", 1) for an id that merely holds '#'."""
    key, sep, n = session_id.rpartition("#")
    return (key, int(n)) if sep and key and n.isdigit() else (session_id, 1)


class SessionTracker:
    """Decides which session an episode belongs to; reports sessions that just completed.

    One conversation is current at a time: a new session id completes the current session, and
    so does a gap longer than ``idle_s`` (the next episode then opens ``key#2``, ``key#3``...).
    A session adopted from the database at open may belong to another process that is still
    writing: it is continued only when asked for by id, and never completed by a message without
    one (that message opens its own session).
    """

    def __init__(self, idle_s: float, exists: Callable[[str], bool] = lambda sid: False) -> None:
        self.idle_s = idle_s
        self._exists = exists  # is a session id already taken in the database?
        self._lock = threading.Lock()
        self._current: _Open | None = None
        self._segments: dict[str, int] = {}

    def restore(self, open_sessions: list[tuple[str, float]], now: float | None = None) -> list[str]:
        """Adopt sessions left open by an earlier process: the newest stays current (for its own id).

        Returns the sessions to complete: with ``now``, those idle past ``idle_s`` (the others may
        still be another process's live conversation); without it, all but the newest."""
        if not open_sessions:
            return []
        ordered = sorted(open_sessions, key=lambda s: s[1])
        if now is not None:
            stale = [sid for sid, last in ordered if now - last > self.idle_s]
            live = [(sid, last) for sid, last in ordered if now - last <= self.idle_s]
        else:
            stale, live = [sid for sid, _ in ordered[:-1]], ordered[-1:]
        if live:
            sid, last = live[-1]
            key, n = split_segment(sid)
            self._current = _Open(sid, key, last, adopted=True)
            self._segments[key] = max(n, self._segments.get(key, 0))
        return stale

    def assign(self, session_id: str | None, at: float) -> tuple[str, bool, list[str]]:
        """Returns (session id, whether it is new, ids of sessions completed by this episode)."""
        with self._lock:
            cur = self._current
            completed: list[str] = []
            if cur is not None:
                idle = at - cur.last_at > self.idle_s
                same = session_id in (cur.key, cur.id) or (session_id is None and not cur.adopted)
                if cur.adopted and not same and not idle:
                    cur = None  # someone else's open session: leave it open, untouched
                elif idle or not same:
                    completed.append(cur.id)
                    cur = None
            key = session_id
            if cur is None:
                if key is None:
                    key = "auto-" + datetime.fromtimestamp(at, tz=UTC).strftime("%Y%m%d-%H%M%S")
                n = self._segments.get(key, 0) + 1
                while self._exists(key if n == 1 else f"{key}#{n}"):
                    n += 1
                self._segments[key] = n
                cur = _Open(key if n == 1 else f"{key}#{n}", key, at)
                self._current, is_new = cur, True
            else:
                is_new = False
                cur.adopted = False  # continued by id: ours now
            cur.last_at = max(cur.last_at, at)
            return cur.id, is_new, completed

    def expire(self, now: float) -> list[str]:
        """Complete the current session if it has been idle for too long."""
        with self._lock:
            cur = self._current
            if cur is not None and now - cur.last_at > self.idle_s:
                self._current = None
                return [cur.id]
            return []

    @property
    def current_id(self) -> str | None:
        cur = self._current
        return cur.id if cur is not None else None

    def end(self) -> list[str]:
        with self._lock:
            cur, self._current = self._current, None
            return [cur.id] if cur else []


@dataclass(frozen=True)
class _Tail:
    """A session's last written episode, as the next one's rows need it."""

    id: int
    stem: str


class EpisodeWriter:
    """Builds the writer-thread function for one episode; caches each session's last episode.

    Also keeps the episode-window rows (see ``memlab.store.windows``), which triggers kept up to
    migration 4, with the same text: an episode's pair row is final when it is written; its
    window row still lacks the next episode, so rows written in the current transaction wait in
    ``_windows`` (the next episode of the session is appended there) and are inserted by
    ``flush_windows`` just before COMMIT. A row committed earlier gains its successor by one
    UPDATE, as the trigger did. Python state changes only after a write's statements all ran,
    and ``reset`` (on rollback) drops it, so a write replayed after a rollback rebuilds it.
    """

    def __init__(self) -> None:
        self._last: dict[str, _Tail] = {}
        self._pairs: dict[int, str] = {}  # this transaction's pair rows (final when written)
        self._windows: dict[int, str] = {}  # this transaction's window rows, still growing
        self._shared_file = False  # another process has written the file since we opened it

    def reset(self) -> None:
        self._last.clear()
        self._pairs.clear()
        self._windows.clear()

    def forget_tails(self) -> None:
        """Another connection committed (a second process on the file): the sessions' last episodes
        are read again from the database, by insertion order (what this cache would hold), so a
        session two processes write keeps one temporal chain, without forks."""
        self._last.clear()
        self._shared_file = True

    def flush_windows(self, con: Any) -> None:
        """Write this transaction's window rows (the writer calls it before each COMMIT)."""
        if not self._pairs and not self._windows:
            return
        windows.insert_rows(con, self._pairs.items(), self._windows.items())
        self._pairs.clear()
        self._windows.clear()

    def write_fn(
        self,
        *,
        text: str,
        session_id: str,
        is_new: bool,
        role: str,
        at: float,
        created_at: float,
        attrs: dict[str, Any],
        user_id: str = "default",
        speaker: str | None = None,
    ) -> Callable[[Any], int]:
        def fn(con: Any) -> int:
            shared = False  # another writer (process) created or wrote this session meanwhile
            if is_new:
                shared = not st.open_session(con, session_id, at, user_id)
            prev = self._last.get(session_id)
            if prev is None and (shared or not is_new):
                prev = _continue_session(con, session_id, at, by_insertion=self._shared_file)
            stem = stem_text(text)
            node_id = st.insert_node(
                con,
                type="episodic",
                content=text,
                stem=stem,
                event_time=at,
                created_at=created_at,
                decay_rate=0.0,
                source_type="message",
                source_role=role,
                session_id=session_id,
                attributes=attrs or None,
                user_id=user_id,
                speaker=speaker,
            )
            if prev is None:
                pair = window = stem
            else:
                st.insert_edge(con, prev.id, node_id, "temporal", created_at=created_at, valid_from=at)
                if prev.id not in self._windows:  # its row is committed: it gains this successor now
                    con.execute(windows.APPEND, (stem, prev.id))
                pair = f"{prev.stem} {stem}"
                window = windows.prefix_previous(con, prev.id, pair)
            # every statement ran: only now the Python state (a failed write leaves it untouched)
            if prev is not None and prev.id in self._windows:
                self._windows[prev.id] += " " + stem
            self._pairs[node_id] = pair
            self._windows[node_id] = window
            self._last[session_id] = _Tail(node_id, stem)
            return node_id

        return fn


def _continue_session(con: Any, session_id: str, at: float, by_insertion: bool = False) -> _Tail | None:
    """A session this writer has no tail of: make sure its row exists (its first write may have
    failed), reopen it if another process completed it meanwhile (its new episodes must reach
    consolidation; a consolidated one continues after a checkpoint), and return its last episode:
    after a restart the newest by time (as the old triggers chose it), while another process writes
    the file the last inserted, so that two writers of one session extend one chain."""
    st.ensure_session(con, session_id, at)
    row = st.last_episode_row(con, session_id, by_insertion=by_insertion)
    status = st.session_status(con, session_id)
    if status != "open":
        if status == "consolidated" and row is not None:
            fact_rows.set_checkpoint(con, session_id, (float(row[2]), int(row[0])))
        st.reopen_session(con, session_id)
    return None if row is None else _Tail(row[0], row[1])


def complete_session_fn(session_id: str, now: float) -> Callable[[Any], str | None]:
    """Mark an open session pending consolidation; returns its id if it changed state. Its episode
    count and last time are recounted even when another process completed it first."""

    def fn(con: Any) -> str | None:
        return session_id if st.complete_session(con, session_id, now) else None

    return fn
