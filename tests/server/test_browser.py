"""End to end in real headless Chromium on a phone-sized viewport (390x844): the page shows the
table updating as moves arrive, the referee confirms an uncertain move with one tap, and the game
is in the archive page afterwards."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import cv2
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait
from server_browser import phone
from server_helpers import PIN, Observed, live_server, simulated_game

from companion.archive import Archive
from companion.hub import Hub
from companion.session import LiveSession, TableSetup
from referee.cards import Card, Suit
from referee.game import check
from referee.moves import Defend, format_move, parse_move
from referee.setup import deck_of

ROOT = Path(__file__).resolve().parents[2]
FRAME = ROOT / "tests" / "vision" / "data" / "synth_test_3_000001.jpg"
SHOTS = os.environ.get("BITO_SHOTS")  # a folder: keep screenshots there


def shot(driver, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(SHOTS) / f"{name}.png"))


class Feeder(threading.Thread):
    """Plays a simulated game into the session at a table's pace, as the camera chain would;
    one beat comes in uncertain (the camera's reading of the cover is doubtful)."""

    def __init__(self, session, moves, uncertain_at, illegal_at, pace=0.08):
        super().__init__(daemon=True)
        self.session, self.moves, self.pace = session, moves, pace
        self.uncertain_at, self.illegal_at = uncertain_at, illegal_at
        self.stop = threading.Event()

    def run(self):
        for i, move in enumerate(self.moves):
            if self.stop.wait(self.pace):
                return
            if i == self.illegal_at:  # a careless beat first; the table argues for a while
                self.session.observe(Observed(not_beating(self.session.pipeline_state(), move)))
                if self.stop.wait(1.5):
                    return
            if i == self.uncertain_at:
                misread = next(
                    Card(move.card.rank, suit)
                    for suit in Suit
                    if suit != move.card.suit and Card(move.card.rank, suit) != move.covers
                )
                wrong = Defend(move.player, move.covers, misread)  # the cover's suit misread
                observed = Observed(move, confidence=0.42, uncertain=True, alternatives=(wrong,))
            else:
                observed = Observed(move)
            self.session.observe(observed)


def not_beating(state, move):
    """A cover of ``move``'s card that does not beat it."""
    for card in deck_of(state.rules):
        twin = Defend(move.player, move.covers, card) if card != move.covers else None
        if twin is not None and check(state, twin).code == "does_not_beat":
            return twin
    raise AssertionError("no card fails to beat")


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def test_a_phone_follows_the_game_the_referee_confirms_with_one_tap_and_finds_it_archived(
    tmp_path,
):
    table, moves, final = simulated_game(seed=3)
    illegal_at = next(i for i, m in enumerate(moves) if isinstance(m, Defend) and i > 6)
    uncertain_at = next(i for i, m in enumerate(moves) if isinstance(m, Defend) and i > 14)
    session = LiveSession(Hub(), Archive(tmp_path / "games.sqlite3"))
    session.setup(table)
    from vision.detector import CardDetector

    image = cv2.imread(str(FRAME))
    session.show_frame(image, CardDetector().detect(image))
    feeder = Feeder(session, moves, uncertain_at, illegal_at)
    with live_server(session) as url, phone() as driver:
        wait = WebDriverWait(driver, 20)
        driver.get(f"{url}/?pin={PIN}")
        wait.until(ec.visibility_of_element_located((By.ID, "referee")))
        assert "pin=" not in driver.current_url  # the PIN leaves the address bar
        assert driver.execute_script("return window.innerWidth") == 390
        wait.until(lambda d: d.find_element(By.ID, "trump").text.strip() != "")
        stock_at_start = text(driver, "stock")
        feeder.start()
        # the table updates as moves arrive: the verdict, the battle area, the stock
        wait.until(lambda d: "✓" in text(d, "verdict-head"))
        seen = {text(driver, "verdict-head")}
        deadline = time.monotonic() + 20
        while len(seen) < 4 and time.monotonic() < deadline:
            seen.add(text(driver, "verdict-head"))
            time.sleep(0.03)
        assert len(seen) >= 4, seen
        wait.until(lambda d: text(d, "stock") != stock_at_start)
        # an illegal beat: a loud red banner with the reason and the rule
        banner = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#verdict.bad"))
        assert "ILLEGAL" in banner.text and "does not beat" in banner.text
        assert "rule B" in banner.text
        shot(driver, "live-illegal")
        # the uncertain beat: a big confirm button; later moves wait behind it
        button = wait.until(
            ec.element_to_be_clickable((By.CSS_SELECTOR, "#pending button.big-btn"))
        )
        assert format_move(moves[uncertain_at]) in button.text
        time.sleep(0.5)
        assert session.record is not None
        assert len(session.record.events) == uncertain_at + 1  # the illegal attempt included
        camera = driver.find_element(By.ID, "camera")
        wait.until(lambda d: d.execute_script("return arguments[0].naturalWidth", camera) > 0)
        shot(driver, "live-pending")
        button.click()  # one tap
        wait.until(ec.invisibility_of_element_located((By.ID, "pending")))
        confirmed = session.record.events[uncertain_at + 1]
        assert confirmed.source == "manual" and confirmed.note.startswith("confirmed")
        assert format_move(confirmed.move) == format_move(moves[uncertain_at])
        # the rest of the game plays on to its end
        wait.until(lambda d: "over" in d.find_element(By.ID, "turn").get_attribute("class"))
        assert "ABC"[final.fool] in text(driver, "turn")
        shot(driver, "live-over")
        feeder.stop.set()
        # "who played it": one tap on a seat gives the last move to that seat, one more back
        last = session.record.events[-1]
        mover = format_move(last.move)[0]
        other = next(seat for seat in "ABC" if seat != mover)
        events = len(session.record.events)
        chip = f"//ul[@id='recent']/li[1]//button[@class='chip' and text()='{other}']"
        driver.find_element(By.XPATH, chip).click()
        wait.until(lambda d: "over" not in d.find_element(By.ID, "turn").get_attribute("class"))
        assert session.archive.list_games()[0].status == "live"  # reopened by the correction
        chip = f"//ul[@id='recent']/li[1]//button[@class='chip' and text()='{mover}']"
        wait.until(ec.element_to_be_clickable((By.XPATH, chip))).click()
        wait.until(lambda d: "over" in d.find_element(By.ID, "turn").get_attribute("class"))
        fixes = session.record.events[events:]
        assert [e.kind for e in fixes] == ["correction", "correction"]
        assert [format_move(e.move)[0] for e in fixes] == [other, mover]
        assert all(e.refers_to == last.seq for e in fixes)
        # Russian
        driver.find_element(By.ID, "lang").click()
        wait.until(lambda d: "Партия окончена" in text(d, "turn"))
        driver.find_element(By.ID, "lang").click()
        # the archive lists the game and replays it bout by bout
        driver.get(f"{url}/archive")
        row = wait.until(
            ec.presence_of_element_located((By.CSS_SELECTOR, f"li[data-game='{session.game_id}']"))
        )
        assert "finished" in row.text and "podkidnoy" in row.text
        row.find_element(By.TAG_NAME, "a").click()
        wait.until(lambda d: text(d, "bout-no").startswith("Bout 1"))
        first_bout = text(driver, "bout-moves")
        assert format_move(moves[0]) in first_bout
        driver.find_element(By.ID, "next").click()
        wait.until(lambda d: text(d, "bout-no").startswith("Bout 2"))
        shot(driver, "archive-replay")
        link = driver.find_element(By.ID, "dl-jsonl").get_attribute("href")
        assert link.endswith(f"/api/games/{session.game_id}/record.jsonl")


def test_a_phone_shows_an_illegal_move_the_table_played_on_in_the_recent_moves(tmp_path):
    session = LiveSession(Hub(), Archive(tmp_path / "games.sqlite3"))
    session.setup(
        TableSetup(
            "podkidnoy", names=("A", "B", "C"), trump_card=Card.parse("6s"), first_attacker=0
        )
    )
    for text_move in ("A:attack 7h", "B:beat 7h/8c"):
        session.observe(Observed(parse_move(text_move)))
    session.played_on(parse_move("B:beat 7h/8c"))
    session.observe(Observed(parse_move("A:throw 8h")))
    with live_server(session) as url, phone() as driver:
        wait = WebDriverWait(driver, 20)
        driver.get(f"{url}/?pin={PIN}")
        item = "//ul[@id='recent']/li[2]/button[contains(@class, 'link')]"
        button = wait.until(ec.visibility_of_element_located((By.XPATH, item)))
        assert button.text == "#2 B:beat 7h/8c ✗ does_not_beat · played on"
        assert "✗" not in driver.find_element(By.XPATH, "//ul[@id='recent']/li[1]/button").text
