"""The learned bid model's weights (``bid_value``), written by ``scripts/train_bid_model.py``.

Fitted on 14693 decisions of 6722 deals (quick_9001.jsonl); penalty 300.0, bar 0.0.
"""

FEATURES: tuple[str, ...] = (
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
    -0.578118,  # r1s0
    -0.623277,  # r1s1
    -0.677697,  # r1s2
    -0.688611,  # r1s3
    -0.473595,  # r2s0
    -0.686635,  # r2s1
    -0.517978,  # r2s2
    -0.499368,  # r2s3
    0.665669,  # edge
    0.002482,  # edge_r2
    0.316798,  # edge_alone
    -0.053868,  # bid_points
    -0.110918,  # make_rate
    -0.243508,  # alone
    0.078873,  # up_jack_to_us
    0.082437,  # up_jack_to_them
    -0.110398,  # next
    0.117878,  # trumps
    0.076280,  # trumps_r2
    0.080119,  # right
    -0.114578,  # left
    -0.053940,  # trump_ace
    0.027835,  # trump_king
    0.016203,  # off_aces
    0.086832,  # voids
    0.017904,  # singletons
    0.034841,  # own
    0.127264,  # we_close
    -0.004991,  # they_close
)
BAR = 0.0
PENALTY = 300.0
