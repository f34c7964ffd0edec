"""The learned bid model's weights (``bid_value``), written by ``scripts/train_bid_model.py``."""

# Before training: the search's own edge, with the player's usual bar.
FEATURES: tuple[str, ...] = ("edge",)
WEIGHTS: tuple[float, ...] = (1.0,)
BAR = 0.5
