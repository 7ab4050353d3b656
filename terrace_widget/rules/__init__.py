"""The rules and the engine: cards, the rules of every game as data (`variants`),
moves, dealing, the legal moves and their effect (`engine`), hints and refusals,
and the bounds on input (`limits`).

Knows: nothing else of the package. Must not import any other subpackage.
"""
