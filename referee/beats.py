"""The beat relation (glossary, B8) with its variant forms (§5.2 "Beat relation")."""

from __future__ import annotations

from referee.cards import Card, Rank, Suit, lowest_rank
from referee.rules import JokerRule, Rules

Reason = tuple[str, str]
"""A reason in English and Russian."""


def beat_failure(rules: Rules, trump: Suit | None, attack: Card, cover: Card) -> Reason | None:
    """Why ``cover`` does not beat ``attack`` (English, Russian), or None when it does."""
    if rules.joker_rule is JokerRule.BLANK_BEATS_ALL_BEATEN_BY_ALL:
        if cover.is_blank or attack.is_blank:
            return None
    if rules.joker_rule is JokerRule.JOKER_BEATS_ALL:
        if cover.is_joker:
            return None
        if attack.is_joker:
            return ("a joker cannot be beaten", "джокер не бьётся")
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


def beats(rules: Rules, trump: Suit | None, attack: Card, cover: Card) -> bool:
    return beat_failure(rules, trump, attack, cover) is None
