/* memlab graph viewer: a small self-contained SVG force layout (no libraries, no network).
 * Layout idea: Fruchterman & Reingold (1991), "Graph drawing by force-directed placement",
 * with grid-bucketed repulsion so 1000+ nodes lay out in well under a second.
 * All conversation text is written with textContent, never parsed as HTML. */
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var DATA = JSON.parse(document.getElementById("memlab-data").textContent);
  var COLORS = DATA.colors;
  var nodes = DATA.nodes, edges = DATA.edges, entities = DATA.entities;
  var byId = {}, entById = {};
  nodes.forEach(function (n) { byId[n.id] = n; n.entities = n.entities || []; });
  entities.forEach(function (e) { entById[e.id] = e; e.nodes = []; });
  nodes.forEach(function (n) { n.entities.forEach(function (eid) { entById[eid].nodes.push(n.id); }); });

  var state = {
    nodeTypes: {}, edgeTypes: {}, entity: null, showEntities: true,
    from: null, to: null, asOf: DATA.as_of, history: false,
    labels: nodes.length <= 120, edgeLabels: edges.length <= 40, search: "", selected: null
  };
  DATA.node_types.forEach(function (t) { state.nodeTypes[t] = true; });
  DATA.edge_types.forEach(function (t) { state.edgeTypes[t] = true; });

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function svg(tag, attrs) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function fmt(t) {
    if (t === null || t === undefined) return "-";
    var d = new Date(t * 1000);
    return isNaN(d.getTime()) ? String(t) : d.toISOString().slice(0, 16).replace("T", " ");
  }
  function snippet(s, n) { s = String(s || ""); return s.length > n ? s.slice(0, n - 1) + "\u2026" : s; }
  function colorOf(map, key) { return map[key] || COLORS.other; }

  // ---- status at a world time ------------------------------------------------------------
  function nodeStatus(n, t) {
    if (n.valid_until !== undefined && n.valid_until !== null && n.valid_until <= t)
      return n.invalid_reason === "forgotten" ? "forgotten" : "superseded";
    if (n.archived_at !== undefined && n.archived_at !== null && n.archived_at <= t) return "archived";
    return "active";
  }
  function edgeValid(e, t) {
    var from = e.valid_from, until = e.valid_until;
    return (from === undefined || from === null || from <= t) && (until === undefined || until === null || until > t);
  }

  // ---- layout ------------------------------------------------------------------------------
  function rng(seed) {  // mulberry32: deterministic jitter so the same data gives the same picture
    return function () {
      seed |= 0; seed = (seed + 0x6D2B79F5) | 0;
      var t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  function cellKey(gx, gy) { return (gx + 32768) * 65536 + (gy + 32768); }  // numeric keys: no string churn
  function buckets(X, Y, cell) {
    var grid = new Map();
    for (var i = 0; i < X.length; i++) {
      var key = cellKey(Math.floor(X[i] / cell), Math.floor(Y[i] / cell));
      var list = grid.get(key);
      if (list) list.push(i); else grid.set(key, [i]);
    }
    return grid;
  }
  function repel(X, Y, DX, DY, K, cell, rand) {  // only near pairs: O(n) per pass instead of O(n^2)
    var grid = buckets(X, Y, cell), cut = cell * cell, K2 = K * K;
    for (var i = 0; i < X.length; i++) {
      var gx = Math.floor(X[i] / cell), gy = Math.floor(Y[i] / cell);
      for (var ox = -1; ox <= 1; ox++) for (var oy = -1; oy <= 1; oy++) {
        var bucket = grid.get(cellKey(gx + ox, gy + oy));
        if (!bucket) continue;
        for (var b = 0; b < bucket.length; b++) {
          var j = bucket[b];
          if (j === i) continue;
          var vx = X[i] - X[j], vy = Y[i] - Y[j], d2 = vx * vx + vy * vy;
          if (d2 > cut) continue;
          if (d2 < 0.01) { vx = rand() - 0.5; vy = rand() - 0.5; d2 = 0.5; }
          DX[i] += vx * K2 / d2; DY[i] += vy * K2 / d2;
        }
      }
    }
  }
  function attract(X, Y, DX, DY, K, links, deg) {  // springs weakened at hubs (as in d3-force's link strength)
    for (var l = 0; l < links.length; l++) {
      var s = links[l][0], q = links[l][1];
      var ux = X[s] - X[q], uy = Y[s] - Y[q], g = Math.sqrt(ux * ux + uy * uy) / K / Math.min(deg[s], deg[q]);
      DX[s] -= ux * g; DY[s] -= uy * g; DX[q] += ux * g; DY[q] += uy * g;
    }
  }
  function layout(items, links) {
    var n = items.length, rand = rng(42), K = 34;
    if (!n) return;
    var side = Math.sqrt(n) * K * 1.6, X = new Float64Array(n), Y = new Float64Array(n), deg = new Float64Array(n);
    var order = items.map(function (it, i) { return i; }).sort(function (a, b) { return items[a].t - items[b].t; });
    order.forEach(function (idx, rank) {  // seed: time runs left to right, types in bands
      X[idx] = n > 1 ? (rank / (n - 1)) * side : 0;
      Y[idx] = (items[idx].band + rand()) * side / 5;
    });
    links.forEach(function (l) { deg[l[0]]++; deg[l[1]]++; });
    var iters = n > 3000 ? 60 : (n > 1000 ? 100 : 150), temp = side / 8;
    for (var it = 0; it < iters; it++) {
      var DX = new Float64Array(n), DY = new Float64Array(n), cx = 0, cy = 0, i;
      repel(X, Y, DX, DY, K, 2 * K, rand);
      attract(X, Y, DX, DY, K, links, deg);
      for (i = 0; i < n; i++) { cx += X[i]; cy += Y[i]; }
      cx /= n; cy /= n;
      for (i = 0; i < n; i++) {  // weak gravity keeps unlinked nodes near the rest
        DX[i] -= (X[i] - cx) * 0.01; DY[i] -= (Y[i] - cy) * 0.01;
        var m = Math.sqrt(DX[i] * DX[i] + DY[i] * DY[i]) + 1e-9, step = Math.min(m, temp);
        X[i] += DX[i] / m * step; Y[i] += DY[i] / m * step;
      }
      temp = Math.max(temp * 0.96, 0.5);
    }
    items.forEach(function (item, idx) { item.x = X[idx]; item.y = Y[idx]; });
  }

  var BANDS = { episodic: 0, semantic: 2, procedural: 3, opinion: 4 };
  var items = [], itemIndex = {};
  nodes.forEach(function (n) {
    itemIndex["n" + n.id] = items.length;
    items.push({ kind: "node", ref: n, t: n.valid_from, band: BANDS[n.type] === undefined ? 1 : BANDS[n.type] });
  });
  entities.forEach(function (e) {
    itemIndex["e" + e.id] = items.length;
    items.push({ kind: "entity", ref: e, t: e.first_seen === undefined ? 0 : e.first_seen, band: 1 });
  });
  var links = [];
  edges.forEach(function (e) { links.push([itemIndex["n" + e.src], itemIndex["n" + e.dst]]); });
  nodes.forEach(function (n) { n.entities.forEach(function (eid) { links.push([itemIndex["n" + n.id], itemIndex["e" + eid]]); }); });
  var layoutStart = performance.now();
  layout(items, links);
  var layoutMs = performance.now() - layoutStart;

  // ---- drawing (elements are made once; filters only toggle visibility and classes) -----------
  var SHRINK = Math.max(0.5, Math.min(1, Math.sqrt(300 / Math.max(items.length, 1))));  // big graphs: smaller dots
  function radius(it) {
    if (it.kind === "entity") return SHRINK * (6 + Math.min(6, Math.sqrt(it.ref.nodes.length)));
    var c = typeof it.ref.confidence === "number" ? it.ref.confidence : 1;
    return SHRINK * ((it.ref.type === "episodic" ? 4 : 5) + 4 * Math.max(0, Math.min(1, c)));
  }
  var gEdges = $("edges"), gMentions = $("mentions"), gELabels = $("edge-labels"), gNodes = $("nodes"), gNLabels = $("node-labels");
  var defs = $("markers");
  DATA.edge_types.forEach(function (t) {
    var m = svg("marker", { id: "arrow-" + t, viewBox: "0 0 10 10", refX: "10", refY: "5", markerWidth: "6", markerHeight: "6", orient: "auto-start-reverse" });
    m.appendChild(svg("path", { d: "M0,0 L10,5 L0,10 z", fill: colorOf(COLORS.edge, t) }));
    defs.appendChild(m);
  });
  items.forEach(function (it) {
    var r = radius(it), shape;
    it.r = r;
    if (it.kind === "entity") {
      shape = svg("rect", { x: it.x - r, y: it.y - r, width: 2 * r, height: 2 * r, transform: "rotate(45 " + it.x + " " + it.y + ")",
        fill: colorOf(COLORS.entity, it.ref.type), "class": "node entity", "data-entity": it.ref.id });
    } else {
      shape = svg("circle", { cx: it.x, cy: it.y, r: r, fill: colorOf(COLORS.node, it.ref.type), "class": "node memory", "data-id": it.ref.id });
    }
    var tip = svg("title", {});
    tip.textContent = it.kind === "entity" ? it.ref.name + " (" + it.ref.type + ")" : "#" + it.ref.id + " " + it.ref.type + ": " + snippet(it.ref.content, 200);
    shape.appendChild(tip);
    gNodes.appendChild(shape);
    it.el = shape;
    var lab = svg("text", { x: it.x, y: it.y + r + 9, "class": "nlabel" });
    lab.textContent = it.kind === "entity" ? it.ref.name : snippet(it.ref.content, 28);
    gNLabels.appendChild(lab);
    it.label = lab;
  });
  function segment(a, b) {
    var vx = b.x - a.x, vy = b.y - a.y, d = Math.sqrt(vx * vx + vy * vy) || 1;
    return { x1: a.x + vx / d * a.r, y1: a.y + vy / d * a.r, x2: b.x - vx / d * (b.r + 1), y2: b.y - vy / d * (b.r + 1) };
  }
  edges.forEach(function (e) {
    var a = items[itemIndex["n" + e.src]], b = items[itemIndex["n" + e.dst]], s = segment(a, b);
    e.el = svg("line", { x1: s.x1, y1: s.y1, x2: s.x2, y2: s.y2, stroke: colorOf(COLORS.edge, e.type),
      "class": "edge t-" + e.type, "marker-end": "url(#arrow-" + e.type + ")", "data-edge": e.id });
    var tip = svg("title", {});
    tip.textContent = e.type + (e.predicate ? " (" + e.predicate + ")" : "") + ": #" + e.src + " \u2192 #" + e.dst;
    e.el.appendChild(tip);
    gEdges.appendChild(e.el);
    e.label = svg("text", { x: (s.x1 + s.x2) / 2, y: (s.y1 + s.y2) / 2 - 2, "class": "elabel" });
    e.label.textContent = e.predicate ? e.type + ": " + e.predicate : e.type;
    gELabels.appendChild(e.label);
  });
  var mentions = [];
  nodes.forEach(function (n) {
    n.entities.forEach(function (eid) {
      var a = items[itemIndex["n" + n.id]], b = items[itemIndex["e" + eid]];
      var line = svg("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, "class": "mention" });
      gMentions.appendChild(line);
      mentions.push({ node: n.id, entity: eid, el: line });
    });
  });

  // ---- filtering ---------------------------------------------------------------------------
  function dayStart(value) { return value ? Date.parse(value + "T00:00:00Z") / 1000 : null; }
  function nodePasses(n) {
    if (!state.nodeTypes[n.type]) return false;
    if (state.entity !== null && n.entities.indexOf(state.entity) < 0) return false;
    if (state.from !== null && n.event_time < state.from) return false;
    if (state.to !== null && n.event_time >= state.to + 86400) return false;
    if (state.search && String(n.content).toLowerCase().indexOf(state.search) < 0) return false;
    return n.valid_from <= state.asOf;
  }
  function setShown(elem, shown) { elem.style.display = shown ? "" : "none"; }
  function apply() {
    var shown = {}, drawn = 0, inactive = 0, edgeCount = 0, entityCount = 0, entShown = {};
    nodes.forEach(function (n) {
      var it = items[itemIndex["n" + n.id]], st = nodeStatus(n, state.asOf);
      var visible = nodePasses(n) && (st === "active" || state.history);
      shown[n.id] = visible;
      it.el.setAttribute("class", "node memory st-" + st + (state.selected === n.id ? " selected" : ""));
      setShown(it.el, visible);
      setShown(it.label, visible && state.labels);
      it.label.setAttribute("class", st === "active" ? "nlabel" : "nlabel dim");
      if (visible) { drawn++; if (st !== "active") inactive++; }
    });
    entities.forEach(function (e) {
      var it = items[itemIndex["e" + e.id]];
      var visible = state.showEntities && (state.entity === null || state.entity === e.id) &&
        e.nodes.some(function (id) { return shown[id]; });
      entShown[e.id] = visible;
      setShown(it.el, visible);
      setShown(it.label, visible && state.labels);
      if (visible) entityCount++;
    });
    mentions.forEach(function (m) { setShown(m.el, shown[m.node] && entShown[m.entity]); });
    edges.forEach(function (e) {
      var valid = edgeValid(e, state.asOf);
      var visible = state.edgeTypes[e.type] && shown[e.src] && shown[e.dst] && (valid || state.history);
      e.el.setAttribute("class", "edge t-" + e.type + (valid ? "" : " inactive"));
      setShown(e.el, visible);
      setShown(e.label, visible && state.edgeLabels);
      if (visible) edgeCount++;
    });
    publish(drawn, inactive, edgeCount, entityCount);
  }
  function publish(drawn, inactive, edgeCount, entityCount) {
    var g = window.memlabGraph;
    g.nodeCount = drawn; g.inactiveCount = inactive; g.edgeCount = edgeCount; g.entityCount = entityCount;
    g.asOf = state.asOf;
    document.body.setAttribute("data-node-count", String(drawn));
    document.body.setAttribute("data-inactive-count", String(inactive));
    document.body.setAttribute("data-edge-count", String(edgeCount));
    document.body.setAttribute("data-entity-count", String(entityCount));
    $("status").textContent = drawn + " of " + nodes.length + " nodes (" + inactive + " inactive), " +
      edgeCount + " edges, " + entityCount + " entities \u00b7 as of " + fmt(state.asOf);
    $("asof-label").textContent = fmt(state.asOf);
  }

  // ---- side panel ------------------------------------------------------------------------
  function nodeButton(id, text) {
    var b = el("button", "linkish", text);
    b.type = "button";
    b.addEventListener("click", function () { select(id); });
    return b;
  }
  function nodeItem(id, current) {
    var n = byId[id], li = el("li", current ? "current" : "");
    var dates = " [" + fmt(n.valid_from) + " \u2192 " + (n.valid_until == null ? "now" : fmt(n.valid_until)) + "] ";
    li.appendChild(nodeButton(id, "#" + id + " " + n.type));
    li.appendChild(document.createTextNode(dates + snippet(n.content, 90)));
    return li;
  }
  function addList(panel, heading, ids, current) {
    if (!ids.length) return;
    panel.appendChild(el("h3", "", heading));
    var ul = el("ul");
    ids.forEach(function (id) { ul.appendChild(nodeItem(id, id === current)); });
    panel.appendChild(ul);
  }
  function neighbours(id, type, dir) {  // dir "out": edges id -> x; "in": x -> id
    return edges.filter(function (e) { return e.type === type && (dir === "out" ? e.src === id : e.dst === id); })
      .map(function (e) { return dir === "out" ? e.dst : e.src; });
  }
  function supersedesChain(id) {  // every version linked by supersedes edges, oldest first
    var seen = {}, queue = [id], out = [];
    while (queue.length) {
      var cur = queue.shift();
      if (seen[cur]) continue;
      seen[cur] = true; out.push(cur);
      queue = queue.concat(neighbours(cur, "supersedes", "out"), neighbours(cur, "supersedes", "in"));
    }
    return out.sort(function (a, b) { return byId[a].valid_from - byId[b].valid_from || a - b; });
  }
  function table(rows) {
    var t = el("table");
    rows.forEach(function (r) {
      if (r[1] === undefined || r[1] === null || r[1] === "") return;
      var tr = el("tr");
      tr.appendChild(el("td", "", r[0]));
      tr.appendChild(el("td", "", r[1]));
      t.appendChild(tr);
    });
    return t;
  }
  function showNode(id) {
    var n = byId[id], panel = $("panel"), st = nodeStatus(n, state.asOf);
    panel.replaceChildren();
    var h = el("h2");
    var sw = el("span", "swatch"); sw.style.background = colorOf(COLORS.node, n.type);
    h.appendChild(sw);
    h.appendChild(document.createTextNode("#" + n.id + " " + n.type + " "));
    h.appendChild(el("span", "badge " + st, st));
    panel.appendChild(h);
    panel.appendChild(el("div", "content", n.content));
    panel.appendChild(table([
      ["event time", fmt(n.event_time)], ["valid from", fmt(n.valid_from)],
      ["valid until", n.valid_until == null ? "-" : fmt(n.valid_until)], ["reason", n.invalid_reason],
      ["archived", n.archived_at == null ? null : fmt(n.archived_at)], ["recorded", fmt(n.created_at)],
      ["confidence", n.confidence == null ? null : Number(n.confidence).toFixed(3)],
      ["base strength", n.base_strength], ["decay rate \u03bb", n.decay_rate],
      ["accesses", n.access_count], ["last access", n.last_accessed == null ? null : fmt(n.last_accessed)],
      ["session", n.session_id], ["source", [n.source_type, n.source_role].filter(Boolean).join(" / ")],
      ["fact key", n.fact_key]
    ]));
    if (n.entities.length) {
      panel.appendChild(el("h3", "", "Entities"));
      var ul = el("ul");
      n.entities.forEach(function (eid) {
        var li = el("li"), b = el("button", "linkish", entById[eid].name);
        b.type = "button";
        b.addEventListener("click", function () { showEntity(eid); });
        li.appendChild(b);
        li.appendChild(document.createTextNode(" (" + entById[eid].type + ")"));
        ul.appendChild(li);
      });
      panel.appendChild(ul);
    }
    var chain = supersedesChain(id);
    if (chain.length > 1) addList(panel, "History (supersedes chain, oldest first)", chain, id);
    addList(panel, "Derived from (provenance)", neighbours(id, "derived_from", "out"));
    addList(panel, "Derived into", neighbours(id, "derived_from", "in"));
    addList(panel, "Causes", neighbours(id, "causal", "in"));
    addList(panel, "Effects", neighbours(id, "causal", "out"));
  }
  function showEntity(eid) {
    var e = entById[eid], panel = $("panel");
    panel.replaceChildren();
    var h = el("h2");
    var sw = el("span", "swatch diamond"); sw.style.background = colorOf(COLORS.entity, e.type);
    h.appendChild(sw);
    h.appendChild(document.createTextNode(e.name + " (" + e.type + ")"));
    panel.appendChild(h);
    if (e.summary) panel.appendChild(el("div", "content", e.summary));
    panel.appendChild(table([["aliases", (e.aliases || []).join(", ")], ["mentions", e.mention_count],
      ["first seen", e.first_seen == null ? null : fmt(e.first_seen)], ["last seen", e.last_seen == null ? null : fmt(e.last_seen)]]));
    var b = el("button", "linkish", "filter the graph by this entity");
    b.type = "button";
    b.addEventListener("click", function () { $("entity").value = String(eid); state.entity = eid; apply(); });
    panel.appendChild(b);
    addList(panel, "Mentioned in", e.nodes.slice(0, 200));
  }
  function select(id) {
    if (!byId[id]) return false;
    state.selected = id;
    showNode(id);
    apply();
    return true;
  }

  // ---- controls ----------------------------------------------------------------------------
  function typeToggles(container, types, map, stateMap, line) {
    types.forEach(function (t) {
      var lab = el("label"), box = el("input"), sw = el("span", line ? "swatch line" : "swatch");
      box.type = "checkbox"; box.checked = stateMap[t]; box.dataset.type = t;
      sw.style.background = colorOf(map, t);
      box.addEventListener("change", function () { stateMap[t] = box.checked; apply(); });
      lab.appendChild(box); lab.appendChild(sw); lab.appendChild(document.createTextNode(t));
      container.appendChild(lab);
    });
  }
  function legend() {
    var box = $("legend");
    function row(text, color, cls) {
      var d = el("div"), sw = el("span", cls); sw.style.background = color;
      d.appendChild(sw); d.appendChild(document.createTextNode(text)); box.appendChild(d);
    }
    DATA.node_types.forEach(function (t) { row(t, colorOf(COLORS.node, t), "swatch"); });
    DATA.entity_types.forEach(function (t) { row("entity: " + t, colorOf(COLORS.entity, t), "swatch diamond"); });
    DATA.edge_types.forEach(function (t) { row(t, colorOf(COLORS.edge, t), "swatch line"); });
    box.appendChild(el("div", "", "dimmed/dashed: superseded, forgotten (red) or archived"));
  }
  function controls() {
    $("title").textContent = DATA.title;
    typeToggles($("node-types"), DATA.node_types, COLORS.node, state.nodeTypes, false);
    typeToggles($("edge-types"), DATA.edge_types, COLORS.edge, state.edgeTypes, true);
    var sel = $("entity");
    entities.slice().sort(function (a, b) { return a.name.localeCompare(b.name); }).forEach(function (e) {
      var o = el("option", "", e.name + " (" + e.type + ")"); o.value = String(e.id); sel.appendChild(o);
    });
    sel.value = state.entity === null ? "" : String(state.entity);
    sel.addEventListener("change", function () { state.entity = sel.value === "" ? null : Number(sel.value); apply(); });
    $("show-entities").checked = state.showEntities;
    $("show-entities").addEventListener("change", function (ev) { state.showEntities = ev.target.checked; apply(); });
    $("from").addEventListener("change", function (ev) { state.from = dayStart(ev.target.value); apply(); });
    $("to").addEventListener("change", function (ev) { state.to = dayStart(ev.target.value); apply(); });
    var slider = $("asof");
    slider.min = String(DATA.time_min); slider.max = String(DATA.time_max); slider.value = String(state.asOf);
    slider.addEventListener("input", function () { state.asOf = Number(slider.value); apply(); });
    $("latest").addEventListener("click", function () { state.asOf = DATA.as_of; slider.value = String(state.asOf); apply(); });
    $("history").checked = state.history;
    $("history").addEventListener("change", function (ev) { state.history = ev.target.checked; apply(); });
    $("labels").checked = state.labels;
    $("labels").addEventListener("change", function (ev) { state.labels = ev.target.checked; apply(); });
    $("edge-labels-box").checked = state.edgeLabels;
    $("edge-labels-box").addEventListener("change", function (ev) { state.edgeLabels = ev.target.checked; apply(); });
    $("search").addEventListener("input", function (ev) { state.search = ev.target.value.toLowerCase(); apply(); });
    gNodes.addEventListener("click", function (ev) {
      var t = ev.target.closest ? ev.target.closest(".node") : ev.target;
      if (!t) return;
      if (t.hasAttribute("data-id")) select(Number(t.getAttribute("data-id")));
      else if (t.hasAttribute("data-entity")) showEntity(Number(t.getAttribute("data-entity")));
    });
    legend();
  }

  // ---- pan and zoom ------------------------------------------------------------------------
  var view = { x: 0, y: 0, k: 1 };
  function setView() { $("viewport").setAttribute("transform", "translate(" + view.x + "," + view.y + ") scale(" + view.k + ")"); }
  function fit() {
    var box = $("graph").getBoundingClientRect(), w = box.width || 800;
    var h = (box.height || 600) - $("legend").getBoundingClientRect().height;  // keep the legend strip clear
    if (!items.length) return;
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    items.forEach(function (it) { x0 = Math.min(x0, it.x); y0 = Math.min(y0, it.y); x1 = Math.max(x1, it.x); y1 = Math.max(y1, it.y); });
    var pad = 30, k = Math.min((w - 2 * pad) / Math.max(x1 - x0, 1), (h - 2 * pad) / Math.max(y1 - y0, 1), 1.5);
    view.k = k; view.x = (w - k * (x1 + x0)) / 2; view.y = (h - k * (y1 + y0)) / 2;
    setView();
  }
  function panZoom() {
    var g = $("graph"), drag = null;
    g.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      var box = g.getBoundingClientRect(), mx = ev.clientX - box.left, my = ev.clientY - box.top;
      var f = Math.exp(-ev.deltaY * 0.0015), k = Math.max(0.02, Math.min(40, view.k * f));
      view.x = mx - (mx - view.x) * k / view.k; view.y = my - (my - view.y) * k / view.k; view.k = k;
      setView();
    }, { passive: false });
    g.addEventListener("mousedown", function (ev) {
      if (ev.target.closest && ev.target.closest(".node")) return;
      drag = { x: ev.clientX - view.x, y: ev.clientY - view.y };
      g.classList.add("panning");
    });
    window.addEventListener("mousemove", function (ev) {
      if (!drag) return;
      view.x = ev.clientX - drag.x; view.y = ev.clientY - drag.y; setView();
    });
    window.addEventListener("mouseup", function () { drag = null; g.classList.remove("panning"); });
    window.addEventListener("resize", fit);
  }

  // ---- start: state from the URL fragment (#history=1&asof=<epoch s>&select=<id>&entity=<id>) ----
  function fromHash() {
    var params = new URLSearchParams(location.hash.replace(/^#/, ""));
    if (params.get("history") === "1") state.history = true;
    if (params.get("labels") !== null) state.labels = params.get("labels") === "1";
    if (params.get("edgelabels") !== null) state.edgeLabels = params.get("edgelabels") === "1";
    if (params.get("asof") !== null && isFinite(Number(params.get("asof")))) state.asOf = Number(params.get("asof"));
    if (params.get("entity") !== null && entById[Number(params.get("entity"))]) state.entity = Number(params.get("entity"));
    return params.get("select");
  }
  window.memlabGraph = {
    nodeCount: 0, edgeCount: 0, entityCount: 0, inactiveCount: 0, totalNodes: nodes.length, layoutMs: layoutMs,
    state: state, select: select, apply: apply,
    setAsOf: function (t) { state.asOf = t; $("asof").value = String(t); apply(); return window.memlabGraph.nodeCount; }
  };
  var wanted = fromHash();
  controls();
  panZoom();
  fit();
  apply();
  if (wanted !== null) select(Number(wanted));
  document.body.setAttribute("data-ready", "1");
})();
