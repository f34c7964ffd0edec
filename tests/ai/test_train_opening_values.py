"""The opening-lead model's training script: its data read back, a fit that learns, and the
weights it writes computing in plain Python what numpy computed."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

from tests.scripts import load_script

np = pytest.importorskip("numpy")

ROOT = Path(__file__).resolve().parents[2]
train = load_script(ROOT / "scripts" / "train_opening_values.py", "train_opening_values")
data_script = load_script(ROOT / "scripts" / "opening_values_data.py", "opening_values_data")


def test_the_data_scripts_lines_are_read_back_as_they_were_written(tmp_path: Path) -> None:
    records = data_script.deal_records(9401, 0, 64, False)
    assert len(records) == 1
    facts = train.facts_from(json.loads(json.dumps(records[0]["facts"])))
    opening = data_script.opening_view(9401, 0, False)
    assert opening is not None
    assert facts == data_script.OpeningFacts.of(opening[0])
    assert set(records[0]["values"]) == {str(c) for c in facts.hand}


def synthetic(path: Path, count: int) -> None:
    """Leads where an ace is worth a point more than any other card."""
    rng = np.random.default_rng(5)
    deck = [f"{r}{s}" for s in "CDHS" for r in "9TJQKA"]
    with path.open("w") as out:
        for deal in range(count):
            hand = [deck[i] for i in rng.choice(24, 5, replace=False)]
            facts = {
                "hand": hand,
                "up_card": next(c for c in deck if c not in hand),
                "round_two": False,
                "trump": "H",
                "maker": int(rng.integers(4)),
                "dealer": 3,
                "alone": False,
                "defending_alone": False,
                "stuck_dealer": False,
                "our_score": 0.0,
                "their_score": 0.0,
            }
            values = {c: (1.0 if c[0] == "A" else 0.0) for c in hand}
            out.write(json.dumps({"seed": 1, "deal": deal, "facts": facts, "values": values}) + "\n")


def test_a_fit_learns_and_its_weights_compute_alike_in_plain_python(tmp_path: Path) -> None:
    path = tmp_path / "leads.jsonl"
    synthetic(path, 600)
    data = train.Data([path])
    net = train.fit(data.x, data.t, data.m, 16, 30, 1, 1e-4)
    pred = net.centred(data.x, data.m)
    assert float(((pred - data.t) ** 2).sum() / len(data.x)) < 0.1 * float((data.t**2).sum() / len(data.x))
    weights = tmp_path / "weights.py"
    train.write(net, weights, "a test")
    written = runpy.run_path(str(weights))
    module = train.opening_values
    saved = {name: getattr(module, name) for name in ("HIDDEN_BIAS", "HIDDEN_WEIGHTS", "OUTPUT_BIAS", "OUTPUT_WEIGHTS")}
    try:
        for name in saved:
            setattr(module, name, written[name])
        row = 7
        ones = [i for i in range(len(data.x[row])) if data.x[row][i] == 1.0]
        scores = [(i, float(v)) for i, v in enumerate(data.x[row]) if v not in (0.0, 1.0)]
        plain = module._network(ones, scores)
        assert plain == pytest.approx(list(net.forward(data.x[row : row + 1])[1][0]), abs=1e-4)
    finally:
        for name, value in saved.items():
            setattr(module, name, value)


def test_each_opening_lead_is_read_once(tmp_path: Path) -> None:
    """(The lent machine's second run appended to the first run's files: its leads came twice.)"""
    path = tmp_path / "leads.jsonl"
    synthetic(path, 50)
    again = tmp_path / "again.jsonl"
    again.write_text(path.read_text() * 2)
    assert len(train.Data([path, again]).x) == 50
