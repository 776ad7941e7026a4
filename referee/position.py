"""Position notation: one line that writes and reads a whole position as the table knows it.

Like FEN for chess. Space-separated fields, the variant first, then ``key=value`` pairs::

    podkidnoy(deck=52) trump=9s seats=A6:Jh,B4:8h.Kd,C0x1 stock=12 discard=6c.6d
        table=7h/9h.9c turn=A>B phase=defence quota=6 bout=5

=============  ======================================================================
variant        slug, with table options in brackets: ``podkidnoy(deck=52,base_mode=simple)``
``trump``      ``9s`` the trump card under the stock; ``s`` a trump suit with no card on show;
               ``-`` no trumps; a trailing ``?`` means a hidden second trump is still to come
``seats``      per seat: letter, hand count, ``:`` and the cards known to be in the hand
               (``.``-separated), ``x1``/``x2``... when out, with the order of going out
``stock``      cards left in the stock (the trump card included)
``discard``    the discard pile (``-`` when empty); ``oop`` cards out of play
``table``      attack/cover pairs in placement order (``9c`` = uncovered)
``turn``       attacker ``>`` defender (``?`` before the first attack when it is not known)
``phase``      attack, defence, taking, reveal or over; ``passed`` seats that passed
``quota``      the defender's hand when he became defender (the B10 limit's base)
``bout``       bouts played; ``dealer``; ``stats`` beaten/figures/pogony per seat; ``last``
               the latest cover when it is not the last pair's
``ptrumps``    `fool_personal_trumps`: the personal trump card in front of each seat (A first)
``tjoker``     `two_jokers`: the joker turned as the trump card (its colour is trump)
``reserve``    `magadan`: face-down reserve cards per seat (counts: the cards are not seen)
``faceup``     `fool_five`: the taken cards lying face up in front of each seat (``/`` between
               seats; they are also listed in the seat's hand)
``exchanged``  ``1`` when the bout's stock exchange was made (`pokerny`, `fool_five`);
               ``barred`` the seats whose random throw-in missed (`negotiable`)
=============  ======================================================================
"""

from __future__ import annotations

from dataclasses import replace

from referee.cards import UNKNOWN_CARD, Card, CardSet, Rank, Suit
from referee.errors import InvalidNotation, InvalidPosition
from referee.moves import parse_seat, seat_letter
from referee.rules import Rules
from referee.setup import deck_of, dummy_seat_of, for_players
from referee.state import NO_SEAT, GameState, Hand, Pair, Phase, Stats
from referee.variants import find_variant


def _cards(text: str) -> tuple[Card, ...]:
    if text in ("", "-"):
        return ()
    return tuple(Card.parse(token) for token in text.split("."))


def _write_cards(cards: object) -> str:
    items = [str(c) for c in cards]  # type: ignore[attr-defined]
    return ".".join(items) if items else "-"


def write_position(
    state: GameState, *, options: dict[str, str] | None = None, reveal_hands: bool = False
) -> str:
    """The one-line table view of ``state``.

    A full-information state writes what the table has seen go into each hand (as a camera
    would know it), or every card with ``reveal_hands``.
    """
    rules = state.rules
    opts = ",".join(f"{k}={v}" for k, v in sorted((options or {}).items()))
    fields = [rules.variant + (f"({opts})" if opts else "")]
    if state.indicator_in_stock():
        trump = str(state.trump_card)
    else:
        trump = state.trump_suit.value if state.trump_suit else "-"
    if state.hidden_trump_pending:
        trump += "?"
    fields.append(f"trump={trump}")
    seats = []
    for seat, hand in enumerate(state.hands):
        text = f"{seat_letter(seat)}{hand.count}"
        shown = hand.known if reveal_hands else hand.seen
        if shown:
            text += ":" + _write_cards(shown)
        if seat in state.finished:
            text += f"x{state.finished.index(seat) + 1}"
        seats.append(text)
    fields.append("seats=" + ",".join(seats))
    fields.append(f"stock={state.stock_count}")
    fields.append(f"discard={_write_cards(state.discard)}")
    if state.out_of_play:
        fields.append(f"oop={_write_cards(state.out_of_play)}")
    pairs = [_write_pair(p, reveal_hands or not state.full_info) for p in state.table]
    fields.append("table=" + (".".join(pairs) if pairs else "-"))
    attacker = "?" if state.attacker == NO_SEAT else seat_letter(state.attacker)
    defender = "?" if state.defender == NO_SEAT else seat_letter(state.defender)
    fields.append(f"turn={attacker}>{defender}")
    fields.append(f"phase={state.phase.value}")
    if state.passed:
        fields.append("passed=" + "".join(seat_letter(s) for s in sorted(state.passed)))
    fields.append(f"quota={state.defender_quota}")
    if state.covered_at_handover:
        fields.append(f"handover={state.covered_at_handover}")
    covers = [p.cover for p in state.table if p.cover is not None]
    if covers and state.last_defence is not None and state.last_defence != covers[-1]:
        fields.append(f"last={state.last_defence}")
    if state.self_throw is not None:
        fields.append(f"self={state.self_throw}")
    fields += _special_fields(state)
    fields += _part_b_fields(state)
    fields.append(f"bout={state.bouts}")
    fields.append(f"dealer={seat_letter(state.dealer)}")
    if any(state.stats.beaten) or any(state.stats.figures) or any(state.stats.pogony):
        stats = state.stats
        fields.append(
            "stats="
            + "/".join(
                ".".join(map(str, row)) for row in (stats.beaten, stats.figures, stats.pogony)
            )
        )
    return " ".join(fields)


def _special_fields(state: GameState) -> list[str]:
    """The fields of the special-rule variants (§5.4 part A), when they apply."""
    out: list[str] = []
    if state.personal_trumps:
        out.append(f"ptrumps={_write_cards(state.personal_trumps)}")
    if state.trump_joker is not None:
        out.append(f"tjoker={state.trump_joker}")
    if state.reserves:
        out.append("reserve=" + ".".join(str(r.count) for r in state.reserves))
    if state.face_up:
        out.append("faceup=" + "/".join(_write_cards(pile) for pile in state.face_up))
    if state.exchanged:
        out.append("exchanged=1")
    if state.throw_barred:
        out.append("barred=" + "".join(seat_letter(s) for s in sorted(state.throw_barred)))
    return out


def _write_pair(pair: Pair, reveal: bool) -> str:
    """``7h/9h``; a face-down cover (`veryu_ne_veryu`) is ``7h/??``, or ``7h/_9h`` when the
    hands are revealed (or a table view was told the card)."""
    if pair.cover is None:
        return str(pair.attack)
    if pair.face_down:
        known = reveal and pair.cover != UNKNOWN_CARD
        return f"{pair.attack}/" + (f"_{pair.cover}" if known else "??")
    return f"{pair.attack}/{pair.cover}"


def _part_b_fields(state: GameState) -> list[str]:
    """`shield`: ``ticket`` the rank the defender received by a ticket; ``thrown`` one character
    per table pair, the thrower's seat or ``-`` (the cap of 10, §4.47.12). The `bolvan` dummy's
    seat follows from the dealer (§4.38.1)."""
    out: list[str] = []
    if state.ticket_rank is not None:
        out.append(f"ticket={state.ticket_rank.letter}")
    if any(p.thrown for p in state.table):
        out.append("thrown=" + "".join(seat_letter(p.by) if p.thrown else "-" for p in state.table))
    return out


def _read_part_b_fields(state: GameState, fields: dict[str, str]) -> GameState:
    rules = for_players(state.rules, state.players)
    changes: dict[str, object] = {
        "rules": rules,
        "dummy_seat": dummy_seat_of(rules, state.players, state.dealer),
    }
    if "ticket" in fields:
        changes["ticket_rank"] = Rank.parse(fields["ticket"])
    if "thrown" in fields:
        marks = fields["thrown"]
        if len(marks) != len(state.table):
            raise InvalidNotation("thrown= needs one character per table pair")
        changes["table"] = tuple(
            pair if mark == "-" else replace(pair, by=parse_seat(mark), thrown=True)
            for pair, mark in zip(state.table, marks, strict=True)
        )
    return replace(state, **changes)  # type: ignore[arg-type]


def _variant_and_options(text: str) -> tuple[str, dict[str, str]]:
    if "(" not in text:
        return text, {}
    if not text.endswith(")"):
        raise InvalidNotation(f"bad variant field {text!r}: expected name(option=value,...)")
    name, inner = text[:-1].split("(", 1)
    options: dict[str, str] = {}
    for item in filter(None, inner.split(",")):
        if "=" not in item:
            raise InvalidNotation(f"bad option {item!r}: expected option=value")
        key, value = item.split("=", 1)
        options[key.strip()] = value.strip()
    return name, options


_PHASES = {p.value: p for p in Phase}


def parse_position(text: str) -> tuple[GameState, dict[str, str]]:
    """Read a position line into a table-view state (and the table options it names)."""
    tokens = text.split()
    if not tokens:
        raise InvalidNotation("empty position")
    name, options = _variant_and_options(tokens[0])
    variant = find_variant(name)
    rules = variant.configure(options)
    fields: dict[str, str] = {}
    for token in tokens[1:]:
        if "=" not in token:
            raise InvalidNotation(f"bad position field {token!r}: expected key=value")
        key, value = token.split("=", 1)
        if key in fields:
            raise InvalidNotation(f"position field {key!r} appears twice")
        fields[key] = value
    missing = {"trump", "seats", "stock", "turn", "phase"} - set(fields)
    if missing:
        raise InvalidNotation(f"position lacks {', '.join(sorted(missing))}")
    try:
        state = _build(rules, fields)
    except (KeyError, ValueError) as exc:
        if isinstance(exc, (InvalidNotation, InvalidPosition)):
            raise
        raise InvalidNotation(f"bad position: {exc}") from exc
    _validate(state)
    return state, options


def _build(rules: Rules, fields: dict[str, str]) -> GameState:
    trump_text = fields["trump"]
    hidden_pending = trump_text.endswith("?")
    trump_text = trump_text.rstrip("?")
    trump_card: Card | None = None
    trump_suit: Suit | None = None
    if trump_text != "-":
        if len(trump_text) == 1:
            trump_suit = Suit.parse(trump_text)
        else:
            trump_card = Card.parse(trump_text)
            trump_suit = trump_card.suit
    hands: list[Hand] = []
    finished: dict[int, int] = {}
    for i, item in enumerate(fields["seats"].split(",")):
        seat = parse_seat(item[0])
        if seat != i:
            raise InvalidNotation(f"seats must be listed in order A, B, C...: {item!r}")
        body = item[1:]
        if "x" in body.split(":")[-1]:
            head, order = body.rsplit("x", 1)
            finished[seat] = int(order)
            body = head
        count_text, _, known_text = body.partition(":")
        known = CardSet.of(_cards(known_text))
        hands.append(Hand(int(count_text), known, known))
    players = len(hands)
    stock_count = int(fields["stock"])
    attacker_text, _, defender_text = fields["turn"].partition(">")
    attacker = NO_SEAT if attacker_text == "?" else parse_seat(attacker_text)
    defender = NO_SEAT if defender_text in ("?", "") else parse_seat(defender_text)
    phase = _PHASES.get(fields["phase"])
    if phase is None:
        raise InvalidNotation(f"unknown phase {fields['phase']!r}")
    table: list[Pair] = []
    for item in filter(lambda t: t != "-", fields.get("table", "-").split(".")):
        attack_text, _, cover_text = item.partition("/")
        attack_card = Card.parse(attack_text)
        face_down = cover_text.startswith("_") or cover_text == "??"
        cover = Card.parse(cover_text.lstrip("_")) if cover_text else None
        pair = Pair(attack_card, attacker, cover, defender if cover else NO_SEAT, face_down)
        table.append(pair)
    stats_rows = [tuple([0] * players)] * 3
    if "stats" in fields:
        stats_rows = [tuple(int(x) for x in row.split(".")) for row in fields["stats"].split("/")]
        if len(stats_rows) != 3 or any(len(r) != players for r in stats_rows):
            raise InvalidNotation("stats must be beaten/figures/pogony, one number per seat")
    last = fields.get("last")
    covers = [p.cover for p in table if p.cover is not None]
    state = GameState(
        rules=rules,
        full_info=False,
        hands=tuple(hands),
        stock_count=stock_count,
        trump_card=trump_card,
        trump_suit=trump_suit,
        discard=CardSet.of(_cards(fields.get("discard", "-"))),
        out_of_play=CardSet.of(_cards(fields.get("oop", "-"))),
        table=tuple(table),
        phase=phase,
        attacker=attacker,
        defender=defender,
        dealer=parse_seat(fields.get("dealer", "A")),
        defender_quota=int(fields.get("quota", hands[defender].count if defender >= 0 else 0)),
        covered_at_handover=int(fields.get("handover", "0")),
        passed=frozenset(parse_seat(c) for c in fields.get("passed", "")),
        last_defence=Card.parse(last) if last else (covers[-1] if covers else None),
        self_throw=Card.parse(fields["self"]) if "self" in fields else None,
        hidden_trump_pending=hidden_pending,
        finished=tuple(sorted(finished, key=lambda s: finished[s])),
        bouts=int(fields.get("bout", "0")),
        stats=Stats(*stats_rows),
    )
    state = _read_special_fields(state, fields)
    state = _read_part_b_fields(state, fields)
    if phase is Phase.OVER:
        playing = [s for s in range(players) if s not in state.finished]
        state = replace(state, fool=playing[0] if len(playing) == 1 else None)
    return state


def _read_special_fields(state: GameState, fields: dict[str, str]) -> GameState:
    players = state.players
    changes: dict[str, object] = {}
    if "ptrumps" in fields:
        changes["personal_trumps"] = _cards(fields["ptrumps"])
    if "tjoker" in fields:
        changes["trump_joker"] = Card.parse(fields["tjoker"])
        if state.trump_card is not None and state.trump_card.is_joker:
            changes["trump_suit"] = None
    if "reserve" in fields:
        changes["reserves"] = tuple(Hand(int(c)) for c in fields["reserve"].split("."))
    if "faceup" in fields:
        changes["face_up"] = tuple(CardSet.of(_cards(t)) for t in fields["faceup"].split("/"))
    if fields.get("exchanged") == "1":
        changes["exchanged"] = True
    if "barred" in fields:
        changes["throw_barred"] = frozenset(parse_seat(c) for c in fields["barred"])
    for name in ("personal_trumps", "reserves", "face_up"):
        value = changes.get(name)
        if isinstance(value, tuple) and len(value) != players:
            raise InvalidNotation(f"{name}: one entry per seat is needed")
    return replace(state, **changes) if changes else state  # type: ignore[arg-type]


def _validate(state: GameState) -> None:
    """Reject positions that cannot exist: cards counted twice, impossible counts or seats."""
    rules = state.rules
    n = state.players
    if not rules.min_players <= n <= rules.max_players:
        raise InvalidPosition(
            f"{rules.variant} is played by {rules.min_players}-{rules.max_players} players"
        )
    deck = CardSet.of(deck_of(rules))
    seen: list[Card] = list(state.discard) + list(state.out_of_play)
    for pair in state.table:
        seen.append(pair.attack)
        if pair.cover is not None and pair.cover != UNKNOWN_CARD:
            seen.append(pair.cover)
    for hand in state.hands:
        if hand.count < len(hand.known) or hand.count < 0:
            raise InvalidPosition("a seat lists more known cards than its hand count")
        seen.extend(hand.known)
    if state.trump_card is not None and state.indicator_in_stock():
        seen.append(state.trump_card)
    for card in seen:
        if card not in deck:
            raise InvalidPosition(f"{card} is not in the {rules.variant} deck")
    if len(set(seen)) != len(seen):
        dupes = sorted({c for c in seen if seen.count(c) > 1})
        raise InvalidPosition(f"cards appear twice: {' '.join(map(str, dupes))}")
    total = sum(h.count for h in state.hands) + state.stock_count + len(state.discard)
    total += len(state.out_of_play) + len(state.table) + sum(1 for p in state.table if p.cover)
    total += sum(r.count for r in state.reserves)
    for seat, pile in enumerate(state.face_up):
        if pile - state.hands[seat].known:
            raise InvalidPosition("face-up cards in front of a seat are part of its hand")
    if total > len(deck):
        raise InvalidPosition(f"the position holds {total} cards; the deck has {len(deck)}")
    for seat in (state.attacker, state.defender):
        if seat != NO_SEAT and not 0 <= seat < n:
            raise InvalidPosition(f"seat {seat_letter(seat)} is not at this table")
    if state.phase in (Phase.DEFENCE, Phase.TAKING) and not state.table:
        raise InvalidPosition("a bout is open but the table is empty")
    if state.phase is Phase.ATTACK and state.table:
        raise InvalidPosition("phase attack with cards on the table")
    if (
        state.phase is not Phase.ATTACK
        and state.attacker == NO_SEAT
        and state.phase is not Phase.OVER
    ):
        raise InvalidPosition("the attacker must be named once a bout is open")
