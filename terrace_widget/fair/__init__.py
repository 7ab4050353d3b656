"""What a person may know: players, tips, the Coach and the fair value of a position.
Everything here judges from `Game.observation()` alone (twin tests prove it); a
look-ahead player may run the search on worlds it samples.

Knows: `rules`, `game`, `search`. Must not import studies, the table or agents.
"""
