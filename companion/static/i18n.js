"use strict";
// UI words in English and Russian; the referee's verdicts come in both from the server.
const WORDS = {
  en: {
    nogame: "No game yet: the referee sets the table up.",
    trump: "Trump", stock: "Stock", discard: "Discard", battle: "Table", camera: "Camera",
    occluded: "hand over the table", history: "Bouts", referee: "Referee",
    undo: "Undo last move", enter_move: "Enter", recent: "Recent moves: tap a move to correct it, a seat to say who played it",
    setup: "Set up a new game", variant: "Variant", names: "Players (clockwise from A)",
    dealer: "Dealer seat", trump_card: "Trump card", first_attacker: "First attacker (optional)",
    options: "Options", start: "Start game", archive: "Past games",
    referee_login: "Referee", referee_logout: "Leave referee mode",
    attacker: "attacks", defender: "defends", thrower: "may throw in", first: "first", out: "out",
    cards: "cards", legal: "Legal", illegal: "ILLEGAL", rule: "rule", played_on: "played on",
    confirm: "Confirm", none_of_these: "Nothing happened", uncertain: "Camera is not sure:",
    waiting_confirm: "Waiting for the referee to confirm", also: "or",
    queued: "more moves waiting behind it", pin_prompt: "Referee PIN",
    wrong_pin: "Wrong PIN", empty_table: "empty",
    correct_prompt: "Correct the move (change the card or the seat letter):",
    over: "Game over", fool: "Fool", draw: "Draw", winners: "Winners",
    auto_accept: "auto-accepts in", seconds: "s", live: "live", offline: "reconnecting",
    games: "Past games", back: "Live table", download_jsonl: "Record (JSONL)",
    download_txt: "Text export", prev: "Previous bout", next: "Next bout", bout: "Bout",
    moves: "moves", status_live: "in progress", status_over: "finished",
    status_abandoned: "abandoned", after: "after the bout", no_games: "No games yet.",
    camera_source: "camera", manual_source: "referee", simulation_source: "simulation",
  },
  ru: {
    nogame: "Партия ещё не начата: судья настраивает стол.",
    trump: "Козырь", stock: "Колода", discard: "Бито", battle: "Стол", camera: "Камера",
    occluded: "рука над столом", history: "Коны", referee: "Судья",
    undo: "Отменить последний ход", enter_move: "Ввести", recent: "Последние ходы: нажмите ход, чтобы исправить, или букву игрока, кто сходил",
    setup: "Новая партия", variant: "Вариант", names: "Игроки (по часовой от A)",
    dealer: "Сдающий", trump_card: "Козырная карта", first_attacker: "Первый ход (необязательно)",
    options: "Опции", start: "Начать", archive: "Прошлые партии",
    referee_login: "Судья", referee_logout: "Выйти из режима судьи",
    attacker: "ходит", defender: "отбивается", thrower: "может подкинуть", first: "первым", out: "вышел",
    cards: "карт", legal: "Верно", illegal: "НАРУШЕНИЕ", rule: "правило", played_on: "игра продолжена",
    confirm: "Подтвердить", none_of_these: "Ничего не было", uncertain: "Камера не уверена:",
    waiting_confirm: "Ждём подтверждения судьи", also: "или",
    queued: "ещё ходы ждут за ним", pin_prompt: "PIN судьи",
    wrong_pin: "Неверный PIN", empty_table: "пусто",
    correct_prompt: "Исправьте ход (карту или букву игрока):",
    over: "Партия окончена", fool: "Дурак", draw: "Ничья", winners: "Победители",
    auto_accept: "примется через", seconds: "с", live: "на связи", offline: "переподключение",
    games: "Прошлые партии", back: "Живой стол", download_jsonl: "Запись (JSONL)",
    download_txt: "Текстовая запись", prev: "Предыдущий кон", next: "Следующий кон", bout: "Кон",
    moves: "ходов", status_live: "идёт", status_over: "окончена",
    status_abandoned: "брошена", after: "после кона", no_games: "Партий пока нет.",
    camera_source: "камера", manual_source: "судья", simulation_source: "симуляция",
  },
};

function pickLang() {
  const saved = localStorage.getItem("bito-lang");
  if (saved === "en" || saved === "ru") return saved;
  const wanted = (navigator.languages || [navigator.language || "en"]).join(",").toLowerCase();
  return /(^|,)\s*ru/.test(wanted) ? "ru" : "en";
}

let LANG = pickLang();

function t(key) {
  return (WORDS[LANG] && WORDS[LANG][key]) || WORDS.en[key] || key;
}

function applyWords(root) {
  document.documentElement.lang = LANG;
  for (const el of (root || document).querySelectorAll("[data-t]")) {
    el.textContent = t(el.dataset.t);
  }
  const button = document.getElementById("lang");
  if (button) button.textContent = LANG === "en" ? "RU" : "EN";
}

function switchLang() {
  LANG = LANG === "en" ? "ru" : "en";
  localStorage.setItem("bito-lang", LANG);
  applyWords();
}

const SUITS = { s: "♠", c: "♣", h: "♥", d: "♦" };

// A card as a small face: "Ts" -> 10♠ (red for hearts and diamonds).
function cardEl(text, extra) {
  const el = document.createElement("span");
  el.className = "pc" + (extra ? " " + extra : "");
  if (!text) return el;
  if (text === "??") { el.classList.add("back"); el.textContent = "?"; return el; }
  if (text[0] === "X") {
    el.classList.add("joker");
    el.textContent = text === "XX" ? "□" : "★";
    if (text === "XR") el.classList.add("red");
    return el;
  }
  const second = text.endsWith("'");
  const rank = text[0] === "T" ? "10" : text[0];
  const suit = text[1];
  el.textContent = rank + (SUITS[suit] || suit) + (second ? "'" : "");
  if (suit === "h" || suit === "d") el.classList.add("red");
  el.title = text;
  return el;
}
