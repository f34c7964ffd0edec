"""The arena (A5): computer players against each other over duplicate deals.

Every deal is played twice with identical cards in identical seats: the first time team A
sits south/north, the second time west/east, so the luck of the cards cancels out and
what is left is the difference between the players. Figures are mean points per hand for
A (A's points minus B's), with a 95% interval computed over the duplicate pairs; with
``games`` whole games are played to the rules' target (each game seed twice, seats
swapped) and games won by A are given with a Wilson 95% interval.

Use it from Python::

    from euchre_qt.tools.arena import run_match
    result = run_match("novice", "random", hands=2000, seed=1, jobs=2)
    print(result.report())

or from the command line::

    python -m euchre_qt.tools.arena --a novice --b random --hands 4000 --seed 1 --jobs 2

Players only ever receive ``state.view(seat, reveal=player.sees_all)``. A player that
returns an illegal action (or raises) is reported with the seat, the player and the
position, the deal is left out of the figures, and the command exits non-zero.

Besides our own players (``PLAYER_NAMES``), ``ismcts`` or ``ismcts:N`` seats OpenSpiel's
information-set MCTS with N simulations a move (1,000 by default; ``tools.ismcts``, which
needs ``pip install open-spiel``). It plays OpenSpiel's rules only: with it at the table the
arena plays them (``openspiel_bridge.OPENSPIEL_RULES``, at the rules' target) in place of
the standard game, says so in the report, and refuses any other rules.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TextIO, TypedDict, Unpack

from ..engine.actions import Action
from ..engine.ai.player import Player
from ..engine.ai.registry import PLAYER_NAMES, make_player
from ..engine.cards import Seat
from ..engine.errors import IllegalActionError
from ..engine.game import Game
from ..engine.hand import HandState
from ..engine.rules import RULE_OPTIONS, OptionValue, RuleOption, Rules
from ..engine.scoring import Outcome
from .ismcts import DEFAULT_SIMULATIONS, IsmctsPlayer, ismcts_simulations
from .match_result import Failure, MatchResult
from .openspiel_bridge import OPENSPIEL_RULES, OpenSpielMissing, rule_differences

PlayerFactory = Callable[[int], Player]
"""Builds a player from a seed. Use a module-level function if ``jobs > 1`` (it is pickled)."""

PlayerSpec = str | PlayerFactory
"""A player's name (see ``PLAYER_NAMES``, or ``ismcts[:N]``) or a factory."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` (units: deals or games) while a match runs."""

MAX_GAME_ACTIONS = 100_000  # a game that has not ended by then is reported as stuck

# --- rules and deals -----------------------------------------------------------


def random_rules(rng: random.Random) -> Rules:
    """A rule set with every option drawn at random (for soak tests)."""
    values: dict[str, OptionValue] = {}
    for option in RULE_OPTIONS:
        if option.kind == "bool":
            values[option.name] = rng.random() < 0.5
        elif option.kind == "int":
            values[option.name] = rng.randint(int(min(option.values)), int(max(option.values)))
        else:
            values[option.name] = rng.choice(option.values)
    return Rules.from_dict(values)


def deal_for(seed: int, number: int, rules: Rules | None, scores: tuple[int, int] = (0, 0)) -> HandState:
    """Deal ``number`` of a match, from the seed, the dealer rotating; a misdeal (a turned-up
    joker) is dealt again from the same shuffle stream. ``rules=None`` draws random rules;
    ``scores`` (S/N's, W/E's) change nothing of the cards."""
    if rules is None:
        rules = random_rules(random.Random(f"euchre-qt arena:{seed}:rules {number}"))
    rng = random.Random(f"euchre-qt arena:{seed}:deal {number}")
    dealer = Seat(number % 4)
    state = HandState.deal(rules, dealer, rng, scores)
    while state.is_over:
        state = HandState.deal(rules, dealer, rng, scores)
    return state


def game_rules(seed: int, number: int, rules: Rules | None) -> Rules:
    """The rules of game ``number`` (``rules=None``: drawn at random per game)."""
    if rules is not None:
        return rules
    return random_rules(random.Random(f"euchre-qt arena:{seed}:game rules {number}"))


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a match (stable across runs and platforms)."""
    return random.Random(f"euchre-qt arena:{seed}:game {number}").randrange(2**53)


# --- playing -----------------------------------------------------------------


class PlayerFailed(Exception):
    """A player erred (see ``failure``); the arena records it and carries on."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.detail)
        self.failure = failure


def _position(state: HandState) -> str:
    moves = ", ".join(f"{seat.letter} {action}" for seat, action in state.history)
    legal = ", ".join(str(a) for a in state.legal_actions())
    return f"{state}\nrules: {state.rules.describe()}\nmoves: {moves or '-'}\nlegal: {legal}"


def _choose(player: Player, state: HandState, seat: Seat, unit: int, copy: int) -> Action:
    """Ask ``player`` (at ``seat``, whose turn it is) for a move; it sees only its seat's view."""
    try:
        return player.choose(state.view(seat, reveal=player.sees_all))
    except Exception as exc:
        detail = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"
        raise PlayerFailed(Failure("player error", unit, copy, seat, player.name, detail, _position(state))) from exc


def _illegal(
    exc: IllegalActionError, player: Player, state: HandState, seat: Seat, unit: int, copy: int
) -> PlayerFailed:
    return PlayerFailed(Failure("illegal action", unit, copy, seat, player.name, str(exc), _position(state)))


def play_hand(state: HandState, players: Sequence[Player], unit: int = 0, copy: int = 0) -> HandState:
    """Play ``state`` to the end with ``players`` (indexed by seat).

    Raises ``PlayerFailed`` (with a ``Failure``) if a player errs."""
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        player = players[seat]
        action = _choose(player, state, seat, unit, copy)
        try:
            state = state.apply(action)
        except IllegalActionError as exc:
            raise _illegal(exc, player, state, seat, unit, copy) from exc
    return state


def _play_game(game: Game, players: Sequence[Player], unit: int, copy: int) -> None:
    moves = 0
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        if moves >= MAX_GAME_ACTIONS:
            raise PlayerFailed(Failure("stuck", unit, copy, None, "-", "the game never ended", _position(game.hand)))
        player = players[seat]
        action = _choose(player, game.hand, seat, unit, copy)
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise _illegal(exc, player, game.hand, seat, unit, copy) from exc
        moves += 1


def _seat_players(copy: int, a: Player, b: Player) -> tuple[Player, Player, Player, Player]:
    """Copy 0: A at south/north; copy 1: A at west/east."""
    return (a, b, a, b) if copy == 0 else (b, a, b, a)


def _record_hand(result: MatchResult, state: HandState, a_team: int) -> int:
    """Count a finished hand into ``result``; returns A's points minus B's."""
    outcome = state.result
    assert outcome is not None
    result.hands += 1
    by_team = (result.side_a, result.side_b) if a_team == 0 else (result.side_b, result.side_a)
    by_team[0].points += outcome.points[0]
    by_team[1].points += outcome.points[1]
    if outcome.outcome is Outcome.PASSED_OUT:
        result.passed_out += 1
    elif outcome.outcome is Outcome.THROWN_IN:
        result.thrown_in += 1
    elif outcome.maker is not None:
        makers = by_team[outcome.maker.team]
        makers.bids += 1
        if outcome.outcome is Outcome.MADE:
            makers.made += 1
        elif outcome.outcome is Outcome.MARCH:
            makers.marches += 1
        else:
            makers.euchred += 1
        if outcome.alone:
            makers.alone += 1
            if outcome.outcome is Outcome.MARCH:
                makers.alone_marches += 1
        if outcome.lone_defender is not None:
            by_team[outcome.lone_defender.team].lone_defences += 1
    return outcome.points[a_team] - outcome.points[1 - a_team]


# --- matches -----------------------------------------------------------------


@dataclass(frozen=True)
class _Config:
    a: PlayerSpec
    b: PlayerSpec
    seed: int
    rules: Rules | None  # None: a random rule set per deal / game
    think_ms: int | None
    rules_said: str = ""  # how the report names the rules, where not by themselves


def make_arena_player(name: str, seed: int = 0, think_ms: int | None = None) -> Player:
    """One of our players (``make_player``) or OpenSpiel's ISMCTS (``ismcts[:N]``).
    ``ValueError`` for an unknown name, ``OpenSpielMissing`` for ISMCTS without OpenSpiel."""
    simulations = ismcts_simulations(name)
    if simulations is not None:
        return IsmctsPlayer(seed=seed, simulations=simulations)
    return make_player(name, seed=seed, think_ms=think_ms)


def _build(spec: PlayerSpec, seed: int, think_ms: int | None) -> Player:
    if isinstance(spec, str):
        return make_arena_player(spec, seed=seed, think_ms=think_ms)
    return spec(seed)


def table_rules(a: PlayerSpec, b: PlayerSpec, rules: Rules | None, mixed_rules: bool) -> tuple[Rules | None, str]:
    """The rules a match is played under (``None``: random per deal or game), and how the
    report says them where they are not the ones asked for. With an ISMCTS player at the
    table: OpenSpiel's, in place of the standard game; ``ValueError`` for any other."""
    asked = None if mixed_rules else (rules or Rules())
    outside = [spec for spec in (a, b) if isinstance(spec, str) and ismcts_simulations(spec) is not None]
    if not outside:
        return asked, ""
    who = outside[0].strip()
    openspiel = OPENSPIEL_RULES if asked is None else replace(OPENSPIEL_RULES, points_to_win=asked.points_to_win)
    if asked == openspiel:
        return openspiel, f"OpenSpiel's: {openspiel.describe()}"
    if asked is not None and asked == replace(Rules(), points_to_win=asked.points_to_win):
        return openspiel, f"OpenSpiel's, as {who} plays them, not the standard game: {openspiel.describe()}"
    differences = ["a random rule set each time"] if asked is None else rule_differences(asked, openspiel)
    raise ValueError(
        f"{who} plays OpenSpiel's rules only ({OPENSPIEL_RULES.describe()}; any target), not {', '.join(differences)}"
    )


def _players(config: _Config) -> tuple[Player, Player]:
    return (
        _build(config.a, config.seed * 2 + 1, config.think_ms),
        _build(config.b, config.seed * 2 + 2, config.think_ms),
    )


def _name(spec: PlayerSpec) -> str:
    return spec if isinstance(spec, str) else str(getattr(spec, "__name__", "player"))


def _empty_result(config: _Config) -> MatchResult:
    rules = config.rules_said or (
        "mixed (a random rule set each time)" if config.rules is None else config.rules.describe()
    )
    return MatchResult(_name(config.a), _name(config.b), rules, config.seed)


_Unit = Callable[[_Config, Player, Player, int, MatchResult], None]


def _run_units(config: _Config, start: int, stop: int, play: _Unit) -> MatchResult:
    """Units ``start`` to ``stop`` (deals, or game seeds), each played by ``play`` into a part
    of its own: a player's failure drops that unit and is kept among the failures."""
    a, b = _players(config)
    result = _empty_result(config)
    for number in range(start, stop):
        part = _empty_result(config)
        try:
            play(config, a, b, number, part)
        except PlayerFailed as failed:
            result.failures.append(failed.failure)
            continue
        part.pairs = 1
        result.merge(part)
    return result


def _play_deal(config: _Config, a: Player, b: Player, number: int, part: MatchResult) -> None:
    """Deal ``number`` played twice, the seats swapped: the pair's difference is what counts."""
    deal = deal_for(config.seed, number, config.rules)
    diff = 0
    for copy in (0, 1):
        final = play_hand(deal, _seat_players(copy, a, b), number, copy)
        diff += _record_hand(part, final, a_team=copy)
    part.diff_sum = diff / 2
    part.diff_sumsq = (diff / 2) ** 2


def _play_games(config: _Config, a: Player, b: Player, number: int, part: MatchResult) -> None:
    """Game seed ``number`` played to the target twice, the seats swapped."""
    rules = game_rules(config.seed, number, config.rules)
    for copy in (0, 1):
        game = Game(rules, seed=game_seed(config.seed, number), first_dealer=Seat(number % 4))
        _play_game(game, _seat_players(copy, a, b), number, copy)
        for record in game.records:
            if record.result.outcome is not Outcome.MISDEAL:
                _record_hand(part, record.final, a_team=copy)
        part.games += 1
        if game.winner == copy:
            part.a_games += 1
            part.a_slams += game.is_slam
        else:
            part.b_slams += game.is_slam


def _work(task: tuple[str, _Config, int, int]) -> tuple[int, MatchResult]:
    mode, config, start, stop = task
    return stop - start, _run_units(config, start, stop, _play_games if mode == "games" else _play_deal)


class MatchOptions(TypedDict, total=False):
    """How a match is played, for ``run_match`` and ``run_games`` alike.

    ``rules``: the rule set (standard when left out). ``mixed_rules``: every deal (or game
    seed) gets its own random rule set, and ``rules`` is ignored. ``jobs``: processes, 1 by
    default, ``None`` for every core (player factories must then be picklable).
    ``think_ms``: how long a searching player may think per move. ``progress``: told
    (done, all) as the match goes."""

    rules: Rules | None
    mixed_rules: bool
    jobs: int | None
    think_ms: int | None
    progress: Progress | None


def _run(
    mode: str,
    a: PlayerSpec,
    b: PlayerSpec,
    units: int,
    seed: int,
    rules: Rules | None = None,
    mixed_rules: bool = False,
    jobs: int | None = 1,
    think_ms: int | None = None,
    progress: Progress | None = None,
) -> MatchResult:
    table, said = table_rules(a, b, rules, mixed_rules)
    config = _Config(a, b, seed, table, think_ms, said)
    jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    jobs = min(jobs, max(1, units))
    began = time.perf_counter()
    result = _empty_result(config)
    result.jobs = jobs
    chunk = max(1, min(5 if mode == "games" else 50, units // (jobs * 4)))
    tasks = [(mode, config, start, min(units, start + chunk)) for start in range(0, units, chunk)]
    done = 0
    if progress is not None:
        progress(0, units)

    def take(size: int, part: MatchResult) -> None:
        nonlocal done
        result.merge(part)
        done += size
        if progress is not None:
            progress(done, units)

    if jobs == 1:
        for task in tasks:
            take(*_work(task))
    else:
        with multiprocessing.Pool(jobs) as pool:
            for size, part in pool.imap_unordered(_work, tasks):
                take(size, part)
    result.failures.sort(key=lambda f: (f.unit, f.copy))
    result.elapsed = time.perf_counter() - began
    return result


def run_match(
    a: PlayerSpec, b: PlayerSpec, hands: int = 4000, seed: int = 1, **options: Unpack[MatchOptions]
) -> MatchResult:
    """``hands`` hands (rounded up to an even number) of A against B over duplicate deals."""
    return _run("hands", a, b, (max(0, hands) + 1) // 2, seed, **options)


def run_games(
    a: PlayerSpec, b: PlayerSpec, games: int = 100, seed: int = 1, **options: Unpack[MatchOptions]
) -> MatchResult:
    """``games`` game seeds, each played to the rules' target twice with the seats swapped
    (``2 * games`` games in all)."""
    return _run("games", a, b, max(0, games), seed, **options)


# --- the command line ----------------------------------------------------------


class ProgressBar:
    """A plain-text progress bar: redrawn in place on a terminal, else a line every 10%."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.began = time.perf_counter()
        self.tty = self.stream.isatty()
        self._last_tenth = -1
        self._last_draw = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        fraction = done / total if total else 1.0
        elapsed = now - self.began
        eta = elapsed * (1 - fraction) / fraction if fraction > 0 else 0.0
        text = f"{self.label} {done}/{total} {100 * fraction:5.1f}% {elapsed:6.1f}s, about {eta:.0f}s to go"
        if self.tty:
            if 0 < done < total and now - self._last_draw < 0.1:
                return
            self._last_draw = now
            width = 30
            filled = round(width * fraction)
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {text}\x1b[K")
            if done >= total:
                self.stream.write("\n")
        else:
            tenth = int(fraction * 10)
            if tenth == self._last_tenth:
                return
            self._last_tenth = tenth
            self.stream.write(text + "\n")
        self.stream.flush()


def _parse(option: RuleOption) -> Callable[[str], OptionValue]:
    """The option's own reading of a value, its message shown as argparse's own."""

    def parse(text: str) -> OptionValue:
        try:
            return option.parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc

    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="euchre-qt arena",
        description="Computer players against each other over duplicate deals (each deal played twice, "
        "the teams swapping seats): mean points per hand for A with a 95% interval, or games won.",
    )
    names = ", ".join((*PLAYER_NAMES, "ismcts[:N]"))
    parser.add_argument("--a", default="novice", metavar="PLAYER", help=f"team A ({names}); default novice")
    parser.add_argument(
        "--b",
        default="random",
        metavar="PLAYER",
        help=f"team B ({names}); default random. ismcts:N is OpenSpiel's information-set MCTS with N "
        f"simulations a move (default {DEFAULT_SIMULATIONS}; needs pip install open-spiel): "
        "with it the match is played under OpenSpiel's rules",
    )
    parser.add_argument("--hands", type=int, default=4000, help="hands to play, both copies counted; default 4000")
    parser.add_argument("--games", type=int, default=None, metavar="N", help="play N game seeds to the target, twice")
    parser.add_argument("--seed", type=int, default=1, help="the deals come from this seed; default 1")
    parser.add_argument("--jobs", type=int, default=None, help="processes; default: one per core")
    parser.add_argument("--think-ms", type=int, default=None, metavar="MS", help="the advanced players' thinking time")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.add_argument("--show-failures", type=int, default=3, metavar="N", help="print the first N failures")
    rules = parser.add_argument_group("rules (default: the standard game)")
    for option in RULE_OPTIONS:
        flag = "--" + option.name.replace("_", "-")
        words = f"{option.label}: {option.help}; default {option.default_words}".replace("%", "%%")
        if option.kind == "bool":
            rules.add_argument(flag, action=argparse.BooleanOptionalAction, default=option.default, help=words)
        elif option.kind == "int":
            rules.add_argument(
                flag, type=_parse(option), default=option.default, metavar="N", help=f"{words} ({option.allowed()})"
            )
        else:
            choices = [option.text(v) for v in option.values]
            rules.add_argument(
                flag,
                type=_parse(option),
                choices=option.values,
                default=option.default,
                metavar="{" + ",".join(choices) + "}",
                help=words,
            )
    rules.add_argument("--mixed-rules", action="store_true", help="a random rule set per deal or game (soak tests)")
    return parser


def rules_from_args(args: argparse.Namespace) -> Rules:
    return Rules(**{option.name: getattr(args, option.name) for option in RULE_OPTIONS})


MOST_HANDS = 10_000_000


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    # (the upper ends: a number typed by mistake, not a longer match; the deals are made up front)
    if not 1 <= args.hands <= MOST_HANDS:
        parser.error(f"--hands must be from 1 to {MOST_HANDS:,}")
    if args.games is not None and not 1 <= args.games <= MOST_HANDS // 10:
        parser.error(f"--games must be from 1 to {MOST_HANDS // 10:,}")
    if args.jobs is not None and not 1 <= args.jobs <= 1024:
        parser.error("--jobs must be from 1 to 1,024")
    try:
        rules = rules_from_args(args)
        for name in (args.a, args.b):
            make_arena_player(name, seed=0, think_ms=args.think_ms)
        table_rules(args.a, args.b, rules, args.mixed_rules)
    except (ValueError, OpenSpielMissing) as exc:
        parser.error(str(exc))
    games_mode = args.games is not None
    progress = None if args.no_progress else ProgressBar("games" if games_mode else "deals")
    options = MatchOptions(
        rules=rules, mixed_rules=args.mixed_rules, jobs=args.jobs, think_ms=args.think_ms, progress=progress
    )
    if games_mode:
        result = run_games(args.a, args.b, args.games, args.seed, **options)
    else:
        result = run_match(args.a, args.b, args.hands, args.seed, **options)
    print(result.report(), flush=True)
    if result.failures:
        for failure in result.failures[: max(0, args.show_failures)]:
            print("\n" + failure.describe(), file=sys.stderr)
        print(f"\nFAILED: {len(result.failures)} illegal action(s) or player error(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
