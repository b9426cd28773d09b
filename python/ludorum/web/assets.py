"""What the web pages are made of: their style sheet and their two scripts, plain CSS and
JavaScript with no build step. Every piece of data reaches a page as JSON and is put in with
``textContent``, never as HTML, except the drawings the engine made for that seat."""

from __future__ import annotations

__all__ = ["SEAT_SCRIPT", "START_SCRIPT", "STYLE"]

STYLE = r"""
* { box-sizing: border-box; }
body { font-family: system-ui, sans-serif; margin: 0 auto; padding: 1rem; color: #222;
  max-width: 76rem; line-height: 1.4; }
h1 { font-size: 1.35rem; margin: 0.2rem 0; } h2 { font-size: 1.1rem; margin: 1rem 0 0.4rem; }
button { margin: 0.15rem; padding: 0.35rem 0.7rem; cursor: pointer; border: 1px solid #888;
  border-radius: 0.3rem; background: #f6f6f6; font: inherit; }
button:hover { background: #e8eef8; } button.primary { background: #1f5fbf; color: #fff; }
#board svg { max-width: 100%; height: auto; display: block; }
#board [data-cell] { cursor: pointer; }
#board [data-cell].next { fill: #1f9d55; fill-opacity: 0.35; }
#board [data-cell].chosen { fill: #e08a00; fill-opacity: 0.55; }
#board [data-cell].last { stroke: #cc3311; stroke-width: 2; stroke-opacity: 0.9; }
#board [data-cell].path { fill: #1f9d55; fill-opacity: 0.65; }
#board .paths polyline { fill: none; stroke: #1f9d55; stroke-linecap: round;
  stroke-linejoin: round; }
#board .paths .offered { stroke-width: 2; stroke-dasharray: 5 5; stroke-opacity: 0.55; }
#board .paths .hovered { stroke-width: 6; stroke-opacity: 0.85; }
#board [data-move] { cursor: pointer; }
#board [data-move].next:hover { fill: #1f9d55; fill-opacity: 0.25; }
.row { display: flex; gap: 1.5rem; flex-wrap: wrap; align-items: flex-start; }
.boardcol { flex: 3 1 28rem; min-width: 0; } .panel { flex: 2 1 18rem; min-width: 0; }
#status { display: inline-block; font-weight: bold; font-size: 1.1rem; padding: 0.4rem 0.6rem;
  border-radius: 0.3rem; background: #eee; margin: 0.5rem 0; }
#status.mine { background: #dff3e4; } #status.over { background: #fdf0d5; }
#thinking { color: #555; font-style: italic; margin-left: 0.5rem; }
#error, .err { color: #b00020; } .err { margin-left: 0.5rem; font-size: 0.9rem; }
#seats, .doc, .note { color: #555; font-size: 0.9rem; }
#palette button { min-width: 2.6rem; } #palette button svg { display: block; }
#history { font-family: monospace; display: flex; flex-wrap: wrap; gap: 0.2rem 0.8rem;
  max-height: 12rem; overflow-y: auto; }
#history .lastmove { background: #fde2dc; font-weight: bold; }
#chatlog { border: 1px solid #ccc; height: 9rem; overflow-y: auto; padding: 0.3rem; }
input[type=text], input[type=number], select { padding: 0.3rem; font: inherit; max-width: 100%; }
input[type=text] { width: 16rem; } input[type=number] { width: 7rem; }
details { margin-top: 0.8rem; } summary { cursor: pointer; }
.field { margin: 0.6rem 0; } .field label, .seat .name { display: inline-block; min-width: 9rem;
  font-weight: 600; }
#over { padding: 0.6rem; border: 2px solid #e0b040; border-radius: 0.4rem; margin: 0.5rem 0; }
a { color: #1f5fbf; word-break: break-all; }
@media (max-width: 40rem) {
  body { padding: 0.5rem; } .row { gap: 0.5rem; } .field label { min-width: 0; display: block; }
  input[type=text] { width: 100%; }
}
"""

#: The seat's page: the board, clicks on it that build a move, the choices a palette offers,
#: and the rest of the table, kept up to date from the server's events.
SEAT_SCRIPT = r"""
const base = "/api" + location.pathname;
const $ = (id) => document.getElementById(id);
let view = null, moves = [], boardMoves = [], chosen = [], tokenRe = null, shown = -1;
let guide = {}, cells = new Set();
const SVG_NS = "http://www.w3.org/2000/svg";
const pictures = new Map();
// The steps of a move, in the order a player makes them: the game's own order where its
// renderer gives one (Domination: the stack, "2 pieces", where), else the board's click
// targets (data-cell) the move names, in order: "e5-g6" -> e5, g6; "3@b4" -> b4;
// "c2-d2 e4-e5" -> the borders c2-d2, e4-e5. A step that is no place is a palette choice.
function tokens(m) {
  if (guide[m] && guide[m].steps) return guide[m].steps;
  if (!tokenRe) return [];
  return Array.from(m.matchAll(tokenRe), (x) => x[1]);
}
function readTargets() {
  const names = Array.from(document.querySelectorAll("#board [data-cell]"), (e) => e.dataset.cell);
  cells = new Set(names);
  names.sort((a, b) => b.length - a.length);
  const quoted = names.map((n) => n.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&"));
  tokenRe = names.length
    ? new RegExp("(?<![A-Za-z0-9])(" + quoted.join("|") + ")(?![0-9])", "g") : null;
}
const words = (m) => (guide[m] && guide[m].words) || null;
// What a palette offers for a move: the game's words for it ("strength 3"), else what is left
// of it once its board targets are taken out; the whole notation when nothing is left.
function label(m) {
  if (words(m)) return words(m);
  let rest = m;
  for (const t of tokens(m)) rest = rest.replace(t, " ");
  rest = rest.replace(/[@:\-]/g, " ").replace(/\s+/g, " ").trim();
  return rest || m;
}
const startsWith = (m, prefix) => prefix.every((c, i) => tokens(m)[i] === c);
async function post(path, body) {
  const r = await fetch(base + path, {method: "POST",
    headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await r.json();
  $("error").textContent = r.ok ? "" : data.error;
  return r.ok ? data : null;
}
const play = (m) => post("/move", {move: m});
function button(box, m, text, title) {
  const b = document.createElement("button");
  b.textContent = text; b.className = "move"; b.dataset.move = m; b.title = title || m;
  b.onclick = () => play(m);
  box.appendChild(b);
  return b;
}
function mark(cls, names) {
  for (const e of document.querySelectorAll("#board ." + cls)) e.classList.remove(cls);
  for (const n of names) {
    for (const e of document.querySelectorAll("#board [data-cell]")) {
      if (e.dataset.cell === n) e.classList.add(cls);
    }
  }
}
// The moves of the full list matching the filter, at most 60 buttons.
function listMoves() {
  const box = $("legal"), f = $("filter").value.trim();
  box.textContent = "";
  const hits = moves.filter((m) => m.includes(f));
  for (const m of hits.slice(0, 60)) button(box, m, m);
  $("more").textContent = hits.length > 60
    ? (hits.length - 60) + " more: type in the filter to narrow" : "";
  $("count").textContent = moves.length;
}
function cellCenter(name) {
  const e = Array.from(document.querySelectorAll("#board [data-cell]"))
    .find((x) => x.dataset.cell === name);
  if (!e) return null;
  const b = e.getBBox();
  return (b.x + b.width / 2) + "," + (b.y + b.height / 2);
}
// Lines through the places of each path (a hop chain's landings), drawn on top of the board
// and deaf to clicks; "offered" for every destination lit, "hovered" for the one pointed at.
function drawPaths(paths, cls) {
  const svg = document.querySelector("#board svg");
  if (!svg) return;
  let layer = svg.querySelector("g.paths");
  if (!layer) {
    layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "paths"); layer.setAttribute("pointer-events", "none");
    svg.appendChild(layer);
  }
  for (const e of layer.querySelectorAll("." + cls)) e.remove();
  for (const path of paths) {
    const line = document.createElementNS(SVG_NS, "polyline");
    line.setAttribute("points", path.map(cellCenter).filter(Boolean).join(" "));
    line.setAttribute("class", cls); line.dataset.path = path.join(" ");
    layer.appendChild(line);
  }
}
// The moves one more step completes, each with the path it passes through.
const pathsNext = () => boardMoves.filter((m) => startsWith(m, chosen)
  && tokens(m).length === chosen.length + 1 && guide[m] && guide[m].path);
function showPath(cell) {
  const m = cell && pathsNext().find((m) => tokens(m)[chosen.length] === cell);
  const path = m ? guide[m].path : [];
  mark("path", path.slice(1, -1));
  drawPaths(m ? [path] : [], "hovered");
}
// After each step: the next places lit on the board (and the paths to them drawn), and in the
// palette the choices that come next and the moves the steps complete (drawn, where the game
// draws its moves).
function showChoice() {
  const left = boardMoves.filter((m) => startsWith(m, chosen));
  const done = left.filter((m) => tokens(m).length === chosen.length);
  const next = Array.from(new Set(left.map((m) => tokens(m)[chosen.length]).filter(Boolean)));
  const choices = next.filter((t) => !cells.has(t));
  mark("chosen", chosen);
  mark("next", next.filter((t) => cells.has(t)));
  drawPaths(pathsNext().map((m) => guide[m].path), "offered");
  showPath(null);
  const palette = $("palette");
  palette.textContent = "";
  $("choice").hidden = chosen.length === 0;
  $("selection").textContent = chosen.length ? chosen.join(" → ")
    + (done.length || choices.length ? ": choose" : ": click where next") : "";
  for (const c of choices) {
    const b = document.createElement("button");
    b.textContent = c; b.className = "step"; b.dataset.step = c;
    b.onclick = () => choose(c, false);
    palette.appendChild(b);
  }
  for (const m of done) {
    const b = button(palette, m, label(m));
    if (pictures.has(m) && pictures.get(m)) b.innerHTML = pictures.get(m);
  }
  const missing = done.filter((m) => !pictures.has(m)).slice(0, 100);
  if (missing.length > 1) {
    fetch(base + "/pictures?moves=" + encodeURIComponent(missing.join(","))).then(async (r) => {
      if (!r.ok) return;
      const drawn = await r.json();
      for (const m of missing) pictures.set(m, drawn[m] || null);
      if (missing.some((m) => drawn[m])) showChoice();
    });
  }
}
// One more step: a place clicked (a place no chosen move goes on starts afresh) or a choice.
// A choice that is the only way on is taken at once.
function choose(step, place) {
  let next = chosen.concat([step]);
  let left = boardMoves.filter((m) => startsWith(m, next));
  if (left.length === 0 && place) {
    next = [step];
    left = boardMoves.filter((m) => startsWith(m, next));
  }
  if (left.length === 0) {
    chosen = []; showChoice();
    $("selection").textContent = "no move starts at " + step;
    return;
  }
  chosen = next;
  for (;;) {
    const steps = new Set(left.map((m) => tokens(m)[chosen.length]));
    const [only] = steps;
    if (steps.size !== 1 || only === undefined || cells.has(only)) break;
    chosen.push(only);
  }
  if (left.length === 1 && tokens(left[0]).length === chosen.length) { play(left[0]); return; }
  showChoice();
}
function onBoardClick(e) {
  const named = e.target.closest("[data-move]");
  if (named && moves.includes(named.dataset.move)) { play(named.dataset.move); return; }
  const target = e.target.closest("[data-cell]");
  if (!target || boardMoves.length === 0) return;
  choose(target.dataset.cell, true);
}
function onBoardHover(e) {
  const target = e.target.closest("[data-cell]");
  showPath(target && target.classList.contains("next") ? target.dataset.cell : null);
}
async function refresh() {
  const r = await fetch(base + "/view");
  if (!r.ok) {
    $("error").textContent = (await r.json()).error;
    $("status").dataset.over = "1";
    return;
  }
  const v = await r.json();
  if (v.version < shown) return;  // an older answer arriving late
  shown = v.version; view = v;
  const who = v.seat === null ? "spectator" : "seat " + v.seat;
  $("title").textContent = v.game.replaceAll("_", " ") + " — " + who;
  $("seats").textContent = v.seats.map((s, i) =>
    "seat " + i + ": " + s + (i === v.seat ? " (you)" : "")).join(" · ");
  $("status").textContent = v.status;
  $("status").dataset.version = v.version;
  $("status").dataset.over = v.outcome ? "1" : "0";
  $("status").className = v.outcome ? "over" : (v.legal.length ? "mine" : "");
  $("thinking").hidden = !v.thinking;
  $("board").innerHTML = v.svg || "<p class='note'>This game hides information from its "
    + "players: spectators see the board once the game is over.</p>";
  guide = v.guide || {};
  readTargets();
  moves = v.legal.concat(v.free);
  boardMoves = v.legal.filter((m) => tokens(m).length > 0);
  // moves the board names whole (a Connect Four column): a click on them plays them
  const whole = new Set(Array.from(document.querySelectorAll("#board [data-move]"),
    (e) => e.dataset.move).filter((m) => v.legal.includes(m)));
  chosen = [];
  const last = v.history.length ? v.history[v.history.length - 1] : null;
  mark("last", last ? tokens(last) : []);
  $("controls").hidden = !!v.outcome || v.seat === null;
  for (const e of document.querySelectorAll("#board [data-move]")) {
    e.classList.toggle("next", whole.has(e.dataset.move));
  }
  const aside = v.legal.filter((m) => tokens(m).length === 0 && !whole.has(m));
  $("hint").textContent = boardMoves.length || whole.size
    ? "Your move: click the board (the lit places)" + (aside.length ? ", or here:" : ".")
    : (v.legal.length ? "Your move: choose here." : "");
  const actions = $("actions");
  actions.textContent = "";
  for (const m of aside) button(actions, m, words(m) || m);
  $("freebox").hidden = v.free.length === 0;
  $("free").textContent = "";
  for (const m of v.free) button($("free"), m, words(m) || m);
  listMoves();
  showChoice();
  const h = $("history");
  h.textContent = "";
  v.history.forEach((m, i) => {
    const s = document.createElement("span");
    s.textContent = (i + 1) + ". " + m;
    if (i === v.history.length - 1) s.className = "lastmove";
    h.appendChild(s);
  });
  $("over").hidden = !v.outcome;
  if (v.outcome) $("result").textContent = v.outcome.result + " (" + v.outcome.reason + ")";
  $("rematch").hidden = v.seat === null;
  if (v.rematch) { $("rematch").textContent = "Go to the rematch"; }
  $("watch").href = v.watch; $("watch").textContent = location.origin + v.watch;
  $("chatbox").hidden = !v.has_chat;
  $("chatform").hidden = v.seat === null;
  const log = $("chatlog"); log.textContent = "";
  for (const m of v.chat) {
    const line = document.createElement("div");
    line.className = "message";
    line.textContent = "seat " + m.player + " (ply " + m.ply + "): " + m.text;
    log.appendChild(line);
  }
}
$("board").addEventListener("click", onBoardClick);
$("board").addEventListener("mouseover", onBoardHover);
$("filter").addEventListener("input", listMoves);
$("clear").onclick = () => { chosen = []; showChoice(); };
$("play").onclick = async () => {
  if (await play($("notation").value)) $("notation").value = "";
};
$("send").onclick = async () => {
  if (await post("/chat", {text: $("say").value})) $("say").value = "";
};
$("rematch").onclick = async () => {
  const token = location.pathname.split("/").pop();
  const data = await post("/rematch", {});
  if (data) location.href = "/t/" + data.table + "/" + token;
};
const events = new EventSource(base + "/events");
events.addEventListener("update", refresh);
events.addEventListener("closed", () => { refresh(); events.close(); });
refresh();
"""

#: The start page: a form built from each game's declared options.
START_SCRIPT = r"""
const $ = (id) => document.getElementById(id);
let catalog = null;
const el = (tag, attrs, text) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};
const game = () => catalog.games.find((g) => g.name === $("game").value);
// An input for an option, from its declared type: a list for choices and yes/no, a number
// with its range, text otherwise; empty means the default.
function optionInput(o) {
  if (o.choices || o.kind === "bool" || o.kind === "player") {
    const s = el("select", {id: "opt-" + o.name, "data-kind": o.kind});
    s.appendChild(el("option", {value: ""}, "default (" + o.default_doc + ")"));
    const values = o.kind === "bool" ? [true, false] : (o.choices || []);
    for (const v of values) s.appendChild(el("option", {value: JSON.stringify(v)}, String(v)));
    if (o.kind === "player") {
      for (let p = 0; p < seatCount(); p++) {
        s.appendChild(el("option", {value: String(p)}, "seat " + p));
      }
    }
    return s;
  }
  const numeric = ["int", "seed", "float"].includes(o.kind);
  const i = el("input", {id: "opt-" + o.name, "data-kind": o.kind,
    type: numeric ? "number" : "text", placeholder: "default: " + o.default_doc});
  if (o.kind === "float") i.step = "any";
  if (o.low !== null) i.min = o.low;
  if (o.high !== null) i.max = o.high;
  return i;
}
function readOption(o) {
  const e = $("opt-" + o.name);
  if (!e || e.value === "") return undefined;
  if (e.tagName === "SELECT") return JSON.parse(e.value);
  if (["int", "seed"].includes(o.kind)) return Number.parseInt(e.value, 10);
  if (o.kind === "float") return Number.parseFloat(e.value);
  if (o.kind === "int_list") return e.value.split(",").map((x) => Number.parseInt(x, 10));
  if (o.kind === "str_list") return e.value.split(",").map((x) => x.trim());
  return e.value;
}
function seatCount() {
  const g = game(), p = $("opt-players");
  if (p && p.value !== "") return JSON.parse(p.value);
  const o = g.options.find((o) => o.name === "players");
  return o && o.default !== null ? o.default : g.players[0];
}
function drawSeats() {
  const box = $("seatlist"), kept = Array.from(box.querySelectorAll(".seat"), (s) => [
    s.querySelector("select").value, s.querySelector("input").value]);
  box.textContent = "";
  for (let i = 0; i < seatCount(); i++) {
    const row = el("div", {class: "seat field"});
    row.appendChild(el("span", {class: "name"}, "seat " + i));
    const kind = el("select", {id: "seat-" + i, "aria-label": "seat " + i});
    kind.appendChild(el("option", {value: "human"}, "a person (gets a link)"));
    for (const a of catalog.agents) kind.appendChild(el("option", {value: a.name}, a.label));
    const strength = el("input", {id: "strength-" + i, type: "number", min: 1, max: 20000,
      value: 200, "aria-label": "simulations per move", title: "simulations per move"});
    const unit = el("span", {class: "doc"}, "simulations per move");
    kind.value = kept[i] ? kept[i][0] : (i === 0 ? "human" : "mcts");
    if (kept[i]) strength.value = kept[i][1];
    const sync = () => {
      const a = catalog.agents.find((a) => a.name === kind.value);
      strength.hidden = unit.hidden = !(a && a.strength);
    };
    kind.onchange = sync; sync();
    row.append(kind, strength, unit, el("span", {class: "err", id: "err-seat-" + i}));
    box.appendChild(row);
  }
}
function drawOptions() {
  const g = game(), box = $("options");
  box.textContent = "";
  $("summary").textContent = g.summary;
  $("rules").href = "/rules/" + g.name;
  for (const o of g.options) {
    const row = el("div", {class: "field"});
    const lab = el("label", {for: "opt-" + o.name}, o.name.replaceAll("_", " "));
    row.append(lab, optionInput(o));
    row.appendChild(el("span", {class: "err", id: "err-" + o.name}));
    row.appendChild(el("div", {class: "doc"},
      o.doc + " (" + o.kind + "; " + o.allowed + "; default " + o.default_doc + ")"));
    box.appendChild(row);
    if (o.name === "players") $("opt-players").addEventListener("change", () => {
      drawSeats(); drawPlayerOptions();
    });
  }
  drawSeats();
}
function drawPlayerOptions() {
  for (const o of game().options.filter((o) => o.kind === "player")) {
    const old = $("opt-" + o.name), value = old.value;
    old.replaceWith(optionInput(o));
    $("opt-" + o.name).value = value;
  }
}
async function create() {
  for (const e of document.querySelectorAll(".err")) e.textContent = "";
  $("error").textContent = ""; $("made").hidden = true;
  const g = game(), options = {}, seats = [];
  for (const o of g.options) {
    const v = readOption(o);
    if (v !== undefined) options[o.name] = v;
  }
  for (let i = 0; i < seatCount(); i++) {
    const kind = $("seat-" + i).value, a = catalog.agents.find((a) => a.name === kind);
    seats.push(a && a.strength ? kind + ":" + $("strength-" + i).value : kind);
  }
  const r = await fetch("/api/tables", {method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({game: g.name, options, seats})});
  const data = await r.json();
  if (!r.ok) {
    const spot = data.field && $("err-" + data.field);
    (spot || $("error")).textContent = data.error;
    return;
  }
  const links = $("links");
  links.textContent = "";
  for (const [seat, link] of Object.entries(data.links)) {
    const li = el("li"), a = el("a", {href: link, class: "seat-link"});
    a.textContent = location.origin + link;
    li.append("seat " + seat + ": ", a);
    links.appendChild(li);
  }
  const w = $("watchlink");
  w.href = data.watch; w.textContent = location.origin + data.watch;
  $("made").hidden = false;
  $("close").onclick = async () => {
    const c = await fetch("/api/tables/" + data.table + "/close", {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify({owner: data.owner})});
    $("made").hidden = c.ok;
    $("error").textContent = c.ok ? "the table is closed" : (await c.json()).error;
  };
}
fetch("/api/games").then((r) => r.json()).then((c) => {
  catalog = c;
  for (const g of c.games) {
    $("game").appendChild(el("option", {value: g.name}, g.name.replaceAll("_", " ")));
  }
  $("game").onchange = drawOptions;
  drawOptions();
  $("create").onclick = create;
  document.body.dataset.ready = "1";
});
"""
