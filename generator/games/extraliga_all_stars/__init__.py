"""Extraliga All-Stars: the rules engine of the second game (in progress: lineups, bonuses and
match odds)."""
