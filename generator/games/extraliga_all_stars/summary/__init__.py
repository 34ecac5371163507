"""Extraliga All-Stars' rules summary and rulebook tables, in the project's own words."""
