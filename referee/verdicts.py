"""Verdicts: what the referee says about a move, with stable violation codes, in two languages.

An illegal move is not an exception: ``check`` returns a :class:`Verdict` whose ``violation``
names the broken rule. Messages name the move, the rule (B1-B17 of VARIANTS.md §2, or the
variant's section) and the position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.game import State


class Code(Enum):
    GAME_OVER = "game_over"
    OUT_OF_TURN = "out_of_turn"
    NOT_DEFENDER = "not_defender"
    CARD_NOT_IN_DECK = "card_not_in_deck"
    NOT_IN_HAND = "not_in_hand"
    NO_CARDS_LEFT = "no_cards_left"
    CARD_ALREADY_PLAYED = "card_already_played"
    CARD_IN_ANOTHER_HAND = "card_in_another_hand"
    CARD_IS_TRUMP_INDICATOR = "card_is_trump_indicator"
    CARD_OUT_OF_PLAY = "card_out_of_play"
    ATTACK_FORM = "attack_form"
    ATTACK_NOT_HIGHEST_RANK = "attack_not_highest_rank"
    ATTACK_LIMIT = "attack_limit"
    STOCK_LEAD_NOT_ALLOWED = "stock_lead_not_allowed"
    NOT_ON_TABLE = "not_on_table"
    ALREADY_COVERED = "already_covered"
    DOES_NOT_BEAT = "does_not_beat"
    THROW_IN_NOT_ALLOWED = "throw_in_not_allowed"
    THROW_IN_BEFORE_BEAT = "throw_in_before_beat"
    THROW_IN_NO_MATCH = "throw_in_no_match"
    THROW_IN_PRIORITY = "throw_in_priority"
    SELF_THROW_MUST_BE_BEATEN = "self_throw_must_be_beaten"
    TRANSFER_NOT_ALLOWED = "transfer_not_allowed"
    TRANSFER_AFTER_BEAT = "transfer_after_beat"
    TRANSFER_RANK = "transfer_rank"
    TRANSFER_RECEIVER_CANNOT_COVER = "transfer_receiver_cannot_cover"
    NOTHING_TO_TAKE = "nothing_to_take"
    PASS_NOT_ALLOWED = "pass_not_allowed"
    DONE_NOT_ALLOWED = "done_not_allowed"
    REVEAL_NOT_DUE = "reveal_not_due"
    REVEAL_WRONG_CARD = "reveal_wrong_card"
    MUST_REVEAL_TRUMP = "must_reveal_trump"
    # games that are not Durak (§4.8 armenian_2, §4.30 pasyansny, §4.44 czech)
    MOVE_NOT_IN_GAME = "move_not_in_game"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    REVOKE = "revoke"
    STEP_DUE = "step_due"
    WRONG_CARD = "wrong_card"
    NOT_PLAYABLE = "not_playable"
    SUIT_CALL = "suit_call"
    MUST_PLAY = "must_play"
    DRAW_NOT_ALLOWED = "draw_not_allowed"
    WRONG_RANK = "wrong_rank"
    MUST_TURN_PERSONAL_TRUMPS = "must_turn_personal_trumps"
    PERSONAL_TRUMPS_WRONG = "personal_trumps_wrong"
    EXCHANGE_NOT_ALLOWED = "exchange_not_allowed"
    SHOW_NOT_ALLOWED = "show_not_allowed"
    # special rules at the table, part B (§4.47 shield, §4.38 bolvan, §4.12 veryu_ne_veryu)
    TICKET_NOT_ALLOWED = "ticket_not_allowed"
    MUST_BEAT_AFTER_TICKET = "must_beat_after_ticket"
    THROWN_IN_OVER_CAP = "thrown_in_over_cap"
    RETURN_NOT_ALLOWED = "return_not_allowed"
    FACE_DOWN_REQUIRED = "face_down_required"
    DOUBT_NOT_ALLOWED = "doubt_not_allowed"
    DUMMY_NO_ROLE = "dummy_no_role"
    # relay games (§4.9 bez_nazvaniya, §4.16 chinese, §4.33 polsky, §4.46 chukchi_2)
    NOT_TOP_CARD = "not_top_card"
    SPREAD_RULE = "spread_rule"

    # two-phase games, phase 1 (§4.19 krestovy, §4.20 krugly, §4.23 dialer, §4.49 skitgubbe)
    NOT_DECK_TOP = "not_deck_top"
    WRONG_PILE = "wrong_pile"
    CANNOT_CAPTURE = "cannot_capture"
    MUST_CAPTURE = "must_capture"


_TEMPLATES: dict[Code, tuple[str, str]] = {
    Code.GAME_OVER: ("the game is over", "партия окончена"),
    Code.OUT_OF_TURN: ("{who} may not act now: {why}", "{who} сейчас не может ходить: {why_ru}"),
    Code.NOT_DEFENDER: (
        "only the defender {defender} may {action}",
        "только отбивающийся {defender} может {action_ru}",
    ),
    Code.CARD_NOT_IN_DECK: (
        "{card} is not in this game's deck",
        "карты {card} нет в колоде этой партии",
    ),
    Code.NOT_IN_HAND: ("{who} does not hold {card}", "у {who} нет карты {card}"),
    Code.NO_CARDS_LEFT: (
        "{who} has no {count_word} cards left to play",
        "у {who} не осталось карт для этого хода",
    ),
    Code.CARD_ALREADY_PLAYED: (
        "{card} was already played ({where})",
        "карта {card} уже сыграна ({where_ru})",
    ),
    Code.CARD_IN_ANOTHER_HAND: (
        "{card} is known to be in {owner}'s hand",
        "карта {card} известна у игрока {owner}",
    ),
    Code.CARD_IS_TRUMP_INDICATOR: (
        "{card} is the trump card lying under the stock",
        "карта {card} лежит козырем под колодой",
    ),
    Code.CARD_OUT_OF_PLAY: ("{card} is out of play in this game", "карта {card} вне игры"),
    Code.ATTACK_FORM: (
        "{cards} is not a legal attack here: {why}",
        "{cards}: так ходить нельзя: {why_ru}",
    ),
    Code.ATTACK_NOT_HIGHEST_RANK: (
        "the lead must be of the highest rank in hand; {who} holds {higher}",
        "ходить нужно картой старшего достоинства; у {who} есть {higher}",
    ),
    Code.ATTACK_LIMIT: (
        "too many attack cards: {total} on the table, the limit is {limit}",
        "слишком много карт под отбой: {total}, предел {limit}",
    ),
    Code.STOCK_LEAD_NOT_ALLOWED: (
        "a lead from the stock is not allowed here: {why}",
        "ходить с колоды сейчас нельзя: {why_ru}",
    ),
    Code.NOT_ON_TABLE: (
        "{covers} is not an attack card on the table",
        "карты {covers} нет на столе",
    ),
    Code.ALREADY_COVERED: ("{covers} is already covered", "карта {covers} уже побита"),
    Code.DOES_NOT_BEAT: (
        "{card} does not beat {covers}: {why}",
        "{card} не бьёт {covers}: {why_ru}",
    ),
    Code.THROW_IN_NOT_ALLOWED: ("no throw-in allowed: {why}", "подкидывать нельзя: {why_ru}"),
    Code.THROW_IN_BEFORE_BEAT: (
        "no card has been beaten yet, so nobody may throw in",
        "ещё ни одна карта не побита, подкидывать нельзя",
    ),
    Code.THROW_IN_NO_MATCH: (
        "{card} may not be thrown in: {why}",
        "{card} нельзя подкинуть: {why_ru}",
    ),
    Code.THROW_IN_PRIORITY: (
        "{who} may not throw in yet: {holder} has the first right",
        "{who} пока не может подкидывать: первым подкидывает {holder}",
    ),
    Code.SELF_THROW_MUST_BE_BEATEN: (
        "the defender must first beat his own thrown-in card {card}",
        "отбивающийся сначала должен побить свою подкинутую карту {card}",
    ),
    Code.TRANSFER_NOT_ALLOWED: ("no transfer allowed: {why}", "переводить нельзя: {why_ru}"),
    Code.TRANSFER_AFTER_BEAT: (
        "a transfer is only allowed before any card is beaten",
        "переводить можно только до того, как побита первая карта",
    ),
    Code.TRANSFER_RANK: (
        "{card} does not match the rank of the cards to transfer ({rank})",
        "{card} не совпадает по достоинству с переводимыми картами ({rank})",
    ),
    Code.TRANSFER_RECEIVER_CANNOT_COVER: (
        "{receiver} holds {held} cards and cannot cover {needed}",
        "у {receiver} {held} карт, отбить {needed} нельзя",
    ),
    Code.NOTHING_TO_TAKE: (
        "every card is covered: there is nothing to take",
        "все карты побиты: брать нечего",
    ),
    Code.PASS_NOT_ALLOWED: ("{who} cannot pass now: {why}", "{who} не может пасовать: {why_ru}"),
    Code.DONE_NOT_ALLOWED: (
        "the bout cannot close now: {why}",
        "закрыть кон сейчас нельзя: {why_ru}",
    ),
    Code.REVEAL_NOT_DUE: (
        "no hidden trump is due to be turned",
        "сейчас не нужно открывать козырь",
    ),
    Code.REVEAL_WRONG_CARD: (
        "{card} cannot be the hidden trump: {why}",
        "{card} не может быть скрытым козырем: {why_ru}",
    ),
    Code.MUST_REVEAL_TRUMP: (
        "the hidden trump card must be turned face up first",
        "сначала нужно открыть скрытый козырь",
    ),
    Code.MOVE_NOT_IN_GAME: (
        "{move} is not a move of this game ({game})",
        "в этой игре ({game}) нет такого хода: {move}",
    ),
    Code.MUST_FOLLOW_SUIT: (
        "{who} must follow suit {suit}: he can play {card}",
        "{who} должен ходить в масть {suit}: у него есть {card}",
    ),
    Code.REVOKE: (
        "{who} revoked: at move {at} he showed he had no {what}, yet he held {card}",
        "{who} сфальшивил: на ходу {at} он показал, что у него нет {what}, а у него была {card}",
    ),
    Code.STEP_DUE: ("{step} comes first", "сначала: {step_ru}"),
    Code.WRONG_CARD: ("{card} is not {what}", "{card}: это не {what_ru}"),
    Code.NOT_PLAYABLE: (
        "{card} cannot be played on {top}: {why}",
        "{card} нельзя положить на {top}: {why_ru}",
    ),
    Code.SUIT_CALL: ("wrong suit call: {why}", "неверный заказ масти: {why_ru}"),
    Code.MUST_PLAY: (
        "{who} has a card to play ({card}), so he may not {action}",
        "у {who} есть карта для хода ({card}), поэтому {action_ru} нельзя",
    ),
    Code.DRAW_NOT_ALLOWED: ("no draw now: {why}", "брать карту сейчас нельзя: {why_ru}"),
    Code.WRONG_RANK: (
        "{card} is not the rank to play: {why}",
        "{card}: не то достоинство: {why_ru}",
    ),
    Code.MUST_TURN_PERSONAL_TRUMPS: (
        "the personal trump cards must be turned first",
        "сначала нужно открыть личные козыри",
    ),
    Code.PERSONAL_TRUMPS_WRONG: (
        "wrong personal trump cards: {why}",
        "неверные личные козыри: {why_ru}",
    ),
    Code.EXCHANGE_NOT_ALLOWED: ("no exchange allowed: {why}", "меняться нельзя: {why_ru}"),
    Code.SHOW_NOT_ALLOWED: (
        "no showdown hand to show here: {why}",
        "показывать карты для вскрытия сейчас нельзя: {why_ru}",
    ),
    Code.TICKET_NOT_ALLOWED: ("no ticket here: {why}", "проездной нельзя: {why_ru}"),
    Code.MUST_BEAT_AFTER_TICKET: (
        "{who} received the attack through a ticket and must beat it (no transfer, no ticket)",
        "{who} получил карты по проездному и должен их бить (без перевода и проездного)",
    ),
    Code.THROWN_IN_OVER_CAP: (
        "{count} cards were thrown in, more than {cap}: the defender first returns {excess} "
        "of them (or takes)",
        "подкинуто {count} карт, больше {cap}: отбивающийся сначала возвращает {excess} "
        "(или берёт)",
    ),
    Code.RETURN_NOT_ALLOWED: ("no return here: {why}", "вернуть карты нельзя: {why_ru}"),
    Code.FACE_DOWN_REQUIRED: (
        "defence cards are laid face down in this game ({who} may beat with 'facedown')",
        "в этой игре отбиваются рубашкой вверх ({who} кладёт карту закрытой)",
    ),
    Code.DOUBT_NOT_ALLOWED: ("no 'I doubt' here: {why}", "«не верю» сейчас нельзя: {why_ru}"),
    Code.DUMMY_NO_ROLE: (
        "the dummy ({who}) may not {action}",
        "болван ({who}) не может {action_ru}",
    ),
    Code.NOT_TOP_CARD: (
        "{covers} is not the top card: the card to beat is {top}",
        "{covers} не верхняя карта: бить нужно {top}",
    ),
    Code.SPREAD_RULE: ("spread: {why}", "россыпь: {why_ru}"),
    Code.NOT_DECK_TOP: (
        "{card} is not the card to turn now: {why}",
        "{card} сейчас открыть нельзя: {why_ru}",
    ),
    Code.WRONG_PILE: (
        "{card} goes on {where}: {why}",
        "{card} кладётся на {where_ru}: {why_ru}",
    ),
    Code.CANNOT_CAPTURE: (
        "{card} cannot take {target}: {why}",
        "{card} не может взять {target}: {why_ru}",
    ),
    Code.MUST_CAPTURE: (
        "{card} must take a card: it can take {target}",
        "{card} обязана взять карту: можно взять {target}",
    ),
}


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: a stable ``code``, the rule reference, and message parameters."""

    code: Code
    rule: str
    params: tuple[tuple[str, str], ...] = ()

    def message(self, lang: str = "en") -> str:
        en, ru = _TEMPLATES[self.code]
        template = ru if lang == "ru" else en
        values = _Defaulting(dict(self.params))
        return template.format_map(values)


class _Defaulting(dict[str, str]):
    def __missing__(self, key: str) -> str:
        if key.endswith("_ru") and key[:-3] in self:
            return self[key[:-3]]
        return "?"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The referee's answer about one move in one position."""

    move: str
    state: State
    """The position the move was judged in."""
    violation: Violation | None = None
    unchecked: tuple[str, ...] = field(default=())
    """Rules the referee could not check here (hidden hands), in English ..."""
    unchecked_ru: tuple[str, ...] = field(default=())
    """... and in Russian."""
    earlier: tuple[Violation, ...] = field(default=())
    """Rules broken by *earlier* moves that this (legal) move brings to light: a revoke, when a
    card played now shows that an earlier "I have none" was false."""

    def position(self, lang: str = "en") -> str:
        from referee.game import describe

        return describe(self.state, lang)

    @property
    def ok(self) -> bool:
        return self.violation is None

    @property
    def code(self) -> str | None:
        return None if self.violation is None else self.violation.code.value

    def message(self, lang: str = "en") -> str:
        position = self.position(lang)
        if self.violation is None:
            prefix = "ход разрешён" if lang == "ru" else "legal"
            found = "".join(f"; {v.message(lang)} [{v.rule}]" for v in self.earlier)
            return f"{self.move}: {prefix}{found} ({position})"
        label = "правило" if lang == "ru" else "rule"
        what = "нарушение" if lang == "ru" else "illegal"
        text = self.violation.message(lang)
        return f"{self.move}: {what}: {text} [{label} {self.violation.rule}] ({position})"

    def to_dict(self) -> dict[str, object]:
        return {
            "move": self.move,
            "legal": self.ok,
            "code": self.code,
            "rule": None if self.violation is None else self.violation.rule,
            "message": self.message("en"),
            "message_ru": self.message("ru"),
            "unchecked": list(self.unchecked),
            "unchecked_ru": list(self.unchecked_ru),
            "position": self.position("en"),
            **({"earlier": [self._earlier_dict(v) for v in self.earlier]} if self.earlier else {}),
        }

    @staticmethod
    def _earlier_dict(violation: Violation) -> dict[str, str]:
        return {
            "code": violation.code.value,
            "rule": violation.rule,
            "message": violation.message("en"),
            "message_ru": violation.message("ru"),
        }
