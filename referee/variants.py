"""The catalogue of all 51 variants of VARIANTS.md and the registry of the playable ones.

Each playable variant is one :class:`~referee.rules.Rules` value built by replacing the base
game's parameters (§5.3). Variants are found by slug or alias (Russian and English names).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from referee.cards import Suit
from referee.errors import InvalidRules
from referee.rules import (
    WHOLE_DECK,
    AttackForm,
    DealPattern,
    EndLoser,
    FirstAttacker,
    FirstAttackerTiebreak,
    HandsPass,
    HandsVisibility,
    JokerIndicator,
    JokerRule,
    LaterGames,
    RefillMode,
    RefillOrder,
    Rules,
    TakeWhat,
    ThrowInMatch,
    ThrowInWho,
    TransferMode,
    TrumpDynamics,
    TrumpRule,
    TrumpSource,
    configure,
)

_CATALOGUE_ROWS: tuple[tuple[str, str, str, str], ...] = (
    ("simple", "Simple Fool (Простой дурак) S3:1", "fully", "all plays face up"),
    ("podkidnoy", "Fool fiddling (Подкидной дурак) S3:10", "fully", ""),
    ("perevodnoy", "Fool translating (Переводной дурак) S3:19", "fully", ""),
    ("perevodnoy_2", "Fool 2 Translation S3:28", "fully", ""),
    ("albanian", "Fool Albanian S3:37", "fully", ""),
    ("american", "Fool American S3:46", "fully", "needs to attribute who placed a card"),
    (
        "armenian_1",
        "Fool Armenian - the first option S3:55",
        "fully",
        "a card turned from the stock is visible",
    ),
    (
        "armenian_2",
        "Fool Armenian - the second option S3:64",
        "partly",
        "not Durak; follow-suit only checkable in hindsight; trick-winner rule missing",
    ),
    ("bez_nazvaniya", "Дурак без названия (Fool without a name) S3:73", "fully", ""),
    ("beskozyrny", "Дурак бескозырный (Trumpless Fool) S3:82", "fully", ""),
    (
        "bolshoy",
        "Дурак большой (Big Fool) S3:91",
        "fully",
        "the tracker must allow duplicate cards",
    ),
    (
        "veryu_ne_veryu",
        "Fool believe I do not believe (Верю - не верю) S3:100",
        "partly",
        "face-down beats go unverified unless challenged: a face-down card is entered unseen "
        "(B:facedown 7h/??) and checked when someone doubts and it is turned (C:doubt 7h/9h)",
    ),
    (
        "fool_personal_trumps",
        "Fool S3:109",
        "fully",
        "each player's trump card lies face up in his seat zone: the dealer's turn of them is "
        "entered seat A first (B:trumps Kh+9s); two copies of a card are Ts and Ts'",
    ),
    ("road", "Fools road S3:118", "fully", ""),
    ("boring", "The fool is boring S3:127", "partly", "lead legality depends on the hidden hand"),
    ("chinese", "Fool Chinese S3:136", "fully", ""),
    ("trumps_changing", "Fool trumps S3:145", "fully", ""),
    ("royal", "Royal Fool (Королевский дурак?) S3:154 (+S1)", "fully", ""),
    (
        "krestovy",
        "Дурак крестовый (Clubs/Cross Fool) S3:163",
        "fully",
        "every pile lies face up, so every phase-2 hand is known",
    ),
    (
        "krugly",
        "Дурак круглый (Round Fool) S3:172",
        "fully",
        "the layout figure is missing: a ring of 8 open cards and a centre trump card are "
        "assumed; every card is seen face up",
    ),
    (
        "round_pass",
        "Round fool S3:183",
        "fully",
        "hand passing happens off the table; counts are tracked",
    ),
    (
        "magadan",
        "The fool Magadan S3:192",
        "partly",
        "face-down reserve: its cards are counted, never seen; a reserve card unlocked by a "
        "successful defence goes into the hand unseen, so the cards later played from that hand "
        "are taken on trust",
    ),
    (
        "dialer",
        "Fool's dialer S3:201",
        "fully",
        "every card is turned face up, so every phase-2 hand is known",
    ),
    ("frozen_fur", "Frozen Fur S3:210", "fully", ""),
    ("invisible", "Fool Invisible S3:219", "partly", "the trump must be entered by hand"),
    (
        "negotiable",
        "The fool is negotiable S3:228",
        "partly",
        "the blindness cannot be verified: every lead, throw-in and beat says 'cannot check' "
        "that the card was pulled at random; a random card that does not beat is not a foul, "
        "the defender takes all",
    ),
    ("fool_recycle", "Fool S3:237", "fully", ""),
    ("ochkovy", "Дурак очковый (Points Fool) S3:246", "fully", ""),
    ("parnomastny", "Дурак парномастный (Rank-or-suit Fool) S3:255", "fully", ""),
    (
        "pasyansny",
        "Дурак пасьянсный (Patience Fool) S3:264",
        "partly",
        'the laugh rule and "I have none" claims; the laugh is entered by a person '
        "(A:laugh: somebody laughed, A passes; A:nolaugh: nobody laughed, A takes the pile)",
    ),
    (
        "pogonny",
        "Дурак погонный (Epaulette Fool) S3:273",
        "fully",
        "needs to detect cards placed together",
    ),
    (
        "pokerny",
        "Дурак покерный (Poker Fool) S3:282",
        "partly",
        "the stock swap is hidden: it is entered without cards (B:swap) and its cards cannot be "
        "checked; in the showdown option every hand is laid face up (A:show 7h+7d+...)",
    ),
    ("polsky", "Дурак польский (Polish Fool) S3:294", "fully", ""),
    ("potayny", "Дурак потайной (Secret Fool) S3:303", "fully", "the reveal is visible"),
    ("pustoy", "Дурак пустой (Empty Fool) S3:312", "fully", ""),
    (
        "pustyshka",
        "Дурак пустышка (Blank-card Fool) S3:322",
        "fully",
        "if the blank is a detectable card (joker or 2/3/4 in a 36-card game",
    ),
    (
        "progression",
        "Дурак с арифметической прогрессией (Arithmetic Progression) S3:331",
        "fully",
        "",
    ),
    (
        "bolvan",
        "Дурак с болваном (Fool with a Dummy) S3:340",
        "partly",
        "dummy hand and attribution: the dummy's hand is never seen; the cards its controller "
        "throws in are entered at the dummy's seat (D:throw 9c); seats count the dummy's "
        "(3-7 seats for 2-6 players)",
    ),
    ("joker", "Дурак с Джокером (Fool with a Joker) S3:349", "fully", "needs a joker class"),
    (
        "two_jokers",
        "Дурак с двумя Джокерами (Two Jokers) S3:358",
        "fully",
        "needs red and black joker classes",
    ),
    ("s_par", "Дурак с пар (Fool with Pairs) S3:367", "fully", ""),
    ("treshka", "Дурак трешка (Three Fool) S3:377", "fully", ""),
    ("figured", "Fool figured S3:386", "fully", ""),
    (
        "czech",
        "Fool Czech S3:395",
        "partly",
        "not Durak; called suits are spoken; draw obligations depend on hidden cards",
    ),
    ("chukchi_1", "Fool of the Chukchi S3:433", "fully", "trump card seen at the start"),
    ("chukchi_2", "The Fool of the Chukchi (Чухонский дурак?) S3:442", "fully", ""),
    (
        "shield",
        "Fool Shield (Щёлковский дурак?) S3:451",
        "partly",
        "showing a card without playing it, duplicates, jokers: a ticket is entered when the "
        "trump is shown over the table (B:ticket 7s); the over-10 return is the defender's "
        "announcement (B:return 9c, or B:return order); two copies of a card are Ts and Ts'",
    ),
    ("japanese", "Fool Japanese S3:460", "fully", ""),
    (
        "skitgubbe",
        "Скитгаб (Skitgubbe, Mattis), Swedish/Norwegian fool S3:469",
        "fully",
        "the last card drawn must be shown (B:lastcard 9d); phase-1 hands and the reserve are "
        "hidden, so a card played is assumed to come from the hand; every trick card is seen",
    ),
    (
        "bones",
        "Fool with Bones (Дурак с костями = with dice?) S3:486",
        "no",
        "nothing to referee (would also need dice)",
    ),
    (
        "fool_five",
        "Fool five (Dureń Piątkowy) S0:1",
        "partly",
        "the swap involves a face-down stock card: the new trump card is seen, the card put "
        "under the stock may be entered unseen (A:exchange 9s); taken cards lie face up",
    ),
)
"""(slug, original title with source line, camera coverage, note) from the §3 matrix."""

PODKIDNOY = Rules()

_F3 = {"attack_cap": None, "refill_mode": RefillMode.NONE}

_RULES: dict[str, Rules] = {
    "podkidnoy": PODKIDNOY,
    "simple": replace(PODKIDNOY, throw_in_enabled=False, refill_order=RefillOrder.DEFENDER_LAST),
    "perevodnoy": replace(PODKIDNOY, transfer_mode=TransferMode.BEFORE_ANY_BEAT),
    "perevodnoy_2": replace(PODKIDNOY, transfer_mode=TransferMode.ALSO_ON_UNCOVERED_THROWN_CARDS),
    "albanian": PODKIDNOY,
    "american": replace(
        PODKIDNOY,
        throw_in_who=ThrowInWho.PLUS_DEFENDER_SELF,
        refill_order=RefillOrder.DEFENDER_LAST,
    ),
    "armenian_1": replace(PODKIDNOY, may_lead_stock_top=True),
    "beskozyrny": replace(
        PODKIDNOY, trump_source=TrumpSource.NONE, first_attacker=FirstAttacker.LOWEST_CARD
    ),
    "bolshoy": replace(PODKIDNOY, deck_copies=2, instant_loss_hand_size=52),
    "road": replace(
        PODKIDNOY,
        hand_size=WHOLE_DECK,
        trump_source=TrumpSource.LAST_DEALT,
        throw_in_match=ThrowInMatch.BEATS_LATEST_DEFENCE_CARD,
        **_F3,  # type: ignore[arg-type]
    ),
    "boring": replace(PODKIDNOY, attack_form=AttackForm.HIGHEST_RANK_ONLY),
    "trumps_changing": replace(
        PODKIDNOY, trump_dynamics=TrumpDynamics.SWAP_LAST_CARD_AFTER_SUCCESS
    ),
    "royal": replace(PODKIDNOY, lowest_rank_only_by_ace=True),
    "round_pass": replace(PODKIDNOY, hands_pass=HandsPass.ROTATE_LEFT),
    "frozen_fur": replace(
        PODKIDNOY,
        hand_size=WHOLE_DECK,
        trump_source=TrumpSource.LAST_DEALT,
        **_F3,  # type: ignore[arg-type]
    ),
    "invisible": replace(
        PODKIDNOY, trump_source=TrumpSource.ANNOUNCED_HIDDEN, dealer_outsider=True
    ),
    "fool_recycle": replace(PODKIDNOY, recycle_every=2),
    "ochkovy": replace(PODKIDNOY, end_loser=EndLoser.FEWEST_BEATEN_CARDS),
    "parnomastny": replace(PODKIDNOY, throw_in_match=ThrowInMatch.RANK_OR_SUIT_ON_TABLE),
    "pogonny": replace(
        PODKIDNOY,
        attack_form=AttackForm.SAME_RANK_MULTI,
        count_pogony=True,
        end_loser=EndLoser.FEWEST_POGONY,
    ),
    "potayny": replace(PODKIDNOY, trump_dynamics=TrumpDynamics.HIDDEN_SECOND_TRUMP),
    "pustoy": replace(PODKIDNOY, refill_mode=RefillMode.ONLY_WHEN_EMPTY),
    "pustyshka": replace(
        PODKIDNOY,
        blank_card=True,
        joker_rule=JokerRule.BLANK_BEATS_ALL_BEATEN_BY_ALL,
        joker_indicator=JokerIndicator.NO_TRUMPS,
    ),
    "progression": replace(
        PODKIDNOY, hand_size=1, refill_mode=RefillMode.PROGRESSIVE, attack_cap=None
    ),
    "joker": replace(
        PODKIDNOY,
        jokers=1,
        joker_rule=JokerRule.JOKER_BEATS_ALL,
        joker_indicator=JokerIndicator.REINSERT,
    ),
    "s_par": replace(
        PODKIDNOY,
        max_players=5,
        hand_size=5,
        refill_n=5,
        attack_form=AttackForm.PAIR_STRUCTURES,
        attack_cap=5,
        throw_in_enabled=False,
        first_attacker=FirstAttacker.LEFT_OF_DEALER,
        later_games=LaterGames.LEFT_OF_DEALER,
        end_loser=EndLoser.FIRST_OUT_WINS,
    ),
    "treshka": replace(PODKIDNOY, attack_form=AttackForm.EXACTLY_3),
    "figured": replace(PODKIDNOY, end_loser=EndLoser.MOST_FIGURES_BEATEN_WINS),
    "chukchi_1": replace(
        PODKIDNOY,
        stock_discarded=True,
        trump_source=TrumpSource.SHOWN_THEN_REINSERTED,
        **_F3,  # type: ignore[arg-type]
    ),
    "japanese": replace(
        PODKIDNOY,
        trump_source=TrumpSource.FIXED,
        fixed_trump=Suit.DIAMONDS,
        trump_immune_suits=frozenset({Suit.SPADES}),
    ),
    # --- special rules (§5.4 items 10 and 12-16) on the durak engine ---
    "two_jokers": replace(
        PODKIDNOY,
        jokers=2,
        joker_rule=JokerRule.COLOUR_JOKERS,
        joker_indicator=JokerIndicator.COLOUR_TRUMP,
        trump_rule=TrumpRule.COLOUR_TRUMP_RANK_ONLY,
    ),
    "fool_personal_trumps": replace(
        PODKIDNOY,
        deck_copies=2,
        trump_source=TrumpSource.PERSONAL_PER_PLAYER,
        trump_rule=TrumpRule.DEFENDER_PERSONAL,
    ),
    "pokerny": replace(PODKIDNOY, pre_beat_exchange=True),
    "negotiable": replace(
        PODKIDNOY, hands_visibility=HandsVisibility.FACES_OUT, random_selection=True
    ),
    # §4.22.2: 6 + 5 cards a seat fit 3 players with 36 cards and 4 with 52, so 52 by default
    "magadan": replace(PODKIDNOY, reserve_facedown=5, max_players=4, deck_ranks=52),
    "fool_five": replace(
        PODKIDNOY,
        deck_ranks=52,
        allowed_decks=(52,),
        hand_size=5,
        deal_pattern=DealPattern.THREE_THEN_TWO,
        refill_n=5,
        refill_order=RefillOrder.DEFENDER_LAST,
        attack_form=AttackForm.PAIR_STRUCTURES,
        attack_cap=None,
        take_what=TakeWhat.ALL_KEPT_FACE_UP_IN_FRONT,
        trump_dynamics=TrumpDynamics.PRE_TURN_INDICATOR_EXCHANGE,
        first_attacker=FirstAttacker.LEFT_OF_DEALER,
        later_games=LaterGames.LEFT_OF_DEALER,
    ),
    # --- special rules (§5.4 items 8, 9 and 11) on the durak engine, part B ---
    "veryu_ne_veryu": replace(
        PODKIDNOY, face_down_with_challenge=True, take_what=TakeWhat.BY_CHALLENGE_OUTCOME
    ),
    # seats include the dummy's (§4.38.1): 2-6 players and the dummy
    "bolvan": replace(
        PODKIDNOY,
        min_players=3,
        max_players=7,
        dummy=True,
        throw_in_who=ThrowInWho.PLUS_DUMMY_BY_CONTROLLER,
        dummy_cannot_lose=True,
    ),
    "shield": replace(
        PODKIDNOY,
        deck_ranks=52,
        allowed_decks=(52,),
        jokers=2,
        two_decks_from=5,
        max_players=10,
        joker_indicator=JokerIndicator.REINSERT,
        joker_rule=JokerRule.JOKER_VS_DEUCE,
        first_attacker_tiebreak=FirstAttackerTiebreak.NEXT_TRUMP_THEN_JOKER,
        later_games=LaterGames.UNDER_FOOL,
        attack_cap=None,
        throw_in_cap=10,
        transfer_mode=TransferMode.WITH_TICKET_REVERSE,
    ),
}

_PLUS_S_T = frozenset(
    [
        "perevodnoy_2",
        "albanian",
        "armenian_1",
        "beskozyrny",
        "bolshoy",
        "road",
        "boring",
        "trumps_changing",
        "royal",
        "round_pass",
        "frozen_fur",
        "invisible",
        "fool_recycle",
        "ochkovy",
        "pogonny",
        "potayny",
        "pustoy",
        "joker",
        "chukchi_1",
        "japanese",
        "veryu_ne_veryu",
        "fool_personal_trumps",
        "magadan",
        "negotiable",
        "pokerny",
    ]
)

_SECTIONS = {row[0]: f"4.{i + 1}" for i, row in enumerate(_CATALOGUE_ROWS)}

_ALIASES: dict[str, tuple[str, ...]] = {
    "podkidnoy": (
        "подкидной",
        "подкидной дурак",
        "podkidnoi",
        "podkidnoj",
        "throw-in",
        "fool-fiddling",
        "durak",
        "дурак",
    ),
    "simple": ("простой", "простой дурак", "prostoy", "prostoi", "simple-fool"),
    "perevodnoy": (
        "переводной",
        "переводной дурак",
        "perevodnoi",
        "perevodnoj",
        "transfer",
        "translating",
    ),
    "perevodnoy_2": ("двойной переводной", "double-transfer", "fool-2-translation"),
    "albanian": ("албанский",),
    "american": ("американский",),
    "armenian_1": ("армянский", "armenian"),
    "beskozyrny": ("бескозырный", "trumpless"),
    "bolshoy": ("большой", "big"),
    "road": ("дорожка", "fools-road"),
    "boring": ("скучный",),
    "trumps_changing": ("козыри меняются", "changing-trumps"),
    "royal": ("королевский",),
    "round_pass": ("round-fool",),
    "frozen_fur": ("мёрзлая шуба",),
    "invisible": ("невидимка", "невидимый"),
    "fool_recycle": ("recycle",),
    "ochkovy": ("очковый", "points"),
    "parnomastny": ("парномастный", "rank-or-suit"),
    "pogonny": ("погонный", "epaulette", "epaulettes"),
    "potayny": ("потайной", "secret"),
    "pustoy": ("пустой", "empty"),
    "pustyshka": ("пустышка", "blank"),
    "progression": ("прогрессия", "arithmetic-progression"),
    "joker": ("с джокером", "with-joker"),
    "s_par": ("с пар", "с парами", "pairs", "with-pairs"),
    "treshka": ("трешка", "трёшка", "three"),
    "figured": ("фигурный",),
    "chukchi_1": ("чухонский", "chukhon"),
    "japanese": ("японский",),
    "veryu_ne_veryu": ("верю не верю", "верю-не-верю", "believe", "i-doubt", "bluff"),
    "bolvan": ("с болваном", "дурак с болваном", "болван", "dummy", "with-dummy"),
    "shield": ("щёлковский", "щёлковский дурак", "щит", "fool-shield", "shchyolkovo"),
    "two_jokers": ("с двумя джокерами", "два джокера", "two-jokers", "fool-with-two-jokers"),
    "fool_personal_trumps": ("личные козыри", "personal-trumps", "fool-personal-trumps"),
    "pokerny": ("покерный", "покерный дурак", "poker", "poker-fool"),
    "negotiable": ("договорной", "договорной дурак", "the-fool-is-negotiable"),
    "magadan": ("магадан", "магаданский", "fool-magadan"),
    "fool_five": ("пятёрочный", "dureń piątkowy", "duren-piatkowy", "fool-five"),
}


@dataclass(frozen=True, slots=True)
class Variant:
    slug: str
    title: str
    section: str
    camera: str
    camera_note: str
    family: str
    plus_s_t: bool
    aliases: tuple[str, ...]
    rules: Rules | None
    """None when the variant is not playable yet."""
    why_not_playable: str = ""

    @property
    def playable(self) -> bool:
        return self.rules is not None

    @property
    def deck_sizes(self) -> tuple[int, ...]:
        return self.rules.allowed_decks if self.rules else ()

    def allowed_options(self) -> frozenset[str]:
        rules = self.rules
        if rules is None:
            return frozenset()
        if rules.engine in _NOT_DURAK_OPTIONS:  # §4.8, §4.30, §4.44
            return _NOT_DURAK_OPTIONS[rules.engine]
        allowed = {"later_games", "refill_order"}
        allowed.add("deck")  # one allowed size (`shield`: 52) may still be named
        if rules.later_games in (LaterGames.LEFT_OF_DEALER, LaterGames.HOLDER_OF_9D):
            allowed.discard("later_games")  # the same seat leads every game
        if rules.attack_cap is not None and rules.attack_cap > 5:
            allowed.add("first_bout_cap")
        if rules.throw_in_enabled or self.plus_s_t:
            allowed.add("throw_in_after_take")
        if not rules.has_stock or rules.engine == "relay":  # §4.16.8 names the relay's order
            allowed.discard("refill_order")
        if self.plus_s_t or self.slug == "dialer":  # §4.23.8: phase 2 may be perevodnoy
            allowed.add("base_mode")
        if self.slug == "krugly":
            allowed.add("play_for_winner")
        if self.slug == "skitgubbe":
            allowed |= {"multi_lead", "run_beat"}
        if self.plus_s_t or rules.transfer_mode is not TransferMode.NONE:
            allowed.add("transfer_several")
        if self.slug == "s_par":
            allowed.add("pyaterka")
        if self.slug == "chukchi_2":
            allowed.add("sequence")
        if self.slug == "bez_nazvaniya":
            allowed.add("take_card")
        if self.slug == "pokerny":
            allowed.add("poker_showdown")
        if self.slug == "shield":
            allowed |= {"decks", "one_joker"}
            allowed.discard("later_games")  # §4.47.6: always under the fool
        if self.slug == "bolvan":
            allowed.add("dummy_plays")
        return frozenset(allowed)

    def configure(self, options: Mapping[str, str] | None = None) -> Rules:
        """This variant's rules with the table's options applied."""
        if self.rules is None:
            raise InvalidRules(f"variant {self.slug!r} is not playable: {self.why_not_playable}")
        return configure(
            self.rules, options or {}, allowed=self.allowed_options(), deck_sizes=self.deck_sizes
        )


_NOT_DURAK_OPTIONS: dict[str, frozenset[str]] = {
    "trick": frozenset({"target_score"}),
    "maumau": frozenset({"deck", "czech_option"}),
    "sequence": frozenset({"rank_others"}),
}
"""The table options of the engines for games that are not Durak."""

_FAMILIES = {
    "F2: transfer": {"perevodnoy", "perevodnoy_2", "shield"},
    "F3: no-stock": {"frozen_fur", "road", "chukchi_1"},
    "F4: relay": {"chinese", "bez_nazvaniya", "chukchi_2", "polsky"},
    "F5: two-phase": {"krestovy", "krugly", "dialer", "skitgubbe"},
    "F6: not Durak": {"armenian_2", "czech", "pasyansny", "bones"},
}


def _family(slug: str) -> str:
    for name, members in _FAMILIES.items():
        if slug in members:
            return name
    return "F1: podkidnoy core"


def _build() -> dict[str, Variant]:
    from referee.game import bespoke_variants

    bespoke_rules, bespoke_aliases = bespoke_variants()
    all_rules = {**_RULES, **bespoke_rules}
    all_aliases = {**_ALIASES, **bespoke_aliases}
    out: dict[str, Variant] = {}
    for slug, title, camera, note in _CATALOGUE_ROWS:
        rules = all_rules.get(slug)
        if rules is not None:
            rules = replace(rules, variant=slug)
        why = ""
        if rules is None:
            why = (
                "the sources give no rules for it"
                if slug == "bones"
                else "needs bespoke logic (VARIANTS.md §5.4); not playable yet"
            )
        out[slug] = Variant(
            slug=slug,
            title=title,
            section=_SECTIONS[slug],
            camera=camera,
            camera_note=note,
            family=_family(slug),
            plus_s_t=slug in _PLUS_S_T,
            aliases=all_aliases.get(slug, ()),
            rules=rules,
            why_not_playable=why,
        )
    return out


VARIANTS: dict[str, Variant] = _build()
_LOOKUP: dict[str, str] = {}
for _variant in VARIANTS.values():
    for _name in (_variant.slug, *_variant.aliases):
        _LOOKUP[_name.casefold().replace("_", "-").replace(" ", "-")] = _variant.slug


def find_variant(name: str) -> Variant:
    """A variant by slug or alias (case-insensitive; Russian names accepted)."""
    key = name.strip().casefold().replace("_", "-").replace(" ", "-").replace("ё", "е")
    slug = _LOOKUP.get(key) or _LOOKUP.get(key.replace("е", "ё"))
    if slug is None:
        raise InvalidRules(f"unknown variant {name!r}; `bito variants` lists them")
    return VARIANTS[slug]


def playable_variants() -> list[Variant]:
    return [v for v in VARIANTS.values() if v.playable]


def rules_for(name: str, options: Mapping[str, str] | None = None) -> Rules:
    return find_variant(name).configure(options)
