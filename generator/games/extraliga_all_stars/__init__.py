"""Extraliga All-Stars: the rules engine of the second game (in progress: lineups and match odds)."""
