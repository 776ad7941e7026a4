"""The end of a game: the fool, a draw, or the scoring variants' winners and losers (B15)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules import EndLoser
from referee.state import GameState


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``losers`` holds the fool (one seat), or several seats when a tie is left to be decided by
    lot (the variant texts say so), or every non-winner in `figured`. ``draw`` means no loser.
    """

    losers: tuple[int, ...]
    winners: tuple[int, ...]
    draw: bool
    reason: str
    scores: dict[str, tuple[int, ...]]

    @property
    def fool(self) -> int | None:
        return self.losers[0] if len(self.losers) == 1 else None

    def to_dict(self) -> dict[str, object]:
        from referee.moves import seat_letter

        return {
            "fool": None if self.fool is None else seat_letter(self.fool),
            "losers": [seat_letter(s) for s in self.losers],
            "winners": [seat_letter(s) for s in self.winners],
            "draw": self.draw,
            "reason": self.reason,
            "scores": {k: list(v) for k, v in self.scores.items()},
        }


def _fewest(values: tuple[int, ...], seats: list[int]) -> list[int]:
    best = min(values[s] for s in seats)
    return [s for s in seats if values[s] == best]


def outcome(state: GameState) -> Outcome | None:
    """The result once the game is over, else None."""
    if not state.is_over:
        return None
    rules = state.rules
    seats = [s for s in range(state.players) if s != state.dummy_seat]  # `bolvan`: no dummy
    holder = state.fool
    others = [s for s in seats if s != holder]
    stats = state.stats
    if state.drawn_by_repetition:
        return Outcome((), (), True, "the same position came round three times: a draw", {})
    if state.loser_by_hand_size:
        assert holder is not None
        where = "§4.32.3" if rules.end_loser is EndLoser.POKER_SHOWDOWN else "§4.11"
        return Outcome((holder,), tuple(others), False, f"holds too many cards ({where})", {})
    match rules.end_loser:
        case EndLoser.FEWEST_BEATEN_CARDS:
            losers = _fewest(stats.beaten, seats)
            reason = "fewest beaten cards (§4.28)" + (
                ", tie decided by lot" if len(losers) > 1 else ""
            )
            winners = [s for s in seats if s not in losers]
            return Outcome(tuple(losers), tuple(winners), False, reason, {"beaten": stats.beaten})
        case EndLoser.FEWEST_POGONY:
            losers = _fewest(stats.pogony, seats)
            if len(losers) > 1 and holder in losers:
                losers = [holder]
            reason = "fewest pogony (§4.31)" + (", tie decided by lot" if len(losers) > 1 else "")
            winners = [s for s in seats if s not in losers]
            return Outcome(tuple(losers), tuple(winners), False, reason, {"pogony": stats.pogony})
        case EndLoser.MOST_FIGURES_BEATEN_WINS:
            best = max(stats.figures)
            winners = [s for s in seats if stats.figures[s] == best]
            losers = [s for s in seats if s not in winners]
            return Outcome(
                tuple(losers),
                tuple(winners),
                False,
                "most figure cards beaten wins (§4.43)",
                {"figures": stats.figures},
            )
        case EndLoser.POKER_SHOWDOWN if any(state.face_up):
            return _showdown(state)
        case EndLoser.FIRST_OUT_WINS:
            first = state.finished[:1]
            return Outcome(
                () if holder is None else (holder,),
                tuple(first),
                holder is None,
                "the first player out wins (§4.41)",
                {},
            )
    if holder is None:
        return Outcome((), tuple(seats), True, "everyone ran out together: a draw (B15)", {})
    return Outcome((holder,), tuple(others), False, "last player holding cards (B15)", {})


def _showdown(state: GameState) -> Outcome:
    """`pokerny` §4.32.3: the best poker hand of five wins, the worst loses [assumption]."""
    from referee.showdown import best_hand, category_name

    values = {s: best_hand(list(pile)) for s, pile in enumerate(state.face_up) if pile}
    best, worst = max(values.values()), min(values.values())
    categories = tuple(int(values[s][0]) if s in values else -1 for s in range(state.players))
    scores = {"poker": categories}
    if best == worst:
        return Outcome((), (), True, "poker showdown (§4.32.3): equal hands, a draw", scores)
    winners = tuple(s for s, v in values.items() if v == best)
    losers = tuple(s for s, v in values.items() if v == worst)
    reason = f"poker showdown (§4.32.3): {category_name(best)} wins, {category_name(worst)} loses"
    return Outcome(losers, winners, False, reason, scores)
