"""The referee's commands: check, replay, simulate, variants, export, import, position."""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from referee.cards import Card, CardSet, Rank, Suit, parse_cards
from referee.errors import InvalidNotation, InvalidPosition
from referee.export import export_text, parse_text, result_text
from referee.game import check, outcome
from referee.game import table_game as start_table_view
from referee.moves import Attack, Defend, Move, Take, ThrowIn, Transfer, parse_move, seat_letter
from referee.position import parse_position, write_position
from referee.record import GameRecord, Header, header_in_force, read_record, replay
from referee.rules import Rules
from referee.setup import deck_of, table_game
from referee.simulate import random_game
from referee.state import GameState, Hand, Pair, Phase
from referee.variants import VARIANTS, find_variant, playable_variants

DEMO_RECORD = Path(__file__).parent / "data" / "demo_game.jsonl"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("check", help="is this move legal? (settles 'does my beat count?')")
    p.add_argument(
        "--variant", default="podkidnoy", help="variant slug or alias (default podkidnoy)"
    )
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="table option"
    )
    p.add_argument("--position", help="a whole position in Bito's position notation")
    p.add_argument("--trump", help="the trump card under the stock, e.g. 9s (or a suit: s)")
    p.add_argument("--table", default="", help='the table as attack/cover pairs, e.g. "7h/9h 9c"')
    p.add_argument("--players", type=int, default=2, help="players at the table (default 2)")
    p.add_argument("--defender-cards", type=int, default=6, help="defender's hand at bout start")
    p.add_argument(
        "--move", required=True, help='e.g. "9c/Ts" (beat 9c with Ts), "Td" (throw in), "B:take"'
    )
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.add_argument("--lang", choices=("en", "ru", "both"), default="both")
    p.set_defaults(handler=cmd_check)

    p = sub.add_parser("replay", help="re-referee a recorded game and print each verdict")
    p.add_argument("record", nargs="?", type=Path, default=DEMO_RECORD, help="a .jsonl game record")
    p.add_argument("--json", action="store_true", help="one JSON object per move")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.set_defaults(handler=cmd_replay)

    p = sub.add_parser("simulate", help="play random legal games and write their records")
    p.add_argument(
        "--variant", default="podkidnoy", help="variant, or 'all' for every playable one"
    )
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--out", type=Path, required=True, help="folder for the records")
    p.add_argument("--text", action="store_true", help="also write the text export of each game")
    p.set_defaults(handler=cmd_simulate)

    p = sub.add_parser("variants", help="list every variant with its rules and camera coverage")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_variants)

    p = sub.add_parser("export", help="write a record's readable text export (one line per bout)")
    p.add_argument("record", type=Path)
    p.add_argument("--out", type=Path, help="file to write (default: print)")
    p.set_defaults(handler=cmd_export)

    p = sub.add_parser("import", help="read a text export back into a .jsonl record")
    p.add_argument("text", type=Path)
    p.add_argument("--out", type=Path, required=True)
    p.set_defaults(handler=cmd_import)

    p = sub.add_parser("position", help="print the position notation of a record after N moves")
    p.add_argument("record", type=Path)
    p.add_argument("--after", type=int, help="after this many effective moves (default: all)")
    p.set_defaults(handler=cmd_position)

    p = sub.add_parser("rules", help="print a variant's rules page: settings, options, text")
    p.add_argument("variant", help="variant slug or alias, e.g. podkidnoy or чешский")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.add_argument("--json", action="store_true", help="the page as JSON")
    p.set_defaults(handler=cmd_rules)


def parse_options(items: list[str]) -> dict[str, str]:
    """Table options given as ``NAME=VALUE`` on the command line."""
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise InvalidNotation(f"option {item!r}: expected NAME=VALUE")
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out


# --- check ---------------------------------------------------------------------------------------


def quick_position(
    variant: str,
    options: dict[str, str],
    trump: str | None,
    table: str,
    players: int,
    defender_cards: int,
) -> GameState:
    """A table-view position from just the trump and the table: A attacks B.

    ``trump`` is the trump card under the stock (``9s``) or only a suit (``s``) when the card is
    no longer on show.
    """
    rules = find_variant(variant).configure(options)
    trump_card = Card.parse(trump) if trump and len(trump.strip()) > 1 else None
    suit = Suit.parse(trump) if trump and len(trump.strip()) == 1 else None
    setup_card = trump_card or (Card(Rank.ACE, suit) if suit else None)
    state = table_game(
        rules, players, trump_card=setup_card, trump_suit=suit, first_attacker_seat=0
    )
    if suit is not None:
        state = replace(state, trump_card=None, trump_suit=suit)
    pairs: list[Pair] = []
    for token in table.replace(",", " ").split():
        attack_text, _, cover_text = token.partition("/")
        cover = Card.parse(cover_text) if cover_text else None
        pairs.append(Pair(Card.parse(attack_text), 0, cover, 1 if cover else -1))
    hands = [Hand(h.count) for h in state.hands]
    if not pairs:
        return replace(state, hands=tuple(hands))
    covered = sum(1 for p in pairs if p.cover)
    if defender_cards < covered:
        raise InvalidPosition(
            f"the defender cannot have beaten {covered} cards from {defender_cards}"
        )
    hands[1] = Hand(defender_cards - covered)
    seen = [p.attack for p in pairs] + [p.cover for p in pairs if p.cover]
    if len(set(seen)) != len(seen):
        raise InvalidPosition("a card appears twice on the table")
    deck = CardSet.of(deck_of(rules))
    for card in seen:
        if card not in deck:
            raise InvalidPosition(f"{card} is not in the {rules.variant} deck")
        if card == trump_card:
            raise InvalidPosition(f"{card} is the trump card under the stock")
    return replace(
        state,
        hands=tuple(hands),
        table=tuple(pairs),
        phase=Phase.DEFENCE,
        defender_quota=defender_cards,
        last_defence=next((p.cover for p in reversed(pairs) if p.cover), None),
    )


def game_start(rules: Rules, players: int) -> Any:
    """Engines other than Durak, with no Durak table given: the table view at the start of a
    game."""
    seats = min(max(players, rules.min_players), rules.max_players)
    return start_table_view(rules, seats)


def quick_move(state: GameState, text: str) -> Move:
    """A move in full notation (``B:beat 7h/9h``) or shorthand: ``7h/9h`` (the defender beats),
    ``Td`` (lead, or throw-in by the attacker), ``~7d`` (transfer), ``take``."""
    text = text.strip()
    if ":" in text:
        return parse_move(text)
    if text.lower() == "take":
        return Take(state.defender)
    if text.startswith("~"):
        return Transfer(state.defender, parse_cards(text[1:]))
    if "/" in text:
        covers, card = text.split("/", 1)
        return Defend(state.defender, Card.parse(covers), Card.parse(card))
    cards = parse_cards(text)
    attacker = max(state.attacker, 0)
    return Attack(attacker, cards) if state.phase is Phase.ATTACK else ThrowIn(attacker, cards)


def cmd_check(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    rules = None if args.position else find_variant(args.variant).configure(options)
    from_start = rules is not None and rules.engine != "durak" and not (args.table or args.trump)
    if args.position:
        state, _ = parse_position(args.position)
    elif from_start:
        assert rules is not None
        state = game_start(rules, args.players)
        if ":" not in args.move:
            raise InvalidNotation(f"{rules.variant}: write the move in full, e.g. A:play 7h")
    else:
        state = quick_position(
            args.variant, options, args.trump, args.table, args.players, args.defender_cards
        )
    move = quick_move(state, args.move)
    verdict = check(state, move)
    if args.json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False))
    else:
        langs = ("en", "ru") if args.lang == "both" else (args.lang,)
        for lang in langs:
            print(verdict.message(lang))
            notes = verdict.unchecked_ru if lang == "ru" else verdict.unchecked
            label = "не проверено" if lang == "ru" else "not checked"
            for note in notes:
                print(f"  ({label}: {note})")
    return 0 if verdict.ok else 1


# --- replay, export, import, position --------------------------------------------------------


def cmd_replay(args: argparse.Namespace) -> int:
    header, events = read_record(args.record)
    last_state = header_in_force(header, events).start_state()
    illegal = 0
    if not args.json:
        names = ", ".join(f"{seat_letter(i)}={n}" for i, n in enumerate(header.players))
        print(f"{header.variant}: {names}")
    for step in replay(header, events):
        event, verdict = step.event, step.verdict
        last_state = step.state
        illegal += 0 if verdict.ok else 1
        if args.json:
            out: dict[str, Any] = {"seq": event.seq, "source": event.source, **verdict.to_dict()}
            if event.confidence is not None:
                out["confidence"] = event.confidence
            print(json.dumps(out, ensure_ascii=False))
        else:
            mark = "ok " if verdict.ok else "ILLEGAL"
            text = verdict.move if verdict.ok else verdict.message(args.lang)
            print(f"{event.seq:4d} {mark} {text}")
            notes = verdict.unchecked_ru if args.lang == "ru" else verdict.unchecked
            for note in notes:
                print(
                    f"          ({'не проверено' if args.lang == 'ru' else 'not checked'}: {note})"
                )
            for found in verdict.earlier:  # a revoke shown by this move
                label = "раньше" if args.lang == "ru" else "earlier"
                print(f"          ({label}: {found.message(args.lang)} [{found.rule}])")
    final = outcome(last_state)
    result = result_text(final)
    scores = {} if final is None else {k: list(v) for k, v in final.scores.items()}
    if args.json:
        summary: dict[str, Any] = {"result": result, "illegal_moves": illegal}
        if scores:
            summary["scores"] = scores
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(f"result: {result}; illegal moves caught: {illegal}")
        if scores:
            listed = "; ".join(f"{k} {':'.join(map(str, v))}" for k, v in scores.items())
            print(f"scores: {listed}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    header, events = read_record(args.record)
    text = export_text(header, events)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    header, moves, kept = parse_text(args.text.read_text(encoding="utf-8"))
    record = GameRecord.create(header, args.out)
    for i, move in enumerate(moves):
        record.play(move, source="manual")
        if i in kept:
            record.play_on(record.events[-1].seq, source="manual")
    print(f"wrote {args.out}: {len(moves)} moves")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from referee.rules_page import page, render

    options = parse_options(args.option)
    if args.json:
        print(json.dumps(page(args.variant, options), ensure_ascii=False, indent=1))
    else:
        sys.stdout.write(render(args.variant, options, args.lang))
    return 0


def cmd_position(args: argparse.Namespace) -> int:
    header, events = read_record(args.record)
    state = header_in_force(header, events).start_state()
    for i, step in enumerate(replay(header, events)):
        if args.after is not None and i >= args.after:
            break
        state = step.state
    if not isinstance(state, GameState):
        raise InvalidPosition(
            f"the position notation is for Durak tables; {header.variant} is not one "
            "(bito replay and bito export show its game)"
        )
    print(write_position(state, options=header.options))
    return 0


# --- simulate, variants ------------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    variants = playable_variants() if args.variant == "all" else [find_variant(args.variant)]
    args.out.mkdir(parents=True, exist_ok=True)
    written = 0
    for variant in variants:
        rules = variant.configure(options)
        players = min(max(args.players, rules.min_players), rules.max_players)
        for game in range(args.games):
            seed = args.seed + game
            header, record = simulate_record(variant.slug, options, players, seed, None)
            path = args.out / f"{variant.slug}-{players}p-{seed}.jsonl"
            if path.exists():
                path.unlink()
            saved = GameRecord.create(header, path)
            for event in record.events:
                assert event.move is not None
                saved.play(event.move, source="simulation")
            if args.text:
                path.with_suffix(".txt").write_text(
                    export_text(header, saved.events), encoding="utf-8"
                )
            written += 1
            print(f"{path}: {len(saved.events)} moves, {result_text(outcome(saved.state))}")
    print(f"{written} game(s) written to {args.out}")
    return 0


def simulate_record(
    variant: str, options: dict[str, str], players: int, seed: int, names: tuple[str, ...] | None
) -> tuple[Header, GameRecord]:
    """A random legal game as a record (full information: the deck order is in the header)."""
    rules = find_variant(variant).configure(options)
    _, moves, _ = random_game(rules, players, seed)
    deck: tuple[Card, ...] | None = None
    if rules.engine == "durak":  # the deck order, for people reading the record
        shuffled = list(deck_of(rules))
        random.Random(seed).shuffle(shuffled)
        deck = tuple(shuffled)
    header = Header(
        variant=rules.variant,
        options=options,
        players=names or tuple(f"Player {seat_letter(i)}" for i in range(players)),
        dealer=seed % players,
        deck=deck,
        seed=seed,
    )
    record = GameRecord.create(header)
    for move in moves:
        record.play(move, source="simulation")
    return header, record


def variant_rows() -> list[dict[str, Any]]:
    base = VARIANTS["podkidnoy"].rules
    assert base is not None
    base_settings = base.to_dict()
    rows = []
    for variant in VARIANTS.values():
        settings = variant.rules.to_dict() if variant.rules else None
        changed = (
            {k: v for k, v in settings.items() if base_settings.get(k) != v and k != "variant"}
            if settings
            else None
        )
        rows.append(
            {
                "slug": variant.slug,
                "title": variant.title,
                "section": variant.section,
                "family": variant.family,
                "playable": variant.playable,
                "why_not_playable": variant.why_not_playable or None,
                "camera": variant.camera,
                "camera_note": variant.camera_note or None,
                "base_modes": ["podkidnoy", "simple", "perevodnoy"] if variant.plus_s_t else None,
                "aliases": list(variant.aliases),
                "options": sorted(variant.allowed_options()),
                "settings": changed,
                "rules": settings,
            }
        )
    return rows


def cmd_variants(args: argparse.Namespace) -> int:
    rows = variant_rows()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    for row in rows:
        status = "playable" if row["playable"] else "not playable"
        print(f"{row['slug']:22} {row['family']:20} camera: {row['camera']:6} {status}")
        print(f"    {row['title']}")
        if row["settings"]:
            settings = ", ".join(f"{k}={v}" for k, v in row["settings"].items())
            print(f"    rules: {settings}")
        if row["options"]:
            print(f"    options: {', '.join(row['options'])}")
        if row["camera_note"]:
            print(f"    camera: {row['camera_note']}")
        if row["why_not_playable"]:
            print(f"    {row['why_not_playable']}")
    playable = sum(1 for r in rows if r["playable"])
    print(f"{len(rows)} variants, {playable} playable")
    return 0
