"""Measurements over many deals: winnability runs and their cache, the tip study,
and the figures the notebooks draw.

Knows: everything below it. Must not import the table, agents or lessons.
"""
