"""Card art: rasterise the Debian SVG decks into per-card PNGs, and load them back.

Sources are the SVG decks of `gnome-cards-data` (/usr/share/aisleriot/cards, ids like
``club_king``) and `kdegames-card-data-kf5` (/usr/share/carddecks/svg-*/, ids like
``king_club``). Each card element is rendered with ``rsvg-convert -i ID`` and cropped to its
opaque pixels. Per deck we also measure where the printed index (rank + suit) sits in the
top-left corner, as a fraction of the card, from the four aces.
"""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
import tempfile
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

import cv2
import numpy as np

from vision.cards import BACK, FACE_CARDS

log = logging.getLogger(__name__)

AISLERIOT_DIR = Path("/usr/share/aisleriot/cards")
KDE_DIR = Path("/usr/share/carddecks")
CARD_HEIGHT = 360  # rendered card height in pixels
WEBP_QUALITY = 90  # packed decks (pack)

#: Decks whose suits are not French (German/Swiss/Italian suits) or whose corners carry no
#: French rank index; found by looking at contact sheets of every rendered deck.
EXCLUDED_DECKS: frozenset[str] = frozenset(
    {
        "kde-german",  # German suits
        "aisleriot-swiss-xvii",  # Swiss suits
        "aisleriot-tarocco",  # tarot
        "kde-future",  # renders as empty frames with rsvg
        "kde-oxygen",
        "kde-oxygen-air",
        "kde-oxygen-white",  # rank index in the top-right corner
    }
)

_RANK_WORDS = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
_SUIT_WORDS = {"s": "spade", "c": "club", "h": "heart", "d": "diamond"}


@dataclass(frozen=True, slots=True)
class DeckSource:
    """One SVG deck file and how its card elements are named."""

    name: str
    path: Path
    scheme: str  # "aisleriot" (suit_rank) or "kde" (rank_suit)
    package: str


class IndexLayout(StrEnum):
    """Where a deck prints its index (``Deck.index_box`` is the top-left one's box)."""

    TWO = "two"  # top-left, and bottom-right turned by 180 degrees: most decks
    FOUR = "four"  # in all four corners (the Dondorf decks)
    BAND = "band"  # once, across the top: rank at the left, suit sign at the right (tango_nuevo)


@dataclass(frozen=True, slots=True)
class Deck:
    """A rasterised deck: card images (RGBA) keyed by notation, and the index-corner box."""

    name: str
    images: dict[str, np.ndarray]
    index_box: tuple[float, float, float, float]  # x0, y0, x1, y1 as fractions of the card
    index_layout: IndexLayout = IndexLayout.TWO  # where the index is printed


def element_ids(card: str, scheme: str) -> list[str]:
    """Candidate SVG element ids for a card in a naming scheme."""
    if card == BACK:
        return ["back"]
    if card == "XR":
        return ["joker_red", "red_joker"]
    if card == "XB":
        return ["joker_black", "black_joker"]
    rank = _RANK_WORDS.get(card[0], card[0])
    suit = _SUIT_WORDS[card[1]]
    return [f"{suit}_{rank}"] if scheme == "aisleriot" else [f"{rank}_{suit}"]


def discover_sources() -> list[DeckSource]:
    """All SVG decks installed by the two Debian packages."""
    sources: list[DeckSource] = []
    for path in sorted(AISLERIOT_DIR.glob("*.svgz")):
        if path.stem == "Атласные":  # same art as atlasnye.svgz
            continue
        sources.append(DeckSource(f"aisleriot-{path.stem}", path, "aisleriot", "gnome-cards-data"))
    for path in sorted(KDE_DIR.glob("svg-*/*.svgz")):
        name = "kde-" + path.parent.name.removeprefix("svg-").replace("xskat-", "")
        sources.append(DeckSource(name, path, "kde", "kdegames-card-data-kf5"))
    return [s for s in sources if s.name not in EXCLUDED_DECKS]


def _render_element(svg: Path, element: str, zoom: float, out: Path) -> np.ndarray | None:
    cmd = ["rsvg-convert", "-i", element, "-z", f"{zoom:.5f}", "-o", str(out), str(svg)]
    done = subprocess.run(cmd, capture_output=True, check=False)
    if done.returncode != 0 or not out.exists():
        return None
    img = cv2.imread(str(out), cv2.IMREAD_UNCHANGED)
    if img is None or img.ndim != 3 or img.shape[2] != 4:
        return None
    ys, xs = np.nonzero(img[:, :, 3] > 8)
    if len(xs) == 0:
        return None
    crop = img[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    return crop


def _svg_ids(svg: Path) -> set[str]:
    import gzip
    import re

    with gzip.open(svg, "rt", encoding="utf-8", errors="replace") as f:
        text = f.read()
    return set(re.findall(r'id="([^"]+)"', text))


def measure_index_box(aces: Iterable[np.ndarray]) -> tuple[float, float, float, float] | None:
    """Fractional box of the printed index in the top-left corner, from ace images.

    Ink is any opaque pixel that differs from the card's paper colour; the card's own outline
    (the outer 3 percent) is ignored. Returns None when the corner holds no ink.
    """
    x1s, y1s, x0s, y0s = [], [], [], []
    for img in aces:
        h, w = img.shape[:2]
        ink = _ink(img, _paper(img))
        mx, my = int(w * 0.035), int(h * 0.025)
        region = ink[my : int(h * 0.36), mx : int(w * 0.30)]
        n, _, stats, _ = cv2.connectedComponentsWithStats(region.astype(np.uint8), connectivity=8)
        boxes = [
            stats[i]
            for i in range(1, n)
            if stats[i, cv2.CC_STAT_AREA] >= 6 and stats[i, cv2.CC_STAT_LEFT] < w * 0.12
        ]
        if not boxes:
            continue
        x0s.append(min(b[0] for b in boxes) + mx)
        y0s.append(min(b[1] for b in boxes) + my)
        x1s.append(max(b[0] + b[2] for b in boxes) + mx)
        y1s.append(max(b[1] + b[3] for b in boxes) + my)
        last_w, last_h = w, h
    if not x1s:
        return None
    pad = 0.02
    x0 = max(0.0, min(x0s) / last_w - pad)
    y0 = max(0.0, min(y0s) / last_h - pad)
    x1 = min(0.32, max(x1s) / last_w + pad)
    y1 = min(0.38, max(y1s) / last_h + pad)
    if x1 - x0 < 0.06 or y1 - y0 < 0.08:
        return None
    return (x0, y0, x1, y1)


def rasterise(source: DeckSource, out_dir: Path, height: int = CARD_HEIGHT) -> bool:
    """Render every card of one deck into ``out_dir/<deck>/<card>.png`` plus ``deck.json``."""
    ids = _svg_ids(source.path)
    wanted = [*FACE_CARDS, "XR", "XB", BACK]
    deck_dir = out_dir / source.name
    with tempfile.TemporaryDirectory() as tmp:
        probe_id = next((e for e in element_ids("As", source.scheme) if e in ids), None)
        if probe_id is None:
            log.warning("%s: no ace of spades element, skipped", source.name)
            return False
        probe = _render_element(source.path, probe_id, 1.0, Path(tmp) / "probe.png")
        if probe is None:
            log.warning("%s: probe render failed", source.name)
            return False
        zoom = height / probe.shape[0]
        deck_dir.mkdir(parents=True, exist_ok=True)
        rendered: dict[str, np.ndarray] = {}
        for card in wanted:
            element = next((e for e in element_ids(card, source.scheme) if e in ids), None)
            if element is None:
                continue
            img = _render_element(source.path, element, zoom, Path(tmp) / f"{card}.png")
            if img is None or abs(img.shape[0] - height) > height * 0.1:
                log.info("%s: %s not usable", source.name, card)
                continue
            rendered[card] = img
    missing = [c for c in FACE_CARDS if c not in rendered]
    if missing:
        log.warning("%s: missing %d face cards, skipped", source.name, len(missing))
        shutil.rmtree(deck_dir, ignore_errors=True)
        return False
    box = measure_index_box(rendered[a] for a in ("As", "Ac", "Ah", "Ad"))
    if box is None:
        log.warning("%s: no index in the corner, skipped", source.name)
        shutil.rmtree(deck_dir, ignore_errors=True)
        return False
    for card, img in rendered.items():
        cv2.imwrite(str(deck_dir / f"{card}.png"), img)
    meta = {
        "name": source.name,
        "source": str(source.path),
        "package": source.package,
        "index_box": [round(v, 4) for v in box],
        "cards": sorted(rendered),
    }
    (deck_dir / "deck.json").write_text(json.dumps(meta, indent=1))
    log.info("%s: %d cards, index box %s", source.name, len(rendered), meta["index_box"])
    return True


def rasterise_all(out_dir: Path, workers: int = 2) -> list[str]:
    """Rasterise every installed deck; returns the names that succeeded."""
    sources = discover_sources()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        ok = list(pool.map(lambda s: rasterise(s, out_dir), sources))
    return [s.name for s, good in zip(sources, ok, strict=True) if good]


def card_file(deck_dir: Path, card: str) -> Path:
    """The image of ``card`` in a deck folder: the rasterised PNG, or a packed WebP."""
    png = deck_dir / f"{card}.png"
    return png if png.exists() else deck_dir / f"{card}.webp"


def load_deck(deck_dir: Path) -> Deck:
    """Load a rasterised (or packed) deck folder."""
    meta = json.loads((deck_dir / "deck.json").read_text())
    images = {}
    for card in meta["cards"]:
        img = cv2.imread(str(card_file(deck_dir, card)), cv2.IMREAD_UNCHANGED)
        if img is not None and img.ndim == 3 and img.shape[2] == 4:
            images[card] = img
    x0, y0, x1, y1 = meta["index_box"]
    box = (x0, y0, x1, y1)
    for joker in ("XR", "XB"):  # a joker without ink in the index corner cannot be read there
        if joker in images and corner_ink(images[joker], box) < 0.03:
            del images[joker]
    return Deck(meta["name"], images, box, measure_index_layout(images, box))


def _paper(img: np.ndarray) -> np.ndarray:
    """A card's paper colour: the median of a strip left of its middle."""
    h, w = img.shape[:2]
    middle = img[h // 2 - h // 8 : h // 2 + h // 8, w // 20 : w // 8, :3]
    paper: np.ndarray = np.median(middle.reshape(-1, 3), 0)
    return paper


def _ink(rgba: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """Where an RGBA image holds ink: opaque pixels far from the paper colour."""
    far: np.ndarray = np.abs(rgba[:, :, :3].astype(np.int16) - paper).sum(axis=2) > 90
    return far & (rgba[:, :, 3] > 128)


def _corner_ink_mask(
    img: np.ndarray, box: tuple[float, float, float, float], paper: np.ndarray
) -> np.ndarray:
    """Where the box (fractions of the card) holds ink, against the card's ``paper`` colour."""
    h, w = img.shape[:2]
    x0, y0, x1, y1 = box
    return _ink(img[int(y0 * h) : int(y1 * h), int(x0 * w) : int(x1 * w)], paper)


def corner_ink(img: np.ndarray, box: tuple[float, float, float, float]) -> float:
    """Fraction of the index-corner box covered by ink (pixels far from the paper colour)."""
    ink = _corner_ink_mask(img, box, _paper(img))
    return float(ink.mean()) if ink.size else 0.0


SAME_INK = 0.7
"""Ink overlap (IoU) of two corners for them to hold the same print."""
BAND_INK = 0.6
"""Ink of the top-right corner, against the index's, for it to hold the suit of a band."""


def _ink_iou(a: np.ndarray, b: np.ndarray) -> float:
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    a, b = a[:h, :w], b[:h, :w]
    union = int((a | b).sum())
    return float((a & b).sum()) / union if union else 0.0


def measure_index_layout(
    images: dict[str, np.ndarray], box: tuple[float, float, float, float]
) -> IndexLayout:
    """Where the deck prints its index, by a vote of its number cards' top-right corner (the
    index box mirrored): the index again (``FOUR``); a mark as inky as the index that is not it
    (``BAND``: the suit sign beside the rank); anything less, a pip or nothing (``TWO``)."""
    x0, y0, x1, y1 = box
    mirrored = (1 - x1, y0, 1 - x0, y1)
    votes: list[IndexLayout] = []
    for card in FACE_CARDS:
        if card[0] not in "23456789T" or card not in images:
            continue
        paper = _paper(images[card])
        index = _corner_ink_mask(images[card], box, paper)
        other = _corner_ink_mask(images[card], mirrored, paper)
        if _ink_iou(index, other) >= SAME_INK:
            votes.append(IndexLayout.FOUR)
        elif other.sum() >= BAND_INK * index.sum() > 0:
            votes.append(IndexLayout.BAND)
        else:
            votes.append(IndexLayout.TWO)
    if not votes:
        return IndexLayout.TWO
    layout, count = Counter(votes).most_common(1)[0]
    return layout if count > len(votes) / 2 else IndexLayout.TWO


def load_decks(root: Path, names: Iterable[str] | None = None) -> list[Deck]:
    """Load the named decks (all under ``root`` when ``names`` is None)."""
    if names is None:
        dirs = sorted(p.parent for p in root.glob("*/deck.json"))
    else:
        dirs = [root / n for n in names]
    return [load_deck(d) for d in dirs]


def pack(src: Path, dst: Path, quality: int = WEBP_QUALITY) -> int:
    """Copy the rasterised decks under ``src`` to ``dst`` as WebP with alpha (about a fifth of
    the PNGs' size), for a machine without the Debian packages (a lent GPU machine, whose
    upload is limited). Returns the bytes written."""
    written = 0
    for meta_path in sorted(src.glob("*/deck.json")):
        out = dst / meta_path.parent.name
        out.mkdir(parents=True, exist_ok=True)
        meta = json.loads(meta_path.read_text())
        for card in meta["cards"]:
            img = cv2.imread(str(card_file(meta_path.parent, card)), cv2.IMREAD_UNCHANGED)
            if img is None:
                raise ValueError(f"{meta_path.parent}: {card} does not load")
            ok, data = cv2.imencode(".webp", img, [cv2.IMWRITE_WEBP_QUALITY, quality])
            if not ok:
                raise ValueError(f"{meta_path.parent}: {card} does not encode as WebP")
            (out / f"{card}.webp").write_bytes(data.tobytes())
            written += len(data)
        (out / "deck.json").write_text(meta_path.read_text())
    return written


def main(argv: list[str] | None = None) -> None:
    """``python -m vision.synth.decks OUT_DIR``: rasterise all decks;
    ``python -m vision.synth.decks --pack SRC DST``: copy them as WebP."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m vision.synth.decks", description=main.__doc__)
    ap.add_argument("out", type=Path, nargs="?", default=Path("data/decks"))
    ap.add_argument("dst", type=Path, nargs="?", help="with --pack: the packed decks' folder")
    ap.add_argument("--pack", action="store_true", help="pack the decks in OUT into DST")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.pack:
        if args.dst is None:
            ap.error("--pack needs SRC and DST")
        size = pack(args.out, args.dst)
        print(f"packed {args.out} into {args.dst}: {size / 1e6:.1f} MB")
        return
    names = rasterise_all(args.out)
    print(f"{len(names)} decks: {' '.join(names)}")


if __name__ == "__main__":
    main()
