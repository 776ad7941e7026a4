"""Replay true games as a camera sees them, through move inference alone (no pixels).

Each true move becomes the physical change it makes: cards laid apart (a lead, a throw-in, a
transfer) or on an attack card (a beat), an illegal card taken back afterwards, the table cleared
when the bout ends; the arm comes from the mover's seat. Spoken moves (pass, take, done) are not
seen. :func:`camera_record` infers the moves from these changes in the table view (the referee's
``table_game`` with the header's trump card and dealer), exactly as the pipeline does, and the
result is compared with the truth: effective moves without Pass and Done, as ``format_move``
strings. This checks the inference rules and finds camera-visible sequences that the referee
refuses (reported with the referee's code).

``python -m vision.table.truth_check [RECORD.jsonl ...] [--random N]``
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from referee.cards import Card
from referee.game import State, check_and_apply, table_game
from referee.moves import (
    Attack,
    Defend,
    Done,
    Move,
    Pass,
    Take,
    ThrowIn,
    Transfer,
    format_move,
    move_cards,
)
from referee.record import Header, read_record, replay
from referee.rules import Rules
from referee.simulate import random_game
from referee.variants import find_variant
from vision.table.inference import Change, NewCard, infer

CARD_W, CARD_H = 60.0, 90.0


def comparable(moves: list[Move]) -> list[str]:
    """The moves a camera record is compared on: no Pass, no Done (neither is visible), and a
    Take put after the throw-ins that follow it in its bout (when it was said is not visible;
    that it was said is: the cards go to the defender)."""
    out: list[Move] = []
    held: Take | None = None
    for move in moves:
        if isinstance(move, Pass):
            continue
        if isinstance(move, Take):
            if held is not None:
                out.append(held)
            held = move
            continue
        if held is not None and not isinstance(move, ThrowIn):
            out.append(held)
            held = None
        if not isinstance(move, Done):
            out.append(move)
    if held is not None:
        out.append(held)
    return [format_move(m) for m in out]


@dataclass
class CameraRun:
    moves: list[Move] = field(default_factory=list)
    uncertain: int = 0
    refused: list[str] = field(default_factory=list)  # moves the referee refused, with codes
    illegal_reported: list[str] = field(default_factory=list)


class _Table:
    """Places cards on a grid so beats lie on their attack cards."""

    def __init__(self) -> None:
        self.boxes: dict[Card, tuple[float, float, float, float]] = {}
        self.slot = 0

    def apart(self, card: Card) -> tuple[float, float, float, float]:
        x = 100 + (self.slot % 6) * 100
        y = 100 + (self.slot // 6) * 150
        self.slot += 1
        box = (x, y, x + CARD_W, y + CARD_H)
        self.boxes[card] = box
        return box

    def on(self, card: Card, target: Card) -> tuple[float, float, float, float]:
        tb = self.boxes.get(target, (0.0, 0.0, CARD_W, CARD_H))
        box = (tb[0] + 15, tb[1] + 20, tb[2] + 15, tb[3] + 20)
        self.boxes[card] = box
        return box

    def clear(self) -> None:
        self.boxes.clear()
        self.slot = 0


def camera_record(
    header: Header, truth: list[tuple[Move, bool]], rules: Rules | None = None
) -> CameraRun:
    """Infer the camera's moves from the physical changes that ``truth`` makes."""
    full = header.start_state()
    rules = rules or header.rules()
    cam: State = table_game(
        rules, len(header.players), trump_card=full.trump_card, dealer=header.dealer
    )
    run = CameraRun()
    table = _Table()

    def play(change: Change) -> None:
        nonlocal cam
        for inference in infer(cam, change):
            if inference.uncertain:
                run.uncertain += 1
            for move in inference.best.moves:
                verdict, cam = check_and_apply(cam, move)
                run.moves.append(move)
                if not verdict.ok:
                    run.illegal_reported.append(f"{format_move(move)} ({verdict.code})")

    for move, _legal in truth:
        before_table = bool(full.table)
        verdict, after = check_and_apply(full, move)
        arm = (move.player, 0.9)
        match move:
            case Attack() | ThrowIn() | Transfer():
                cards = move_cards(move)
                new = tuple(NewCard(((c, 1.0),), table.apart(c)) for c in cards)
                play(Change(new=new, arm_seat=arm[0], arm_certainty=arm[1], boxes=table.boxes))
                if not verdict.ok:
                    for c in cards:
                        table.boxes.pop(c, None)
                    play(Change(gone=frozenset(cards)))
            case Defend(covers=covers, card=card):
                box = table.on(card, covers)
                new = (NewCard(((card, 1.0),), box),)
                play(Change(new=new, arm_seat=arm[0], arm_certainty=arm[1], boxes=table.boxes))
                if not verdict.ok:
                    table.boxes.pop(card, None)
                    play(Change(gone=frozenset([card])))
        full = after
        if before_table and not full.table:
            play(Change(cleared=True, boxes=table.boxes))
            table.clear()
    return run


def truth_moves(header: Header, path_events: list) -> list[tuple[Move, bool]]:  # type: ignore[type-arg]
    out = []
    for step in replay(header, path_events):
        assert step.event.move is not None
        out.append((step.event.move, step.verdict.ok))
    return out


def compare(truth: list[tuple[Move, bool]], run: CameraRun) -> tuple[bool, str]:
    want = comparable([m for m, _ in truth])
    got = comparable(run.moves)
    if want == got:
        return True, ""
    for i, (a, b) in enumerate(zip(want, got, strict=False)):
        if a != b:
            return False, f"move {i}: truth {a!r}, camera {b!r}; truth {want[i : i + 4]}"
    return False, f"lengths {len(want)} vs {len(got)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="*", type=Path)
    parser.add_argument("--random", type=int, default=0, help="also N random games per setting")
    parser.add_argument("--variants", default="podkidnoy,perevodnoy")
    args = parser.parse_args(argv)
    total = same = 0
    for path in args.records:
        header, events = read_record(path)
        truth = truth_moves(header, events)
        run = camera_record(header, truth)
        ok, why = compare(truth, run)
        total += 1
        same += ok
        print(f"{path}: {'same' if ok else 'DIFFERS ' + why}; uncertain {run.uncertain}")
    for variant in args.variants.split(","):
        rules = find_variant(variant).configure({})
        for players in range(2, 7):
            for seed in range(args.random):
                _start, moves, _ = random_game(rules, players, seed)
                header = Header(
                    variant, {}, tuple(f"P{i}" for i in range(players)), seed % players, seed=seed
                )
                truth = [(m, True) for m in moves]
                run = camera_record(header, truth, rules)
                ok, why = compare(truth, run)
                total += 1
                same += ok
                if not ok:
                    print(f"{variant} {players}p seed {seed}: DIFFERS {why}")
    print(f"{same}/{total} games recovered exactly")
    return 0 if same == total else 1


if __name__ == "__main__":
    sys.exit(main())
