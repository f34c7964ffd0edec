"""The card table: a QGraphicsScene laid out in card-width units, and its view."""
