"""The two pages of the web table, plain HTML and JavaScript (no build step). Every piece of
data reaches the page as JSON and is put in with ``textContent``, never as HTML, except the
board's SVG, which the engine drew for this seat."""

from __future__ import annotations

from html import escape

__all__ = ["SEAT_PAGE", "start_page"]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; max-width: 70rem; }
h1 { font-size: 1.4rem; } button { margin: 0.15rem; padding: 0.3rem 0.6rem; cursor: pointer; }
#board svg { max-width: 100%; height: auto; } .row { display: flex; gap: 2rem; flex-wrap: wrap; }
.panel { min-width: 18rem; flex: 1; } #status { font-weight: bold; margin: 0.5rem 0; }
#error { color: #b00020; min-height: 1.2rem; } #history { font-family: monospace; }
#chatlog { border: 1px solid #ccc; height: 10rem; overflow-y: auto; padding: 0.3rem; }
input[type=text] { padding: 0.3rem; width: 14rem; } label { display: block; margin: 0.4rem 0; }
"""


def start_page(names: list[str]) -> str:
    """The page that creates a table."""
    options = "".join(f"<option>{escape(n)}</option>" for n in names)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ludorum: new table</title>
<style>{_STYLE}</style></head><body>
<h1>A new table</h1>
<label>Game <select id="game">{options}</select></label>
<label>Options (JSON) <input type="text" id="options" value="{{}}"></label>
<label>Seats, one per player: <code>human</code> or an agent (<code>random</code>,
<code>mcts:500</code>) <input type="text" id="seats" value="human,random"></label>
<button id="create">Create</button>
<div id="error"></div><ul id="links"></ul>
<script>
document.getElementById("create").onclick = async () => {{
  const error = document.getElementById("error"), links = document.getElementById("links");
  error.textContent = ""; links.textContent = "";
  let options;
  try {{ options = JSON.parse(document.getElementById("options").value || "{{}}"); }}
  catch (e) {{ error.textContent = "options: " + e.message; return; }}
  const seats = document.getElementById("seats").value.split(",").map(s => s.trim());
  const game = document.getElementById("game").value;
  const r = await fetch("/api/tables", {{method: "POST",
    headers: {{"Content-Type": "application/json"}},
    body: JSON.stringify({{game, options, seats}})}});
  const data = await r.json();
  if (!r.ok) {{ error.textContent = data.error; return; }}
  for (const [seat, link] of Object.entries(data.links)) {{
    const li = document.createElement("li"), a = document.createElement("a");
    a.href = link; a.textContent = "seat " + seat + ": " + location.origin + link;
    a.className = "seat-link"; li.appendChild(a); links.appendChild(li);
  }}
}};
</script></body></html>"""


SEAT_PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ludorum table</title>
<style>{_STYLE}</style></head><body>
<h1 id="title">ludorum</h1>
<div id="status"></div><div id="error"></div>
<div class="row">
 <div id="board"></div>
 <div class="panel">
  <h2>Moves</h2>
  <p id="hint">Click the board (a piece, then where it goes), or a move below.</p>
  <div id="selection"></div><div id="legal"></div>
  <div id="freebox" hidden><h3>Free actions (any time)</h3><div id="free"></div></div>
  <p><input type="text" id="notation" placeholder="a move in notation">
     <button id="play">Play</button></p>
  <h2>History</h2><div id="history"></div>
  <div id="chatbox" hidden><h2>Chat</h2><div id="chatlog"></div>
   <p><input type="text" id="say" maxlength="500" placeholder="say something">
      <button id="send">Send</button></p></div>
 </div>
</div>
<script>
const base = "/api" + location.pathname;
const $ = (id) => document.getElementById(id);
let moves = [], clicked = [];
// the cells a move names, in order: "e5-f5" -> e5, f5; "3@c3" -> c3; "d1-c1:2" -> d1, c1
const cells = (m) => m.match(/[a-z][0-9]+/g) || [];
const fits = (m, chosen) => chosen.every((c, i) => cells(m)[i] === c);
async function post(path, body) {{
  const r = await fetch(base + path, {{method: "POST",
    headers: {{"Content-Type": "application/json"}}, body: JSON.stringify(body)}});
  const data = await r.json();
  $("error").textContent = r.ok ? "" : data.error;
  return r.ok;
}}
function buttons(box, moves) {{
  box.textContent = "";
  for (const m of moves) {{
    const b = document.createElement("button");
    b.textContent = m; b.className = "move"; b.dataset.move = m;
    b.onclick = () => post("/move", {{move: m}});
    box.appendChild(b);
  }}
}}
async function refresh() {{
  const r = await fetch(base + "/view");
  if (!r.ok) {{ $("error").textContent = (await r.json()).error; return; }}
  const v = await r.json();
  $("title").textContent = v.game + " — seat " + v.seat + " (" + v.seats.join(", ") + ")";
  $("status").textContent = v.status;
  $("status").dataset.version = v.version;
  $("status").dataset.over = v.outcome ? "1" : "0";
  $("board").innerHTML = v.svg;
  moves = v.legal.concat(v.free); clicked = []; $("selection").textContent = "";
  buttons($("legal"), v.legal);
  $("freebox").hidden = v.free.length === 0;
  buttons($("free"), v.free);
  $("history").textContent = v.history.map((m, i) => (i + 1) + ". " + m).join("  ");
  $("chatbox").hidden = !v.has_chat;
  const log = $("chatlog"); log.textContent = "";
  for (const m of v.chat) {{
    const line = document.createElement("div");
    line.className = "message";
    line.textContent = "seat " + m.player + " (ply " + m.ply + "): " + m.text;
    log.appendChild(line);
  }}
}}
// A click on a target naming a whole move (data-move: a Connect Four column) plays it. A click
// on a cell narrows the moves to those naming the clicked cells in order; a single complete
// move is played at once, several (counts, patterns, strengths) stay as buttons.
$("board").addEventListener("click", (e) => {{
  const named = e.target.closest("[data-move]");
  if (named && moves.includes(named.dataset.move)) {{
    post("/move", {{move: named.dataset.move}}); return;
  }}
  const target = e.target.closest("[data-cell]");
  if (!target || moves.length === 0) return;
  let chosen = clicked.concat([target.dataset.cell]);
  let left = moves.filter((m) => fits(m, chosen));
  if (left.length === 0) {{
    chosen = [target.dataset.cell];
    left = moves.filter((m) => fits(m, chosen));
  }}
  if (left.length === 0) {{
    clicked = []; $("selection").textContent = "no move from " + target.dataset.cell;
    buttons($("legal"), moves); return;
  }}
  clicked = chosen;
  const whole = left.filter((m) => cells(m).length === chosen.length);
  if (left.length === 1 && whole.length === 1) {{ post("/move", {{move: left[0]}}); return; }}
  $("selection").textContent = "selected " + chosen.join(", ") + ": " + left.length + " moves";
  buttons($("legal"), left);
}});
$("play").onclick = async () => {{
  if (await post("/move", {{move: $("notation").value}})) $("notation").value = "";
}};
$("send").onclick = async () => {{
  if (await post("/chat", {{text: $("say").value}})) $("say").value = "";
}};
const events = new EventSource(base + "/events");
events.addEventListener("update", refresh);
refresh();
</script></body></html>"""
