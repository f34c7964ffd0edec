"""Fits the learned opening-lead figures (``euchre_qt/engine/ai/opening_values.py``).

    python scripts/train_opening_values.py opening.jsonl [more.jsonl.gz ...] [--hidden 64]
        [--epochs 40] [--seed 1] [--write]

Reads ``scripts/opening_values_data.py``'s lines (plain or gzipped) and fits the network to
each hand's figures from the search, less the hand's average (only the differences between
a hand's cards matter): mean squared error over the five cards, Adam, mini-batches, numpy
in float64. A tenth of the deals (chosen by deal number) is held out and reported: how
often the network's best card is the search's best, and what its choice costs by the
search's own figures. ``--write`` fits again on every deal and writes the weights into
``opening_values_weights.py``. The same data, options and numpy give the same weights.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine.ai import opening_values
from euchre_qt.engine.ai.opening_values import CARDS, INPUTS, OpeningFacts, card_numbers, inputs
from euchre_qt.engine.cards import Card, Suit

Array = npt.NDArray[np.float64]
WEIGHTS_FILE = Path(opening_values.__file__).with_name("opening_values_weights.py")


def facts_from(record: dict[str, object]) -> OpeningFacts:
    """``opening_values_data.facts_record`` read back."""
    hand = record["hand"]
    assert isinstance(hand, list)
    return OpeningFacts(
        hand=tuple(Card.parse(c) for c in hand),
        up_card=Card.parse(str(record["up_card"])),
        joker=bool(record.get("joker", False)),  # the first runs' lines have no joker
        round_two=bool(record["round_two"]),
        trump=Suit.parse(str(record["trump"])),
        maker=int(str(record["maker"])),
        dealer=int(str(record["dealer"])),
        alone=bool(record["alone"]),
        defending_alone=bool(record["defending_alone"]),
        stuck_dealer=bool(record["stuck_dealer"]),
        our_score=float(str(record["our_score"])),
        their_score=float(str(record["their_score"])),
    )


def _lines(paths: Sequence[Path]) -> Iterator[dict[str, object]]:
    """Each opening lead once: a file given twice, or a run appended to another's file, adds
    nothing (a lead is its seed, deal and rules)."""
    seen: set[tuple[object, ...]] = set()
    for path in paths:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt") as lines:
            for line in lines:
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:  # a run cut short mid-line
                    continue
                key = (record.get("seed"), record.get("deal"), record.get("rules"))
                if key not in seen:
                    seen.add(key)
                    yield record


class Data:
    """The inputs, the centred figures (0 off the hand) and which outputs are the hand's."""

    def __init__(self, paths: Sequence[Path]) -> None:
        rows: list[Array] = []
        targets: list[Array] = []
        masks: list[Array] = []
        deals: list[int] = []
        for record in _lines(paths):
            facts_json = record["facts"]
            assert isinstance(facts_json, dict)
            facts = facts_from(facts_json)
            numbers = card_numbers(facts)
            ones, scores = inputs(facts)
            x = np.zeros(INPUTS)
            x[ones] = 1.0
            for i, value in scores:
                x[i] = value
            values = record["values"]
            assert isinstance(values, dict)
            t = np.zeros(CARDS)
            m = np.zeros(CARDS)
            for card, value in values.items():
                t[numbers[Card.parse(card)]] = value
                m[numbers[Card.parse(card)]] = 1.0
            t[m > 0] -= t[m > 0].mean()
            rows.append(x)
            targets.append(t)
            masks.append(m)
            deals.append(int(str(record["deal"])) * 31 + int(str(record["seed"])))
        self.x = np.array(rows)
        self.t = np.array(targets)
        self.m = np.array(masks)
        self.deal = np.array(deals)

    def part(self, keep: npt.NDArray[np.bool_]) -> tuple[Array, Array, Array]:
        return self.x[keep], self.t[keep], self.m[keep]


class Network:
    """One hidden layer of ReLUs; outputs a figure for each of the 24 cards."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = rng.normal(0.0, (2.0 / INPUTS) ** 0.5, (INPUTS, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, (1.0 / hidden) ** 0.5, (hidden, CARDS))
        self.b2 = np.zeros(CARDS)

    def params(self) -> list[Array]:
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, x: Array) -> tuple[Array, Array]:
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        return h, h @ self.w2 + self.b2

    def centred(self, x: Array, m: Array) -> Array:
        out = self.forward(x)[1]
        centred: Array = (out - ((out * m).sum(1) / m.sum(1))[:, None]) * m
        return centred

    def gradients(self, x: Array, t: Array, m: Array) -> tuple[float, list[Array]]:
        h, out = self.forward(x)
        count = m.sum(1)[:, None]
        centred = (out - (out * m).sum(1, keepdims=True) / count) * m
        err = centred - t
        n = len(x)
        loss = float((err**2).sum() / n)
        g = 2.0 * err / n
        g_out = (g - g.sum(1, keepdims=True) / count) * m
        g_w2 = h.T @ g_out
        g_b2 = g_out.sum(0)
        g_h = (g_out @ self.w2.T) * (h > 0)
        return loss, [x.T @ g_h, g_h.sum(0), g_w2, g_b2]


def fit(x: Array, t: Array, m: Array, hidden: int, epochs: int, seed: int, decay: float) -> Network:
    rng = np.random.default_rng(seed)
    net = Network(hidden, rng)
    params = net.params()
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    step = 0
    rate, batch = 3e-3, 256
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        if epoch == epochs * 3 // 4:
            rate /= 4
        for start in range(0, len(x), batch):
            pick = order[start : start + batch]
            _, grads = net.gradients(x[pick], t[pick], m[pick])
            step += 1
            for p, g, a, b in zip(params, grads, first, second, strict=True):
                if p.ndim == 2:
                    g = g + decay * p
                a *= 0.9
                a += 0.1 * g
                b *= 0.999
                b += 0.001 * g * g
                p -= rate * (a / (1 - 0.9**step)) / (np.sqrt(b / (1 - 0.999**step)) + 1e-8)
    return net


def report(name: str, net: Network, x: Array, t: Array, m: Array) -> None:
    pred = net.centred(x, m)
    loss = float(((pred - t) ** 2).sum() / len(x))
    floor = float((t**2).sum() / len(x))  # a network that says every card is alike
    masked = np.where(m > 0, pred, -np.inf)
    chosen = masked.argmax(1)
    best = np.where(m > 0, t, -np.inf).argmax(1)
    rows = np.arange(len(x))
    cost = t[rows, best] - t[rows, chosen]
    print(
        f"{name}: {len(x)} leads, squared error {loss:.4f} (all alike {floor:.4f}); the search's best "
        f"card chosen {np.mean(chosen == best):.1%}; cost by the search's figures "
        f"{cost.mean():.4f} +- {1.96 * cost.std() / len(x) ** 0.5:.4f} points a lead"
    )


def write(net: Network, path: Path, about: str) -> None:
    def row(values: Array, indent: str) -> list[str]:
        numbers = textwrap.wrap(", ".join(f"{v:.6g}" for v in values) + ",", 100)
        return [f"{indent}(", *(f"{indent}    {line}" for line in numbers), f"{indent})"]

    def table(name: str, rows: Array) -> list[str]:
        lines = [f"{name}: tuple[tuple[float, ...], ...] = ("]
        for r in rows:
            lines += row(r, "    ")
            lines[-1] += ","
        return [*lines, ")"]

    lines = [
        '"""The learned opening-lead figures\' weights (``opening_values``), written by',
        f"``scripts/train_opening_values.py``: {about}.",
        '"""',
        "",
        "# fmt: off",
        "HIDDEN_BIAS: tuple[float, ...] = (",
        *row(net.b1, "")[1:],
        *table("HIDDEN_WEIGHTS", net.w1),
        "OUTPUT_BIAS: tuple[float, ...] = (",
        *row(net.b2, "")[1:],
        *table("OUTPUT_WEIGHTS", net.w2),
        "# fmt: on",
        "",
    ]
    path.write_text("\n".join(lines))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", type=Path, nargs="+")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--decay", type=float, default=1e-4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="fit on every deal and write the weights")
    args = parser.parse_args(argv)
    data = Data(args.data)
    held = data.deal % 10 == 0
    print(f"{len(data.x)} opening leads, {int(held.sum())} held out")
    net = fit(*data.part(~held), args.hidden, args.epochs, args.seed, args.decay)
    report("fitted on", net, *data.part(~held))
    report("held out", net, *data.part(held))
    if args.write:
        everything = np.ones(len(data.x), dtype=bool)
        net = fit(*data.part(everything), args.hidden, args.epochs, args.seed, args.decay)
        report("all, refitted", net, *data.part(everything))
        about = f"{len(data.x)} opening leads, {args.hidden} hidden, {args.epochs} epochs, seed {args.seed}"
        write(net, WEIGHTS_FILE, about)
        print(f"wrote {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
