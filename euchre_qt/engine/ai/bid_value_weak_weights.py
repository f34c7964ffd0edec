"""The learned bid model's weights for hands under HOPELESS (``bid_value``), written by ``scripts/train_bid_model.py``.

Fitted on 13639 decisions of 10328 deals (weak_9101.jsonl, weak_9101_b.jsonl); penalty 3.0, bar 0.0.
"""

FEATURES: tuple[str, ...] = (
    "const",
    "r1s0",
    "r1s1",
    "r1s2",
    "r1s3",
    "r2s0",
    "r2s1",
    "r2s2",
    "r2s3",
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
WEIGHTS: tuple[float, ...] = (
    1.084761,  # const
    -0.457363,  # r1s0
    -0.027740,  # r1s1
    -0.437425,  # r1s2
    -0.786011,  # r1s3
    0.481333,  # r2s0
    0.795123,  # r2s1
    -0.257820,  # r2s2
    0.689904,  # r2s3
    0.496604,  # edge
    0.804308,  # edge_r2
    0.000000,  # edge_alone
    0.198099,  # bid_points
    -1.904807,  # make_rate
    0.000000,  # alone
    0.055035,  # up_jack_to_us
    0.021905,  # up_jack_to_them
    -0.146796,  # next
    0.104021,  # trumps
    -0.317224,  # trumps_r2
    -0.164320,  # right
    -0.167687,  # left
    -0.099192,  # trump_ace
    -0.060577,  # trump_king
    -0.008240,  # off_aces
    -0.127844,  # voids
    -0.046505,  # singletons
    0.077439,  # own
    -0.001657,  # we_close
    -0.054514,  # they_close
)
BAR = 0.0
PENALTY = 3.0
