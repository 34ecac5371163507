"""Extraliga All-Stars: the rules plug-in of the Czech hockey drafting game: lineups, bonuses,
exact match odds, whole seasons with bots, the summary and tables."""
