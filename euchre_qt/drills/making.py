"""Making drills: positions found in deals, each judged twice and kept only if honest.

Two sources. Generated deals: each dealt from the seed (at a score drawn with it) and
played by four Advanced computer players, every decision of theirs a candidate while its
theme wants drills. Public records: the Euchre Game Notation's example games (Euchre.com
tournaments among them), every decision the record states and whose deal it shows whole
(no inferred move, no hand with a card the record does not place).

Each candidate is turned so its chooser sits South, screened on ``SCREEN_DEALS`` deals
at the screening seed (is one choice well ahead?) and, where it is, judged again over
``CONFIRM_DEALS`` deals at the judging seed: it becomes a drill only if the same choice is
clearly best there (``judging``). One drill per theme from any one deal keeps them varied.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..analysis.decisions import ALL_SEATS, decision_points, is_decision
from ..analysis.stated import inferred_moves
from ..analysis.why import why
from ..engine.actions import Action
from ..engine.ai.registry import make_player
from ..engine.cards import Seat
from ..engine.hand import HandState
from ..engine.rules import Rules
from ..engine.view import Phase, SeatView
from ..notation import egn
from .drill import YOU, Drill, Source, drill_id, turned_to_south
from .judging import CONFIRM_DEALS, SCREEN_DEALS, judged
from .themes import LAST_TRICKS_FROM, Theme, theme_of

# The screen asks a choice to lead the others by half its margin over its few deals:
# about as clear as the full judging over a quarter of its deals, so few candidates
# that pass it fail the judging, and few that would pass the judging are screened out.
SCREEN_SLACK = 0.5
GENERATED = "a deal played by four Advanced computer players"


@dataclass(frozen=True, slots=True)
class Candidate:
    """A decision to consider: ``seat`` to move after ``moves`` from ``start`` (the deal)."""

    start: HandState
    moves: tuple[Action, ...]
    seat: Seat
    source: Source


def generated_candidates(seed: int, wanted: Callable[[Theme], bool]) -> Iterator[Candidate]:
    """Decisions met in deals played by four Advanced players, one deal after another, for
    as long as ``wanted`` wants some theme; a deal is played only while it can still give a
    wanted theme."""
    players = [make_player("advanced", seed=seed * 4 + i) for i in range(4)]
    for number in itertools.count():
        if not any(wanted(t) for t in Theme):
            return
        rng = random.Random(f"euchre-qt drills:{seed}:{number}")
        dealer = Seat(rng.randrange(4))
        score = (rng.randrange(10), rng.randrange(10))
        start = HandState.deal(Rules(), dealer, rng, score)
        state, moves = start, list[Action]()
        source = Source("generated", GENERATED, f"seed {seed} deal {number}")
        while not state.is_over and any(wanted(t) and _may_come(state, t) for t in Theme):
            seat = state.turn
            assert seat is not None
            view = state.view(seat)
            if is_decision(view) and any(wanted(t) for t in possible_themes(view)):
                yield Candidate(start, tuple(moves), seat, source)
            action = players[seat].choose(view)
            moves.append(action)
            state = state.apply(action)


def record_candidates(paths: Iterable[Path]) -> Iterator[Candidate]:
    """Every decision stated by the EGN records in ``paths`` whose deal the record shows
    whole (a file that cannot be read is passed over)."""
    for path in paths:
        try:
            shown = egn.open_game(path)
        except egn.EgnError:
            continue
        game, record = shown.game, shown.record
        title = record.title or path.stem
        for position in decision_points(game, ALL_SEATS, inferred_moves(game, record)):
            if position.inferred or not position.deal_known:
                continue
            state = position.state
            number = game.records[position.hand].deal_number if position.hand < len(game.records) else game.deal_number
            deal = game.dealt(number)
            if deal.unknown:
                continue
            start = HandState.from_cards(game.rules, deal.dealer, deal.hands, deal.kitty, state.scores)
            assert state.turn is not None
            player = record.players[state.turn] or str(state.turn)
            where = f"{title}, hand {position.hand + 1}: {player}'s decision"
            ref = f"{path.name} hand {position.hand + 1} move {position.move}"
            yield Candidate(start, tuple(a for _, a in state.history), state.turn, Source("egn", where, ref))


def possible_themes(view: SeatView) -> tuple[Theme, ...]:
    """The themes ``view``'s decision can turn out to drill (a bid's depends on its answer)."""
    if view.phase is Phase.BIDDING_1:
        return (Theme.ROUND1, Theme.ALONE)
    if view.phase is Phase.BIDDING_2:
        return (Theme.ROUND2, Theme.ALONE)
    action = view.legal_actions[0]
    theme = theme_of(view, action, action)
    return () if theme is None else (theme,)


def _may_come(state: HandState, theme: Theme) -> bool:
    """Whether a decision of ``theme`` can still come in this hand."""
    bidding = state.phase in (Phase.BIDDING_1, Phase.BIDDING_2)
    if theme in (Theme.ROUND1, Theme.ROUND2, Theme.ALONE):
        return bidding
    if theme is Theme.LONER_DEFENCE:
        return bidding or state.alone
    if theme is Theme.DISCARD:
        return bidding or state.phase is Phase.DISCARD
    if theme is Theme.LAST_TRICKS:
        return True
    if theme is Theme.OPENING_LEAD:
        return not state.tricks
    return len(state.tricks) < LAST_TRICKS_FROM


class Maker:
    """Drills made up to ``per_theme`` a theme; the screen at ``seed``, the judging at
    ``seed + 1`` (never the seed that found the candidate)."""

    def __init__(self, per_theme: int, seed: int, report: Callable[[str], None] | None = None) -> None:
        self.per_theme = per_theme
        self.screen_seed, self.judge_seed = seed, seed + 1
        self.report = report
        self.drills: list[Drill] = []
        self.count: Counter[Theme] = Counter()
        self.considered = 0
        self._taken: set[tuple[str, Theme]] = set()  # (deal, theme): one drill of a theme a deal

    def wants(self, theme: Theme) -> bool:
        return self.count[theme] < self.per_theme

    def take(self, candidates: Iterable[Candidate]) -> None:
        for candidate in candidates:
            drill = self.consider(candidate)
            if drill is not None:
                self.drills.append(drill)
                self.count[drill.theme] += 1
                if self.report is not None:
                    self.report(
                        f"{len(self.drills)} drills ({drill.theme}: {self.count[drill.theme]}) of {self.considered}"
                    )

    def consider(self, candidate: Candidate) -> Drill | None:
        """The candidate as a drill, if it is an honest one of a wanted theme."""
        deal = candidate.source.ref.rsplit(" move ", 1)[0]
        themes = [t for t in _themes_before_judging(candidate) if self.wants(t) and (deal, t) not in self._taken]
        if not themes:
            return None
        start, state = turned_to_south(candidate.start, candidate.moves, candidate.seat)
        view = state.view(YOU)
        self.considered += 1
        screen = judged(view, SCREEN_DEALS, self.screen_seed, SCREEN_SLACK)
        theme = theme_of(view, screen.best, screen.rival)
        if not screen.clear or theme not in themes:
            return None
        judging = judged(view, CONFIRM_DEALS, self.judge_seed)
        if not judging.clear or judging.best != screen.best or theme_of(view, judging.best, judging.rival) is not theme:
            return None
        self._taken.add((deal, theme))
        return Drill(
            id=drill_id(theme, start, candidate.moves),
            theme=theme,
            source=candidate.source,
            rules=start.rules,
            dealer=start.dealer,
            score=start.scores,
            hands=start.hands,
            kitty=start.kitty,
            moves=candidate.moves,
            answer=judging.best,
            figures=judging.figures(),
            deals=judging.values.deals,
            seed=self.judge_seed,
            why=why(view, judging.best, judging.values),
        )


def _themes_before_judging(candidate: Candidate) -> tuple[Theme, ...]:
    state = candidate.start.apply_all(list(candidate.moves))
    return possible_themes(state.view(candidate.seat))
