"""`draftdeck sweep`: many variants of a game's data, each played against the base.

A sweep file (`schemas/sweep.schema.json`) names the game, the settings of
the games and the variants, each a few edits of the pack's data files.
`spec` reads it; `edits` makes each variant's data, checked as `validate`
checks a pack; `run` plays every variant with the base's seeds on a pool of
workers (a Dask cluster), caching each finished variant by its data's hash;
`report` compares each variant with the base game by game.
"""
