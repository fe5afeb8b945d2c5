/* memlab graph viewer on vis-network (inlined before this script; no network, no CDN).
 * Knowledge first: facts and their entities are nodes of their own; each session's episodes are
 * folded into one vis-network cluster that opens on click. Physics runs a capped number of
 * stabilisation steps, then stops, so 2,000 nodes stay usable.
 * Conversation text is drawn on the canvas or written with textContent, never parsed as HTML. */
(function () {
  "use strict";
  const DATA = JSON.parse(document.getElementById("memlab-data").textContent);
  const COLORS = DATA.colors, DAY = 86400;
  const HISTORY = { background: "#e4e4e4", border: "#9a9a9a", highlight: { background: "#f0f0f0", border: "#444" },
    hover: { background: "#ececec", border: "#666" } };
  const nodes = DATA.nodes, edges = DATA.edges, entities = DATA.entities;
  const byId = new Map(), entById = new Map(), sessions = new Map();
  nodes.forEach(n => { n.entities = n.entities || []; byId.set(n.id, n); });
  entities.forEach(e => { e.nodes = []; entById.set(e.id, e); });
  nodes.forEach(n => n.entities.forEach(eid => entById.has(eid) && entById.get(eid).nodes.push(n.id)));
  DATA.sessions.forEach(s => { s.ids = []; sessions.set(s.key, s); });
  nodes.forEach(n => { if (n.session) sessions.get(n.session).ids.push(n.id); });
  sessions.forEach(s => s.ids.sort((a, b) => byId.get(a).event_time - byId.get(b).event_time || a - b));
  // A thin "next session" line from each session to the next keeps the folded sessions in time order.
  const order = Array.from(sessions.values()), sessionLinks = [];
  order.slice(1).forEach((s, i) => sessionLinks.push({ id: "n:" + i, from: order[i].ids[order[i].ids.length - 1], to: s.ids[0] }));

  const state = {
    types: {}, edgeTypes: { mentions: true, "next session": true }, user: "", entity: null, from: null, to: null,
    asOf: DATA.as_of, history: false, search: "", selected: null
  };
  DATA.node_types.forEach(t => { state.types[t] = true; });
  state.types.entity = true;
  DATA.edge_types.forEach(t => { state.edgeTypes[t] = true; });
  const open = new Set();  // session keys whose cluster is open
  let network = null, nodesDS = null, edgesDS = null, visibleNow = new Set(), layoutMs = null;

  // ---- small helpers -----------------------------------------------------------------------
  const $ = id => document.getElementById(id);
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function fmt(t) {
    if (t === null || t === undefined) return "-";
    const d = new Date(t * 1000);
    return isNaN(d.getTime()) ? String(t) : d.toISOString().slice(0, 16).replace("T", " ");
  }
  const day = t => fmt(t).slice(0, 10);
  function snippet(s, n) { s = String(s || "").replace(/\s+/g, " "); return s.length > n ? s.slice(0, n - 1) + "\u2026" : s; }
  const colorOf = (map, key) => map[key] || COLORS.other;
  const isSet = v => v !== undefined && v !== null;
  const clusterId = key => "c:" + key;
  const entityNodeId = eid => "e:" + eid;

  // ---- status at a world time ------------------------------------------------------------
  function nodeStatus(n, t) {
    if (isSet(n.valid_until) && n.valid_until <= t) return n.invalid_reason === "forgotten" ? "forgotten" : "superseded";
    if (isSet(n.archived_at) && n.archived_at <= t) return "archived";
    return "active";
  }
  const startOf = n => (n.type === "episodic" ? n.event_time : (isSet(n.valid_from) ? n.valid_from : n.event_time));
  const edgeValid = (e, t) => (!isSet(e.valid_from) || e.valid_from <= t) && (!isSet(e.valid_until) || e.valid_until > t);

  // ---- filters -----------------------------------------------------------------------------
  function passes(n) {
    if (!state.types[n.type]) return false;
    if (state.user && n.user_id !== state.user) return false;
    if (state.entity !== null && n.entities.indexOf(state.entity) < 0) return false;
    if (state.from !== null && n.event_time < state.from) return false;
    if (state.to !== null && n.event_time >= state.to + DAY) return false;
    if (state.search && String(n.content).toLowerCase().indexOf(state.search) < 0) return false;
    if (startOf(n) > state.asOf) return false;
    return state.history || nodeStatus(n, state.asOf) === "active";
  }
  function entityShown(e, shown) {
    if (!state.types.entity) return false;
    if (state.entity !== null) return e.id === state.entity;
    // Knowledge first: an entity is drawn when a shown fact names it (episode-only mentions stay folded).
    return e.nodes.some(id => shown.has(id) && byId.get(id).type !== "episodic");
  }

  // ---- vis-network items -------------------------------------------------------------------
  function tooltip(n, st) {
    const when = n.type === "episodic" ? fmt(n.event_time)
      : "since " + day(n.valid_from) + (isSet(n.valid_until) ? " until " + day(n.valid_until) : "");
    return n.type + " #" + n.id + " \u00b7 " + st + " \u00b7 " + when + "\n" + snippet(n.content, 400);
  }
  function memoryItem(n, hidden) {
    const st = nodeStatus(n, state.asOf), past = st !== "active", episode = n.type === "episodic";
    const fill = colorOf(COLORS.node, n.type);
    return {
      id: n.id, hidden: hidden, title: tooltip(n, st), shape: "dot",
      label: episode ? snippet(n.content, 28) : snippet(n.content, 44) + (past ? "\n(" + st + ")" : ""),
      size: episode ? 6 : 8 + 5 * Math.min(1, isSet(n.confidence) ? n.confidence : 1),
      color: past ? HISTORY : { background: fill, border: "#333", highlight: { background: fill, border: "#000" } },
      font: { color: past ? "#8a8a8a" : "#222", size: episode ? 11 : 15 }, widthConstraint: { maximum: 200 },
      borderWidth: past ? 1 : 1.2, shapeProperties: { borderDashes: past ? [4, 3] : false }
    };
  }
  function entityItem(e, hidden) {
    return { id: entityNodeId(e.id), hidden: hidden, shape: "diamond", size: 10, label: snippet(e.name, 30),
      title: e.name + " (" + e.type + ") \u00b7 " + (e.mention_count || 0) + " mentions",
      color: { background: colorOf(COLORS.entity, e.type), border: "#222" }, font: { size: 13, color: "#333" } };
  }
  const EDGE_STYLE = {
    temporal: { width: 0.6 }, causal: { width: 1.6, arrows: "to" }, entity: { width: 1, dashes: [2, 4] },
    derived_from: { width: 0.9, dashes: [2, 3], arrows: "to" }, supersedes: { width: 2.2, dashes: [7, 3], arrows: "to" }
  };
  const MENTION_COLOR = "#b8b8b8", NEXT_COLOR = "#c9d6e8";
  const edgeColor = c => ({ color: c, highlight: c, hover: c, inherit: false, opacity: 0.85 });
  function edgeItem(e) {
    const old = e.type === "supersedes";  // stored new -> old; drawn old -> new, the way time goes
    return Object.assign({ id: "x:" + e.id, from: old ? e.dst : e.src, to: old ? e.src : e.dst,
      color: edgeColor(colorOf(COLORS.edge, e.type)), title: e.type + (e.predicate ? ": " + e.predicate : "") },
    EDGE_STYLE[e.type] || { width: 1 });
  }
  const mentionEdges = [];
  nodes.forEach(n => {
    if (n.type !== "episodic") n.entities.forEach(eid => entById.has(eid) && mentionEdges.push({ node: n.id, entity: eid }));
  });
  function mentionItem(m) {
    return { id: "m:" + m.node + ":" + m.entity, from: m.node, to: entityNodeId(m.entity), width: 0.7,
      dashes: [2, 3], color: edgeColor(MENTION_COLOR) };
  }
  function sessionLinkItem(l) {
    return { id: l.id, from: l.from, to: l.to, width: 1, color: edgeColor(NEXT_COLOR), arrows: "to" };
  }
  const shortLabel = s => (s.label.length > 14 && s.label.indexOf(":") >= 0 ? s.label.slice(s.label.lastIndexOf(":") + 1) : s.label);
  function clusterLook(s, n) {
    return { shape: "dot", size: 7 + 2.2 * Math.sqrt(n),
      label: snippet(shortLabel(s), 18) + " \u00b7 " + n + " msg" + (n === 1 ? "" : "s") + "\n" + day(s.first),
      title: "session " + s.label + ": " + n + " messages, " + fmt(s.first) + " \u2013 " + fmt(s.last) + "\nclick to open",
      color: { background: "#c9d6e8", border: colorOf(COLORS.node, "episodic"),
        highlight: { background: "#dce6f2", border: "#1d3557" }, hover: { background: "#dce6f2", border: "#1d3557" } },
      borderWidth: 1.5, font: { size: 12, color: "#1d3557" } };
  }

  // ---- clustering: one node per session ----------------------------------------------------
  // vis-network's public clustering updates (updateClusteredNode, updateEdge, cluster) each
  // recompute the whole network; filters change hundreds of items at once, so they set the
  // options of the items and ask for one recomputation (the emitter of network.body).
  const refresh = () => network.body.emitter.emit("_dataChanged");
  const last = { nodes: new Map(), clusters: new Map(), edges: new Map() };  // what apply() last set
  function closeSessions(list) {
    // vis folds only nodes that are not hidden: show the messages, fold them, let apply() filter again.
    const ids = [].concat(...list.map(s => s.ids));
    nodesDS.update(ids.map(id => ({ id: id, hidden: false })));
    ids.forEach(id => last.nodes.delete(id));
    list.forEach((s, i) => {
      network.cluster({ joinCondition: o => o.session === s.key,
        clusterNodeProperties: Object.assign({ id: clusterId(s.key), allowSingleNodeCluster: true }, clusterLook(s, s.ids.length)) },
      i === list.length - 1);
      open.delete(s.key);
      last.clusters.delete(s.key);
    });
  }
  function releaseInRows(centre, positions) {  // messages in reading order, rows under the cluster's place
    const ids = Object.keys(positions).map(Number).sort((a, b) => byId.get(a).event_time - byId.get(b).event_time || a - b);
    const cols = Math.max(3, Math.ceil(Math.sqrt(ids.length * 2))), gap = 34, out = {};
    ids.forEach((id, i) => {
      out[id] = { x: centre.x + (i % cols - (cols - 1) / 2) * gap, y: centre.y + Math.floor(i / cols) * gap };
    });
    return out;
  }
  function openSession(key) {
    const s = sessions.get(key);
    if (!s || open.has(key) || !network.isCluster(clusterId(key))) return false;
    network.openCluster(clusterId(key), { releaseFunction: releaseInRows });
    open.add(key);
    last.clusters.delete(key);
    apply();
    return true;
  }
  function collapse() {
    closeSessions(Array.from(sessions.values()).filter(s => open.has(s.key)));
    apply();
  }

  // ---- apply the filters -------------------------------------------------------------------
  function changed(map, key, value) {
    const sig = JSON.stringify(value);
    if (map.get(key) === sig) return false;
    map.set(key, sig);
    return true;
  }
  function applyNodes() {
    const shown = new Set(), updates = [];
    let inactive = 0;
    nodes.forEach(n => {
      const ok = passes(n), st = nodeStatus(n, state.asOf);
      if (ok) { shown.add(n.id); if (st !== "active") inactive++; }
      if (changed(last.nodes, n.id, [ok, st])) updates.push(memoryItem(n, !ok));
    });
    const shownEntities = new Set();
    entities.forEach(e => {
      const ok = entityShown(e, shown);
      if (ok) shownEntities.add(e.id);
      // A hidden entity stays out of the layout (most are named by messages only, and never drawn).
      if (changed(last.nodes, entityNodeId(e.id), ok)) updates.push({ id: entityNodeId(e.id), hidden: !ok, physics: ok });
    });
    if (updates.length) nodesDS.update(updates);
    return { shown: shown, shownEntities: shownEntities, inactive: inactive };
  }
  function applyClusters(shown) {
    let clusters = 0, folded = 0;
    sessions.forEach(s => {
      if (open.has(s.key)) return;
      const visible = s.ids.filter(id => shown.has(id)).length;
      folded += visible;
      if (visible) clusters++;
      const node = network.body.nodes[clusterId(s.key)];
      if (node && changed(last.clusters, s.key, visible)) node.setOptions(Object.assign(clusterLook(s, visible), { hidden: !visible }));
    });
    return { clusters: clusters, folded: folded };
  }
  function applyEdges(shown, shownEntities) {
    let count = 0;
    const updates = [];
    edges.forEach(e => {
      const hidden = !state.edgeTypes[e.type] || !edgeValid(e, state.asOf);
      if (!hidden && shown.has(e.src) && shown.has(e.dst)) count++;
      if (changed(last.edges, "x:" + e.id, hidden)) updates.push({ id: "x:" + e.id, hidden: hidden });
    });
    mentionEdges.forEach(m => {
      const hidden = !state.edgeTypes.mentions, id = "m:" + m.node + ":" + m.entity;
      if (!hidden && shown.has(m.node) && shownEntities.has(m.entity)) count++;
      if (changed(last.edges, id, hidden)) updates.push({ id: id, hidden: hidden });
    });
    sessionLinks.forEach(l => {
      const hidden = !state.edgeTypes["next session"];
      if (changed(last.edges, l.id, hidden)) updates.push({ id: l.id, hidden: hidden });
    });
    if (updates.length) edgesDS.update(updates);
    // An edge into a closed cluster is drawn as a cluster edge: it follows its base edge.
    updates.forEach(u => network.clustering.getClusteredEdges(u.id).forEach(cid => {
      if (cid !== u.id && network.body.edges[cid]) network.body.edges[cid].setOptions({ hidden: u.hidden });
    }));
    return count;
  }
  function apply() {
    const nodeState = applyNodes();
    const folded = applyClusters(nodeState.shown);
    const edgeCount = applyEdges(nodeState.shown, nodeState.shownEntities);
    refresh();
    visibleNow = nodeState.shown;
    publish({ nodeCount: nodeState.shown.size, inactiveCount: nodeState.inactive, edgeCount: edgeCount,
      entityCount: nodeState.shownEntities.size, clusterCount: folded.clusters,
      drawnCount: nodeState.shown.size - folded.folded + folded.clusters + nodeState.shownEntities.size,
      openSessions: Array.from(open) });
    network.redraw();
  }
  function publish(counts) {
    const g = window.memlabGraph;
    Object.assign(g, counts, { asOf: state.asOf, layoutMs: layoutMs });
    [["node-count", "nodeCount"], ["inactive-count", "inactiveCount"], ["edge-count", "edgeCount"],
      ["entity-count", "entityCount"], ["cluster-count", "clusterCount"], ["drawn-count", "drawnCount"]]
      .forEach(([attr, key]) => document.body.setAttribute("data-" + attr, String(counts[key])));
    $("status").textContent = counts.nodeCount + " of " + nodes.length + " memory nodes (" + counts.inactiveCount +
      " history), " + counts.clusterCount + " folded sessions, " + counts.entityCount + " entities, " +
      counts.edgeCount + " edges \u00b7 as of " + day(state.asOf);
    $("asof").value = day(state.asOf);
  }

  // ---- side panel ------------------------------------------------------------------------
  function nodeButton(id, text) {
    const b = el("button", "linkish", text);
    b.type = "button";
    b.addEventListener("click", () => select(id));
    return b;
  }
  function nodeItem(id, current) {
    const n = byId.get(id), li = el("li", current ? "current" : "");
    const dates = n.type === "episodic" ? " [" + fmt(n.event_time) + "] "
      : " [" + fmt(n.valid_from) + " \u2192 " + (isSet(n.valid_until) ? fmt(n.valid_until) : "now") + "] ";
    li.appendChild(nodeButton(id, "#" + id + " " + n.type));
    li.appendChild(document.createTextNode(dates + snippet(n.content, 90)));
    return li;
  }
  function addList(panel, heading, ids, current) {
    if (!ids.length) return;
    panel.appendChild(el("h3", "", heading));
    const ul = el("ul");
    ids.forEach(id => ul.appendChild(nodeItem(id, id === current)));
    panel.appendChild(ul);
  }
  function neighbours(id, type, dir) {  // dir "out": edges id -> x; "in": x -> id
    return edges.filter(e => e.type === type && (dir === "out" ? e.src === id : e.dst === id))
      .map(e => (dir === "out" ? e.dst : e.src)).filter(x => byId.has(x));
  }
  function supersedesChain(id) {  // every version linked by supersedes edges, oldest first
    const seen = new Set(), queue = [id];
    while (queue.length) {
      const cur = queue.shift();
      if (seen.has(cur)) continue;
      seen.add(cur);
      queue.push(...neighbours(cur, "supersedes", "out"), ...neighbours(cur, "supersedes", "in"));
    }
    return Array.from(seen).sort((a, b) => startOf(byId.get(a)) - startOf(byId.get(b)) || a - b);
  }
  function table(rows) {
    const t = el("table");
    rows.forEach(([k, v]) => {
      if (!isSet(v) || v === "") return;
      const tr = el("tr");
      tr.appendChild(el("td", "", k));
      tr.appendChild(el("td", "", v));
      t.appendChild(tr);
    });
    return t;
  }
  function heading(swatchClass, color, text, badge) {
    const h = el("h2"), sw = el("span", swatchClass);
    sw.style.background = color;
    h.appendChild(sw);
    h.appendChild(document.createTextNode(text + " "));
    if (badge) h.appendChild(el("span", "badge " + badge, badge));
    return h;
  }
  function showNode(id) {
    const n = byId.get(id), panel = $("panel"), st = nodeStatus(n, state.asOf);
    panel.replaceChildren(heading("swatch", colorOf(COLORS.node, n.type), "#" + n.id + " " + n.type, st));
    panel.appendChild(el("div", "content", n.content));
    panel.appendChild(table([
      ["event time", fmt(n.event_time)], ["valid from", fmt(n.valid_from)],
      ["valid until", isSet(n.valid_until) ? fmt(n.valid_until) : "-"], ["reason", n.invalid_reason],
      ["archived", isSet(n.archived_at) ? fmt(n.archived_at) : null], ["recorded", fmt(n.created_at)],
      ["confidence", isSet(n.confidence) ? Number(n.confidence).toFixed(3) : null],
      ["base strength", n.base_strength], ["decay rate \u03bb", n.decay_rate], ["accesses", n.access_count],
      ["last access", isSet(n.last_accessed) ? fmt(n.last_accessed) : null], ["user", n.user_id],
      ["session", n.session_id], ["source", [n.source_type, n.source_role].filter(Boolean).join(" / ")],
      ["fact key", n.fact_key]
    ]));
    if (n.entities.length) {
      panel.appendChild(el("h3", "", "Entities"));
      const ul = el("ul");
      n.entities.filter(eid => entById.has(eid)).forEach(eid => {
        const li = el("li"), b = el("button", "linkish", entById.get(eid).name);
        b.type = "button";
        b.addEventListener("click", () => showEntity(eid));
        li.appendChild(b);
        li.appendChild(document.createTextNode(" (" + entById.get(eid).type + ")"));
        ul.appendChild(li);
      });
      panel.appendChild(ul);
    }
    const chain = supersedesChain(id);
    if (chain.length > 1) addList(panel, "History (supersedes chain, oldest first)", chain, id);
    addList(panel, "Derived from (provenance)", neighbours(id, "derived_from", "out"));
    addList(panel, "Derived into", neighbours(id, "derived_from", "in"));
    addList(panel, "Causes", neighbours(id, "causal", "in"));
    addList(panel, "Effects", neighbours(id, "causal", "out"));
  }
  function showEntity(eid) {
    const e = entById.get(eid), panel = $("panel");
    panel.replaceChildren(heading("swatch diamond", colorOf(COLORS.entity, e.type), e.name + " (" + e.type + ")"));
    if (e.summary) panel.appendChild(el("div", "content", e.summary));
    panel.appendChild(table([["aliases", (e.aliases || []).join(", ")], ["mentions", e.mention_count],
      ["first seen", isSet(e.first_seen) ? fmt(e.first_seen) : null], ["last seen", isSet(e.last_seen) ? fmt(e.last_seen) : null]]));
    const b = el("button", "linkish", "filter the graph by this entity");
    b.type = "button";
    b.addEventListener("click", () => { state.entity = eid; $("entity").value = String(eid); apply(); });
    panel.appendChild(b);
    addList(panel, "Mentioned in", e.nodes.slice(0, 200));
  }
  function showSession(key) {
    const s = sessions.get(key), panel = $("panel");
    panel.replaceChildren(heading("swatch box", "#dce6f2", "session " + s.label));
    panel.appendChild(table([["messages", s.ids.length], ["first", fmt(s.first)], ["last", fmt(s.last)]]));
    addList(panel, "Messages", s.ids.slice(0, 300));
  }
  function select(id) {
    if (!byId.has(id)) return false;
    const n = byId.get(id);
    if (n.session && !open.has(n.session)) openSession(n.session);
    state.selected = id;
    showNode(id);
    if (visibleNow.has(id)) network.selectNodes([id]);
    return true;
  }
  function onClick(params) {
    const id = params.nodes.length ? params.nodes[0] : null;
    if (id === null) return;
    if (network.isCluster(id)) {
      const key = String(id).slice(2);
      openSession(key);
      showSession(key);
    } else if (typeof id === "string" && id.startsWith("e:")) showEntity(Number(id.slice(2)));
    else select(id);
  }

  // ---- controls ----------------------------------------------------------------------------
  function typeToggles(container, types, colorFor, stateMap, cls) {
    types.forEach(t => {
      const lab = el("label"), box = el("input"), sw = el("span", cls);
      box.type = "checkbox"; box.checked = stateMap[t]; box.dataset.type = t;
      sw.style.background = colorFor(t);
      box.addEventListener("change", () => { stateMap[t] = box.checked; apply(); });
      lab.appendChild(box); lab.appendChild(sw); lab.appendChild(document.createTextNode(t));
      container.appendChild(lab);
    });
  }
  function legend() {
    const box = $("legend");
    function row(text, color, cls) {
      const d = el("div"), sw = el("span", cls);
      if (color) sw.style.background = color;
      d.appendChild(sw); d.appendChild(document.createTextNode(text)); box.appendChild(d);
    }
    DATA.node_types.filter(t => t !== "episodic").forEach(t => row(t, colorOf(COLORS.node, t), "swatch"));
    row("session (click: its messages)", "#c9d6e8", "swatch");
    row("message", colorOf(COLORS.node, "episodic"), "swatch");
    DATA.entity_types.forEach(t => row("entity: " + t, colorOf(COLORS.entity, t), "swatch diamond"));
    row("history: superseded / forgotten / archived", null, "swatch history");
    DATA.edge_types.forEach(t => row(t + (t === "supersedes" ? " (old \u2192 new)" : ""), colorOf(COLORS.edge, t), "swatch line"));
    row("mentions (fact \u2013 entity)", MENTION_COLOR, "swatch line");
    row("next session", NEXT_COLOR, "swatch line");
  }
  const dayStart = value => (value ? Date.parse(value + "T00:00:00Z") / 1000 : null);
  function options(select, values, current) {
    values.forEach(([value, text]) => { const o = el("option", "", text); o.value = value; select.appendChild(o); });
    select.value = current;
  }
  function controls() {
    $("title").textContent = DATA.title;
    typeToggles($("node-types"), DATA.node_types.concat(["entity"]),
      t => (t === "entity" ? "#e15759" : colorOf(COLORS.node, t)), state.types, "swatch");
    typeToggles($("edge-types"), DATA.edge_types.concat(["mentions", "next session"]),
      t => ({ mentions: MENTION_COLOR, "next session": NEXT_COLOR }[t] || colorOf(COLORS.edge, t)), state.edgeTypes, "swatch line");
    if (DATA.users.length) $("user-group").hidden = false;
    options($("user"), DATA.users.map(u => [u, u]), state.user);
    $("user").addEventListener("change", ev => { state.user = ev.target.value; apply(); });
    const named = entities.filter(e => e.nodes.length).sort((a, b) => a.name.localeCompare(b.name));
    options($("entity"), named.map(e => [String(e.id), e.name + " (" + e.type + ", " + e.nodes.length + ")"]),
      state.entity === null ? "" : String(state.entity));
    $("entity").addEventListener("change", ev => { state.entity = ev.target.value === "" ? null : Number(ev.target.value); apply(); });
    $("from").addEventListener("change", ev => { state.from = dayStart(ev.target.value); apply(); });
    $("to").addEventListener("change", ev => { state.to = dayStart(ev.target.value); apply(); });
    $("asof").addEventListener("change", ev => { if (ev.target.value) { state.asOf = dayStart(ev.target.value) + DAY - 1; apply(); } });
    $("latest").addEventListener("click", () => { state.asOf = DATA.as_of; apply(); });
    $("history").checked = state.history;
    $("history").addEventListener("change", ev => { state.history = ev.target.checked; apply(); });
    $("search").addEventListener("input", ev => { state.search = ev.target.value.toLowerCase(); apply(); });
    $("collapse").addEventListener("click", collapse);
    legend();
  }

  // ---- start -------------------------------------------------------------------------------
  function fromHash() {
    const p = new URLSearchParams(location.hash.replace(/^#/, ""));
    if (p.get("history") === "1") state.history = true;
    if (p.get("asof") !== null && isFinite(Number(p.get("asof")))) state.asOf = Number(p.get("asof"));
    if (p.get("entity") !== null && entById.has(Number(p.get("entity")))) state.entity = Number(p.get("entity"));
    if (p.get("user") !== null) state.user = p.get("user");
    return { select: p.get("select"), open: p.getAll("open") };
  }
  function build() {
    const items = nodes.map(n => memoryItem(n, false)).concat(entities.map(e => entityItem(e, false)));
    nodes.forEach((n, i) => { if (n.session) items[i].session = n.session; });
    const links = edges.map(edgeItem).concat(mentionEdges.map(mentionItem), sessionLinks.map(sessionLinkItem));
    const big = items.length > 600;
    nodesDS = new vis.DataSet(items);
    edgesDS = new vis.DataSet(links);
    network = new vis.Network($("graph"), { nodes: nodesDS, edges: edgesDS }, {
      autoResize: true,
      layout: { randomSeed: 7, improvedLayout: false },
      physics: { enabled: false, solver: "barnesHut", minVelocity: 1,
        barnesHut: { gravitationalConstant: -3500, springLength: 110, springConstant: 0.03, avoidOverlap: 0.25 },
        stabilization: { enabled: true, iterations: DATA.iterations, updateInterval: 50, fit: true } },
      interaction: { hover: !big, tooltipDelay: 250, hideEdgesOnDrag: big, hideEdgesOnZoom: big, multiselect: false },
      nodes: { font: { face: "system-ui, sans-serif" }, scaling: { label: { drawThreshold: 5 } } },
      edges: { smooth: false, arrowStrikethrough: false, arrows: { to: { scaleFactor: 0.5 } } }
    });
    closeSessions(Array.from(sessions.values()));
    network.on("click", onClick);
  }
  function ready(t0, wanted) {
    network.setOptions({ physics: { enabled: false } });
    layoutMs = Math.round(performance.now() - t0);
    wanted.open.forEach(openSession);
    network.fit({ animation: false });
    if (wanted.select !== null && select(Number(wanted.select)) && visibleNow.has(Number(wanted.select)))
      network.focus(Number(wanted.select), { scale: 0.7, animation: false });  // close enough to read labels
    apply();
    document.body.setAttribute("data-layout-ms", String(layoutMs));
    document.body.setAttribute("data-ready", "1");
  }
  window.memlabGraph = {
    nodeCount: 0, edgeCount: 0, entityCount: 0, inactiveCount: 0, clusterCount: 0, drawnCount: 0,
    totalNodes: nodes.length, layoutMs: null, state: state,
    select: select, apply: apply, openSession: openSession, collapse: collapse,
    sessionKeys: () => Array.from(sessions.keys()),
    setAsOf: t => { state.asOf = t; apply(); return window.memlabGraph.nodeCount; },
    screenPosition: id => { const p = network.getPositions([id])[id]; if (!p) return null; const d = network.canvasToDOM(p);
      const box = $("graph").getBoundingClientRect(); return [box.left + d.x, box.top + d.y]; },
    network: () => network
  };
  const wanted = fromHash();
  controls();
  const t0 = performance.now();
  build();
  const t1 = performance.now();
  apply();
  window.memlabGraph.buildMs = Math.round(t1 - t0);
  window.memlabGraph.applyMs = Math.round(performance.now() - t1);
  network.once("stabilizationIterationsDone", () => ready(t0, wanted));
  network.setOptions({ physics: { enabled: true } });
  network.stabilize(DATA.iterations);
})();
