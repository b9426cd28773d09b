"""The two pages of the web table, plain HTML around the scripts of :mod:`.assets`."""

from __future__ import annotations

from .assets import SEAT_SCRIPT, START_SCRIPT, STYLE

__all__ = ["SEAT_PAGE", "START_PAGE"]

_HEAD = (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
)

#: The page that creates a table.
START_PAGE = f"""{_HEAD}<title>ludorum: a new table</title><style>{STYLE}</style></head><body>
<h1>A new table</h1>
<div class="field"><label for="game">Game</label><select id="game"></select>
 <a id="rules" href="#" target="_blank" rel="noopener">the rules</a>
 <div class="doc" id="summary"></div></div>
<h2>Options</h2><p class="doc">Leave an option empty for its default.</p>
<div id="options"></div>
<h2>Seats</h2><div id="seatlist"></div>
<p><button id="create" class="primary">Create the table</button></p>
<div id="error"></div>
<div id="made" hidden><h2>Send each person their seat's link</h2><ul id="links"></ul>
 <p>Spectators (the public view): <a id="watchlink" href="#"></a></p>
 <p><button id="close">Close this table</button>
 <span class="doc">(only this page can: it holds the creator's key)</span></p></div>
<script>{START_SCRIPT}</script></body></html>"""

#: The page of a seat (or of the spectators).
SEAT_PAGE = f"""{_HEAD}<title>ludorum table</title><style>{STYLE}</style></head><body>
<h1 id="title">ludorum</h1><div id="seats"></div>
<div><span id="status"></span><span id="thinking" hidden>thinking…</span></div>
<div id="error"></div>
<div id="over" hidden><strong id="result"></strong>
 <button id="rematch">Rematch</button></div>
<div class="row">
 <div class="boardcol"><div id="board"></div>
  <div id="choice" hidden><span id="selection"></span> <button id="clear">clear</button>
   <div id="palette"></div></div></div>
 <div class="panel">
  <div id="controls">
   <p id="hint"></p>
   <div id="actions"></div>
   <div id="freebox" hidden><h2>Free actions (any time)</h2><div id="free"></div></div>
   <details id="all"><summary>All legal moves (<span id="count">0</span>)</summary>
    <p><input type="text" id="filter" placeholder="filter, e.g. @i9"></p>
    <div id="legal"></div><div id="more" class="doc"></div>
    <p><input type="text" id="notation" placeholder="a move in notation">
     <button id="play">Play</button></p></details>
  </div>
  <h2>History</h2><div id="history"></div>
  <div id="chatbox" hidden><h2>Chat</h2><div id="chatlog"></div>
   <p id="chatform"><input type="text" id="say" maxlength="500" placeholder="say something">
      <button id="send">Send</button></p></div>
  <p class="doc">Spectators: <a id="watch" href="#"></a></p>
 </div>
</div>
<script>{SEAT_SCRIPT}</script></body></html>"""
