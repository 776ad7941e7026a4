"""The engine API for every variant: ``deal``, ``table_game``, ``check``, ``apply``,
``check_and_apply``, ``legal_moves``, ``outcome``, ``describe``.

Each variant's ``Rules.engine`` names the engine that plays it: ``durak`` (the configurable
engine of :mod:`referee.engine`, for the 30 variants of §5.3 and the Durak variants with special
rules) or one registered by a module of :mod:`referee.engines` (relay games, two-phase games,
games that are not Durak). Callers use these functions and never need to know which.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from referee import engine as durak_engine
from referee import movegen, position_text, setup
from referee import outcome as durak_outcome
from referee.cards import Card, Suit
from referee.errors import InvalidRules
from referee.moves import Move
from referee.outcome import Outcome
from referee.rules import Rules
from referee.verdicts import Verdict

State = Any
"""A game state of some engine: a frozen dataclass with ``rules``, ``full_info`` and
``is_over``."""


@dataclass(frozen=True, slots=True)
class Engine:
    name: str
    deal: Callable[..., State]
    """``deal(rules, players, seed, *, dealer=0, previous_fool=None, order=None)``"""
    table_game: Callable[..., State]
    """``table_game(rules, players, *, trump_card=None, trump_suit=None, dealer=0,
    first_attacker_seat=None)``: what a camera referee starts from."""
    check: Callable[[State, Move], Verdict]
    apply: Callable[[State, Move], State]
    check_and_apply: Callable[[State, Move], tuple[Verdict, State]]
    legal_moves: Callable[[State], list[Move]]
    outcome: Callable[[State], Outcome | None]
    describe: Callable[[State, str], str]
    bout_number: Callable[[State], int]
    """Which bout, trick or round the state is in (for one line per bout in exports)."""


ENGINES: dict[str, Engine] = {}


def register(engine: Engine) -> None:
    ENGINES[engine.name] = engine


register(
    Engine(
        name="durak",
        deal=setup.deal,
        table_game=setup.table_game,
        check=durak_engine.check,
        apply=durak_engine.apply,
        check_and_apply=durak_engine.check_and_apply,
        legal_moves=movegen.legal_moves,
        outcome=durak_outcome.outcome,
        describe=position_text.describe,
        bout_number=lambda state: state.bouts,
    )
)

_engine_modules: list[Any] = []


def _load_engines() -> list[Any]:
    """Import every module of :mod:`referee.engines` once (each registers its engine)."""
    if not _engine_modules:
        from referee import engines

        for info in sorted(pkgutil.iter_modules(engines.__path__), key=lambda i: i.name):
            _engine_modules.append(importlib.import_module(f"referee.engines.{info.name}"))
    return _engine_modules


def bespoke_variants() -> tuple[dict[str, Rules], dict[str, tuple[str, ...]]]:
    """The rules and aliases that engine modules define for their variants."""
    rules: dict[str, Rules] = {}
    aliases: dict[str, tuple[str, ...]] = {}
    for module in _load_engines():
        rules.update(getattr(module, "VARIANT_RULES", {}))
        aliases.update(getattr(module, "VARIANT_ALIASES", {}))
    return rules, aliases


def engine_for(rules: Rules) -> Engine:
    _load_engines()
    found = ENGINES.get(rules.engine)
    if found is None:
        raise InvalidRules(
            f"variant {rules.variant!r} needs engine {rules.engine!r}, not installed"
        )
    return found


def deal(
    rules: Rules,
    players: int,
    seed: int,
    *,
    dealer: int = 0,
    previous_fool: int | None = None,
    order: Sequence[Card] | None = None,
) -> State:
    """A full-information game dealt from ``seed`` (or from ``order``, top card first)."""
    return engine_for(rules).deal(
        rules, players, seed, dealer=dealer, previous_fool=previous_fool, order=order
    )


def table_game(
    rules: Rules,
    players: int,
    *,
    trump_card: Card | None = None,
    trump_suit: Suit | None = None,
    dealer: int = 0,
    first_attacker_seat: int | None = None,
) -> State:
    """The table view at the start of a game, as a camera referee knows it."""
    return engine_for(rules).table_game(
        rules,
        players,
        trump_card=trump_card,
        trump_suit=trump_suit,
        dealer=dealer,
        first_attacker_seat=first_attacker_seat,
    )


def check(state: State, move: Move) -> Verdict:
    """Judge ``move``: legal, or the rule it breaks (a verdict, never an exception)."""
    return engine_for(state.rules).check(state, move)


def apply(state: State, move: Move) -> State:
    """The state after a legal move (``IllegalMove`` for an illegal one); the input is unchanged."""
    return engine_for(state.rules).apply(state, move)


def check_and_apply(state: State, move: Move) -> tuple[Verdict, State]:
    """Judge a move and, when it is legal, make it."""
    return engine_for(state.rules).check_and_apply(state, move)


def legal_moves(state: State) -> list[Move]:
    """Every legal move in a full-information state."""
    return engine_for(state.rules).legal_moves(state)


def outcome(state: State) -> Outcome | None:
    """How the game ended, or None while it goes on."""
    return engine_for(state.rules).outcome(state)


def describe(state: State, lang: str = "en") -> str:
    """A short description of the position, for messages."""
    return engine_for(state.rules).describe(state, lang)


def bout_number(state: State) -> int:
    return engine_for(state.rules).bout_number(state)
