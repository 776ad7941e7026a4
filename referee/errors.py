"""The referee's typed errors.

A player's illegal move is *not* an error: it is a :class:`referee.verdicts.Verdict`. These
exceptions are for input the referee cannot make sense of, and for asking ``apply`` to make a
move that ``check`` rejects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.verdicts import Verdict


class BitoError(Exception):
    """Base class of every error the referee raises."""


class InvalidNotation(BitoError, ValueError):
    """Text that should name a card, move, position or record cannot be parsed."""


class InvalidMove(BitoError, ValueError):
    """A move that is malformed in itself (wrong shape), whatever the position."""


class InvalidPosition(BitoError, ValueError):
    """A position or game set-up that cannot exist (cards counted twice, bad seats, ...)."""


class InvalidRules(BitoError, ValueError):
    """An unknown variant, option or option value."""


class InvalidRecord(BitoError, ValueError):
    """A game record that is malformed or does not replay."""


class IllegalMove(BitoError):
    """``apply`` was asked to make a move that breaks the rules; carries the verdict."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.message())
        self.verdict = verdict


class AmbiguousObservation(BitoError):
    """Several different moves explain what the camera saw."""
