"use strict";
// Past games: the list, and one game replayed bout by bout.

function $(id) { return document.getElementById(id); }
let GAME = null;
let BOUT = 0;

function statusWord(status) { return t("status_" + status); }

async function showList() {
  const response = await fetch("/api/games");
  const games = await response.json();
  const list = $("games");
  list.replaceChildren();
  $("no-games").hidden = games.length > 0;
  for (const g of games) {
    const li = document.createElement("li");
    li.className = "game-row";
    li.dataset.game = g.id;
    const a = document.createElement("a");
    a.href = "/archive?game=" + g.id;
    a.textContent = `#${g.id} ${g.variant}: ${g.players.join(", ")}`;
    const info = document.createElement("div");
    info.className = "small";
    const result = g.result && g.result.fool ? ` · ${t("fool")} ${g.result.fool}` : "";
    info.textContent = `${g.created.slice(0, 16).replace("T", " ")} · ${statusWord(g.status)} · ${g.events} ${t("moves")}${result}`;
    li.append(a, info);
    list.appendChild(li);
  }
}

async function showGame(id) {
  const response = await fetch("/api/games/" + id);
  if (!response.ok) { $("game-head").textContent = (await response.json()).detail; $("game-box").hidden = false; return; }
  GAME = await response.json();
  $("list-box").hidden = true;
  $("game-box").hidden = false;
  $("dl-jsonl").href = `/api/games/${id}/record.jsonl`;
  $("dl-txt").href = `/api/games/${id}/export.txt`;
  BOUT = 0;
  renderBout();
}

function renderBout() {
  const g = GAME;
  $("game-head").textContent = `#${g.id} ${g.variant}: ${g.players.join(", ")} · ${statusWord(g.status)}`;
  const bouts = g.bouts;
  $("prev").disabled = BOUT <= 0;
  $("next").disabled = BOUT >= bouts.length - 1;
  if (!bouts.length) { $("bout-no").textContent = "–"; return; }
  const bout = bouts[BOUT];
  $("bout-no").textContent = `${t("bout")} ${bout.number} (${BOUT + 1}/${bouts.length})`;
  const table = bout.table || {};
  const trump = $("trump");
  trump.replaceChildren();
  if (table.trump) trump.appendChild(cardEl(table.trump, "big"));
  $("stock").textContent = table.stock == null ? "–" : table.stock;
  const battle = $("battle");
  battle.replaceChildren();
  for (const p of table.table || []) {
    const pair = document.createElement("span");
    pair.className = "pair";
    pair.appendChild(cardEl(p.attack));
    if (p.cover) pair.appendChild(cardEl(p.cover, "cover"));
    battle.appendChild(pair);
  }
  const moves = $("bout-moves");
  moves.replaceChildren();
  for (const m of bout.moves) {
    const li = document.createElement("li");
    li.className = m.legal ? "" : "illegal";
    const text = LANG === "ru" ? m.message_ru : m.message;
    li.textContent = m.legal ? `${m.move}` : `✗ ${m.move}: ${text}${m.rule ? " (" + t("rule") + " " + m.rule + ")" : ""}`;
    if (m.note) li.title = m.note;
    moves.appendChild(li);
  }
  const players = $("players");
  players.replaceChildren();
  for (const p of (bout.after && bout.after.players) || []) {
    const li = document.createElement("li");
    li.className = "player " + p.roles.join(" ");
    li.textContent = `${p.seat} ${p.name}: ${p.count} ${t("cards")}`;
    players.appendChild(li);
  }
}

$("lang").addEventListener("click", () => { switchLang(); if (GAME) renderBout(); else showList(); });
$("prev").addEventListener("click", () => { if (BOUT > 0) { BOUT--; renderBout(); } });
$("next").addEventListener("click", () => { if (GAME && BOUT < GAME.bouts.length - 1) { BOUT++; renderBout(); } });
applyWords();
const wanted = new URL(location.href).searchParams.get("game");
if (wanted) showGame(wanted); else showList();
