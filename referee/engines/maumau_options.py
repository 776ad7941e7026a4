"""`czech`'s rule settings (VARIANTS.md §4.44): the base rules and options 1-11 as a
:class:`Config` of the ``maumau`` engine (:mod:`referee.engines.maumau`), its penalty scoring, and
the option's rules in words for the rules pages.

Where the option texts are silent or garbled, the choices are (each an [assumption]):

* option 2's small deck moves the draw-2/draw-1 cards from 6/7 to 7/8, whatever the option;
* option 3: "the player who stays with the jack loses immediately" reads as the loser of a game
  who still holds a Jack loses the whole match; the dealer's last card shown has no rule effect;
* option 4: while an ace's naming right is open, a player without a card draws only one;
* option 5: 30 points written off may take a score below zero;
* option 7: "the peak" is the Queen of spades (§6.18); its 7, Qs and Ks do not skip the turn;
* option 9: the Queen of spades left in hand counts 50 instead of a Queen's 20;
* a card's draw penalty applies even when it is its player's last card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.cards import Card, Rank, Suit, lowest_rank
from referee.rules import FirstAttacker, Rules

# --- the options as settings -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """What playing a card does (§4.44.8 and the options)."""

    draw: int = 0
    """Cards the opponent draws."""
    again: bool = False
    """The player moves again (the opponent skips his turn, or the card says "continue")."""
    free: bool = False
    """Any card may be put on top of it (option 7's six)."""
    names: bool = False
    """Option 4's ace: the next card of its suit names a suit."""

    def text(self) -> str:
        parts = []
        if self.draw:
            parts.append(f"the opponent draws {self.draw}")
        if self.again:
            parts.append("the player moves again")
        if self.free:
            parts.append("any card may go on top")
        if self.names:
            parts.append("the next card of its suit names a suit")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class Config:
    """The rules of one `czech` option (§4.44 base rules and options 1-11)."""

    option: str
    hand_size: int
    wild: Rank
    draw_one: bool
    """Options 1, 7, 8, 10: draw only one card; if it cannot be played, the turn passes."""
    suit_only: bool
    """Option 6: match by suit only; by rank only when a 6 lies on top."""
    call_skips: bool
    """Option 6: after a wild card names a suit, the opponent skips (the player moves again)."""
    actions: dict[tuple[Rank, Suit | None], Action] = field(default_factory=dict)
    points: dict[Rank, int] = field(default_factory=dict)
    held_special: dict[Card, int] = field(default_factory=dict)
    """Penalty for particular cards left in hand, instead of their rank's points (option 9)."""
    lone_queen: int | None = None
    """Option 5: a Queen left as the only card scores this."""
    finish_bonus: dict[tuple[Rank, Suit | None], int] = field(default_factory=dict)
    """Points written off for finishing on this card (options 5 and 9)."""
    jack_loses_match: bool = False
    """Option 3: the loser left holding a Jack loses the match at once."""
    target: int = 100

    def action(self, card: Card) -> Action | None:
        assert card.rank is not None
        return self.actions.get((card.rank, card.suit)) or self.actions.get((card.rank, None))


_BASE_POINTS = {Rank(r): r for r in range(2, 11)} | {
    Rank.JACK: 2,
    Rank.QUEEN: 20,  # §4.44.9 [ambiguity] default: a Queen in hand counts 20 instead of 3
    Rank.KING: 4,
    Rank.ACE: 11,
}
_PENTAGON_POINTS = {Rank(r): 0 for r in range(2, 10)} | {
    Rank.TEN: 10,
    Rank.JACK: 2,
    Rank.QUEEN: 20,
    Rank.KING: 4,
    Rank.ACE: 11,
}
_SKIP = Action(again=True)


def config(rules: Rules) -> Config:
    """The settings of the option the table plays (``Rules.czech_option``)."""
    option = rules.czech_option
    small = rules.deck_ranks == 32
    two, one = (Rank.SEVEN, Rank.EIGHT) if small else (Rank.SIX, Rank.SEVEN)
    actions: dict[tuple[Rank, Suit | None], Action] = {
        (two, None): Action(draw=2, again=True),
        (one, None): Action(draw=1, again=True),
        (Rank.ACE, None): _SKIP,
    }
    wild = Rank.QUEEN
    draw_one = option in ("1", "7", "8", "10")
    points = dict(_BASE_POINTS)
    held: dict[Card, int] = {}
    lone: int | None = None
    bonus: dict[tuple[Rank, Suit | None], int] = {}
    if option == "3":
        wild = Rank.JACK
    elif option == "4":
        actions[(Rank.ACE, None)] = Action(again=True, names=True)
    elif option == "5":
        lone = 30
        bonus[(Rank.QUEEN, None)] = 30
    elif option == "6":
        points = dict(_PENTAGON_POINTS)
    elif option == "7":
        wild = Rank.JACK
        actions = {
            (Rank.SIX, None): Action(again=True, free=True),
            (Rank.SEVEN, None): Action(draw=2),
            (Rank.QUEEN, Suit.SPADES): Action(draw=4),  # "the peak" [ambiguity]: the Qs
            (Rank.KING, Suit.SPADES): Action(draw=6),
            (Rank.ACE, None): _SKIP,
        }
    elif option == "8":
        actions[(Rank.KING, Suit.DIAMONDS)] = Action(draw=5, again=True)
    elif option in ("9", "9k"):
        actions = {
            (Rank.SIX, None): Action(draw=2),
            (Rank.SEVEN, None): Action(draw=1),
            (Rank.EIGHT, None): Action(again=True),
            (Rank.ACE, None): _SKIP,
        }
        if option == "9k":
            actions[(Rank.KING, None)] = Action(draw=5, again=True)
        held[Card(Rank.QUEEN, Suit.SPADES)] = 50
        bonus[(Rank.QUEEN, Suit.SPADES)] = 50
    elif option == "10":
        actions[(Rank.KING, Suit.HEARTS)] = Action(draw=5, again=True)
    elif option == "11":
        actions[(Rank.EIGHT, None)] = Action(again=True)
        actions[(Rank.KING, Suit.SPADES)] = Action(draw=5)
    return Config(
        option=option,
        hand_size=rules.hand_size,
        wild=wild,
        draw_one=draw_one,
        suit_only=option == "6",
        call_skips=option == "6",
        actions=actions,
        points=points,
        held_special=held,
        lone_queen=lone,
        finish_bonus=bonus,
        jack_loses_match=option == "3",
        target=rules.target_score or 100,
    )


def page_notes(rules: Rules) -> list[str]:
    """The option's rules in words, from :func:`config` (for :mod:`referee.rules_page`)."""
    cfg = config(rules)
    lines = [
        f"deal {cfg.hand_size} cards each; wild card: {cfg.wild.name.lower()} (names a suit)",
        "match by suit only (by rank when a 6 lies on top)"
        if cfg.suit_only
        else "match the top card by suit or by rank",
        "no playable card: draw one card; if it cannot be played, the turn passes"
        if cfg.draw_one
        else "no playable card: draw until a playable card comes, then play it",
    ]
    for (rank, suit), action in sorted(cfg.actions.items(), key=lambda kv: kv[0][0]):
        name = rank.letter + (suit.value if suit else "")
        lines.append(f"{name}: {action.text()}")
    if cfg.call_skips:
        lines.append("after a suit is named, the opponent skips his turn")
    low = lowest_rank(rules.deck_ranks)
    pts = ", ".join(f"{r.letter}={p}" for r, p in sorted(cfg.points.items()) if p and r >= low)
    lines.append(f"penalty points for cards left in hand: {pts}")
    for card, value in cfg.held_special.items():
        lines.append(f"{card} left in hand: {value} points")
    if cfg.lone_queen:
        lines.append(f"a Queen as the only card left: {cfg.lone_queen} points")
    for (rank, suit), value in cfg.finish_bonus.items():
        name = rank.letter + (suit.value if suit else "")
        lines.append(f"finishing on {name}: {value} points written off")
    if cfg.jack_loses_match:
        lines.append("the loser left holding a jack loses the match at once")
    lines.append(f"the match is lost at {cfg.target} points")
    if rules.first_attacker is FirstAttacker.DEALER:
        lines.append("the dealer moves first in every game")
    else:
        lines.append("game 1: the non-dealer moves first; later games: the previous winner")
    return lines


def hand_points(cfg: Config, cards: Sequence[Card]) -> int:
    """§4.44.9: the penalty points of the cards left in a loser's hand."""
    if cfg.lone_queen is not None and len(cards) == 1 and cards[0].rank is Rank.QUEEN:
        return cfg.lone_queen
    total = 0
    for card in cards:
        assert card.rank is not None
        total += cfg.held_special.get(card, cfg.points.get(card.rank, 0))
    return total


def finish_bonus(cfg: Config, card: Card) -> int:
    assert card.rank is not None
    return cfg.finish_bonus.get((card.rank, card.suit), cfg.finish_bonus.get((card.rank, None), 0))
