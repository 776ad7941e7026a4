"""Write the committed test clip: ``python tests/table/make_clip.py`` (needs data/decks).

A podkidnoy game for 3 players (seed 5, its first moves) with one illegal beat seeded before the
defender's second beat, drawn by ``table_clips`` into ``tests/table/data/clip3/``:
``video.mp4`` and ``truth.jsonl`` (the referee record of the true moves).
"""

from __future__ import annotations

import random
from pathlib import Path

from table_clips import ClipMaker, play_clip, write_video

from referee.game import apply, check, deal, legal_moves
from referee.moves import Defend, Move
from referee.record import GameRecord, Header
from referee.simulate import choose
from referee.variants import find_variant
from vision.synth.decks import load_deck

OUT = Path(__file__).parent / "data" / "clip3"
SEED, PLAYERS, MOVES = 5, 3, 17
DECK = "aisleriot-anglo"


def true_moves() -> tuple[Header, list[Move]]:
    rules = find_variant("podkidnoy").configure({})
    header = Header("podkidnoy", {}, ("Anna", "Boris", "Vera"), SEED % PLAYERS, seed=SEED)
    state = deal(rules, PLAYERS, SEED, dealer=SEED % PLAYERS)
    rng = random.Random(SEED)
    moves: list[Move] = []
    beats = 0
    while len(moves) < MOVES:
        move = choose(legal_moves(state), rng)
        if isinstance(move, Defend):
            beats += 1
            if beats == 2:  # seed one illegal beat: a card of the defender's that does not beat
                for card in sorted(state.hands[move.player].known):
                    wrong = Defend(move.player, move.covers, card)
                    if not check(state, wrong).ok:
                        moves.append(wrong)
                        break
        moves.append(move)
        state = apply(state, move)
    return header, moves


def main() -> None:
    header, moves = true_moves()
    OUT.mkdir(parents=True, exist_ok=True)
    truth = OUT / "truth.jsonl"
    truth.unlink(missing_ok=True)
    record = GameRecord.create(header, truth)
    for move in moves:
        record.play(move, source="simulation")
    start = header.start_state()
    deck = load_deck(Path(__file__).resolve().parents[2] / "data" / "decks" / DECK)
    maker = ClipMaker(deck, PLAYERS)
    frames = (f for f, _ in play_clip(maker, start, start.trump_card, moves))
    n = write_video(str(OUT / "video.mp4"), frames)
    print(f"{n} frames -> {OUT}")


if __name__ == "__main__":
    main()
