"""The exported graph page in a real headless Chromium, opened from disk with nothing served.

Two ways of driving it: ``--dump-dom`` / ``--screenshot`` after a ``--virtual-time-budget``
(the page writes ``data-node-count`` etc. on <body> once drawn), and the DevTools protocol over
``websocket-client`` to watch every request and dialog and to click a node like a user.
Install Chromium with ``.ci/install_chromium.sh`` (Debian package ``chromium``).
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from memlab.clock import DAY
from memlab.types import Edge, Entity, Node
from memlab.viz.graph import session_key, write_graph_html

T0 = 1_700_000_000.0
XSS = "<script>alert(1)</script>"
IMG = '<img src=x onerror="alert(2)">'
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,800",
]


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


CHROMIUM = _chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium not installed (run .ci/install_chromium.sh)"
)


def sample() -> tuple[list[Node], list[Edge], list[Entity], list[tuple[int, int]]]:
    """12 episodes in a chain plus facts; 3 nodes are inactive at the end (superseded, forgotten, archived)."""
    nodes = [
        Node(i, "episodic", f"message {i}", T0 + i * DAY, T0 + i * DAY, T0 + i * DAY) for i in range(1, 13)
    ]
    nodes[4] = Node(5, "episodic", XSS, T0 + 5 * DAY, T0 + 5 * DAY, T0 + 5 * DAY)
    nodes[5] = Node(6, "episodic", IMG, T0 + 6 * DAY, T0 + 6 * DAY, T0 + 6 * DAY)
    nodes += [
        Node(20, "semantic", "favourite language: Python", T0 + DAY, T0 + DAY, T0 + DAY,
             valid_until=T0 + 8 * DAY, invalid_reason="superseded", fact_key="user.language"),
        Node(21, "semantic", "favourite language: Rust", T0 + 8 * DAY, T0 + 8 * DAY, T0 + 8 * DAY,
             fact_key="user.language"),
        Node(22, "opinion", "Berlin is grey", T0 + 2 * DAY, T0 + 2 * DAY, T0 + 2 * DAY,
             valid_until=T0 + 3 * DAY, invalid_reason="forgotten"),
        Node(23, "procedural", "run pytest -q", T0 + 3 * DAY, T0 + 3 * DAY, T0 + 3 * DAY,
             archived_at=T0 + 10 * DAY),
    ]  # fmt: skip
    edges = [Edge(i, i, i + 1, "temporal") for i in range(1, 12)]
    edges += [
        Edge(30, 20, 1, "derived_from"),
        Edge(31, 21, 8, "derived_from"),
        Edge(32, 21, 20, "supersedes", valid_from=T0 + 8 * DAY),
        Edge(33, 8, 5, "causal", predicate="because"),
    ]
    entities = [Entity(1, "Python", "tool"), Entity(2, "Rust", "tool"), Entity(3, "Alice", "person")]
    links = [(1, 1), (20, 1), (8, 2), (21, 2), (5, 3)]
    return nodes, edges, entities, links


NOW = T0 + 20 * DAY


@pytest.fixture
def page(tmp_path: Path) -> Path:
    return write_graph_html(tmp_path / "graph.html", *sample(), title="browser test", now=NOW)


def run_chromium(args: list[str], profile: Path, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    assert CHROMIUM is not None
    cmd = [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args]
    return subprocess.run(cmd, capture_output=True, timeout=timeout, check=False)


def dump_dom(url: str, profile: Path) -> str:
    result = run_chromium(["--virtual-time-budget=5000", "--dump-dom", url], profile)
    assert result.returncode == 0, result.stderr.decode(errors="replace")[-2000:]
    return result.stdout.decode("utf-8")


def body_attr(dom: str, name: str) -> str:
    match = re.search(rf'<body[^>]*\s{name}="([^"]*)"', dom)
    assert match is not None, f"{name} missing: the page did not finish drawing"
    return match.group(1)


def active_at(nodes: list[Node], t: float) -> int:
    def alive(n: Node) -> bool:
        gone = (n.valid_until is not None and n.valid_until <= t) or (
            n.archived_at is not None and n.archived_at <= t
        )
        return n.valid_from <= t and not gone

    return sum(alive(n) for n in nodes)


def test_page_draws_every_active_node(page: Path, tmp_path: Path) -> None:
    dom = dump_dom(page.as_uri(), tmp_path / "profile")
    nodes = sample()[0]
    assert body_attr(dom, "data-ready") == "1"
    assert int(body_attr(dom, "data-node-count")) == active_at(nodes, NOW) == len(nodes) - 3
    assert int(body_attr(dom, "data-inactive-count")) == 0
    # The 12 messages (no session ids: one a day) are folded into 12 cluster nodes; one fact and
    # its one entity are drawn as themselves.
    assert int(body_attr(dom, "data-cluster-count")) == 12
    assert int(body_attr(dom, "data-drawn-count")) == 12 + 1 + 1
    assert int(body_attr(dom, "data-layout-ms")) >= 0


def test_history_and_as_of_come_from_the_url_fragment(page: Path, tmp_path: Path) -> None:
    history = dump_dom(page.as_uri() + "#history=1", tmp_path / "p1")
    assert int(body_attr(history, "data-node-count")) == 16
    assert int(body_attr(history, "data-inactive-count")) == 3
    t = T0 + 2.5 * DAY  # before Rust, while Berlin was still held
    past = dump_dom(page.as_uri() + f"#asof={t}", tmp_path / "p2")
    assert int(body_attr(past, "data-node-count")) == active_at(sample()[0], t) == 4


def test_script_content_shows_as_text(page: Path, tmp_path: Path) -> None:
    dom = dump_dom(page.as_uri() + "#select=5", tmp_path / "profile")
    panel = re.search(r'<aside id="panel">(.*?)</aside>', dom, re.S)
    assert panel is not None
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in panel.group(1)
    assert "<script>alert" not in dom


def test_screenshot_is_not_blank(page: Path, tmp_path: Path) -> None:
    from PIL import Image

    shot = tmp_path / "shot.png"
    result = run_chromium(
        ["--virtual-time-budget=5000", f"--screenshot={shot}", page.as_uri() + "#select=21"], tmp_path / "p"
    )
    assert result.returncode == 0 and shot.exists(), result.stderr.decode(errors="replace")[-2000:]
    with Image.open(io.BytesIO(shot.read_bytes())) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1_000_000)
    assert colours is not None and len(colours) > 20  # text, swatches, node fills, edges


@dataclass
class Cdp:
    """A minimal DevTools-protocol client: send a command, collect the events that arrive meanwhile."""

    ws: Any
    events: list[dict[str, Any]] = field(default_factory=list)
    next_id: int = 0

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                assert "error" not in message, message
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, method: str, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in self.events:
                if event.get("method") == method:
                    return event
            self.events.append(json.loads(self.ws.recv()))
        raise TimeoutError(method)

    def js(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        assert "exceptionDetails" not in result, result
        return result["result"].get("value")


def _devtools_port(profile: Path, proc: subprocess.Popen[bytes]) -> int:
    port_file = profile / "DevToolsActivePort"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        if port_file.exists() and port_file.read_text().strip():
            return int(port_file.read_text().split()[0])
        time.sleep(0.05)
    raise RuntimeError("Chromium did not open a DevTools port")


@pytest.fixture
def cdp(tmp_path: Path) -> Iterator[Cdp]:
    websocket = pytest.importorskip("websocket")
    assert CHROMIUM is not None
    profile = tmp_path / "cdp-profile"
    cmd = [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port = _devtools_port(profile, proc)
        # The test talks to its own child over loopback; the page under test loads nothing.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as response:
            targets = json.load(response)
        url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
        ws = websocket.create_connection(url, timeout=20, suppress_origin=True)
        try:
            yield Cdp(ws)
        finally:
            ws.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)


SET_INPUT = "(() => { const i = document.getElementById('%s'); i.value = '%s'; i.dispatchEvent(new Event('change')); })();"
PICK_ENTITY = "(() => { const s = document.getElementById('entity'); s.value = '%s'; s.dispatchEvent(new Event('change')); })()"


def load(cdp: Cdp, url: str, timeout: float = 60) -> None:
    """Open ``url`` and wait until the page has laid out its graph (physics done)."""
    for domain in ("Network", "Page", "Runtime", "Log"):
        cdp.call(f"{domain}.enable")
    cdp.call("Page.navigate", url=url)
    cdp.wait_for("Page.loadEventFired")
    deadline = time.monotonic() + timeout
    while cdp.js("document.body.dataset.ready") != "1":
        assert time.monotonic() < deadline, "the page never finished its layout"
        time.sleep(0.1)


def click(cdp: Cdp, target: str) -> None:
    """Click, as a user would, where ``target`` (a vis node id, as JS) is drawn."""
    box = cdp.js(f"memlabGraph.screenPosition({target})")
    assert box is not None, target
    for kind in ("mousePressed", "mouseReleased"):
        cdp.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)
    time.sleep(0.2)  # vis-network's click handler runs after the release


def test_filters_clusters_and_xss_with_no_request_and_no_dialog(page: Path, cdp: Cdp) -> None:
    load(cdp, page.as_uri())
    assert cdp.js("window.memlabGraph.nodeCount") == 13
    assert cdp.js("window.memlabGraph.clusterCount") == 12

    # Filters in the page: node type, then entity.
    cdp.js("document.querySelector('#node-types input[data-type=episodic]').click()")
    assert cdp.js("window.memlabGraph.nodeCount") == 1  # only "favourite language: Rust" is left
    assert cdp.js("window.memlabGraph.clusterCount") == 0
    cdp.js("document.querySelector('#node-types input[data-type=episodic]').click()")
    cdp.js(PICK_ENTITY % "2")
    assert cdp.js("window.memlabGraph.nodeCount") == 2  # message 8 and the Rust fact
    assert cdp.js("window.memlabGraph.entityCount") == 1
    cdp.js(PICK_ENTITY % "")
    assert cdp.js("window.memlabGraph.nodeCount") == 13

    # Time window on event time (UTC days, inclusive): 2023-11-19 .. 2023-11-21 holds messages 5, 6, 7.
    cdp.js(SET_INPUT % ("from", "2023-11-19") + SET_INPUT % ("to", "2023-11-21"))
    assert cdp.js("window.memlabGraph.nodeCount") == 3
    cdp.js(SET_INPUT % ("from", "") + SET_INPUT % ("to", ""))
    assert cdp.js("window.memlabGraph.nodeCount") == 13

    # As of a date (end of that UTC day): 2023-11-17 is before Rust, while Berlin was still held.
    cdp.js(SET_INPUT % ("asof", "2023-11-16"))
    assert cdp.js("window.memlabGraph.nodeCount") == active_at(sample()[0], T0 + 2.5 * DAY) == 4
    cdp.js("document.getElementById('latest').click()")
    assert cdp.js("window.memlabGraph.nodeCount") == 13

    # Open the session that holds the <script> message, then click the message, as a user would.
    key = session_key(sample()[0][4])
    click(cdp, json.dumps("c:" + key))
    assert cdp.js("window.memlabGraph.openSessions") == [key]
    assert cdp.js("window.memlabGraph.clusterCount") == 11
    click(cdp, "5")
    assert cdp.js("document.querySelector('#panel .content').textContent") == XSS
    assert cdp.js("document.querySelectorAll('#panel script').length") == 0
    assert cdp.js("window.memlabGraph.select(6)") is True  # opens its session too
    assert cdp.js("document.querySelector('#panel .content').textContent") == IMG
    assert cdp.js("document.querySelectorAll('#panel img, #panel [onerror]').length") == 0
    cdp.js("document.getElementById('collapse').click()")
    assert cdp.js("window.memlabGraph.clusterCount") == 12

    assert cdp.js("window.memlabGraph.setAsOf(%r)" % (T0 + 2.5 * DAY)) == 4
    cdp.js(f"window.memlabGraph.setAsOf({NOW!r})")
    cdp.js("window.memlabGraph.select(21)")
    history = cdp.js("Array.from(document.querySelectorAll('#panel li')).map(li => li.textContent)")
    assert any("favourite language: Python" in item for item in history)  # supersedes chain
    assert any("message 8" in item for item in history)  # provenance (derived_from)

    time.sleep(0.3)
    cdp.call("Runtime.evaluate", expression="1")  # drain events that arrived meanwhile
    methods = [e.get("method") for e in cdp.events]
    assert "Page.javascriptDialogOpening" not in methods
    assert "Runtime.exceptionThrown" not in methods
    logged = [e["params"]["entry"] for e in cdp.events if e.get("method") == "Log.entryAdded"]
    assert not [e for e in logged if e.get("level") == "error"], logged  # CSP violations land here
    urls = [
        e["params"]["request"]["url"] for e in cdp.events if e.get("method") == "Network.requestWillBeSent"
    ]
    assert urls and all(u.startswith(("file:", "data:", "about:")) for u in urls), urls


def test_superseded_fact_is_drawn_as_history_with_an_old_to_new_edge(page: Path, cdp: Cdp) -> None:
    load(cdp, page.as_uri() + "#history=1")
    assert cdp.js("window.memlabGraph.inactiveCount") == 3
    old = cdp.js("(() => { const n = memlabGraph.network().body.nodes[20].options;"
                 " return [n.hidden, n.color.background, n.shapeProperties.borderDashes]; })()")  # fmt: skip
    new = cdp.js("memlabGraph.network().body.nodes[21].options.color.background")
    assert old[0] is False and old[1] == "#e4e4e4" and old[2] and new != "#e4e4e4"
    edge = cdp.js(
        "(() => { const e = memlabGraph.network().body.edges['x:32']; return [e.fromId, e.toId]; })()"
    )
    assert edge == [20, 21]  # stored "21 supersedes 20", drawn the way time goes
    cdp.js("document.getElementById('history').click()")
    assert cdp.js("memlabGraph.network().body.nodes[20].options.hidden") is True


def big_graph(episodes: int = 1600, per_session: int = 20, facts: int = 400) -> tuple[Any, ...]:
    """2,000 memory nodes: sessions of messages, facts derived from them, every 4th fact superseded."""
    nodes = [
        Node(i, "episodic", f"message {i}", T0 + i * 600, T0 + i * 600, T0 + i * 600,
             session_id=f"s{i // per_session}")
        for i in range(episodes)
    ]  # fmt: skip
    edges = [Edge(i, i, i + 1, "temporal") for i in range(episodes - 1) if (i + 1) % per_session]
    for k in range(facts):
        fid, src = episodes + k, (k * 7) % episodes
        superseded = k % 4 == 0 and k + 1 < facts
        nodes.append(Node(fid, "semantic", f"fact {k} about topic {k % 50}", T0 + src * 600, T0 + src * 600,
                          T0 + src * 600, valid_until=T0 + (src + 1) * 600 if superseded else None,
                          invalid_reason="superseded" if superseded else None))  # fmt: skip
        edges.append(Edge(10_000 + k, fid, src, "derived_from"))
        if superseded:
            edges.append(Edge(20_000 + k, fid + 1, fid, "supersedes", valid_from=T0 + (src + 1) * 600))
    entities = [Entity(i, f"entity {i}", "concept") for i in range(1, 101)]
    links = [(episodes + k, 1 + k % 100) for k in range(facts)] + [
        (i, 1 + i % 100) for i in range(0, episodes, 3)
    ]
    return nodes, edges, entities, links


def test_two_thousand_nodes_lay_out_folded_and_filter_quickly(tmp_path: Path, cdp: Cdp) -> None:
    page = write_graph_html(tmp_path / "big.html", *big_graph(), title="2,000 nodes")
    load(cdp, page.as_uri(), timeout=120)
    g = cdp.js("JSON.stringify({n: memlabGraph.nodeCount, drawn: memlabGraph.drawnCount, "
               "clusters: memlabGraph.clusterCount, layout: memlabGraph.layoutMs})")  # fmt: skip
    stats = json.loads(g)
    assert stats["n"] == 1600 + 300 and stats["clusters"] == 80
    # sessions folded; active facts and the 75 entities they name (25 are named by superseded facts only)
    assert stats["drawn"] == 80 + 300 + 75
    start = time.monotonic()
    cdp.js("document.getElementById('history').click()")
    assert cdp.js("memlabGraph.inactiveCount") == 100
    filter_s = time.monotonic() - start
    print(
        f"2,000 nodes: {page.stat().st_size // 1024} KB, layout {stats['layout']} ms, history toggle {filter_s:.2f} s"
    )
    assert filter_s < 10
