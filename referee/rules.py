"""Rules as data: one immutable :class:`Rules` value per variant.

The fields are the orthogonal parameters of ``VARIANTS.md`` §5.2; every default is the base game
(§2, rules B1-B17). A variant is ``replace(PODKIDNOY, ...)`` (see :mod:`referee.variants`); the
options a table chooses before a game (deck size, under/from-under the fool, ...) are applied with
:func:`configure`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from referee.cards import Suit
from referee.errors import InvalidRules


class TrumpSource(Enum):
    STOCK_BOTTOM = "stock_bottom"
    LAST_DEALT = "last_dealt"
    FIXED = "fixed"
    NONE = "none"
    ANNOUNCED_HIDDEN = "announced_hidden"
    SHOWN_THEN_REINSERTED = "shown_then_reinserted"
    PERSONAL_PER_PLAYER = "personal_per_player"
    CENTRE_CARD = "centre_card"
    LAST_CARD_OF_PHASE1 = "last_card_of_phase1"


class JokerIndicator(Enum):
    NOT_APPLICABLE = "n/a"
    REINSERT = "reinsert_and_turn_again"
    NO_TRUMPS = "no_trumps"
    COLOUR_TRUMP = "colour_trump"


class TrumpDynamics(Enum):
    STATIC = "static"
    SWAP_LAST_CARD_AFTER_SUCCESS = "swap_last_card_after_success"
    HIDDEN_SECOND_TRUMP = "hidden_second_trump_after_stock"
    PRE_TURN_INDICATOR_EXCHANGE = "pre_turn_indicator_exchange"


class TrumpRule(Enum):
    PER_SUIT = "per_suit"
    DEFENDER_PERSONAL = "defender_personal"
    COLOUR_TRUMP_RANK_ONLY = "colour_trump_rank_only"


class RankOrder(Enum):
    STANDARD = "standard"
    TEN_BELOW_ACE = "ten_below_ace"


class JokerRule(Enum):
    NONE = "none"
    JOKER_BEATS_ALL = "joker_beats_all"
    COLOUR_JOKERS = "colour_jokers"
    JOKER_VS_DEUCE = "joker_vs_deuce"
    BLANK_BEATS_ALL_BEATEN_BY_ALL = "blank_beats_all_beaten_by_all"


class FirstAttacker(Enum):
    LOWEST_TRUMP = "lowest_trump"
    LEFT_OF_DEALER = "left_of_dealer"
    LOWEST_CARD = "lowest_card"
    HOLDER_OF_9D = "holder_of_9D"
    FIRST_WITH_A_SIX = "first_with_a_six"
    DEALER = "dealer"
    DEALER_OPPONENT = "dealer_opponent"


class FirstAttackerTiebreak(Enum):
    LOT = "lot"
    NEXT_TRUMP_THEN_JOKER = "next_trump_then_joker"


class LaterGames(Enum):
    UNDER_FOOL = "under_fool"
    FROM_UNDER_FOOL = "from_under_fool"
    LEFT_OF_DEALER = "left_of_dealer"
    PREVIOUS_WINNER = "previous_winner"
    HOLDER_OF_9D = "holder_of_9D"
    WINNER_OF_LAST_TRICK = "winner_of_last_trick"
    SAME_AS_GAME1 = "same_as_game1"
    """As in game 1 (`first_attacker`): `pasyansny`, `armenian_2`, `czech` options 3, 7, 9."""


class AttackForm(Enum):
    SINGLE = "single"
    SAME_RANK_MULTI = "same_rank_multi"
    PAIR_STRUCTURES = "pair_structures"
    PAIR_PLUS_ONE_STRUCTURES = "pair_plus_one_structures"
    PYATERKA = "pyaterka"
    EXACTLY_3 = "exactly_3"
    HIGHEST_RANK_ONLY = "highest_rank_only"


class ThrowInWho(Enum):
    NON_DEFENDERS = "non_defenders"
    PLUS_DEFENDER_SELF = "plus_defender_self"
    PLUS_DUMMY_BY_CONTROLLER = "plus_dummy_by_controller"


class ThrowInMatch(Enum):
    RANK_ON_TABLE = "rank_on_table"
    RANK_OR_SUIT_ON_TABLE = "rank_or_suit_on_table"
    BEATS_LATEST_DEFENCE_CARD = "beats_latest_defence_card"


class TransferMode(Enum):
    NONE = "none"
    BEFORE_ANY_BEAT = "before_any_beat"
    ALSO_ON_UNCOVERED_THROWN_CARDS = "also_on_uncovered_thrown_cards"
    WITH_TICKET_REVERSE = "with_ticket_reverse"


class DefenceMode(Enum):
    ALL_OR_TAKE = "all_or_take"
    PARTIAL = "partial"


class BoutStructure(Enum):
    STANDARD = "standard"
    RELAY = "relay"
    ASCENDING_SEQUENCE_RELAY = "ascending_sequence_relay"
    CENTRE_PILE_RELAY = "centre_pile_relay"


class TakeWhat(Enum):
    ALL_TABLE_CARDS = "all_table_cards"
    ALL_KEPT_FACE_UP_IN_FRONT = "all_kept_face_up_in_front"
    FIRST_CARD_ONLY = "first_card_only"
    BOTTOM_CARD = "bottom_card"
    TOP_CARD = "top_card"
    LED_PLUS_DRAWN = "led_plus_drawn"
    BY_CHALLENGE_OUTCOME = "by_challenge_outcome"
    UNBEATEN_ONLY = "unbeaten_only"
    LOWEST_RANKED = "lowest_ranked_card"


class NextAttackerAfterSuccess(Enum):
    DEFENDER = "defender"
    LAST_BEATER = "last_beater"


class NextAttackerAfterTake(Enum):
    LEFT_OF_DEFENDER = "left_of_defender"
    DEFENDER = "defender"


class HandsVisibility(Enum):
    NORMAL = "normal"
    FACES_OUT = "faces_out"


class DealPattern(Enum):
    ONE_AT_A_TIME = "one_at_a_time"
    THREE_THEN_TWO = "3_then_2"


class RefillMode(Enum):
    TO_N = "to_N"
    ONLY_WHEN_EMPTY = "only_when_empty"
    PROGRESSIVE = "progressive"
    NONE = "none"


class RefillOrder(Enum):
    ATTACKER_THEN_CLOCKWISE = "attacker_then_clockwise"
    DEFENDER_LAST = "defender_last"


class HandsPass(Enum):
    NONE = "none"
    ROTATE_LEFT = "rotate_left"


class EndLoser(Enum):
    LAST_WITH_CARDS = "last_with_cards"
    FEWEST_BEATEN_CARDS = "fewest_beaten_cards"
    FEWEST_POGONY = "fewest_pogony"
    MOST_FIGURES_BEATEN_WINS = "most_figures_beaten_wins"
    FIRST_OUT_WINS = "first_out_wins"
    POKER_SHOWDOWN = "poker_showdown"


class BaseMode(Enum):
    PODKIDNOY = "podkidnoy"
    SIMPLE = "simple"
    PEREVODNOY = "perevodnoy"


WHOLE_DECK = 0
"""``hand_size`` value meaning: deal the whole deck (F3 games)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule parameter of one variant as a table plays it (VARIANTS.md §5.2)."""

    variant: str = "podkidnoy"
    engine: str = "durak"
    """Which engine plays the variant (``referee.game.ENGINES``): durak for the 30 of §5.3."""
    # Deck (B1)
    deck_ranks: int = 36
    allowed_decks: tuple[int, ...] = (36, 52)
    """The deck sizes (32/36/52) a table may choose for this variant."""
    deck_copies: int = 1
    two_decks_from: int | None = None
    """`shield`: two decks from this many players on, else one (§4.47.1 [assumption])."""
    jokers: int = 0
    one_joker_removed: bool = False
    """`shield` option: one joker is taken out of the game (§4.47.3)."""
    blank_card: bool = False
    rank_order: RankOrder = RankOrder.STANDARD
    min_players: int = 2
    max_players: int = 6
    # Deal (B4)
    hand_size: int = 6
    deal_pattern: DealPattern = DealPattern.ONE_AT_A_TIME
    reserve_facedown: int = 0
    stock_discarded: bool = False
    dealer_outsider: bool = False
    # Trump (B5)
    trump_source: TrumpSource = TrumpSource.STOCK_BOTTOM
    fixed_trump: Suit | None = None
    joker_indicator: JokerIndicator = JokerIndicator.NOT_APPLICABLE
    trump_dynamics: TrumpDynamics = TrumpDynamics.STATIC
    # Beat relation (B8)
    trump_immune_suits: frozenset[Suit] = field(default_factory=frozenset)
    lowest_rank_only_by_ace: bool = False
    trump_rule: TrumpRule = TrumpRule.PER_SUIT
    joker_rule: JokerRule = JokerRule.NONE
    face_down_with_challenge: bool = False
    beat_with_run: bool = False
    """`skitgubbe` option: the led card may be beaten with a run of one suit (§4.49.16)."""
    # First attacker (B6)
    first_attacker: FirstAttacker = FirstAttacker.LOWEST_TRUMP
    first_attacker_tiebreak: FirstAttackerTiebreak = FirstAttackerTiebreak.LOT
    later_games: LaterGames = LaterGames.UNDER_FOOL
    # Attack (B7, B10)
    attack_form: AttackForm = AttackForm.SINGLE
    may_lead_stock_top: bool = False
    random_selection: bool = False
    attack_cap: int | None = 6
    first_bout_cap: int | None = None
    # Throw-in (B9, B11)
    throw_in_enabled: bool = True
    throw_in_who: ThrowInWho = ThrowInWho.NON_DEFENDERS
    throw_in_match: ThrowInMatch = ThrowInMatch.RANK_ON_TABLE
    throw_in_cap: int | None = None
    throw_in_after_take: bool = True
    count_pogony: bool = False
    # Transfer
    transfer_mode: TransferMode = TransferMode.NONE
    receiver_must_hold_enough: bool = True
    transfer_several: bool = False
    """§4.3(d), optional: transfer with several same-rank cards at once."""
    defence_mode: DefenceMode = DefenceMode.ALL_OR_TAKE
    pre_beat_exchange: bool = False
    bout_structure: BoutStructure = BoutStructure.STANDARD
    relay_until: int | None = None
    """Relay bouts: cards on the stack that close it (0 = the number of players in the game)."""
    instant_clear_card: str | None = None
    """Relay bouts: a card (``9d``) or rank (``A``) that sends the stack to the discard at once."""
    take_what: TakeWhat = TakeWhat.ALL_TABLE_CARDS
    next_attacker_after_success: NextAttackerAfterSuccess = NextAttackerAfterSuccess.DEFENDER
    next_attacker_after_take: NextAttackerAfterTake = NextAttackerAfterTake.LEFT_OF_DEFENDER
    # Discard, refill, hands (B12, B13)
    recycle_every: int | None = None
    refill_mode: RefillMode = RefillMode.TO_N
    refill_n: int = 6
    refill_order: RefillOrder = RefillOrder.ATTACKER_THEN_CLOCKWISE
    hands_pass: HandsPass = HandsPass.NONE
    hands_visibility: HandsVisibility = HandsVisibility.NORMAL
    dummy: bool = False
    dummy_may_attack_defend: bool = False
    # End (B15)
    end_loser: EndLoser = EndLoser.LAST_WITH_CARDS
    instant_loss_hand_size: int | None = None
    dummy_cannot_lose: bool = False
    base_mode: BaseMode = BaseMode.PODKIDNOY
    # Games that are not Durak (§4.8, §4.44); in ``to_dict`` only when set
    target_score: int | None = None
    """Match target: `armenian_2` wins on reaching it, `czech` loses (None: no match)."""
    czech_option: str = "base"
    """`czech`: the option of §4.44 the table plays: "base", "1".."11", or "9k" (option 9 with
    its King rule)."""

    @property
    def deals_whole_deck(self) -> bool:
        return self.hand_size == WHOLE_DECK

    @property
    def has_stock(self) -> bool:
        return not self.deals_whole_deck and not self.stock_discarded

    def to_dict(self) -> dict[str, Any]:
        """Every setting, JSON-ready (enums by value, suits by letter)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in _ONLY_WHEN_SET and value == f.default:
                continue  # records written before these settings existed stay valid
            out[f.name] = _encode(value)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        kwargs: dict[str, Any] = {}
        known = {f.name: f for f in dataclasses.fields(cls)}
        for name, value in data.items():
            if name not in known:
                raise InvalidRules(f"unknown rule setting {name!r}")
            kwargs[name] = _decode(name, value)
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise InvalidRules(f"bad rule settings: {exc}") from exc


_ONLY_WHEN_SET = frozenset(
    {"two_decks_from", "one_joker_removed", "beat_with_run", "target_score", "czech_option"}
)
"""Settings added after the first records were written: left out of ``to_dict`` at their default,
so that those records (the bundled demo among them) still match their variant."""

_ENUM_FIELDS: dict[str, type[Enum]] = {
    "trump_source": TrumpSource,
    "joker_indicator": JokerIndicator,
    "trump_dynamics": TrumpDynamics,
    "trump_rule": TrumpRule,
    "rank_order": RankOrder,
    "first_attacker_tiebreak": FirstAttackerTiebreak,
    "defence_mode": DefenceMode,
    "bout_structure": BoutStructure,
    "take_what": TakeWhat,
    "next_attacker_after_success": NextAttackerAfterSuccess,
    "next_attacker_after_take": NextAttackerAfterTake,
    "hands_visibility": HandsVisibility,
    "deal_pattern": DealPattern,
    "joker_rule": JokerRule,
    "first_attacker": FirstAttacker,
    "later_games": LaterGames,
    "attack_form": AttackForm,
    "throw_in_who": ThrowInWho,
    "throw_in_match": ThrowInMatch,
    "transfer_mode": TransferMode,
    "refill_mode": RefillMode,
    "refill_order": RefillOrder,
    "hands_pass": HandsPass,
    "end_loser": EndLoser,
    "base_mode": BaseMode,
}


def _encode(value: object) -> Any:
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(_encode(v) for v in value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _decode(name: str, value: Any) -> Any:
    try:
        if name in _ENUM_FIELDS:
            return _ENUM_FIELDS[name](value)
        if name == "fixed_trump":
            return None if value is None else Suit(value)
        if name == "trump_immune_suits":
            return frozenset(Suit(v) for v in value)
        if name == "allowed_decks":
            return tuple(int(v) for v in value)
    except ValueError as exc:
        raise InvalidRules(f"bad value {value!r} for rule setting {name!r}") from exc
    return value


# --- Options a table chooses before the game ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    values: tuple[str, ...]
    help: str


OPTIONS: dict[str, Option] = {
    o.name: o
    for o in (
        Option("deck", ("32", "36", "52"), "deck size: 32 (7..A), 36 (6..A) or 52 (2..A) cards"),
        Option(
            "later_games",
            ("under_fool", "from_under_fool"),
            "who attacks first in later games: right (under) or left (from under) of the fool",
        ),
        Option("first_bout_cap", ("none", "5"), "at most 5 attack cards in the first bout"),
        Option(
            "refill_order",
            ("attacker_then_clockwise", "defender_last"),
            "refill order: the seed's literal order, or the defender drawing last",
        ),
        Option("throw_in_after_take", ("true", "false"), "throw-ins allowed after a take"),
        Option(
            "transfer_several",
            ("false", "true"),
            "transfer with several same-rank cards at once (§4.3 d)",
        ),
        Option("pyaterka", ("false", "true"), "s_par: the 'Pyaterka' attack forms (§4.41.9)"),
        Option(
            "sequence",
            ("next_rank", "any_higher"),
            "chukchi_2: lay exactly the next rank of the suit, or any higher card of it "
            "(§4.46.3 [ambiguity])",
        ),
        Option(
            "take_card",
            ("bottom", "lowest"),
            "bez_nazvaniya: a player who does not beat takes the bottom card of the stack, "
            "or its lowest-ranked card (§4.9.8 [ambiguity])",
        ),
        Option(
            "poker_showdown",
            ("false", "true"),
            "pokerny: the author's poker showdown when the stock is gone; more than 10 cards "
            "loses (§4.32.3)",
        ),
        Option(
            "play_for_winner",
            ("false", "true"),
            "krugly: the first player out wins and all others lose (§4.20.13)",
        ),
        Option(
            "multi_lead",
            ("false", "true"),
            "skitgubbe: several cards of one rank may be led together in phase 2 (§4.49.12)",
        ),
        Option(
            "run_beat",
            ("false", "true"),
            "skitgubbe: the led card may be beaten with a run of one suit (§4.49.16)",
        ),
        Option(
            "target_score",
            ("21", "11", "31", "51"),
            "armenian_2: the match is won by the first player to reach this score (§4.8.1)",
        ),
        Option(
            "rank_others",
            ("false", "true"),
            "pasyansny: play on after the first player is out, to rank the others (§4.30.8)",
        ),
        Option(
            "czech_option",
            ("base", "1", "2", "3", "4", "5", "6", "7", "8", "9", "9k", "10", "11"),
            "czech: play one of the 11 options of §4.44 (9k: option 9 with its King rule)",
        ),
        Option("decks", ("auto", "1", "2"), "shield: 1 or 2 decks (auto: 2 decks from 5 players)"),
        Option("one_joker", ("false", "true"), "shield: one joker removed (§4.47.3)"),
        Option("dummy_plays", ("false", "true"), "bolvan: the dummy attacks and defends (§4.38.8)"),
        Option(
            "base_mode",
            ("podkidnoy", "simple", "perevodnoy"),
            "base engine for the +S/T variants",
        ),
    )
}


_CZECH_SETTINGS: dict[str, dict[str, Any]] = {
    "2": {"deck_ranks": 32},
    "3": {
        "hand_size": 6,
        "first_attacker": FirstAttacker.DEALER,
        "later_games": LaterGames.SAME_AS_GAME1,
    },
    "5": {"hand_size": 4},
    "7": {"first_attacker": FirstAttacker.DEALER, "later_games": LaterGames.SAME_AS_GAME1},
    "9": {
        "hand_size": 6,
        "first_attacker": FirstAttacker.DEALER,
        "later_games": LaterGames.SAME_AS_GAME1,
    },
    "11": {"target_score": 120},
}
"""What `czech`'s options change among the general settings (§4.44); the rest is the maumau
engine's."""
_CZECH_SETTINGS["9k"] = _CZECH_SETTINGS["9"]


def apply_base_mode(rules: Rules, mode: BaseMode) -> Rules:
    """Run a "+S/T" variant on the simple or perevodnoy engine (B17)."""
    if mode is BaseMode.SIMPLE:
        return replace(
            rules,
            base_mode=mode,
            throw_in_enabled=False,
            refill_order=RefillOrder.DEFENDER_LAST,
            transfer_mode=TransferMode.NONE,
        )
    if mode is BaseMode.PEREVODNOY:
        transfer = rules.transfer_mode
        if transfer is TransferMode.NONE:
            transfer = TransferMode.BEFORE_ANY_BEAT
        return replace(rules, base_mode=mode, transfer_mode=transfer)
    return replace(rules, base_mode=mode)


def configure(
    rules: Rules,
    options: Mapping[str, str],
    *,
    allowed: frozenset[str],
    deck_sizes: tuple[int, ...],
) -> Rules:
    """Apply table options (validated against the variant's ``allowed`` options)."""
    for name, raw in options.items():
        option = OPTIONS.get(name)
        if option is None:
            raise InvalidRules(f"unknown option {name!r}; options: {', '.join(sorted(OPTIONS))}")
        if name not in allowed:
            raise InvalidRules(f"option {name!r} does not apply to variant {rules.variant!r}")
        value = str(raw).strip().lower()
        if value not in option.values:
            raise InvalidRules(f"option {name}={raw!r}: choose one of {', '.join(option.values)}")
        if name == "deck":
            size = int(value)
            if size not in deck_sizes:
                raise InvalidRules(f"variant {rules.variant!r} is played with {deck_sizes} cards")
            rules = replace(rules, deck_ranks=size)
        elif name == "later_games":
            rules = replace(rules, later_games=LaterGames(value))
        elif name == "first_bout_cap":
            rules = replace(rules, first_bout_cap=None if value == "none" else int(value))
        elif name == "refill_order":
            rules = replace(rules, refill_order=RefillOrder(value))
        elif name == "throw_in_after_take":
            rules = replace(rules, throw_in_after_take=value == "true")
        elif name == "transfer_several":
            rules = replace(rules, transfer_several=value == "true")
        elif name == "pyaterka":
            if value == "true":
                rules = replace(rules, attack_form=AttackForm.PYATERKA)
        elif name == "poker_showdown":
            if value == "true":  # §4.32.3 [assumption]: the cap L is 10 cards
                rules = replace(rules, end_loser=EndLoser.POKER_SHOWDOWN, instant_loss_hand_size=11)
        elif name == "play_for_winner":
            if value == "true":
                rules = replace(rules, end_loser=EndLoser.FIRST_OUT_WINS)
        elif name == "multi_lead":
            if value == "true":
                rules = replace(rules, attack_form=AttackForm.SAME_RANK_MULTI)
        elif name == "run_beat":
            rules = replace(rules, beat_with_run=value == "true")
        elif name == "sequence" and value == "any_higher":
            rules = replace(rules, bout_structure=BoutStructure.RELAY)
        elif name == "take_card" and value == "lowest":
            rules = replace(rules, take_what=TakeWhat.LOWEST_RANKED)
        elif name == "base_mode":
            rules = apply_base_mode(rules, BaseMode(value))
        elif name == "target_score":
            rules = replace(rules, target_score=int(value))
        elif name == "decks":
            if value != "auto":
                rules = replace(rules, deck_copies=int(value), two_decks_from=None)
        elif name == "one_joker":
            rules = replace(rules, one_joker_removed=value == "true")
        elif name == "dummy_plays":
            rules = replace(rules, dummy_may_attack_defend=value == "true")
        elif name == "czech_option":
            rules = replace(rules, czech_option=value, **_CZECH_SETTINGS.get(value, {}))
        elif name == "rank_others" and value == "true":
            rules = replace(rules, end_loser=EndLoser.LAST_WITH_CARDS)
    return rules
