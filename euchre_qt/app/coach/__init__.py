"""The coach: a note beside the table after a mistake or a blunder, graded as the review grades."""
