"""What is kept across games: the statistics, their dialog, and the game log."""
