"""The all-seeing search: the solver, the hints and explanations built on it, and
Solvitaire's deal format.

Knows: `rules`, `game`. Must not import the fair layer, studies, the table or agents.
"""
