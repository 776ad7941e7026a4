"""Bito's referee: the rules of Durak and its variants, as a pure engine over immutable states.

Standard library only. The public API::

    from referee import deal, legal_moves, check, apply, outcome, rules_for
    state = deal(rules_for("podkidnoy"), players=3, seed=1)
    move = legal_moves(state)[0]
    verdict = check(state, move)          # legal, or the rule it breaks
    state = apply(state, move)            # a new state; the old one is unchanged
"""

from referee.cards import Card, CardSet, Rank, Suit, parse_cards
from referee.errors import (
    AmbiguousObservation,
    BitoError,
    IllegalMove,
    InvalidMove,
    InvalidNotation,
    InvalidPosition,
    InvalidRecord,
    InvalidRules,
)
from referee.game import apply, check, check_and_apply, deal, legal_moves, outcome, table_game
from referee.moves import (
    Attack,
    Defend,
    Done,
    Move,
    Pass,
    RevealTrump,
    Take,
    ThrowIn,
    Transfer,
    format_move,
    parse_move,
)
from referee.outcome import Outcome
from referee.rules import Rules
from referee.state import GameState, Phase
from referee.variants import VARIANTS, Variant, find_variant, playable_variants, rules_for
from referee.verdicts import Code, Verdict, Violation

__all__ = [
    "VARIANTS",
    "AmbiguousObservation",
    "Attack",
    "BitoError",
    "Card",
    "CardSet",
    "Code",
    "Defend",
    "Done",
    "GameState",
    "IllegalMove",
    "InvalidMove",
    "InvalidNotation",
    "InvalidPosition",
    "InvalidRecord",
    "InvalidRules",
    "Move",
    "Outcome",
    "Pass",
    "Phase",
    "Rank",
    "RevealTrump",
    "Rules",
    "Suit",
    "Take",
    "ThrowIn",
    "Transfer",
    "Variant",
    "Verdict",
    "Violation",
    "apply",
    "check",
    "check_and_apply",
    "deal",
    "find_variant",
    "format_move",
    "legal_moves",
    "outcome",
    "parse_cards",
    "parse_move",
    "playable_variants",
    "rules_for",
    "table_game",
]
