"""The rules plug-ins that ship with draftdeck, one package per game.

Nothing outside a game's own package imports it: draftdeck reaches each
through the `draftdeck.games` entry point its `plugin.py` is published under.
"""
