"""The learned lead model's weights (``lead_value``), written by ``scripts/train_lead_model.py``.

Fitted on 34726 leads of 14812 deals (``lead_model_data.py --seed 9201``, deals from 0 and
from 100000, two processes stopped after 40 minutes); penalty 100000.0. Cross-validated, its
choices would have scored +0.009 +- 0.011 points a deal over the player's own: off by
default (``advanced.LEAD_MODEL``).
"""

FEATURES: tuple[str, ...] = (
    "dd",
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
WEIGHTS: tuple[float, ...] = (
    -0.021068,  # dd
    -0.004603,  # trump
    -0.007774,  # trump_makers
    -0.001331,  # trump_first
    -0.008366,  # boss_makers
    -0.006636,  # boss_defenders
    0.010636,  # higher_out_makers
    0.014748,  # higher_out_defenders
    -0.000558,  # ace_makers
    -0.002008,  # ace_defenders
    -0.000166,  # low_makers
    0.000191,  # low_defenders
    0.000814,  # low_partner_made
    -0.001957,  # same_suit_makers
    -0.000453,  # same_suit_defenders
    0.003588,  # next_makers
    -0.000193,  # next_defenders
    -0.001256,  # led_before_makers
    -0.001098,  # led_before_defenders
    0.002900,  # suit_out
)
