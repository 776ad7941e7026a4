"""The readable text export of a game, one line per bout, and its parser.

::

    [Bito "1"]
    [Variant "podkidnoy"]
    [Players "A=Anna, B=Boris, C=Vera"]
    [Dealer "C"]
    [Trump "9s"]
    [FirstAttacker "A"]
    [Result "fool B"]

    1. A>B: 7h/9h 9c/Qc | bito
    2. B>C: 6d C:pass 8d ~6h | take

Tokens are in the order things happened. ``7h`` places a card (the lead, or a throw-in by the
bout's attacker; ``C:9c`` by another seat; ``7h+7d`` several at once; ``7h*`` from the stock);
``7h/9h`` places 7h and covers it with 9h at once, or covers a 7h already on the table;
``~7d`` transfers; ``take`` and ``C:pass`` are said in mid-bout; ``reveal=Qd`` turns a hidden
trump; ``B:swap=7h+8d`` is a move that only some variants have (``SEAT:verb=args``, spaces
in the arguments written ``_``). ``| bito`` and ``| take`` say how the bout ended (the last
passes are implied); ``| open`` marks an unfinished bout. ``{...}`` is a comment: illegal
attempts are shown there; one that ends ``, played on`` is an illegal move the players left on
the table and played after (:mod:`referee.played_on`), which the parser makes again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from referee.bout import ticket_receiver, transfer_receiver
from referee.cards import Card, Suit, parse_cards
from referee.errors import InvalidNotation
from referee.game import State, bout_number, check_and_apply, outcome
from referee.moves import (
    VARIANT_MOVES,
    Attack,
    Defend,
    Done,
    Move,
    Pass,
    RevealTrump,
    Take,
    ThrowIn,
    Transfer,
    VariantMove,
    format_move,
    parse_move,
    parse_seat,
    seat_letter,
)
from referee.outcome import Outcome
from referee.played_on import play_on
from referee.record import Event, Header, Step, header_in_force, replay
from referee.special_moves import Doubt, Ticket
from referee.state import GameState, Phase

_TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
PLAYED_ON = ", played on"
"""Ends the comment of an illegal move the table played on (made as the table made it)."""
_PLAYED_ON = re.compile(r"\{([^{}?]+)\? \w+" + PLAYED_ON + r"\}")
_BOUT = re.compile(r"^(\d+)\.\s+([A-J?](?:>[A-J])*):\s*(.*)$")


def result_text(result: Outcome | None) -> str:
    """``fool B``, ``draw``, or the scoring variants' ``losers A; winners B,C``."""
    if result is None:
        return "unfinished"
    if result.draw and not result.losers:
        return "draw"
    if result.fool is not None and result.reason.startswith("last player"):
        return f"fool {seat_letter(result.fool)}"
    losers = ",".join(seat_letter(s) for s in result.losers) or "-"
    winners = ",".join(seat_letter(s) for s in result.winners) or "-"
    return f"losers {losers}; winners {winners}"


def _cards_token(cards: Sequence[Card]) -> str:
    return "+".join(str(c) for c in cards)


def _variant_token(move: VariantMove) -> str:
    """A variant move as one token: ``B:swap=7h+8d`` (always with its seat; spaces become
    ``_``)."""
    args = move.format_args().replace(" ", "_")
    return f"{seat_letter(move.player)}:{move.verb}" + (f"={args}" if args else "")


class _BoutWriter:
    def __init__(self, number: int, before: GameState) -> None:
        self.number = number
        self.roles = [before.attacker, before.defender]
        self.attacker = before.attacker
        self.tokens: list[str] = []
        self.kinds: list[str] = []
        self.single_placed: Card | None = None

    def add(self, move: Move, before: GameState, comment: str = "") -> None:
        if comment:
            self.tokens.append("{" + comment + "}")
            self.kinds.append("comment")
            return
        prefix = "" if move.player == self.attacker else f"{seat_letter(move.player)}:"
        match move:
            case Attack(cards=cards, from_stock=from_stock):
                self._place(prefix + _cards_token(cards) + ("*" if from_stock else ""), cards)
            case ThrowIn(cards=cards):
                self._place(prefix + _cards_token(cards), cards)
            case Defend(covers=covers, card=card):
                if self.single_placed == covers and self.kinds[-1] == "place":
                    self.tokens[-1] += f"/{card}"
                    self.kinds[-1] = "placed_and_covered"
                else:
                    self.tokens.append(f"{covers}/{card}")
                    self.kinds.append("cover")
                self.single_placed = None
            case Transfer(cards=cards):
                self.tokens.append("~" + _cards_token(cards))
                self.kinds.append("transfer")
                self.roles.append(transfer_receiver(before))
                self.single_placed = None
            case Take():
                self.tokens.append("take")
                self.kinds.append("take")
            case Pass():
                self.tokens.append(f"{seat_letter(move.player)}:pass")
                self.kinds.append("pass")
            case Done():
                self.tokens.append("done")
                self.kinds.append("done")
            case RevealTrump(card=card):
                self.tokens.append(f"reveal={card}")
                self.kinds.append("reveal")
            case VariantMove():
                self.tokens.append(_variant_token(move))
                self.kinds.append("variant")
                if isinstance(move, Ticket):  # `shield`: the attack goes back (§4.47.9)
                    self.roles.append(ticket_receiver(before))

    def _place(self, token: str, cards: Sequence[Card]) -> None:
        self.tokens.append(token)
        self.kinds.append("place")
        self.single_placed = cards[0] if len(cards) == 1 else None

    def line(self, ending: str) -> str:
        tokens = list(self.tokens)
        kinds = list(self.kinds)
        while kinds and kinds[-1] in ("pass", "done"):
            tokens.pop()
            kinds.pop()
        if ending == "take" and kinds and kinds[-1] == "take":
            tokens.pop()
            kinds.pop()
        roles = ">".join("?" if r < 0 else seat_letter(r) for r in self.roles)
        return f"{self.number}. {roles}: {' '.join(tokens)} | {ending}"


def export_text(header: Header, events: Sequence[Event]) -> str:
    """The text export of a record: tags, then one line per bout."""
    steps = list(replay(header, events))
    return export_steps(header_in_force(header, events), steps)


def export_steps(header: Header, steps: Sequence[Step]) -> str:
    """The text export of a record's steps; ``header`` is the one in force (a trump card read
    again counts)."""
    lines = _tags(header, steps[-1].state if steps else header.start_state())
    lines.append("")
    if header.rules().engine != "durak":
        return "\n".join(lines + _generic_lines(header, steps)) + "\n"
    state = header.start_state()
    bout: _BoutWriter | None = None
    pending: list[tuple[Move, GameState]] = []
    for step in steps:
        move = step.event.move
        assert move is not None
        before = state
        if not step.verdict.ok:
            kept = step.state != before  # the table played on (referee.played_on)
            text = f"{format_move(move)}? {step.verdict.code}" + (PLAYED_ON if kept else "")
            if bout is None:
                pending.append((move, before))
                lines.append("{" + text + "}")
            else:
                bout.add(move, before, comment=text)
            state = step.state
            continue
        state = step.state
        if isinstance(move, (RevealTrump, VariantMove)) and bout is None:
            pending.append((move, before))
            continue
        if bout is None:
            bout = _BoutWriter(before.bouts + 1, before)
            for early, early_before in pending:
                if isinstance(early, (RevealTrump, VariantMove)):
                    bout.add(early, early_before)
            pending = []
            if before.attacker < 0:
                bout.roles[0] = move.player
                bout.attacker = move.player
                bout.roles[1] = state.defender
        bout.add(move, before)
        if state.bouts != before.bouts or state.phase is Phase.OVER:
            took = before.phase is Phase.TAKING or isinstance(move, (Take, Doubt))
            ending = "take" if took else "bito"
            lines.append(bout.line(ending))
            bout = None
    if bout is not None:
        lines.append(bout.line("open"))
    elif pending:  # moves after the last bout (`pokerny`'s showdown): a line of their own
        writer = _BoutWriter(state.bouts + 1, pending[0][1])
        for late, late_before in pending:
            writer.add(late, late_before)
        lines.append(writer.line("open"))
    return "\n".join(lines) + "\n"


def _generic_lines(header: Header, steps: Sequence[Step]) -> list[str]:
    """Engines other than Durak: one line per bout, trick or round, moves separated by ``;``."""
    lines: list[str] = []
    tokens: list[str] = []
    state = header.start_state()
    number = bout_number(state)
    for step in steps:
        assert step.event.move is not None
        text = format_move(step.event.move)
        tokens.append(text if step.verdict.ok else "{" + f"{text}? {step.verdict.code}" + "}")
        if step.verdict.ok:
            state = step.state
        if bout_number(state) != number or state.is_over:
            lines.append(f"{number + 1}. " + "; ".join(tokens))
            tokens, number = [], bout_number(state)
    if tokens:
        lines.append(f"{number + 1}. " + "; ".join(tokens))
    return lines


def _tags(header: Header, final: GameState) -> list[str]:
    tags = [("Bito", "1"), ("Variant", header.variant)]
    if header.options:
        tags.append(("Options", ",".join(f"{k}={v}" for k, v in sorted(header.options.items()))))
    players = ", ".join(f"{seat_letter(i)}={name}" for i, name in enumerate(header.players))
    tags += [("Players", players), ("Dealer", seat_letter(header.dealer))]
    start = header.start_state()
    trump_card = header.trump_card
    if trump_card is None and header.deck is not None and start.trump_card is not None:
        trump_card = start.trump_card
    if trump_card is not None:
        tags.append(("Trump", str(trump_card)))
    elif start.trump_suit is not None and header.start_position is None:
        tags.append(("TrumpSuit", start.trump_suit.value))
    if header.start_position is not None:
        tags.append(("Position", header.start_position))
    elif start.attacker >= 0:
        tags.append(("FirstAttacker", seat_letter(start.attacker)))
    result = outcome(final)
    tags.append(("Result", result_text(result)))
    if result is not None and result.scores:
        tags.append(("Scores", scores_text(result.scores)))
    return [f'[{key} "{value}"]' for key, value in tags]


def scores_text(scores: dict[str, Any]) -> str:
    """``beaten A=3 B=5 C=2; ...``: per-seat scores by seat letter, other scores as they are."""
    parts = []
    for name, value in scores.items():
        if isinstance(value, tuple | list) and all(isinstance(v, int) for v in value):
            shown = " ".join(f"{seat_letter(i)}={v}" for i, v in enumerate(value))
        else:
            shown = str(value)
        parts.append(f"{name} {shown}")
    return "; ".join(parts).replace('"', "'")


# --- parsing ---------------------------------------------------------------------------------


def parse_text(text: str) -> tuple[Header, list[Move], set[int]]:
    """Read a text export back: its header, the moves of the game, checked as they go, and the
    indices of the illegal moves among them that the table played on."""
    tags: dict[str, str] = {}
    body: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        match = _TAG.match(line)
        if match and not body:
            tags[match.group(1)] = match.group(2)
        else:
            body.append((number, line))
    header = _header_from_tags(tags)
    state = header.start_state()
    moves: list[Move] = []
    kept: set[int] = set()
    if header.rules().engine != "durak":
        return header, _parse_generic(state, body), kept
    for number, line in body:
        line = _PLAYED_ON.sub(lambda m: " !" + m.group(1).strip().replace(" ", "_") + " ", line)
        line = re.sub(r"\{[^}]*\}", " ", line).strip()
        if not line:
            continue
        if all(token.startswith("!") for token in line.split()):  # kept before a bout began
            for token in line.split():
                state = _played_on(state, token, moves, kept, number)
            continue
        match = _BOUT.match(line)
        if match is None:
            raise InvalidNotation(f"line {number}: not a bout line: {line!r}")
        roles, rest = match.group(2), match.group(3)
        if "|" not in rest:
            raise InvalidNotation(
                f"line {number}: a bout line ends with '| bito', '| take' or '| open'"
            )
        tokens_text, ending = rest.rsplit("|", 1)
        ending = ending.strip()
        if ending not in ("bito", "take", "open"):
            raise InvalidNotation(f"line {number}: unknown ending {ending!r}")
        state = _parse_bout(state, roles, tokens_text.split(), ending, moves, kept, number)
    return header, moves, kept


def _played_on(
    state: GameState, token: str, moves: list[Move], kept: set[int], number: int
) -> GameState:
    """``!B:beat_7h/8c``: an illegal move the table played on, made as the table made it."""
    move = parse_move(token[1:].replace("_", " "))
    after = play_on(state, move)
    if after is None:
        raise InvalidNotation(f"line {number}: {format_move(move)} cannot be played on here")
    kept.add(len(moves))
    moves.append(move)
    return after


def _header_from_tags(tags: dict[str, str]) -> Header:
    if "Variant" not in tags or "Players" not in tags:
        raise InvalidNotation("a text export needs [Variant] and [Players] tags")
    options: dict[str, str] = {}
    for item in filter(None, tags.get("Options", "").split(",")):
        key, _, value = item.partition("=")
        options[key.strip()] = value.strip()
    players: list[str] = []
    for i, item in enumerate(tags["Players"].split(",")):
        seat, _, name = item.strip().partition("=")
        if parse_seat(seat) != i:
            raise InvalidNotation("[Players] must list seats A, B, C... in order")
        players.append(name)
    return Header(
        variant=tags["Variant"],
        options=options,
        players=tuple(players),
        dealer=parse_seat(tags.get("Dealer", "A")),
        trump_card=Card.parse(tags["Trump"]) if "Trump" in tags else None,
        trump_suit=Suit.parse(tags["TrumpSuit"]) if "TrumpSuit" in tags else None,
        first_attacker=parse_seat(tags["FirstAttacker"]) if "FirstAttacker" in tags else None,
        start_position=tags.get("Position"),
    )


def _parse_bout(
    state: GameState,
    roles: str,
    tokens: list[str],
    ending: str,
    moves: list[Move],
    kept: set[int],
    number: int,
) -> GameState:
    attacker = state.attacker
    first_role = roles.split(">")[0]
    if attacker < 0 and first_role != "?":
        attacker = parse_seat(first_role)

    def play(move: Move) -> None:
        nonlocal state
        verdict, new_state = check_and_apply(state, move)
        if not verdict.ok:
            raise InvalidNotation(f"line {number}: {verdict.message()}")
        moves.append(move)
        state = new_state

    bout = state.bouts
    for token in tokens:
        if token.startswith("!"):
            state = _played_on(state, token, moves, kept, number)
            continue
        seat = attacker
        body = token
        if re.match(r"^[A-J]:", token):
            seat, body = parse_seat(token[0]), token[2:]
        if body == "pass":
            play(Pass(seat))
        elif body == "take":
            play(Take(state.defender))
        elif body == "done":
            play(Done(seat))
        elif body.startswith("reveal="):
            play(RevealTrump(state.attacker if state.attacker >= 0 else seat, Card.parse(body[7:])))
        elif body.partition("=")[0] in VARIANT_MOVES:
            verb, _, args = body.partition("=")
            play(parse_move(f"{seat_letter(seat)}:{verb} {args.replace('_', ' ')}"))
        elif body.startswith("~"):
            play(Transfer(state.defender, parse_cards(body[1:])))
        else:
            place, _, cover = body.partition("/")
            from_stock = place.endswith("*")
            cards = parse_cards(place.rstrip("*"))
            on_table = (
                cover
                and len(cards) == 1
                and any(p.attack == cards[0] and p.cover is None for p in state.table)
            )
            if not on_table:
                if state.phase is Phase.ATTACK:
                    play(Attack(seat, cards, from_stock))
                else:
                    play(ThrowIn(seat, cards))
            if cover:
                play(Defend(state.defender, cards[0], Card.parse(cover)))
    if ending != "open" and _still_open(state, bout):
        if ending == "take" and state.phase is Phase.DEFENCE:
            play(Take(state.defender))
        if _still_open(state, bout):
            closer = next(
                s
                for s in range(state.players)
                if s not in (state.defender, state.dummy_seat) and s not in state.finished
            )
            play(Done(closer))
    return state


def _still_open(state: GameState, bout: int) -> bool:
    return state.bouts == bout and state.phase is not Phase.OVER


def _parse_generic(state: State, body: list[tuple[int, str]]) -> list[Move]:
    moves: list[Move] = []
    for number, raw in body:
        line = re.sub(r"\{[^}]*\}", " ", raw).strip()
        match = re.match(r"^\d+\.\s*(.*)$", line)
        if match is None:
            raise InvalidNotation(f"line {number}: not a numbered line: {raw!r}")
        for text in filter(None, (t.strip() for t in match.group(1).split(";"))):
            move = parse_move(text)
            verdict, state = check_and_apply(state, move)
            if not verdict.ok:
                raise InvalidNotation(f"line {number}: {verdict.message()}")
            moves.append(move)
    return moves
