"""``bito demo`` for real (the bundled rendered video through the whole camera chain, played
faster than real time) watched in headless Chromium on a phone-sized viewport as the referee:
the camera reads the trump card, the table updates as the video plays, the referee confirms the
camera's first uncertain move with one tap, and the game is in the archive page."""

from __future__ import annotations

import signal
import time

import httpx
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait
from server_browser import phone
from server_helpers import PIN, ROOT, free_port, start_bito

DEMO = ROOT / "companion" / "data" / "demo_video"


def test_bito_demo_on_a_phone_the_referee_confirms_an_uncertain_camera_move(tmp_path):
    assert (DEMO / "video.mp4").is_file(), "the bundled demo video is part of the product"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    demo = start_bito(
        "demo", "--speed", "4", "--auto-accept", "600", "--db", str(tmp_path / "g.sqlite3"),
        "--pin", PIN, port=port,
    )  # fmt: skip
    try:
        with phone() as driver:
            wait = WebDriverWait(driver, 90)
            driver.get(f"{url}/?pin={PIN}")
            wait.until(ec.visibility_of_element_located((By.ID, "referee")))
            # the camera finds the trump card and the game starts
            wait.until(lambda d: d.find_element(By.ID, "trump").text.strip() != "")
            version = driver.execute_script("return STATE.version")
            # the first uncertain camera move: one tap confirms its best reading
            button = wait.until(
                ec.element_to_be_clickable((By.CSS_SELECTOR, "#pending button.big-btn"))
            )
            assert driver.execute_script("return STATE.version") > version  # the table moved
            wanted = button.text.split(": ", 1)[1]
            camera = driver.find_element(By.ID, "camera")
            wait.until(lambda d: d.execute_script("return arguments[0].naturalWidth", camera) > 0)
            button.click()
            deadline = time.monotonic() + 30
            confirmed = []
            while not confirmed and time.monotonic() < deadline:
                game = httpx.get(f"{url}/api/games").json()[0]["id"]
                lines = httpx.get(f"{url}/api/games/{game}/record.jsonl").text.splitlines()
                confirmed = [x for x in lines if '"note":"confirmed ' + wanted in x]
                time.sleep(0.2)
            assert confirmed and '"source":"manual"' in confirmed[0]
            state = httpx.get(f"{url}/api/state").json()
            assert state["events"] >= 2 and state["camera"]
            # the game is in the archive
            driver.get(f"{url}/archive")
            row = wait.until(
                ec.presence_of_element_located((By.CSS_SELECTOR, f"li[data-game='{game}']"))
            )
            assert "perevodnoy" in row.text and "Anna" in row.text
            row.find_element(By.TAG_NAME, "a").click()
            wait.until(lambda d: d.find_element(By.ID, "bout-no").text.startswith("Bout 1"))
            assert driver.find_element(By.ID, "bout-moves").text.strip() != ""
    finally:
        demo.send_signal(signal.SIGTERM)
        demo.wait(20)
