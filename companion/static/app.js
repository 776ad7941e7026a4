"use strict";
// The live table: server-sent events bring the whole table; the referee's buttons post actions.

let STATE = null;
let PIN = null;
let source = null;

function $(id) { return document.getElementById(id); }

function setPinFromUrl() {
  const url = new URL(location.href);
  const pin = url.searchParams.get("pin");
  if (pin) {
    localStorage.setItem("bito-pin", pin);
    url.searchParams.delete("pin");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
  PIN = localStorage.getItem("bito-pin");
}

function toast(text, bad) {
  const el = $("toast");
  el.textContent = text;
  el.className = "toast" + (bad ? " bad" : "");
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 4000);
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Bito-Pin": PIN || "" },
    body: JSON.stringify(body || {}),
  });
  let data = {};
  try { data = await response.json(); } catch (e) { data = {}; }
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail : response.statusText;
    toast(detail, true);
    if (response.status === 403) setReferee(false);
    throw new Error(detail);
  }
  return data;
}

async function setReferee(on) {
  if (on && PIN) {
    try {
      await post("/api/pin", {});
    } catch (e) {
      localStorage.removeItem("bito-pin");
      PIN = null;
      on = false;
    }
  }
  if (!on) { localStorage.removeItem("bito-pin"); PIN = null; }
  document.body.classList.toggle("is-referee", on);
  $("referee").hidden = !on;
  $("login").hidden = on;
  $("logout").hidden = !on;
  if (on) loadVariants();
  if (STATE) render(STATE);
}

async function loadVariants() {
  const select = $("s-variant");
  if (select.options.length) return;
  const response = await fetch("/api/variants");
  for (const v of await response.json()) {
    const option = document.createElement("option");
    option.value = v.slug;
    option.textContent = v.slug;
    option.title = v.title;
    select.appendChild(option);
  }
  select.value = (STATE && STATE.game && STATE.game.variant) || "podkidnoy";
}

// --- rendering -------------------------------------------------------------------------------

function msg(obj, key) {
  if (!obj) return "";
  return (LANG === "ru" && obj[key + "_ru"]) || obj[key] || "";
}

function render(s) {
  STATE = s;
  const game = s.game;
  $("nogame").hidden = !!game;
  $("game-title").textContent = game
    ? `${game.variant} · ${t("bout")} ${s.table && s.table.bout ? s.table.bout : ""}`
    : "";
  renderVerdict(s);
  renderPending(s);
  const table = s.table || {};
  $("turn").textContent = table.over ? resultText(table.result) : msg(table, "turn") || msg(table, "describe");
  $("turn").classList.toggle("over", !!table.over);
  const trump = $("trump");
  trump.replaceChildren();
  if (table.trump) trump.appendChild(cardEl(table.trump, "big"));
  else if (table.trump_suit) trump.appendChild(cardEl("A" + table.trump_suit, "big suit-only"));
  $("stock").textContent = table.stock == null ? "–" : table.stock;
  $("discard").textContent = table.discard == null ? "–" : table.discard;
  renderBattle(table.table || []);
  renderPlayers(table.players || []);
  renderHistory(s.history || []);
  renderRecent(s.recent || []);
  $("camera-box").hidden = !s.camera;
  $("occluded").hidden = !s.occluded;
  $("camera-problem").hidden = !s.camera_problem;
  $("camera-problem").textContent = s.camera_problem ? `${t("camera")}: ${s.camera_problem}` : "";
}

function resultText(result) {
  if (!result) return t("over");
  if (result.draw) return `${t("over")}: ${t("draw")}`;
  if (result.fool) return `${t("over")}: ${t("fool")} — ${seatName(result.fool)}`;
  if (result.winners && result.winners.length) {
    return `${t("over")}: ${t("winners")} — ${result.winners.map(seatName).join(", ")}`;
  }
  return t("over");
}

function seatName(seat) {
  const players = (STATE && STATE.game && STATE.game.players) || [];
  const p = players.find((x) => x.seat === seat);
  return p && p.name ? `${seat} (${p.name})` : seat;
}

function renderVerdict(s) {
  const v = s.verdict;
  const box = $("verdict");
  box.hidden = !v;
  if (!v) return;
  box.classList.toggle("bad", !v.legal);
  box.classList.toggle("good", !!v.legal);
  $("verdict-head").textContent = v.legal
    ? `✓ ${t("legal")}: ${v.move}`
    : `✗ ${t("illegal")}: ${v.move}`;
  const earlier = (v.earlier || []).map((e) => `${msg(e, "message")} — ${t("rule")} ${e.rule}`);
  $("verdict-text").textContent = v.legal
    ? earlier.join("; ")
    : `${msg(v, "reason")}${v.rule ? ` — ${t("rule")} ${v.rule}` : ""}`;
  const notes = v.legal ? [] : [msg(v, "position")];
  if (v.note) notes.push(v.note);
  if (v.source) notes.push(t(v.source + "_source"));
  $("verdict-note").textContent = notes.join(" · ");
}

function renderPending(s) {
  const box = $("pending");
  const pending = s.pending || [];
  // The buttons are redrawn only when the head of the queue changes, so that a tap is never
  // lost to an update; the count of moves waiting behind it is refreshed each time.
  const key = JSON.stringify([pending[0] || null, document.body.classList.contains("is-referee"), s.auto_accept, LANG]);
  const more = pending.length > 1 ? `+${pending.length - 1} ${t("queued")}` : "";
  box.hidden = pending.length === 0;
  if (box.dataset.key === key) {
    const line = box.querySelector(".queued");
    if (line) line.textContent = more;
    return;
  }
  box.dataset.key = key;
  box.replaceChildren();
  if (!pending.length) return;
  const head = pending[0];
  const title = document.createElement("div");
  title.className = "pending-title";
  const referee = document.body.classList.contains("is-referee");
  title.textContent = head.uncertain
    ? `${t("uncertain")} ${head.candidates[0]} (${Math.round(head.confidence * 100)}%)`
    : head.candidates[0];
  box.appendChild(title);
  if (referee) {
    head.candidates.forEach((move, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "btn " + (i === 0 ? "primary big-btn" : "alt");
      button.textContent = `${i === 0 ? t("confirm") : t("also")}: ${move}`;
      button.dataset.pending = head.id;
      button.dataset.choice = i;
      button.addEventListener("click", () => confirmMove(head.id, i));
      box.appendChild(button);
    });
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "btn alt";
    dismiss.textContent = t("none_of_these");
    dismiss.addEventListener("click", () => post("/api/dismiss", { pending: head.id }).catch(() => {}));
    box.appendChild(dismiss);
  } else {
    const wait = document.createElement("div");
    wait.textContent = t("waiting_confirm") + "…";
    box.appendChild(wait);
  }
  if (s.auto_accept) {
    const note = document.createElement("div");
    note.className = "small";
    note.textContent = `${t("auto_accept")} ${s.auto_accept} ${t("seconds")}`;
    box.appendChild(note);
  }
  const queued = document.createElement("div");
  queued.className = "small queued";
  queued.textContent = more;
  box.appendChild(queued);
}

async function confirmMove(id, choice) {
  try {
    await post("/api/confirm", { pending: id, choice: choice });
  } catch (e) { /* toast shown */ }
}

function renderBattle(pairs) {
  const box = $("battle");
  box.replaceChildren();
  if (!pairs.length) {
    const empty = document.createElement("span");
    empty.className = "empty";
    empty.textContent = t("empty_table");
    box.appendChild(empty);
    return;
  }
  for (const p of pairs) {
    const pair = document.createElement("span");
    pair.className = "pair" + (p.cover ? " covered" : "");
    pair.appendChild(cardEl(p.attack));
    if (p.cover) pair.appendChild(cardEl(p.cover, "cover"));
    box.appendChild(pair);
  }
}

function renderPlayers(players) {
  const list = $("players");
  list.replaceChildren();
  for (const p of players) {
    const li = document.createElement("li");
    li.className = "player " + p.roles.join(" ");
    const name = document.createElement("span");
    name.className = "pname";
    name.textContent = `${p.seat} ${p.name}`;
    const count = document.createElement("span");
    count.className = "pcount";
    count.textContent = p.count == null ? "" : `${p.count} ${t("cards")}`;
    const roles = document.createElement("span");
    roles.className = "proles";
    for (const role of p.roles) {
      const badge = document.createElement("span");
      badge.className = "badge " + role;
      badge.textContent = t(role) + (role === "thrower" && p.first_thrower ? ` (${t("first")})` : "");
      roles.appendChild(badge);
    }
    li.append(name, count, roles);
    if (p.known && p.known.length) {
      const known = document.createElement("span");
      known.className = "known";
      for (const c of p.known) known.appendChild(cardEl(c, "mini"));
      li.appendChild(known);
    }
    list.appendChild(li);
  }
}

function renderHistory(lines) {
  const list = $("history");
  list.replaceChildren();
  for (const line of lines.slice().reverse()) {
    const li = document.createElement("li");
    li.textContent = line;
    if (line.includes("{")) li.className = "has-illegal";
    list.appendChild(li);
  }
}

function renderRecent(recent) {
  const list = $("recent");
  list.replaceChildren();
  const seats = ((STATE && STATE.game && STATE.game.players) || []).map((p) => p.seat);
  for (const r of recent) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link" + (r.legal ? "" : " bad-text");
    button.textContent = `#${r.seq} ${r.move}${r.legal ? "" : " ✗ " + r.code}` +
      (r.played_on ? ` · ${t("played_on")}` : "");
    button.addEventListener("click", () => correctMove(r.seq, r.move));
    li.appendChild(button);
    // "who played it": one tap gives the move to another seat
    const who = document.createElement("span");
    who.className = "who";
    for (const seat of seats) {
      if (seat === r.move[0]) continue;
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = "chip";
      chip.textContent = seat;
      chip.title = `${seat}${r.move.slice(1)}`;
      chip.addEventListener("click", () =>
        post("/api/correct", { seq: r.seq, move: seat + r.move.slice(1) }).catch(() => {}));
      who.appendChild(chip);
    }
    li.appendChild(who);
    list.appendChild(li);
  }
}

async function correctMove(seq, move) {
  const fixed = prompt(t("correct_prompt"), move);
  if (!fixed || fixed === move) return;
  try { await post("/api/correct", { seq: seq, move: fixed }); } catch (e) { /* toast */ }
}

// --- live updates ----------------------------------------------------------------------------

function connect() {
  if (source) source.close();
  source = new EventSource("/api/events");
  source.onopen = () => { $("conn").className = "conn on"; $("conn").title = t("live"); };
  source.onerror = () => { $("conn").className = "conn off"; $("conn").title = t("offline"); };
  source.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "state" && (!STATE || data.version !== STATE.version || true)) render(data);
  };
}

function refreshCamera() {
  if (STATE && STATE.camera && !document.hidden) {
    const img = $("camera");
    const next = new Image();
    next.onload = () => { img.src = next.src; };
    next.src = "/api/frame.jpg?t=" + Date.now();
  }
}

document.addEventListener("visibilitychange", () => {
  // A phone that slept: the browser may have dropped the stream; reconnect for the table now.
  if (!document.hidden && (!source || source.readyState === EventSource.CLOSED)) connect();
});

function wire() {
  $("lang").addEventListener("click", () => { switchLang(); if (STATE) render(STATE); });
  $("login").addEventListener("click", async () => {
    const pin = prompt(t("pin_prompt"));
    if (!pin) return;
    PIN = pin.trim();
    localStorage.setItem("bito-pin", PIN);
    await setReferee(true);
    if (!PIN) toast(t("wrong_pin"), true);
  });
  $("logout").addEventListener("click", () => setReferee(false));
  $("undo").addEventListener("click", () => post("/api/undo", {}).catch(() => {}));
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const move = $("move-input").value.trim();
    if (!move) return;
    post("/api/move", { move: move }).then(() => { $("move-input").value = ""; }).catch(() => {});
  });
  $("setup").addEventListener("submit", (e) => {
    e.preventDefault();
    const names = $("s-names").value.split(",").map((x) => x.trim()).filter((x) => x);
    const options = {};
    for (const item of $("s-options").value.split(",")) {
      const [k, v] = item.split("=").map((x) => (x || "").trim());
      if (k) options[k] = v || "";
    }
    const body = {
      variant: $("s-variant").value,
      names: names,
      dealer: ($("s-dealer").value || "A").trim().toUpperCase(),
      options: options,
      trump_card: $("s-trump").value.trim() || null,
      first_attacker: $("s-first").value.trim().toUpperCase() || null,
    };
    post("/api/setup", body).then(() => { $("setup-box").open = false; }).catch(() => {});
  });
}

applyWords();
wire();
setPinFromUrl();
setReferee(!!PIN);
connect();
setInterval(refreshCamera, 1000);
