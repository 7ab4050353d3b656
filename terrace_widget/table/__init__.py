"""The table in Jupyter: the anywidget `TerraceWidget`, the session behind it and the
bundled front end (`static/`).

Knows: everything below the studies. Must not import studies, agents or lessons.
"""
