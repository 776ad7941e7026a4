"""Headless Chromium (Debian's chromium + chromedriver) on a phone-sized viewport, for the e2e
test and the screenshots."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


@contextmanager
def phone(width: int = 390, height: int = 844, lang: str = "en-US") -> Iterator[webdriver.Chrome]:
    profile = tempfile.mkdtemp(prefix="bito-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
        f"--lang={lang}",
    ):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    options.add_experimental_option(
        "mobileEmulation",
        {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 3.0}},
    )
    service = Service(shutil.which("chromedriver") or CHROMEDRIVER)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
