"""Bots playing whole games: the simulation driver, its statistics and reports, sweeps of many
variants, and the helper that compiles a game's kernels."""
