"""Fit the learned lead model (``euchre_qt/engine/ai/lead_value.py``) and write its weights.

    python scripts/lead_model_data.py --seed 9201 --deals 6000 --out lead_data.jsonl
    python scripts/train_lead_model.py lead_data.jsonl [--write]

Reads the leads ``lead_model_data.py`` wrote (each early lead with every legal card played
out from the same position by honest players) and fits a ridge regression of what the
search's figure missed: for each card other than the one chosen, its real outcome less
the chosen card's, less the same difference in the search's figures, on the difference
in the cards' facts (``lead_value.feature_values``) and in the search's figures (so the
model may also trust them less). The penalty is chosen by cross-validation, the folds by
deal: for each, the points the leads would have scored had the corrected figures chosen,
against the player's own choice, read from the real outcomes of every card. ``--write``
writes ``lead_value_weights.py``. Pure Python, no randomness: the same data give the same
weights.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fitting

from euchre_qt.engine.ai import lead_value

FACTS = (
    "dd",  # the search's own figure: its weight is how much less than fully to trust it
    "trump",
    "trump_makers",
    "trump_first",
    "boss_makers",
    "boss_defenders",
    "higher_out_makers",
    "higher_out_defenders",
    "ace_makers",
    "ace_defenders",
    "low_makers",
    "low_defenders",
    "low_partner_made",
    "same_suit_makers",
    "same_suit_defenders",
    "next_makers",
    "next_defenders",
    "led_before_makers",
    "led_before_defenders",
    "suit_out",
)
PENALTIES = (100.0, 1000.0, 10000.0, 30000.0, 100000.0, 300000.0, 1000000.0, 3000000.0)
FOLDS = 5
WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "euchre_qt" / "engine" / "ai" / "lead_value_weights.py"


class Lead:
    """One early lead: each legal card's inputs, search figure and real outcome."""

    def __init__(self, line: dict[str, object]) -> None:
        cards: dict[str, dict[str, object]] = line["cards"]  # type: ignore[assignment]
        self.deal: tuple[int, int] = (int(line["seed"]), int(line["deal"]))  # type: ignore[call-overload]
        self.table = str(line["table"])
        self.trick = int(line["trick"])  # type: ignore[call-overload]
        self.names = list(cards)
        self.chosen = self.names.index(str(line["chosen"]))
        self.x: list[list[float]] = []
        self.dd: list[float] = []
        self.points: list[float] = []
        for card in cards.values():
            facts: dict[str, float] = dict(card["facts"])  # type: ignore[call-overload]
            facts["dd"] = float(card["dd"])  # type: ignore[arg-type]
            values = lead_value.feature_values(facts)
            self.x.append([values[name] for name in FACTS])
            self.dd.append(facts["dd"])
            self.points.append(float(card["points"]))  # type: ignore[arg-type]

    def pairs(self) -> list[tuple[list[float], float]]:
        """Each other card against the chosen one: the inputs' difference, and the real
        difference less the search's (what the model learns to predict)."""
        c = self.chosen
        return [
            (
                [a - b for a, b in zip(self.x[i], self.x[c], strict=True)],
                (self.points[i] - self.points[c]) - (self.dd[i] - self.dd[c]),
            )
            for i in range(len(self.names))
            if i != c
        ]

    def choice(self, weights: Sequence[float]) -> int:
        """The card the corrected figures choose (the player's own on a tie)."""
        values = [self.dd[i] + predict(weights, self.x[i]) for i in range(len(self.names))]
        best = max(values)
        return self.chosen if values[self.chosen] >= best - 1e-9 else values.index(best)


def predict(weights: Sequence[float], x: Sequence[float]) -> float:
    return sum(w * v for w, v in zip(weights, x, strict=True))


def load(paths: Sequence[Path]) -> list[Lead]:
    return [Lead(json.loads(line)) for path in paths for line in path.open() if line.strip()]


def equations(leads: Sequence[Lead]) -> tuple[list[list[float]], list[float]]:
    rows = [pair for lead in leads for pair in lead.pairs()]
    return fitting.normal_equations([x for x, _ in rows], [y for _, y in rows])


def fit(leads: Sequence[Lead], penalty: float) -> list[float]:
    a, b = equations(leads)
    return fitting.solve_ridge(a, b, 0, penalty)


def gains(leads: Sequence[Lead], weights: Sequence[float]) -> list[float]:
    """Per lead: what the corrected choice really scored over the player's own."""
    return [lead.points[lead.choice(weights)] - lead.points[lead.chosen] for lead in leads]


def fold(lead: Lead) -> int:
    return (lead.deal[0] * 1_000_003 + lead.deal[1]) % FOLDS


def cross_validate(leads: Sequence[Lead]) -> dict[float, tuple[list[float], list[Lead]]]:
    """For each penalty, the gain of each held-out lead (folds by deal), with the leads in that order."""
    out: dict[float, tuple[list[float], list[Lead]]] = {p: ([], []) for p in PENALTIES}
    folds = [[lead for lead in leads if fold(lead) == f] for f in range(FOLDS)]
    sums = [equations(held) for held in folds]
    for f, held in enumerate(folds):
        # the other folds' equations: their sums
        a = [
            [sum(s[0][i][j] for g, s in enumerate(sums) if g != f) for j in range(len(FACTS))]
            for i in range(len(FACTS))
        ]
        b = [sum(s[1][i] for g, s in enumerate(sums) if g != f) for i in range(len(FACTS))]
        for penalty in PENALTIES:
            found, order = out[penalty]
            found += gains(held, fitting.solve_ridge(a, b, 0, penalty))
            order += held
    return out


def per_deal(values: Sequence[float], leads: Sequence[Lead], deals: int) -> tuple[float, float]:
    """A gain per lead as points per deal, its interval from the deals' sums (a deal's leads are not independent)."""
    sums: dict[tuple[int, int], float] = {}
    for v, lead in zip(values, leads, strict=True):
        sums[lead.deal] = sums.get(lead.deal, 0.0) + v
    totals = [*sums.values(), *([0.0] * (deals - len(sums)))]
    return fitting.mean_half(totals)


def report_data(leads: Sequence[Lead]) -> None:
    """How far the search's figures for the other cards missed their real outcomes, by table and trick."""
    deals = len({lead.deal for lead in leads})
    print(f"{len(leads)} early leads from {deals} deals")
    groups: dict[str, list[Lead]] = {"all": list(leads)}
    for lead in leads:
        groups.setdefault(f"table {lead.table}", []).append(lead)
        groups.setdefault(f"trick {lead.trick + 1}", []).append(lead)
    print(f"{'':16}{'leads':>7}{'real - search, other cards':>30}{'chosen was best (real)':>25}{'hindsight':>16}")
    for name, group in groups.items():
        misses = [y for lead in group for _, y in lead.pairs()]
        miss, half = fitting.mean_half(misses)
        best = sum(1 for lead in group if lead.points[lead.chosen] >= max(lead.points)) / len(group)
        # the best card on the true deal, known only afterwards: a bound on what any lead could gain
        regret, regret_half = fitting.mean_half([max(lead.points) - lead.points[lead.chosen] for lead in group])
        print(f"{name:16}{len(group):7}{miss:+22.3f} ± {half:.3f}{best:24.1%}{regret:+10.3f} ± {regret_half:.3f}")


def write_weights(weights: Sequence[float], note: str) -> None:
    title = "The learned lead model's weights (``lead_value``), written by ``scripts/train_lead_model.py``."
    WEIGHTS_FILE.write_text(fitting.weights_module(title, note, FACTS, weights))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--write", action="store_true", help="write lead_value_weights.py")
    args = parser.parse_args()
    leads = load(args.data)
    deals = len({lead.deal for lead in leads})
    report_data(leads)
    results = cross_validate(leads)
    print(f"\ncross-validated gain over the player's own leads ({FOLDS} folds by deal), points per deal:")
    for penalty, (found, order) in results.items():
        mean, half = per_deal(found, order, deals)
        changed = sum(1 for g in found if g != 0.0)
        by_table = []
        for table in ("advanced", "novice"):
            kept = [(g, lead) for g, lead in zip(found, order, strict=True) if lead.table == table]
            table_deals = len({lead.deal for _, lead in kept})
            m, h = per_deal([g for g, _ in kept], [lead for _, lead in kept], table_deals)
            by_table.append(f"{table} {m:+.4f} ± {h:.4f}")
        tables = ", ".join(by_table)
        print(f"  penalty {penalty:8}: {mean:+.4f} ± {half:.4f} ({changed} leads scored otherwise; {tables})")
    penalty = max(results, key=lambda p: sum(results[p][0]))
    weights = fit(leads, penalty)
    print(f"\nchosen: penalty {penalty}; weights on all {len(leads)} leads:")
    for name, w in zip(FACTS, weights, strict=True):
        print(f"  {name:22}{w:+.4f}")
    if args.write:
        sources = ", ".join(sorted({p.name for p in args.data}))
        write_weights(weights, f"Fitted on {len(leads)} leads of {deals} deals ({sources}); penalty {penalty}.")
        print(f"wrote {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
