"""Servers that fail the way real ones do, for reliability tests and probes (127.0.0.1 only).

``SilentServer`` accepts connections and never answers (a hung process, a stalled proxy);
``refused_url()`` is a port with nothing listening (connection refused at once).
"""

from __future__ import annotations

import socket
import threading


class SilentServer:
    """Accepts every connection, reads nothing, answers nothing, until closed."""

    def __init__(self) -> None:
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(128)
        self._held: list[socket.socket] = []
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._accept, name="silent-server", daemon=True)

    @property
    def port(self) -> int:
        return int(self._sock.getsockname()[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> SilentServer:
        self._thread.start()
        return self

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                con, _ = self._sock.accept()
            except OSError:
                return
            self._held.append(con)  # keep it open: the client waits for its timeout

    def close(self) -> None:
        self._closed.set()
        self._sock.close()
        for con in self._held:
            con.close()

    def __enter__(self) -> SilentServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


def refused_url() -> str:
    """A URL on a port that was free a moment ago: connecting is refused."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"http://127.0.0.1:{port}/v1"
