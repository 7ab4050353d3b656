"""Programs that play: a Gymnasium-style environment and its Gymnasium wrapper.

Knows: every layer below. Must not import lessons.
"""
