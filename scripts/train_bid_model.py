"""Fit the learned bid model (``euchre_qt/engine/ai/bid_value.py``) and write its weights.

    python scripts/bid_model_data.py --seed 9001 --deals 18000 --out bid_data.jsonl
    python scripts/train_bid_model.py bid_data.jsonl [--write]

Reads the decisions ``bid_model_data.py`` wrote (each weighed bid decision with the real
outcome of bidding and of passing, from the same position), and fits a ridge regression
of "bid minus pass" (points at the score, as the search counts them: ``score_worth``) on
the position's facts (``bid_value.feature_values``). The penalty and the bar over passing
are chosen by cross-validation, the folds by deal: for each, the points the decisions
would have scored had the model chosen, against the search's own choice (its edge over
passing against its bar), both read from the paired outcomes. ``--write`` writes
``bid_value_weights.py``. Pure Python, no randomness: the same data give the same weights.

``--weak``: the model of hands under ``bid_weighing.HOPELESS`` (data from
``bid_model_data.py --weak-hands``), judged against what the player does with them
without it, passing every one; ``--write`` then writes ``bid_value_weak_weights.py``:

    python scripts/train_bid_model.py weak_data.jsonl --weak [--write]   # data: seed 9101, 16,000 deals
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fitting

from euchre_qt.engine.ai import bid_value
from euchre_qt.engine.ai.score_worth import ScoreWorth

GROUPS = tuple(f"r{r}s{s}" for r in (1, 2) for s in range(4))
FACTS = (
    "edge",
    "edge_r2",
    "edge_alone",
    "bid_points",
    "make_rate",
    "alone",
    "up_jack_to_us",
    "up_jack_to_them",
    "next",
    "trumps",
    "trumps_r2",
    "right",
    "left",
    "trump_ace",
    "trump_king",
    "off_aces",
    "voids",
    "singletons",
    "own",
    "we_close",
    "they_close",
)
FEATURES = GROUPS + FACTS  # the group constants are the intercepts, not penalised
# The weak hands' model: one constant, not penalised, and each round and seat's own
# constant penalised like the facts: some of them are rare among weak hands (the dealer in
# round 2 weighed 1 of 6,754), and a free constant would be that one hand's outcome.
WEAK_FEATURES = ("const", *FEATURES)
PENALTIES = (3.0, 30.0, 300.0, 1000.0, 3000.0)
BARS = (-0.2, -0.1, 0.0, 0.1, 0.2, 0.3)
SEARCH_BAR = 0.5  # the player's usual bar (``AdvancedPlayer``); 0 when the opponents are close
FOLDS = 5
WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "euchre_qt" / "engine" / "ai" / "bid_value_weights.py"
WEAK_WEIGHTS_FILE = WEIGHTS_FILE.with_name("bid_value_weak_weights.py")


class Decision:
    """One weighed decision: its inputs, the real worth of bidding and of passing."""

    def __init__(self, line: dict[str, object], weak: bool = False) -> None:
        facts: dict[str, float] = line["facts"]  # type: ignore[assignment]
        values = bid_value.feature_values(facts)
        self.x = [values.get(name, 0.0) for name in (WEAK_FEATURES if weak else FEATURES)]
        self.free = 1 if weak else len(GROUPS)  # the leading constants, not penalised
        scores: list[int] = line["scores"]  # type: ignore[assignment]
        ours, theirs = scores
        worth = ScoreWorth(int(line["target"]), int(ours), int(theirs))  # type: ignore[call-overload]
        self.bid = worth(float(line["bid_points"]))  # type: ignore[arg-type]
        self.passed = worth(float(line["pass_points"]))  # type: ignore[arg-type]
        self.y = self.bid - self.passed
        self.deal = (int(line["seed"]), int(line["deal"]))  # type: ignore[call-overload]
        self.group = f"round {int(facts['round'])}, seat {int(facts['seat'])}"
        self.edge = facts["edge"]
        # what the player does without the model: a weak hand is passed unweighed
        self.search_bids = not weak and facts["edge"] > (0.0 if facts["they_close"] else SEARCH_BAR)
        self.table = str(line["table"])
        partner = line.get("with_partner")
        # a lone bid's outcome alone less the same bid's with partner (None: not a lone bid)
        self.alone_gain = None if partner is None else self.bid - worth(float(partner))  # type: ignore[arg-type]


def load(paths: Sequence[Path], weak: bool = False) -> list[Decision]:
    return [Decision(json.loads(line), weak) for path in paths for line in path.open() if line.strip()]


def ridge(rows: Sequence[Decision], penalty: float) -> list[float]:
    """``fitting.ridge`` of the decisions (the leading constants go free: ``Decision.free``)."""
    return fitting.ridge([r.x for r in rows], [r.y for r in rows], rows[0].free, penalty)


def predict(weights: Sequence[float], r: Decision) -> float:
    return sum(w * x for w, x in zip(weights, r.x, strict=True))


def gain(rows: Sequence[Decision], chooses: Sequence[bool]) -> list[float]:
    """Per decision: the points choosing so scores over the search's own choice."""
    return [
        (r.bid if bid else r.passed) - (r.bid if r.search_bids else r.passed)
        for r, bid in zip(rows, chooses, strict=True)
    ]


def cross_validate(rows: Sequence[Decision]) -> dict[tuple[float, float], list[float]]:
    """For each penalty and bar, the gain per decision over held-out folds (by deal)."""
    folds = [[r for r in rows if hash_fold(r.deal) == f] for f in range(FOLDS)]
    out: dict[tuple[float, float], list[float]] = {(p, b): [] for p in PENALTIES for b in BARS}
    for f in range(FOLDS):
        train = [r for g in range(FOLDS) if g != f for r in folds[g]]
        for penalty in PENALTIES:
            weights = ridge(train, penalty)
            predicted = [predict(weights, r) for r in folds[f]]
            for b in BARS:
                out[(penalty, b)] += gain(folds[f], [p > b for p in predicted])
    return out


def hash_fold(deal: tuple[int, int]) -> int:
    return (deal[0] * 1_000_003 + deal[1]) % FOLDS


def report_data(rows: Sequence[Decision]) -> None:
    print(f"{len(rows)} weighed decisions from {len({r.deal for r in rows})} deals")
    groups: dict[str, list[Decision]] = {}
    for r in rows:
        groups.setdefault(r.group, []).append(r)
        groups.setdefault(f"table: {r.table}", []).append(r)
        groups.setdefault("all", []).append(r)
    print(f"{'':22}{'n':>6}{'search edge':>13}{'real edge':>11}{'real - search':>15}")
    for name in sorted(groups):
        g = groups[name]
        real, half = fitting.mean_half([r.y for r in g])
        bias, bias_half = fitting.mean_half([r.y - r.edge for r in g])
        print(
            f"{name:22}{len(g):6}{sum(r.edge for r in g) / len(g):+13.3f}{real:+8.3f}±{half:.2f}"
            f"{bias:+10.3f}±{bias_half:.3f}"
        )


def check_against(rows: Sequence[Decision], full: Sequence[Decision], weights: Sequence[float], bar: float) -> None:
    """The same decisions played out with the cards chosen as the real player chooses them
    (``bid_model_data.py --full-cards``): do the quick play-outs tell the same story?"""
    quick = {(r.deal, r.group, round(r.edge, 9)): r for r in rows}
    pairs = [(quick[k], f) for f in full if (k := (f.deal, f.group, round(f.edge, 9))) in quick]
    print(f"\n{len(pairs)} decisions also played out by the real player's cards:")
    picks: tuple[tuple[str, Callable[[Decision], float]], ...] = (
        ("bid - pass", lambda r: r.y),
        ("bid", lambda r: r.bid),
        ("pass", lambda r: r.passed),
    )
    for name, pick in picks:
        q, qh = fitting.mean_half([pick(a) for a, _ in pairs])
        f, fh = fitting.mean_half([pick(b) for _, b in pairs])
        d, dh = fitting.mean_half([pick(b) - pick(a) for a, b in pairs])
        print(f"  {name:11} quick {q:+.3f}±{qh:.3f}  real {f:+.3f}±{fh:.3f}  real - quick {d:+.3f}±{dh:.3f}")
    chooses = [predict(weights, a) > bar for a, _ in pairs]
    for name, side in (("quick", 0), ("real", 1)):
        judged = [pair[side] for pair in pairs]
        g, h = fitting.mean_half(gain(judged, chooses))
        print(f"  the model's choices over the search's, judged by the {name} play-outs: {g:+.4f}±{h:.4f} a decision")


def report_lone_bids(rows: Sequence[Decision]) -> None:
    """Where the search's best bid was alone: alone against the same bid with partner."""
    for name, kind in (("all", None), ("table: advanced", "advanced"), ("table: novice", "novice")):
        gains = [r.alone_gain for r in rows if r.alone_gain is not None and kind in (None, r.table)]
        if len(gains) > 1:
            mean, half = fitting.mean_half(gains)
            print(f"lone bids ({name}): {len(gains)}, alone minus with partner {mean:+.3f} ± {half:.3f} points")


def write_weights(weights: Sequence[float], bar: float, penalty: float, note: str, weak: bool) -> None:
    what = "for hands under HOPELESS " if weak else ""
    title = f"The learned bid model's weights {what}(``bid_value``), written by ``scripts/train_bid_model.py``."
    names = WEAK_FEATURES if weak else FEATURES
    text = fitting.weights_module(title, note, names, weights, f"BAR = {bar}", f"PENALTY = {penalty}")
    (WEAK_WEIGHTS_FILE if weak else WEIGHTS_FILE).write_text(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--write", action="store_true", help="write bid_value_weights.py")
    parser.add_argument("--weak", action="store_true", help="the model of hands under HOPELESS (passed without it)")
    parser.add_argument("--check", type=Path, help="the same deals played out with the real player's cards")
    args = parser.parse_args()
    rows = load(args.data, args.weak)
    report_data(rows)
    report_lone_bids(rows)
    results = cross_validate(rows)
    deals = len({r.deal for r in rows})
    baseline = "passing every one" if args.weak else "the search's own choice"
    print(f"\ncross-validated gain over {baseline} ({FOLDS} folds by deal), points per deal:")
    for (penalty, b), gains in sorted(results.items()):
        mean, half = fitting.mean_half(gains)
        n = len(gains)
        print(f"  penalty {penalty:6}  bar {b:+.1f}: {mean * n / deals:+.4f} ± {half * n / deals:.4f}")
    penalty, b = max(results, key=lambda k: sum(results[k]))
    weights = ridge(rows, penalty)
    print(f"\nchosen: penalty {penalty}, bar {b}; weights on all {len(rows)} decisions:")
    for name, w in zip(WEAK_FEATURES if args.weak else FEATURES, weights, strict=True):
        print(f"  {name:16}{w:+.4f}")
    if args.check:
        check_against(rows, load([args.check]), weights, b)
    if args.write:
        sources = ", ".join(sorted({p.name for p in args.data}))
        note = f"Fitted on {len(rows)} decisions of {deals} deals ({sources}); penalty {penalty}, bar {b}."
        write_weights(weights, b, penalty, note, args.weak)
        print(f"wrote {WEAK_WEIGHTS_FILE if args.weak else WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
