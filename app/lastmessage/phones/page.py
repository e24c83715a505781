"""The phone page: one self-contained HTML file (no outside scripts, fonts or pictures).

Its texts come from the catalogs in the table's language (`texts`), handed to
the script as JSON; the page itself only draws what the server sends over the
WebSocket and sends back a name or a mark. After each ACCUSE or pass it shows
the verdict as the monitor stamps it (with whom a wrong accusation accused,
and that the game goes on), and at the end who won and why. It names only
whom the server names: the wrongly accused (public.py), never the criminal.
"""

from __future__ import annotations

import html
import json

from lastmessage.i18n.translate import translator


def texts(language: str) -> dict[str, str]:
    tx = translator(language)
    return {
        "title": tx.tr("Last Message"),
        "join": tx.tr("Type the code on the monitor"),
        "join_button": tx.tr("Join"),
        "expired": tx.tr("This code is not a game's any more: scan the code on the monitor."),
        "name": tx.tr("Your name"),
        "connecting": tx.tr("Joining the table…"),
        "lost": tx.tr("The table is out of reach. Reload the page to join again."),
        "full": tx.tr("The table is full: every phone it takes has joined. Reload the page when someone leaves."),
        "round": tx.tr("Round {round} of {rounds}"),
        "seconds": tx.tr("{seconds} s left to draw"),
        "no_boards": tx.tr("No board yet: the victim is drawing."),
        "mark_hint": tx.tr("Pinch to zoom, drag to look around; tap a person to mark your suspect, "
                           "tap your pin again to take it back."),
        # the end, as the monitor says it (ui/detective/words.py `outcome`)
        "win_detectives": tx.tr("The victim and the detectives win!"),
        "win_criminal": tx.tr("The criminal wins"),
        "why_found": tx.tr("The criminal was found in round {round}."),
        "why_wrong_accusation": tx.tr("A wrong accusation in round {round}."),
        "why_not_found": tx.tr("Not found by the end of round {rounds}."),
        # a round's verdict, as the monitor stamps it (words.verdict_word), and what follows it
        "verdict_correct": tx.tr("CORRECT"),
        "verdict_wrong": tx.tr("NOT THE CRIMINAL"),
        "verdict_passed": tx.tr("PASSED"),
        "verdict_round": tx.tr("Round {round}"),
        "goes_on": tx.tr("The game goes on."),
        "next": tx.tr("Next: the victim draws a new clue for round {number}."),
        "phase_scene": tx.tr("The scene is being chosen."),
        "phase_secret": tx.tr("The criminal is choosing, behind the screen."),
        "phase_ready": tx.tr("The round is about to start."),
        "phase_clues": tx.tr("The victim is drawing a clue."),
        "phase_erase": tx.tr("The criminal is erasing squares."),
        "phase_suspect": tx.tr("Search the scene: who is it?"),
        "phase_over": tx.tr("The game is over."),
        "keepsake": tx.tr("Take this game home"),
        "vote": tx.tr("The audience votes: {seconds} s left"),
        "vote_hint": tx.tr("You are in the audience: tap the person you vote for. When the detectives "
                           "accuse, the one with the most votes is accused."),
    }


def page_html(code: str | None, *, language: str = "en", expired: bool = False) -> str:
    words = texts(language)
    settings = json.dumps({"code": code, "texts": words, "expired": expired}).replace("<", "\\u003c")
    return (_PAGE.replace("%LANG%", html.escape(language)).replace("%TITLE%", html.escape(words["title"]))
            .replace("%SETTINGS%", settings))


_PAGE = """<!doctype html>
<html lang="%LANG%"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no">
<title>%TITLE%</title>
<style>
html, body { margin: 0; height: 100%; background: #14161c; color: #eee;
  font: 17px/1.35 system-ui, sans-serif; overscroll-behavior: none; }
header { padding: .5em .8em; display: flex; gap: .6em; align-items: center; }
header b { flex: 1; }
#you { width: 1em; height: 1em; border-radius: 50%; display: inline-block; }
#status { padding: 0 .8em .4em; color: #cfd3dc; }
#scene { position: relative; width: 100%; height: 58vh; overflow: hidden; background: #000;
  touch-action: none; }
#scene canvas { position: absolute; left: 0; top: 0; }
#boards { display: flex; gap: .5em; overflow-x: auto; padding: .6em .8em; }
#boards canvas { background: #f4efe2; border-radius: 4px; flex: none; }
#joinform { padding: 1em; } input, button { font: inherit; padding: .5em; border-radius: 6px; border: 0; }
input { width: 9em; } #code { text-transform: uppercase; } [hidden] { display: none !important; }
.hint { color: #8a90a0; font-size: .85em; padding: 0 .8em; }
#verdict { margin: .2em .8em .5em; padding: .5em .8em; border-radius: 8px; border: 2px solid;
  background: #1d2130; }
#verdict b { display: block; font-size: 1.35em; letter-spacing: .04em; }
#verdict.correct { border-color: #3cc8b4; } #verdict.correct b { color: #3cc8b4; }
#verdict.wrong { border-color: #e0445a; } #verdict.wrong b { color: #ff6b7d; }
#verdict.passed { border-color: #c8c8d2; }
#verdict span, #verdict strong { display: block; } #verdict strong { margin-top: .3em; color: #ffd666; }
#verdict span:empty, #verdict strong:empty { display: none; }
#keepsake { display: block; margin: .4em .8em; padding: .7em 1em; border-radius: 8px; background: #2b3350;
  color: #ffd666; font-weight: bold; text-decoration: none; text-align: center; }
</style></head>
<body>
<header><b id="title"></b><span id="you"></span><input id="name" maxlength="16" autocomplete="off"></header>
<div id="status"></div>
<div id="verdict" hidden><b id="verdict_word"></b><span id="verdict_who"></span><span id="verdict_next"></span>
<strong id="verdict_end"></strong><span id="verdict_why"></span></div>
<a id="keepsake" hidden></a>
<div id="joinform" hidden><p id="jointext"></p><input id="code" maxlength="6" autocomplete="off">
<button id="go"></button></div>
<div id="scene" hidden><canvas id="view"></canvas></div>
<p class="hint" id="hint"></p>
<div id="boards"></div>
<script>
"use strict";
const S = %SETTINGS%;
const T = S.texts;
const $ = (id) => document.getElementById(id);
const say = (t, v) => t.replace(/\\{(\\w+)\\}/g, (_, k) => v[k]);
$("title").textContent = T.title;
$("name").placeholder = T.name;
let ws = null, state = null, pins = [], mine = -1, told = false;
function show(text) { $("status").textContent = text; }
function join() {
  if (!S.code) {
    $("name").hidden = true; $("joinform").hidden = false; $("jointext").textContent = S.expired ? T.expired : T.join;
    $("go").textContent = T.join_button;
    $("go").onclick = () => { location.href = "/j/" + $("code").value.trim().toUpperCase(); };
    return;
  }
  show(T.connecting);
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(scheme + location.host + "/ws/" + S.code);
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = () => { if (!told && (!state || state.phase !== "over")) show(T.lost); told = true; };
}
function send(obj) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(obj)); }
$("name").onchange = () => { const n = $("name").value.trim(); if (n) send({type: "hello", name: n}); };
function receive(m) {
  if (m.type === "welcome") { $("you").style.background = m.colour; me.name = m.name; me.colour = m.colour; }
  else if (m.type === "state") { state = m; state.at = performance.now(); render(); }
  else if (m.type === "pins") { pins = m.pins; mine = m.mine; window.dispatchEvent(new Event("pins")); }
  else if (m.type === "keepsake") { const a = $("keepsake"); a.href = m.url; a.textContent = T.keepsake; a.hidden = false; }
  else if (m.type === "error" && m.code === "game_over") {   // the winner's line stays, the note after it
    told = true; const line = $("status").textContent;
    show(line && line !== T.phase_over ? line + " " + T.phase_over : T.phase_over); }
  else if (m.type === "error" && m.code === "full") { told = true; show(T.full); }
  else if (m.type === "error") { console.warn(m.message); }
}
// The clue timer and the vote count down here from when their state came: the server sends a state
// only when the view changes, not every second.
function left(seconds) { return Math.max(0, Math.ceil(seconds - (performance.now() - state.at) / 1000)); }
function status() {
  const s = state;
  if (!s || told) return;
  let line = T["phase_" + s.phase] || "";
  if (s.phase !== "over" && s.round) line = say(T.round, {round: s.round, rounds: s.rounds}) + (line ? " · " + line : "");
  if (s.seconds_left !== null) line += " " + say(T.seconds, {seconds: left(s.seconds_left)});
  if (s.vote) line = say(T.vote, {seconds: left(s.vote.seconds_left)});
  show(line);
}
setInterval(status, 250);
// The verdict of the round just decided, while the next waits to start and at the end: the monitor's
// stamp, whom a wrong accusation accused (the server names only those), and what comes next: the next
// round, or who won and why (the monitor's headline and reason).
function verdict(s) {
  const o = s.outcome, shown = s.phase === "over" ? (o ? o.round : 0) : s.phase === "ready" ? s.round - 1 : 0;
  const accused = s.accusations.find((a) => a.round === shown);
  const kind = accused ? (accused.correct ? "correct" : "wrong") : s.passes.includes(shown) ? "passed" : null;
  $("verdict").hidden = !kind;
  if (!kind) return;
  $("verdict").className = kind;
  $("verdict_word").textContent = T["verdict_" + kind];
  const round = say(T.verdict_round, {round: shown});
  $("verdict_who").textContent = accused && accused.accused ? round + " · " + accused.accused : round;
  $("verdict_next").textContent = s.phase === "over" ? "" :
    (kind === "wrong" ? T.goes_on + " " : "") + say(T.next, {number: s.round});
  $("verdict_end").textContent = o ? (o.winner === "detectives" ? T.win_detectives : T.win_criminal) : "";
  $("verdict_why").textContent = o ? say(T["why_" + o.reason] || "", {round: o.round, rounds: s.rounds}) : "";
}
function render() {
  const s = state;
  status();
  verdict(s);
  $("hint").textContent = ["clues", "erase", "suspect"].includes(s.phase) ? (s.audience ? T.vote_hint + " " : "") + T.mark_hint : "";
  drawBoards(s.boards);
  window.dispatchEvent(new Event("state"));
}
function drawBoards(boards) {
  const box = $("boards"); box.textContent = "";
  if (!boards.length) { box.textContent = T.no_boards; return; }
  for (const b of boards.slice().reverse()) {
    const c = document.createElement("canvas"); const side = Math.min(innerWidth * 0.6, 260);
    const r = devicePixelRatio || 1; c.width = c.height = side * r; c.style.width = c.style.height = side + "px";
    c.dataset.round = b.round; box.appendChild(c); drawBoard(c.getContext("2d"), b, side * r);
  }
}
function drawBoard(g, b, n) {
  g.fillStyle = "#f4efe2"; g.fillRect(0, 0, n, n);
  g.strokeStyle = "#b9b09a"; g.lineWidth = n / 300;
  for (let i = 1; i < 3; i++) { g.beginPath(); g.moveTo(i * n / 3, 0); g.lineTo(i * n / 3, n);
    g.moveTo(0, i * n / 3); g.lineTo(n, i * n / 3); g.stroke(); }
  g.strokeStyle = "#1d2433"; g.lineCap = g.lineJoin = "round";
  for (const s of b.strokes) { g.lineWidth = Math.max(1, s.width * n); g.beginPath();
    s.points.forEach(([x, y], i) => i ? g.lineTo(x * n, y * n) : g.moveTo(x * n, y * n));
    if (s.points.length === 1) g.lineTo(s.points[0][0] * n + 0.1, s.points[0][1] * n); g.stroke(); }
  g.fillStyle = "#1d2433"; g.textBaseline = "middle";
  for (const w of b.words) { g.font = Math.round(w.size * n) + "px sans-serif";
    const row = Math.floor(w.cell / 3); g.fillText(w.text, w.x * n, (row + (w.line + 0.5) / 3) * n / 3); }
  g.fillStyle = "rgba(40, 40, 48, .85)";
  for (const c of b.erased) g.fillRect((c % 3) * n / 3, Math.floor(c / 3) * n / 3, n / 3, n / 3);
}
// ---- the scene: the whole picture, sharp tiles when zoomed, pinch and pan, a tap marks -----------
const V = {z: 1, ox: 0, oy: 0, k0: 1, whole: null, tiles: new Map(), scene: null};
window.lmView = V;
const canvas = $("view"), box = $("scene");
function fit() {
  const r = devicePixelRatio || 1, w = box.clientWidth, h = box.clientHeight;
  canvas.width = Math.round(w * r); canvas.height = Math.round(h * r);
  canvas.style.width = w + "px"; canvas.style.height = h + "px";
  const a = state && state.picture ? state.picture.aspect : 16 / 9;
  V.k0 = Math.min(w, h * a); clamp(); draw();
}
function clamp() {
  const a = state && state.picture ? state.picture.aspect : 16 / 9, k = V.k0 * V.z;
  const w = box.clientWidth, h = box.clientHeight, sw = k, sh = k / a;
  V.ox = sw <= w ? (w - sw) / 2 : Math.min(0, Math.max(w - sw, V.ox));
  V.oy = sh <= h ? (h - sh) / 2 : Math.min(0, Math.max(h - sh, V.oy));
}
function loadWhole() {
  if (!state.picture || V.scene === state.scene) return;
  V.scene = state.scene; V.tiles.clear(); V.whole = null; box.hidden = false;
  const img = new Image(); img.onload = () => { V.whole = img; fit(); }; img.src = "/s/" + S.code + "/whole.png";
  fit();
}
// Sharp tiles are asked for only once the view has settled (SETTLE_MS after the last move, no finger
// down): a pinch passes through every zoom level and asking for each was megabytes of tiles nobody saw.
// Tiles of a view left behind are dropped before they load; one that fails is asked again, later each
// time (RETRY_MS doubling), while the view still needs it. Meanwhile the soft whole picture shows.
const SETTLE_MS = 250, RETRY_MS = 500, RETRY_MAX_MS = 8000;
function view() {   // the level the view needs and its tiles on screen, as [key, column, row]
  const p = state.picture, k = V.k0 * V.z, need = k * (devicePixelRatio || 1); let level = 0;
  for (let i = 1; i < p.widths.length; i++) if (need > p.widths[i - 1] * 1.2) level = i;
  const keys = [];
  if (level > 0) {
    const W = p.widths[level], H = Math.round(W / p.aspect), u = k / W;
    const c0 = Math.max(0, Math.floor(-V.ox / u / p.tile)), r0 = Math.max(0, Math.floor(-V.oy / u / p.tile));
    const c1 = Math.min(Math.floor((W - 1) / p.tile), Math.floor((box.clientWidth - V.ox) / u / p.tile));
    const r1 = Math.min(Math.floor((H - 1) / p.tile), Math.floor((box.clientHeight - V.oy) / u / p.tile));
    for (let row = r0; row <= r1; row++) for (let c = c0; c <= c1; c++) keys.push([level + "/" + c + "/" + row, c, row]);
  }
  return {level, keys, u: level > 0 ? k / p.widths[level] : 0};
}
function settled() {
  if (!state || !state.picture || fingers.size) return;
  const wanted = new Set(view().keys.map(([key]) => key));
  for (const [key, t] of V.tiles) if (!wanted.has(key) && !(t.complete && t.naturalWidth)) {
    clearTimeout(t.retry); t.onload = t.onerror = null; t.src = ""; V.tiles.delete(key); }
  for (const key of wanted) if (!V.tiles.has(key)) fetchTile(key, 0);
}
function fetchTile(key, tries) {
  const t = new Image(); V.tiles.set(key, t); t.onload = draw;
  t.onerror = () => { t.retry = setTimeout(() => { if (V.tiles.get(key) === t) fetchTile(key, tries + 1); },
                                             Math.min(RETRY_MAX_MS, RETRY_MS * 2 ** tries)); };
  t.src = "/s/" + S.code + "/" + key + ".png";
}
function draw() {
  const g = canvas.getContext("2d"), r = devicePixelRatio || 1;
  g.setTransform(1, 0, 0, 1, 0, 0); g.fillStyle = "#000"; g.fillRect(0, 0, canvas.width, canvas.height);
  if (!state || !state.picture) return;
  const p = state.picture, k = V.k0 * V.z; g.setTransform(r, 0, 0, r, 0, 0);
  if (V.whole) g.drawImage(V.whole, V.ox, V.oy, k, k / p.aspect);
  const {level, keys, u} = view();
  for (const [key, c, row] of keys) {
    const t = V.tiles.get(key);
    if (t && t.complete && t.naturalWidth)
      g.drawImage(t, V.ox + c * p.tile * u, V.oy + row * p.tile * u, t.naturalWidth * u, t.naturalHeight * u);
  }
  if (level !== V.level || V.at !== V.ox + "," + V.oy + "," + V.z) {   // the view moved: ask once it settles
    V.level = level; V.at = V.ox + "," + V.oy + "," + V.z; clearTimeout(V.settle); V.settle = setTimeout(settled, SETTLE_MS);
  }
  // A pin stands just above its figure's head at any zoom; the phone's own wears a ring of its colour.
  pins.forEach((pin, i) => {
    const x = V.ox + pin.x * k, y = V.oy + pin.top * k / p.aspect - 19;   // its ring clear of the head
    const cs = pin.colours.slice(0, 6), share = 2 * Math.PI / cs.length;   // a segment per colour, as on the monitor
    cs.forEach((c, n) => { g.beginPath(); g.moveTo(x, y); g.arc(x, y, 11, -Math.PI / 2 + n * share, -Math.PI / 2 + (n + 1) * share);
      g.closePath(); g.fillStyle = c; g.fill(); });
    g.beginPath(); g.arc(x, y, 11, 0, 7); g.lineWidth = 2; g.strokeStyle = "#14161c"; g.stroke();
    if (i === mine) { g.beginPath(); g.arc(x, y, 15, 0, 7); g.lineWidth = 3; g.strokeStyle = me.colour; g.stroke();
      g.beginPath(); g.arc(x, y, 17, 0, 7); g.lineWidth = 1; g.strokeStyle = "#fff"; g.stroke(); }
    if (pin.count > 1) { g.fillStyle = "#fff"; g.font = "bold 13px sans-serif"; g.textAlign = "center";
      g.textBaseline = "middle"; g.fillText(String(pin.count), x, y); }
  });
}
const fingers = new Map(); let gesture = null;
canvas.addEventListener("pointerdown", (e) => { canvas.setPointerCapture(e.pointerId);
  fingers.set(e.pointerId, {x: e.offsetX, y: e.offsetY});
  gesture = {t: performance.now(), x: e.offsetX, y: e.offsetY, moved: fingers.size > 1, start: snap()}; });
function snap() { const f = [...fingers.values()];
  return {f, z: V.z, ox: V.ox, oy: V.oy, d: f.length > 1 ? Math.hypot(f[0].x - f[1].x, f[0].y - f[1].y) : 0}; }
canvas.addEventListener("pointermove", (e) => {
  if (!fingers.has(e.pointerId) || !gesture) return;
  fingers.set(e.pointerId, {x: e.offsetX, y: e.offsetY});
  const f = [...fingers.values()], s = gesture.start;
  if (f.length !== s.f.length) { gesture.start = snap(); gesture.moved = true; return; }
  if (f.length === 1) {
    if (Math.hypot(f[0].x - gesture.x, f[0].y - gesture.y) > 8) gesture.moved = true;
    V.ox = s.ox + f[0].x - s.f[0].x; V.oy = s.oy + f[0].y - s.f[0].y;
  } else {
    const d = Math.hypot(f[0].x - f[1].x, f[0].y - f[1].y), z = Math.min(8, Math.max(1, s.z * d / (s.d || 1)));
    const mx = (s.f[0].x + s.f[1].x) / 2, my = (s.f[0].y + s.f[1].y) / 2;
    const nx = (f[0].x + f[1].x) / 2, ny = (f[0].y + f[1].y) / 2;
    V.z = z; V.ox = nx - (mx - s.ox) * z / s.z; V.oy = ny - (my - s.oy) * z / s.z; gesture.moved = true;
  }
  clamp(); draw();
});
function lift(e) {
  fingers.delete(e.pointerId); clearTimeout(V.settle); V.settle = setTimeout(settled, SETTLE_MS);
  if (gesture && fingers.size === 0) {
    if (!gesture.moved && performance.now() - gesture.t < 600) tap(e.offsetX, e.offsetY);
    gesture = null;
  } else if (gesture) gesture.start = snap();
}
canvas.addEventListener("pointerup", lift); canvas.addEventListener("pointercancel", lift);
canvas.addEventListener("wheel", (e) => { e.preventDefault(); const z = Math.min(8, Math.max(1, V.z * (e.deltaY < 0 ? 1.25 : 0.8)));
  V.ox = e.offsetX - (e.offsetX - V.ox) * z / V.z; V.oy = e.offsetY - (e.offsetY - V.oy) * z / V.z; V.z = z; clamp(); draw(); });
function tap(x, y) {
  if (!state || !["clues", "erase", "suspect"].includes(state.phase)) return;
  const p = state.picture, k = V.k0 * V.z, sx = (x - V.ox) / k, sy = (y - V.oy) / (k / p.aspect);
  if (sx < 0 || sx > 1 || sy < 0 || sy > 1) return;
  const own = pins[mine], near = own && Math.hypot((own.x - sx) * k, (own.y - sy) * k / p.aspect) < 18;
  send(near ? {type: "unmark"} : {type: "mark", x: sx, y: sy});
}
const me = {name: "", colour: ""};
window.addEventListener("resize", fit);
window.addEventListener("pins", draw);
window.addEventListener("state", loadWhole);
join();
</script>
</body></html>
"""
