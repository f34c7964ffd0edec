"""Looking back: the last trick, the hands of the game, each decision graded, and a deal played again."""
