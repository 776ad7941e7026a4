"""The beat relation (glossary, B8) with its variant forms (§5.2 "Beat relation")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cards import Card, Rank, Suit, lowest_rank
from referee.rules import JokerRule, Rules

if TYPE_CHECKING:
    from referee.state import GameState

Reason = tuple[str, str]
"""A reason in English and Russian."""


def beat_failure(
    rules: Rules,
    trump: Suit | None,
    attack: Card,
    cover: Card,
    trump_joker: Card | None = None,
) -> Reason | None:
    """Why ``cover`` does not beat ``attack`` (English, Russian), or None when it does.

    ``trump_joker`` is the joker turned as the trump card in `two_jokers` (its whole colour is
    trump, §4.40.4)."""
    if rules.joker_rule is JokerRule.COLOUR_JOKERS:
        return _colour_joker_failure(trump, trump_joker, attack, cover)
    if rules.joker_rule is JokerRule.BLANK_BEATS_ALL_BEATEN_BY_ALL:
        if cover.is_blank or attack.is_blank:
            return None
    if rules.joker_rule is JokerRule.JOKER_BEATS_ALL:
        if cover.is_joker:
            return None
        if attack.is_joker:
            return ("a joker cannot be beaten", "джокер не бьётся")
    if rules.joker_rule is JokerRule.JOKER_VS_DEUCE and (attack.is_joker or cover.is_joker):
        return _joker_vs_deuce_failure(attack, cover)
    if not (attack.is_normal and cover.is_normal):
        return (
            "this card has no rank or suit to beat with",
            "у этой карты нет ни достоинства, ни масти",
        )
    assert attack.rank is not None and cover.rank is not None
    if rules.lowest_rank_only_by_ace and attack.rank == lowest_rank(rules.deck_ranks):
        if cover.rank != Rank.ACE:
            return (
                f"the lowest rank ({attack.rank.letter}) can be beaten only by an ace",
                f"младшую карту ({attack.rank.letter}) бьёт только туз",
            )
    same_suit = attack.suit == cover.suit
    if attack.suit in rules.trump_immune_suits:
        if same_suit and cover.rank > attack.rank:
            return None
        assert attack.suit is not None
        return (
            f"{attack.suit.symbol} can be beaten only by a higher card of its own suit",
            f"{attack.suit.symbol} бьётся только старшей картой той же масти",
        )
    if same_suit:
        if cover.rank > attack.rank:
            return None
        if cover.rank == attack.rank:
            return ("a card of equal rank does not beat", "карта того же достоинства не бьёт")
        return ("a lower card of the same suit does not beat", "младшая карта той же масти не бьёт")
    if trump is not None and cover.suit == trump and attack.suit != trump:
        return None
    if trump is not None and attack.suit == trump:
        return ("a trump is beaten only by a higher trump", "козырь бьётся только старшим козырем")
    return (
        "a different suit that is not trump does not beat",
        "карта другой масти, не козырь, не бьёт",
    )


def _joker_vs_deuce_failure(attack: Card, cover: Card) -> Reason | None:
    """`shield` (§4.47.10): a joker beats any card except a 2; only a 2 (of any suit
    [assumption]) or the other joker beats a joker."""
    if attack.is_joker:
        if cover.is_joker or cover.rank == Rank.TWO:
            return None
        return (
            "a joker is beaten only by a 2 or the other joker",
            "джокера бьёт только двойка или другой джокер",
        )
    if attack.rank == Rank.TWO:
        return ("a joker does not beat a 2", "джокер не бьёт двойку")
    return None


def beats(rules: Rules, trump: Suit | None, attack: Card, cover: Card) -> bool:
    return beat_failure(rules, trump, attack, cover) is None


def defence_trump(state: GameState, defender: int) -> Suit | None:
    """The trump suit that applies when ``defender`` beats: his personal trump in
    `fool_personal_trumps` (§4.13.5, the defender's), else the game's trump suit."""
    if state.personal_trumps:
        return state.personal_trumps[defender].suit
    return state.trump_suit


def cover_failure(state: GameState, defender: int, attack: Card, cover: Card) -> Reason | None:
    """:func:`beat_failure` with the trump that applies to ``defender`` in ``state``."""
    return beat_failure(
        state.rules, defence_trump(state, defender), attack, cover, state.trump_joker
    )


# --- `two_jokers` (§4.40) --------------------------------------------------------------------


def _colour_joker_failure(
    trump: Suit | None, trump_joker: Card | None, attack: Card, cover: Card
) -> Reason | None:
    """§4.40: the joker of the trump colour is the highest card; the other joker beats any card
    of its own colour and is beaten by any trump or the highest joker (§4.40.5). With a joker as
    the trump card, both suits of its colour are trumps and beat each other by rank only."""
    if trump_joker is not None:
        trump_red: bool | None = trump_joker.is_red
    elif trump is not None:
        trump_red = trump.is_red
    else:
        trump_red = None

    def is_trump(card: Card) -> bool:
        if trump_joker is not None:
            return card.is_normal and card.is_red == trump_red
        return card.suit is not None and card.suit == trump

    if cover.is_joker:
        if cover.is_red == trump_red:
            return None  # the highest card of the game
        if attack.is_normal and attack.is_red == cover.is_red and not is_trump(attack):
            return None
        return (
            "this joker beats only non-trump cards of its own colour",
            "этот джокер бьёт только некозырные карты своего цвета",
        )
    if attack.is_joker:
        if attack.is_red == trump_red:
            return ("the highest joker cannot be beaten", "старший джокер не бьётся")
        if is_trump(cover):
            return None
        return (
            "the lesser joker is beaten only by a trump or the highest joker",
            "младший джокер бьётся только козырем или старшим джокером",
        )
    assert attack.rank is not None and cover.rank is not None
    if is_trump(attack):
        if not is_trump(cover):
            return (
                "a trump is beaten only by a higher trump",
                "козырь бьётся только старшим козырем",
            )
        if cover.rank > attack.rank:
            return None
        if cover.rank == attack.rank:
            return (
                "trumps of equal rank cannot beat each other (§4.40.4c)",
                "козыри одного достоинства друг друга не бьют (§4.40.4c)",
            )
        return ("a lower trump does not beat", "младший козырь не бьёт")
    if is_trump(cover):
        return None
    if attack.suit == cover.suit:
        if cover.rank > attack.rank:
            return None
        if cover.rank == attack.rank:
            return ("a card of equal rank does not beat", "карта того же достоинства не бьёт")
        return ("a lower card of the same suit does not beat", "младшая карта той же масти не бьёт")
    return (
        "a different suit that is not trump does not beat",
        "карта другой масти, не козырь, не бьёт",
    )
