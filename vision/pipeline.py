"""The camera chain: frame -> detections -> table snapshot -> stable view -> change -> moves.

:class:`Pipeline` holds the only state of the chain: the table geometry, the motion detector, the
identity votes of the current still period and its memory of the cards lying on the table (where,
and how their region looked). Per frame:

1. Motion: while something moves over the battle area (a hand or arm), judgement is suspended
   where it is; the spell's border entry point is kept (the arm's side, the seat). When the
   table changed apart from the arm (a card it laid and left, half a card length away), the
   moving frame is read; a legal, certain move that adds cards read in two such frames, the
   arm touching no card, is judged then, as the arm withdraws (and read again when the table
   is still). Anything else waits for the still frames.
2. When the area has been still for ``settle_frames``, the detector runs on ``vote_frames``
   frames; each physical card's identity is the vote of those frames (so flicker does nothing).
   The last ``LOOK_BACK`` moving frames are read then too (the arm withdrawing): their readings
   that no moving pixel touches are glimpses, which count as reads of a card but not as frames
   it was missed in; with them the first still frame is judged at once when no arm reaches over
   the table and every card it reads is read enough.
3. The stable view is compared with the memory: new cards (closed world: not discarded, not on the
   table, in this deck; a card-shaped box, not a remembered card's corner or uncovered strip
   read as another), cards gone (not read where they lay, and their region changed), a table
   cleared (to bare cloth now or in a still frame since the last judgement, or with a lead laid
   at once after a bito; beaten pairs leave together, so when some are gone the others, read
   nowhere, went with them). Where beaten cards swept away came to rest is the discard pile: a
   reading centred there is no card in play (unless a calibration sets the zone). When an
   arm changed the battle area and no new card was read, or a card on the table is read no more
   and its place is not bare, the frame is read again turned three ways (a card laid on another
   is often read by its index only upright) and magnified.
4. :func:`vision.table.inference.infer` turns the change into referee moves, scored with the
   referee's verdicts and the evidence; uncertain ones carry alternatives for a confirmation.
   An arm that reached in and left nothing changed is a gesture: from the defender while a bout
   is open, "I take" (throw-ins may still follow); a hand resting over the table on its way is
   not a change, nor is the rest of the way out of an arm that made a move and paused, nor a
   card's corner read where an arm lies over the table (a card in the hand, judged when the arm
   has left). A reading that would be an illegal move waits until the cards have been read
   in ``CONFIRM_FRAMES`` frames, glimpses included, and ``ALARM_STILL`` still frames (a misread
   rarely holds that long; up to ``HOLD_FRAMES`` while another card laid apart is read in some
   frames but not yet enough); one of a card laid now is read once more, turned and magnified,
   before it is reported (a steady misread of one box's crop), from ``LOOK_READS`` reads on:
   that look's readings stand for the reads still missing. One made only of weakly read cards
   is no alarm at all.
   An illegal move whose cards still lie where they were laid when an arm next changes the
   table was played on (:mod:`referee.played_on`): it is made before the change is judged, and
   reported (:attr:`FrameReport.played_on`) for the caller.
5. While the table stays still the detector runs every ``idle_every`` frames, and a card read
   late (missed at first) is judged then. A card on the table whose place reads clearly, in
   many calm frames, as another card than the one reported is corrected
   (:attr:`FrameReport.corrections`); so is a discarded card, when a card of its name is read
   in a new place far more clearly than it was when laid (as clearly, when the two are twins):
   the one laid was what its reading gave the most probability after it (one deck: a card
   cannot lie in two places); and so is
   the trump card, drawn and played under the name the setup read, when a card of that name is
   read clearly in play: the setup misread it, and the trump is revised with the correction.

Before the game starts (``state`` None) the first still frames find the stock and its trump card
(the face-up card under a face-down pile, or the only face-up card on the table; a weak read
looks again for up to ``TRUMP_PATIENCE`` frames; variants that show no trump card skip this);
:attr:`Pipeline.trump_card` gives it to the caller, which then starts the referee's table view.
A trump read that names no suit clearly, or a faint one (under ``TRUMP_FAINT`` a frame), is
revised by the first beat legal only with another suit (:meth:`Pipeline._check_trump`); until
then the readings at the stock in the still frames of play count as readings of it too.
"""

from __future__ import annotations

import logging
import math
import time as _time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from referee.bout import table_ranks
from referee.cards import Card, Suit
from referee.game import State
from referee.moves import (
    Attack,
    Defend,
    Done,
    Move,
    Take,
    ThrowIn,
    Transfer,
    move_cards,
    with_card_read_as,
)
from referee.played_on import play_on
from referee.rules import Rules
from referee.setup import TRUMP_CARD_SOURCES, deck_of
from referee.state import Phase
from vision.capture import Frame
from vision.cards import turned, twin
from vision.detector import CardDetection, CardDetector
from vision.table.geometry import (
    Box,
    Geometry,
    area,
    centre,
    closeness,
    default_geometry,
    inside,
    load_calibration,
    nearest_seat,
    overlap,
    with_zone,
)
from vision.table.inference import (
    COVER_MIN,
    Change,
    Inference,
    NewCard,
    cover_target,
    infer,
    is_legal,
    legal_in_turn,
    near_target,
    possible_new,
)
from vision.table.motion import (
    SCALE,
    Motion,
    changed,
    difference,
    distance_from_arm,
    moving_over,
    pile_grown,
    region_of,
)
from vision.table.snapshot import Snapshot, Votes, iou, parse_card, snapshot

log = logging.getLogger(__name__)

SETUP_SIZES = (640, 960)  # detector sizes for reading the trump card at the start ...
TURNS = (cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_90_COUNTERCLOCKWISE, cv2.ROTATE_180)  # ... and turns
MIN_READS = 2  # a new card must be read in at least this many frames
SAME_CARD = 0.6  # IoU above which two new readings are one physical card
SAME_SPOT = 0.8  # IoU above which a new reading is a remembered card's own box, read as another
LOOK_ALIKE_SPOT = 0.5  # IoU with a remembered card above which a weak reading of its rank is
# that card misread (its corner still showing beside the card laid on it)
SAME_PLACE_STILL = 0.3  # IoU with a card laid in this still spell that makes a reading its own
INSIDE_STILL = 0.6  # ... or this share of the smaller box (a corner read inside the card)
CORNER_INSIDE = 0.9  # share of a corner-sized reading inside a new card's box that makes it...
CORNER_AREA = 0.35  # ... a corner of that card (its area under this share of the card's)
HALF_INSIDE = 0.5  # ... or this share, for a weak reading of the card's rank (see _one_new_card)
PART_AREA = 0.6  # ... or, in a remembered card not read now, under this share: its visible part
MOSTLY_INSIDE = 0.8  # share of a reading (no larger than the card) inside a remembered card
# whose place has not changed since it was laid that makes it that card misread (nothing was laid
# on it; a card remembered by a corner lies wholly inside a card laid over it)
FAINTER = 0.6  # a reading of a remembered card's rank lying on it, under this share of the
# confidence the card was laid with, is that card misread (see _misread_of_memory)
BOX_SLACK = 0.03  # share of a card's side by which a box read may be off
REREAD_FRAMES = 8  # still frames after which a laid card that reads clearly as another ...
REREAD_SHARE = 0.8  # ... in this share of them (and with more confidence than when it was laid)
# ... is corrected to that card
DOUBT_FRAMES = 24  # while a laid card's place reads as another, every frame is read, up to this
SEEN_SHARE = 0.34  # share of a still spell's frames that read a remembered card where it lies
CARRIED = 0.2  # a laid card read only at a box overlapping its place less is in a hand
BARE_SHARE = 0.25  # a card's place nearer its bare picture than this share of the card's own
# difference from it is bare again (see _looks_bare)
PILE_MIN = 0.3  # cards come to rest after a bito over at least this times a card's length squared
PILE_MAX = 4.0  # ... and a discard pile spans at most this (else it is light, not cards) ...
PILE_SIDE = 2.0  # ... and at most this many card lengths on its longer side (else it is an arm)
PILE_LOOKS = 3  # judging steps (frames judged) after a sweep in which the pile is looked for
SLIVER = 0.3  # a new card's box is at least this wide for its length ...
OVERSIZE = 2.0  # ... and at most this many times the typical laid card's length
EDGE = 3  # pixels: a box this near a crop's side is cut by it (see _cut)
WEAK_READ = 0.3  # confidence per frame under which a reading is weak (see _weak)
READ_AGAIN = 0.6  # confidence per frame from which a discarded card read in a new place, ...
READ_AGAIN_RATIO = 1.5  # ... and this many times the one it was laid with, ...
RUNNER_UP = 0.1  # ... is that card, and the one laid was its runner-up (mean probability)
TWIN_READ_AGAIN_RATIO = 1.0  # ... or this many times, when that runner-up is its twin (_twin)
TAKEN_ARM = 0.8  # the arm's certainty of its seat from which a card known in another seat's
# hand (seen taken), read laid by that arm at least as confidently as it was laid, is that card
# (the one taken was its runner-up or its twin: see _taken_read_again) ...
TAKEN_READ_AGAIN = 0.7  # ... when it is read with this confidence per frame at least
APART_MAX = 0.2  # overlap with a remembered card under which a weak reading lies apart from it
CONFIRM_FRAMES = 5  # frames read before an illegal reading is reported (a misread rarely holds)
LOOK_READS = 3  # ... or reads before it is read turned and magnified, which stands for the rest
HOLD_FRAMES = 10  # ... or this many while another card is still being read in (see _coming)
ALARM_STILL = 3  # ... and in at least this many still frames (a card of the move read late)
TRUMP_SURE = 0.75  # setup vote per frame for the trump card's best reading to be taken at once
TRUMP_PATIENCE = 8  # ... else still frames read before the best reading is taken anyway
TRUMP_FAINT = 1.0  # setup vote per frame under which a trump read may be revised by play
TOUCHING = 0.9  # closeness to the pile of a card first read after an arm came, to be the trump
STOCK_LOOKS = 8  # frames read lately, in one of which the stock's place shows a card while the
# trump card lies there still (else it was drawn: see _trump_on_table)
LOOK_BACK = 4  # moving frames before a still spell that are read when it starts (see _read_back)
PAUSE_S = 0.7  # an arm that pauses this long or less over the table is still the same arm
IN_HAND = 0.5  # share of a card's length under which a new card's box, where an arm lies ...
HAND_GAP = 2  # ... or comes within this many small pixels of it (SCALE pixels each), ...
ARM_REST_S = 1.5  # ... is a card in the hand: judged when the arm has left, or after this
WITHDRAWN_GAP = 0.5  # card lengths between the withdrawing arm and a card it laid, from which...
APART_AREA = 0.1  # ... a change of this share of a card length squared apart from the arm is
WITHDRAWING_LOOKS = 8  # ... read, in up to this many moving frames a spell (_judge_withdrawing)
WITHDRAWN_SURE = WEAK_READ  # ... and judged then when each card laid is read with this confidence
WITHDRAWN_WHOLE = 0.7  # ... and its box is this share of a card's length at least (not a corner)
ARM_MARGIN = 2.0  # small pixels around the arm kept from the calm picture after such a judgement
DETECT_SIZE = 960
"""The YOLO stage's input side for the chain's own detector: cards on a table seen whole are small
(about 100 px tall in 1280x720), and their index corners need more than 640 px (measured: the
covered cards and the trump card at right angles are found at 960, missed at 640)."""


@dataclass(frozen=True)
class Observed:
    move: Move  # a referee move (seat included); may be illegal
    time: float  # when the change came to rest (frame time)
    confidence: float
    uncertain: bool  # True: needs a one-tap confirmation
    alternatives: tuple[Move, ...]  # other candidate moves, best first (for the confirm UI)


@dataclass(frozen=True)
class FrameReport:
    frame: Frame
    cards: list[CardDetection]  # what the detector saw this frame (for drawing)
    observed: list[Observed]  # moves that completed at this frame, in order
    occluded: bool  # a hand/arm is over the table
    trump_card: Card | None = None
    """Set when the chain revises the trump card it gave before (its first read was weak and a
    beat showed another trump suit): the caller re-judges its view with it."""
    corrections: tuple[tuple[Card, Card], ...] = ()
    """(card as reported, card it is): a card on the table, read again over many still frames,
    is clearly another card than the one its move was reported with. The caller corrects every
    move that names it (:func:`referee.moves.with_card_read_as`) before the next frame."""
    played_on: tuple[Move, ...] = ()
    """Moves reported before as illegal whose cards the players left lying and played after (the
    table played on, :mod:`referee.played_on`): the caller makes them
    (:meth:`referee.record.GameRecord.play_on`) before this report's observed moves."""


@dataclass
class _Remembered:
    box: Box | None
    patch: np.ndarray | None
    rivals: frozenset[str] = frozenset()  # other identities read at its place when it was laid
    under: np.ndarray | None = None  # its place at the judgement before it was laid
    confidence: float = 0.0  # its reading's confidence per frame when it was laid
    overturned: frozenset[str] = frozenset()  # rivals whose illegal reading a second look
    # overturned when it was laid (see _judge): never a correction of it (see _reread)


@dataclass(frozen=True)
class _Moving:
    """A moving frame kept to be read when the table comes to rest (see Pipeline._read_back)."""

    image: np.ndarray
    mask: np.ndarray  # its small mask of moving pixels
    found: list[CardDetection] | None  # its detections, if it was read as the arm withdrew


@dataclass(frozen=True)
class _Laid:
    """How a card laid was read when the chain reported it."""

    confidence: float  # per frame
    runner_up: Card | None  # the identity its readings gave the most probability after it


@dataclass(frozen=True)
class _Take:
    """The last take while no card was laid since it (see Pipeline._carried_off)."""

    taker: int
    cards: frozenset[Card]
    calm_before: np.ndarray | None  # the calm picture before the take was judged


@dataclass
class StageTimes:
    """Milliseconds spent per stage (for bench/pipeline.py)."""

    motion: list[float] = field(default_factory=list)
    detect: list[float] = field(default_factory=list)
    judge: list[float] = field(default_factory=list)


class Pipeline:
    def __init__(
        self,
        rules: Rules,
        players: int,
        detector: CardDetector | None = None,
        calibration: Path | None = None,
        *,
        settle_frames: int = 1,
        vote_frames: int = 2,
        idle_every: int = 5,
        min_share: float = 0.5,
    ) -> None:
        self.rules = rules
        self.players = players
        self.detector = detector if detector is not None else CardDetector(imgsz=DETECT_SIZE)
        self.calibration = calibration
        self.settle_frames = settle_frames
        self.vote_frames = vote_frames
        self.idle_every = idle_every
        self.min_share = min_share
        self.geometry: Geometry | None = None
        self.motion: Motion | None = None
        self.trump_card: Card | None = None
        self.times = StageTimes()
        self._memory: dict[Card, _Remembered] = {}
        self._votes = Votes()
        self._recent: deque[_Moving] = deque(maxlen=LOOK_BACK)  # the latest moving frames
        self._back: list[_Moving] = []  # ... those before this still spell
        self._withdrawing_votes = Votes()  # this spell's moving frames read with the arm apart
        self._withdrawing_looks = 0  # ... how many were read
        self._withdrawing = False  # the judgement in progress is of such frames
        self._judged_withdrawing = False  # this spell's arm was judged as it withdrew
        self._moved_from: int | None = None  # the seat whose reach made a move, while it may
        # still be on its way out (spells with pauses up to PAUSE_S between): no gesture (_judge)
        self._to_reread: list[Card] = []  # ... the cards it laid, to read in the still frames
        self._hasty: list[Card] = []  # cards laid by a judgement of a spell's first still frame
        self._hasty_spell = 0  # ... that spell, and the frame's time (they are read again in
        self._hasty_time = 0.0  # the next spell's still frames, when it began in a pause)
        self._clear_frames = 0  # the last moving frames read in which the arm touched no card
        # (they count as still frames towards an alarm's ALARM_STILL)
        self._setup_votes: dict[str, tuple[float, Box]] = {}
        self._setup_runner_ups: dict[str, float] = {}  # what else the trump card's readings
        # gave the most probability, with the best they gave it (see _other_trump)
        self._setup_frames = 0
        self._setup_spells = 0  # arm spells seen when the setup's first still frame was read
        self._setup_backs: list[CardDetection] = []
        self._still = 0
        self._spells = 0
        self._since_detect = 0
        self._judged = False
        self._holding = False  # an illegal reading waits for more frames
        self._doubting = False  # a laid card's place reads as another card (see _reread)
        self._laid: list[Move] = []  # the card-laying moves of the last judgement that found any
        self._kept: tuple[Move, ...] = ()  # ... those the table played on (see _played_on)
        self._looked = False  # this still spell's frame was read turned three ways
        self._looked_before_alarm = False  # ... because an illegal reading held its frames
        self._moved = False
        self._rest_time = 0.0
        self._entry: tuple[float, float] | None = None
        self._placed_still: list[Box] = []  # cards laid since the last arm came
        self._lengths: dict[Card, float] = {}  # each card laid: its box's longer side (see
        # _learn_whole_cards: the longest box it was read in while nothing lay on it)
        self._laid_reads: dict[Card, _Laid] = {}  # every card reported laid, as it was read
        self._gathered: frozenset[Card] = frozenset()  # the cards of a take seen gone from
        # the table, or read nowhere, at a still judgement with nothing laid (see _judge)
        self._carried: _Take | None = None
        self._calm: np.ndarray | None = None  # the small grey picture at the last judgement
        self._empty: np.ndarray | None = None  # ... at the last one with no card on the table
        self._sweep: tuple[np.ndarray | None, list[Box], int] | None = None
        # (the picture before beaten cards were swept, their places, judging steps left to find
        # the discard pile in)
        self._glimpsed_bare = False  # a still frame since the last judgement showed every
        # table card's place bare (a take, then a lead where the taken card lay: see _judge)
        self._last_cards: list[CardDetection] = []
        self.shows_trump = rules.trump_source in TRUMP_CARD_SOURCES
        """Whether the variant shows a trump card (under the stock, or dealt last): else the
        chain looks for none and the game starts at once."""
        self.trump_settled = False  # the trump suit is sure (a clear read, or a beat showed it)
        self._trump_faint = False  # the trump card's read was faint (see TRUMP_FAINT)
        self._revised: Card | None = None  # the trump card revised by a beat
        self._revision_told: Card | None = None  # ... as the caller was last told it
        self._stock_shown: deque[bool] = deque(maxlen=STOCK_LOOKS)  # the frames read lately:
        # whether each read a card (face up or down) at the stock's place

    @property
    def trump_wanted(self) -> bool:
        """Whether play has begun (an arm came over the table after the first still frame) with
        no trump card read: the camera may never see it (its index under the stock), so a person
        should give it."""
        return (
            self.shows_trump
            and self.trump_card is None
            and self._setup_frames > 0
            and self._spells > self._setup_spells
        )

    # --- per frame -------------------------------------------------------------------------

    def process(self, frame: Frame, state: State | None = None) -> FrameReport:
        """One frame. ``state`` is the referee's current state (None before the game starts)."""
        if state is not None and self._revised is not None:
            state = _with_trump(state, self._revised)
        if self.geometry is None:
            self._start(frame.image)
        assert self.motion is not None
        t0 = _time.perf_counter()
        reading = self.motion.update(frame.image)
        self.times.motion.append((_time.perf_counter() - t0) * 1000)
        if reading.moving:
            self._still = 0
            if not self._moved:
                self._spells += 1
                self._placed_still = []
                self._withdrawing_votes = Votes()
                self._withdrawing_looks = 0
                self._judged_withdrawing = False
                self._to_reread = []
                if frame.time - self._rest_time > PAUSE_S:
                    self._moved_from = None  # a new reach (else perhaps the same, after a pause)
                if self._spells > self._hasty_spell + 1 or frame.time - self._hasty_time > PAUSE_S:
                    self._hasty = []  # read again only after the hand that laid them paused
            self._moved = True
            self._judged = False
            self._holding = self._doubting = self._looked = self._looked_before_alarm = False
            self._votes = Votes()
            found: list[CardDetection] | None = None
            withdrawing: list[Observed] = []
            if state is not None and not self._judged_withdrawing:
                found, withdrawing = self._judge_withdrawing(frame, state, reading.mask)
            self._recent.append(_Moving(frame.image, reading.mask, found))
            played_on, self._kept = self._kept, ()
            cards = self._last_cards if found is None else found
            news = self._trump_news()  # (judging the withdrawing arm's cards may revise it)
            return FrameReport(frame, cards, withdrawing, True, news, played_on=played_on)
        self._still += 1
        if self._moved:
            self._moved = False
            entry, touched = self.motion.end_spell()
            if touched or frame.time - self._rest_time > PAUSE_S or self._entry is None:
                self._entry = entry
            # else: a short pause of the same arm (it stopped, then withdrew without touching
            # the border): the entry seen before the pause stands
            self._rest_time = frame.time
            self._votes = Votes()
            self._back = list(self._recent)
            self._clear_frames = 0 if self._judged_withdrawing else self._withdrawing_votes.frames
            self._recent.clear()
            self._judged = False
        if self._still < self.settle_frames:
            return FrameReport(frame, self._last_cards, [], False)
        detect = (
            self._votes.frames < self.vote_frames
            or self._since_detect >= self.idle_every - 1
            or (self.trump_card is None and self.shows_trump)
            or self._holding
            or self._doubting
        )
        if not detect:
            self._since_detect += 1
            return FrameReport(frame, self._last_cards, [], False)
        self._since_detect = 0
        cards = self._detect(frame.image)
        self._last_cards = cards
        if self.trump_card is None and self.shows_trump and self._needs_setup():
            self._find_stock(frame.image, cards, reading.mask)
            if self.trump_card is not None:
                self._votes = Votes()  # the stock zone is known now: vote again without it
        elif self.trump_card is not None and not self.trump_settled:
            self._read_stock(cards)
        assert self.geometry is not None
        self._votes.add(snapshot(cards, self.geometry))
        if state is not None and self._votes.frames == 1 and self._seen_bare(state):
            self._glimpsed_bare = True
        if state is not None and self._back:
            self._read_back()
        self._back = []
        observed: list[Observed] = []
        corrections: list[tuple[Card, Card]] = []
        if state is not None and (
            self._votes.frames >= self.vote_frames or self._ready_at_once(state, cards)
        ):
            t0 = _time.perf_counter()
            corrections = (
                self._reread_withdrawn(state)
                or self._reread_hasty(state)
                or self._reread(state)
                or self._discarded_read_again(state)
                or self._trump_played_read_again(state)
                or self._taken_read_again(state)
            )
            if not corrections:
                looked = self._looked
                first = self._votes.frames < self.vote_frames  # (looks closer add frames)
                observed = self._judge(state, frame.time)
                if self._looked and not looked and _resizable(self.detector):
                    for turn in TURNS:
                        found = _detect_at(self.detector, frame.image, self.detector.imgsz, turn)
                        self._votes.add(snapshot(found, self.geometry))
                    self._look_closer(frame.image)
                    observed = self._judge(state, frame.time)
                if observed and first:
                    self._hasty = [c for o in observed for c in move_cards(o.move)]
                    self._hasty_spell, self._hasty_time = self._spells, frame.time
                if self._judged:
                    self._glimpsed_bare = False
            self.times.judge.append((_time.perf_counter() - t0) * 1000)
        played_on, self._kept = self._kept, ()
        news = self._trump_news()
        return FrameReport(frame, cards, observed, False, news, tuple(corrections), played_on)

    def _trump_news(self) -> Card | None:
        """The trump card as revised since the caller was last told (see
        :attr:`FrameReport.trump_card`), else None."""
        if self._revised is None or self._revised == self._revision_told:
            return None
        self._revision_told = self._revised
        return self._revised

    def _read_back(self) -> None:
        """Read the last moving frames before this still spell (the arm withdrawing after it
        laid a card) as glimpses, each without the cards its moving pixels touch: a card at
        rest beside the withdrawing arm is read in them, so that the first still frame can be
        judged (the arm is over the table up to 0.65 s after the card rests: bench/arm_leaves.py)
        and an illegal reading has its frames read by then. Cards in a hand move with it."""
        assert self.geometry is not None
        for moving in self._back:
            found = moving.found if moving.found is not None else self._detect(moving.image)
            still = [d for d in found if not moving_over(moving.mask, d.box)]
            self._votes.glimpse(snapshot(still, self.geometry))

    def _detect(self, image: np.ndarray) -> list[CardDetection]:
        t0 = _time.perf_counter()
        found = self.detector.detect(image)
        self.times.detect.append((_time.perf_counter() - t0) * 1000)
        stock = None if self.geometry is None else self.geometry.stock
        if stock is not None:
            self._stock_shown.append(any(inside(stock, *centre(d.box)) for d in found))
        return found

    def _may_come(self, state: State, name: str) -> Card | None:
        """The card a reading names, if it is not remembered on the table and may come onto it."""
        card = parse_card(name)
        if card is None or card in self._memory or not possible_new(state, card):
            return None
        return card

    def _read_enough(self, votes: Votes, name: str) -> bool:
        """Whether an identity is read ``MIN_READS`` times (glimpses too) and in ``min_share``
        of the frames."""
        return votes.reads(name) >= MIN_READS and votes.share(name) >= self.min_share

    def _card_length(self) -> float:
        """The typical laid card's length: the median of their boxes' longer sides (cards laid)."""
        return float(np.median(list(self._lengths.values())))

    def _judge_withdrawing(
        self, frame: Frame, state: State, mask: np.ndarray
    ) -> tuple[list[CardDetection] | None, list[Observed]]:
        """Judge a card laid while the arm that laid it still withdraws over the table (it is
        over the battle area up to 0.65 s after the card rests: bench/arm_leaves.py). A moving
        frame is read when the table changed apart from the arm (``WITHDRAWN_GAP`` card
        lengths from it: see :meth:`Motion.arm_apart`), and counts while the arm touches no
        card read or remembered (from the first frame that it touches none). Judged, when
        such frames count as the still frames would (``MIN_READS``), only as a legal, certain
        move that adds cards, each read enough, not weakly (``WITHDRAWN_SURE``), whole (not by
        a corner alone: fresh batch 12 game 1, the T♦ laid on the T♣ read by its corner, apart
        from it, as a transfer) and that far from the arm: a second card still in the hand, or
        a lead's next card laid beside the first, holds the judgement back. The cards so laid
        are read again in the still frames (:meth:`_reread_withdrawn`: eval game 1, a Q♥ read
        as the J♥ at 0.58 in two moving frames, as the Q♥ in every still one). Anything else
        waits for the still frames. Returns this frame's detections, if read."""
        assert self.geometry is not None and self.motion is not None
        if (
            not self._lengths
            or self._withdrawing_looks >= WITHDRAWING_LOOKS
            or (self.shows_trump and not self.trump_settled)
            or self._sweep is not None
            or any(c not in self._memory for c in state.table_cards())
            or any(m.box is None for m in self._memory.values())
        ):
            distance = None
        else:
            length = self._card_length() / SCALE
            gap = WITHDRAWN_GAP * length
            distance = self.motion.arm_apart(self._calm, mask, gap, APART_AREA * length**2)
        if distance is None:
            self._withdrawing_votes = Votes()  # not read: count again from a frame read
            return None, []
        self._withdrawing_looks += 1
        found = self._detect(frame.image)
        read = snapshot(found, self.geometry)
        boxes = [d.box for d in read.battle] + [m.box for m in self._memory.values() if m.box]
        if any(distance_from_arm(distance, box) < 1.0 for box in boxes):
            self._withdrawing_votes = Votes()  # the arm is over a card: count from when it is not
            return found, []
        self._withdrawing_votes.add(read)
        if not self._withdrawn(state, read, gap, distance):
            return found, []
        entry, touched = self.motion.entry()
        if touched or self._entry is None or frame.time - self._rest_time > PAUSE_S:
            self._entry = entry
        votes, self._votes = self._votes, self._withdrawing_votes
        self._withdrawing = True
        try:
            observed = self._judge(state, frame.time)
        finally:
            self._votes, self._withdrawing = votes, False
            self._judged = self._looked = self._holding = False  # (the still frames judge)
        self._judged_withdrawing = bool(observed)
        self._to_reread = [c for o in observed for c in move_cards(o.move)]
        if observed and self._calm is not None and self.motion.current is not None:
            # the calm picture is the table now, but where the arm is (there, as before it came)
            self._calm = np.where(distance < ARM_MARGIN, self._calm, self.motion.current)
        return found, observed

    def _entry_seat(self) -> int | None:
        """The seat the last arm came from, if seen."""
        assert self.geometry is not None
        return None if self._entry is None else self.geometry.seat_at(self._entry)[0]

    def _reread_withdrawn(self, state: State) -> list[tuple[Card, Card]]:
        """Cards judged as the arm withdrew, read once more when the table is still (a moving
        frame's misread: in the first of them the arm can still shade it; see
        :meth:`_read_once_more`)."""
        if not self._to_reread or self._votes.frames < self.vote_frames:
            return []
        cards, self._to_reread = self._to_reread, []
        return self._read_once_more(state, cards)

    def _reread_hasty(self, state: State) -> list[tuple[Card, Card]]:
        """Cards judged at the first still frame of a spell, read once more in the next spell's
        still frames (see :meth:`_read_once_more`): a hand that pauses as it lets go of a card
        makes a still frame, and its shade, read with the glimpses of the card sliding in, can
        name the card wrongly (eval10 game 28: a 9♣ led by the sixth seat of an angled table,
        read as the J♣ in the pause, as the 9♣ in every frame after the hand left; taken for the
        leader beating his own J♣, the game went out of step)."""
        if (
            not self._hasty
            or self._spells == self._hasty_spell
            or self._votes.frames < self.vote_frames
        ):
            return []
        cards, self._hasty = self._hasty, []
        return self._read_once_more(state, cards)

    def _read_once_more(self, state: State, cards: list[Card]) -> list[tuple[Card, Card]]:
        """Of ``cards``, judged on a few frames, those whose place this still spell's frames
        read in ``REREAD_SHARE`` of them as another card that may come onto the table, and never
        as themselves, are that card. The caller corrects the moves."""
        out: list[tuple[Card, Card]] = []
        for card in cards:
            mem = self._memory.get(card)
            if mem is None or mem.box is None or self._votes.share(str(card)) > 0:
                continue
            for place in self._votes.places:
                other = self._may_come(state, place.card)
                if (
                    other is not None
                    and iou(place.box, mem.box) >= SAME_CARD
                    and self._votes.share(place.card) >= REREAD_SHARE
                ):
                    log.info("%s, judged on a few frames, reads as %s: corrected", card, other)
                    self._memory[other] = self._memory.pop(card)
                    out.append((card, other))
                    break
        return out

    def _withdrawn(self, state: State, read: Snapshot, gap: float, distance: np.ndarray) -> bool:
        """Whether the frames read while the arm withdraws, since it cleared every card, can be
        judged (see :meth:`_judge_withdrawing`)."""
        votes = self._withdrawing_votes
        if votes.frames < MIN_READS:
            return False
        whole = WITHDRAWN_WHOLE * self._card_length()
        coming = False
        for det in read.battle:
            if self._may_come(state, det.card) is None:
                continue
            place = votes.place(det.card)
            if (
                place is None
                or distance_from_arm(distance, det.box) < gap
                or _length(place.box) < whole
                or not self._read_enough(votes, det.card)
                or votes.strength(det.card) < WITHDRAWN_SURE
            ):
                return False
            coming = True
        return coming

    def _ready_at_once(self, state: State, cards: list[CardDetection]) -> bool:
        """Whether the first still frame can be judged, before ``vote_frames`` still frames:
        the arm has left the table (a hand pausing on its way is still for a frame) and every
        card this frame reads that may come onto the table is read ``MIN_READS`` times already,
        glimpses included, so that the cards of one reach are judged together."""
        assert self.geometry is not None and self.motion is not None
        if self.motion.arm_over_table(self._calm):
            return False
        return all(
            self._read_enough(self._votes, det.card)
            for det in snapshot(cards, self.geometry).battle
            if self._may_come(state, det.card) is not None
        )

    def _look_closer(self, image: np.ndarray) -> None:
        """Read the part of the battle area that changed, magnified twice (a quarter of the
        frame at the detector's input size: a corner too small to read in the whole frame, or a
        card laid on another and merged into its box, is read there). The closer look weighs as
        much as every read of the still spell before it. A card named whole whose box the crop's
        edge cuts is not read there: part of its face is missing (eval4 game 26: the lower two
        thirds of a 10♥ read whole as the 9♥)."""
        assert self.geometry is not None and self.motion is not None
        change = self.motion.changed_box(self._calm)
        if change is None:
            return
        h, w = image.shape[:2]
        cw, ch = w // 2, h // 2
        x1 = int(min(max((change[0] + change[2] - cw) / 2, 0), w - cw))
        y1 = int(min(max((change[1] + change[3] - ch) / 2, 0), h - ch))
        found = self.detector.detect(image[y1 : y1 + ch, x1 : x1 + cw])
        inner = (x1 > 0, y1 > 0, x1 + cw < w, y1 + ch < h)  # the crop's sides inside the frame
        closer = snapshot(
            [
                CardDetection(d.card, d.confidence, _shifted(d.box, x1, y1), d.corners)
                for d in found
                if d.corners or not _cut(d.box, cw, ch, inner)
            ],
            self.geometry,
        )
        self._votes.look(closer)

    # --- setup -----------------------------------------------------------------------------

    def _start(self, image: np.ndarray) -> None:
        h, w = image.shape[:2]
        if self.calibration is not None:
            self.geometry = load_calibration(self.calibration, self.players, w, h)
        else:
            self.geometry = default_geometry(self.players, w, h)
        self.motion = Motion(self.geometry)

    def _needs_setup(self) -> bool:
        return self._setup_frames < 50

    def _find_stock(
        self, image: np.ndarray, cards: list[CardDetection], moving: np.ndarray
    ) -> None:
        """The trump card: the face-up card beside the stock's face-down pile. Read in the first
        still frames at several detector sizes and turns of the picture (one misread does not
        decide it), each reading weighted by its confidence and its closeness to a face-down
        card; its region and the pile's become the stock zone. Once an arm has come over the
        table since the first still frame, a card not read before and not touching the pile is
        one laid in play, not the trump card (eval4 game 23: the trump's rank hidden under the
        stock, nothing was read there, and the first attack card, laid a little apart from the
        pile, was taken for it); then the trump card waits for a person to give it. A reading
        that ``moving`` pixels touch is a card in a hand, not yet at rest (eval22 game 3: a
        hand coming in at the frame's edge, over the stock, too small a change to be an arm;
        the J♣ it held, read beside the pile, was taken for the trump card)."""
        assert self.geometry is not None
        self._setup_frames += 1
        if self._setup_frames == 1:
            self._setup_spells = self._spells
        late = self._spells > self._setup_spells
        readings = list(cards)
        for size in SETUP_SIZES:
            for turn in (None, *TURNS):
                readings += _detect_at(self.detector, image, size, turn)
        readings = [d for d in readings if not moving_over(moving, d.box)]
        backs = [d for d in readings if d.card == "back"]
        self._setup_backs.extend(backs)
        stock_zone = self.geometry.stock if "stock" in self.geometry.fixed else None
        for det in readings:
            if parse_card(det.card) is None:
                continue
            if stock_zone is not None:
                near = 1.0 if inside(stock_zone, *centre(det.box)) else 0.0
            else:
                near = max((closeness(det.box, b.box) for b in backs), default=0.0)
            if near < 0.5 and (self._spells or backs or stock_zone is not None):
                continue  # a card away from the stock's pile is not the trump card
            if late and near < TOUCHING and det.card not in self._setup_votes:
                continue  # a card laid in play since an arm came, not one under the pile
            self._vote_trump(det, det.confidence * (0.5 + near))
        if self._setup_frames < self.vote_frames or not self._setup_votes:
            return
        card, (score, box) = max(self._setup_votes.items(), key=lambda kv: kv[1][0])
        if score < TRUMP_SURE * self._setup_frames and self._setup_frames < TRUMP_PATIENCE:
            return  # a weak read: look again (the light and the noise change between frames)
        self.trump_card = parse_card(card)
        self._trump_faint = score < TRUMP_FAINT * self._setup_frames
        self.trump_settled = _clear_suit(self._setup_votes) and not self._trump_faint
        if stock_zone is None:
            zone = box
            for b in self._setup_backs:
                if closeness(zone, b.box) > 0.5:
                    zone = _union(zone, b.box)
            self.geometry = with_zone(self.geometry, "stock", _grow(zone, 0.25))
            assert self.motion is not None
            self.motion.geometry = self.geometry
        log.info("trump card %s, stock zone %s", self.trump_card, self.geometry.stock)

    def _read_stock(self, cards: list[CardDetection]) -> None:
        """While the trump suit is unsettled, the readings at the stock in the still frames of
        play add to the setup's votes (the trump card lies there all along; its other readings
        are what :meth:`_check_trump` revises it to: eval18 game 16, ``slavic_costumes``' Q♠
        read as the K♣ at the setup, as the Q♠ at 0.2-0.3 in frames of play)."""
        assert self.geometry is not None
        stock = self.geometry.stock
        if stock is None:
            return
        for det in cards:
            if parse_card(det.card) is not None and inside(stock, *centre(det.box)):
                self._vote_trump(det, det.confidence)

    def _vote_trump(self, det: CardDetection, weight: float) -> None:
        """Add ``weight`` to the votes for ``det`` being the trump card (its first box kept)."""
        score, box = self._setup_votes.get(det.card, (0.0, det.box))
        self._setup_votes[det.card] = (score + weight, box)
        if det.runner_up is not None:
            name, p = det.runner_up
            self._setup_runner_ups[name] = max(self._setup_runner_ups.get(name, 0.0), p)

    # --- judging a stable view -------------------------------------------------------------

    def _misread_of_memory(
        self, name: str, box: Box, paired: frozenset[Card], trump: Suit | None
    ) -> bool:
        """A new reading that is a remembered card read as another identity, not a card laid
        there: its very box, unchanged since or read as a card of its rank (a card laid on
        another leaves part of it showing; a card of its rank cannot beat it, but a trump of
        its rank laid right on a card still read there: fresh batch 11, game 1, the 6♠ on the
        6♣ with spades trump); a corner-sized
        box inside the card's; a weak reading of its rank in a corner of the card as read now; a
        smaller box inside a card no longer read (the part of it a covering card leaves); a weak
        reading of its rank overlapping it, or any weak reading of the place of a card of a
        beaten pair or of a card whose place has not changed since (a weak reading on an
        uncovered card whose place changed may be a card laid on it: eval game 26, a K♠ laid
        across the 6♠ it beat, read at 0.16-0.18 as K♣ and K♠); a weak reading mostly on a
        card of a beaten pair (nothing is laid on a pair: eval game 6, a hand resting on a
        pair to take the table read there as J♣ at 0.09 beating the card beside); a reading
        of its rank on a card of a beaten pair that is not read itself, or that it nearly holds
        whole; or the
        card's place, no longer read as it and not changed since; or a reading of its rank in
        a box holding its whole place (stretched over a hand); or any reading mostly on a card
        whose place has not changed since it was laid.  ``paired``: the cards of the beaten
        pairs on the table."""
        assert self.motion is not None
        other = parse_card(name)
        weak = self._weak(name)
        for card, mem in self._memory.items():
            if mem.box is None:
                continue
            if _part_of(box, mem.box, CORNER_AREA):
                return True  # one of its corners, read as another card
            own = self._votes.share(str(card))  # how often it is read itself now
            unread = own < self.min_share
            if card in self._hasty and iou(box, mem.box) >= SAME_CARD and own == 0:
                return True  # a card judged in a pause of the hand that laid it, read
                # otherwise since: it is read once more (_reread_hasty), not a card laid on it
            same_rank = other is not None and other.rank == card.rank
            # its rank and not a trump: a card that cannot beat it
            rank_not_trump = same_rank and other is not None and other.suit != trump
            if rank_not_trump and _part_of(box, _grow(mem.box, BOX_SLACK), CORNER_AREA):
                return True  # a corner of its rank on it, give or take the few pixels a box read
                # is off by: its own corner misread (a card of its rank cannot beat it; eval6
                # game 10: a corner of the Q♠ being taken, read as the Q♣ 2 px out of its box)
            read_now = self._votes.place(str(card))
            if same_rank and weak and read_now and _part_of(box, read_now.box, CORNER_AREA):
                return True  # a weak reading of its rank in a corner of where it is read now
                # (remembered by one corner, read whole since): its other corner misread
            if _part_of(box, mem.box, PART_AREA) and unread:
                return True  # the part still showing of a card covered since, read as another
            if weak and card in paired and overlap(box, mem.box) >= HALF_INSIDE:
                return True  # a weak reading mostly on a beaten pair: the pair misread
            if (
                rank_not_trump
                and overlap(box, mem.box) >= CORNER_INSIDE
                and self._votes.confidence(name) < FAINTER * mem.confidence
            ):
                return True  # its rank read on it, far more faintly than it was laid: the card
                # misread as it is covered or gathered (eval20 game 27: the J♣ under the 8♦
                # beating it read as the J♠ at 0.5, laid at 0.94; game 24: the 9♣ being taken
                # read as the 9♠ at 0.36); a card of its rank laid on it reads about as clearly
            unchanged = not changed(mem.patch, self.motion.region(mem.box))
            if unchanged and area(box) <= area(mem.box) and overlap(box, mem.box) >= MOSTLY_INSIDE:
                return True  # mostly on a card whose place has not changed since it was laid:
                # that card misread, nothing laid on it (eval28 game 7: the lower half of the
                # J♦ read as the Q♦ in half the frames as the defender's arm came near it, a
                # beat reported and the take that followed read as a bito)
            same = iou(box, mem.box)
            if same < LOOK_ALIKE_SPOT:
                continue  # apart from it (every check below needs at least this overlap)
            trump_on_it = (
                other is not None and other.suit == trump and card.suit != trump and not unread
            )
            if same >= SAME_SPOT and (unchanged or (same_rank and not trump_on_it)):
                return True  # its very box, not covered since, or read as a card of its rank
                # (which cannot beat it): a card laid right on it, wholly covering it, is new
            if same >= SAME_CARD and same_rank and not trump_on_it and _holds(box, mem.box):
                return True  # read as a card of its rank in a box holding its whole place: its
                # box stretched over a hand on it (a card laid on it, of its size, cannot hold
                # it whole without covering it; eval14 game 25: the A♥ read as the A♦ with the
                # taker's fingers over it)
            if same >= LOOK_ALIKE_SPOT and same_rank and weak:
                return True  # a weak reading of its rank there: its corner misread (a card of
                # its suit may be a weak reading of a card laid on it to beat it)
            if same < SAME_CARD:
                continue
            if same_rank and card in paired and (unread or overlap(mem.box, box) >= CORNER_INSIDE):
                return True  # its rank read on a card of a beaten pair, itself unread (the part
                # its cover leaves showing, misread: eval10 game 29, the Q♣ under the K♣ read as
                # the Q♠, a throw-in) or in a box holding nearly all of it (the pair read as one
                # card: eval15 game 6, the 9♠/A♠ pair read as one A♣ box, the A♠ 8 px out of
                # it); nothing is laid on a beaten pair
            if name in mem.rivals and unchanged:
                return True  # read so before, when the card was laid: the same card
            if weak and (unchanged or card in paired):
                return True  # a weak reading of its place: the card's other corner misread
            if not unread:
                continue  # the remembered card is still read: the new one lies on it
            if unchanged:
                return True
        return False

    def _one_new_card(self, a: tuple[Card, Box], b: tuple[Card, Box]) -> bool:
        """Whether two new readings are one physical card (:func:`_one_card`), or the smaller
        is a weak corner-sized reading of the other's rank more than half inside it (its corner
        misread, the corner's box sticking out of the card's)."""
        if _one_card(a[1], b[1]):
            return True
        (card, box), (other, other_box) = sorted((a, b), key=lambda r: area(r[1]))
        return (
            card.rank == other.rank
            and self._weak(str(card))
            and overlap(box, other_box) >= HALF_INSIDE
            and area(box) < CORNER_AREA * area(other_box)
        )

    def _reread(self, state: State) -> list[tuple[Card, Card]]:
        """Uncovered cards on the table whose place has not changed since they were laid and now
        reads clearly as another card that may come onto the table: misread when laid (in two
        frames, a hand still leaving) and read right now (in many calm frames). Each is
        remembered under its new identity; the caller corrects the moves. While such a place
        reads as another card at all, every frame is read (``_doubting``, for a while). Never
        to an identity that the second look before an alarm overturned when the card was laid:
        its steady misread (eval game 26: a K♠ read as the K♣ in every whole frame)."""
        assert self.motion is not None
        frames = self._votes.frames
        covered = {p.attack for p in state.table if p.cover is not None}
        self._doubting = False
        out: list[tuple[Card, Card]] = []
        for card, mem in list(self._memory.items()):
            if (
                mem.box is None
                or card in covered
                or changed(mem.patch, self.motion.region(mem.box))
            ):
                continue
            own = self._votes.share(str(card))
            for place in self._votes.places:
                other = self._may_come(state, place.card)
                share = self._votes.share(place.card)
                if (
                    other is None
                    or iou(place.box, mem.box) < SAME_CARD
                    or place.card in mem.overturned
                ):
                    continue
                if (
                    frames < REREAD_FRAMES
                    or share < REREAD_SHARE
                    or own > 1 - REREAD_SHARE
                    or self._votes.confidence(place.card) <= mem.confidence
                ):
                    self._doubting |= frames < DOUBT_FRAMES
                    continue
                log.info("%s on the table reads as %s: corrected", card, other)
                self._memory[other] = self._memory.pop(card)
                out.append((card, other))
                break
        return out

    def _discarded_read_again(self, state: State) -> list[tuple[Card, Card]]:
        """Discarded cards read clearly in the battle area (where no card is remembered), at
        least ``READ_AGAIN_RATIO`` times as confidently as when they were laid: the card laid then
        was another, the one its readings gave the most probability after it, when that one
        may have been laid (not on the table, not discarded). Eval game 1: a Cyrillic jack
        ``В♥`` was read as the 8♥ at 0.39 (the J♥ runner-up at 0.2-0.3) and beat, then the true
        8♥ was laid and read at 0.72, and dropped as discarded: the game went out of step.
        When that runner-up is the card's twin, the classifier's commonest confusion, reading
        it ``TWIN_READ_AGAIN_RATIO`` times as confidently is enough (eval19 game 7: the A♣
        thrown in read as the A♠ at 0.80, its twin the runner-up; the true A♠ beating an 8♠
        later read at 0.88 was dropped, and the beat became a take)."""
        assert self.geometry is not None
        out: list[tuple[Card, Card]] = []
        for name, (_share, box) in self._votes.seen(self.min_share, MIN_READS).items():
            card = parse_card(name)
            if card is None or card not in state.discard or card in self._memory:
                continue
            laid = self._laid_reads.get(card)
            confidence = self._votes.confidence(name)
            if (
                laid is None
                or laid.runner_up is None
                or laid.runner_up in self._memory
                or not possible_new(state, laid.runner_up)
                or confidence < max(READ_AGAIN, _read_again_ratio(card, laid) * laid.confidence)
                or not self.geometry.in_battle(box)
            ):
                continue
            log.info("%s read again at %.2f: the one laid was %s", card, confidence, laid.runner_up)
            out.append(self._laid_as(card, laid.runner_up))
        return out

    def _laid_as(self, card: Card, other: Card) -> tuple[Card, Card]:
        """The card reported laid as ``card`` was ``other``: its laid reading is moved to it
        (with no runner-up left), and the correction is returned for the caller."""
        laid = self._laid_reads.pop(card)
        self._laid_reads[other] = replace(laid, runner_up=None)
        return card, other

    def _sure_arm_seat(self) -> int | None:
        """The seat the last arm came from, when it is at least ``TAKEN_ARM`` sure of it."""
        assert self.geometry is not None
        if self._entry is None:
            return None
        seat, certainty = self.geometry.seat_at(self._entry)
        return seat if certainty >= TAKEN_ARM else None

    def _taken_read_again(self, state: State) -> list[tuple[Card, Card]]:
        """Cards known in one seat's hand (seen taken) read clearly in the battle area where no
        card is remembered, laid by an arm that surely came from another seat, at least as
        confidently as when they were laid: the card taken was another, the one its readings
        gave the most probability after it or, with none, its twin (:func:`_twin`), when that
        one may have been laid and no seat is known to hold it. Fresh batch 16, game 5: an A♠
        thrown in, read as the A♣ at 0.71 (no runner-up) and taken by A; when B led the true
        A♣, read at 0.85 with an arm 0.98 sure of B, the chain named A (who "held" it) as
        leading out of turn, and the game went out of step."""
        assert self.geometry is not None
        arm_seat = self._sure_arm_seat()
        if arm_seat is None:
            return []
        holders = _holders(state)
        out: list[tuple[Card, Card]] = []
        for name, (_share, box) in self._votes.seen(self.min_share, MIN_READS).items():
            card = parse_card(name)
            if card is None or card in self._memory or holders.get(card, arm_seat) == arm_seat:
                continue
            laid = self._laid_reads.get(card)
            taken = None if laid is None else laid.runner_up or _twin(card)
            if (
                laid is None
                or taken is None
                or taken in self._memory
                or taken in holders
                or not possible_new(state, taken)
                or self._votes.confidence(name) < max(TAKEN_READ_AGAIN, laid.confidence)
                or not self.geometry.in_battle(box)
            ):
                continue
            log.info(
                "%s, taken by %s, laid from %s at %.2f: the one taken was %s",
                card,
                holders[card],
                arm_seat,
                self._votes.confidence(name),
                taken,
            )
            out.append(self._laid_as(card, taken))
        return out

    def _without_held_elsewhere(
        self, state: State, candidates: list[tuple[float, Card, float, Box]]
    ) -> list[tuple[float, Card, float, Box]]:
        """The new readings without those of a card known in another seat's hand than the one
        the arm surely came from that lie mostly on another new reading: that hand did not lay
        it, and the other reading of the place stands (eval3 game 11: B's 6♦ laid on the 8♠
        read there as the 8♦ too, which D had taken; both were reported as illegal moves, and
        the game went out of step)."""
        arm_seat = self._sure_arm_seat()
        if arm_seat is None:
            return candidates
        held = {c for c, seat in _holders(state).items() if seat != arm_seat}
        kept = [
            c
            for c in candidates
            if c[1] not in held
            or not any(o[1] not in held and overlap(c[3], o[3]) >= HALF_INSIDE for o in candidates)
        ]
        if len(kept) < len(candidates):
            log.info(
                "held by another seat, dropped: %s",
                [str(c[1]) for c in candidates if c not in kept],
            )
        return kept

    def _without_covered_place_misread(
        self, state: State, candidates: list[tuple[float, Card, float, Box]]
    ) -> list[tuple[float, Card, float, Box]]:
        """The new readings without a weak one in the very box of an uncovered card on the table,
        no longer read, that another new reading, not weak, lies on: what that card's new cover
        leaves of it, misread (eval16 game 21: the J♣ under the K♣ laid on it, read at 0.2 as the
        8♣ in its own box, the Atlas deck's Cyrillic В taken for an 8); no card is laid right on
        a card that another card is laid on at the same time."""
        uncovered = {p.attack for p in state.uncovered()}
        firm_boxes = [c[3] for c in candidates if not self._weak(str(c[1]))]  # may cover a card
        covered = [
            mem.box
            for card, mem in self._memory.items()
            if mem.box is not None
            and card in uncovered
            and self._votes.share(str(card)) < self.min_share
            and any(overlap(box, mem.box) > APART_MAX for box in firm_boxes)
        ]
        kept = [
            c
            for c in candidates
            if not self._weak(str(c[1]))
            or not any(iou(c[3], place) >= SAME_SPOT for place in covered)
        ]
        if len(kept) < len(candidates):
            log.info(
                "a covered card's place misread, dropped: %s",
                [str(c[1]) for c in candidates if c not in kept],
            )
        return kept

    def _learn_whole_cards(self, state: State, seen: dict[str, tuple[float, Box]]) -> None:
        """A card laid with nothing on it, read where it lies in a longer box than it was laid
        with (the whole card, where it was judged by a corner read as it came down), gives the
        typical card length that box's (eval6 game 24: the first card laid, judged by its corner,
        made the card length a corner's, and every whole card after it was too big to count);
        and when the box it was laid with is a corner of that box, the card is remembered by the
        whole card's box and picture from then on (eval10 game 9: a J♥ remembered by its corner,
        a place too small to see change, stayed "there" when the taker gathered it, and the next
        lead laid where it lay was judged a beat of it)."""
        assert self.motion is not None
        for card in (p.attack if p.cover is None else p.cover for p in state.table):
            mem, read = self._memory.get(card), seen.get(str(card))  # each pair's top card
            if mem is None or mem.box is None or read is None:
                continue
            if card in self._lengths and overlap(read[1], mem.box) > HALF_INSIDE:
                self._lengths[card] = max(self._lengths[card], _length(read[1]))
            if _part_of(mem.box, read[1], CORNER_AREA):
                box = read[1]  # (before it was laid, that place looked as the empty table did)
                under = mem.under if self._empty is None else region_of(self._empty, box)
                patch = self.motion.region(box)
                self._memory[card] = replace(mem, box=box, patch=patch, under=under)

    def _judge(self, state: State, now: float) -> list[Observed]:
        assert self.geometry is not None and self.motion is not None
        seen_any = self._votes.seen(SEEN_SHARE)
        self._learn_whole_cards(state, seen_any)
        for card in state.table_cards():
            if card not in self._memory:
                box = seen_any.get(str(card), (0.0, None))[1]
                patch = self.motion.region(box) if box is not None else None
                self._memory[card] = _Remembered(box, patch)
        gone: set[Card] = set()
        for card, mem in self._memory.items():
            if _read_where_it_lies(card, mem, seen_any):
                continue
            if mem.box is None or changed(mem.patch, self.motion.region(mem.box)):
                gone.add(card)  # its place changed, and it is read nowhere or only in a hand
        for pair in state.table:
            if pair.cover is not None and pair.attack in gone and str(pair.cover) not in seen_any:
                gone.add(pair.cover)  # read nowhere, and the card it beat is gone: swept with it
                # (a beat remembered by its corner alone: a place too small to see change)
        for pair in state.table:
            if pair.cover is not None and self._hidden_under(pair.attack, pair.cover, seen_any):
                if pair.cover in gone:  # an attack card hidden under its cover and read nowhere
                    gone.add(pair.attack)  # went where its cover went: its own picture shows
                else:  # the cover now, or a corner too small to tell cloth from a card's margin
                    gone.discard(pair.attack)  # (eval6 game 14: an A♥ under a K♠ stayed
                    # "there" after the take, the cloth read as its plain corner)
        on_table = set(state.table_cards())
        if (
            gone & on_table
            and state.all_covered()
            and not any(str(c) in seen_any for c in on_table - gone)
        ):
            gone |= on_table  # beaten pairs leave together (a bito): the others, read nowhere,
            # went too (eval17 game 9: small pale cards on a pale desk, their places hardly
            # changed when swept, and the next lead laid where one lay was taken for its misread)
        if self._withdrawing and (
            bool(gone & set(state.discard)) or (bool(on_table) and on_table <= gone)
        ):
            return []  # cards may have gone (swept, taken): judged when the table is still
        state, kept = self._played_on(state, gone)
        table_cards = set(state.table_cards())
        if not table_cards:
            self._empty = self._calm
        swept = {c for c in gone if c in state.discard}
        if table_cards and table_cards <= gone and state.all_covered():
            swept |= table_cards
        if swept and (any(self._bare_places([c]) for c in swept) or self._glimpsed_bare):
            # beaten cards were swept to the discard pile (a place of theirs bare, not a hand
            # resting over them: the bottom card's; the covering card was laid over a card, and
            # the "empty" table of simple fool's closed bout still shows its cards); the pile is
            # looked for now and, while not found, in the next steps
            places = [m.box for c, m in self._memory.items() if c in swept and m.box is not None]
            self._sweep = (self._calm, places, PILE_LOOKS)
        if self._sweep is not None:
            self._find_discard()
        candidates: list[tuple[float, Card, float, Box]] = []
        paired = frozenset(
            c for p in state.table if p.cover is not None for c in (p.attack, p.cover)
        )
        for name, (share, box) in self._votes.seen(self.min_share, MIN_READS).items():
            if self._trump_on_table(state, name, box):
                state = self._trump_read_again(state)
            card = self._may_come(state, name)
            if card is None or self._carried_off(state, card):
                continue
            if (
                _sliver(box)
                or self._oversize(box)
                or self._misread_of_memory(name, box, paired, state.trump_suit)
            ):
                continue
            if not self.geometry.in_battle(box):
                continue  # on the discard pile (found after the frames were read)
            if any(
                iou(box, b) > SAME_PLACE_STILL or overlap(box, b) > INSIDE_STILL
                for b in self._placed_still
            ):
                continue  # no arm came since a card was laid here: a second reading of it
            place = self._votes.place(name)
            assert place is not None  # read: it is among the identities seen
            candidates.append((place.confidence, card, share, box))
        candidates = self._without_held_elsewhere(state, candidates)
        candidates = self._without_covered_place_misread(state, candidates)
        # one physical card read as two identities (a misread that held, or one of its corners
        # misread inside its box, or weakly as its rank sticking out of it): the stronger reading
        # stands, the other is its rival
        new: list[NewCard] = []
        for _conf, card, share, box in sorted(candidates, key=lambda c: -c[0]):
            if any(self._one_new_card((card, box), (n.card, n.box)) for n in new):
                continue
            readings = [(card, share)]
            for _, other, other_share, other_box in candidates:
                if other != card and self._one_new_card((card, box), (other, other_box)):
                    readings.append((other, other_share * 0.8))
            if len(readings) == 1:  # the strongest other identity read there that is not
                # a remembered card (the card it lies on is read at its place too)
                for rival, rival_share in self._votes.rivals(str(card)):
                    other_card = parse_card(rival)
                    if other_card is not None and other_card not in self._memory:
                        readings.append((other_card, rival_share))
                        break
            new.append(NewCard(tuple(readings[:2]), box))
        # every card gone: the table was cleared, when the places of the cards are bare now or
        # were in a still frame since the last judgement (a take, then a lead laid where the taken
        # card lay), or when no new card can be hiding a card it beats (all were covered): a
        # bito, then a lead in one arm's reach; or, after a take, when they were seen gone at an
        # earlier still judgement (the taker gathered them): a card laid now is the next lead
        unread = {c for c in table_cards if str(c) not in seen_any}
        taken_off = (
            state.phase is Phase.TAKING and bool(table_cards) and table_cards <= gone | unread
        )
        cleared = (
            bool(table_cards)
            and table_cards <= gone
            and (
                self._bare(state)
                or self._glimpsed_bare
                or (
                    bool(new)
                    and (state.all_covered() or (taken_off and table_cards <= self._gathered))
                )
            )
        )
        if taken_off and not new:
            self._gathered = frozenset(table_cards)  # gone, or read nowhere, after a take:
            # gathered by the taker (eval8 game 23: a take seen by its gesture, the 6♦ gathered
            # from a pale cloth its small picture hardly differs from, and the next lead laid
            # where it lay was taken for a beat of it)
        gone_places = [m.box for c, m in self._memory.items() if c in gone and m.box is not None]
        if self._withdrawing and (
            not new
            or cleared
            or any(not any(overlap(n.box, box) > 0 for n in new) for box in gone_places)
        ):
            return []  # nothing laid, or a card gone that no card laid now covers
        if not self.trump_settled and self.shows_trump and new:
            state = self._check_trump(state, new)
        hidden = gone & table_cards
        if not new and hidden and not self._looked and not self._bare_places(hidden):
            self._looked = True  # a card on the table read no more, its place not bare: a card
            return []  # laid on it may be too small or too turned to read; look harder at this
            # frame (the caller's next step; eval14 game 0: a Q♥ laid on the T♦, never read)
        gesture = (
            not new
            and not gone
            and not self._judged
            and not self._judged_withdrawing  # (the arm laid a card: the calm picture shows it)
            and self._entry is not None
            and self._entry_seat() != self._moved_from  # (... or it made a move, paused and
            # went on: its way out is no reach without a card; eval11 game 22)
            and self.motion.battle_unchanged(self._calm)
        )
        if not new and not gone and not gesture:
            if (
                not self._judged
                and not self._judged_withdrawing
                and self._calm is not None
                and not self.motion.battle_unchanged(self._calm)
            ):
                if not self._looked:
                    self._looked = True  # an arm changed the table and no card was read new:
                    return []  # look harder at this frame (the caller's next step)
                # a hand resting over the table: the picture of before it came stays the calm
                # one (the gesture of a take is judged when the hand has left)
                self._judged = True
                return []
            self._judged = True
            self._calm = self.motion.current
            return []
        corners: list[Box] = []  # new cards read by a box too short to be a card lying whole
        if self._lengths and not self._withdrawing and now - self._rest_time < ARM_REST_S:
            short = IN_HAND * self._card_length()
            corners = [n.box for n in new if _length(n.box) < short]
        if corners and self.motion.arm_on(self._calm, corners, HAND_GAP):
            return []  # a card's corner read where an arm lies over the table: a card in the
            # hand, or one it hides; judged when the arm has left (eval10 game 3: C's hand,
            # paused at the table's edge, held the T♠ with its corner showing: a lead, then
            # a take when the hand went on)
        arm_seat, certainty = (None, 0.0)
        against: tuple[float, ...] = ()
        if self._entry is not None:
            against = self.geometry.against(self._entry)
            arm_seat, certainty = nearest_seat(against)
        boxes = self._remembered_boxes()
        change = Change(
            tuple(new),
            frozenset(gone),
            cleared,
            arm_seat,
            certainty,
            boxes,
            gesture=gesture,
            arm_against=against,
        )
        inferred = infer(state, change)
        inferences = [i for i in inferred if not self._weak_alarm(state, i)]
        if self._withdrawing and (
            len(inferences) < len(inferred)
            or any(not i.best.legal or i.uncertain for i in inferences)
        ):
            return []  # an illegal or uncertain reading: read when the table is still
        if not self._looked and any(
            self._laid_anew(_cards_of(i)) for i in inferred if i not in inferences
        ):
            self._looked = True  # a card laid apart, read too weakly to report its illegal
            return []  # move: look harder at this frame (eval game 5: a Д♠ of the Atlas deck
            # thrown in, read as the Q♠ at 0.26 in the whole frame, at 0.81 magnified)
        frames = self._votes.frames
        illegal = {c for i in inferences if not i.best.legal for c in _cards_of(i)}
        confirmed = min(  # frames read, or that read each card of an illegal reading (glimpses too)
            (max(self._votes.reads(str(c)), frames) for c in illegal),
            default=frames,
        )
        laid_now = {r[0] for n in new for r in n.readings}
        look = not self._looked and _resizable(self.detector) and bool(illegal & laid_now)
        self._holding = any(not i.best.legal for i in inferences) and (
            frames + self._clear_frames < ALARM_STILL
            or confirmed < (LOOK_READS if look else CONFIRM_FRAMES)
            or (confirmed < HOLD_FRAMES and self._coming(state, new))
            or self._magnified_only(illegal)
        )
        if self._holding:
            return []  # an illegal reading: read the cards in a few more frames before saying so
        if look:
            # an illegal reading of a card laid now held its frames: read it once more, turned
            # and magnified, before the alarm (a steady misread of one box's crop: eval game
            # 26, a K♠ corner boxed tightly read as the K♣ at 0.85, the K♠ magnified); the
            # four readings of that look stand for the frames still missing to CONFIRM_FRAMES
            self._looked = self._looked_before_alarm = True
            return []
        observed: list[Observed] = []
        if inferences:
            self._kept, self._laid = kept, []
        for inference in inferences:
            alternatives = tuple(m for r in inference.alternatives for m in r.key[:1])
            for move in inference.best.moves:
                certain_part = not move_cards(move) and not isinstance(move, Take | Done)
                observed.append(
                    Observed(
                        move,
                        now if self._withdrawing else self._rest_time,
                        1.0 if certain_part else inference.confidence,
                        False if certain_part else inference.uncertain,
                        () if certain_part else alternatives,
                    )
                )
                if move_cards(move) and not inference.uncertain:
                    self._laid.append(move)
        # memory: cards placed now are remembered where they lie; cards gone are forgotten
        if cleared:
            self._memory.clear()
        else:
            lying = [m.box for c, m in self._memory.items() if c not in gone and m.box is not None]
            for card in gone:
                box = self._memory[card].box
                if card in table_cards or (
                    card in state.discard
                    and box is not None
                    and any(overlap(box, b) >= COVER_MIN for b in lying)
                ):
                    continue  # on the table, or discarded under a card still lying there (a
                    # bout that closed by itself leaves its cards on the cloth until swept)
                self._memory.pop(card)
        placed = {
            c: n
            for n in new
            for o in observed
            if isinstance(o.move, Attack | Defend | ThrowIn | Transfer)
            for c in move_cards(o.move)
            if c in (r[0] for r in n.readings)
        }
        taker = next((o.move.player for o in observed if isinstance(o.move, Take)), None)
        if placed:
            self._carried = None
        elif taker is not None:
            self._carried = _Take(taker, frozenset(table_cards), self._calm)
        for card, laid in placed.items():
            box = laid.box
            rivals = frozenset(str(c) for c, _ in laid.readings if c != card)
            confidence = self._votes.confidence(str(card))
            self._memory[card] = _Remembered(
                box,
                self.motion.region(box),
                rivals,
                region_of(self._calm, box),
                confidence,
                rivals if self._looked_before_alarm else frozenset(),
            )
            runner_up = self._votes.runner_up(str(card))
            self._laid_reads[card] = _Laid(
                confidence,
                parse_card(runner_up[0]) if runner_up and runner_up[1] >= RUNNER_UP else None,
            )
            self._placed_still.append(box)
            self._lengths[card] = _length(box)
        # a card read where it lies is pictured again (the light drifts); one not read there keeps
        # its picture: a gathered pile at rest mid-sweep must not make an empty place its picture.
        # Nor while a weak illegal reading went unreported: the change is not explained yet (a
        # card laid on another, read better in the next frames, must not become its picture)
        for card, mem in self._memory.items():
            read = seen_any.get(str(card))
            if (
                len(inferences) == len(inferred)
                and mem.box is not None
                and read is not None
                and overlap(read[1], mem.box) > 0.5
            ):
                mem.patch = self.motion.region(mem.box)
        self._judged = True
        if not self._withdrawing:  # (else the arm is in the picture: see _judge_withdrawing)
            self._calm = self.motion.current
        if observed:
            self._moved_from = self._entry_seat()
        return observed

    def _played_on(self, state: State, gone: set[Card]) -> tuple[State, tuple[Move, ...]]:
        """The table played on (:mod:`referee.played_on`): the cards of a move laid at the last
        judgement that the referee did not make (illegal) still lie where they were laid, and
        an arm has changed the table since. The state with those moves made, and the moves
        (reported with this judgement's moves, if it finds any: :attr:`FrameReport.played_on`)."""
        assert self.motion is not None
        if self._judged or not self._laid or self.motion.battle_unchanged(self._calm):
            return state, ()
        on_table = set(state.table_cards())
        kept: list[Move] = []
        for move in self._laid:
            cards = set(move_cards(move))
            if cards & on_table or not cards <= self._memory.keys() or cards & gone:
                continue  # made by the referee, or taken back
            after = play_on(state, move)
            if after is not None:
                state = after
                kept.append(move)
        return state, tuple(kept)

    def _find_discard(self) -> None:
        """Beaten cards were swept: the discard pile is where cards came to rest since, away from
        the places they lay, from the cards lying or read clearly by an index corner and from
        the stock. A reading centred there is no card in play (a pile of backs can read weakly
        as a face, or be named a face by the whole-card reader: eval game 21, the held-out
        deck's backs read whole as the K♥ at 0.6)."""
        assert self.geometry is not None and self.motion is not None and self._sweep is not None
        before, swept, looks = self._sweep
        self._sweep = (before, swept, looks - 1) if looks > 1 else None
        if "discard" in self.geometry.fixed or not self._lengths:
            self._sweep = None
            return
        length = self._card_length()
        away = [_grow(b, 0.2) for b in swept]
        away += [_grow(m.box, 0.2) for m in self._memory.values() if m.box is not None]
        away += [
            _grow(p.box, 0.2) for p in self._votes.places if p.corners and not self._weak(p.card)
        ]
        if self.geometry.stock is not None:
            away.append(self.geometry.stock)
        pile = pile_grown(before, self.motion.current, away, PILE_MIN * length**2)
        if pile is None or _length(pile) > PILE_SIDE * length:
            return  # nothing yet, or longer than a pile: an arm resting over the table
        self._sweep = None
        zone = pile if self.geometry.discard is None else _union(self.geometry.discard, pile)
        if area(zone) > PILE_MAX * length**2 or _length(zone) > PILE_SIDE * length:
            return  # a blob apart from the pile found before, or beside it growing it into the
            # battle area: not cards coming to rest on it
        self.geometry = with_zone(self.geometry, "discard", zone)
        self.motion.geometry = self.geometry
        log.info("discard pile at %s", [round(v) for v in zone])

    def _oversize(self, box: Box) -> bool:
        """Whether a box is far longer than the cards laid so far (the median of their boxes'
        longer sides): a box across several cards."""
        if not self._lengths:
            return False
        return _length(box) > OVERSIZE * self._card_length()

    def _weak(self, name: str) -> bool:
        """Whether an identity is read weakly this still spell (its mean confidence per frame
        that read it under :data:`WEAK_READ`)."""
        return self._votes.strength(name) < WEAK_READ

    def _weak_alarm(self, state: State, inference: Inference) -> bool:
        """An illegal reading made only of cards read weakly (a misdetection that held: a box
        across two cards, a sliver of one): not reported, and not remembered. Unless it would
        be illegal whatever those cards are and each lies where the table changed since the
        calm picture: a card was laid there, and the move is wrong whichever card it is (eval
        game 3: an ace led out of turn read at 0.23 in every frame)."""
        if inference.best.legal:
            return False
        cards = _cards_of(inference)
        if not cards or not all(self._weak(str(c)) for c in cards):
            return False
        return not (self._laid_anew(cards) and self._illegal_whatever(state, inference, cards))

    def _magnified_only(self, illegal: set[Card]) -> bool:
        """Whether an illegal reading rests on a card (of ``illegal``, the cards that illegal
        readings lay) read only in a magnified look, never at the detector's own scale: no alarm
        on so little (eval6 game 10: a J♣ just laid, not yet read, its corner read magnified as
        the 7♣); it waits for a frame to read it too."""
        return any(not self._votes.read_unmagnified(str(c)) for c in illegal)

    def _coming(self, state: State, new: list[NewCard]) -> bool:
        """Whether a card that may come onto the table is read, not weakly, in some of this still
        spell's frames but too few to count yet, apart from the new cards and lying where the
        table changed: it may belong to the move (eval game 29: the third card of a
        three-card lead, a court card of a deck without rank indices, named in 3 of the first 6
        frames; the lead of two was reported illegal a frame before the third counted)."""
        for place in self._votes.places:
            card = parse_card(place.card)
            if (
                card is None
                or card in self._memory
                or any(card == r[0] for n in new for r in n.readings)
                or self._votes.share(place.card) >= self.min_share
                or self._weak(place.card)
                or not possible_new(state, card)
                or any(overlap(place.box, n.box) > APART_MAX for n in new)
            ):
                continue
            if self._laid_anew([card]):
                return True
        return False

    def _laid_anew(self, cards: Iterable[Card]) -> bool:
        """Whether each card lies on cloth that has changed since the calm picture before the
        last arm, apart from the remembered cards (a weak reading over one may be it misread:
        eval game 3, a J♥ under the K♥ that beat it read as Q♥ at 0.26-0.30)."""
        assert self.motion is not None
        lying = [m.box for m in self._memory.values() if m.box is not None]
        for card in cards:
            place = self._votes.place(str(card))
            if place is None or any(overlap(place.box, b) > APART_MAX for b in lying):
                return False
            if not changed(region_of(self._calm, place.box), self.motion.region(place.box)):
                return False
        return True

    @staticmethod
    def _illegal_whatever(state: State, inference: Inference, cards: set[Card]) -> bool:
        """Whether the reading's moves stay illegal with any other card that may come onto the
        table in place of each of ``cards``."""
        deck = deck_of(state.rules)
        for card in cards:
            for other in deck:
                if other == card or not possible_new(state, other):
                    continue
                moves = [with_card_read_as(m, card, other) for m in inference.best.moves]
                if legal_in_turn(state, moves):
                    return False
        return True

    def _carried_off(self, state: State, card: Card) -> bool:
        """Whether a card is one that the last take gave the seat whose arm is over the table
        still, no card laid since, and that seat does not lead next: it is in that hand, on its
        way off the table (eval6 game 24: the A♠ that A had just taken, read in A's hand as it
        rested over the table on its way out, was reported as A leading it out of turn). Once
        the arm has left, a card read there was laid (eval8 games 0, 12, 14 and 26: a taker
        leading a card he had just taken, out of turn, went unreported without this test). The
        arm is looked for against the calm picture before the take was judged as well: a take
        judged while the taker's hand rests over the table makes that hand part of the calm
        picture, and where it rests again after a small shift, the card read in it would be laid
        (seen in eval23 game 17, where the arm was also too faint on its cloth to be seen at all:
        that game is not mended by this)."""
        take = self._carried
        if take is None or card not in take.cards or self._entry is None:
            return False
        assert self.geometry is not None and self.motion is not None
        before = take.calm_before
        return (
            state.attacker != take.taker
            and self.geometry.seat_at(self._entry)[0] == take.taker
            and (
                self.motion.arm_over_table(self._calm)
                or (before is not None and self.motion.arm_over_table(before))
            )
        )

    def _hidden_under(self, card: Card, cover: Card, seen: dict[str, tuple[float, Box]]) -> bool:
        """Whether ``card`` lies mostly under ``cover`` where they were laid, and is not read
        where it lies."""
        mem, top = self._memory.get(card), self._memory.get(cover)
        return (
            mem is not None
            and top is not None
            and mem.box is not None
            and top.box is not None
            and overlap(mem.box, top.box) > HALF_INSIDE
            and not _read_where_it_lies(card, mem, seen)
        )

    def _remembered_boxes(self) -> dict[Card, Box]:
        """Where the remembered table cards lie (for the covering geometry)."""
        return {c: m.box for c, m in self._memory.items() if m.box is not None}

    def _seen_bare(self, state: State) -> bool:
        """Whether this still frame shows every table card's place bare, none read there."""
        seen = self._votes.seen(SEEN_SHARE)
        return (
            bool(state.table)
            and self._bare(state)
            and not any(
                _read_where_it_lies(c, self._memory[c], seen)
                for c in state.table_cards()
                if c in self._memory
            )
        )

    def _bare(self, state: State) -> bool:
        """Whether the attack cards' places look again as they did before the cards were laid,
        or as the empty table did (an attack card missed in a few frames after an illegal card
        left it is still there; a card laid on a place that was not bare then, a misread of a
        covered card, is gone when its place is bare table)."""
        return self._bare_places(pair.attack for pair in state.table)

    def _bare_places(self, cards: Iterable[Card]) -> bool:
        """Whether the remembered places of ``cards`` look as before they were laid, or as the
        empty table did (those without a remembered place or picture count as bare), and no
        other card is read over them: a card's plain margin laid over a small place (a card read
        by its corner alone) looks like cloth once each picture's mean is taken off (eval6 game
        14: a K♠ laid square on an A♥, the A♥ taken for taken)."""
        assert self.motion is not None
        read = self._votes.seen(SEEN_SHARE)
        for card in cards:
            laid = self._memory.get(card)
            if laid is None or laid.box is None or laid.under is None:
                continue
            if any(
                n != str(card) and overlap(laid.box, box) > HALF_INSIDE
                for n, (_, box) in read.items()
            ):
                return False
            now = self.motion.region(laid.box)
            bare = (laid.under, region_of(self._empty, laid.box))
            if not any(_looks_bare(before, laid.patch, now) for before in bare):
                return False
        return True

    def _trump_on_table(self, state: State, name: str, box: Box) -> bool:
        """Whether the trump card, still under the stock, is read laid in the battle area: one
        physical card cannot lie in both places, so the setup misread the card under the pile
        (eval8 games 7 and 22: the sideways index of ``kde-ancient-egyptians``' 9♣ read as the
        6♣, its 6♥ as the 9♥). Once a game: a trump card read again is not read again. Only
        while the stock's place shows a card in one of the frames read lately: where it shows
        none, the stock was drawn out and the card in play is the trump card itself (eval22
        game 6: the 6♠ drawn last and played while the chain, out of step, counted cards still
        in the stock, was taken for the setup's misread and the trump revised to the 9♠, a card
        thrown in long before)."""
        return (
            self._may_revise_trump_by(state, box)
            and state.trump_card is not None
            and name == str(state.trump_card)
            and state.indicator_in_stock()
            and any(self._stock_shown)
        )

    def _may_revise_trump_by(self, state: State, box: Box) -> bool:
        """Whether a reading at ``box`` may revise the trump card (:meth:`_trump_on_table`,
        :meth:`_trump_played_read_again`): the variant shows one, it was not revised yet this
        game, one deck, and the reading is a card laid in the battle area."""
        assert self.geometry is not None
        return (
            self.shows_trump
            and self._revised is None
            and state.rules.deck_copies == 1
            and self.geometry.in_battle(box)
            and not _sliver(box)
        )

    def _trump_read_again(self, state: State) -> State:
        """The trump card after the card of its name was read on the table: its other reading
        (:meth:`_other_trump`); unchanged when there is none."""
        trump = state.trump_card
        assert trump is not None
        card = self._other_trump(state, trump)
        if card is None:
            return state
        log.info("trump card read again as %s: its name %s was read in play", card, trump)
        self.trump_card = self._revised = card
        return _with_trump(state, card)

    def _other_trump(self, state: State, trump: Card) -> Card | None:
        """What the trump card read as ``trump`` is when a card of that name was read in play:
        the setup's best other reading of its suit, else the card its rank becomes upside down
        (a six for a nine, a nine for a six: the indices without an underline), else the
        readings' likeliest runner-up of its suit (eval26 game 0: ``aisleriot-guyenne-classic``'s
        J♣ under the stock, a court card without a rank index, read as the K♣ in every frame,
        the J♣ its runner-up at 0.20); none when none may be it (seen in play)."""
        options = [(score, c) for score, c in self._trump_readings(trump.suit) if c != trump]
        upside_down = _upside_down(trump)
        if upside_down is not None:
            options.append((0.0, upside_down))
        for name, p in self._setup_runner_ups.items():
            card = parse_card(name)
            if card is not None and card.suit == trump.suit and card != trump:
                options.append((p - 1.0, card))  # after every reading and the turned card
        for _score, card in sorted(options, key=lambda o: -o[0]):
            if self._may_come(state, str(card)) is not None:
                return card
        return None

    def _trump_played_read_again(self, state: State) -> list[tuple[Card, Card]]:
        """The trump card as the setup read it, drawn from the stock and played since, read
        clearly in the battle area where no card is remembered: the setup misread the card
        under the pile, and the card played under its name was its other reading
        (:meth:`_other_trump`). The trump is revised, and the correction returned (eval16 game
        8: ``kde-ancient-egyptians``' 6♥ under the stock read as the 9♥; A drew it and beat
        with it, read as the 9♥ A was known to hold, and when C beat with the true 9♥ the chain
        had it discarded: a take, and the game out of step)."""
        trump = self.trump_card  # the table's state names no trump card once it is drawn
        if (
            trump is None
            or trump not in state.discard
            or trump in self._memory
            or trump not in self._laid_reads
            or state.indicator_in_stock()
        ):
            return []
        place = self._votes.seen(self.min_share, MIN_READS).get(str(trump))
        if (
            place is None
            or not self._may_revise_trump_by(state, place[1])
            or self._votes.confidence(str(trump)) < READ_AGAIN
        ):
            return []
        card = self._other_trump(state, trump)
        if card is None:
            return []
        log.info("trump card %s read in play after it was played: it was %s", trump, card)
        self.trump_card = self._revised = card
        return [self._laid_as(trump, card)]

    def _check_trump(self, state: State, new: list[NewCard]) -> State:
        """A weak trump read meets a beat of another suit: the beat's suit, when the beat is
        legal only with it, is the trump (the state to judge with is revised); a beat legal with
        the read trump settles it. The trump card becomes the setup's best reading of that suit;
        when the setup read none, only a faint read (under TRUMP_FAINT a frame) is revised, to its
        twin (:func:`_twin`) when that is of the beat's suit (eval17 game 9:
        ``neoclassical_4_color``'s A♣ under the stock read as the A♠ at 0.02 a frame, nothing
        read as a club, and the K♣ beating the K♦ reported illegal, the game out of step from
        there). A card beside, not on, an attack card is no beat when a card of its rank lies on
        the table: a throw-in shows no trump suit (eval22 game 17: the K♥ read faint at the
        setup, revised to the K♠ by the Q♠ thrown in beside the Q♥ the defender took)."""
        boxes = self._remembered_boxes()
        ranks = table_ranks(state)
        for card in new:
            target, _ = cover_target(state, card, boxes)
            if target is None:
                target, near = near_target(state, card, boxes)
                if near < 0.5 or card.card.rank in ranks:
                    target = None  # beside a card of its rank: a throw-in may be all it is
            suit = card.card.suit
            if target is None or suit is None or suit == target.suit:
                continue
            if suit == state.trump_suit:
                self.trump_settled = True
                return state
            revised = self._trump_of_suit(state, suit)
            if revised is None:
                continue
            other = _with_trump(state, revised)
            if not is_legal(other, Defend(state.defender, target, card.card)):
                continue
            log.info("trump card revised from %s to %s by a beat", self.trump_card, revised)
            self.trump_card = self._revised = revised
            self.trump_settled = True
            return other
        return state

    def _trump_of_suit(self, state: State, suit: Suit) -> Card | None:
        """The trump card if its suit is ``suit`` (see :meth:`_check_trump`)."""
        options = self._trump_readings(suit)
        if options:
            return max(options, key=lambda o: o[0])[1]
        if not self._trump_faint or self.trump_card is None:
            return None
        card = _twin(self.trump_card)  # its commonest misread; a suit of the other colour is
        # no misread of its suit (eval28 game 15: ``tigullio``'s 7♦ read faint, 0.46 a frame,
        # and revised to the 7♣ by the seeded illegal 8♣ laid on the A♥)
        if card is None or card.suit != suit:
            return None
        return card if self._may_come(state, str(card)) is not None else None

    def _trump_readings(self, suit: Suit | None) -> list[tuple[float, Card]]:
        """The trump card's readings of ``suit`` (at the setup, and at the stock in play) with
        their votes."""
        return [
            (score, card)
            for name, (score, _) in self._setup_votes.items()
            if (card := parse_card(name)) is not None and card.suit == suit
        ]


def _read_where_it_lies(card: Card, mem: _Remembered, seen: dict[str, tuple[float, Box]]) -> bool:
    """Whether a remembered card is read at its place (not only apart from it: in a hand)."""
    read = seen.get(str(card))
    return read is not None and (mem.box is None or overlap(read[1], mem.box) > CARRIED)


def _holders(state: State) -> dict[Card, int]:
    """The seat known to hold each card known in a hand (seen taken)."""
    return {c: seat for seat in range(state.players) for c in state.hands[seat].known}


def _twin(card: Card) -> Card | None:
    """The card of its rank in the other suit of its colour (:func:`vision.cards.twin`): the
    classifier's commonest confusion of one card for another (models/MODEL_CARD.md: T♥/T♦,
    A♥/A♦, A♣/A♠ lead its validation crops' confusions)."""
    other = twin(str(card))
    return None if other is None else parse_card(other)


def _read_again_ratio(card: Card, laid: _Laid) -> float:
    """How many times as confidently as it was laid a discarded card must be read again for
    the one laid to have been its runner-up (see Pipeline._discarded_read_again)."""
    return TWIN_READ_AGAIN_RATIO if laid.runner_up == _twin(card) else READ_AGAIN_RATIO


def _upside_down(card: Card) -> Card | None:
    """The card whose index reads as ``card``'s turned upside down (a six and a nine:
    :func:`vision.cards.turned`)."""
    other = turned(str(card))
    return None if other is None else parse_card(other)


def _cards_of(inference: Inference) -> set[Card]:
    """The cards that an inference's best reading lays."""
    return {c for m in inference.best.moves for c in move_cards(m)}


def _sliver(box: Box) -> bool:
    """Whether a box is too long and thin for a card laid on top (its whole face shows, or at
    least its corner): the strip of a card partly covered, or a box across the gap of two."""
    return min(box[2] - box[0], box[3] - box[1]) < SLIVER * _length(box)


def _length(box: Box) -> float:
    return max(box[2] - box[0], box[3] - box[1])


def _one_card(a: Box, b: Box) -> bool:
    """Whether two new readings are one physical card: their boxes mostly coincide, or one is a
    corner-sized box lying inside the other (a card box read one way, a corner of it another)."""
    if iou(a, b) > SAME_CARD:
        return True
    small, large = sorted((a, b), key=area)
    return _part_of(small, large, CORNER_AREA)


def _looks_bare(before: np.ndarray | None, card: np.ndarray | None, now: np.ndarray | None) -> bool:
    """Whether a card's place looks ``now`` as it did ``before`` the card was laid: unchanged,
    or nearer it than ``BARE_SHARE`` of the way the card lying there differed from it (a soft
    shadow, someone leaning over the table when the bare picture was kept, leaves a gradient
    that the means taken off do not: eval27 game 0, the A♦'s place after the take 7.3 grey
    levels from its picture before, the A♦ 38.4, and the take went unseen)."""
    if not changed(before, now):
        return True
    contrast = difference(before, card)  # infinite with a picture missing: not bare
    return math.isfinite(contrast) and difference(before, now) <= BARE_SHARE * contrast


def _holds(outer: Box, inner: Box) -> bool:
    """Whether ``outer`` holds all of ``inner``, give or take the few pixels a box read is off
    by, and is the larger."""
    return area(outer) >= area(inner) and overlap(inner, _grow(outer, BOX_SLACK)) >= 1.0 - 1e-6


def _part_of(small: Box, large: Box, share: float) -> bool:
    """Whether a reading's box lies inside a card's box and is under ``share`` of its area."""
    return overlap(small, large) >= CORNER_INSIDE and area(small) < share * area(large)


def _with_trump(state: State, card: Card) -> State:
    return replace(state, trump_card=card, trump_suit=card.suit)


def _clear_suit(votes: dict[str, tuple[float, Box]]) -> bool:
    """Whether the trump read names one suit clearly (twice the votes of any other suit)."""
    by_suit: dict[object, float] = {}
    for name, (score, _) in votes.items():
        card = parse_card(name)
        if card is not None:
            by_suit[card.suit] = by_suit.get(card.suit, 0.0) + score
    ranked = sorted(by_suit.values(), reverse=True)
    return len(ranked) < 2 or ranked[0] >= 2 * ranked[1]


def _detect_at(
    detector: CardDetector, image: np.ndarray, size: int, turn: int | None = None
) -> list[CardDetection]:
    """Detect at another input size, on the picture turned by ``turn`` (a cv2.ROTATE_* code),
    with boxes mapped back to the picture: the trump card lies at right angles under the stock,
    and its index reads better upright."""
    if not _resizable(detector):
        return []
    saved = detector.imgsz
    try:
        detector.imgsz = size
        found = detector.detect(image if turn is None else cv2.rotate(image, turn))
    finally:
        detector.imgsz = saved
    if turn is None:
        return found
    h, w = image.shape[:2]
    out = []
    for d in found:
        u1, v1, u2, v2 = d.box
        if turn == cv2.ROTATE_90_CLOCKWISE:  # (x, y) -> (h - y, x)
            box = (v1, h - u2, v2, h - u1)
        elif turn == cv2.ROTATE_90_COUNTERCLOCKWISE:  # (x, y) -> (y, w - x)
            box = (w - v2, u1, w - v1, u2)
        else:  # 180
            box = (w - u2, h - v2, w - u1, h - v1)
        out.append(CardDetection(d.card, d.confidence, box, d.corners))
    return out


def _cut(box: Box, width: int, height: int, inner: tuple[bool, bool, bool, bool]) -> bool:
    """Whether a box in a crop of ``width`` x ``height`` touches one of its ``inner`` sides
    (left, top, right, bottom: those inside the picture, where a card may go on)."""
    touches = (box[0] <= EDGE, box[1] <= EDGE, box[2] >= width - EDGE, box[3] >= height - EDGE)
    return any(t and i for t, i in zip(touches, inner, strict=True))


def _resizable(detector: CardDetector) -> bool:
    """Whether the detector takes pictures of any size (the shipped one; not a fixed-size
    export, nor a scripted test detector)."""
    return hasattr(detector, "imgsz") and not getattr(detector, "fixed_size", None)


def _shifted(box: Box, dx: float, dy: float) -> Box:
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _grow(box: Box, share: float) -> Box:
    dx, dy = (box[2] - box[0]) * share, (box[3] - box[1]) * share
    return (box[0] - dx, box[1] - dy, box[2] + dx, box[3] + dy)
