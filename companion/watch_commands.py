"""``bito watch SOURCE``: run the camera chain on a webcam, stream, video file or image folder and
print each move with its seat and verdict as it happens; ``--record`` writes the game record.

numpy, OpenCV and the inference runtime are imported inside the handler, so ``bito`` starts
without them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.referee_commands import parse_options
from vision.runtime import add_runtime_options


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "watch", help="referee a game from a camera, stream, video file or image folder"
    )
    p.add_argument("source", help='webcam index ("0"), rtsp/http URL, video file or image folder')
    p.add_argument("--variant", default="podkidnoy", help="variant slug or alias")
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="table option"
    )
    p.add_argument("--players", type=int, required=True, help="players at the table (2-6)")
    p.add_argument("--record", type=Path, metavar="OUT.jsonl", help="write the game record here")
    p.add_argument("--calibration", type=Path, help="seats and zones (JSON), see vision.table")
    p.add_argument("--trump", help="the trump card, when the camera cannot see it (e.g. 9s)")
    p.add_argument("--dealer", default="A", help="the dealer's seat letter (default A)")
    p.add_argument("--names", default="", help="player names, comma-separated, seat A first")
    p.add_argument("--fps", type=float, default=None, help="frame rate of a folder or file")
    p.add_argument(
        "--uncertain",
        choices=("ask", "best", "hold"),
        default=None,
        help="an uncertain move: ask on the terminal (default when interactive), play the best "
        "reading and flag it (default otherwise), or hold it unplayed",
    )
    p.add_argument("--lang", choices=("en", "ru", "both"), default="both")
    p.add_argument("--imgsz", type=int, default=None, help="detector input size")
    add_runtime_options(p)
    p.set_defaults(handler=cmd_watch)


def _verdict_text(verdict: Any, lang: str) -> str:
    if lang == "both":
        return f"{verdict.message('en')}\n      {verdict.message('ru')}"
    return str(verdict.message(lang))


def _ask(observed: Any) -> Any:
    from referee.moves import format_move

    choices = [observed.move, *observed.alternatives]
    print("  ? uncertain: which move was it?", flush=True)
    for i, move in enumerate(choices, 1):
        print(f"    {i}. {format_move(move)}", flush=True)
    answer = input("    number (Enter = 1, 0 = none): ").strip() or "1"
    try:
        k = int(answer)
    except ValueError:
        k = 1
    if k == 0:
        return None
    return choices[min(max(k, 1), len(choices)) - 1]


def _ask_trump() -> Any:
    """The trump card typed by a person, or None (Enter, end of input, or not a card)."""
    from referee.cards import Card

    try:
        answer = input("    trump card, e.g. 9s (Enter = keep looking): ").strip()
    except EOFError:
        return None
    if not answer:
        return None
    try:
        return Card.parse(answer)
    except ValueError as exc:
        print(f"    not a card: {exc}; the camera keeps looking", flush=True)
        return None


def cmd_watch(args: argparse.Namespace) -> int:
    from referee.cards import Card
    from referee.moves import Pass, format_move, parse_seat
    from referee.record import GameRecord, Header
    from referee.variants import find_variant
    from vision.capture import CaptureEvent, open_source
    from vision.detector import CardDetector
    from vision.pipeline import DETECT_SIZE, Pipeline

    if not 2 <= args.players <= 6:
        print("bito watch: --players must be 2-6", file=sys.stderr)
        return 2
    options = parse_options(args.option)
    rules = find_variant(args.variant).configure(options)
    dealer = parse_seat(args.dealer)
    names = [n.strip() for n in args.names.split(",") if n.strip()]
    names += [f"Player {chr(65 + i)}" for i in range(len(names), args.players)]
    uncertain_mode = args.uncertain or ("ask" if sys.stdin.isatty() else "best")

    def on_event(event: CaptureEvent) -> None:
        if event.kind in ("lost", "stalled", "retry"):
            print(f"[camera] {event.message}", file=sys.stderr, flush=True)

    source = open_source(args.source, fps=args.fps, on_event=on_event)
    detector = CardDetector(
        imgsz=args.imgsz or DETECT_SIZE, runtime=args.runtime, precision=args.precision
    )
    pipeline = Pipeline(rules, args.players, detector, args.calibration)
    if args.trump:
        pipeline.trump_card = Card.parse(args.trump)
    record: GameRecord | None = None
    state = None
    asked_trump = False
    try:
        for frame in source:
            if state is None and (pipeline.trump_card is not None or not pipeline.shows_trump):
                header = Header(
                    args.variant,
                    options,
                    tuple(names[: args.players]),
                    dealer,
                    trump_card=pipeline.trump_card,
                )
                record = GameRecord.create(header, args.record)
                state = record.state
                print(f"[{frame.time:7.2f}s] game starts, trump card {pipeline.trump_card}")
            report = pipeline.process(frame, state)
            if record is None and pipeline.trump_wanted and not asked_trump:
                asked_trump = True
                print(
                    f"[{frame.time:7.2f}s] play has begun and the camera has not read the trump "
                    "card (its index may lie under the stock): give it with --trump",
                    flush=True,
                )
                if uncertain_mode == "ask":
                    pipeline.trump_card = _ask_trump()
            if report.trump_card is not None and record is not None:
                if record.revise_trump(report.trump_card) is not None:
                    print(f"[{frame.time:7.2f}s] trump card read again: {report.trump_card}")
                state = record.state
            for old, new in report.corrections:
                assert record is not None
                for event in record.correct_card(old, new, source="camera"):
                    assert event.move is not None
                    print(
                        f"[{frame.time:7.2f}s] corrected: {format_move(event.move)} ({event.note})"
                    )
                state = record.state
            for move in report.played_on:
                assert record is not None
                if record.play_on_move(move) is not None:
                    print(f"[{frame.time:7.2f}s] played on: {format_move(move)} stays on the table")
                state = record.state
            for observed in report.observed:
                assert record is not None
                move = observed.move
                if observed.uncertain:
                    if uncertain_mode == "hold":
                        alts = ", ".join(format_move(m) for m in observed.alternatives)
                        print(f"[{frame.time:7.2f}s] ? {format_move(move)} (or {alts}): held")
                        continue
                    if uncertain_mode == "ask":
                        move = _ask(observed)
                        if move is None:
                            continue
                if isinstance(move, Pass):
                    record.play(move, source="camera", confidence=1.0)
                    state = record.state
                    continue
                verdict = record.play(move, source="camera", confidence=observed.confidence)
                state = record.state
                flag = " (uncertain)" if observed.uncertain else ""
                mark = "ok " if verdict.ok else "ILLEGAL"
                print(
                    f"[{observed.time:7.2f}s] {mark}{flag} " + _verdict_text(verdict, args.lang),
                    flush=True,
                )
                if state.is_over:
                    print("game over")
                    return 0
    except KeyboardInterrupt:
        pass
    finally:
        source.close()
    if record is None:
        print("bito watch: the camera never saw the trump card; give it with --trump")
        return 1
    return 0
